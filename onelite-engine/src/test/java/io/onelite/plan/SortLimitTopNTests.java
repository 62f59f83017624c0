package io.onelite.plan;

import io.onelite.api.Database;
import io.onelite.api.DatabaseOptions;
import io.onelite.api.Session;
import io.onelite.testing.ReplaySeed;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The top-N sort of ORDER BY ... LIMIT (a bounded heap that compares a row's sort keys with the
 * worst kept row before reading its other columns) against native SQLite: random ORDER BY terms
 * (DESC, NULLS FIRST/LAST, collations, expressions, ordinals, aliases) over mixed-type columns
 * with many ties and NULLs, LIMIT and OFFSET as literals, expressions, subqueries, text, 0 and
 * negative values. Prints its seed; replay with {@code -Donelite.seed=N}.
 */
class SortLimitTopNTests {
    private static final String[] ORDER_TERMS = {"a", "a DESC", "b", "b DESC", "b COLLATE BINARY", "b COLLATE RTRIM DESC",
        "c NULLS FIRST", "c DESC NULLS LAST", "c DESC", "d", "d DESC NULLS FIRST", "e", "a + 0", "length(b) DESC",
        "coalesce(c, a)", "2", "3 DESC", "x", "x DESC NULLS LAST"};
    private static final String[] LIMITS = {"0", "1", "3", "10", "37", "299", "1000", "-1", "-7", "2 + 3", "(SELECT 4)",
        "'6'", "5.0", "(SELECT count(*) FROM t) / 10", "NULL", "2.5"};
    private static final String[] OFFSETS = {"0", "1", "4", "50", "290", "5000", "-3", "1 + 1", "'2'", "(SELECT 7)"};

    private static long seed() {
        long seed = ReplaySeed.announce("SortLimitTopNTests");
        return seed;
    }

    private static String value(Random r) {
        return switch (r.nextInt(9)) {
            case 0, 1 -> "NULL";
            case 2 -> Integer.toString(r.nextInt(20) - 5);
            case 3 -> r.nextInt(20) + ".25";
            case 4 -> Integer.toString(r.nextInt(4)) + ".0"; // a real equal to an integer
            case 5 -> "'" + (r.nextBoolean() ? "k" : "K") + r.nextInt(8) + (r.nextBoolean() ? "  " : "") + "'";
            case 6 -> "x'0" + r.nextInt(4) + "'";
            case 7 -> "'" + r.nextInt(9) + "'"; // text that looks like a number
            default -> "'" + "long".repeat(1 + r.nextInt(3)) + (r.nextInt(20) == 0 ? "z".repeat(4200) : "") + "'";
        };
    }

    /** A table with ties everywhere, rows with overflow pages, and older rows shorter than the schema. */
    private static void fill(Session s, Connection c, Random r, int rows) {
        NativeOracle.both(s, c, "CREATE TABLE t(id INTEGER PRIMARY KEY, a, b TEXT COLLATE NOCASE, c REAL, d TEXT)");
        NativeOracle.both(s, c, "BEGIN");
        for (int i = 0; i < rows; i++) {
            if (i == rows / 2) {
                NativeOracle.both(s, c, "ALTER TABLE t ADD COLUMN e DEFAULT 7");
            }
            String cols = i < rows / 2 ? "(a, b, c, d)" : "(a, b, c, d, e)";
            String vals = value(r) + ", " + value(r) + ", " + value(r) + ", " + value(r)
                    + (i < rows / 2 ? "" : ", " + value(r));
            NativeOracle.both(s, c, "INSERT INTO t" + cols + " VALUES (" + vals + ")");
        }
        NativeOracle.both(s, c, "COMMIT");
        NativeOracle.both(s, c, "CREATE TABLE u(id INTEGER PRIMARY KEY, t_id, w)");
        for (int i = 0; i < 40; i++) {
            NativeOracle.both(s, c, "INSERT INTO u(t_id, w) VALUES (" + (1 + r.nextInt(rows)) + ", " + value(r) + ")");
        }
    }

    private static String orderBy(Random r, boolean total) {
        StringBuilder sb = new StringBuilder(" ORDER BY ");
        int n = 1 + r.nextInt(3);
        for (int i = 0; i < n; i++) {
            sb.append(i == 0 ? "" : ", ").append(ORDER_TERMS[r.nextInt(ORDER_TERMS.length)]);
        }
        // the rowid last makes the order total, so that a tie order cannot differ
        return total ? sb + ", id" + (r.nextBoolean() ? " DESC" : "") : sb.toString();
    }

    private static String limit(Random r) {
        String l = " LIMIT " + LIMITS[r.nextInt(LIMITS.length)];
        return r.nextBoolean() ? l + " OFFSET " + OFFSETS[r.nextInt(OFFSETS.length)] : l;
    }

    private static void same(Session s, Connection c, long seed, String sql) {
        assertThat(NativeOracle.oneLite(s, sql)).as("seed " + seed + ": " + sql).isEqualTo(NativeOracle.sqlite(c, sql));
    }

    @Test
    void randomOrderByLimitOffsetMatchesNativeSqlite() throws Exception {
        long seed = seed();
        Random r = new Random(seed);
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession();
             Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            fill(s, c, r, 300);
            String[] selects = {"SELECT id, a, b, c, d, e, a AS x FROM t", "SELECT id, b, c AS x FROM t",
                "SELECT id, a || b, length(d), c * 2, d AS x FROM t", "SELECT id, e, a, b AS x FROM t WHERE id % 3 <> 1",
                "SELECT t.id, a, b, c, w AS x FROM t JOIN u ON u.t_id = t.id"};
            for (int q = 0; q < 300; q++) {
                String sql = selects[r.nextInt(selects.length)] + orderBy(r, true) + limit(r);
                same(s, c, seed, sql.replace(", id", ", " + (sql.contains("JOIN") ? "t.id" : "id")));
                // only sort keys shown: ties are indistinguishable, so any tie order is right
                String term = ORDER_TERMS[r.nextInt(ORDER_TERMS.length)];
                if (!term.matches("[0-9].*") && !term.startsWith("x")) {
                    same(s, c, seed, "SELECT " + term.replaceAll(" (DESC|NULLS FIRST|NULLS LAST|COLLATE \\w+)", "")
                            + " FROM t ORDER BY " + term + limit(r));
                }
            }
        }
    }

    @Test
    void distinctWindowsAndCorrelatedSubqueriesSortAsNativeSqlite() throws Exception {
        long seed = seed();
        Random r = new Random(seed);
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession();
             Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            fill(s, c, r, 200);
            for (int q = 0; q < 60; q++) {
                String lim = limit(r);
                same(s, c, seed, "SELECT DISTINCT a, b FROM t ORDER BY a DESC, b" + lim); // b: NOCASE
                same(s, c, seed, "SELECT DISTINCT d COLLATE RTRIM, a FROM t ORDER BY 2, 1" + lim);
                same(s, c, seed, "SELECT id, row_number() OVER (ORDER BY c, id) AS x FROM t" + orderBy(r, true) + lim);
                same(s, c, seed, "SELECT id, (SELECT t2.id FROM t t2 WHERE t2.a >= t.a ORDER BY t2.c DESC, t2.b, t2.id"
                        + lim + ") AS x FROM t ORDER BY id LIMIT 30");
                same(s, c, seed, "SELECT a, count(*) AS x FROM t GROUP BY a ORDER BY x DESC, a" + lim);
            }
        }
    }

    @Test
    void distinctComparesTextUnderEachResultColumnsCollation() throws Exception {
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession();
             Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            NativeOracle.both(s, c, "CREATE TABLE t(a, b TEXT COLLATE NOCASE, r TEXT COLLATE RTRIM)");
            NativeOracle.both(s, c, "INSERT INTO t VALUES (NULL, 'K0', 'x'), (NULL, 'k0', 'x  '), (1, 'x', 'X'), (1, 'X', 'X ')");
            for (String sql : new String[] {"SELECT DISTINCT a, b FROM t", "SELECT DISTINCT b FROM t",
                "SELECT DISTINCT r FROM t", "SELECT DISTINCT b COLLATE BINARY FROM t", "SELECT DISTINCT upper(b) FROM t",
                "SELECT DISTINCT a, b FROM t ORDER BY b DESC LIMIT 1"}) {
                assertThat(NativeOracle.oneLite(s, sql)).as(sql).isEqualTo(NativeOracle.sqlite(c, sql));
            }
            assertThat(NativeOracle.oneLite(s, "SELECT DISTINCT b FROM t")).containsExactly("TK0|", "Tx|");
        }
    }

    @Test
    void resultColumnsOfRowsTheLimitDropsAreNotEvaluatedButSortKeysAre() throws Exception {
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession();
             Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            NativeOracle.both(s, c, "CREATE TABLE t(id INTEGER PRIMARY KEY, x)");
            NativeOracle.both(s, c, "INSERT INTO t VALUES (1, 1), (2, -9223372036854775808), (3, 3)");
            // abs() overflows on row 2: an error when row 2 reaches the sorter or a sort key
            // needs it, none when the full sorter drops it on its keys alone
            String[] errors = {"SELECT id, abs(x) FROM t ORDER BY x + 0 LIMIT 1",
                "SELECT id, abs(x) FROM t ORDER BY x + 0 DESC LIMIT 2",
                "SELECT id, abs(x) FROM t ORDER BY x + 0 DESC LIMIT 1 OFFSET 1",
                "SELECT id, abs(x) FROM t ORDER BY x + 0 DESC LIMIT -1",
                "SELECT id, abs(x) FROM t ORDER BY x + 0 DESC, abs(x) LIMIT 1",
                "SELECT id, abs(x) AS y FROM t ORDER BY x + 0 DESC, y LIMIT 1",
                "SELECT id, abs(x) FROM t WHERE id <> 1 ORDER BY x + 0 DESC LIMIT 1",
                "SELECT DISTINCT id, abs(x) FROM t ORDER BY x + 0 DESC LIMIT 1",
                "SELECT id, x FROM t ORDER BY abs(x) LIMIT 1"};
            for (String sql : errors) {
                assertThat(NativeOracle.oneLite(s, sql)).as(sql).isEqualTo(NativeOracle.sqlite(c, sql)).containsExactly("ERROR");
            }
            String[] dropped = {"SELECT id, abs(x) FROM t ORDER BY x + 0 DESC LIMIT 1",
                "SELECT id, abs(x) FROM t ORDER BY x + 0 DESC LIMIT 1 OFFSET 0",
                "SELECT id, abs(x), row_number() OVER () FROM t ORDER BY x + 0 DESC LIMIT 1",
                "SELECT t.id, abs(x) FROM t, (SELECT 1 UNION ALL SELECT 2) ORDER BY x + 0 DESC LIMIT 1"};
            for (String sql : dropped) {
                assertThat(NativeOracle.oneLite(s, sql)).as(sql).isEqualTo(NativeOracle.sqlite(c, sql)).isNotEmpty()
                        .doesNotContain("ERROR");
            }
            // LIMIT 0 ends the statement before the scan: no row is evaluated, so no error
            for (String sql : new String[] {"SELECT id, abs(x) FROM t ORDER BY x + 0 LIMIT 0",
                "SELECT id, abs(x) FROM t ORDER BY abs(x) LIMIT (SELECT 0) OFFSET 1",
                "SELECT id, abs(x) FROM t ORDER BY x + 0 LIMIT '0'"}) {
                assertThat(NativeOracle.oneLite(s, sql)).as(sql).isEqualTo(NativeOracle.sqlite(c, sql)).isEmpty();
            }
        }
    }

    @Test
    void keptRowsShowTheirOwnValuesAfterTheScanMovedOn() throws Exception {
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession();
             Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            NativeOracle.both(s, c, "CREATE TABLE t(id INTEGER PRIMARY KEY, v REAL, name TEXT, blob BLOB)");
            NativeOracle.both(s, c, "BEGIN");
            for (int i = 1; i <= 3000; i++) {
                NativeOracle.both(s, c, "INSERT INTO t VALUES (" + i + ", " + (i * 37 % 1009) / 4.0 + ", 'n" + i
                        + (i % 500 == 0 ? "-" + "w".repeat(6000) : "") + "', randomblob(" + (i % 3) + "))");
            }
            NativeOracle.both(s, c, "COMMIT");
            for (String sql : new String[] {"SELECT id, v, name FROM t ORDER BY v DESC, id LIMIT 25",
                "SELECT name, id FROM t ORDER BY length(name) DESC, id LIMIT 7",
                "SELECT id, length(blob), name FROM t ORDER BY v, id DESC LIMIT 40 OFFSET 3",
                "SELECT v FROM t ORDER BY v DESC LIMIT 12"}) {
                List<String> expected = NativeOracle.sqlite(c, sql);
                assertThat(expected).isNotEmpty();
                assertThat(NativeOracle.oneLite(s, sql)).as(sql).isEqualTo(expected);
            }
        }
    }
}
