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
 * A transaction's <em>wait</em> is the time it spends in BEGIN, its insert and COMMIT (all but its
 * work), plus the whole time of its failed attempts: what a writer waits for the write lock (in
 * BEGIN IMMEDIATE, or at the first write of an adaptive BEGIN CONCURRENT) or for its commit.
 *
 * <p>{@code --split} also reads each writer thread's scheduler clock ({@link ThreadClock}) around
 * every wait and prints, for the waits over 1 ms, how their time divides into running on a CPU,
 * runnable without a CPU (the scheduler's share) and blocked (parked: waiting for another thread,
 * such as the lock holder or the group-commit leader). The readings cost a few µs per transaction.
 *
 * <pre>
 * usage: ConcurrentWriters [--writers 1,2,4,8] [--per-writer 200] [--work-us 200] [--work-kind sleep|spin]
 *                          [--sync NORMAL|FULL|OFF] [--busy-timeout 30000] [--dir DIR] [--csv FILE] [--png FILE]
 *                          [--warmup auto|N] (auto: Writers' warm-up, until the JIT compiler has settled;
 *                          N: N transactions per writer of runs with 1 and 2 writers, no work, twice)
 *                          [--split]
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
    record Result(Mode mode, int writers, double commitsPerSecond, long retries, long p50Us, long p99Us, long maxUs,
                  SlowWaits slow) {
    }

    /**
     * The waits over {@link #SLOW_US}: how many, and their mean wall time split into on a CPU,
     * runnable without a CPU and the rest (blocked), in microseconds; null without {@code --split}.
     */
    record SlowWaits(int count, int of, double meanUs, double onCpuUs, double runnableUs) {
        String describe() {
            double blocked = meanUs - onCpuUs - runnableUs;
            return String.format(Locale.ROOT, "waits over 1 ms: %d of %d (%.2f%%), mean %.2f ms: on a cpu %.0f%%,"
                            + " runnable without a cpu %.0f%%, blocked %.0f%%", count, of, 100.0 * count / of,
                    meanUs / 1000, pct(onCpuUs), pct(runnableUs), pct(blocked));
        }

        private double pct(double us) {
            return meanUs == 0 ? 0 : 100 * us / meanUs;
        }
    }

    static final long SLOW_US = 1000;

    private final int perWriter;
    private final int workUs;
    private final boolean sleep;
    private final String sync;
    private final int busyTimeoutMs;
    private final Path dir;
    private boolean split;

    ConcurrentWriters(int perWriter, int workUs, boolean sleep, String sync, int busyTimeoutMs, Path dir) {
        this.perWriter = perWriter;
        this.workUs = workUs;
        this.sleep = sleep;
        this.sync = sync;
        this.busyTimeoutMs = busyTimeoutMs;
        this.dir = dir;
    }

    static final String USAGE = """
            usage: ConcurrentWriters [--writers 1,2,4,8] [--per-writer 200] [--work-us 200] [--work-kind sleep|spin]
                                     [--sync NORMAL|FULL|OFF] [--busy-timeout 30000] [--dir DIR] [--csv FILE] [--png FILE]
                                     [--warmup auto|N] [--split]
              --warmup auto  (default) Writers' warm-up: 8 writers, every mode, no work and CONCURRENT with
                             this work, until the JIT compiles under 5% of a round's time
              --warmup N  transactions per writer of the warm-up runs (1 and 2 writers, no work); 0: a cold JVM
              --split     for the waits over 1 ms: time on a CPU, runnable without a CPU, blocked
            """;

    public static void main(String[] args) throws Exception {
        BenchArgs a = new BenchArgs(args);
        if (a.has("help")) {
            System.out.print(USAGE);
            return;
        }
        List<Integer> writerCounts = a.getInts("writers", "1,2,4,8");
        String kind = a.get("work-kind", "sleep");
        ConcurrentWriters bench = new ConcurrentWriters(a.getInt("per-writer", 200), a.getInt("work-us", 200),
                kind.equals("sleep"), a.get("sync", "NORMAL").toUpperCase(Locale.ROOT), a.getInt("busy-timeout", 30_000),
                Path.of(a.get("dir", System.getProperty("java.io.tmpdir"))));
        bench.split = a.has("split");
        String title = String.format("%d tx per writer, work %d us %s, synchronous=%s, files in %s", bench.perWriter,
                bench.workUs, kind, bench.sync, bench.dir);
        System.out.println("Concurrent writers: " + title);
        System.out.println(BenchArgs.machine());
        // warm-up (JIT of both drivers' paths): without it the first configuration measured, usually
        // 1 writer, pays for compilation (its p99 was 12 ms and its rate a fifth of the next run's),
        // and a fixed short one left the JIT compiling through the runs (a core taken from them)
        boolean settledWarmUp = a.get("warmup", "auto").equals("auto");
        if (settledWarmUp) {
            Writers.sleepWork(bench.sleep);
            WritersJdbc.WarmUp w = WritersJdbc.warmUp("auto", List.of(bench.workUs), 8,
                    io.onelite.common.Synchronous.valueOf(bench.sync), bench.dir);
            System.out.println("warm-up: " + w.description());
        }
        int warmup = settledWarmUp ? 0 : a.getInt("warmup", 400);
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
            long[][] onCpu = new long[writers][perWriter];
            long[][] runnable = new long[writers][perWriter];
            AtomicLong retries = new AtomicLong();
            List<Thread> threads = new ArrayList<>();
            Throwable[] failure = new Throwable[1];
            long start = System.nanoTime();
            for (int w = 0; w < writers; w++) {
                Connection c = conns.get(w);
                int writer = w;
                Thread t = new Thread(() -> {
                    try {
                        writerLoop(c, mode, writer, new long[][] {waits[writer], onCpu[writer], runnable[writer]},
                                retries);
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
            if (!mode.isNative()) { // the group-commit factor: commits per published batch (one sync each under FULL)
                io.onelite.api.Database.statusOf(file).ifPresent(st -> System.out.printf(Locale.ROOT,
                        "  %s, %d writers: %d commits in %d batches (%.2f per batch)%n", mode.label, writers,
                        st.transactions().commits(), st.transactions().batches(),
                        st.transactions().commits() / (double) Math.max(1, st.transactions().batches())));
            }
            long[] all = Arrays.stream(waits).flatMapToLong(Arrays::stream).sorted().toArray();
            return new Result(mode, writers, writers * perWriter / seconds, retries.get(), WritersJdbc.percentile(all, 0.50),
                    WritersJdbc.percentile(all, 0.99), all[all.length - 1], split ? slowWaits(waits, onCpu, runnable) : null);
        } finally {
            for (Connection c : conns) {
                c.close();
            }
            Oltp.deleteDb(file);
        }
    }

    /** {@code out}: per transaction its wait, and (with {@code --split}) its time on a CPU and runnable, in µs. */
    private void writerLoop(Connection c, Mode mode, int writer, long[][] out, AtomicLong retries) throws SQLException {
        try (Statement s = c.createStatement();
             PreparedStatement ins = c.prepareStatement("insert into orders (writer, item) values (?, ?)");
             ThreadClock clock = new ThreadClock()) {
            WaitClock w = new WaitClock(split ? clock : null);
            for (int i = 0; i < perWriter; i++) {
                w.reset();
                while (true) {
                    w.start();
                    try {
                        s.execute(mode.begin);
                        ins.setInt(1, writer);
                        ins.setString(2, "item " + i);
                        ins.executeUpdate(); // an adaptive BEGIN CONCURRENT waits for the write lock here
                        w.stop();
                        work();
                        w.start();
                        s.execute("COMMIT");
                        w.stop();
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
                        w.restartAttempt(); // the failed attempt's whole time is waited
                    }
                }
                out[0][i] = w.wall / 1000;
                out[1][i] = w.onCpu / 1000;
                out[2][i] = w.runnable / 1000;
            }
        }
    }

    /** Sums one transaction's wait intervals: wall time and, with a clock, time on a CPU and runnable. */
    private static final class WaitClock {
        private final ThreadClock clock;
        long wall;
        long onCpu;
        long runnable;
        private long attemptStart;
        private long attemptCpu;
        private long attemptRunnable;
        private long attemptWall;
        private long attemptOnCpu;
        private long attemptRunnableSum;
        private long t0;
        private long c0;
        private long r0;

        WaitClock(ThreadClock clock) {
            this.clock = clock;
        }

        void reset() {
            wall = 0;
            onCpu = 0;
            runnable = 0;
            attemptStart = -1;
        }

        void start() {
            if (clock != null) {
                clock.read();
                c0 = clock.onCpuNanos();
                r0 = clock.runnableNanos();
            }
            t0 = System.nanoTime();
            if (attemptStart < 0) {
                attemptStart = t0;
                attemptCpu = c0;
                attemptRunnable = r0;
                attemptWall = wall;
                attemptOnCpu = onCpu;
                attemptRunnableSum = runnable;
            }
        }

        void stop() {
            wall += System.nanoTime() - t0;
            if (clock != null) {
                clock.read();
                onCpu += clock.onCpuNanos() - c0;
                runnable += clock.runnableNanos() - r0;
            }
        }

        /** A failed attempt: its whole time, from its BEGIN to now, counts as waited. */
        void restartAttempt() {
            wall = attemptWall + System.nanoTime() - attemptStart;
            if (clock != null) {
                clock.read();
                onCpu = attemptOnCpu + clock.onCpuNanos() - attemptCpu;
                runnable = attemptRunnableSum + clock.runnableNanos() - attemptRunnable;
            }
            attemptStart = -1;
        }
    }

    private static SlowWaits slowWaits(long[][] waits, long[][] onCpu, long[][] runnable) {
        int n = 0;
        int of = 0;
        double wall = 0;
        double cpu = 0;
        double runq = 0;
        for (int w = 0; w < waits.length; w++) {
            for (int i = 0; i < waits[w].length; i++) {
                of++;
                if (waits[w][i] > SLOW_US) {
                    n++;
                    wall += waits[w][i];
                    cpu += onCpu[w][i];
                    runq += runnable[w][i];
                }
            }
        }
        return n == 0 ? new SlowWaits(0, of, 0, 0, 0) : new SlowWaits(n, of, wall / n, cpu / n, runq / n);
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
            if (r.slow != null) {
                b.append(String.format("%7s  %s%n", "", r.slow.describe()));
            }
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
