package io.onelite.bench;

import io.onelite.bench.ConcurrentWriters.Mode;
import io.onelite.common.Synchronous;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The {@link Writers} workload as SQL through a JDBC driver: one connection per writer. Also the
 * JDBC program's warm-up ({@link #warmUp}) and its timed rounds with their medians ({@link #timedRounds}).
 */
final class WritersJdbc {
    /** Transactions per writer of each adaptive warm-up run: long enough that one run's rate is steady. */
    static final int WARMUP_PER_WRITER = 2000;
    /** Transactions per writer of the warm-up's run with work (see {@link #warmUpUntilSettled}). */
    static final int WARMUP_WORKED_PER_WRITER = 250;
    /**
     * The adaptive warm-up stops when the JIT compiler spent less than this share of a round's wall
     * time compiling (it no longer takes a core from the runs), after {@link #WARMUP_MIN_ROUNDS}.
     * The rates themselves are no stop rule: on a shared machine native SQLite's move 20-30%.
     */
    static final double SETTLED_JIT_SHARE = 0.05;
    static final int WARMUP_MIN_ROUNDS = 3;
    static final int WARMUP_MAX_ROUNDS = 15;
    static final long WARMUP_MAX_NANOS = 30_000_000_000L;

    private WritersJdbc() {
    }

    /** How the warm-up went, for the summary ("settled after 6 rounds, 9.8 s", "none, a cold JVM", ...). */
    record WarmUp(String description) {
    }

    /** One timed round of one work value: every mode's run, in {@code order}. */
    record Round(int workUs, List<Mode> order, Map<Mode, Run> runs, long jitMs) {
        double rate(Mode m) {
            return runs.get(m).rate();
        }
    }

    /** A ratio of two modes' commits/s, as the issue states its targets. */
    private record Ratio(String name, Mode top, Mode bottom) {
        double of(Round r) {
            return r.rate(top) / r.rate(bottom);
        }
    }

    private static final List<Ratio> RATIOS = List.of(
            new Ratio("CONCURRENT/IMMEDIATE", Mode.ONELITE_CONCURRENT, Mode.ONELITE_IMMEDIATE),
            new Ratio("CONCURRENT/native", Mode.ONELITE_CONCURRENT, Mode.NATIVE_IMMEDIATE),
            new Ratio("IMMEDIATE/native", Mode.ONELITE_IMMEDIATE, Mode.NATIVE_IMMEDIATE));

    /**
     * The untimed runs before the timed ones, so that these measure the engine and not the JIT
     * compiler sharing the cores (native SQLite's C code needs none; on 2 cores OneLite's rates
     * kept rising for ~50,000 transactions). {@code spec}: {@code auto} (until settled, see
     * {@link #warmUpUntilSettled}), {@code 0} (a cold JVM) or N (one run of every mode and work
     * with N transactions per writer, the warm-up of older runs).
     */
    static WarmUp warmUp(String spec, List<Integer> works, int writers, Synchronous sync, Path dir) throws Exception {
        if (spec.equals("auto")) {
            return warmUpUntilSettled(writers, works, sync, dir);
        }
        int perWriter = Integer.parseInt(spec);
        if (perWriter == 0) {
            return new WarmUp("none, a cold JVM");
        }
        for (int workUs : works) {
            for (Mode m : Mode.values()) {
                measure(m, writers, perWriter, workUs, sync, dir);
            }
        }
        return new WarmUp("fixed, one run of every mode and work with " + perWriter + " tx per writer");
    }

    /**
     * Rounds of every mode (rotating order, {@link #WARMUP_PER_WRITER} transactions per writer, no
     * work: without it the rate shows the compiler's progress best) until the JIT compiler is nearly
     * idle ({@link #SETTLED_JIT_SHARE}), or the cap; prints every round, so the cold figures stay
     * visible. When a timed work is not 0, each round also runs OneLite CONCURRENT with the smallest
     * such work ({@link #WARMUP_WORKED_PER_WRITER} per writer): with work inside, its transactions
     * are optimistic (validation, replay, the group commit), code that adaptive transactions without
     * work never run, and which the JIT would otherwise compile during the timed rounds.
     */
    private static WarmUp warmUpUntilSettled(int writers, List<Integer> works, Synchronous sync, Path dir) throws Exception {
        int worked = works.stream().filter(w -> w > 0).min(Integer::compare).orElse(0);
        System.out.printf(Locale.ROOT, "warm-up: %d writers x %d, no work, every mode each round%s, until the JIT compiles"
                + " less than %.0f%% of a round's time (at least %d, at most %d rounds or %d s)%n", writers,
                WARMUP_PER_WRITER, worked > 0 ? String.format(Locale.ROOT, ", and CONCURRENT x %d with %d us of work",
                        WARMUP_WORKED_PER_WRITER, worked) : "", SETTLED_JIT_SHARE * 100, WARMUP_MIN_ROUNDS,
                WARMUP_MAX_ROUNDS, WARMUP_MAX_NANOS / 1_000_000_000L);
        long start = System.nanoTime();
        Map<Mode, Double> previous = null;
        for (int round = 1; ; round++) {
            long jit = jitMillis();
            long roundStart = System.nanoTime();
            Map<Mode, Double> rates = new EnumMap<>(Mode.class);
            for (Mode m : order(round)) {
                rates.put(m, measure(m, writers, WARMUP_PER_WRITER, 0, sync, dir).rate());
            }
            if (worked > 0) {
                measure(Mode.ONELITE_CONCURRENT, writers, WARMUP_WORKED_PER_WRITER, worked, sync, dir);
            }
            long jitMs = jitMillis() - jit;
            double roundMs = (System.nanoTime() - roundStart) / 1e6;
            System.out.println(warmUpLine(round, rates, previous, jitMs));
            double seconds = (System.nanoTime() - start) / 1e9;
            if (round >= WARMUP_MIN_ROUNDS && jitMs < SETTLED_JIT_SHARE * roundMs) {
                return new WarmUp(String.format(Locale.ROOT, "settled after %d rounds, %.1f s", round, seconds));
            }
            if (round >= WARMUP_MAX_ROUNDS || System.nanoTime() - start >= WARMUP_MAX_NANOS) {
                String d = String.format(Locale.ROOT, "NOT settled after %d rounds, %.1f s", round, seconds);
                System.out.printf(Locale.ROOT, "warm-up %s: the JIT still compiled %,d ms in the last round's %,.0f ms%n",
                        d, jitMs, roundMs);
                return new WarmUp(d);
            }
            previous = rates;
        }
    }

    private static String warmUpLine(int round, Map<Mode, Double> rates, Map<Mode, Double> previous, long jitMs) {
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "warm-up round %2d:", round));
        for (Mode m : Mode.values()) {
            String change = previous == null ? ""
                    : String.format(Locale.ROOT, "(%+.0f%%)", 100 * (rates.get(m) / previous.get(m) - 1));
            line.append(String.format(Locale.ROOT, "  %s %,8.0f/s %-7s", m.label, rates.get(m), change));
        }
        return line.append(String.format(Locale.ROOT, "  JIT %,d ms", jitMs)).toString();
    }

    /** The modes in round {@code round}'s order: rotated by one each round, so drift (JIT, load) favours none. */
    static List<Mode> order(int round) {
        List<Mode> modes = new ArrayList<>(List.of(Mode.values()));
        Collections.rotate(modes, -(round % modes.size()));
        return modes;
    }

    /** Milliseconds the JIT compiler has spent so far (all its threads); 0 when the JVM does not say. */
    private static long jitMillis() {
        var jit = java.lang.management.ManagementFactory.getCompilationMXBean();
        return jit != null && jit.isCompilationTimeMonitoringSupported() ? jit.getTotalCompilationTime() : 0;
    }

    /**
     * {@code rounds} rounds; in each, for each work value, native IMMEDIATE, OneLite IMMEDIATE and
     * OneLite CONCURRENT back to back (order rotating by round), each on a fresh file; prints every
     * round, then per work value the medians over the rounds ({@link #printSummary}).
     */
    static void timedRounds(int rounds, List<Integer> works, int writers, int perWriter, Synchronous sync, Path dir,
                            WarmUp warm) throws Exception {
        Map<Integer, List<Round>> byWork = new LinkedHashMap<>();
        for (int round = 1; round <= rounds; round++) {
            for (int workUs : works) {
                Round r = timedRound(round, workUs, writers, perWriter, sync, dir);
                byWork.computeIfAbsent(workUs, k -> new ArrayList<>()).add(r);
                printRound(round, r);
            }
        }
        for (List<Round> of : byWork.values()) {
            printSummary(of, writers, perWriter, warm);
        }
    }

    private static Round timedRound(int round, int workUs, int writers, int perWriter, Synchronous sync, Path dir)
            throws Exception {
        long jit = jitMillis();
        List<Mode> order = order(round);
        Map<Mode, Run> runs = new EnumMap<>(Mode.class);
        for (Mode m : order) {
            runs.put(m, measure(m, writers, perWriter, workUs, sync, dir));
        }
        return new Round(workUs, order, runs, jitMillis() - jit);
    }

    private static void printRound(int round, Round r) {
        List<String> order = r.order().stream().map(WritersJdbc::shortName).toList();
        Run con = r.runs().get(Mode.ONELITE_CONCURRENT);
        System.out.printf(Locale.ROOT, "round %d work %3d us (JDBC): native SQLite IMMEDIATE %,8.0f/s, OneLite IMMEDIATE"
                        + " %,8.0f/s, CONCURRENT %,8.0f/s, ratio CONCURRENT/IMMEDIATE %.2f   (ran %s; CONCURRENT %.1f"
                        + " commits per batch; JIT %,d ms)%n",
                round, r.workUs(), r.rate(Mode.NATIVE_IMMEDIATE), r.rate(Mode.ONELITE_IMMEDIATE), con.rate(),
                RATIOS.get(0).of(r), String.join(", ", order), con.commitsPerBatch(), r.jitMs());
    }

    /** The mode as the ratios name it. */
    private static String shortName(Mode m) {
        return m == Mode.NATIVE_IMMEDIATE ? "native" : m.begin.substring("BEGIN ".length());
    }

    /**
     * Per mode the median over the rounds of commits/s and of the wait's p50, p99, max and p99/p50
     * (each its own median: the round of the median p99 need not be the round of the median p50);
     * per ratio the median of the rounds' ratios (paired: both sides ran in the same round) and their range.
     */
    private static void printSummary(List<Round> rounds, int writers, int perWriter, WarmUp warm) {
        System.out.printf(Locale.ROOT, "%nsummary, work %d us, %d writers x %d, median of %d rounds (warm-up: %s):%n",
                rounds.get(0).workUs(), writers, perWriter, rounds.size(), warm.description());
        for (Mode m : Mode.values()) {
            System.out.printf(Locale.ROOT, "  %-20s %,8.0f/s   wait p50 %,7.0f us, p99 %,7.0f us, max %,7.0f us,"
                            + " p99/p50 %,5.1f%n", m.label, median(rounds, r -> r.rate(m)),
                    median(rounds, r -> r.runs().get(m).p50Us()), median(rounds, r -> r.runs().get(m).p99Us()),
                    median(rounds, r -> r.runs().get(m).maxUs()), median(rounds, r -> r.runs().get(m).p99OverP50()));
        }
        for (Ratio q : RATIOS) {
            double[] v = rounds.stream().mapToDouble(q::of).toArray();
            System.out.printf(Locale.ROOT, "  %-20s %5.2f   (min %.2f, max %.2f)%n", q.name(), Oltp.middle(v),
                    java.util.Arrays.stream(v).min().orElse(0), java.util.Arrays.stream(v).max().orElse(0));
        }
    }

    private static double median(List<Round> rounds, ToDoubleFunction<Round> figure) {
        return Oltp.middle(rounds.stream().mapToDouble(figure).toArray());
    }

    /**
     * One run's figures: commits/s and, per transaction, its wait (time in BEGIN, the insert and
     * COMMIT, all but its work, plus its failed attempts, as {@link ConcurrentWriters} measures it) in microseconds: p50, p99, max
     * over all transactions, and the largest p99/p50 ratio of one writer's own transactions.
     * CPU per transaction twice: the process's (in clock ticks of 10 ms, so coarse for short runs,
     * and including the JIT compiler's and GC's threads) and the writer threads' own (ns, from
     * {@link ThreadClock}); their difference is what the JVM spent beside the workload.
     * {@code commitsPerBatch}: OneLite CONCURRENT's group-commit factor, 0 for the other modes.
     */
    record Run(double rate, long p50Us, long p99Us, long maxUs, double worstWriterRatio, double cpuUsPerTx,
               double writerCpuUsPerTx, double switchesPerTx, double runQueueUsPerTx, double commitsPerBatch) {
        String waits() {
            return String.format(java.util.Locale.ROOT, "wait p50 %.3f p99 %.2f max %.1f ms, worst writer p99/p50 %.0f,"
                    + " cpu %.1f us/tx (writer threads %.1f), %.2f context switches/tx, runnable without a cpu %.1f"
                    + " us/tx%s", p50Us / 1000.0, p99Us / 1000.0, maxUs / 1000.0, worstWriterRatio, cpuUsPerTx,
                    writerCpuUsPerTx, switchesPerTx, runQueueUsPerTx, batches());
        }

        /** ", N commits per batch" for a run with group commits, else empty. */
        String batches() {
            return commitsPerBatch > 0 ? String.format(java.util.Locale.ROOT, ", %.2f commits per batch",
                    commitsPerBatch) : "";
        }

        /** The wait's tail against its middle (p50 below 1 µs counts as 1 µs). */
        double p99OverP50() {
            return p99Us / (double) Math.max(1, p50Us);
        }
    }

    /**
     * The calling thread's time spent runnable but waiting for a CPU so far, in nanoseconds
     * (Linux {@code /proc/thread-self/schedstat}, second field); 0 elsewhere.
     */
    private static long runQueueNanos() {
        try {
            String[] f = Files.readString(Path.of("/proc/thread-self/schedstat")).trim().split(" ");
            return Long.parseLong(f[1]);
        } catch (java.io.IOException | RuntimeException e) {
            return 0;
        }
    }

    /** The calling thread's context switches so far (Linux {@code /proc}); 0 elsewhere. */
    private static long contextSwitches() {
        try {
            long n = 0;
            for (String line : Files.readAllLines(Path.of("/proc/thread-self/status"))) {
                if (line.contains("ctxt_switches:")) {
                    n += Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
                }
            }
            return n;
        } catch (java.io.IOException | RuntimeException e) {
            return 0;
        }
    }

    private static long processCpuNanos() {
        return java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                instanceof com.sun.management.OperatingSystemMXBean os ? os.getProcessCpuTime() : 0;
    }

    /** One run of {@code mode} on a fresh file. */
    static Run measure(Mode mode, int writers, int perWriter, int workUs, Synchronous sync, Path dir) throws Exception {
        return measure(mode.urlPrefix, mode.begin, writers, perWriter, workUs, sync, dir);
    }

    /** One run on a fresh file. {@code urlPrefix} is {@code jdbc:onelite:} or {@code jdbc:sqlite:}. */
    static Run measure(String urlPrefix, String begin, int writers, int perWriter, int workUs, Synchronous sync,
                       Path dir) throws Exception {
        Path file = Files.createTempFile(dir, "writers-jdbc-", ".db");
        Files.delete(file);
        boolean nativeSqlite = urlPrefix.equals("jdbc:sqlite:");
        String url = urlPrefix + file + (nativeSqlite ? "" : "?synchronous=" + sync.name().toLowerCase() + "&busy_timeout=30000");
        List<Connection> conns = new ArrayList<>();
        try {
            for (int w = 0; w < writers; w++) {
                conns.add(openWriter(url, nativeSqlite, sync.name(), w == 0));
            }
            List<Thread> threads = new ArrayList<>();
            long[][] waits = new long[writers][perWriter];
            java.util.concurrent.atomic.AtomicLong switches = new java.util.concurrent.atomic.AtomicLong();
            java.util.concurrent.atomic.AtomicLong runQueue = new java.util.concurrent.atomic.AtomicLong();
            java.util.concurrent.atomic.AtomicLong writerCpu = new java.util.concurrent.atomic.AtomicLong();
            long cpuStart = processCpuNanos();
            long start = System.nanoTime();
            for (int w = 0; w < writers; w++) {
                Connection c = conns.get(w);
                int writer = w;
                Thread t = new Thread(() -> {
                    ThreadClock clock = new ThreadClock();
                    clock.read();
                    long cpuAtStart = clock.onCpuNanos();
                    long switchesAtStart = contextSwitches();
                    long runQueueAtStart = runQueueNanos();
                    try (Statement s = c.createStatement();
                         PreparedStatement ins = c.prepareStatement("insert into orders (writer, item) values (?, ?)")) {
                        for (int i = 0; i < perWriter; i++) {
                            waits[writer][i] = transaction(s, ins, begin, writer, i, workUs);
                        }
                    } catch (SQLException e) {
                        throw new IllegalStateException(e);
                    }
                    switches.addAndGet(contextSwitches() - switchesAtStart);
                    runQueue.addAndGet(runQueueNanos() - runQueueAtStart);
                    clock.read();
                    writerCpu.addAndGet(clock.onCpuNanos() - cpuAtStart);
                    clock.close();
                }, "jdbc-writer-" + w);
                threads.add(t);
                t.start();
            }
            for (Thread t : threads) {
                t.join();
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            double cpuPerTx = (processCpuNanos() - cpuStart) / 1e3 / (writers * perWriter);
            try (Statement s = conns.get(0).createStatement(); ResultSet r = s.executeQuery("select count(*) from orders")) {
                r.next();
                if (r.getLong(1) != (long) writers * perWriter) {
                    throw new IllegalStateException("expected " + writers * perWriter + " rows, found " + r.getLong(1));
                }
            }
            double commitsPerBatch = 0;
            if (!nativeSqlite && begin.contains("CONCURRENT") && perWriter > 1) { // the group-commit factor
                commitsPerBatch = io.onelite.api.Database.statusOf(file).map(st -> st.transactions().commits()
                        / (double) Math.max(1, st.transactions().batches())).orElse(0.0);
            }
            double worst = 0;
            for (long[] w : waits) {
                long[] sorted = w.clone();
                java.util.Arrays.sort(sorted);
                worst = Math.max(worst, percentile(sorted, 0.99) / (double) Math.max(1, percentile(sorted, 0.50)));
            }
            printSlowest(nativeSqlite ? "native " + begin : begin, waits);
            long[] all = java.util.Arrays.stream(waits).flatMapToLong(java.util.Arrays::stream).sorted().toArray();
            return new Run(writers * perWriter / seconds, percentile(all, 0.50), percentile(all, 0.99),
                    all[all.length - 1], worst, cpuPerTx, writerCpu.get() / 1e3 / (writers * perWriter),
                    switches.get() / (double) (writers * perWriter),
                    runQueue.get() / 1e3 / (writers * perWriter), commitsPerBatch);
        } finally {
            for (Connection c : conns) {
                c.close();
            }
            Oltp.deleteDb(file);
        }
    }

    /**
     * With the system property {@code writers.slowest=N}: prints the run's N longest waits as
     * {@code w<writer>#<transaction>=<µs>}, slowest first, which tells a writer's first transactions
     * and pairs of consecutive long waits from scattered ones.
     */
    private static void printSlowest(String mode, long[][] waits) {
        int n = Integer.getInteger("writers.slowest", 0);
        if (n <= 0) {
            return;
        }
        List<int[]> all = new ArrayList<>(); // writer, transaction
        for (int w = 0; w < waits.length; w++) {
            for (int i = 0; i < waits[w].length; i++) {
                all.add(new int[] {w, i});
            }
        }
        all.sort((a, b) -> Long.compare(waits[b[0]][b[1]], waits[a[0]][a[1]]));
        StringBuilder line = new StringBuilder("  slowest waits, " + mode + ":");
        for (int[] t : all.subList(0, Math.min(n, all.size()))) {
            line.append(" w").append(t[0]).append('#').append(t[1]).append('=').append(waits[t[0]][t[1]]);
        }
        System.out.println(line);
    }

    /**
     * One committed transaction of the recipe (one insert, then {@code workUs} of work, then
     * COMMIT), begun again after 517/773 as the recipe's retry does; returns its wait in µs: the
     * time in BEGIN, the insert and COMMIT, all but the work, failed attempts included.
     */
    static long transaction(Statement s, PreparedStatement ins, String begin, int writer, int i, int workUs)
            throws SQLException {
        long waited = 0;
        while (true) {
            long t0 = System.nanoTime();
            try {
                s.execute(begin);
                ins.setInt(1, writer);
                ins.setString(2, "item " + i);
                ins.executeUpdate(); // an adaptive BEGIN CONCURRENT waits for the lock here
                long t1 = System.nanoTime();
                Writers.work(workUs);
                long t2 = System.nanoTime();
                s.execute("COMMIT");
                return (waited + (t1 - t0) + (System.nanoTime() - t2)) / 1000;
            } catch (SQLException e) {
                waited += System.nanoTime() - t0;
                try {
                    s.execute("ROLLBACK");
                } catch (SQLException ignored) {
                    // already rolled back by the failed COMMIT
                }
                if (e.getErrorCode() != 517 && e.getErrorCode() != 773) {
                    throw e;
                }
            }
        }
    }

    /**
     * A writer's connection to {@code url}: native SQLite in WAL mode with {@code synchronous} and a
     * 30 s busy timeout as users run it (OneLite takes them from the URL); {@code create} makes the
     * recipe's {@code orders} table.
     */
    static Connection openWriter(String url, boolean nativeSqlite, String synchronous, boolean create) throws SQLException {
        Connection c = DriverManager.getConnection(url);
        try (Statement s = c.createStatement()) {
            if (nativeSqlite) {
                s.execute("PRAGMA journal_mode=WAL");
                s.execute("PRAGMA synchronous=" + synchronous);
                s.execute("PRAGMA busy_timeout=30000");
            }
            if (create) {
                s.execute("create table orders (id integer primary key, writer int, item text)");
            }
        }
        return c;
    }

    /** The nearest-rank percentile {@code p} (0..1) of {@code sorted}, a non-empty ascending array. */
    static long percentile(long[] sorted, double p) {
        int i = (int) Math.ceil(p * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
    }
}
