package io.onelite.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/** Runs one test body on several threads at once; waits for a thread to park. */
public final class Threads {
    private Threads() {
    }

    /** One thread's part, given its number (0 to threads - 1). */
    public interface Body {
        void run(int thread) throws Exception;
    }

    /** Runs {@code body} on {@code threads} threads at once and waits (two minutes at most) for all of them. */
    public static void run(int threads, Body body) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                futures.add(pool.submit(() -> {
                    body.run(thread);
                    return null;
                }));
            }
            for (Future<?> f : futures) {
                f.get(120, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * Returns once {@code t} waits with a timeout (a writer parked in a queue) or has ended; fails
     * after a minute. A bare spin on the thread's state hung a CI run: a waiter with a short
     * timeout could park, time out and end while the spinning thread was descheduled, and an
     * ended thread never parks again (the spin does not see JUnit's timeout interrupt either).
     */
    public static void awaitParked(Thread t) throws InterruptedException {
        awaitState(t, Thread.State.TIMED_WAITING);
    }

    /** As {@link #awaitParked}, for a thread blocked on a monitor. */
    public static void awaitBlocked(Thread t) throws InterruptedException {
        awaitState(t, Thread.State.BLOCKED);
    }

    private static void awaitState(Thread t, Thread.State state) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
        while (t.getState() != state && t.isAlive()) {
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError(t.getName() + " did not reach " + state + " within a minute: " + t.getState());
            }
            Thread.onSpinWait();
        }
    }
}
