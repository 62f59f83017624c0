package io.onelite.plan;

import org.junit.jupiter.api.Test;

import static io.onelite.plan.ScenarioTests.run;

/**
 * Against native SQLite: a WHERE term holding a subquery that refers to nothing outside it is
 * copied into a compound subquery's arms, as SQLite's pushDownWhereTerms copies terms with
 * non-correlated subqueries, so each arm compares with its own column's affinity
 * (RandomQueryDifferentialTests seed 131000033, query 23: OneLite compared on the compound's
 * column and kept the TEXT '10' and '1.5' as larger than 3). A correlated subquery, or one this
 * check is not sure of, leaves the term where it is.
 */
class PushDownSubqueryDifferentialTests {
    @Test
    void termsWithSelfContainedSubqueriesGoIntoEachArm() throws Exception {
        run("CREATE TABLE t1(b TEXT, n INT)", "INSERT INTO t1 VALUES ('10', 1), ('Abc', 2), ('1.5', 3), (NULL, 4)",
                "CREATE TABLE t2(x INT)", "INSERT INTO t2 VALUES (3)",
                "SELECT s1 FROM (SELECT b AS s1 FROM t1 UNION VALUES (1e3)) WHERE s1 >= (SELECT 3) ORDER BY 1",
                "SELECT s1 FROM (SELECT b AS s1 FROM t1 UNION VALUES (1e3)) WHERE s1 >= 3 ORDER BY 1",
                "SELECT s1 FROM (SELECT b AS s1 FROM t1 UNION VALUES (1e3)) WHERE s1 >= (SELECT max(x) FROM t2) ORDER BY 1",
                "SELECT s1 FROM (SELECT b AS s1 FROM t1 UNION VALUES (1e3)) WHERE s1 >= (SELECT max(q.x) FROM t2 AS q) ORDER BY 1",
                "SELECT s1 FROM (SELECT b AS s1 FROM t1 UNION ALL SELECT 1e3) WHERE s1 >= (SELECT (SELECT max(x) FROM t2)) ORDER BY 1",
                "SELECT s1 FROM (SELECT b AS s1, n FROM t1 UNION VALUES (1e3, 4)) AS o"
                        + " WHERE s1 >= (SELECT max(q.x) FROM t2 AS q WHERE q.x < o.n) ORDER BY 1",
                "SELECT s1 FROM (SELECT b AS s1, n FROM t1 UNION VALUES (1e3, 4)) AS o WHERE s1 >= (SELECT 3) AND n > 1 ORDER BY 1",
                // correlated through an unqualified name, which none of the subquery's tables has: stays outside
                "SELECT s1 FROM (SELECT b AS s1, n FROM t1 UNION VALUES (1e3, 4)) WHERE s1 >= (SELECT max(x) FROM t2 WHERE x < n) ORDER BY 1",
                "SELECT s1 FROM (SELECT b AS s1 FROM t1 UNION VALUES (1e3)) AS t2 WHERE s1 >= (SELECT max(t2.x) FROM t2) ORDER BY 1",
                "WITH c(x) AS (SELECT 1) SELECT s1 FROM (SELECT b AS s1 FROM t1 UNION VALUES (1e3))"
                        + " WHERE s1 >= (SELECT max(x) FROM t2) ORDER BY 1",
                "SELECT s1, count(*) FROM (SELECT b AS s1 FROM t1 UNION ALL SELECT b FROM t1) WHERE s1 > (SELECT '1') GROUP BY s1");
    }
}
