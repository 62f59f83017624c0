package io.onelite.jdbc;

import org.junit.jupiter.api.Test;

import java.sql.SQLException;

/**
 * JSONB through SQL on both drivers: blobs stored in a table and read back by every kind of JSON
 * function, the operators, json_each/json_tree over a blob column, the jsonb aggregates (also as
 * window functions), and the errors for blobs that are not JSONB.
 */
class JsonbSqlDifferentialTests {

    private static final String[] TABLE = {
            "CREATE TABLE t(id INTEGER PRIMARY KEY, j BLOB)",
            "INSERT INTO t(j) VALUES (jsonb('{\"a\":[1,2,{\"b\":\"x\"}],\"c\":\"é\",\"d\":0x1F}')),"
                    + " (jsonb_array(1, 'two', 3.5, NULL)), (jsonb_object('k', jsonb('[true,null]'), 'q', 'a\"b')),"
                    + " (jsonb('\"just text\"')), (jsonb('[' || printf('%.*c', 300, '7') || ']'))",
    };

    private static String[] withTable(String... statements) {
        return WithoutRowidDifferentialTests.script(TABLE, statements);
    }

    @Test
    void storedBlobsReadBackThroughEveryJsonFunction() throws SQLException {
        WithoutRowidDifferentialTests.assertSame(withTable(
                "SELECT id, typeof(j), hex(j), json(j), json_type(j), json_valid(j), json_valid(j, 4),"
                        + " json_valid(j, 8), json_array_length(j) FROM t ORDER BY id",
                "SELECT id, j -> '$.a', j ->> '$.a[2].b', j -> 'c', j ->> 'd', typeof(j -> '$.a'),"
                        + " json_extract(j, '$.a[#-1]', '$[1]'), hex(jsonb_extract(j, '$.a')),"
                        + " typeof(jsonb_extract(j, '$.a[0]')) FROM t ORDER BY id",
                "SELECT id, hex(jsonb_set(j, '$.new', 'v', '$[0]', 99)), json_insert(j, '$.a[#]', json('{}')),"
                        + " hex(jsonb_replace(j, '$.c', 1.5)), hex(jsonb_remove(j, '$.a[1]', '$[0]')),"
                        + " json_patch(j, '{\"c\":null,\"z\":[1]}'), hex(jsonb_patch(j, jsonb('{\"k\":1}')))"
                        + " FROM t ORDER BY id",
                "SELECT id, json_quote(j), json_array(j, jsonb('2')), json_object('x', j), json_pretty(j)"
                        + " FROM t WHERE id < 5 ORDER BY id",
                "UPDATE t SET j = jsonb_set(j, '$.a[0]', 'changed') WHERE id = 1",
                "SELECT hex(j), json(j) FROM t WHERE id = 1"));
    }

    @Test
    void jsonEachAndTreeWalkABlobColumn() throws SQLException {
        WithoutRowidDifferentialTests.assertSame(withTable(
                "SELECT t.id, e.key, e.value, e.type, e.atom, e.id, e.parent, e.fullkey, e.path"
                        + " FROM t, json_each(t.j) e WHERE t.id < 5 ORDER BY t.id, e.id",
                "SELECT t.id, e.key, e.value, e.type, e.atom, e.id, e.parent, e.fullkey, e.path"
                        + " FROM t, json_tree(t.j, '$.a') e ORDER BY t.id, e.id",
                "SELECT t.id, e.key, e.value, e.type, e.id FROM t, json_tree(t.j) e WHERE t.id < 4 ORDER BY t.id, e.id",
                "SELECT typeof(e.json), hex(e.json), e.root FROM t, json_each(t.j, '$.a') e ORDER BY e.id"));
    }

    @Test
    void jsonbAggregatesAndWindows() throws SQLException {
        WithoutRowidDifferentialTests.assertSame(withTable(
                "SELECT hex(jsonb_group_array(j)), json_group_array(j) FROM t",
                "SELECT hex(jsonb_group_object(CAST(id AS TEXT), j)), json_group_object('k' || id, j) FROM t",
                "SELECT id, hex(jsonb_group_array(id) OVER (ORDER BY id ROWS BETWEEN 1 PRECEDING AND CURRENT ROW))"
                        + " FROM t ORDER BY id",
                "SELECT typeof(jsonb('1')), hex(jsonb('1')), typeof(jsonb_extract('[1]', '$[0]')),"
                        + " typeof(jsonb_extract('[[1]]', '$[0]')), hex(jsonb_array()), hex(jsonb_object())"));
    }

    @Test
    void blobsThatAreNotJsonbAreReadAsText() throws SQLException {
        WithoutRowidDifferentialTests.assertSame(
                "SELECT json(x'5b315d'), json_valid(x'5b315d'), json_valid(x'5b315d', 4), json_valid(x'5b315d', 8)",
                "SELECT json(x'ff')",
                "SELECT json_extract(x'', '$')",
                "SELECT json_array(x'ff')",
                "SELECT json_valid(x'00', 0)",
                "SELECT json_valid(x'00', 16)",
                "SELECT json_valid(x'1b00', 12), json_valid(x'1b13', 4), json_valid(x'1b13', 8), json_valid(x'1b13', 3)",
                "SELECT x'ff' -> '$'",
                "SELECT * FROM json_each(x'ff')");
    }
}
