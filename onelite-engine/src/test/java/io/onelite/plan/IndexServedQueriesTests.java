package io.onelite.plan;

import io.onelite.api.Database;
import io.onelite.api.DatabaseOptions;
import io.onelite.api.Session;
import io.onelite.testing.ReplaySeed;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

import static io.onelite.plan.NativeOracle.both;
import static io.onelite.plan.NativeOracle.oneLite;
import static io.onelite.plan.NativeOracle.planOneLite;
import static io.onelite.plan.NativeOracle.planSqlite;
import static io.onelite.plan.NativeOracle.sqlite;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Queries an index answers without reading the table or sorting, against native SQLite: min()
 * and max() read one entry (SQLite's min/max optimization: index, equality prefix, rowid,
 * WITHOUT ROWID key, expression index; NULLs skipped by min), indexes on expressions and partial
 * indexes whose WHERE fixes a column cover, DISTINCT and GROUP BY walk an index instead of a temp
 * b-tree. Results must equal SQLite's (sorted where no ORDER BY fixes the order) and EXPLAIN QUERY
 * PLAN must read as SQLite's. Prints its seed.
 */
class IndexServedQueriesTests {
    private static final String[] SCHEMA = {
        "CREATE TABLE t(id INTEGER PRIMARY KEY, a INTEGER, b TEXT COLLATE NOCASE, c REAL, e TEXT, k INTEGER)",
        "CREATE INDEX t_a ON t(a)",
        "CREATE INDEX t_bc ON t(b, c DESC)",
        "CREATE INDEX t_cd ON t(c DESC)",
        "CREATE INDEX t_ka ON t(k, a)",
        "CREATE INDEX t_low ON t(lower(e))",
        "CREATE INDEX t_sum ON t(a + k)",
        "CREATE INDEX t_part ON t(e) WHERE k = 3",
        "CREATE TABLE w(name TEXT PRIMARY KEY COLLATE NOCASE, v INTEGER) WITHOUT ROWID",
        "CREATE TABLE empty(id INTEGER PRIMARY KEY, x)",
        "CREATE INDEX empty_x ON empty(x)",
    };

    private static String value(Random r, char kind) {
        if (r.nextInt(6) == 0) {
            return "NULL";
        }
        return switch (kind) {
            case 'i' -> Integer.toString(r.nextInt(20) - 5);
            case 'r' -> r.nextInt(20) + (r.nextBoolean() ? ".5" : ".0");
            case 't' -> "'" + (r.nextBoolean() ? "Q" : "q") + r.nextInt(6) + "'";
            default -> Integer.toString(r.nextInt(5));
        };
    }

    private static void fill(Session s, Connection c, Random r, int rows) {
        for (String ddl : SCHEMA) {
            both(s, c, ddl);
        }
        both(s, c, "BEGIN");
        for (int i = 0; i < rows; i++) {
            both(s, c, "INSERT INTO t(a, b, c, e, k) VALUES (" + value(r, 'i') + ", " + value(r, 't') + ", "
                    + value(r, 'r') + ", " + value(r, 't') + ", " + value(r, 'k') + ")");
        }
        for (int i = 0; i < 40; i++) {
            both(s, c, "INSERT OR IGNORE INTO w VALUES (" + value(r, 't') + ", " + value(r, 'i') + ")");
        }
        both(s, c, "COMMIT");
    }

    private static String where(Random r) {
        int v = r.nextInt(20) - 5;
        return switch (r.nextInt(10)) {
            case 0, 1 -> "";
            case 2 -> " WHERE k = " + r.nextInt(5);
            case 3 -> " WHERE k IN (1, 3)";
            case 4 -> " WHERE a > " + v;
            case 5 -> " WHERE a BETWEEN " + v + " AND " + (v + 6);
            case 6 -> " WHERE b = 'q" + r.nextInt(6) + "'";
            case 7 -> " WHERE k = 3 AND e > 'q2'";
            case 8 -> " WHERE lower(e) >= 'q3'";
            default -> " WHERE c < " + v;
        };
    }

    @Test
    void randomQueriesReturnWhatNativeSqliteReturns() throws Exception {
        long seed = ReplaySeed.announce("IndexServedQueriesTests");
        Random r = new Random(seed);
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession();
             Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            fill(s, c, r, 400);
            String[] extremes = {"a", "c", "id", "rowid", "lower(e)", "a + k", "b", "b COLLATE BINARY", "e", "k"};
            String[] distinct = {"a", "k", "k, a", "a, k", "c", "lower(e)", "a + k", "e", "id, e", "k, e"};
            List<String> ordered = new ArrayList<>();
            List<String> unordered = new ArrayList<>();
            for (int q = 0; q < 150; q++) {
                String w = where(r);
                String x = extremes[r.nextInt(extremes.length)];
                String fn = r.nextBoolean() ? "min" : "max";
                ordered.add("SELECT " + fn + "(" + x + ") FROM t" + w);
                ordered.add("SELECT " + fn + "(" + x + ") + 1, count(*) FROM t" + w);
                ordered.add("SELECT " + fn + "(" + x + ") FROM t" + w + (w.isEmpty() ? " WHERE" : " AND")
                        + " id % 2 = " + r.nextInt(2));
                ordered.add("SELECT " + fn + "(name), " + fn + "(v) FROM w");
                ordered.add("SELECT " + fn + "(v) FROM w WHERE name > 'q2'");
                ordered.add("SELECT " + fn + "(x), " + fn + "(id) FROM empty");
                String d = distinct[r.nextInt(distinct.length)];
                unordered.add("SELECT DISTINCT " + d + " FROM t" + w);
                ordered.add("SELECT DISTINCT " + d + " FROM t" + w + " ORDER BY " + d
                        + (r.nextBoolean() ? " LIMIT " + r.nextInt(8) : ""));
                unordered.add("SELECT lower(e), count(*), sum(a) FROM t" + w + " GROUP BY lower(e)");
                ordered.add("SELECT a + k, count(*) FROM t" + w + " GROUP BY a + k ORDER BY a + k"
                        + (r.nextBoolean() ? " DESC" : ""));
                unordered.add("SELECT lower(e), a + k, id FROM t" + w);
                // an index gives the leading ORDER BY terms, the rest is sorted per run (id makes it total)
                String lead = new String[] {"k", "k DESC", "a", "a DESC", "b", "c DESC", "lower(e)", "k, a"}[r.nextInt(8)];
                String rest = new String[] {"e", "c", "b COLLATE BINARY", "a DESC", "e DESC NULLS FIRST"}[r.nextInt(5)];
                ordered.add("SELECT t.id, t.k, w.name FROM t JOIN w ON w.v = t.a" + w.replace(" a", " t.a")
                        .replace(" k", " t.k").replace(" b", " t.b").replace(" c", " t.c").replace("(e)", "(t.e)")
                        + " ORDER BY t.k" + (r.nextBoolean() ? " DESC" : "") + ", w.name, t.id");
                ordered.add("SELECT id, a, c, k FROM t" + w + " ORDER BY " + lead + ", " + rest + ", id"
                        + (r.nextInt(3) == 0 ? " LIMIT " + r.nextInt(30) + (r.nextBoolean() ? " OFFSET " + r.nextInt(9) : "") : ""));
                unordered.add("SELECT e, k, a FROM t WHERE k = 3" + (r.nextBoolean() ? " AND e < 'q" + r.nextInt(6) + "'" : ""));
            }
            for (String sql : ordered) {
                assertThat(oneLite(s, sql)).as("seed " + seed + ": " + sql).isEqualTo(sqlite(c, sql));
            }
            for (String sql : unordered) {
                assertThat(sorted(oneLite(s, sql))).as("seed " + seed + ": " + sql).isEqualTo(sorted(sqlite(c, sql)));
            }
        }
    }

    /** The rows in one order; text folded where NOCASE lets either spelling of a group show. */
    private static List<String> sorted(List<String> rows) {
        List<String> out = new ArrayList<>();
        for (String row : rows) {
            out.add(row.toLowerCase(Locale.ROOT));
        }
        out.sort(null);
        return out;
    }

    @Test
    void minAndMaxStopAtTheFirstEntryInTheirOrder() throws Exception {
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession();
             Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            both(s, c, "CREATE TABLE m(id INTEGER PRIMARY KEY, x, y, g)");
            both(s, c, "CREATE INDEX m_x ON m(x)");
            both(s, c, "CREATE INDEX m_gx ON m(g, x DESC)");
            // abs(y) overflows on the row with the smallest x: reading it is an error
            both(s, c, "INSERT INTO m VALUES (1, NULL, 1, 1), (2, NULL, 2, 1), (3, 5, -9223372036854775808, 1), "
                    + "(4, 7, 4, 1), (5, 9, 5, 1), (6, NULL, -9223372036854775808, 2), (7, 2, 7, 2)");
            for (String sql : new String[] {
                "SELECT max(x) FROM m WHERE abs(y) >= 0",
                "SELECT max(x), id FROM m WHERE abs(y) >= 0",
                "SELECT max(x) FROM m WHERE g = 1 AND abs(y) >= 0",
                "SELECT max(id) FROM m WHERE abs(y) >= 0 AND id > 6",
                "SELECT min(x) FROM m WHERE g = 2 AND abs(y) >= 0", // its NULL row is skipped, not read
                "SELECT min(x) FROM m WHERE g = 1 AND abs(y) >= 0", // past the NULLs, reads row 3: an error
                "SELECT min(x) FROM m", "SELECT min(x) FROM m WHERE g = 1", "SELECT max(x) FROM m WHERE g = 3",
                "SELECT min(x), max(x) FROM m WHERE abs(y) >= 0"}) {
                assertThat(oneLite(s, sql)).as(sql).isEqualTo(sqlite(c, sql));
            }
            assertThat(oneLite(s, "SELECT max(x), id FROM m WHERE abs(y) >= 0")).containsExactly("I9|I5|");
            assertThat(oneLite(s, "SELECT min(x) FROM m WHERE g = 1 AND abs(y) >= 0")).containsExactly("ERROR");
            // all NULL: min() walks past them and finds none
            both(s, c, "CREATE TABLE n(v)");
            both(s, c, "CREATE INDEX n_v ON n(v)");
            both(s, c, "INSERT INTO n VALUES (NULL), (NULL)");
            for (String sql : new String[] {"SELECT min(v) FROM n", "SELECT max(v) FROM n", "SELECT min(v), count(*) FROM n"}) {
                assertThat(oneLite(s, sql)).as(sql).isEqualTo(sqlite(c, sql));
            }
        }
    }

    @Test
    void aSortWithinIndexRunsStopsAfterTheRunTheLimitEndsIn() throws Exception {
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession();
             Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            both(s, c, "CREATE TABLE m(id INTEGER PRIMARY KEY, g, x, y)");
            both(s, c, "CREATE INDEX m_gx ON m(g, x)");
            // abs(y) overflows in the last run (x = 9): computing that row's output is an error
            both(s, c, "INSERT INTO m VALUES (1, 1, 5, 1), (2, 1, 5, 2), (3, 1, 7, 3), (4, 1, 7, 4), "
                    + "(5, 1, 9, -9223372036854775808), (6, 2, 1, -9223372036854775808)");
            for (String sql : new String[] {
                "SELECT id, abs(y) FROM m WHERE g = 1 ORDER BY x, y DESC LIMIT 3",
                "SELECT id, abs(y) FROM m WHERE g = 1 ORDER BY x, y DESC LIMIT 2 OFFSET 2",
                "SELECT id, abs(y) FROM m WHERE g = 1 ORDER BY x, y DESC LIMIT 5",
                "SELECT id, y FROM m WHERE g = 1 ORDER BY x DESC, y LIMIT 2",
                "SELECT id, y FROM m ORDER BY g, y DESC"}) {
                assertThat(planOneLite(s, sql)).as(sql).isEqualTo(planSqlite(c, sql));
                assertThat(oneLite(s, sql)).as(sql).isEqualTo(sqlite(c, sql));
            }
            assertThat(oneLite(s, "SELECT id FROM m WHERE g = 1 ORDER BY x, y DESC LIMIT 3"))
                    .containsExactly("I2|", "I1|", "I4|");
            assertThat(oneLite(s, "SELECT id, abs(y) FROM m WHERE g = 1 ORDER BY x, y DESC LIMIT 5")).containsExactly("ERROR");
        }
    }

    @Test
    void queryPlansReadAsNativeSqlites() throws Exception {
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession();
             Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            for (String ddl : new String[] {
                "CREATE TABLE t(id INTEGER PRIMARY KEY, a INT, x INT, b TEXT COLLATE NOCASE, c INT, d, s TEXT, r REAL)",
                "CREATE INDEX tx ON t(x)", "CREATE INDEX tax ON t(a, x)", "CREATE INDEX tb ON t(b)",
                "CREATE INDEX tdd ON t(d DESC)", "CREATE INDEX tlb ON t(lower(b), x)", "CREATE INDEX tsum ON t(a + c)",
                "CREATE INDEX tpc ON t(a) WHERE c = 5", "CREATE INDEX tps ON t(x) WHERE s = 5 AND r IS 2",
                "CREATE UNIQUE INDEX tu ON t(c)",
                "CREATE TABLE w(k TEXT PRIMARY KEY, v) WITHOUT ROWID",
                "CREATE TABLE u(p, q)",
                "CREATE TABLE n(id INTEGER PRIMARY KEY, e NOT NULL, f)", "CREATE UNIQUE INDEX ne ON n(e)"}) {
                both(s, c, ddl);
            }
            for (String sql : new String[] {
                // min/max
                "SELECT max(x) FROM t", "SELECT min(x) FROM t", "SELECT max(x) FROM t WHERE a = 3",
                "SELECT min(x) FROM t WHERE a = 3", "SELECT max(id) FROM t", "SELECT min(rowid) FROM t",
                "SELECT max(x) FROM t WHERE x < 5", "SELECT max(x) + 1 FROM t", "SELECT max(x), b FROM t",
                "SELECT max(x) FROM t WHERE a > 3", "SELECT max(b) FROM t", "SELECT min(b COLLATE BINARY) FROM t",
                "SELECT max(d) FROM t", "SELECT min(d) FROM t", "SELECT max(a + c) FROM t", "SELECT max(lower(b)) FROM t",
                "SELECT max(id) FROM t WHERE id < 100", "SELECT max(id) FROM t WHERE a = 3", "SELECT max(k) FROM w",
                "SELECT min(v) FROM w", "SELECT max(x) FROM t, w", "SELECT max(x) FROM t INDEXED BY tb",
                "SELECT max(x) FROM t NOT INDEXED", "SELECT max(DISTINCT x) FROM t", "SELECT max(x) FROM t ORDER BY 1",
                "SELECT max(x), min(x) FROM t", "SELECT max(x) FILTER (WHERE a > 1) FROM t",
                "SELECT max(x) FROM t HAVING max(x) > 1", "SELECT max(x) FROM t GROUP BY a", "SELECT max(x, a) FROM t",
                "SELECT count(*) FROM u ORDER BY 1", "SELECT * FROM t WHERE x > 3 ORDER BY id",
                // expressions and partial indexes that cover
                "SELECT lower(b) FROM t WHERE lower(b) > 'a'", "SELECT lower(b) FROM t", "SELECT lower(b), id FROM t ORDER BY lower(b)",
                "SELECT lower(b), x, id FROM t WHERE lower(b) = 'a' AND x > 3", "SELECT upper(lower(b)) FROM t WHERE lower(b) = 'a'",
                "SELECT b FROM t WHERE lower(b) = 'a'", "SELECT a + c FROM t WHERE a + c > 3", "SELECT count(*) FROM t WHERE a + c = 3",
                "SELECT a, c FROM t WHERE c = 5 AND a > 3", "SELECT a FROM t WHERE c = 5 AND a > 3", "SELECT a, c FROM t WHERE c = 5",
                "SELECT x, s, r FROM t WHERE s = 5 AND r IS 2", "SELECT x, s, r, b FROM t WHERE s = 5 AND r IS 2",
                // DISTINCT and GROUP BY
                "SELECT DISTINCT x FROM t", "SELECT DISTINCT a FROM t", "SELECT DISTINCT x, a FROM t",
                "SELECT DISTINCT x FROM t WHERE a = 3", "SELECT DISTINCT a FROM t WHERE a > 3", "SELECT DISTINCT a, id FROM t",
                "SELECT DISTINCT id, d FROM t", "SELECT DISTINCT c FROM t", "SELECT DISTINCT b FROM t",
                "SELECT DISTINCT b COLLATE BINARY FROM t", "SELECT DISTINCT d FROM t", "SELECT DISTINCT lower(b) FROM t",
                "SELECT DISTINCT a FROM t ORDER BY a DESC", "SELECT DISTINCT a, x FROM t ORDER BY x",
                "SELECT DISTINCT d FROM t ORDER BY d", "SELECT DISTINCT d FROM t ORDER BY id", "SELECT DISTINCT a FROM t LIMIT 3",
                "SELECT DISTINCT p FROM u", "SELECT DISTINCT p FROM u ORDER BY q", "SELECT DISTINCT p FROM u ORDER BY p DESC",
                "SELECT DISTINCT p, q FROM u ORDER BY p, q", "SELECT DISTINCT p FROM u ORDER BY p LIMIT 2",
                "SELECT DISTINCT t.a FROM t, u", "SELECT DISTINCT t.a, u.p FROM t, u", "SELECT DISTINCT * FROM t",
                "SELECT DISTINCT a, count(*) FROM t GROUP BY a", "SELECT DISTINCT count(*) FROM t GROUP BY d",
                "SELECT DISTINCT k, v FROM w", "SELECT DISTINCT v FROM w", "SELECT DISTINCT e, f FROM n", "SELECT DISTINCT f, e FROM n",
                "SELECT DISTINCT x FROM t WHERE a IN (1, 2)", "SELECT DISTINCT a+1 FROM t",
                "SELECT count(*) FROM t GROUP BY lower(b)", "SELECT lower(b) FROM t GROUP BY lower(b)",
                "SELECT lower(b), count(*) FROM t GROUP BY lower(b) ORDER BY lower(b)",
                "SELECT a + c, count(*) FROM t GROUP BY a + c",
                // an index walk gives the leading ORDER BY terms: only the rest is sorted
                "SELECT * FROM t ORDER BY a, b", "SELECT * FROM t ORDER BY a, b LIMIT 3", "SELECT * FROM t ORDER BY x, b",
                "SELECT * FROM t ORDER BY x, b LIMIT 3", "SELECT a, x FROM t ORDER BY a, c", "SELECT * FROM t ORDER BY a, x, c",
                "SELECT * FROM t ORDER BY a, c, b", "SELECT * FROM t WHERE a > 3 ORDER BY a, b",
                "SELECT * FROM t WHERE a = 3 ORDER BY x, b", "SELECT * FROM t WHERE a = 3 ORDER BY x, b, c",
                "SELECT * FROM t WHERE a = 3 ORDER BY x, b LIMIT 2", "SELECT * FROM t WHERE a IN (1, 2) ORDER BY a, b",
                "SELECT * FROM t WHERE a = 3 ORDER BY b", "SELECT * FROM t ORDER BY a DESC, b",
                "SELECT * FROM t ORDER BY a DESC, b DESC", "SELECT * FROM t WHERE x > 5 ORDER BY x, b",
                "SELECT * FROM t ORDER BY id, b", "SELECT a, count(*) FROM t GROUP BY a ORDER BY a, count(*)",
                "SELECT * FROM t WHERE s = 'z' ORDER BY x, c", "SELECT t.x, u.q FROM t, u ORDER BY t.x, u.q",
                "SELECT t.x, u.q FROM t, u ORDER BY t.x DESC, u.q LIMIT 4"}) {
                assertThat(planOneLite(s, sql)).as(sql).isEqualTo(planSqlite(c, sql));
            }
        }
    }

    @Test
    void coveringReadsOfExpressionsAndFixedColumnsGiveTheRowsValues() throws Exception {
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession();
             Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            for (String sql : new String[] {
                "CREATE TABLE t(id INTEGER PRIMARY KEY, a INT, c INT, s TEXT, r REAL, m NUMERIC, e TEXT)",
                "CREATE INDEX p1 ON t(a) WHERE c = 5", "CREATE INDEX p2 ON t(a) WHERE s = 5",
                "CREATE INDEX p3 ON t(a) WHERE r = 2", "CREATE INDEX p4 ON t(a) WHERE m IS '5.0' AND s = 'k'",
                "CREATE INDEX x1 ON t(CAST(a AS REAL))", "CREATE INDEX x2 ON t(e || 'x')",
                "INSERT INTO t VALUES (1, 1, 5, 5, 2, 5, 'A'), (2, 2, 5, '5', 2.0, '5.0', NULL), "
                        + "(3, 3, 7, 'k', 2.5, 5.0, 'b'), (4, NULL, 5, 'k', 2, '5', 'C')"}) {
                both(s, c, sql);
            }
            for (String sql : new String[] {
                "SELECT a, c, typeof(c) FROM t WHERE c = 5 ORDER BY a", "SELECT a, s, typeof(s) FROM t WHERE s = 5",
                "SELECT a, r, typeof(r) FROM t WHERE r = 2 ORDER BY a", "SELECT a, m, typeof(m), s FROM t WHERE m IS '5.0' AND s = 'k'",
                "SELECT CAST(a AS REAL), typeof(CAST(a AS REAL)) FROM t WHERE CAST(a AS REAL) > 1",
                "SELECT e || 'x' FROM t WHERE e || 'x' >= 'A' ORDER BY e || 'x'", "SELECT max(e || 'x'), min(CAST(a AS REAL)) FROM t"}) {
                assertThat(oneLite(s, sql)).as(sql).isEqualTo(sqlite(c, sql));
                assertThat(planOneLite(s, sql)).as(sql).isEqualTo(planSqlite(c, sql));
            }
        }
    }
}
