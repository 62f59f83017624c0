package io.onelite.plan;

import org.junit.jupiter.api.Test;

import static io.onelite.plan.ScenarioTests.run;

/** JSON operators and table-valued functions, compared with native SQLite. */
class JsonSqlTests {

    @Test
    void arrowOperatorsBehaveAsSqlite() throws Exception {
        run("CREATE TABLE t(id INTEGER PRIMARY KEY, j TEXT)",
                "INSERT INTO t VALUES (1, '{\"a\":1,\"b\":[1,2,{\"c\":\"x\"}],\"s\":\"str\",\"n\":null}'), (2, '[10,20]'), (3, NULL)",
                "SELECT id, j -> '$.a', j ->> '$.a', j -> 'b', j ->> 'b', j -> '$.b[2].c', j ->> '$.b[2].c' FROM t ORDER BY id",
                "SELECT id, j -> 's', j ->> 's', j -> 'n', j ->> 'n', j -> 1, j ->> 1, j ->> '$[#-1]' FROM t ORDER BY id",
                "SELECT id FROM t WHERE j ->> '$.a' = 1",
                "SELECT json_object('k', j -> '$.b') FROM t WHERE id = 1",
                "SELECT '{\"x\":{\"y\":5}}' -> 'x' -> 'y', '{\"x\":{\"y\":5}}' ->> 'x' ->> 'y'",
                "SELECT 'not json' -> 'a'");
    }
}
