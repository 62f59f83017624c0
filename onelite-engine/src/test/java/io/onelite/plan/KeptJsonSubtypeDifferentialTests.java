package io.onelite.plan;

import org.junit.jupiter.api.Test;

import static io.onelite.plan.ScenarioTests.run;

/**
 * Against native SQLite: a JSON value kept across many rows keeps its subtype, as a register
 * does in SQLite. OneLite marks JSON text in a ring of a thread's 256 recent results, and lost
 * the mark of a value computed long before it was read: an uncorrelated scalar subquery's
 * (computed once, reused for every row: from about the 385th row on
 * {@code json_object('a', (SELECT json('8')))} quoted the 8; RandomQueryDifferentialTests seed
 * 242000077 q114, over a join of three tables), the groups of a GROUP BY (all finished before the
 * first is handed on) and min()/max() over a large group (the kept extreme).
 */
class KeptJsonSubtypeDifferentialTests {
    private static final String TABLE = "CREATE TABLE t(id INTEGER PRIMARY KEY, g)";
    private static final String ROWS = "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 1000)"
            + " INSERT INTO t SELECT i, i % 3 FROM c";

    @Test
    void anUncorrelatedSubquerysValueKeepsItOnEveryRow() throws Exception {
        run(TABLE, ROWS,
                "SELECT count(*) FROM (SELECT json_object('a', (SELECT json('8'))) AS j FROM t) WHERE j <> '{\"a\":8}'",
                "SELECT count(*) FROM (SELECT json_array((SELECT json_array(id) FROM t ORDER BY id DESC LIMIT 1)) AS j"
                        + " FROM t) WHERE j NOT LIKE '[[%'",
                "SELECT count(*), min(id) FROM t WHERE json_array((SELECT json('[1]'))) <> '[[1]]'");
    }

    @Test
    void aGroupsValuesKeepItHoweverManyGroups() throws Exception {
        run(TABLE, ROWS,
                "SELECT count(*) FROM (SELECT json_array(max(json('[1]'))) AS j FROM t GROUP BY id) WHERE j <> '[[1]]'",
                "SELECT count(*) FROM (SELECT json_array(json_group_array(g)) AS j FROM t GROUP BY id) WHERE j NOT LIKE '[[%'",
                "SELECT count(*) FROM (SELECT json_array(json_group_array(g)) AS j FROM t GROUP BY id ORDER BY id DESC)"
                        + " WHERE j NOT LIKE '[[%'");
    }

    @Test
    void minAndMaxKeepTheirExtremesSubtype() throws Exception {
        run(TABLE, ROWS,
                "SELECT g, json_array(min(json_array(id))), json_array(max(json_array(-id))) FROM t GROUP BY g ORDER BY g",
                "SELECT json_array(max(json_array(id))) FROM t",
                "SELECT json_array(coalesce(max(json_array(id)), 1)) FROM t GROUP BY g ORDER BY 1");
    }
}
