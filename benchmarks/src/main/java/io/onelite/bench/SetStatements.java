package io.onelite.bench;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Statements that change many rows or build a whole tree at once, each against native SQLite:
 * CREATE INDEX of several shapes, UPDATE and DELETE of every row (of a WITHOUT ROWID copy too),
 * of a tenth, an UPDATE that sets the values the rows have (neither engine writes a page for it),
 * DELETE ... ORDER BY ... LIMIT, INSERT ... SELECT and CREATE TABLE AS. Both engines get the same
 * table t ({@code --rows} rows: an integer key, a small group number, a pseudo-random integer and
 * a text) on separate files.
 * Each case runs its setup, then the timed statement, then its cleanup, {@code --runs} times
 * after {@code --warmup} untimed rounds (10: the JIT has compiled the statement's path by then);
 * printed are the median and best time per engine and the ratio of the medians.
 *
 * <pre>
 * usage: SetStatements [--rows 50000] [--runs 15] [--warmup 10] [--only SUBSTRING] [--dir DIR]
 * </pre>
 * It asserts nothing.
 */
public final class SetStatements {
    record Case(String name, List<String> setup, String timed, List<String> cleanup) {
    }

    private static final String WITHOUT_ROWID = "CREATE TABLE w(k TEXT PRIMARY KEY, g INT, x INT, s TEXT) WITHOUT ROWID";

    static final List<Case> CASES = List.of(
            new Case("CREATE INDEX, integer column", List.of(), "CREATE INDEX tx ON t(x)", List.of("DROP INDEX tx")),
            new Case("CREATE INDEX, text column", List.of(), "CREATE INDEX ts ON t(s)", List.of("DROP INDEX ts")),
            new Case("CREATE INDEX, two columns", List.of(), "CREATE INDEX tgx ON t(g, x)", List.of("DROP INDEX tgx")),
            new Case("CREATE UNIQUE INDEX", List.of(), "CREATE UNIQUE INDEX tu ON t(x, id)", List.of("DROP INDEX tu")),
            new Case("UPDATE every row", List.of(), "UPDATE t SET x = x + 1", List.of()),
            // lower() first, untimed: each timed run changes every row it sets (SQLite writes no page for the same bytes)
            new Case("UPDATE a tenth, by a scan", List.of("UPDATE t SET s = lower(s) WHERE g = 3"),
                    "UPDATE t SET s = upper(s) WHERE g = 3", List.of()),
            new Case("UPDATE a tenth, values unchanged", List.of(), "UPDATE t SET s = upper(s), x = x WHERE g = 5", List.of()),
            new Case("INSERT ... SELECT every row", List.of("CREATE TABLE u(id INTEGER PRIMARY KEY, g INT, x INT, s TEXT)"),
                    "INSERT INTO u SELECT * FROM t", List.of("DROP TABLE u")),
            new Case("INSERT ... SELECT, new rowids", List.of("CREATE TABLE u(id INTEGER PRIMARY KEY, g INT, x INT, s TEXT)"),
                    "INSERT INTO u(g, x, s) SELECT g, x, s FROM t", List.of("DROP TABLE u")),
            new Case("CREATE TABLE AS SELECT", List.of(), "CREATE TABLE u AS SELECT * FROM t", List.of("DROP TABLE u")),
            new Case("DELETE every row", List.of("CREATE TABLE u(id INTEGER PRIMARY KEY, g INT, x INT, s TEXT)",
                    "CREATE INDEX ux ON u(x)", "INSERT INTO u SELECT * FROM t"), "DELETE FROM u", List.of("DROP TABLE u")),
            new Case("DELETE a tenth, by a scan", List.of("CREATE TABLE u(id INTEGER PRIMARY KEY, g INT, x INT, s TEXT)",
                    "INSERT INTO u SELECT * FROM t"), "DELETE FROM u WHERE g = 4", List.of("DROP TABLE u")),
            new Case("UPDATE every row, WITHOUT ROWID", List.of(WITHOUT_ROWID, "INSERT INTO w SELECT 'k' || id, g, x, s FROM t"),
                    "UPDATE w SET x = x + 1", List.of("DROP TABLE w")),
            new Case("DELETE a tenth, WITHOUT ROWID", List.of(WITHOUT_ROWID, "INSERT INTO w SELECT 'k' || id, g, x, s FROM t"),
                    "DELETE FROM w WHERE g = 4", List.of("DROP TABLE w")),
            new Case("DELETE ... ORDER BY ... LIMIT 100", List.of("CREATE TABLE u(id INTEGER PRIMARY KEY, g INT, x INT, s TEXT)",
                    "INSERT INTO u SELECT * FROM t"), "DELETE FROM u ORDER BY x DESC LIMIT 100", List.of("DROP TABLE u")));

    public static void main(String[] args) throws Exception {
        BenchArgs a = new BenchArgs(args);
        int rows = a.getInt("rows", 50_000);
        int runs = a.getInt("runs", 15);
        int warmup = a.getInt("warmup", 10);
        String only = a.get("only", "").toLowerCase(Locale.ROOT);
        Path dir = a.dir();
        System.out.printf("set statements, t of %,d rows, files in %s, %d timed runs each after %d warm-up rounds%n",
                rows, dir, runs, warmup);
        System.out.println(BenchArgs.machine());
        Path nativeFile = Oltp.freshFile(dir, "set-native-");
        Path oneliteFile = Oltp.freshFile(dir, "set-onelite-");
        try (Connection n = DriverManager.getConnection("jdbc:sqlite:" + nativeFile);
             Connection o = DriverManager.getConnection("jdbc:onelite:" + oneliteFile)) {
            load(n, rows);
            load(o, rows);
            System.out.printf("%-34s %18s %18s %8s%n", "statement", "native ms (best)", "OneLite ms (best)", "ratio");
            for (Case c : CASES) {
                if (!c.name().toLowerCase(Locale.ROOT).contains(only)) {
                    continue;
                }
                double[] tn = new double[runs];
                double[] to = new double[runs];
                for (int r = -warmup; r < runs; r++) { // the engines take turns, each run on the same state
                    double x = once(n, c);
                    double y = once(o, c);
                    if (r >= 0) {
                        tn[r] = x;
                        to[r] = y;
                    }
                }
                Arrays.sort(tn);
                Arrays.sort(to);
                System.out.printf(Locale.ROOT, "%-34s %9.2f (%6.2f) %9.2f (%6.2f) %8.2f%n", c.name(), tn[runs / 2], tn[0],
                        to[runs / 2], to[0], to[runs / 2] / tn[runs / 2]);
            }
        } finally {
            Oltp.deleteDb(nativeFile);
            Oltp.deleteDb(oneliteFile);
        }
    }

    /** Setup, the timed statement (ms), cleanup. */
    private static double once(Connection c, Case k) throws SQLException {
        try (Statement s = c.createStatement()) {
            for (String sql : k.setup()) {
                s.execute(sql);
            }
            long t0 = System.nanoTime();
            s.execute(k.timed());
            double ms = (System.nanoTime() - t0) / 1e6;
            for (String sql : k.cleanup()) {
                s.execute(sql);
            }
            return ms;
        }
    }

    private static void load(Connection c, int rows) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("PRAGMA journal_mode=WAL");
            s.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, g INT, x INT, s TEXT)");
            s.execute("WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < " + rows + ")"
                    + " INSERT INTO t SELECT i, i % 10, (i * 7919) % 10007, 'name' || i FROM c");
        }
    }
}
