package io.onelite.plan;

import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;

/** Runs test code on a thread of a given stack size (nesting is recursion in Java), rethrowing what it throws. */
final class OnThread {
    private OnThread() {
    }

    /** Code that returns nothing. */
    interface Body {
        void run() throws Exception;
    }

    static void run(long stackBytes, Body body) throws Exception {
        call(stackBytes, () -> {
            body.run();
            return null;
        });
    }

    static <T> T call(long stackBytes, Callable<T> body) throws Exception {
        AtomicReference<T> result = new AtomicReference<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread t = new Thread(null, () -> {
            try {
                result.set(body.call());
            } catch (Throwable e) {
                failure.set(e);
            }
        }, "test-stack-" + stackBytes, stackBytes);
        t.start();
        t.join();
        if (failure.get() instanceof Exception e) {
            throw e;
        }
        if (failure.get() instanceof Error e) {
            throw e;
        }
        return result.get();
    }
}
