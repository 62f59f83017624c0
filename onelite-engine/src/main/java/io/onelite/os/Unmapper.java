package io.onelite.os;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;

/**
 * Unmaps a {@link MappedByteBuffer} at once ({@code sun.misc.Unsafe.invokeCleaner}, module
 * {@code jdk.unsupported}) instead of when the collector frees it: a deleted {@code -shm} that
 * stays mapped keeps its file alive in the kernel, and creating the next one gets slower with
 * their number (docs/performance-history.md, "Opening a database").
 *
 * <p>Any access through the buffer afterwards crashes the JVM, so callers unmap only what no
 * thread can still reach ({@link ShmRegion} counts the threads inside). Where the JDK does not
 * offer the call, {@link #unmap} does nothing and the collector unmaps as before.
 */
final class Unmapper {
    private static final MethodHandle INVOKE_CLEANER = find();

    private Unmapper() {
    }

    private static MethodHandle find() {
        try {
            Class<?> unsafe = Class.forName("sun.misc.Unsafe");
            java.lang.reflect.Field f = unsafe.getDeclaredField("theUnsafe");
            f.setAccessible(true);
            return MethodHandles.lookup()
                    .findVirtual(unsafe, "invokeCleaner", MethodType.methodType(void.class, ByteBuffer.class))
                    .bindTo(f.get(null));
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    /** Whether {@link #unmap} unmaps (false: the collector will). */
    static boolean available() {
        return INVOKE_CLEANER != null;
    }

    /** Unmaps {@code b} now if possible; a buffer that is not a mapping of its own (a slice, a test's double) is left to the collector. */
    static void unmap(MappedByteBuffer b) {
        if (INVOKE_CLEANER == null || b == null || !b.isDirect()) {
            return;
        }
        try {
            INVOKE_CLEANER.invokeExact((ByteBuffer) b);
        } catch (IllegalArgumentException e) {
            // a duplicate or slice: its memory belongs to another buffer
        } catch (Throwable e) {
            throw new IllegalStateException("unmapping the wal-index failed", e);
        }
    }
}
