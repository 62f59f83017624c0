package io.onelite.plan;

import org.junit.jupiter.api.Test;

import static io.onelite.plan.ScenarioTests.run;

/**
 * Against native SQLite: an aggregate window function's {@code FILTER (WHERE ...)} leaves out the
 * rows it does not hold true for (NULL included), in every frame, sliding, growing or with
 * EXCLUDE, and a built-in window function (row_number(), first_value(), lag() ...) may not take
 * one. OneLite ignored the clause under OVER, so {@code count(*) FILTER (WHERE id > 1) OVER ()}
 * counted every row (found while triaging RandomQueryDifferentialTests seed 242000077).
 */
class WindowFilterDifferentialTests {
    private static final String[] TABLE = {"CREATE TABLE t(id INTEGER PRIMARY KEY, g)",
            "INSERT INTO t VALUES (1, 'a'), (2, NULL), (3, 'b'), (4, 'a'), (5, 'c'), (6, 0)"};

    @Test
    void theFilterLeavesRowsOutOfEveryFrame() throws Exception {
        run(TABLE[0], TABLE[1],
                "SELECT id, count(*) FILTER (WHERE id > 1) OVER () FROM t ORDER BY id",
                "SELECT id, count(*) FILTER (WHERE g) OVER (ORDER BY id) FROM t ORDER BY id",
                "SELECT id, sum(id) FILTER (WHERE g IS NOT NULL) OVER (ORDER BY id ROWS BETWEEN 1 PRECEDING"
                        + " AND 1 FOLLOWING) FROM t ORDER BY id",
                "SELECT id, max(id) FILTER (WHERE g = 'a') OVER (ORDER BY id ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING)"
                        + " FROM t ORDER BY id",
                "SELECT id, group_concat(id) FILTER (WHERE g <> 'b') OVER (ORDER BY id ROWS BETWEEN 2 PRECEDING"
                        + " AND CURRENT ROW EXCLUDE CURRENT ROW) FROM t ORDER BY id",
                "SELECT id, total(id) FILTER (WHERE id % 2) OVER (ORDER BY id GROUPS BETWEEN 1 FOLLOWING"
                        + " AND 2 FOLLOWING) FROM t ORDER BY id",
                "SELECT id, count(*) FILTER (WHERE g = 'a') OVER w, avg(id) FILTER (WHERE id > 2) OVER w"
                        + " FROM t WINDOW w AS (PARTITION BY g IS NULL ORDER BY id) ORDER BY id",
                "SELECT id, json_group_array(id) FILTER (WHERE id > 3) OVER (ORDER BY id DESC) FROM t ORDER BY id",
                "SELECT count(*) FILTER (WHERE max(id) > 0) OVER () FROM t",
                "SELECT g, sum(count(*)) FILTER (WHERE g IS NOT NULL) OVER (ORDER BY g) FROM t GROUP BY g ORDER BY g");
    }

    @Test
    void aBuiltInWindowFunctionTakesNoFilter() throws Exception {
        run(TABLE[0], TABLE[1],
                "SELECT row_number() FILTER (WHERE id > 1) OVER () FROM t",
                "SELECT first_value(id) FILTER (WHERE id > 1) OVER () FROM t",
                "SELECT lag(id) FILTER (WHERE id > 1) OVER (ORDER BY id) FROM t",
                "SELECT count(*) FILTER (WHERE count(*) OVER () > 0) OVER () FROM t");
    }
}
