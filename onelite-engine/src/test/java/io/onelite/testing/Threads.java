package io.onelite.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/** Runs one test body on several threads at once; the first failure is rethrown. */
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
}
