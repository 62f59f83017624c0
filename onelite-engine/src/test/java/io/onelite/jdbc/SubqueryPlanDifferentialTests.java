package io.onelite.jdbc;

import org.junit.jupiter.api.Test;

import java.sql.SQLException;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * EXPLAIN QUERY PLAN of views, FROM subqueries and CTEs read as queries of their own: the
 * "CO-ROUTINE name" or "MATERIALIZE name" line SQLite chooses, with the subquery's own plan
 * nested under it, compared with sqlite-jdbc as a tree (each line's detail and its depth, from
 * the parent ids; the ids themselves differ).
 */
class SubqueryPlanDifferentialTests {
    private static final String[] SCHEMA = {
            "CREATE TABLE t(a, b)",
            "CREATE INDEX ta ON t(a)",
            "CREATE TABLE s(x)",
            "CREATE VIEW v AS SELECT a, count(*) AS n FROM t GROUP BY a",
    };

    @Test
    void aSubqueryPlanNestsUnderItsCoroutineOrMaterialization() throws SQLException {
        assertSameTrees(
                // the first term: a co-routine, named by the view (not its alias)
                "SELECT * FROM v WHERE a > 1",
                "SELECT * FROM v AS x WHERE a > 1",
                "SELECT * FROM (SELECT DISTINCT b FROM t) WHERE b > 1",
                "SELECT * FROM (SELECT b FROM t LIMIT 2) AS q, s",
                // a later term: a co-routine after tables in an inner join, even with an automatic index
                "SELECT * FROM s JOIN v ON v.a = s.x",
                // materialized: after an outer or CROSS join, after another subquery, beside a RIGHT JOIN
                "SELECT * FROM s LEFT JOIN v ON v.a = s.x",
                "SELECT * FROM s CROSS JOIN v",
                "SELECT * FROM (SELECT b FROM t LIMIT 2), (SELECT a FROM t LIMIT 3)",
                "SELECT * FROM v RIGHT JOIN s ON v.a > s.x",
                // a CTE named twice or MATERIALIZED: shown once, under its own name
                "WITH c AS MATERIALIZED (SELECT a FROM t) SELECT * FROM c, c AS c2",
                "WITH c AS (SELECT a FROM t WHERE a > 0) SELECT * FROM c AS x, c AS y",
                "WITH c AS (SELECT a, count(*) FROM t GROUP BY a) SELECT * FROM s, c",
                // a view joined with itself: materialized once, read by both
                "SELECT * FROM v AS v1, v AS v2",
                // inside a compound's arm
                "SELECT * FROM (SELECT a FROM t LIMIT 5) UNION ALL SELECT x FROM s",
                // a RIGHT JOIN's scan of its unmatched rows nests under its line
                "SELECT * FROM s RIGHT JOIN t ON t.a = s.x");
    }

    @Test
    void aParenthesisedJoinsPlanNestsUnderItsLine() throws SQLException {
        // OneLite plans this join otherwise than SQLite (a co-routine per row of s), so only the shape is checked
        List<String> plan = tree(Drivers.ONELITE, "SELECT * FROM s LEFT JOIN (t AS t1 JOIN t AS t2 ON t1.a = t2.b) ON t1.a = s.x");
        assertThat(plan.get(0)).isEqualTo("0 CO-ROUTINE (join-1)");
        assertThat(plan.subList(1, plan.size() - 2)).isNotEmpty().allMatch(line -> line.startsWith("1 "));
        assertThat(plan.subList(plan.size() - 2, plan.size())).containsExactly("0 SCAN s", "0 SCAN (join-1) LEFT-JOIN");
    }

    private static void assertSameTrees(String... queries) throws SQLException {
        for (String q : queries) {
            assertThat(tree(Drivers.ONELITE, q)).as(q).isEqualTo(tree(Drivers.NATIVE, q));
        }
    }

    private static List<String> tree(String url, String query) throws SQLException {
        return Drivers.planTree(url, SCHEMA, query);
    }
}
