package io.onelite.plan;

import org.junit.jupiter.api.Test;

import static io.onelite.plan.ScenarioTests.run;

/**
 * Against native SQLite: a value leaves a view, FROM subquery or CTE without the JSON subtype, so
 * a JSON function reading it quotes it as text ({@code SELECT json_array(s) FROM (SELECT
 * json('[1]') AS s)} is {@code ["[1]"]}), whether the subquery is flattened, a co-routine or
 * materialized, and a recursive CTE's arm reads its queue the same way; a scalar subquery, a
 * table's generated column and a nested call keep it. {@code RandomQueryDifferentialTests} seed
 * 228000072 found {@code json_object('a', s)} embedding a subquery's {@code json_object} as an
 * object here.
 */
class SubqueryJsonSubtypeDifferentialTests {
    @Test
    void aFromSubqueryViewOrCteDropsTheSubtype() throws Exception {
        run("CREATE TABLE t(id INTEGER PRIMARY KEY)", "INSERT INTO t VALUES (1), (2)",
                "CREATE VIEW v AS SELECT id, json_array(id) AS s FROM t",
                // flattened: the subquery's column is computed where it is read
                "SELECT json_object('a', s) FROM (SELECT json_object('k', id) AS s FROM t) ORDER BY 1",
                "SELECT json_array(s), subtype(s) FROM (SELECT json('[1]') AS s FROM t)",
                "SELECT json_array(s) FROM v ORDER BY id",
                // a co-routine (LIMIT with an outer WHERE), a compound, a join, an aggregate, a window
                "SELECT json_object('a', s) FROM (SELECT json_object('k', id) AS s FROM t ORDER BY id LIMIT 3) WHERE 1",
                "SELECT json_array(s) FROM (SELECT json('[1]') AS s UNION ALL SELECT json('[2]')) ORDER BY 1",
                "SELECT json_array(x.s) FROM t JOIN (SELECT json('[1]') AS s) AS x ORDER BY t.id",
                "SELECT json_array(s) FROM (SELECT json_group_array(id) AS s FROM t)",
                "SELECT json_array(s) FROM (SELECT json_group_array(id) OVER (ORDER BY id) AS s FROM t) ORDER BY 1",
                "SELECT s -> '$[0]', json_array(s -> '$[0]') FROM (SELECT json('[[1]]') AS s FROM t)",
                "WITH c AS (SELECT json('[1]') AS s) SELECT json_array(s) FROM c",
                "WITH c AS MATERIALIZED (SELECT json('[1]') AS s) SELECT json_array(s) FROM c",
                "WITH RECURSIVE c(i, s) AS (SELECT 1, json('[1]') UNION ALL SELECT i + 1, json_array(s) FROM c"
                        + " WHERE i < 3) SELECT i, s, json_array(s) FROM c");
    }

    @Test
    void aScalarSubqueryAGeneratedColumnAndANestedCallKeepIt() throws Exception {
        run("CREATE TABLE t(id INTEGER PRIMARY KEY)", "INSERT INTO t VALUES (1)",
                "CREATE TABLE g(a, b AS (json_array(a)), c AS (json_array(a)) STORED)", "INSERT INTO g(a) VALUES (1)",
                "SELECT json_array((SELECT json('[1]'))), json_array((SELECT json('[1]') FROM t))",
                "SELECT json_array(b), json_array(c) FROM g",
                "SELECT json_object('a', json_object('k', id)), json_array(json_group_array(id)) FROM t");
    }
}
