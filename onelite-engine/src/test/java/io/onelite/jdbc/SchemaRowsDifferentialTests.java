package io.onelite.jdbc;

import org.junit.jupiter.api.Test;

import java.sql.SQLException;

import static io.onelite.jdbc.WithoutRowidDifferentialTests.assertSame;

/**
 * What {@code sqlite_schema} and the pragma table functions show, on both drivers: the rows and
 * root pages DDL makes (an AUTOINCREMENT table's {@code sqlite_sequence} comes after the table and
 * its indexes, as SQLite's sqlite3EndTable creates it), {@code pragma_database_list}, and the
 * schema argument of {@code pragma_table_info} and its kin naming main, temp or an attached
 * database, and {@code PRAGMA table_list}. Found by the shell's {@code .dump} and {@code .schema},
 * which list objects in this order and read these functions.
 */
class SchemaRowsDifferentialTests {

    @Test
    void autoincrementTablesGetTheirRowsAndRootPagesInSqlitesOrder() throws SQLException {
        assertSame(
                "CREATE TABLE t1(id INTEGER PRIMARY KEY AUTOINCREMENT, x UNIQUE, y)",
                "SELECT rowid, type, name, tbl_name, rootpage, sql FROM sqlite_schema ORDER BY rowid",
                "CREATE TABLE t2(id INTEGER PRIMARY KEY AUTOINCREMENT, z)",
                "CREATE TABLE plain(a PRIMARY KEY, b UNIQUE)",
                "SELECT rowid, type, name, tbl_name, rootpage, sql FROM sqlite_schema ORDER BY rowid",
                "INSERT INTO t1(x, y) VALUES (1, 2), (3, 4)",
                "INSERT INTO t2(z) VALUES (5)",
                "SELECT * FROM sqlite_sequence ORDER BY name");
    }

    @Test
    void pragmaDatabaseListIsATableFunctionToo() throws SQLException {
        assertSame(
                "SELECT * FROM pragma_database_list",
                "ATTACH ':memory:' AS aux",
                "CREATE TEMP TABLE tt(a)",
                "SELECT seq, name, file FROM pragma_database_list ORDER BY seq",
                "SELECT name FROM pragma_database_list() WHERE seq > 0 ORDER BY name",
                "SELECT d.name, count(*) FROM pragma_database_list AS d, sqlite_schema GROUP BY d.name ORDER BY 1",
                "SELECT * FROM pragma_database_list('x')");
    }

    @Test
    void theSchemaArgumentOfPragmaFunctionsNamesOneDatabase() throws SQLException {
        assertSame(
                "ATTACH ':memory:' AS aux",
                "CREATE TABLE aux.x(a, b UNIQUE)",
                "CREATE TABLE y(c)",
                "CREATE TEMP TABLE y(d, e, f)",
                "SELECT count(*) FROM pragma_table_info('x', 'aux')",
                "SELECT name FROM pragma_table_info('x', 'AUX') ORDER BY cid",
                "SELECT count(*) FROM pragma_table_info('x', 'main')",
                "SELECT count(*) FROM pragma_table_info('x')",
                "SELECT name FROM pragma_table_info('y', 'temp') ORDER BY cid",
                "SELECT name FROM pragma_table_info('y', 'main') ORDER BY cid",
                "SELECT name FROM pragma_table_info('y') ORDER BY cid",
                "SELECT count(*) FROM pragma_index_list('x', 'aux')",
                "SELECT count(*) FROM pragma_table_info('x', 'nosuch')",
                "SELECT * FROM pragma_foreign_key_check('y', 'temp')",
                "SELECT * FROM pragma_foreign_key_check('x', 'temp')");
    }

    /** PRAGMA table_list and pragma_table_list (SQLite lists each database's objects in hash order: compared sorted). */
    @Test
    void tableListNamesEveryTableAndViewOfEveryDatabase() throws SQLException {
        assertSame(
                "SELECT * FROM pragma_table_list ORDER BY schema, name",
                "CREATE TABLE t(a INTEGER PRIMARY KEY AUTOINCREMENT, b, c AS (b + 1))",
                "CREATE TABLE w(k PRIMARY KEY, v) WITHOUT ROWID",
                "CREATE VIEW v AS SELECT a, b FROM t",
                "ATTACH ':memory:' AS aux",
                "CREATE TABLE aux.x(q)",
                "CREATE TEMP TABLE tt(z)",
                "SELECT * FROM pragma_table_list ORDER BY schema, name",
                "PRAGMA table_list(t)",
                "PRAGMA table_list('V')",
                "PRAGMA table_list('nosuch')",
                "PRAGMA aux.table_list(x)",
                "PRAGMA temp.table_list(tt)",
                "SELECT name, type, ncol, wr FROM pragma_table_list('w')",
                "SELECT * FROM pragma_table_list('x', 'aux')");
    }
}
