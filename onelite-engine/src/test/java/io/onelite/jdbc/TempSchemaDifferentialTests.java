package io.onelite.jdbc;

import org.junit.jupiter.api.Test;

import java.sql.SQLException;

import static io.onelite.jdbc.WithoutRowidDifferentialTests.assertSame;

/**
 * The temp schema (issue #4) on both drivers: TEMP tables, indexes, views and triggers live in
 * the connection's temp database, shadow main's objects of the same name, answer to
 * {@code temp.x} / {@code main.x}, and are listed by {@code sqlite_temp_master}; the same
 * scripts give the same rows and errors as native SQLite.
 */
class TempSchemaDifferentialTests {

    @Test
    void tempTableShadowsMainAndQualifiedNamesReachBoth() throws SQLException {
        assertSame(
                "CREATE TABLE x(a)",
                "INSERT INTO x VALUES (1)",
                "CREATE TEMP TABLE x(b)",
                "INSERT INTO x VALUES (2)",
                "SELECT * FROM x",
                "SELECT * FROM main.x",
                "SELECT * FROM temp.x",
                "SELECT b FROM temp.x JOIN main.x ON a < b",
                "INSERT INTO main.x VALUES (3)",
                "UPDATE temp.x SET b = b * 10",
                "DELETE FROM main.x WHERE a = 1",
                "SELECT * FROM main.x",
                "SELECT * FROM x",
                "PRAGMA table_info(x)",
                "PRAGMA main.table_info(x)",
                "PRAGMA temp.table_info(x)",
                "DROP TABLE x",
                "SELECT * FROM x",
                "DROP TABLE x",
                "SELECT * FROM x");
    }

    @Test
    void sqliteTempMasterListsTempObjects() throws SQLException {
        assertSame(
                "PRAGMA database_list",
                "SELECT * FROM temp.nosuch",
                "PRAGMA database_list",
                "SELECT * FROM sqlite_temp_master",
                "PRAGMA database_list",
                "CREATE TABLE m(a)",
                "CREATE TEMPORARY TABLE t(a INTEGER PRIMARY KEY, b TEXT UNIQUE)",
                "CREATE INDEX ti ON t(b, a)",
                "CREATE TEMP VIEW tv AS SELECT a FROM m",
                "CREATE TRIGGER tg AFTER INSERT ON t BEGIN INSERT INTO m VALUES (new.b); END",
                "SELECT type, name, tbl_name, sql FROM sqlite_temp_master ORDER BY name",
                "SELECT type, name, tbl_name FROM temp.sqlite_master ORDER BY name",
                "SELECT type, name FROM sqlite_temp_schema ORDER BY name",
                "SELECT type, name FROM temp.sqlite_schema ORDER BY name",
                "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY name",
                "SELECT * FROM main.sqlite_temp_master",
                "PRAGMA temp.index_list(t)",
                "PRAGMA index_info(ti)");
    }

    @Test
    void tempIndexesViewsAndTriggersWork() throws SQLException {
        assertSame(
                "CREATE TABLE m(a)",
                "CREATE TEMP TABLE t(a, b)",
                "CREATE UNIQUE INDEX tu ON t(a)",
                "INSERT INTO t VALUES (1, 'x'), (2, 'y')",
                "INSERT INTO t VALUES (1, 'z')",
                "EXPLAIN QUERY PLAN SELECT b FROM t WHERE a = 2",
                "SELECT b FROM t WHERE a = 2",
                "CREATE TRIGGER tg AFTER INSERT ON t BEGIN INSERT INTO m VALUES (new.a * 100); END",
                "CREATE TEMP TRIGGER tm AFTER INSERT ON main.m BEGIN UPDATE t SET b = 'seen' WHERE a = new.a; END",
                "INSERT INTO t VALUES (3, 'w')",
                "INSERT INTO m VALUES (2)",
                "SELECT * FROM m ORDER BY a",
                "SELECT * FROM t ORDER BY a",
                "CREATE TEMP VIEW tv AS SELECT t.a, m.a AS ma FROM t JOIN m ON m.a = t.a * 100",
                "SELECT * FROM tv",
                "SELECT * FROM temp.tv",
                "CREATE INDEX temp.ix ON m(a)",
                "CREATE INDEX main.i2 ON t(b)",
                "DROP TRIGGER tg",
                "INSERT INTO t VALUES (4, 'v')",
                "SELECT count(*) FROM m",
                "DROP VIEW temp.tv",
                "DROP INDEX temp.nosuch",
                "DROP TABLE nosuch.x",
                "DROP TABLE IF EXISTS nosuch.x",
                "SELECT type, name FROM sqlite_temp_master ORDER BY name");
    }

    @Test
    void triggersOutsideTempSeeOnlyTheirOwnDatabase() throws SQLException {
        assertSame(
                "CREATE TABLE m(a)",
                "CREATE TEMP TABLE t(a)",
                "CREATE TRIGGER tg2 AFTER INSERT ON m BEGIN INSERT INTO t VALUES (new.a); END",
                "INSERT INTO m VALUES (5)",
                "SELECT count(*) FROM m",
                "CREATE TRIGGER main.tg3 AFTER INSERT ON temp.t BEGIN SELECT 1; END",
                "CREATE TRIGGER tg4 AFTER INSERT ON t BEGIN INSERT INTO m VALUES (new.a); END",
                "SELECT type, name FROM sqlite_temp_master ORDER BY name",
                "SELECT type, name FROM sqlite_master ORDER BY name");
    }

    @Test
    void droppingATableDropsTheTempTriggersOnIt() throws SQLException {
        assertSame(
                "CREATE TABLE m(a)",
                "CREATE TEMP TRIGGER tt AFTER INSERT ON m BEGIN SELECT 1; END",
                "CREATE TEMP TRIGGER t2 AFTER INSERT ON main.m BEGIN SELECT 1; END",
                "DROP TABLE m",
                "SELECT name FROM sqlite_temp_master",
                "CREATE TABLE m(a)",
                "CREATE TEMP TABLE m(b)",
                "CREATE TEMP TRIGGER t3 AFTER INSERT ON main.m BEGIN SELECT 1; END",
                "CREATE TEMP TRIGGER t4 AFTER INSERT ON m BEGIN SELECT 1; END",
                "DROP TABLE temp.m",
                "SELECT name FROM sqlite_temp_master ORDER BY name");
    }

    @Test
    void namingRulesAndErrors() throws SQLException {
        assertSame(
                "CREATE TABLE main.y(a)",
                "CREATE TABLE temp.y(a)",
                "CREATE TABLE y(a)",
                "CREATE TEMP TABLE y(a)",
                "CREATE TEMP TABLE main.q(a)",
                "CREATE TEMP TABLE temp.q(a)",
                "CREATE TABLE nosuch.z(a)",
                "SELECT * FROM nosuch.z",
                "INSERT INTO nosuch.z VALUES (1)",
                "SELECT * FROM temp.nosuch",
                "INSERT INTO main.nosuch VALUES (1)",
                "CREATE TEMP TABLE sqlite_x(a)",
                "CREATE TEMP TABLE tv AS SELECT * FROM main.y",
                "CREATE TEMP TABLE ta(id INTEGER PRIMARY KEY AUTOINCREMENT, v)",
                "INSERT INTO ta(v) VALUES ('a'), ('b')",
                "SELECT * FROM temp.sqlite_sequence",
                "SELECT name FROM sqlite_master ORDER BY name",
                "ALTER TABLE temp.ta ADD COLUMN w DEFAULT 7",
                "ALTER TABLE ta RENAME TO tb",
                "SELECT * FROM tb",
                "SELECT name FROM sqlite_temp_master ORDER BY name");
    }

    @Test
    void foreignKeysAndViewsResolveAsSqliteDoes() throws SQLException {
        assertSame(
                "PRAGMA foreign_keys = ON",
                "CREATE TABLE p(id INTEGER PRIMARY KEY)",
                "INSERT INTO p VALUES (5)",
                "CREATE TEMP TABLE p(id INTEGER PRIMARY KEY)",
                "CREATE TEMP TABLE c(pid REFERENCES p(id))",
                "INSERT INTO c VALUES (5)",
                "INSERT INTO temp.p VALUES (5)",
                "INSERT INTO c VALUES (5)",
                "DELETE FROM temp.p",
                "PRAGMA temp.foreign_key_check",
                "PRAGMA foreign_key_list(c)",
                "CREATE TABLE x(a)",
                "INSERT INTO x VALUES ('main')",
                "CREATE TEMP TABLE x(a)",
                "INSERT INTO x VALUES ('temp')",
                "CREATE VIEW v AS SELECT a FROM x",
                "SELECT * FROM v",
                "CREATE VIEW v3 AS SELECT a FROM main.x",
                "SELECT * FROM v3",
                "CREATE VIEW v4 AS SELECT a FROM temp.x",
                "CREATE TABLE shadow(a)",
                "INSERT INTO shadow VALUES ('main table')",
                "CREATE TEMP VIEW shadow AS SELECT 'temp view' AS a",
                "SELECT * FROM shadow",
                "INSERT INTO shadow VALUES (1)",
                "SELECT * FROM main.shadow",
                "CREATE VIEW mv AS SELECT 'main view' AS a",
                "CREATE TEMP TABLE mv(a)",
                "INSERT INTO mv VALUES ('temp table')",
                "SELECT * FROM mv",
                "SELECT count(*) FROM c JOIN p ON p.id = c.pid");
    }

    @Test
    void savepointsAndRollbackCoverTheTempDatabase() throws SQLException {
        assertSame(
                "CREATE TABLE m(a)",
                "CREATE TEMP TABLE t(a)",
                "BEGIN",
                "INSERT INTO t VALUES (1)",
                "SAVEPOINT s",
                "INSERT INTO t VALUES (2)",
                "INSERT INTO m VALUES (2)",
                "ROLLBACK TO s",
                "SELECT * FROM t",
                "SELECT * FROM m",
                "COMMIT",
                "SELECT * FROM t",
                "BEGIN",
                "INSERT INTO t VALUES (3)",
                "ROLLBACK",
                "SELECT * FROM t",
                "PRAGMA database_list",
                "CREATE TEMP TABLE big(a INTEGER PRIMARY KEY, b UNIQUE)",
                "INSERT INTO big SELECT value, 'v' || value FROM json_each('[1,2,3,4,5,6,7,8,9,10]')",
                "PRAGMA integrity_check",
                "PRAGMA main.integrity_check",
                "PRAGMA temp.integrity_check",
                "PRAGMA quick_check");
    }
}
