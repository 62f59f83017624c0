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
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * Common query shapes beyond the OLTP list, each against native SQLite: pattern matches,
 * IN and EXISTS subqueries, window functions, DISTINCT, GROUP BY, compounds, sorts, outer joins,
 * OR across indexes, scalar functions over every row, range counts, writes through subqueries.
 * Both engines get the same tables (t: {@code --rows} rows with an index on k; u: a quarter of
 * that, indexed on t_id; g: 1,000 labels) on separate files, then ANALYZE. Each query's time is
 * the best of up to 30 runs in 1.5 s after one run whose rows are compared (a hash of every
 * value in order; "DIFFERENT" flags a query whose rows differ) and 0.3 s of warm-up runs
 * ({@code -Dwarm.ms=N} for another length). With {@code --cpu} the time is the calling thread's
 * CPU time instead of the wall clock (both engines run a query in the calling thread, native
 * SQLite through JNI): on a VM whose cores are taken away in bursts, the wall clock moves by up
 * to 1.5x from run to run, the CPU time much less.
 *
 * <pre>
 * usage: QueryShapes [--rows 200000] [--only SUBSTRING] [--sql QUERY] [--dir DIR] [--csv FILE] [--cpu]
 * </pre>
 * {@code --sql} times that one query over the same tables instead of the list.
 * It asserts nothing.
 */
public final class QueryShapes {
    record Shape(String name, String sql) {
    }

    static final List<Shape> SHAPES = List.of(
            new Shape("LIKE prefix", "SELECT count(*) FROM t WHERE name LIKE 'name 12%'"),
            new Shape("LIKE contains", "SELECT count(*) FROM t WHERE name LIKE '%777%'"),
            new Shape("GLOB prefix", "SELECT count(*) FROM t WHERE name GLOB 'name 12*'"),
            new Shape("IN list of keys", "SELECT * FROM t WHERE id IN (5,50,500,5000,50000,150000,7,70,700,7000)"),
            new Shape("IS lookup on an index", "SELECT * FROM t WHERE k IS 424242"),
            new Shape("IN (SELECT) on an index", "SELECT count(*) FROM t WHERE k IN (SELECT x FROM u WHERE id < 200)"),
            new Shape("NOT IN (SELECT) 50k rows", "SELECT count(*) FROM t WHERE id < 20000 AND id NOT IN (SELECT t_id FROM u)"),
            new Shape("NOT IN (SELECT) for 11 rows", "SELECT count(*) FROM t WHERE id BETWEEN 1000 AND 1010 AND id NOT IN (SELECT t_id FROM u)"),
            new Shape("IN (SELECT rowid) per row", "SELECT count(*) FROM t WHERE grp IN (SELECT id FROM g)"),
            new Shape("IN (SELECT) by rowid", "SELECT count(*) FROM g WHERE id IN (SELECT grp FROM t WHERE val > 999)"),
            new Shape("EXISTS correlated", "SELECT count(*) FROM t WHERE EXISTS (SELECT 1 FROM u WHERE u.t_id = t.id) AND t.id < 20000"),
            new Shape("NOT EXISTS correlated", "SELECT count(*) FROM t WHERE NOT EXISTS (SELECT 1 FROM u WHERE u.t_id = t.id) AND t.id < 20000"),
            new Shape("scalar subquery correlated", "SELECT id, (SELECT max(x) FROM u WHERE u.t_id = t.id) FROM t WHERE id < 2000"),
            new Shape("row_number() by partition", "SELECT id, row_number() OVER (PARTITION BY grp ORDER BY val) FROM t WHERE grp < 20"),
            new Shape("running sum() window", "SELECT id, sum(val) OVER (ORDER BY id) FROM t WHERE id < 20000"),
            new Shape("lag() window", "SELECT id, lag(val) OVER (ORDER BY id) FROM t WHERE id < 20000"),
            new Shape("running min() window", "SELECT id, min(val) OVER (ORDER BY id) FROM t WHERE id < 20000"),
            new Shape("sliding max() window", "SELECT id, max(val) OVER (ORDER BY id ROWS BETWEEN 100 PRECEDING AND 100 FOLLOWING) FROM t WHERE id < 20000"),
            new Shape("sliding group_concat() window", "SELECT id, group_concat(k) OVER (ORDER BY id ROWS 20 PRECEDING) FROM t WHERE id < 20000"),
            new Shape("DISTINCT", "SELECT DISTINCT grp FROM t"),
            new Shape("count(DISTINCT)", "SELECT count(DISTINCT grp) FROM t"),
            new Shape("GROUP BY, ORDER BY count LIMIT", "SELECT grp, count(*) FROM t GROUP BY grp ORDER BY 2 DESC, 1 LIMIT 10"),
            new Shape("GROUP BY an expression", "SELECT substr(name, 1, 7), count(*) FROM t GROUP BY 1"),
            new Shape("HAVING", "SELECT grp, sum(val) FROM t GROUP BY grp HAVING sum(val) > 100000"),
            new Shape("UNION", "SELECT k FROM t WHERE id < 5000 UNION SELECT x FROM u WHERE id < 5000"),
            new Shape("UNION ALL ORDER BY LIMIT", "SELECT k FROM t WHERE id < 5000 UNION ALL SELECT x FROM u WHERE id < 5000 ORDER BY 1 LIMIT 20"),
            new Shape("UNION ALL of indexed arms, LIMIT", "SELECT k, id FROM t UNION ALL SELECT t_id, id FROM u ORDER BY 1 DESC LIMIT 20"),
            new Shape("ORDER BY unindexed LIMIT", "SELECT * FROM t ORDER BY val DESC LIMIT 10"),
            new Shape("ORDER BY text, all rows", "SELECT id, name FROM t ORDER BY name, id"),
            new Shape("anti join (LEFT JOIN IS NULL)", "SELECT count(*) FROM t LEFT JOIN u ON u.t_id = t.id WHERE u.id IS NULL"),
            new Shape("three-table join", "SELECT t.id, u.x, g.label FROM t JOIN u ON u.t_id = t.id JOIN g ON g.id = t.grp WHERE t.k BETWEEN 1000 AND 1200"),
            new Shape("five-table join, written from the wrong end", "SELECT count(*) FROM u, t, g, u AS u2, t AS t2 WHERE t.id = u.t_id AND g.id = t.grp AND u2.id = u.id AND t2.id = u2.t_id AND t2.k BETWEEN 1000 AND 1200"),
            new Shape("join and LEFT JOIN, filter on the second", "SELECT u.id, t.name, g.label FROM u JOIN t ON t.id = u.t_id LEFT JOIN g ON g.id = t.grp WHERE t.k BETWEEN 1000 AND 1200"),
            new Shape("LEFT JOIN filtered on its right table", "SELECT t.id, u.x FROM t LEFT JOIN u ON u.t_id = t.id WHERE u.t_id BETWEEN 1000 AND 1100"),
            new Shape("OR of two indexed terms", "SELECT * FROM t WHERE k = 777 OR id = 12345"),
            new Shape("lower() = in WHERE", "SELECT count(*) FROM t WHERE lower(name) = 'name 777'"),
            new Shape("CASE in sum()", "SELECT sum(CASE WHEN val > 500 THEN 1 WHEN val > 100 THEN 2 ELSE 3 END) FROM t"),
            new Shape("BETWEEN, no index", "SELECT count(*) FROM t WHERE val BETWEEN 100 AND 200"),
            new Shape("integer filter, narrow table", "SELECT count(*) FROM u WHERE x >= 0"),
            new Shape("sum/avg/min/max", "SELECT sum(val), avg(val), min(val), max(val) FROM t"),
            new Shape("group_concat()", "SELECT grp, group_concat(id) FROM t WHERE grp < 50 GROUP BY grp"),
            new Shape("json_extract()", "SELECT sum(json_extract(js, '$.a')) FROM t WHERE id < 50000"),
            new Shape("strftime()", "SELECT count(*) FROM t WHERE strftime('%Y', 1600000000 + id * 100, 'unixepoch') = '2020'"),
            new Shape("printf()", "SELECT max(printf('%08d-%s', id, name)) FROM t"),
            new Shape("recursive CTE 100k", "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 100000) SELECT sum(x) FROM n"),
            new Shape("aggregate over a GROUP BY", "SELECT avg(c) FROM (SELECT grp, count(*) c FROM t GROUP BY grp)"),
            new Shape("min() and max() of an index", "SELECT min(k), max(k) FROM t"),
            new Shape("count(*) of an index range", "SELECT count(*) FROM t WHERE k > 500000"),
            new Shape("CTE joined", "WITH big AS (SELECT grp, sum(val) s FROM t GROUP BY grp) SELECT g.label, big.s FROM g JOIN big ON big.grp = g.id WHERE g.id < 100"),
            new Shape("replace()/instr()", "SELECT count(*) FROM t WHERE instr(replace(name, ' ', '_'), '_12') > 0"),
            new Shape("coalesce()/ifnull()", "SELECT sum(coalesce(k, 0) + ifnull(grp, 0)) FROM t"),
            new Shape("CAST", "SELECT sum(CAST(name AS INTEGER) + CAST(val AS INT)) FROM t"),
            new Shape("UPDATE by a scan", "UPDATE t SET val = val + 0 WHERE grp = 5"),
            new Shape("UPDATE ... IN (SELECT)", "UPDATE u SET x = x WHERE t_id IN (SELECT id FROM t WHERE grp = 7)"));

    public static void main(String[] args) throws Exception {
        BenchArgs a = new BenchArgs(args);
        int rows = a.getInt("rows", 200_000);
        String only = a.get("only", "");
        cpuTime = a.has("cpu");
        Path dir = a.dir();
        System.out.printf("query shapes, t of %,d rows, files in %s, times: %s%n", rows, dir,
                cpuTime ? "the thread's CPU time" : "wall clock");
        System.out.println(BenchArgs.machine());
        Path nativeFile = Oltp.freshFile(dir, "shapes-native-");
        Path oneliteFile = Oltp.freshFile(dir, "shapes-onelite-");
        List<String[]> table = new ArrayList<>();
        try (Connection n = DriverManager.getConnection("jdbc:sqlite:" + nativeFile);
             Connection o = DriverManager.getConnection("jdbc:onelite:" + oneliteFile)) {
            load(n, rows);
            load(o, rows);
            System.out.printf("%-34s %11s %11s %8s%n", "query", "native ms", "OneLite ms", "ratio");
            List<Shape> shapes = a.has("sql") ? List.of(new Shape("--sql", a.get("sql", ""))) : SHAPES;
            for (Shape s : shapes) {
                if (!s.name().toLowerCase(Locale.ROOT).contains(only.toLowerCase(Locale.ROOT))) {
                    continue;
                }
                boolean same = run(n, s.sql()).equals(run(o, s.sql()));
                double tn = best(n, s.sql());
                double to = best(o, s.sql());
                System.out.printf(Locale.ROOT, "%-34s %11.3f %11.3f %8.2f%s%n", s.name(), tn, to, to / tn, same ? "" : "  DIFFERENT");
                table.add(new String[] {s.name(), String.format(Locale.ROOT, "%.3f", tn), String.format(Locale.ROOT, "%.3f", to),
                    String.format(Locale.ROOT, "%.3f", to / tn), Boolean.toString(same)});
            }
        } finally {
            Oltp.deleteDb(nativeFile);
            Oltp.deleteDb(oneliteFile);
        }
        if (a.has("csv")) {
            writeCsv(table, Path.of(a.get("csv", "query-shapes.csv")));
        }
    }

    private static void load(Connection c, int rows) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("PRAGMA journal_mode=WAL");
            s.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, k INT, grp INT, name TEXT, val REAL, js TEXT)");
            s.execute("CREATE INDEX tk ON t(k)");
            s.execute("CREATE TABLE u (id INTEGER PRIMARY KEY, t_id INT, x INT, note TEXT)");
            s.execute("CREATE INDEX ut ON u(t_id)");
            s.execute("CREATE TABLE g (id INTEGER PRIMARY KEY, label TEXT)");
            c.setAutoCommit(false);
            Random r = new Random(1);
            try (PreparedStatement p = c.prepareStatement("INSERT INTO t VALUES (?, ?, ?, ?, ?, ?)")) {
                for (int i = 1; i <= rows; i++) {
                    p.setInt(1, i);
                    p.setInt(2, r.nextInt(1_000_000));
                    p.setInt(3, r.nextInt(1000));
                    p.setString(4, "name " + r.nextInt(100_000));
                    p.setDouble(5, r.nextDouble() * 1000);
                    p.setString(6, "{\"a\":" + r.nextInt(100) + ",\"b\":\"x\"}");
                    p.executeUpdate();
                }
            }
            Random ru = new Random(2);
            try (PreparedStatement p = c.prepareStatement("INSERT INTO u VALUES (?, ?, ?, ?)")) {
                for (int i = 1; i <= rows / 4; i++) {
                    p.setInt(1, i);
                    p.setInt(2, ru.nextInt(rows) + 1);
                    p.setInt(3, ru.nextInt(1_000_000));
                    p.setString(4, "n" + i);
                    p.executeUpdate();
                }
            }
            try (PreparedStatement p = c.prepareStatement("INSERT INTO g VALUES (?, ?)")) {
                for (int i = 0; i < 1000; i++) {
                    p.setInt(1, i);
                    p.setString(2, "label " + i);
                    p.executeUpdate();
                }
            }
            c.commit();
            c.setAutoCommit(true);
            s.execute("ANALYZE");
        }
    }

    /** The rows as a count and a hash of every value in order (or the update count). */
    private static String run(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement()) {
            if (!s.execute(sql)) {
                return "updated " + s.getUpdateCount();
            }
            try (ResultSet rs = s.getResultSet()) {
                int cols = rs.getMetaData().getColumnCount();
                long h = 0;
                int n = 0;
                while (rs.next()) {
                    n++;
                    for (int i = 1; i <= cols; i++) {
                        String v = rs.getString(i);
                        h = h * 31 + (v == null ? 0 : v.hashCode());
                    }
                }
                return n + " rows, hash " + h;
            }
        }
    }

    /** Whether times are the thread's CPU time ({@code --cpu}) rather than the wall clock. */
    private static boolean cpuTime;
    private static final java.lang.management.ThreadMXBean THREADS = java.lang.management.ManagementFactory.getThreadMXBean();

    private static long clock() {
        return cpuTime ? THREADS.getCurrentThreadCpuTime() : System.nanoTime();
    }

    /**
     * The best time in ms of up to 30 runs within about 1.5 s (at least 3), after runs for about
     * 0.3 s ({@code -Dwarm.ms}; at most 200,000 runs) that let the JIT compile a short query's
     * path, as an application's statements run many times (native SQLite has nothing to warm: the
     * same runs, for fairness).
     */
    private static double best(Connection c, String sql) throws SQLException {
        long warm = System.nanoTime() + Long.getLong("warm.ms", 300) * 1_000_000L;
        // a cap of 2,000 runs cut a 0.05 ms query's warm-up to 0.1 s whatever warm.ms said
        for (int i = 0; i < 200_000 && System.nanoTime() < warm; i++) {
            run(c, sql);
        }
        double best = Double.MAX_VALUE;
        long end = System.nanoTime() + 1_500_000_000L;
        for (int i = 0; i < 30 && (i < 3 || System.nanoTime() < end); i++) {
            long t0 = clock();
            run(c, sql);
            best = Math.min(best, (clock() - t0) / 1e6);
        }
        return best;
    }

    private static void writeCsv(List<String[]> table, Path file) throws IOException {
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(file))) {
            w.println("query,native_ms,onelite_ms,ratio,same_rows");
            for (String[] r : table) {
                w.printf("\"%s\",%s,%s,%s,%s%n", r[0], r[1], r[2], r[3], r[4]);
            }
        }
        System.out.println("wrote " + file);
    }
}
