package io.onelite.os;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The mmapped wal-index ({@code -shm}): 32 KiB blocks, each mapped separately (MAP_SHARED),
 * accessed in native byte order through VarHandles (plain, acquire/release and volatile, as
 * SQLite uses plain accesses, barriers and atomic loads/stores).
 *
 * <p>{@code FileChannel.map} silently grows a short file, so a block is mapped only if the file
 * already covers it, unless the caller may grow the file (the WAL write lock or recovery).
 *
 * <p>Unmapping. {@link #close} unmaps the blocks at once ({@link Unmapper}) rather than leaving
 * them to the collector, which kept deleted {@code -shm} files alive. An access to an unmapped
 * block would crash the JVM, and {@code Connection.abort()} closes the file from another thread
 * while a statement may still be inside the wal-index; so every access happens between
 * {@link #pin} and {@link #unpin} (the wal-index does it around each of its operations), and the
 * blocks are unmapped by whichever of {@link #close} and the last {@link #unpin} comes later.
 * After {@link #close}, {@link #pin} and {@link #block} fail with MISUSE instead.
 */
public final class ShmRegion {
    public static final int BLOCK = 32768;
    private static final VarHandle I32 = MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.nativeOrder());
    private static final VarHandle I64 = MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.nativeOrder());
    private static final VarHandle I16 = MethodHandles.byteBufferViewVarHandle(short[].class, ByteOrder.nativeOrder());

    private final FileDbFile file;
    private final LockAndMap os;
    private volatile MappedByteBuffer[] blocks = new MappedByteBuffer[0];
    /** Threads inside (pinned), plus {@link #CLOSED} once closed: negative from then on. */
    private final AtomicInteger pins = new AtomicInteger();
    private static final int CLOSED = Integer.MIN_VALUE;
    /** Set (under this monitor) when the blocks were unmapped: no block is handed out after it. */
    private boolean unmapped;

    public ShmRegion(FileDbFile file) {
        this(file, file);
    }

    /** A region whose blocks are mapped through {@code os} (a test double around {@code file}, see {@link OsHooks}). */
    public ShmRegion(FileDbFile file, LockAndMap os) {
        this.file = file;
        this.os = os;
    }

    public FileDbFile file() {
        return file;
    }

    /**
     * The mapping of block {@code k}, or null if the file does not cover it and {@code grow} is
     * false. With {@code grow}, the file is first extended by writing a zero byte at the end of
     * every new 4 KiB page (so that the pages are allocated and a full disk fails here, not with
     * SIGBUS later).
     */
    public MappedByteBuffer block(int k, boolean grow) {
        MappedByteBuffer[] b = blocks;
        if (k < b.length && b[k] != null) {
            return b[k];
        }
        synchronized (this) {
            if (unmapped) {
                throw closed();
            }
            b = blocks;
            if (k < b.length && b[k] != null) {
                return b[k];
            }
            long need = (long) (k + 1) * BLOCK;
            long size = file.size();
            if (size < need) {
                if (!grow) {
                    return null;
                }
                byte[] zero = new byte[1];
                for (long p = (size + 4095) / 4096 * 4096 + 4095; p < need; p += 4096) {
                    file.write(p, zero, 0, 1);
                }
                if (file.size() < need) {
                    file.write(need - 1, zero, 0, 1);
                }
            }
            MappedByteBuffer m = os.map((long) k * BLOCK, BLOCK);
            MappedByteBuffer[] nb = java.util.Arrays.copyOf(b, Math.max(b.length, k + 1));
            nb[k] = m;
            blocks = nb;
            return m;
        }
    }

    /**
     * Enters the region: its blocks stay mapped until the matching {@link #unpin}. One atomic
     * increment (two when it fails).
     *
     * @throws OneLiteException MISUSE once the region is closed
     */
    public void pin() {
        if (pins.getAndIncrement() < 0) {
            unpin();
            throw closed();
        }
    }

    /** Leaves the region; the last thread out of a closed region unmaps it. */
    public void unpin() {
        if (pins.decrementAndGet() == CLOSED) {
            unmapNow();
        }
    }

    /**
     * Closes the region: no new {@link #pin}; the blocks are unmapped now if no thread is inside,
     * else by the last {@link #unpin}. Idempotent.
     */
    public void close() {
        while (true) {
            int p = pins.get();
            if (p < 0) {
                return;
            }
            if (pins.compareAndSet(p, p | CLOSED)) {
                if (p == 0) {
                    unmapNow();
                }
                return;
            }
        }
    }

    /** Whether {@link #close} was called. */
    public boolean isClosed() {
        return pins.get() < 0;
    }

    /** Whether the blocks have been unmapped (for tests). */
    public synchronized boolean isUnmapped() {
        return unmapped;
    }

    private synchronized void unmapNow() {
        if (unmapped) {
            return;
        }
        unmapped = true;
        MappedByteBuffer[] b = blocks;
        blocks = new MappedByteBuffer[0];
        for (MappedByteBuffer m : b) {
            Unmapper.unmap(m);
        }
    }

    private static OneLiteException closed() {
        return new OneLiteException(ResultCode.MISUSE, "database is closed");
    }

    /** Forgets every mapping (after the file was truncated by us, before anyone maps it again). */
    public synchronized void unmapAll() {
        blocks = new MappedByteBuffer[0];
    }

    public static int getInt(MappedByteBuffer b, int off) {
        return (int) I32.get(b, off);
    }

    /** A plain 8-byte read at {@code off} (8-aligned, native order). */
    public static long getLong(MappedByteBuffer b, int off) {
        return (long) I64.get(b, off);
    }

    public static void setInt(MappedByteBuffer b, int off, int v) {
        I32.set(b, off, v);
    }

    public static int getIntAcquire(MappedByteBuffer b, int off) {
        return (int) I32.getAcquire(b, off);
    }

    public static void setIntRelease(MappedByteBuffer b, int off, int v) {
        I32.setRelease(b, off, v);
    }

    public static int getU16Acquire(MappedByteBuffer b, int off) {
        return Short.toUnsignedInt((short) I16.getAcquire(b, off));
    }

    public static void setU16Release(MappedByteBuffer b, int off, int v) {
        I16.setRelease(b, off, (short) v);
    }

    public static int getU16(MappedByteBuffer b, int off) {
        return Short.toUnsignedInt((short) I16.get(b, off));
    }

    /** A full memory barrier (SQLite's {@code sqlite3OsShmBarrier}). */
    public static void barrier() {
        VarHandle.fullFence();
    }
}
