package io.onelite.plan;

import org.junit.jupiter.api.Test;

import static io.onelite.plan.ScenarioTests.run;

/**
 * Against native SQLite: a WHERE term that rejects the NULL row of a FULL JOIN's left side
 * makes SQLite's join a LEFT one, and SQLite then pushes the join's own ON terms into a compound
 * subquery on its right as it does for a LEFT JOIN, so each arm compares with its own column's
 * affinity (RandomQueryDifferentialTests seed 187000008, query 73: OneLite compared {@code
 * q2.s1 <> '1'} on the compound's column, which has no affinity because an arm is {@code avg()},
 * and kept the row of id 1 that the arm {@code id <> '1'} drops).
 */
class FullJoinOnPushDownDifferentialTests {
    @Test
    void aFullJoinMadeLeftByTheWherePushesItsOnTermsIntoTheCompound() throws Exception {
        run("CREATE TABLE t1(id INTEGER PRIMARY KEY, b)", "INSERT INTO t1(b) VALUES (5), (6)",
                "CREATE TABLE t3(k)", "INSERT INTO t3 VALUES (1), (NULL)",
                "SELECT q2.s1, q1.k FROM t3 AS q1 FULL JOIN (SELECT id AS s1 FROM t1 UNION SELECT avg(b) FROM t1 WHERE 0 GROUP BY b)"
                        + " AS q2 ON q2.s1 <> '1' WHERE q1.k = 1 ORDER BY 1",
                "SELECT q2.s1, q1.k FROM t3 AS q1 FULL JOIN (SELECT id AS s1 FROM t1 UNION SELECT avg(b) FROM t1 WHERE 0 GROUP BY b)"
                        + " AS q2 ON q2.s1 <> '1' AND q1.k > 0 WHERE q1.k IS NOT NULL ORDER BY 1",
                "SELECT q2.s1, q1.k FROM t3 AS q1 FULL JOIN (SELECT id AS s1 FROM t1 UNION ALL SELECT avg(b) FROM t1 WHERE 0 GROUP BY b)"
                        + " AS q2 ON q2.s1 <> '1' WHERE q1.k = 1 AND q2.s1 > 0 ORDER BY 1",
                // NOT of a comparison rejects the NULL row too (the seed's `NOT 1e3 < q1.k`)
                "SELECT q2.s1, q1.k FROM t3 AS q1 FULL JOIN (SELECT id AS s1 FROM t1 UNION SELECT avg(b) FROM t1 WHERE 0 GROUP BY b)"
                        + " AS q2 ON q2.s1 <> '1' WHERE NOT 1e3 < q1.k ORDER BY 1",
                "SELECT q2.s1, q1.k FROM t3 AS q1 FULL JOIN (SELECT id AS s1 FROM t1 UNION SELECT avg(b) FROM t1 WHERE 0 GROUP BY b)"
                        + " AS q2 ON q2.s1 <> '1' WHERE NOT (q1.k = 1 AND q2.s1 = 2) ORDER BY 1, 2",
                // the same as a LEFT JOIN; a FULL JOIN the WHERE leaves as it is, or makes a RIGHT one: not pushed
                "SELECT q2.s1, q1.k FROM t3 AS q1 LEFT JOIN (SELECT id AS s1 FROM t1 UNION SELECT avg(b) FROM t1 WHERE 0 GROUP BY b)"
                        + " AS q2 ON q2.s1 <> '1' ORDER BY 1, 2",
                "SELECT q2.s1, q1.k FROM t3 AS q1 FULL JOIN (SELECT id AS s1 FROM t1 UNION SELECT avg(b) FROM t1 WHERE 0 GROUP BY b)"
                        + " AS q2 ON q2.s1 <> '1' ORDER BY 1, 2",
                "SELECT q2.s1, q1.k FROM t3 AS q1 FULL JOIN (SELECT id AS s1 FROM t1 UNION SELECT avg(b) FROM t1 WHERE 0 GROUP BY b)"
                        + " AS q2 ON q2.s1 <> '1' WHERE q2.s1 > 0 ORDER BY 1, 2");
    }
}
