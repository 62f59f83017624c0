package io.onelite.bench;

import io.onelite.api.Database;
import io.onelite.bench.ConcurrentWriters.Mode;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The recipe's writers workload in steady state, the three modes measured in turns within one run:
 * the same W writer threads run without stopping, each with a native SQLite connection (its own
 * file) and a OneLite connection (one file for both OneLite modes), and every
 * {@code --segment-ms} the program switches all of them to the next mode (native IMMEDIATE,
 * OneLite IMMEDIATE, OneLite CONCURRENT, the order rotating by cycle). A segment is counted from
 * {@link #SETTLE_MS} after its switch; a transaction begun in it counts in its rate if it ended
 * before the next switch, and in its waits either way.
 *
 * <p>Why beside {@link Writers}: Writers runs each mode on a fresh file with fresh threads for
 * 8 x 250 transactions (30-100 ms), so a round's figure is dominated by which threads the scheduler
 * happens to run, and its medians move by 5-10% from run to run. Here the modes alternate every
 * half second on warm threads, and each cycle's ratio compares segments at most a second apart: the
 * machine's load cancels out, and the quartiles of the per-cycle ratios show how sure a median is.
 *
 * <pre>
 * usage: PairedWriters [--writers 8] [--work-us 0] [--work-kind spin|sleep] [--segment-ms 500]
 *                      [--cycles 20] [--warmup-cycles 4] [--sync NORMAL|FULL] [--dir /dev/shm]
 * </pre>
 * Printed: per mode the median commits/s over the cycles and the wait (BEGIN, the insert and COMMIT,
 * all but the work, failed attempts included, as Writers measures it) of every transaction begun
 * in a counted segment, percentiles and max; then the paired ratios with their quartiles. A wait
 * is cut short by the switch that ends its segment (the lock it waits for is then let go), so the
 * longest waits show as about a segment: for waits beyond that, Writers. It asserts nothing.
 */
public final class PairedWriters {
    /** Time after a switch before the segment counts: transactions begun in the previous mode end. */
    static final int SETTLE_MS = 20;
    private static final Mode[] MODES = Mode.values();

    private final int writers;
    private final int workUs;
    private final String sync;
    private final Path dir;
    /** The mode the writers run now. */
    private volatile Mode mode = Mode.NATIVE_IMMEDIATE;
    /** The counted segment now, or -1 while settling: segment s is cycle s / 3's of the mode of ordinal s % 3. */
    private volatile int segment = -1;
    private volatile boolean stop;
    /** A writer's failure (other than 517/773): ends the run, whose figures would be wrong. */
    private volatile SQLException failure;
    /** OneLite's transaction counters at the end of the run (adaptive holds, revocations, replays). */
    private String stats = "";
    private final AtomicLongArray commits;
    private final long[] segmentNanos;
    /** Per writer: the waits (µs) of its transactions begun in a counted segment, and those segments. */
    private final long[][] waits;
    private final int[][] waitSegments;
    private final int[] waitCounts;

    private PairedWriters(int writers, int workUs, String sync, Path dir, int segments) {
        this.writers = writers;
        this.workUs = workUs;
        this.sync = sync;
        this.dir = dir;
        this.commits = new AtomicLongArray(segments);
        this.segmentNanos = new long[segments];
        this.waits = new long[writers][1 << 16];
        this.waitSegments = new int[writers][1 << 16];
        this.waitCounts = new int[writers];
    }

    public static void main(String[] args) throws Exception {
        BenchArgs a = new BenchArgs(args);
        int writers = a.getInt("writers", 8);
        int workUs = a.getInt("work-us", 0);
        Writers.sleepWork(a.get("work-kind", "spin").equals("sleep"));
        int segmentMs = a.getInt("segment-ms", 500);
        int cycles = a.getInt("cycles", 20);
        int warmupCycles = a.getInt("warmup-cycles", 4);
        String sync = a.get("sync", "NORMAL").toUpperCase(Locale.ROOT);
        Path dir = a.dir();
        System.out.printf(Locale.ROOT, "%d writers, work %d us (%s), synchronous=%s, files in %s; %d cycles of %d ms"
                        + " per mode after %d warm-up cycles%n%s%n", writers, workUs, a.get("work-kind", "spin"), sync, dir,
                cycles, segmentMs, warmupCycles, BenchArgs.machine());
        new PairedWriters(writers, workUs, sync, dir, cycles * MODES.length).run(cycles, warmupCycles, segmentMs);
    }

    private void run(int cycles, int warmupCycles, int segmentMs) throws Exception {
        Path nativeFile = Files.createTempFile(dir, "paired-native-", ".db");
        Path oneliteFile = Files.createTempFile(dir, "paired-onelite-", ".db");
        Files.delete(nativeFile);
        Files.delete(oneliteFile);
        List<Thread> threads = new ArrayList<>();
        List<Connection> all = new ArrayList<>();
        try {
            for (int w = 0; w < writers; w++) {
                Map<Mode, Connection> conns = new EnumMap<>(Mode.class);
                conns.put(Mode.NATIVE_IMMEDIATE, open("jdbc:sqlite:" + nativeFile, true, w == 0));
                Connection onelite = open("jdbc:onelite:" + oneliteFile + "?synchronous=" + sync.toLowerCase(Locale.ROOT)
                        + "&busy_timeout=30000", false, w == 0);
                conns.put(Mode.ONELITE_IMMEDIATE, onelite);
                conns.put(Mode.ONELITE_CONCURRENT, onelite);
                all.add(conns.get(Mode.NATIVE_IMMEDIATE));
                all.add(onelite);
                int writer = w;
                Thread t = new Thread(() -> write(writer, conns), "paired-writer-" + w);
                threads.add(t);
                t.start();
            }
            for (int c = -warmupCycles; c < cycles; c++) {
                for (int k = 0; k < MODES.length; k++) {
                    Mode m = MODES[Math.floorMod(k + c, MODES.length)];
                    segment = -1;
                    mode = m;
                    Thread.sleep(SETTLE_MS);
                    int seg = c < 0 ? -1 : c * MODES.length + m.ordinal();
                    long start = System.nanoTime();
                    segment = seg;
                    Thread.sleep(segmentMs);
                    segment = -1;
                    if (failure != null) {
                        throw new IllegalStateException("a writer failed in " + m.label, failure);
                    }
                    if (seg >= 0) {
                        segmentNanos[seg] = System.nanoTime() - start;
                    }
                }
            }
        } finally {
            stop = true;
            for (Thread t : threads) {
                t.join();
            }
            stats = Database.statusOf(oneliteFile).map(st -> st.transactions().toString()).orElse("");
            for (Connection c : all) {
                c.close();
            }
            Oltp.deleteDb(nativeFile);
            Oltp.deleteDb(oneliteFile);
        }
        report(cycles);
    }

    private Connection open(String url, boolean nativeSqlite, boolean create) throws SQLException {
        return WritersJdbc.openWriter(url, nativeSqlite, sync, create);
    }

    /**
     * One writer: transactions in the current mode until stopped. The rate counts those begun and
     * ended in one segment; the waits, every transaction begun in a segment, however late it ended.
     */
    private void write(int writer, Map<Mode, Connection> conns) {
        try {
            Map<Mode, PreparedStatement> inserts = new EnumMap<>(Mode.class);
            Map<Mode, Statement> statements = new EnumMap<>(Mode.class);
            for (Mode m : MODES) {
                statements.put(m, conns.get(m).createStatement());
                inserts.put(m, conns.get(m).prepareStatement("insert into orders (writer, item) values (?, ?)"));
            }
            for (int i = 0; !stop; i++) {
                Mode m = mode;
                int seg = segment;
                long waited = WritersJdbc.transaction(statements.get(m), inserts.get(m), m.begin, writer, i, workUs);
                if (seg >= 0) {
                    record(writer, seg, waited); // even if it ended after the switch: a writer starved till then
                    if (segment == seg && mode == m) {
                        commits.incrementAndGet(seg);
                    }
                }
            }
            for (Statement s : statements.values()) {
                s.close();
            }
        } catch (SQLException e) {
            failure = e;
        }
    }

    private void record(int writer, int seg, long waitUs) {
        int n = waitCounts[writer];
        if (n == waits[writer].length) {
            waits[writer] = Arrays.copyOf(waits[writer], n * 2);
            waitSegments[writer] = Arrays.copyOf(waitSegments[writer], n * 2);
        }
        waits[writer][n] = waitUs;
        waitSegments[writer][n] = seg;
        waitCounts[writer] = n + 1;
    }

    private void report(int cycles) {
        Map<Mode, double[]> rates = new EnumMap<>(Mode.class);
        for (Mode m : MODES) {
            double[] r = new double[cycles];
            for (int c = 0; c < cycles; c++) {
                int seg = c * MODES.length + m.ordinal();
                r[c] = commits.get(seg) / (segmentNanos[seg] / 1e9);
            }
            rates.put(m, r);
        }
        for (Mode m : MODES) {
            long[] w = waitsOf(m);
            long p50 = WritersJdbc.percentile(w, 0.5);
            long p99 = WritersJdbc.percentile(w, 0.99);
            System.out.printf(Locale.ROOT, "%-20s %,9.0f/s   wait p50 %,6d us, p90 %,6d, p95 %,6d, p98 %,6d, p99 %,7d, p99.9 %,7d, max %,7d us,"
                            + " p99/p50 %5.1f%n", m.label, Oltp.middle(rates.get(m)), p50, WritersJdbc.percentile(w, 0.9),
                    WritersJdbc.percentile(w, 0.95), WritersJdbc.percentile(w, 0.98), p99,
                    WritersJdbc.percentile(w, 0.999), w[w.length - 1], p99 / (double) Math.max(1, p50));
        }
        printRatio("CONCURRENT/IMMEDIATE", rates.get(Mode.ONELITE_CONCURRENT), rates.get(Mode.ONELITE_IMMEDIATE));
        printRatio("CONCURRENT/native", rates.get(Mode.ONELITE_CONCURRENT), rates.get(Mode.NATIVE_IMMEDIATE));
        printRatio("IMMEDIATE/native", rates.get(Mode.ONELITE_IMMEDIATE), rates.get(Mode.NATIVE_IMMEDIATE));
        System.out.println("  OneLite, whole run (warm-up too): " + stats);
    }

    /** Every counted wait of mode {@code m}, sorted. */
    private long[] waitsOf(Mode m) {
        long[] out = new long[Arrays.stream(waitCounts).sum()];
        int n = 0;
        for (int w = 0; w < writers; w++) {
            for (int i = 0; i < waitCounts[w]; i++) {
                if (waitSegments[w][i] % MODES.length == m.ordinal()) {
                    out[n++] = waits[w][i];
                }
            }
        }
        long[] sorted = Arrays.copyOf(out, Math.max(1, n));
        Arrays.sort(sorted);
        return sorted;
    }

    /** The median of the per-cycle ratios {@code a[c] / b[c]} and their quartiles. */
    private static void printRatio(String name, double[] a, double[] b) {
        double[] r = new double[a.length];
        for (int c = 0; c < a.length; c++) {
            r[c] = a[c] / b[c];
        }
        Arrays.sort(r);
        System.out.printf(Locale.ROOT, "  %-22s paired median %.3f (quartiles %.3f-%.3f, %d cycles)%n", name,
                Oltp.middle(r), r[r.length / 4], r[r.length * 3 / 4], r.length);
    }
}
