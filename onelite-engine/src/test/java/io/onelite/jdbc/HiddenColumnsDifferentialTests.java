package io.onelite.jdbc;

import org.junit.jupiter.api.Test;

import java.sql.SQLException;

import static io.onelite.jdbc.WithoutRowidDifferentialTests.assertSame;

/**
 * The hidden columns of table-valued functions (json_each's json and root, a pragma table's arg
 * and schema), as SQLite's virtual tables have them: left out of {@code *} and NATURAL joins but
 * named like any column, bare names too (so they can be ambiguous), and a WHERE term
 * {@code hidden = value} gives a call the argument it leaves out.
 */
class HiddenColumnsDifferentialTests {

    @Test
    void hiddenColumnsAreNamedLikeAnyColumn() throws SQLException {
        assertSame(
                "CREATE TABLE u(json TEXT, x)",
                "INSERT INTO u VALUES ('a', 1)",
                "SELECT key, json, root FROM json_each('[1,2]')",
                "SELECT key FROM json_each('[1,2]') WHERE root = '$'",
                "SELECT * FROM json_each('[1,2]')",
                "SELECT 1 FROM u, json_each('[1]') WHERE json = 1",
                "SELECT u.json, j.json FROM u, json_each('[3]') AS j",
                "SELECT * FROM (SELECT 0 AS key) NATURAL JOIN json_each('[5]')",
                "SELECT cid, name, arg, schema FROM pragma_table_info('u')",
                "SELECT * FROM pragma_table_info('u')");
    }

    @Test
    void whereTermsOnHiddenColumnsGiveTheArgumentsACallLeavesOut() throws SQLException {
        assertSame(
                "CREATE TABLE t(a INT, b TEXT)",
                "CREATE TABLE u(c)",
                "SELECT * FROM json_each WHERE json = '[5,6]'",
                "SELECT key, value FROM json_tree WHERE json = '{\"a\":[1,2]}' AND root = '$.a'",
                "SELECT key FROM json_each WHERE '[7]' = json",
                "SELECT * FROM json_each",
                "SELECT name FROM pragma_table_info WHERE arg = 't'",
                "SELECT name, arg, schema FROM pragma_table_info WHERE arg = 't' AND schema = 'main'",
                "SELECT m.name, p.name FROM sqlite_master m, pragma_table_info p WHERE p.arg = m.name ORDER BY 1, 2",
                "SELECT m.name, p.name FROM sqlite_master m JOIN pragma_table_info AS p WHERE p.arg = m.name AND p.cid = 0 ORDER BY 1",
                "SELECT name FROM pragma_table_info('t') WHERE arg = 'u'",
                "SELECT * FROM pragma_table_info");
    }
}
