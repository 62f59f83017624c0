package io.onelite.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.Random;

/**
 * The point operations of {@link Oltp} (select by primary key, by secondary index, autocommit
 * update by key, a 100-row join) in short batches that alternate between native SQLite and
 * OneLite, for a machine too busy for {@link Oltp}'s one long pass per engine: both engines meet
 * the same load batch after batch, and the minimum and the median time per operation over the
 * batches are steadier than a single total. Same schema and keys as {@link Oltp}; the checksums of
 * the selects must agree (else MISMATCH).
 *
 * <pre>
 * usage: PointOps [--rows 50000] [--rounds 60] [--ops pk,idx,upd,join] [--dir DIR] [--clock wall|cpu]
 *                 [--mmap BYTES] [--native-mmap BYTES]
 *        (also del: autocommit delete by key, ins: autocommit insert; rounds x 300 / 0.75 must stay below rows for del)
 * </pre>
 * The first third of the rounds warms up (JIT) and is not counted. {@code --clock cpu} times
 * each batch by the thread's CPU time instead of the wall clock: on a machine with more runnable
 * threads than cores, the time the thread waits for a core then counts for neither engine (the
 * JNI calls of native SQLite run on the same thread, so they count as its CPU time; I/O waits
 * do not, so use it for cached reads, not for commits). Prints; asserts nothing.
 */
public final class PointOps {
    private final int rows;
    private final boolean cpuClock;
    private final java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();

    private PointOps(int rows, boolean cpuClock) {
        this.rows = rows;
        this.cpuClock = cpuClock;
    }

    /** Now, in nanoseconds, by the chosen clock. */
    private long now() {
        return cpuClock ? threads.getCurrentThreadCpuTime() : System.nanoTime();
    }

    public static void main(String[] args) throws Exception {
        BenchArgs a = new BenchArgs(args);
        int rows = a.getInt("rows", 50_000);
        int rounds = a.getInt("rounds", 60);
        Path dir = Path.of(a.get("dir", System.getProperty("java.io.tmpdir")));
        boolean cpu = switch (a.get("clock", "wall")) {
            case "wall" -> false;
            case "cpu" -> true;
            default -> throw new IllegalArgumentException("--clock wall or cpu");
        };
        System.out.println("point operations, batches alternating between the engines: " + rows + " rows, "
                + rounds + " rounds, " + (cpu ? "thread CPU time" : "wall clock") + "; " + BenchArgs.machine());
        PointOps p = new PointOps(rows, cpu);
        Path nativeFile = Files.createTempFile(dir, "points-native", ".db");
        Path oneliteFile = Files.createTempFile(dir, "points-onelite", ".db");
        try (Connection nat = p.load("jdbc:sqlite:", nativeFile); Connection one = p.load("jdbc:onelite:", oneliteFile)) {
            a.applyMmap(nat, true);
            a.applyMmap(one, false);
            for (String op : a.get("ops", "pk,idx,upd,join").split(",")) {
                p.compare(op.trim(), nat, one, rounds);
            }
        } finally {
            Oltp.deleteDb(nativeFile);
            Oltp.deleteDb(oneliteFile);
        }
        System.out.println("after the run: " + BenchArgs.machine());
    }

    private void compare(String op, Connection nat, Connection one, int rounds) throws SQLException {
        String sql = switch (op) {
            case "pk" -> "select name, val from t where id = ?";
            case "idx" -> "select id, name from t where k = ?";
            case "upd" -> "update t set val = val + 1, name = ? where id = ?";
            case "del" -> "delete from t where id = ?";
            case "ins" -> "insert into t values (?, ?, ?, ?, ?)";
            case "join" -> Oltp.JOIN_SQL;
            default -> throw new IllegalArgumentException("unknown operation " + op + " (pk, idx, upd, del, ins, join)");
        };
        int batch = switch (op) {
            case "join" -> 20;
            case "upd", "del", "ins" -> 300;
            default -> 2000;
        };
        double[] nativeUs = new double[rounds];
        double[] oneliteUs = new double[rounds];
        boolean mismatch = false;
        try (PreparedStatement pn = nat.prepareStatement(sql); PreparedStatement po = one.prepareStatement(sql)) {
            for (int r = -rounds / 3; r < rounds; r++) {
                long t0 = now();
                long sn = batch(op, pn, batch, r, rounds);
                long t1 = now();
                long so = batch(op, po, batch, r, rounds);
                long t2 = now();
                mismatch |= sn != so;
                if (r >= 0) {
                    nativeUs[r] = (t1 - t0) / 1000.0 / batch;
                    oneliteUs[r] = (t2 - t1) / 1000.0 / batch;
                }
            }
        }
        Arrays.sort(nativeUs);
        Arrays.sort(oneliteUs);
        double nMin = nativeUs[0];
        double oMin = oneliteUs[0];
        double nMed = nativeUs[rounds / 2];
        double oMed = oneliteUs[rounds / 2];
        System.out.printf("%-5s native min %8.2f us, median %8.2f us | OneLite min %8.2f us, median %8.2f us | ratio min %.2f, median %.2f%s%n",
                op, nMin, nMed, oMin, oMed, oMin / nMin, oMed / nMed, mismatch ? "  MISMATCH" : "");
    }

    /**
     * One batch of {@code n} operations with the keys of round {@code round} (from {@code -rounds / 3});
     * a checksum of what was read or changed. Deletes and inserts take keys no other batch takes:
     * deletes a scrambled sequence of existing ids, inserts new ids above the loaded ones.
     */
    private long batch(String op, PreparedStatement p, int n, long round, int rounds) throws SQLException {
        Random r = new Random(1000 + round);
        long width = Oltp.joinWidth(rows);
        long sum = 0;
        for (int j = 0; j < n; j++) {
            long id = 1 + r.nextInt(rows);
            long unique = (round + rounds / 3) * n + j; // 0, 1, ... over the whole run
            switch (op) {
                case "pk" -> {
                    p.setLong(1, id);
                    try (ResultSet rs = p.executeQuery()) {
                        while (rs.next()) {
                            sum += rs.getString(1).length() + (long) rs.getDouble(2);
                        }
                    }
                }
                case "idx" -> {
                    p.setLong(1, Oltp.keyOf(id));
                    try (ResultSet rs = p.executeQuery()) {
                        while (rs.next()) {
                            sum += rs.getLong(1) + rs.getString(2).length();
                        }
                    }
                }
                case "upd" -> {
                    p.setString(1, "n" + j);
                    p.setLong(2, id);
                    sum += p.executeUpdate();
                }
                case "del" -> {
                    p.setLong(1, 1 + unique * 7919 % rows); // 7919 is prime: distinct ids while unique < rows
                    sum += p.executeUpdate();
                }
                case "ins" -> {
                    long newId = rows + 1 + unique;
                    p.setLong(1, newId);
                    p.setLong(2, Oltp.keyOf(newId));
                    p.setLong(3, newId % 1000);
                    p.setString(4, "name-" + newId);
                    p.setDouble(5, newId * 0.5);
                    sum += p.executeUpdate();
                }
                default -> sum += Oltp.joinRange(p, r, width);
            }
        }
        return sum;
    }

    private Connection load(String prefix, Path file) throws SQLException {
        Connection c = DriverManager.getConnection(prefix + file);
        try (Statement s = c.createStatement()) {
            s.execute("pragma journal_mode=wal");
            s.execute("pragma synchronous=NORMAL");
            s.execute("create table t (id integer primary key, k integer not null, grp integer, name text, val real)");
            s.execute("create index t_k on t(k)");
            s.execute("create table c (id integer primary key, name text)");
        }
        c.setAutoCommit(false);
        try (PreparedStatement t = c.prepareStatement("insert into t values (?, ?, ?, ?, ?)");
             PreparedStatement g = c.prepareStatement("insert into c values (?, ?)")) {
            for (long i = 1; i <= rows; i++) {
                t.setLong(1, i);
                t.setLong(2, Oltp.keyOf(i));
                t.setLong(3, i % 1000);
                t.setString(4, "name-" + i);
                t.setDouble(5, i * 0.5);
                t.executeUpdate();
            }
            for (int i = 0; i < 1000; i++) {
                g.setLong(1, i);
                g.setString(2, "c" + i);
                g.executeUpdate();
            }
        }
        c.commit();
        c.setAutoCommit(true);
        return c;
    }
}
