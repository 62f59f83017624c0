package io.onelite.plan;

import org.junit.jupiter.api.Test;

import static io.onelite.plan.ScenarioTests.run;

/**
 * Against native SQLite: a result column that an ORDER BY term names (by number, by its AS name,
 * or as the same expression) is read back from the sort key, whose copy of a JSON aggregate's
 * window value has no subtype, so {@code SELECT json_array(json_group_array(id) OVER (ORDER BY id))
 * AS a FROM t ORDER BY a} quotes the array; not under DISTINCT, nor in an IN subquery, nor in a
 * FROM subquery whose ORDER BY SQLite drops because the query around it has its own. OneLite kept
 * the subtype in all of them.
 */
class WindowSortKeySubtypeDifferentialTests {
    private static final String[] TABLE = {"CREATE TABLE t(id INTEGER PRIMARY KEY, b)",
        "INSERT INTO t VALUES (1, 5), (2, 4), (3, 6)", "CREATE TABLE u(x)",
        "INSERT INTO u VALUES ('[[1]]'), ('[\"[1]\"]'), ('[[1,2,3]]'), ('[\"[1,2,3]\"]')"};

    private static void runOnTables(String... queries) throws Exception {
        String[] script = new String[TABLE.length + queries.length];
        System.arraycopy(TABLE, 0, script, 0, TABLE.length);
        System.arraycopy(queries, 0, script, TABLE.length, queries.length);
        run(script);
    }

    @Test
    void aColumnTheOrderByNamesLosesItsWindowValuesSubtype() throws Exception {
        runOnTables("SELECT subtype(json_group_array(id) OVER (ORDER BY id)) AS a FROM t ORDER BY a",
                "SELECT subtype(json_group_array(id) OVER (ORDER BY id)) AS a FROM t ORDER BY 1",
                "SELECT subtype(json_group_array(id) OVER (ORDER BY id)), b FROM t"
                        + " ORDER BY subtype(json_group_array(id) OVER (ORDER BY id))",
                "SELECT json_array(json_group_array(id) OVER (ORDER BY id)) AS a FROM t ORDER BY a COLLATE NOCASE",
                "SELECT json_array(json_group_array(id) OVER (ORDER BY id)) AS a, b FROM t ORDER BY b, a",
                "SELECT json_array(json_group_array(id) OVER w) AS a FROM t WINDOW w AS (ORDER BY id) ORDER BY a DESC LIMIT 2",
                // the other columns keep it, a copy of the same expression too
                "SELECT json_array(json_group_array(id) OVER (ORDER BY id)) AS a,"
                        + " json_array(json_group_array(id) OVER (ORDER BY id)) AS z FROM t ORDER BY a",
                "SELECT subtype(json_group_array(id) OVER (ORDER BY id)) AS a,"
                        + " subtype(json_group_array(b) OVER (ORDER BY id)) AS c FROM t ORDER BY 2",
                "SELECT subtype(json_group_array(id) OVER (ORDER BY id)) AS a, b FROM t ORDER BY b",
                "SELECT json_array(json_group_array(id) OVER (ORDER BY id)) AS a FROM t ORDER BY +a",
                "SELECT json_array(json_group_array(id) OVER (ORDER BY id)) FROM t"
                        + " ORDER BY json_array(json_group_array(id) OVER (ORDER BY id)) COLLATE NOCASE",
                "SELECT DISTINCT json_array(json_group_array(id) OVER (ORDER BY id)) AS a, b FROM t ORDER BY a");
    }

    @Test
    void soInSubqueriesAndCompoundArms() throws Exception {
        runOnTables("SELECT (SELECT json_array(json_group_array(id) OVER (ORDER BY id)) AS a FROM t ORDER BY a LIMIT 1)",
                "SELECT * FROM (SELECT json_array(json_group_array(id) OVER (ORDER BY id)) AS a FROM t ORDER BY a)",
                "SELECT * FROM (SELECT json_array(json_group_array(id) OVER (ORDER BY id)) AS a FROM t ORDER BY a LIMIT 9)"
                        + " ORDER BY 1",
                "WITH c AS (SELECT json_array(json_group_array(id) OVER (ORDER BY id)) AS a FROM t ORDER BY a) SELECT * FROM c",
                "CREATE VIEW v AS SELECT json_array(json_group_array(id) OVER (ORDER BY id)) AS a FROM t ORDER BY a",
                "SELECT * FROM v",
                "SELECT json_array(json_group_array(id) OVER (ORDER BY id)) AS a FROM t UNION ALL SELECT 1 ORDER BY a",
                "SELECT 1 UNION ALL SELECT json_array(json_group_array(id) OVER (ORDER BY id)) FROM t ORDER BY 1 DESC",
                "SELECT json_array(json_group_array(id) OVER (ORDER BY id)) AS a FROM t UNION SELECT 1 ORDER BY a LIMIT 3",
                "INSERT INTO u SELECT json_array(json_group_array(id) OVER (ORDER BY id)) AS a FROM t ORDER BY a",
                "SELECT * FROM u",
                // kept: the ORDER BY is dropped (an IN subquery, an outer ORDER BY) or the rows materialized
                "SELECT x FROM u WHERE x IN (SELECT json_array(json_group_array(id) OVER (ORDER BY id)) AS a FROM t ORDER BY a)",
                "SELECT x FROM u WHERE (x, 1) IN (SELECT json_array(json_group_array(id) OVER (ORDER BY id)) AS a, 1 FROM t ORDER BY a)",
                "SELECT * FROM v ORDER BY 1",
                "WITH c AS (SELECT json_array(json_group_array(id) OVER (ORDER BY id)) AS a FROM t ORDER BY a)"
                        + " SELECT * FROM c UNION ALL SELECT * FROM c",
                "SELECT * FROM u JOIN (SELECT json_array(json_group_array(id) OVER (ORDER BY id)) AS a FROM t ORDER BY a) ON x = a");
    }
}
