package io.onelite.plan;

import org.junit.jupiter.api.Test;

import static io.onelite.plan.ScenarioTests.run;

/**
 * Against native SQLite: when a subquery runs decides whether its error is raised (here an
 * overflowing sum()). AND and OR take their right operand first when only the left holds a
 * subquery (SQLite's exprEvalRhsFirst), in a WHERE term, a CASE, or a value; a WHERE term of
 * no table that holds a subquery is checked in the outer loop in its place among the terms,
 * not once before the loops. Found by the random differential (round 96000017 q171: "integer
 * overflow" where SQLite returned eight rows).
 */
class SubqueryEvaluationOrderTests {
    private static final String X = "(SELECT sum(9223372036854775807) FROM t)";

    @Test
    void andAndOrTakeTheOperandWithoutASubqueryFirst() throws Exception {
        run("CREATE TABLE t(a INTEGER)", "INSERT INTO t VALUES (1), (2)",
                "SELECT " + X + " = 1 OR a > 0 FROM t ORDER BY 1",
                "SELECT " + X + " = 1 AND a > 5 FROM t ORDER BY 1",
                "SELECT a > 0 OR " + X + " = 1 FROM t ORDER BY 1",
                "SELECT " + X + " = 1 OR a = 1 FROM t ORDER BY 1",
                "SELECT CASE WHEN " + X + " = 1 OR a > 0 THEN 'y' END FROM t ORDER BY 1",
                "SELECT CASE WHEN " + X + " = 1 AND a > 5 THEN 'y' ELSE 'n' END FROM t ORDER BY 1",
                "SELECT a FROM t WHERE NOT (" + X + " = 1 AND a > 5) ORDER BY 1",
                "SELECT a FROM t WHERE (" + X + " = 1 OR a > 0) = 1 ORDER BY 1",
                "SELECT a FROM t WHERE (" + X + " = 1 AND a > 5) IS NULL",
                "SELECT iif(" + X + " = 1 OR a > 0, 'y', 'n') FROM t ORDER BY 1",
                "SELECT a FROM t AS o WHERE NOT ((SELECT sum(9223372036854775807) FROM t WHERE t.a >= o.a) = 1"
                        + " AND o.a > 5) ORDER BY 1",
                "SELECT " + X + " = 1 OR " + X + " = 2 FROM t",
                // both operands hold a subquery: the left goes first
                "SELECT " + X + " = 1 OR (SELECT 1) = 1 FROM t",
                "SELECT a FROM t WHERE " + X + " = 1 OR (SELECT 1) = 1",
                "SELECT " + X + " = 1 OR 0 FROM t");
    }

    @Test
    void aTermOfNoTableWithASubqueryIsCheckedInItsPlaceAmongTheTerms() throws Exception {
        run("CREATE TABLE t(a INTEGER)", "INSERT INTO t VALUES (1), (2)",
                "SELECT a FROM t WHERE a > 5 AND " + X + " = 1",
                "SELECT count(*) FROM t WHERE a > 5 AND " + X + " = 1",
                "SELECT a FROM t WHERE " + X + " = 1 AND a > 5",
                "SELECT a FROM t WHERE a > 0 AND " + X + " = 1",
                "SELECT a FROM t WHERE (SELECT 0) = 1",
                "SELECT a FROM t WHERE (SELECT 1) = 1 AND a = 2",
                "SELECT o.a FROM t AS o JOIN t AS p ON p.a = o.a WHERE o.a > 5 AND " + X + " = 1",
                "SELECT 1 WHERE " + X + " = 1");
    }

    /**
     * An EXCEPT or INTERSECT whose left side has no rows never runs its right SELECT in SQLite
     * (random differential, round 112000036 q92: "integer overflow" from a window sum() in the
     * right arm where SQLite returned no rows); a UNION runs both.
     */
    @Test
    void anExceptOrIntersectOfNoLeftRowsNeverRunsItsRightSelect() throws Exception {
        String big = "SELECT sum(9223372036854775807) FROM t";
        run("CREATE TABLE t(a INTEGER)", "INSERT INTO t VALUES (1), (2)",
                "SELECT 1 WHERE 0 EXCEPT " + big,
                "SELECT 1 WHERE 0 INTERSECT " + big,
                "SELECT a FROM t WHERE a > 5 EXCEPT " + big,
                "SELECT a FROM t WHERE a > 5 EXCEPT SELECT x FROM (SELECT sum(9223372036854775807) OVER () AS x FROM t)",
                "SELECT 1 WHERE 0 EXCEPT " + big + " ORDER BY 1",
                "SELECT 1 WHERE 0 EXCEPT " + big + " LIMIT 5",
                "SELECT 1 EXCEPT SELECT 1 EXCEPT " + big,
                "SELECT 1 EXCEPT SELECT 1 INTERSECT " + big,
                "SELECT * FROM (SELECT 1 WHERE 0 EXCEPT " + big + ")",
                "SELECT (SELECT 1 WHERE 0 EXCEPT " + big + ")",
                "SELECT 1 EXCEPT " + big,
                "SELECT 1 WHERE 0 UNION " + big,
                "SELECT 1 WHERE 0 UNION ALL " + big,
                "SELECT 1 WHERE 0 UNION SELECT 2 EXCEPT " + big,
                "SELECT a FROM t EXCEPT SELECT a FROM t WHERE a = 1");
    }
}
