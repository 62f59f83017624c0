package io.onelite.bench;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.Locale;
import java.util.Properties;
import java.util.Random;

/**
 * Two builds of the engine side by side with native SQLite in one JVM, for a change's before
 * and after on a shared machine: each engine's classes ({@code --before DIR}, {@code --after DIR},
 * e.g. a copy of {@code onelite-engine/target/classes} taken before the change) get their own
 * class loader and their own database file; all three build the OLTP table of {@link Oltp}, then
 * run one query in turn, round after round. Printed: each one's wall-clock and CPU-time (of this
 * thread, where all three work) minimum and median, and the median of the per-round ratios to
 * native (paired: the load of the moment cancels out).
 *
 * <pre>
 * usage: BeforeAfter --before DIR --after DIR [--query order|join|count|group] [--rounds 100]
 *                    [--rows 200000] [--dir DIR]
 * </pre>
 */
public final class BeforeAfter {
    private BeforeAfter() {
    }

    public static void main(String[] args) throws Exception {
        BenchArgs a = new BenchArgs(args);
        String query = a.get("query", "order");
        int rounds = a.getInt("rounds", 100);
        int rows = a.getInt("rows", 200_000);
        Path dir = Path.of(a.get("dir", System.getProperty("java.io.tmpdir")));
        System.out.println(BenchArgs.machine());
        String[] names = {"native", "before", "after"};
        Path[] files = {Oltp.freshFile(dir, "ba-native-"), Oltp.freshFile(dir, "ba-before-"), Oltp.freshFile(dir, "ba-after-")};
        Connection[] cs = new Connection[3];
        try {
            cs[0] = DriverManager.getConnection("jdbc:sqlite:" + files[0]);
            cs[1] = oneLite(a.get("before", ""), files[1]);
            cs[2] = oneLite(a.get("after", ""), files[2]);
            for (Connection c : cs) {
                build(c, rows);
            }
            long[][] wall = new long[3][rounds];
            long[][] cpu = new long[3][rounds];
            long[] sums = new long[3];
            for (int i = 0; i < rounds; i++) {
                for (int e = 0; e < 3; e++) {
                    long c0 = Oltp.cpuNanos();
                    long t0 = System.nanoTime();
                    sums[e] += run(cs[e], query, new Random(i), rows);
                    wall[e][i] = System.nanoTime() - t0;
                    cpu[e][i] = Oltp.cpuNanos() - c0;
                }
            }
            for (int e = 0; e < 3; e++) {
                System.out.printf(Locale.ROOT, "%-6s %s: wall min %.3f median %.3f ms, cpu min %.3f median %.3f ms (checksum %d)%n",
                        names[e], query, min(wall[e]), median(wall[e]), min(cpu[e]), median(cpu[e]), sums[e]);
            }
            for (int e = 1; e < 3; e++) {
                System.out.printf(Locale.ROOT, "%-6s / native: wall paired median %.3f, cpu paired median %.3f%n", names[e],
                        pairedMedian(wall[e], wall[0]), pairedMedian(cpu[e], cpu[0]));
            }
            if (sums[0] != sums[1] || sums[0] != sums[2]) {
                System.out.println("MISMATCH between the checksums");
            }
        } finally {
            for (Connection c : cs) {
                if (c != null) {
                    c.close();
                }
            }
            for (Path f : files) {
                Oltp.deleteDb(f);
            }
        }
        System.out.println("after the run: " + BenchArgs.machine());
    }

    /** A connection through the OneLite driver of {@code classes}, in a class loader of its own. */
    private static Connection oneLite(String classes, Path file) throws Exception {
        if (classes.isEmpty() || !Files.isDirectory(Path.of(classes))) {
            throw new IllegalArgumentException("--before and --after name directories of engine classes, not " + classes);
        }
        URLClassLoader loader = new URLClassLoader(new URL[] {Path.of(classes).toUri().toURL()},
                ClassLoader.getPlatformClassLoader());
        Driver d = (Driver) loader.loadClass("io.onelite.jdbc.OneLiteDriver").getDeclaredConstructor().newInstance();
        return d.connect("jdbc:onelite:" + file, new Properties());
    }

    private static long run(Connection c, String query, Random r, int rows) throws SQLException {
        long sum = 0;
        switch (query) {
            case "order" -> sum = scan(c, "select id, val from t order by val desc, id limit 10");
            case "count" -> sum = scan(c, "select count(*) from t");
            case "group" -> sum = scan(c, "select count(*) from t group by grp");
            case "join" -> {
                try (PreparedStatement p = c.prepareStatement(Oltp.JOIN_SQL)) {
                    long width = Oltp.joinWidth(rows);
                    for (int q = 0; q < 10; q++) {
                        sum += Oltp.joinRange(p, r, width);
                    }
                }
            }
            default -> throw new IllegalArgumentException("--query order|join|count|group, not " + query);
        }
        return sum;
    }

    private static long scan(Connection c, String sql) throws SQLException {
        long sum = 0;
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                sum += rs.getLong(1);
            }
        }
        return sum;
    }

    /** The OLTP schema and rows of {@link Oltp} (t with index t_k, c of 1,000 rows). */
    private static void build(Connection c, int rows) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("PRAGMA journal_mode=WAL");
        }
        Oltp.createSchema(c);
        Oltp.fill(c, rows);
    }

    private static double min(long[] v) {
        return Arrays.stream(v).min().orElse(0) / 1e6;
    }

    private static double median(long[] v) {
        long[] s = v.clone();
        Arrays.sort(s);
        return s[s.length / 2] / 1e6;
    }

    private static double pairedMedian(long[] mine, long[] theirs) {
        double[] r = new double[mine.length];
        for (int i = 0; i < r.length; i++) {
            r[i] = (double) mine[i] / Math.max(1, theirs[i]);
        }
        Arrays.sort(r);
        return r[r.length / 2];
    }
}
