package io.onelite.common;

import java.util.function.Supplier;

/**
 * Runs work that recurses once per level of a deeply nested statement on a thread of its own with
 * a large stack, while the calling thread waits: how a statement nested as deeply as SQLite
 * allows (expressions 1000 tall, thousands of parentheses) is parsed and planned whatever stack
 * the caller has left (an application server's worker threads have 1 MB, much of it used by the
 * frames below the JDBC call). Only statements found to nest deeply pay the thread's start, some
 * tens of microseconds; the work must not depend on which thread runs it (parsing and planning
 * take no locks and keep nothing per thread).
 */
public final class DeepStack {
    /** Reserved, not committed: only the pages the recursion touches are. */
    static final long STACK_BYTES = 512L << 20;

    private DeepStack() {
    }

    /** A thread started by {@link #call}: work on it may recurse deeply. */
    private static final class DeepThread extends Thread {
        DeepThread(Runnable body) {
            super(null, body, "onelite-deep-stack", STACK_BYTES);
            setDaemon(true);
        }
    }

    /** Whether the current thread is one of {@link #call}'s, with the large stack. */
    public static boolean active() {
        return Thread.currentThread() instanceof DeepThread;
    }

    /**
     * {@code body}'s result, computed on a thread with a large stack (or on this one when it is
     * such a thread already); its exception or error is rethrown here.
     */
    public static <T> T call(Supplier<T> body) {
        if (active()) {
            return body.get();
        }
        Object[] result = new Object[1];
        Throwable[] failure = new Throwable[1];
        Thread t = new DeepThread(() -> {
            try {
                result[0] = body.get();
            } catch (Throwable e) {
                failure[0] = e;
            }
        });
        try {
            t.start();
        } catch (OutOfMemoryError e) {
            throw new OneLiteException(ResultCode.NOMEM, "no thread to be had for a deeply nested statement");
        }
        joinUninterruptibly(t); // start and join order the two threads' memory accesses
        if (failure[0] instanceof RuntimeException e) {
            throw e;
        }
        if (failure[0] instanceof Error e) {
            throw e;
        }
        @SuppressWarnings("unchecked")
        T done = (T) result[0];
        return done;
    }

    /** Waits for {@code t}, which uses the caller's objects meanwhile; an interrupt is kept for later. */
    private static void joinUninterruptibly(Thread t) {
        boolean interrupted = false;
        while (true) {
            try {
                t.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
