package io.onelite.plan;

import org.junit.jupiter.api.Test;

import static io.onelite.plan.ScenarioTests.run;

/**
 * Against native SQLite: a WHERE term holding a subquery that refers to nothing outside it is
 * copied into a compound subquery's arms, as SQLite's pushDownWhereTerms copies terms with
 * non-correlated subqueries, so each arm compares with its own column's affinity
 * (RandomQueryDifferentialTests seed 131000033, query 23: OneLite compared on the compound's
 * column and kept the TEXT '10' and '1.5' as larger than 3); and so a term {@code x IN (SELECT ...)}
 * or {@code EXISTS (...)} over such a subquery (seed 145000041, query 61). A correlated subquery, or
 * one this check is not sure of, leaves the term where it is.
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

    @Test
    void termsWithSelfContainedInSubqueriesAndExistsGoIntoEachArm() throws Exception {
        // RandomQueryDifferentialTests seed 145000041, query 61: `s IN (SELECT rtrim(k) ...)` compared on
        // the compound's INTEGER column matched the arm `id + 10` (no affinity) against the text '12';
        // SQLite copies the term into each arm, where that arm's copy compares without affinity
        run("CREATE TABLE t1(id INTEGER PRIMARY KEY, n INT)", "INSERT INTO t1 VALUES (1, 1), (2, 2), (3, 3)",
                "CREATE TABLE t2(k TEXT)", "INSERT INTO t2 VALUES (' 2'), ('12'), ('3')",
                "SELECT s FROM (SELECT id AS s FROM t1 UNION SELECT id + 10 FROM t1) WHERE s IN (SELECT k || '' FROM t2) ORDER BY 1",
                "SELECT s FROM (SELECT id AS s FROM t1 UNION ALL SELECT id + 10 FROM t1) WHERE s IN (SELECT rtrim(k) FROM t2) ORDER BY 1",
                "SELECT s FROM (SELECT id AS s FROM t1 UNION SELECT id + 10 FROM t1) WHERE s NOT IN (SELECT k || '' FROM t2) ORDER BY 1",
                "SELECT s FROM (SELECT id AS s FROM t1 UNION SELECT id + 10 FROM t1) WHERE s IN (SELECT k || '' FROM t2) OR s = 1 ORDER BY 1",
                "SELECT s FROM (SELECT n AS s FROM t1 UNION ALL SELECT n + 10 FROM t1) WHERE (s, 1) IN (SELECT k || '', 1 FROM t2) ORDER BY 1",
                "SELECT s, count(*) FROM (SELECT n AS s FROM t1 UNION ALL SELECT n + 10 FROM t1) WHERE s IN (SELECT k || '' FROM t2)"
                        + " GROUP BY s ORDER BY 1",
                "SELECT s FROM (SELECT n AS s FROM t1 UNION ALL SELECT n + 10 FROM t1) WHERE s IN (SELECT k || '' FROM t2 UNION SELECT '13') ORDER BY 1",
                "SELECT s FROM (SELECT n AS s, max(n) AS m FROM t1 GROUP BY n UNION ALL SELECT n + 10, 0 FROM t1)"
                        + " WHERE s IN (SELECT k || '' FROM t2) ORDER BY 1",
                "SELECT s FROM (SELECT n AS s FROM t1 UNION ALL SELECT n + 10 FROM t1) AS o JOIN t2 ON 1"
                        + " WHERE o.s IN (SELECT k || '' FROM t2) ORDER BY 1",
                // an EXISTS or IN inside the subquery of a term
                "SELECT s FROM (SELECT n AS s FROM t1 UNION SELECT n + 10 FROM t1)"
                        + " WHERE s IN (SELECT k || '' FROM t2 WHERE EXISTS (SELECT 1 FROM t1 AS z WHERE z.n = 2)) ORDER BY 1",
                "SELECT s FROM (SELECT n AS s FROM t1 UNION SELECT n + 10 FROM t1) WHERE s > (SELECT '2' WHERE EXISTS (SELECT 1 FROM t2)) ORDER BY 1",
                "SELECT s FROM (SELECT n AS s FROM t1 UNION SELECT n + 10 FROM t1) WHERE s > (SELECT '2' WHERE 3 IN (SELECT k FROM t2)) ORDER BY 1",
                "SELECT s FROM (SELECT n AS s FROM t1 UNION ALL SELECT n + 10 FROM t1)"
                        + " WHERE s IN (SELECT k || '' FROM t2) AND EXISTS (SELECT 1 FROM t2 WHERE k > '1') ORDER BY 1",
                // correlated: the term stays outside and compares on the compound's column
                "SELECT s FROM (SELECT n AS s FROM t1 UNION SELECT n + 10 FROM t1) AS o WHERE s IN (SELECT k || '' FROM t2 WHERE o.s > 1) ORDER BY 1",
                "SELECT s FROM (SELECT n AS s FROM t1 UNION SELECT n + 10 FROM t1) AS o WHERE EXISTS (SELECT 1 FROM t2 WHERE k = o.s) ORDER BY 1",
                "SELECT s FROM (SELECT n AS s FROM t1 UNION SELECT n + 10 FROM t1) AS o"
                        + " WHERE s > (SELECT '2' WHERE o.s IN (SELECT k FROM t2)) ORDER BY 1",
                "SELECT s FROM t2 LEFT JOIN (SELECT n AS s FROM t1 UNION ALL SELECT n + 10 FROM t1) AS o ON 1"
                        + " WHERE o.s IN (SELECT k || '' FROM t2) ORDER BY 1");
    }
    @Test
    void termsWithSubqueriesOfTheirOwnWithClauseGoIntoEachArm() throws Exception {
        // the arms of (SELECT id ... UNION ALL SELECT id + 10 ...) are an INTEGER column and an expression
        // without affinity: copied into each arm, '12' from the CTE matches no row; on the compound's
        // INTEGER column it matched 12
        run("CREATE TABLE t(id INTEGER)", "INSERT INTO t VALUES (2)", "CREATE TABLE u(k TEXT)", "INSERT INTO u VALUES ('12')",
                "SELECT s FROM (SELECT id AS s FROM t UNION ALL SELECT id + 10 FROM t) WHERE s IN (WITH c AS (SELECT '12') SELECT * FROM c)",
                "SELECT s FROM (SELECT id AS s FROM t UNION ALL SELECT id + 10 FROM t) WHERE s IN (WITH c(k) AS (SELECT '12') SELECT k FROM c)",
                "SELECT s FROM (SELECT id AS s FROM t UNION ALL SELECT id + 10 FROM t) WHERE s = (WITH c AS (SELECT '12') SELECT * FROM c)",
                "SELECT s FROM (SELECT id AS s FROM t UNION ALL SELECT id + 10 FROM t)"
                        + " WHERE s IN (WITH c AS (SELECT '12' AS k) SELECT k FROM c WHERE k > '1')",
                "SELECT s FROM (SELECT id AS s FROM t UNION ALL SELECT id + 10 FROM t)"
                        + " WHERE s IN (WITH c AS (SELECT '12' AS k) SELECT x.k FROM c AS x WHERE x.k = '12')",
                "SELECT s FROM (SELECT id AS s FROM t UNION ALL SELECT id + 10 FROM t)"
                        + " WHERE s IN (WITH c AS (SELECT '12' AS k), d AS (SELECT k FROM c) SELECT k FROM d)",
                "SELECT s FROM (SELECT id AS s FROM t UNION ALL SELECT id + 10 FROM t) WHERE s IN (WITH c AS (SELECT k FROM u) SELECT * FROM c)",
                "SELECT s FROM (SELECT id AS s FROM t UNION ALL SELECT id + 10 FROM t) WHERE s IN (WITH c AS (SELECT * FROM u) SELECT k FROM c)",
                "SELECT s FROM (SELECT id AS s FROM t UNION ALL SELECT id + 10 FROM t)"
                        + " WHERE s IN (WITH c AS (SELECT '12' AS k) SELECT (SELECT k FROM c))",
                "SELECT s FROM (SELECT id AS s FROM t UNION ALL SELECT id + 10 FROM t)"
                        + " WHERE s IN (SELECT k FROM (WITH c AS (SELECT '12' AS k) SELECT k FROM c))",
                "SELECT s FROM (SELECT id AS s FROM t UNION ALL SELECT id + 10 FROM t)"
                        + " WHERE EXISTS (WITH c AS (SELECT '12' AS k) SELECT 1 FROM c WHERE k > '1') AND s IN (SELECT '12')",
                // correlated: in the body, in the CTE, or through a name the CTE does not have
                "SELECT s FROM (SELECT id AS s FROM t UNION ALL SELECT id + 10 FROM t)"
                        + " WHERE s IN (WITH c AS (SELECT '12' AS k) SELECT k FROM c WHERE s > 0)",
                "SELECT s FROM (SELECT id AS s FROM t UNION ALL SELECT id + 10 FROM t) AS o"
                        + " WHERE s IN (WITH c AS (SELECT '12' AS k WHERE o.s > 0) SELECT k FROM c)",
                "SELECT s FROM (SELECT id AS s FROM t UNION ALL SELECT id + 10 FROM t)"
                        + " WHERE s IN (WITH c AS (SELECT * FROM u) SELECT k FROM c WHERE s > 0)",
                "SELECT s FROM (SELECT id AS s FROM t UNION ALL SELECT id + 10 FROM t)"
                        + " WHERE s IN (WITH c(k) AS (SELECT '12') SELECT k FROM c WHERE s > 0)");
    }
}
