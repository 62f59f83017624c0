package io.onelite.plan;

import io.onelite.api.Database;
import io.onelite.api.DatabaseOptions;
import io.onelite.api.Session;
import io.onelite.testing.Sqlite3;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * ALTER TABLE DROP COLUMN against native SQLite: the refusals and their messages, the stored
 * CREATE TABLE text, and the rows; a file written by OneLite must read in {@code sqlite3} as the
 * same file written by {@code sqlite3} does, and pass its integrity_check.
 */
class DropColumnTests {

    @Test
    void refusalsUseSqlitesMessages() throws Exception {
        ScenarioTests.run(
                "CREATE TABLE p(x PRIMARY KEY, y)",
                "CREATE TABLE t(id INTEGER PRIMARY KEY, u UNIQUE, a, b CHECK (b > 0), c, d, e, f REFERENCES p(x), "
                        + "g AS (a + 1), h, CHECK (c > 0), UNIQUE (d, a), FOREIGN KEY (e) REFERENCES p(x))",
                "CREATE TABLE one(only_col)",
                "CREATE TABLE pk(a, b, PRIMARY KEY (a, b))",
                "CREATE VIEW v AS SELECT a FROM t",
                "ALTER TABLE t DROP COLUMN id",
                "ALTER TABLE t DROP COLUMN u",
                "ALTER TABLE pk DROP COLUMN b",
                "ALTER TABLE one DROP COLUMN only_col",
                "ALTER TABLE t DROP COLUMN nope",
                "ALTER TABLE nope DROP COLUMN a",
                "ALTER TABLE v DROP COLUMN a",
                "ALTER TABLE v RENAME COLUMN a TO b",
                "ALTER TABLE v ADD COLUMN z",
                "ALTER TABLE sqlite_schema DROP COLUMN sql",
                "ALTER TABLE t DROP COLUMN c",
                "ALTER TABLE t DROP COLUMN d",
                "ALTER TABLE t DROP COLUMN e",
                "ALTER TABLE t DROP COLUMN a",
                "CREATE TABLE cc(a CHECK (a > b), b)",
                "ALTER TABLE cc DROP COLUMN b",
                "SELECT sql FROM sqlite_schema ORDER BY name");
    }

    @Test
    void dependentIndexesViewsAndTriggersRefuseTheDrop() throws Exception {
        ScenarioTests.run(
                "CREATE TABLE t(a, b, c, d, e)",
                "CREATE INDEX ib ON t(b)",
                "CREATE INDEX ic ON t(a + c)",
                "CREATE INDEX id ON t(a) WHERE d > 0",
                "CREATE VIEW ve AS SELECT x.e FROM t x",
                "CREATE TABLE u(z)",
                "CREATE TRIGGER tr AFTER INSERT ON t BEGIN UPDATE t SET a = new.a WHERE c IS NULL; END",
                "ALTER TABLE t DROP COLUMN b",
                "ALTER TABLE t DROP COLUMN c",
                "ALTER TABLE t DROP COLUMN d",
                "ALTER TABLE t DROP COLUMN e",
                "DROP INDEX ic",
                "ALTER TABLE t DROP COLUMN c",
                "SELECT name, sql FROM sqlite_schema ORDER BY name");
    }

    @Test
    void theColumnLeavesTheStoredTextAndEveryRow() throws Exception {
        ScenarioTests.run(
                "CREATE TABLE t ( id INTEGER PRIMARY KEY,  \"b c\" TEXT DEFAULT 'x' , [d] REAL, `e` , f  ,"
                        + " CONSTRAINT k CHECK (id > 0) )",
                "INSERT INTO t VALUES (1, 'one', 1.5, 10, 'f1'), (2, NULL, 2, x'00', 'f2'), (3, 'three', NULL, 3.25, NULL)",
                "CREATE INDEX tf ON t(f)",
                "ALTER TABLE t DROP COLUMN \"b c\"",
                "SELECT * FROM t ORDER BY id",
                "ALTER TABLE t DROP COLUMN f",
                "ALTER TABLE t DROP COLUMN [d]",
                "SELECT sql FROM sqlite_schema",
                "SELECT *, typeof(e) FROM t ORDER BY id",
                "ALTER TABLE t ADD COLUMN g DEFAULT 7",
                "SELECT sql FROM sqlite_schema",
                "SELECT * FROM t",
                "CREATE TABLE s(a, b, PRIMARY KEY (a))",
                "ALTER TABLE s ADD COLUMN c",
                "ALTER TABLE s DROP COLUMN b",
                "SELECT sql FROM sqlite_schema WHERE name = 's'",
                "PRAGMA integrity_check");
    }

    @Test
    void rowsStoredBeforeAddColumnKeepTheDefaultOfTheColumnsThatStay() throws Exception {
        ScenarioTests.run(
                "CREATE TABLE t(a, b DEFAULT 3, c)",
                "INSERT INTO t(a) VALUES (1)",
                "ALTER TABLE t ADD COLUMN d DEFAULT 'x'",
                "ALTER TABLE t ADD COLUMN r REAL DEFAULT 2",
                "ALTER TABLE t DROP COLUMN c",
                "SELECT *, typeof(r) FROM t",
                "BEGIN",
                "ALTER TABLE t DROP COLUMN b",
                "SELECT * FROM t",
                "ROLLBACK",
                "SELECT * FROM t");
    }

    @Test
    void sqlite3ReadsTheSameFileAsItsOwnDropColumnWrites(@TempDir Path dir) throws Exception {
        String[] script = {
                "CREATE TABLE t(id INTEGER PRIMARY KEY, a TEXT, b BLOB, c REAL, d)",
                "CREATE INDEX ta ON t(a, d)",
                "INSERT INTO t WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 400) "
                        + "SELECT i, 'row ' || i, randomblob(i % 50), i * 0.5, i % 7 FROM n",
                "ALTER TABLE t DROP COLUMN b",
                "ALTER TABLE t DROP COLUMN c"};
        Path mine = dir.resolve("onelite.db");
        Path theirs = dir.resolve("sqlite.db");
        try (Database db = Database.open(mine.toString(), DatabaseOptions.DEFAULTS); Session s = db.openSession()) {
            for (String sql : script) {
                s.execute(sql);
            }
        }
        Sqlite3.run(theirs, "PRAGMA journal_mode = WAL; " + String.join("; ", script) + ";");
        String dump = "PRAGMA integrity_check; SELECT type, name, tbl_name, sql FROM sqlite_schema; "
                + "SELECT * FROM t ORDER BY id; SELECT count(*) FROM t INDEXED BY ta WHERE a > 'row 3';";
        String expected = withoutWalLines(Sqlite3.run(theirs, dump));
        assertThat(expected).startsWith("ok\n").contains("CREATE TABLE t(id INTEGER PRIMARY KEY, a TEXT, d)");
        assertThat(withoutWalLines(Sqlite3.run(mine, dump))).isEqualTo(expected);
    }

    private static String withoutWalLines(String shellOutput) {
        return shellOutput.replace("\nwal", "").replaceFirst("^wal\n", "");
    }
}
