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

    @Test
    void jsonEachAndJsonTreeInFromBehaveAsSqlite() throws Exception {
        run("SELECT * FROM json_each('[1,2,3]')",
                "SELECT key, value, type, atom, id, parent, fullkey, path FROM json_each('{\"a\":1,\"b\":[2,3],\"c\":{\"d\":null}}')",
                "SELECT * FROM json_tree('{\"a\":1,\"b\":[2,3],\"c\":{\"d\":null,\"e\":\"x\"}}')",
                "SELECT * FROM json_each('{\"a\":1,\"b\":[2,3.5,\"s\"]}', '$.b')",
                "SELECT * FROM json_tree('{\"a\":1,\"b\":[2,3.5,{\"z\":true}]}', '$.b')",
                "SELECT * FROM json_each('5')",
                "SELECT * FROM json_each(NULL)",
                "SELECT * FROM json_each('[1]', '$.missing')",
                "SELECT * FROM json_each('not json')",
                "CREATE TABLE t(id INTEGER PRIMARY KEY, j TEXT)",
                "INSERT INTO t VALUES (1, '[10,20]'), (2, '{\"x\":\"y\"}'), (3, NULL), (4, '[]')",
                "SELECT t.id, e.key, e.value FROM t, json_each(t.j) AS e ORDER BY t.id, e.key",
                "SELECT id, value FROM t, json_each(t.j) WHERE value > 10 ORDER BY id",
                "SELECT id, (SELECT count(*) FROM json_each(t.j)) FROM t ORDER BY id",
                "SELECT id, sum(value) FROM t JOIN json_each(t.j) GROUP BY id ORDER BY id",
                "SELECT t.id, e.value FROM t LEFT JOIN json_each(t.j) e ON e.value > 15 ORDER BY t.id",
                "SELECT e.json, e.root FROM json_each('[1]') e",
                "SELECT fullkey FROM json_tree('{\"a b\":{\"c\":[1]}}') ORDER BY id",
                "SELECT json_each.key, json_each.value FROM json_each('{\"p\":[1],\"q\":2}') WHERE json_each.type <> 'array'",
                "SELECT value FROM json_each('[3,1,2]') ORDER BY value DESC LIMIT 2",
                "SELECT a.value, b.value FROM json_each('[1,2]') a, json_each('[\"x\",\"y\"]') b ORDER BY 1, 2",
                "SELECT * FROM json_each('[1]', 5)",
                "SELECT * FROM no_such_fn(1)", "SELECT * FROM t(1)");
    }
}
