package io.onelite.data;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/** Test database files and a small thread harness (the sqlite3 oracle is io.onelite.testing.Sqlite3). */
public final class Harness {

    private Harness() {
    }

    /** A fresh database file under {@code target/test-databases}. */
    public static Path newDatabase(String prefix) throws IOException {
        Path dir = Files.createTempDirectory(Files.createDirectories(Path.of("target", "test-databases")), prefix);
        return dir.resolve(prefix + "db").toAbsolutePath();
    }

    public interface ThreadBody {
        void run(int thread) throws Exception;
    }

    /** Runs {@code body} on {@code threads} threads at once; rethrows the first failure. */
    public static void runThreads(int threads, ThreadBody body) throws Exception {
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
