package io.onelite.jdbc;

import org.junit.jupiter.api.Test;

import java.sql.SQLException;

import static io.onelite.jdbc.WithoutRowidDifferentialTests.assertSame;

/**
 * SQLite's push-down of WHERE terms into a compound subquery that is joined with other sources:
 * a term on the subquery's columns is copied into each arm, where it compares under that arm's
 * own affinity, unless the subquery is on an outer join's nullable side.
 */
class PushDownJoinDifferentialTests {

    @Test
    void whereTermsGoIntoTheArmsOfAJoinedCompoundOutsideOuterJoinsNullableSides() throws SQLException {
        assertSame(
                "CREATE TABLE t3(id INTEGER PRIMARY KEY, w INTEGER)",
                "INSERT INTO t3 VALUES (1, 5), (2, 1)",
                "CREATE TABLE u(a)",
                "INSERT INTO u VALUES (1), (2)",
                // the found case: the compound on the left of a LEFT JOIN
                "SELECT q1.s0 FROM (SELECT w AS s1, id AS s0 FROM t3 UNION ALL SELECT EXISTS (SELECT 1), 0) AS q1"
                        + " LEFT JOIN (SELECT 1 AS s0) AS q6 ON q6.s0 >= q1.s1 WHERE '1' = q1.s1 ORDER BY 1",
                // an inner join and a comma join
                "SELECT q1.s0, u.a FROM (SELECT w AS s1, id AS s0 FROM t3 UNION ALL SELECT EXISTS (SELECT 1), 0) AS q1"
                        + " JOIN u ON u.a = q1.s0 OR q1.s0 = 0 WHERE q1.s1 = '1' ORDER BY 1, 2",
                "SELECT q1.s0, u.a FROM u, (SELECT w AS s1, id AS s0 FROM t3 UNION ALL SELECT EXISTS (SELECT 1), 0) AS q1"
                        + " WHERE '1' = q1.s1 ORDER BY 1, 2",
                // on the nullable side of a LEFT JOIN the term is not pushed: it also sees the NULL rows
                "SELECT u.a, q1.s0 FROM u LEFT JOIN (SELECT w AS s1, id AS s0 FROM t3 UNION ALL SELECT EXISTS (SELECT 1), 0) AS q1"
                        + " ON 1 WHERE '1' = q1.s1 ORDER BY 1, 2",
                "SELECT u.a, q1.s0 FROM u LEFT JOIN (SELECT w AS s1, id AS s0 FROM t3 UNION ALL SELECT 7, 9) AS q1"
                        + " ON q1.s0 = u.a WHERE q1.s1 IS NULL ORDER BY 1, 2",
                // a UNION (not ALL) arm set, and a view
                "CREATE VIEW vc AS SELECT w AS s1, id AS s0 FROM t3 UNION SELECT EXISTS (SELECT 1), 0",
                "SELECT vc.s0, u.a FROM vc JOIN u ON u.a >= vc.s0 WHERE vc.s1 = '1' ORDER BY 1, 2");
    }
}
