package io.onelite.plan;

import org.junit.jupiter.api.Test;

import static io.onelite.plan.ScenarioTests.run;

/**
 * An aggregate whose arguments read only an enclosing query's columns belongs to that query, as
 * in SQLite: it is computed per group of the outer query and can make the outer query an
 * aggregate. Compared with native SQLite.
 */
class OuterAggregateTests {

    @Test
    void anAggregateOfOuterColumnsIsComputedByTheOuterQuery() throws Exception {
        run("CREATE TABLE t(a, x)", "CREATE TABLE u(y)",
                "INSERT INTO t VALUES (1, 10), (1, 5), (2, 30), (3, NULL)",
                "INSERT INTO u VALUES (5), (6)",
                "SELECT a, (SELECT sum(a)) FROM t GROUP BY a ORDER BY a",
                "SELECT a, (SELECT sum(x)) FROM t GROUP BY a ORDER BY a",
                "SELECT (SELECT count(t.x)) FROM t",
                "SELECT (SELECT count(t.x) FROM u) FROM t",
                "SELECT (SELECT count(t.x) + count(*) FROM u) FROM t",
                "SELECT (SELECT count(t.x) FROM u WHERE 0) FROM t",
                "SELECT (SELECT max(t.x + u.y) FROM u) FROM t ORDER BY 1",
                "SELECT a, (SELECT group_concat(y) FROM u WHERE y > sum(t.x) / 10) FROM t GROUP BY a ORDER BY a",
                "SELECT a FROM t GROUP BY a HAVING (SELECT count(t.x)) > 1",
                "SELECT a FROM t GROUP BY a ORDER BY (SELECT sum(t.x)) DESC",
                "SELECT (SELECT (SELECT sum(t.x))) FROM t",
                "SELECT (SELECT count(*)) FROM t",
                "SELECT count(*), (SELECT max(t.a)) FROM t",
                "SELECT a FROM t WHERE (SELECT sum(t.x)) > 1",
                "SELECT (SELECT sum(t.x) FILTER (WHERE t.a > 1)) FROM t",
                "SELECT (SELECT count(DISTINCT t.a)) FROM t",
                "SELECT * FROM t WHERE x IN (SELECT max(t.a))",
                "UPDATE t SET x = (SELECT max(t.a) FROM u)",
                "DELETE FROM t WHERE (SELECT max(t.a)) > 1",
                "SELECT count(*) FROM t");
    }
}
