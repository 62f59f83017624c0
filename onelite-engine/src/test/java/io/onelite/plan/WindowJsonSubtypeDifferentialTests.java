package io.onelite.plan;

import org.junit.jupiter.api.Test;

import static io.onelite.plan.ScenarioTests.run;

/**
 * Against native SQLite: a window function reads its arguments as SQLite's ephemeral table gives
 * them back, without the JSON subtype, unless it is one of the JSON aggregates SQLite registers
 * SQLITE_SUBTYPE, so {@code json_array(first_value(json('[1]')) OVER ())} quotes {@code "[1]"}
 * while {@code json_group_array(json('[1]')) OVER ()} embeds {@code [1]}; and a JSON aggregate's
 * value keeps the subtype however large its partition (OneLite forgot it past 256 rows, as it
 * marks JSON text in a ring of recent results). Found while triaging RandomQueryDifferentialTests
 * seed 242000077.
 */
class WindowJsonSubtypeDifferentialTests {
    @Test
    void onlyTheJsonAggregatesSeeTheirArgumentsSubtype() throws Exception {
        run("CREATE TABLE t(id INTEGER PRIMARY KEY, g)", "INSERT INTO t VALUES (1, 1), (2, 0), (3, 1)",
                "SELECT json_array(first_value(json('[1]')) OVER ()) FROM t",
                "SELECT json_array(last_value(json('[1]')) OVER (ORDER BY id)), json_array(nth_value(json('[1]'), 1)"
                        + " OVER ()) FROM t ORDER BY id",
                "SELECT json_array(lag(json('[1]')) OVER (ORDER BY id)), json_array(lead(json_array(id), 1,"
                        + " json('[0]')) OVER (ORDER BY id)) FROM t ORDER BY id",
                "SELECT json_array(max(json('[1]')) OVER (ORDER BY id)), subtype(min(json('[2]')) OVER ()) FROM t",
                "SELECT json_group_array(json('[1]')) OVER (ORDER BY id), json_group_object('k', json_array(id))"
                        + " OVER (ORDER BY id) FROM t ORDER BY id");
    }

    @Test
    void onlyTheWindowsOfTheFirstWindowsPartKeepTheirValuesSubtype() throws Exception {
        run("CREATE TABLE t(id INTEGER PRIMARY KEY, g)", "INSERT INTO t VALUES (1, 1), (2, 0), (3, 1)",
                // a window unlike the first is computed in a nested pass, read back as a subquery's column
                "SELECT subtype(json_group_array(id) OVER (ORDER BY id)), subtype(json_group_array(id) OVER ()) FROM t",
                "SELECT subtype(json_group_array(id) OVER ()), subtype(json_group_array(g) OVER ()),"
                        + " subtype(json_group_array(id) OVER (PARTITION BY g)) FROM t",
                "SELECT json_array(json_group_array(id) OVER (ORDER BY id ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)),"
                        + " json_array(json_group_array(id) OVER (ORDER BY id)) FROM t ORDER BY id DESC",
                "SELECT json_array(json_group_array(id) OVER (ORDER BY id RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)),"
                        + " json_array(json_group_array(id) OVER (ORDER BY id)) FROM t",
                "SELECT json_array(json_group_array(id) OVER w), json_array(json_group_array(g) OVER (w)) FROM t"
                        + " WINDOW w AS (PARTITION BY g ORDER BY id)",
                // a built-in window function's own frame decides its part (row_number(): ROWS)
                "SELECT row_number() OVER (ORDER BY id), subtype(json_group_array(id) OVER (ORDER BY id)) FROM t",
                "SELECT rank() OVER (ORDER BY id), subtype(json_group_array(id) OVER (ORDER BY id)) FROM t",
                "SELECT lag(id) OVER (), subtype(json_group_array(id) OVER (ROWS UNBOUNDED PRECEDING)) FROM t");
    }

    @Test
    void aJsonAggregatesValueKeepsItsSubtypeOverALargePartition() throws Exception {
        run("CREATE TABLE t(id INTEGER PRIMARY KEY, g)",
                "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 900)"
                        + " INSERT INTO t SELECT i, i % 2 FROM c",
                "SELECT count(*) FROM (SELECT json_array(json_group_array(id) OVER (PARTITION BY g)) AS j FROM t)"
                        + " WHERE j NOT LIKE '[[%'",
                "SELECT count(*) FROM (SELECT json_array(json_group_array(id) OVER (ORDER BY id ROWS BETWEEN"
                        + " 1 PRECEDING AND 1 FOLLOWING)) AS j FROM t) WHERE j NOT LIKE '[[%'",
                "SELECT count(*) FROM (SELECT json_array(json_group_array(id) OVER (ORDER BY id),"
                        + " count(*) OVER (ORDER BY -id)) AS j FROM t) WHERE j NOT LIKE '[[%'");
    }
}
