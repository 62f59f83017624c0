package io.onelite.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * The BEGIN CONCURRENT recipe's workload through JDBC, OneLite beside native SQLite in the same
 * run: table {@code orders (id integer primary key, writer int, item text)}, W writers each with
 * its own connection, each running N transactions of one insert plus B µs of application work
 * (CPU spin or sleep), retrying on 517/773 (SQLITE_BUSY_SNAPSHOT / SQLITE_BUSY_TIMEOUT) and, for
 * native SQLite, on SQLITE_BUSY (5) when its busy timeout runs out.
 *
 * <p>Modes: native SQLite {@code BEGIN IMMEDIATE} with {@code busy_timeout} (as users run it),
 * OneLite {@code BEGIN IMMEDIATE}, OneLite {@code BEGIN CONCURRENT}; each on its own fresh file.
 * A transaction's <em>wait</em> is the time it spends in BEGIN and COMMIT, plus the whole time of
 * its failed attempts: what a writer waits for the write lock or for its commit.
 *
 * <pre>
 * usage: ConcurrentWriters [--writers 1,2,4,8] [--per-writer 200] [--work-us 200] [--work-kind sleep|spin]
 *                          [--sync NORMAL|FULL|OFF] [--busy-timeout 30000] [--dir DIR] [--csv FILE] [--png FILE]
 *                          [--warmup 400] (transactions per writer of the warm-up runs, 1 and 2 writers, no work)
 * </pre>
 * This prints; it asserts nothing.
 */
public final class ConcurrentWriters {
    enum Mode {
        NATIVE_IMMEDIATE("native IMMEDIATE", "jdbc:sqlite:", "BEGIN IMMEDIATE"),
        ONELITE_IMMEDIATE("OneLite IMMEDIATE", "jdbc:onelite:", "BEGIN IMMEDIATE"),
        ONELITE_CONCURRENT("OneLite CONCURRENT", "jdbc:onelite:", "BEGIN CONCURRENT");

        final String label;
        final String urlPrefix;
        final String begin;

        Mode(String label, String urlPrefix, String begin) {
            this.label = label;
            this.urlPrefix = urlPrefix;
            this.begin = begin;
        }

        boolean isNative() {
            return urlPrefix.equals("jdbc:sqlite:");
        }
    }

    /** One measured configuration; waits in microseconds. */
    record Result(Mode mode, int writers, double commitsPerSecond, long retries, long p50Us, long p99Us, long maxUs) {
    }

    private final int perWriter;
    private final int workUs;
    private final boolean sleep;
    private final String sync;
    private final int busyTimeoutMs;
    private final Path dir;

    ConcurrentWriters(int perWriter, int workUs, boolean sleep, String sync, int busyTimeoutMs, Path dir) {
        this.perWriter = perWriter;
        this.workUs = workUs;
        this.sleep = sleep;
        this.sync = sync;
        this.busyTimeoutMs = busyTimeoutMs;
        this.dir = dir;
    }

    public static void main(String[] args) throws Exception {
        BenchArgs a = new BenchArgs(args);
        List<Integer> writerCounts = a.getInts("writers", "1,2,4,8");
        String kind = a.get("work-kind", "sleep");
        ConcurrentWriters bench = new ConcurrentWriters(a.getInt("per-writer", 200), a.getInt("work-us", 200),
                kind.equals("sleep"), a.get("sync", "NORMAL").toUpperCase(Locale.ROOT), a.getInt("busy-timeout", 30_000),
                Path.of(a.get("dir", System.getProperty("java.io.tmpdir"))));
        String title = String.format("%d tx per writer, work %d us %s, synchronous=%s, files in %s", bench.perWriter,
                bench.workUs, kind, bench.sync, bench.dir);
        System.out.println("Concurrent writers: " + title);
        System.out.println(BenchArgs.machine());
        // warm-up (JIT of both drivers' paths): without it the first configuration measured, usually
        // 1 writer, pays for compilation (its p99 was 12 ms and its rate a fifth of the next run's)
        int warmup = a.getInt("warmup", 400);
        ConcurrentWriters warm = new ConcurrentWriters(warmup, 0, bench.sleep, bench.sync,
                bench.busyTimeoutMs, bench.dir);
        for (int round = 0; round < 2 && warmup > 0; round++) { // --warmup 0: a cold JVM
            for (Mode m : Mode.values()) {
                warm.run(m, 1);
                warm.run(m, 2);
            }
        }
        List<Result> results = new ArrayList<>();
        for (int w : writerCounts) {
            for (Mode m : Mode.values()) {
                Result r = bench.run(m, w);
                results.add(r);
                System.out.print(format(List.of(r), results, false));
            }
        }
        System.out.println();
        System.out.print(format(results, results, true));
        System.out.println("after the run: " + BenchArgs.machine());
        if (a.has("csv")) {
            writeCsv(results, Path.of(a.get("csv", "writers.csv")));
        }
        if (a.has("png")) {
            Map<String, Map<Integer, Double>> byMode = new LinkedHashMap<>();
            for (Result r : results) {
                byMode.computeIfAbsent(r.mode.label, k -> new LinkedHashMap<>()).put(r.writers, r.commitsPerSecond);
            }
            Charts.writerThroughput(byMode, Path.of(a.get("png", "writers.png")), "Concurrent writers: " + title);
        }
    }

    Result run(Mode mode, int writers) throws Exception {
        Path file = Oltp.freshFile(dir, "writers-" + mode.name().toLowerCase(Locale.ROOT) + "-");
        String url = mode.urlPrefix + file + (mode.isNative() ? ""
                : "?synchronous=" + sync.toLowerCase(Locale.ROOT) + "&busy_timeout=" + busyTimeoutMs);
        List<Connection> conns = new ArrayList<>();
        try {
            for (int w = 0; w < writers; w++) {
                Connection c = DriverManager.getConnection(url);
                try (Statement s = c.createStatement()) {
                    if (mode.isNative()) {
                        s.execute("PRAGMA journal_mode=WAL");
                        s.execute("PRAGMA synchronous=" + sync);
                        s.execute("PRAGMA busy_timeout=" + busyTimeoutMs);
                    }
                    if (w == 0) {
                        s.execute("create table orders (id integer primary key, writer int, item text)");
                    }
                }
                conns.add(c);
            }
            long[][] waits = new long[writers][perWriter];
            AtomicLong retries = new AtomicLong();
            List<Thread> threads = new ArrayList<>();
            Throwable[] failure = new Throwable[1];
            long start = System.nanoTime();
            for (int w = 0; w < writers; w++) {
                Connection c = conns.get(w);
                int writer = w;
                Thread t = new Thread(() -> {
                    try {
                        writerLoop(c, mode, writer, waits[writer], retries);
                    } catch (Throwable e) {
                        synchronized (failure) {
                            failure[0] = e;
                        }
                    }
                }, "writer-" + w);
                threads.add(t);
                t.start();
            }
            for (Thread t : threads) {
                t.join();
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            if (failure[0] != null) {
                throw new IllegalStateException(mode.label + " with " + writers + " writers failed", failure[0]);
            }
            try (Statement s = conns.get(0).createStatement(); ResultSet r = s.executeQuery("select count(*) from orders")) {
                r.next();
                if (r.getLong(1) != (long) writers * perWriter) {
                    throw new IllegalStateException(mode.label + ": expected " + writers * perWriter + " rows, found "
                            + r.getLong(1));
                }
            }
            long[] all = Arrays.stream(waits).flatMapToLong(Arrays::stream).sorted().toArray();
            return new Result(mode, writers, writers * perWriter / seconds, retries.get(), percentile(all, 0.50),
                    percentile(all, 0.99), all[all.length - 1]);
        } finally {
            for (Connection c : conns) {
                c.close();
            }
            Oltp.deleteDb(file);
        }
    }

    private void writerLoop(Connection c, Mode mode, int writer, long[] waits, AtomicLong retries) throws SQLException {
        try (Statement s = c.createStatement();
             PreparedStatement ins = c.prepareStatement("insert into orders (writer, item) values (?, ?)")) {
            for (int i = 0; i < perWriter; i++) {
                long waited = 0;
                while (true) {
                    long t0 = System.nanoTime();
                    long t2 = t0;
                    try {
                        s.execute(mode.begin);
                        long t1 = System.nanoTime();
                        ins.setInt(1, writer);
                        ins.setString(2, "item " + i);
                        ins.executeUpdate();
                        work();
                        t2 = System.nanoTime();
                        s.execute("COMMIT");
                        waited += (t1 - t0) + (System.nanoTime() - t2);
                        break;
                    } catch (SQLException e) {
                        try {
                            s.execute("ROLLBACK");
                        } catch (SQLException ignored) {
                            // a failed COMMIT has rolled back already
                        }
                        int code = e.getErrorCode();
                        if (code != 517 && code != 773 && (code & 0xff) != 5) {
                            throw e;
                        }
                        retries.incrementAndGet();
                        waited += System.nanoTime() - t0;
                    }
                }
                waits[i] = waited / 1000;
            }
        }
    }

    /** Stands in for application work inside the transaction: a sleep (parks) or a CPU spin. */
    private void work() {
        if (workUs <= 0) {
            return;
        }
        if (sleep) {
            LockSupport.parkNanos(workUs * 1000L);
            return;
        }
        long end = System.nanoTime() + workUs * 1000L;
        while (System.nanoTime() < end) {
            Thread.onSpinWait();
        }
    }

    private static long percentile(long[] sorted, double p) {
        int i = (int) Math.ceil(p * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
    }

    private static double nativeRate(List<Result> all, int writers) {
        for (Result r : all) {
            if (r.mode == Mode.NATIVE_IMMEDIATE && r.writers == writers) {
                return r.commitsPerSecond;
            }
        }
        return Double.NaN;
    }

    static String format(List<Result> rows, List<Result> all, boolean header) {
        StringBuilder b = new StringBuilder();
        if (header) {
            b.append(String.format("%7s  %-19s %10s %8s %8s %10s %10s %10s%n", "writers", "mode", "commits/s",
                    "x native", "retries", "wait p50", "wait p99", "wait max"));
        }
        for (Result r : rows) {
            b.append(String.format(Locale.ROOT, "%7d  %-19s %10.0f %8.2f %8d %8.2fms %8.2fms %8.1fms%n", r.writers,
                    r.mode.label, r.commitsPerSecond, r.commitsPerSecond / nativeRate(all, r.writers), r.retries,
                    r.p50Us / 1000.0, r.p99Us / 1000.0, r.maxUs / 1000.0));
        }
        return b.toString();
    }

    static void writeCsv(List<Result> results, Path file) throws IOException {
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(file))) {
            w.println("writers,mode,commits_per_s,ratio_vs_native,retries,wait_p50_us,wait_p99_us,wait_max_us");
            for (Result r : results) {
                w.printf(Locale.ROOT, "%d,\"%s\",%.1f,%.3f,%d,%d,%d,%d%n", r.writers, r.mode.label, r.commitsPerSecond,
                        r.commitsPerSecond / nativeRate(results, r.writers), r.retries, r.p50Us, r.p99Us, r.maxUs);
            }
        }
        System.out.println("wrote " + file);
    }
}
