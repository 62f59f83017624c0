package io.onelite.jdbc;

import io.onelite.testing.Sqlite3;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Broken views in files shared with the {@code sqlite3} shell (out of process): a file whose
 * schema holds views over missing tables or columns, a circular view and a view whose column list
 * does not match opens in OneLite and everything else in it works, each statement as native
 * SQLite does it on a copy; a file OneLite writes with such views passes sqlite3's
 * {@code integrity_check}, and sqlite3 reads them as OneLite does.
 */
class LazyViewsFileTests {
    @TempDir
    Path dir;

    @Test
    void aFileWithBrokenViewsMadeBySqlite3WorksInOneLite() throws Exception {
        Path db = dir.resolve("made-by-sqlite3.db");
        Sqlite3.checked(db, "PRAGMA journal_mode = wal;"
                + "CREATE TABLE t(a INTEGER PRIMARY KEY, b TEXT);"
                + "CREATE INDEX tb ON t(b);"
                + "INSERT INTO t VALUES (1, 'one'), (2, 'two');"
                + "CREATE TABLE dropped(x);"
                + "CREATE VIEW on_dropped AS SELECT x FROM dropped;"
                + "DROP TABLE dropped;"
                + "CREATE VIEW early AS SELECT id, total FROM orders;"
                + "CREATE VIEW loop1 AS SELECT * FROM loop2;"
                + "CREATE VIEW loop2 AS SELECT * FROM loop1;"
                + "CREATE VIEW counted(p, q) AS SELECT a FROM t;"
                + "CREATE VIEW good AS SELECT a, upper(b) AS shout FROM t;"
                + "CREATE TRIGGER t_log AFTER INSERT ON t BEGIN INSERT INTO t_seen VALUES (new.a); END;"
                + "CREATE TABLE t_seen(a);");
        Path copy = dir.resolve("native-copy.db");
        Files.copy(db, copy);
        String[] script = {
                "SELECT * FROM t ORDER BY a",
                "SELECT * FROM good ORDER BY a",
                "INSERT INTO t(b) VALUES ('three')",
                "SELECT * FROM t_seen",
                "SELECT * FROM on_dropped", "SELECT * FROM early", "SELECT * FROM loop1", "SELECT * FROM counted",
                "PRAGMA table_info(counted)", "PRAGMA table_info(early)",
                "SELECT type, name, tbl_name, rootpage FROM sqlite_schema ORDER BY name",
                "CREATE TABLE orders(id INTEGER PRIMARY KEY, total REAL)",
                "INSERT INTO orders VALUES (7, 9.5)",
                "SELECT * FROM early",
                "ALTER TABLE orders RENAME COLUMN total TO amount",
                "ALTER TABLE t ADD COLUMN c DEFAULT 0",
                "DROP VIEW loop1", "DROP VIEW on_dropped", "DROP VIEW counted",
                "ALTER TABLE orders RENAME COLUMN total TO amount",
                "SELECT sql FROM sqlite_schema WHERE name = 'early'",
                "SELECT * FROM early", "SELECT * FROM loop2",
                "PRAGMA integrity_check"};
        List<String> theirs = WithoutRowidDifferentialTests.run("jdbc:sqlite:" + copy, script);
        List<String> mine = WithoutRowidDifferentialTests.run("jdbc:onelite:" + db, script);
        assertThat(mine).containsExactlyElementsOf(theirs);
        assertThat(mine.get(mine.size() - 1)).endsWith("[String:ok]");
        // what OneLite changed is read back by sqlite3
        assertThat(Sqlite3.run(db, "PRAGMA integrity_check; SELECT * FROM early; SELECT count(*) FROM t_seen;"))
                .isEqualTo("ok\n7|9.5\n1");
        assertThat(Sqlite3.run(db, "SELECT * FROM loop2;")).endsWith("no such table: main.loop1");
    }

    @Test
    void brokenViewsOneLiteWritesPassSqlite3sChecksAndFailThereAlike() throws SQLException {
        Path db = dir.resolve("written.db");
        try (Connection c = Drivers.open("jdbc:onelite:" + db)) {
            Drivers.exec(c, "CREATE VIEW before_table AS SELECT name, qty FROM stock WHERE qty > 0",
                    "CREATE TABLE gone(x)",
                    "CREATE VIEW over_gone AS SELECT x FROM gone",
                    "DROP TABLE gone",
                    "CREATE VIEW self AS SELECT * FROM self",
                    "CREATE VIEW wrong(a, b) AS SELECT 1",
                    "CREATE TABLE kept(k)",
                    "INSERT INTO kept VALUES (1), (2)");
            assertThat(Drivers.rows(c, "PRAGMA integrity_check")).containsExactly(List.of("ok"));
        }
        assertThat(Sqlite3.run(db, "PRAGMA integrity_check; SELECT sum(k) FROM kept;"
                + "SELECT name FROM sqlite_schema WHERE type = 'view' ORDER BY name;"))
                .isEqualTo("ok\n3\nbefore_table\nover_gone\nself\nwrong");
        assertThat(Sqlite3.run(db, "SELECT * FROM before_table;")).endsWith("no such table: main.stock");
        assertThat(Sqlite3.run(db, "SELECT * FROM over_gone;")).endsWith("no such table: main.gone");
        assertThat(Sqlite3.run(db, "SELECT * FROM self;")).endsWith("view self is circularly defined");
        assertThat(Sqlite3.run(db, "SELECT * FROM wrong;")).endsWith("expected 2 columns for 'wrong' but got 1");
        // sqlite3 completes the schema, and OneLite then reads the view
        Sqlite3.checked(db, "CREATE TABLE stock(name TEXT, qty INT); INSERT INTO stock VALUES ('nut', 3), ('bolt', 0);");
        try (Connection c = Drivers.open("jdbc:onelite:" + db)) {
            assertThat(Drivers.rows(c, "SELECT * FROM before_table")).containsExactly(List.of("nut", "3"));
        }
    }
}
