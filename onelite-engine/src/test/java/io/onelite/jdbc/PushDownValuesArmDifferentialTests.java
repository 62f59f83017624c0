package io.onelite.jdbc;

import io.onelite.testing.ReplaySeed;
import org.junit.jupiter.api.Test;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static io.onelite.jdbc.WithoutRowidDifferentialTests.assertSame;

/**
 * A WHERE term pushed into a compound with a VALUES of several rows among its arms. SQLite's
 * parser makes such a VALUES right of an operator {@code SELECT * FROM (VALUES ...)}, and as the
 * first arm too when it is its co-routine (constant rows, a first row of no affinity, no WITH
 * before it), else a SELECT per row joined by UNION ALL; either way the term goes into every arm,
 * where a table arm's column compares with its own affinity. Found by the random query
 * differential (round 36000079, query 74: {@code q3.b > 2} over a TEXT column dropped '2' and
 * ' 2' in SQLite, where OneLite pushed nothing into a compound with a VALUES of two rows).
 */
class PushDownValuesArmDifferentialTests {
    private static final String[] SETUP = {
        "CREATE TABLE t1(id INTEGER PRIMARY KEY, a INT, b TEXT, n TEXT COLLATE NOCASE)",
        "CREATE VIEW v1 AS SELECT id, a, b, n FROM t1 WHERE a IS NOT NULL",
        "INSERT INTO t1 VALUES (1, 3, '3', 'abc'), (2, 2, '2', 'ABC'), (3, 0, '1.5', 'b'), (4, 1, ' 2', 'B'),"
                + " (5, NULL, '10', '10'), (6, 6, 'abc ', 'abc '), (7, 7, 'b', '2')",
    };

    @Test
    void theFoundCaseAndItsRelatives() throws SQLException {
        assertSame(WithoutRowidDifferentialTests.script(SETUP,
                "SELECT length(s0) FROM (SELECT s0 FROM (SELECT b AS s0 FROM v1 WHERE b NOTNULL UNION ALL VALUES (''), ('b'))"
                        + " WHERE s0 > 2 UNION ALL VALUES ('2.5')) GROUP BY length(s0) ORDER BY 1",
                "SELECT s0 FROM (SELECT b AS s0 FROM t1 UNION ALL VALUES ('2'), (2), ('abc')) WHERE s0 > 2 ORDER BY 1",
                "SELECT s0 FROM (SELECT b AS s0 FROM t1 UNION VALUES ('2'), (2), ('abc')) WHERE s0 > 2 ORDER BY 1",
                "SELECT s0 FROM (SELECT b AS s0 FROM t1 EXCEPT VALUES ('2'), ('3')) WHERE s0 >= 2 ORDER BY 1",
                "SELECT s0 FROM (SELECT a AS s0 FROM t1 INTERSECT VALUES ('2'), (3), (7)) WHERE s0 < '5' ORDER BY 1",
                // a first VALUES: the co-routine (a subquery's columns), or a SELECT per row
                "SELECT * FROM (VALUES ('2'), (' 2'), (10) UNION ALL SELECT b FROM t1) WHERE column1 > 2 ORDER BY 1",
                "SELECT * FROM (VALUES (CAST(' 2' AS TEXT)), ('3'), (10) UNION ALL SELECT b FROM t1) WHERE column1 > 2 ORDER BY 1",
                "WITH c(x) AS (SELECT 1) SELECT * FROM (VALUES ('2'), (' 2'), (10) UNION ALL SELECT b FROM t1) WHERE column1 > 2"
                        + " ORDER BY 1",
                "SELECT * FROM (VALUES ('abc'), ('ABC ') UNION ALL SELECT n FROM t1) WHERE column1 = 'abc' ORDER BY 1",
                "SELECT * FROM (SELECT n AS s FROM t1 UNION ALL VALUES ('abc'), ('ABC ')) WHERE s = 'abc' ORDER BY 1",
                "SELECT * FROM (SELECT n AS s FROM t1 UNION VALUES ('abc'), ('ABC ')) WHERE s = 'abc' ORDER BY 1",
                "SELECT * FROM (SELECT a AS s, b AS t FROM t1 UNION ALL VALUES (1, 2), ('2', '3'), (NULL, 'x'))"
                        + " WHERE s >= 1 AND t > 1 ORDER BY 1, 2",
                // right of an operator: the copy goes on into a CAST row before the co-routine,
                // not into the rows of a VALUES that is all SELECTs (a WITH came before)
                "SELECT column1 FROM (VALUES ('ABC '), ('2') UNION ALL VALUES (CAST(4 AS NUMERIC)), (-1), (-1), ('ABC '))"
                        + " WHERE column1 < '2' ORDER BY 1",
                "WITH c(x) AS (SELECT 1) SELECT column1 FROM (SELECT a AS column1 FROM v1 UNION SELECT upper(n) FROM t1"
                        + " UNION ALL VALUES ('abc'), (CAST(4 AS NUMERIC)), ('b' COLLATE NOCASE)) WHERE column1 < '2' ORDER BY 1"));
    }

    /**
     * The collation of a VALUES' column: as a subquery (and so as a compound's arm right of an
     * operator) its first row's, else BINARY; as the rows of a compound, the first row that has
     * one. Found with the push-down above: a COLLATE in a later row decided here.
     */
    @Test
    void aValuesColumnTakesItsFirstRowsCollation() throws SQLException {
        assertSame(WithoutRowidDifferentialTests.script(SETUP,
                "SELECT * FROM (VALUES ('2'), ('b' COLLATE NOCASE)) WHERE column1 = 'B'",
                "SELECT * FROM (VALUES ('b' COLLATE NOCASE), ('2')) WHERE column1 = 'B'",
                "WITH c AS (SELECT 1) SELECT * FROM (VALUES ('2'), ('b' COLLATE NOCASE)) WHERE column1 = 'B'",
                "VALUES ('b'), ('B' COLLATE NOCASE) UNION SELECT 'b' ORDER BY 1",
                "WITH c AS (SELECT 1) VALUES ('b'), ('B' COLLATE NOCASE) UNION SELECT 'b' ORDER BY 1",
                "VALUES (CAST('b' AS TEXT)), ('B' COLLATE NOCASE) UNION SELECT 'b' ORDER BY 1",
                "VALUES ('ABC ') EXCEPT VALUES ('2'), (-1), ('b' COLLATE NOCASE) UNION SELECT n COLLATE BINARY FROM v1 ORDER BY 1",
                "VALUES (2), ('b' COLLATE NOCASE) UNION VALUES ('ABC '), ('abc') INTERSECT SELECT upper(n) FROM v1 ORDER BY 1",
                "VALUES ('b' COLLATE NOCASE), (2) UNION VALUES ('ABC '), ('abc') INTERSECT SELECT upper(n) FROM v1 ORDER BY 1"));
    }

    /**
     * The affinity of a VALUES' column: as a subquery, SQLite's compound rule over its arms, the
     * rows before its co-routine and the co-routine (a column of no affinity); as an IN or scalar
     * subquery, its last arm's. Found with the push-down above: a CAST in a later row gave it one.
     */
    @Test
    void aValuesColumnHasTheAffinityOfSqlitesShapeOfIt() throws SQLException {
        assertSame(WithoutRowidDifferentialTests.script(SETUP,
                "SELECT * FROM (VALUES ('10'), (NULL), (CAST('3' AS TEXT))) WHERE column1 <> 10",
                "SELECT column1 <> 10 FROM (VALUES ('10'), (CAST('3' AS TEXT)))",
                "WITH c AS (SELECT 1) SELECT column1 <> 10 FROM (VALUES ('10'), (NULL), (CAST('3' AS TEXT)))",
                "SELECT column1 > 5, column1 = '7' FROM (VALUES (CAST('2' AS TEXT)), (1), ('7'))",
                "SELECT column1 > 5, column1 = '7' FROM (VALUES (CAST('2' AS TEXT)), (CAST(1 AS INT)), ('7'))",
                "SELECT 1 IN (VALUES ('1'), (CAST(2 AS TEXT)))",
                "SELECT 1 IN (VALUES (CAST(2 AS TEXT)), ('1'))",
                "SELECT (VALUES ('1'), (CAST(2 AS TEXT))) = 1",
                "SELECT * FROM (SELECT a AS s FROM t1 UNION ALL VALUES (NULL), (CAST(4 AS NUMERIC))) WHERE s > '2'"));
    }

    /** Random compounds of table arms, one-row and many-row VALUES under random terms. */
    @Test
    void randomCompoundsWithValuesMatchNativeSqlite() throws SQLException {
        long seed = ReplaySeed.announce("PushDownValuesArmDifferentialTests");
        Random r = new Random(seed);
        String[] tableColumns = {"a", "b", "n", "b || ''", "a + 0", "CAST(a AS TEXT)", "n COLLATE BINARY", "upper(n)"};
        String[] values = {"'2'", "2", "' 2'", "'abc'", "'ABC '", "1.5", "NULL", "x'41'", "'10'", "CAST('3' AS TEXT)",
            "CAST(4 AS NUMERIC)", "'b' COLLATE NOCASE", "-1"};
        String[] constants = {"2", "'2'", "'abc'", "'b'", "10", "'10'", "1.5"};
        String[] ops = {"=", "<", ">=", "<>", "IS NOT", ">"};
        String[] compoundOps = {"UNION ALL", "UNION ALL", "UNION ALL", "UNION", "EXCEPT", "INTERSECT"};
        List<String> script = new ArrayList<>(List.of(SETUP));
        for (int q = 0; q < 150; q++) {
            int armCount = 2 + r.nextInt(2);
            StringBuilder compound = new StringBuilder();
            for (int arm = 0; arm < armCount; arm++) {
                if (arm > 0) {
                    compound.append(' ').append(pick(r, compoundOps)).append(' ');
                }
                boolean first = arm == 0;
                switch (r.nextInt(3)) {
                    case 0 -> compound.append("SELECT ").append(pick(r, tableColumns)).append(first ? " AS column1" : "")
                            .append(" FROM ").append(r.nextBoolean() ? "t1" : "v1");
                    case 1 -> compound.append("VALUES (").append(pick(r, values)).append(')');
                    default -> {
                        compound.append("VALUES ");
                        int rows = 2 + r.nextInt(3);
                        for (int row = 0; row < rows; row++) {
                            compound.append(row > 0 ? ", (" : "(").append(pick(r, values)).append(')');
                        }
                    }
                }
            }
            String term = "column1 " + pick(r, ops) + " " + pick(r, constants);
            String with = r.nextInt(4) == 0 ? "WITH c(x) AS (SELECT 1) " : "";
            script.add(with + "SELECT column1 FROM (" + compound + ") WHERE " + term + " ORDER BY 1");
        }
        assertSame(script.toArray(new String[0]));
    }

    private static String pick(Random r, String[] a) {
        return a[r.nextInt(a.length)];
    }
}
