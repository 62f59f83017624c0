package io.onelite.bench;

import io.onelite.bench.ConcurrentWriters.Mode;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;

/**
 * What one of the recipe's transactions costs the thread that runs it, per mode, with nobody
 * else writing: one thread, one connection per engine (native SQLite and OneLite on separate
 * files), the modes taking turns in rounds of {@code --per-round} transactions (the order rotating),
 * each transaction {@code BEGIN <mode>}, one insert, {@code COMMIT}.
 *
 * <p>Why beside {@link PairedWriters}: with several writers and no work, the transaction's own
 * path and the write lock's hand-offs both move the rate, and 10 cycles of PairedWriters move by
 * about 3% from run to run. The thread's CPU time per transaction, compared round by round in one
 * JVM, moves by well under 1%, so a change to a mode's path (the adaptive hold's bookkeeping, the
 * trace) shows here first, free of hand-offs and of the machine's other load.
 *
 * <pre>
 * usage: TxCost [--rounds 40] [--per-round 20000] [--warmup-rounds 20] [--sync NORMAL|FULL|OFF] [--dir /dev/shm]
 * </pre>
 * Printed per mode: the median thread CPU and wall time per transaction and the bytes the
 * thread allocated per transaction; then the paired ratios of CPU time with their quartiles. It
 * asserts nothing.
 */
public final class TxCost {
    private static final Mode[] MODES = Mode.values();

    private final Map<Mode, Statement> statements = new EnumMap<>(Mode.class);
    private final Map<Mode, PreparedStatement> inserts = new EnumMap<>(Mode.class);
    private final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    private int next;

    public static void main(String[] args) throws Exception {
        BenchArgs a = new BenchArgs(args);
        int rounds = a.getInt("rounds", 40);
        int perRound = a.getInt("per-round", 20_000);
        int warmupRounds = a.getInt("warmup-rounds", 20);
        String sync = a.get("sync", "NORMAL").toUpperCase(Locale.ROOT);
        Path dir = a.dir();
        System.out.printf("one thread, %,d transactions per mode and round, synchronous=%s, files in %s; %d rounds after %d warm-up rounds%n",
                perRound, sync, dir, rounds, warmupRounds);
        System.out.println(BenchArgs.machine());
        Path nativeFile = Files.createTempFile(dir, "txcost-native-", ".db");
        Path oneliteFile = Files.createTempFile(dir, "txcost-onelite-", ".db");
        Files.delete(nativeFile);
        Files.delete(oneliteFile);
        try (Connection nativeConn = WritersJdbc.openWriter("jdbc:sqlite:" + nativeFile, true, sync, true);
             Connection onelite = WritersJdbc.openWriter("jdbc:onelite:" + oneliteFile + "?synchronous="
                     + sync.toLowerCase(Locale.ROOT) + "&busy_timeout=30000", false, sync, true)) {
            new TxCost(Map.of(Mode.NATIVE_IMMEDIATE, nativeConn, Mode.ONELITE_IMMEDIATE, onelite,
                    Mode.ONELITE_CONCURRENT, onelite)).run(rounds, perRound, warmupRounds);
        } finally {
            Oltp.deleteDb(nativeFile);
            Oltp.deleteDb(oneliteFile);
        }
    }

    private TxCost(Map<Mode, Connection> conns) throws SQLException {
        for (Mode m : MODES) {
            statements.put(m, conns.get(m).createStatement());
            inserts.put(m, conns.get(m).prepareStatement("insert into orders (writer, item) values (?, ?)"));
        }
    }

    private void run(int rounds, int perRound, int warmupRounds) throws SQLException {
        for (int r = 0; r < warmupRounds; r++) {
            for (Mode m : MODES) {
                batch(m, perRound);
            }
        }
        double[][] cpu = new double[MODES.length][rounds];
        double[][] wall = new double[MODES.length][rounds];
        double[][] bytes = new double[MODES.length][rounds];
        for (int r = 0; r < rounds; r++) {
            for (int k = 0; k < MODES.length; k++) {
                Mode m = MODES[(k + r) % MODES.length];
                long cpu0 = threads.getCurrentThreadCpuTime();
                long bytes0 = threads.getCurrentThreadAllocatedBytes();
                long wall0 = System.nanoTime();
                batch(m, perRound);
                wall[m.ordinal()][r] = (System.nanoTime() - wall0) / (double) perRound;
                cpu[m.ordinal()][r] = (threads.getCurrentThreadCpuTime() - cpu0) / (double) perRound;
                bytes[m.ordinal()][r] = (threads.getCurrentThreadAllocatedBytes() - bytes0) / (double) perRound;
            }
        }
        for (Mode m : MODES) {
            int i = m.ordinal();
            System.out.printf("%-20s cpu %,7.0f ns/tx   wall %,7.0f ns/tx   allocated %,6.0f bytes/tx%n",
                    m.label, median(cpu[i]), median(wall[i]), median(bytes[i]));
        }
        printRatio("CONCURRENT/IMMEDIATE", cpu[Mode.ONELITE_CONCURRENT.ordinal()], cpu[Mode.ONELITE_IMMEDIATE.ordinal()]);
        printRatio("IMMEDIATE/native", cpu[Mode.ONELITE_IMMEDIATE.ordinal()], cpu[Mode.NATIVE_IMMEDIATE.ordinal()]);
        printRatio("CONCURRENT/native", cpu[Mode.ONELITE_CONCURRENT.ordinal()], cpu[Mode.NATIVE_IMMEDIATE.ordinal()]);
    }

    /** {@code n} transactions of the recipe in mode {@code m} (no work inside, no retries: nobody else writes). */
    private void batch(Mode m, int n) throws SQLException {
        Statement s = statements.get(m);
        PreparedStatement ins = inserts.get(m);
        for (int k = 0; k < n; k++) {
            s.execute(m.begin);
            ins.setInt(1, 1);
            ins.setString(2, "item " + next++);
            ins.executeUpdate();
            s.execute("COMMIT");
        }
    }

    /** The paired per-round ratio of CPU per transaction (above 1: the first costs more), median and quartiles. */
    private static void printRatio(String name, double[] a, double[] b) {
        double[] r = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i] / b[i];
        }
        Arrays.sort(r);
        System.out.printf("  %-22s cpu per transaction, paired median %.3f (quartiles %.3f-%.3f, %d rounds)%n",
                name, r[r.length / 2], r[r.length / 4], r[(3 * r.length) / 4], r.length);
    }

    private static double median(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        return v[v.length / 2];
    }
}
