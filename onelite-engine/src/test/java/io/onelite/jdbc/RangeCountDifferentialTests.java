package io.onelite.jdbc;

import io.onelite.testing.ReplaySeed;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code SELECT count(*) ... WHERE} a range that a rowid or index seek enforces whole: OneLite
 * counts the range's entries from the pages it spans (no entry visited, no term checked again),
 * so the range's ends must be exactly the terms' meaning. Against native SQLite, over columns of
 * every affinity holding values of every type, ascending and DESC index columns, NOCASE, an
 * equality prefix, IN lists, a partial index, a WITHOUT ROWID table, parameters, a correlated
 * count, and a transaction's own writes. Prints its seed.
 */
class RangeCountDifferentialTests {
    private static final String[] SCHEMA = {
        "CREATE TABLE t(id INTEGER PRIMARY KEY, a, b INT, c TEXT COLLATE NOCASE, d REAL, pad TEXT)",
        "CREATE INDEX ta ON t(a)",
        "CREATE INDEX tb ON t(b DESC)",
        "CREATE INDEX tcb ON t(c, b)",
        "CREATE INDEX td ON t(d) WHERE d > 0",
        "CREATE UNIQUE INDEX tpad ON t(pad)",
        "CREATE TABLE w(x TEXT, y INT, z, PRIMARY KEY(x, y DESC)) WITHOUT ROWID",
        "CREATE INDEX wz ON w(z DESC)",
        // long pad keys make tpad three levels deep; the CASEs give each column every type
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 6000)"
                + " INSERT INTO t SELECT i * 3,"
                + " CASE i % 7 WHEN 0 THEN NULL WHEN 1 THEN i % 50 WHEN 2 THEN (i % 50) + 0.5"
                + "   WHEN 3 THEN 's' || (i % 40) WHEN 4 THEN 'S' || (i % 40) WHEN 5 THEN CAST(i % 30 AS TEXT)"
                + "   ELSE CAST('b' || (i % 9) AS BLOB) END,"
                + " CASE WHEN i % 11 = 0 THEN NULL WHEN i % 13 = 0 THEN 'txt' || (i % 5) WHEN i % 17 = 0 THEN (i % 90) + 0.25"
                + "   ELSE (i * 37) % 1000 END,"
                + " CASE i % 3 WHEN 0 THEN 'k' || (i % 60) WHEN 1 THEN 'K' || (i % 60) ELSE NULL END,"
                + " CASE WHEN i % 5 = 0 THEN -(i % 100) ELSE (i % 300) / 3.0 END,"
                + " printf('%080d', i) FROM n",
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)"
                + " INSERT INTO w SELECT 'g' || (i % 20), i, CASE i % 4 WHEN 0 THEN NULL WHEN 1 THEN 'z' || (i % 7)"
                + " ELSE i % 97 END FROM n",
    };

    private static final String[] VALUES = {
        "NULL", "-1", "0", "7", "7.5", "'7'", "'7.5'", "' 7'", "'s12'", "'S12'", "'k5'", "'K5'", "x'62'", "1e300",
        "-1e300", "9223372036854775807", "-9223372036854775808", "''", "'txt2'", "500", "999.5", "'500'", "300",
        "1500", "4500.0", "'g7'", "'G7'", "'z3'", "40", "printf('%080d', 3000)", "printf('%080d', 10)", "'0'",
        "CAST('b3' AS BLOB)", "7 + 0", "-0.0",
    };

    /** A table, its column and the terms that go with each query on it (an equality prefix, or none). */
    private record Target(String table, String column, String prefix) {
    }

    private static final Target[] TARGETS = {
        new Target("t", "a", ""), new Target("t", "b", ""), new Target("t", "c", ""), new Target("t", "d", ""),
        new Target("t", "id", ""), new Target("t", "rowid", ""), new Target("t", "pad", ""),
        new Target("t", "b", "c = 'k7' AND "), new Target("t", "b", "c = 'K7' AND "),
        new Target("t", "b", "c IN ('k7', 'K8', NULL, 'k9') AND "), new Target("w", "x", ""),
        new Target("w", "y", "x = 'g3' AND "), new Target("w", "y", "x IN ('g3', 'G4', 'g5') AND "),
        new Target("w", "z", ""),
    };

    private static String term(Random r, String col) {
        String v = VALUES[r.nextInt(VALUES.length)];
        String v2 = VALUES[r.nextInt(VALUES.length)];
        return switch (r.nextInt(12)) {
            case 0 -> col + " = " + v;
            case 1 -> col + " > " + v;
            case 2 -> col + " >= " + v;
            case 3 -> col + " < " + v;
            case 4 -> col + " <= " + v;
            case 5 -> v + " < " + col; // the value on the left
            case 6 -> col + " BETWEEN " + v + " AND " + v2;
            case 7 -> col + " IN (" + v + ", " + v2 + ", " + VALUES[r.nextInt(VALUES.length)] + ")";
            case 8 -> col + " > " + v + " AND " + col + " < " + v2;
            case 9 -> col + " >= " + v + " AND " + v2 + " >= " + col;
            case 10 -> col + " > " + v + " AND " + col + " > " + v2; // two lower bounds: one is checked per row
            default -> col + " <= " + v + " AND " + col + " IS NOT NULL";
        };
    }

    @Test
    void rangeCountsAreSqlites() throws SQLException {
        long seed = ReplaySeed.announce("RangeCountDifferentialTests");
        Random r = new Random(seed);
        List<String> queries = new ArrayList<>();
        for (Target target : TARGETS) {
            for (int i = 0; i < 70; i++) {
                queries.add("SELECT count(*) FROM " + target.table() + " WHERE " + target.prefix() + term(r, target.column()));
            }
        }
        queries.add("SELECT count(*) FROM t WHERE d > 0");
        queries.add("SELECT count(*) FROM t WHERE d > 0 AND d < 40");
        queries.add("SELECT count(*) FROM t WHERE c = 'k7' AND b IS NULL");
        queries.add("SELECT count(*) FROM t WHERE c = 'k7'");
        queries.add("SELECT count(*) FROM t WHERE c > 'K50' AND c < 'k9'");
        queries.add("SELECT count(*) FROM t WHERE c COLLATE BINARY > 'K50'");
        queries.add("SELECT count(*) FROM t WHERE b > 500 LIMIT 1 OFFSET 0");
        queries.add("SELECT count(*) FROM w WHERE x = 'g3'");
        // count(1) counts every row as count(*) does; count(NULL) none
        queries.add("SELECT count(1) FROM t WHERE b > 500");
        queries.add("SELECT count('x') FROM w WHERE x = 'g3' AND y < 100");
        queries.add("SELECT count(NULL) FROM t WHERE b > 500");
        queries.add("SELECT count(1) FROM t");
        queries.add("SELECT count(NULL) FROM t");
        queries.add("SELECT count(1) AS n FROM t WHERE id BETWEEN 30 AND 3000");
        // the rowid and its alias are never NULL: counted as count(*) (an ORM's count(o.id))
        queries.add("SELECT count(id) FROM t WHERE b > 500");
        queries.add("SELECT count(o1_0.id) FROM t o1_0 WHERE o1_0.b BETWEEN 10 AND 900");
        queries.add("SELECT count(t.rowid) FROM t WHERE id BETWEEN 3 AND 300");
        queries.add("SELECT count(id) FROM t");
        queries.add("SELECT count(a) FROM t WHERE a > 5");
        queries.add("SELECT count(y) FROM w WHERE x = 'g3'");
        try (Connection nat = Drivers.open(Drivers.NATIVE); Connection one = Drivers.open(Drivers.ONELITE)) {
            Drivers.exec(nat, SCHEMA);
            Drivers.exec(one, SCHEMA);
            for (String q : queries) {
                assertThat(Drivers.rows(one, q)).as("seed %d: %s", seed, q).isEqualTo(Drivers.rows(nat, q));
            }
            // a transaction's own inserts, deletes and updates are counted
            String[] writes = {"BEGIN", "INSERT INTO t(a, b, c, d, pad) SELECT a, b + 1, c, d * 2, pad || 'x' FROM t WHERE id % 4 = 0",
                "DELETE FROM t WHERE id % 5 = 1", "UPDATE t SET b = -b WHERE id % 7 = 2", "DELETE FROM w WHERE y % 3 = 0"};
            Drivers.exec(nat, writes);
            Drivers.exec(one, writes);
            for (String q : queries.subList(0, queries.size() / 4)) {
                assertThat(Drivers.rows(one, q)).as("seed %d, own writes: %s", seed, q).isEqualTo(Drivers.rows(nat, q));
            }
            Drivers.exec(nat, "ROLLBACK");
            Drivers.exec(one, "ROLLBACK");
        }
    }

    @Test
    void boundParametersOfEveryTypeCountAsSqlite() throws SQLException {
        Object[] params = {null, 7L, -1L, 7.5, "7", "500", "s12", "txt2", new byte[] {'b', '3'}, Long.MAX_VALUE,
            Long.MIN_VALUE, 1e300, 499.9999};
        String[] queries = {"SELECT count(*) FROM t WHERE b > ? AND b <= ?", "SELECT count(*) FROM t WHERE a >= ? AND a < ?",
            "SELECT count(*) FROM t WHERE id BETWEEN ? AND ?", "SELECT count(*) FROM t WHERE c = 'k9' AND b BETWEEN ? AND ?",
            "SELECT count(*) FROM w WHERE z > ? AND z < ?"};
        try (Connection nat = Drivers.open(Drivers.NATIVE); Connection one = Drivers.open(Drivers.ONELITE)) {
            Drivers.exec(nat, SCHEMA);
            Drivers.exec(one, SCHEMA);
            for (String q : queries) {
                for (Object lo : params) {
                    for (Object hi : params) {
                        assertThat(count(one, q, lo, hi)).as("%s with %s, %s", q, lo, hi).isEqualTo(count(nat, q, lo, hi));
                    }
                }
            }
        }
    }

    private static long count(Connection c, String sql, Object lo, Object hi) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setObject(1, lo);
            ps.setObject(2, hi);
            try (var rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    /** A count per outer row whose bounds read the outer row, and one in a view, a CTE and a compound. */
    @Test
    void correlatedAndNestedCountsAreSqlites() throws SQLException {
        String[] queries = {
            "SELECT id, (SELECT count(*) FROM t t2 WHERE t2.b BETWEEN t.b - 10 AND t.b) FROM t WHERE id <= 120 ORDER BY id",
            "SELECT id, (SELECT count(*) FROM t t2 WHERE t2.id > t.id) FROM t WHERE id % 500 = 0 ORDER BY id",
            "SELECT x, (SELECT count(*) FROM w w2 WHERE w2.x = w.x AND w2.y < w.y) FROM w WHERE y < 60 ORDER BY x, y",
            "WITH c AS (SELECT count(*) AS n FROM t WHERE b >= 900) SELECT n * 2 FROM c",
            "SELECT count(*) FROM t WHERE b > 990 UNION ALL SELECT count(*) FROM t WHERE id < 30",
            "SELECT (SELECT count(*) FROM t WHERE a > 's3') + (SELECT count(*) FROM t WHERE a < 5)",
        };
        try (Connection nat = Drivers.open(Drivers.NATIVE); Connection one = Drivers.open(Drivers.ONELITE)) {
            Drivers.exec(nat, SCHEMA);
            Drivers.exec(one, SCHEMA);
            Drivers.exec(nat, "CREATE VIEW high AS SELECT * FROM t WHERE b > 800");
            Drivers.exec(one, "CREATE VIEW high AS SELECT * FROM t WHERE b > 800");
            for (String q : queries) {
                assertThat(Drivers.rows(one, q)).as(q).isEqualTo(Drivers.rows(nat, q));
            }
            assertThat(Drivers.rows(one, "SELECT count(*) FROM high")).isEqualTo(Drivers.rows(nat, "SELECT count(*) FROM high"));
        }
    }

    /** The plan still reads as SQLite's: the same SEARCH line, a covering index where SQLite says so. */
    @Test
    void thePlanIsSqlites() throws SQLException {
        for (String q : new String[] {"SELECT count(*) FROM t WHERE b > 500", "SELECT count(*) FROM t WHERE id < 300",
            "SELECT count(*) FROM t WHERE c = 'k3' AND b BETWEEN 10 AND 20", "SELECT count(*) FROM w WHERE x = 'g1' AND y > 40",
            "SELECT count(*) FROM t WHERE id = 9", "SELECT count(1) FROM t WHERE b > 500",
            "SELECT count(o1_0.id) FROM t o1_0 WHERE o1_0.b > 500"}) {
            assertThat(Drivers.planTree(Drivers.ONELITE, SCHEMA, q)).as(q).isEqualTo(Drivers.planTree(Drivers.NATIVE, SCHEMA, q));
        }
    }

    /**
     * An equality between a TEXT column and an untyped value (a column with no type, or a
     * subquery of one) compares without converting, while its lookup makes the value text: the
     * lookup finds '5' for 5, which the term rejects. Such a term is checked on every row found,
     * in a count and in a join.
     */
    @Test
    void aTextColumnAgainstAnUntypedValueIsCheckedOnEachRow() throws SQLException {
        String[] setup = {"CREATE TABLE s(id INTEGER PRIMARY KEY, c TEXT)", "CREATE INDEX sc ON s(c)",
            "CREATE TABLE u(x)", "INSERT INTO s(c) VALUES ('5'), ('5'), ('6'), ('x')", "INSERT INTO u VALUES (5), ('6'), ('x')"};
        String[] queries = {
            "SELECT count(*) FROM s WHERE c = (SELECT x FROM u WHERE x = 5)",
            "SELECT count(*) FROM s WHERE c IN ((SELECT x FROM u WHERE x = 5), 'x')",
            "SELECT count(*) FROM s WHERE c = (SELECT x FROM u WHERE x = '6')",
            "SELECT s.id, u.x FROM u JOIN s ON s.c = u.x ORDER BY s.id",
            "SELECT u.x, (SELECT count(*) FROM s WHERE s.c = u.x) FROM u ORDER BY 1",
            "SELECT count(*) FROM s WHERE c = 5",
        };
        for (String q : queries) {
            List<List<List<String>>> both = Drivers.onBoth(setup, q);
            assertThat(both.get(1)).as(q).isEqualTo(both.get(0));
        }
    }
}
