package io.onelite.data;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/** The {@code sqlite3} shell, run beside this JVM on the test's file, and a small thread harness. */
public final class Sqlite3 {

    private Sqlite3() {
    }

    /** A fresh database file under {@code target/test-databases}. */
    public static Path newDatabase(String prefix) throws IOException {
        Path dir = Files.createTempDirectory(Files.createDirectories(Path.of("target", "test-databases")), prefix);
        return dir.resolve(prefix + "db").toAbsolutePath();
    }

    /** Runs {@code sql} in another process and returns its output, trimmed. */
    public static String run(Path database, String sql) throws Exception {
        Process p = new ProcessBuilder("sqlite3", database.toString(), sql).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        return out;
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
