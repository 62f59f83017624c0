package io.onelite.jdbc;

import io.onelite.testing.ReplaySeed;
import org.junit.jupiter.api.Test;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static io.onelite.jdbc.WithoutRowidDifferentialTests.assertSame;

/**
 * A WHERE term pushed into the arms of a UNION ALL whose columns differ in collation, or are
 * expressions: SQLite copies the term with each arm's expression under an implicit COLLATE of the
 * leftmost arm's collation (substExpr), so it compares as the compound's column did, but with
 * the arm's own affinity. Found by the random query differential (round 10000048, query 94: an
 * arm's text column of no affinity compared with 2 dropped every row in SQLite and none here,
 * where nothing was pushed because the arms' collations differed).
 */
class PushDownArmCollationDifferentialTests {
    private static final String[] SETUP = {
        "CREATE TABLE t1(id INTEGER PRIMARY KEY, a INT, b TEXT, n TEXT COLLATE NOCASE, r TEXT COLLATE RTRIM)",
        "CREATE TABLE t2(id INTEGER PRIMARY KEY, x, y TEXT COLLATE NOCASE, z NUMERIC)",
        "CREATE VIEW v1 AS SELECT id, a, b, n FROM t1 WHERE a IS NOT NULL",
        "INSERT INTO t1 VALUES (1, 1, '10', 'abc', 'abc '), (2, 2, 'ABC', 'ABC', 'x'), (3, 3, '1.5', 'b', 'b  '),"
                + " (4, 4, 'b', 'B', 'abc'), (5, NULL, '2', '10', '2'), (6, 6, 'abc ', 'abc ', 'ABC')",
        "INSERT INTO t2 VALUES (1, 'abc', 'ABC', 1), (2, 2, 'abc', '2'), (3, '10', 'b ', 'x'), (4, NULL, NULL, 3.5),"
                + " (5, 'B', 'B', 10)",
    };

    @Test
    void theFoundCaseAndItsRelatives() throws SQLException {
        assertSame(WithoutRowidDifferentialTests.script(SETUP,
                "SELECT s0 FROM (SELECT b AS s0 FROM v1 WHERE 0 UNION ALL SELECT ('2' COLLATE NOCASE < b) || 'x'"
                        + " FROM v1) WHERE s0 < 2",
                "SELECT s0 FROM (SELECT b AS s0 FROM t1 UNION ALL SELECT y FROM t2) WHERE s0 = 'abc' ORDER BY 1",
                "SELECT s0 FROM (SELECT y AS s0 FROM t2 UNION ALL SELECT b FROM t1) WHERE s0 = 'abc' ORDER BY 1",
                "SELECT s, c FROM (SELECT b || '' AS s, n AS c FROM t1 UNION ALL SELECT y, y FROM t2) WHERE s = c ORDER BY 1, 2",
                "SELECT s, c FROM (SELECT n AS s, b AS c FROM t1 UNION ALL SELECT x || '', y FROM t2) WHERE s = c ORDER BY 1, 2",
                "SELECT s FROM (SELECT b COLLATE NOCASE AS s FROM t1 UNION ALL SELECT x FROM t2) WHERE s = 'ABC' ORDER BY 1",
                "SELECT s FROM (SELECT r AS s FROM t1 UNION ALL SELECT y FROM t2 UNION ALL SELECT 'abc  ')"
                        + " WHERE s = 'abc' ORDER BY 1",
                // a COLLATE of the leftmost arm's collation stays, made implicit: the left column decides
                "SELECT s0, s1 FROM (SELECT y AS s0, x COLLATE RTRIM AS s1 FROM t2 UNION ALL SELECT a + 0, n FROM t1)"
                        + " WHERE s0 >= s1 ORDER BY 1, 2",
                "SELECT s0, s1 FROM (SELECT ('2' COLLATE NOCASE < b) || 'x' AS s0, r AS s1 FROM t1 UNION ALL"
                        + " SELECT lower(y), x COLLATE RTRIM FROM t2) WHERE s0 = s1 ORDER BY 1, 2",
                // the added COLLATE is implicit: the column on the left (NOCASE) still decides
                "SELECT s0, s1 FROM (SELECT y AS s0, x AS s1 FROM t2 UNION ALL SELECT n, b || '' FROM t1)"
                        + " WHERE s0 = s1 ORDER BY 1, 2"));
    }

    /**
     * The COLLATE a push-down adds keeps an expression index usable: SQLite matches the
     * expression under it, and so does OneLite, when the index's collation serves the comparison.
     * (Plans of compounds are left out: SQLite numbers their subqueries differently.)
     */
    @Test
    void aPushedTermStillSeeksAnExpressionIndex() throws SQLException {
        assertSame(WithoutRowidDifferentialTests.script(SETUP,
                "CREATE INDEX t1e ON t1(a + id)",
                "CREATE INDEX t1x ON t1(b || '')",
                "CREATE VIEW ve AS SELECT DISTINCT a + id AS s, n, b FROM t1",
                "EXPLAIN QUERY PLAN SELECT * FROM ve WHERE s = 4",
                "SELECT * FROM ve WHERE s = 4",
                "SELECT * FROM (SELECT a + id AS s FROM t1 UNION ALL SELECT x FROM t2) WHERE s = 4",
                "EXPLAIN QUERY PLAN SELECT * FROM (SELECT DISTINCT b || '' AS s, n FROM t1) WHERE s = 'ABC'",
                "SELECT * FROM (SELECT DISTINCT b || '' AS s, n FROM t1) WHERE s = 'ABC'",
                "SELECT * FROM (SELECT n AS s FROM t1 UNION ALL SELECT b || '' FROM t1) WHERE s = 'abc' ORDER BY 1"));
    }

    /** Random UNION ALL arms of columns and expressions of several collations and affinities. */
    @Test
    void randomArmsAndTermsMatchNativeSqlite() throws SQLException {
        long seed = ReplaySeed.announce("PushDownArmCollationDifferentialTests");
        Random r = new Random(seed);
        String[] t1Columns = {"a", "b", "n", "r", "b || ''", "n COLLATE BINARY", "b COLLATE NOCASE", "a + 0",
            "('2' COLLATE NOCASE < b) || 'x'", "upper(n)", "CAST(a AS TEXT)"};
        String[] t2Columns = {"x", "y", "z", "y || ''", "x COLLATE RTRIM", "z * 1", "lower(y)", "'abc'", "2"};
        String[] constants = {"2", "'2'", "'abc'", "'ABC'", "'b'", "10", "'10'", "1.5", "'abc '"};
        String[] ops = {"=", "<", ">=", "<>", "IS"};
        List<String> script = new ArrayList<>(List.of(SETUP));
        for (int q = 0; q < 120; q++) {
            String s0 = pick(r, t1Columns);
            String s1 = pick(r, t1Columns);
            String u0 = pick(r, t2Columns);
            String u1 = pick(r, t2Columns);
            String from = r.nextBoolean() ? "t1" : "v1";
            String compound = r.nextBoolean()
                    ? "SELECT " + s0 + " AS s0, " + s1 + " AS s1 FROM " + from + " UNION ALL SELECT " + u0 + ", " + u1 + " FROM t2"
                    : "SELECT " + u0 + " AS s0, " + u1 + " AS s1 FROM t2 UNION ALL SELECT " + s0 + ", " + s1 + " FROM " + from;
            String term = switch (r.nextInt(3)) {
                case 0 -> "s0 " + pick(r, ops) + " " + pick(r, constants);
                case 1 -> "s0 " + pick(r, ops) + " s1";
                default -> pick(r, constants) + " " + pick(r, ops) + " s1";
            };
            script.add("SELECT s0, s1 FROM (" + compound + ") WHERE " + term + " ORDER BY 1, 2");
        }
        assertSame(script.toArray(new String[0]));
    }

    private static String pick(Random r, String[] a) {
        return a[r.nextInt(a.length)];
    }
}
