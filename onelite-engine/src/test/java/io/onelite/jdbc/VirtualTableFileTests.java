package io.onelite.jdbc;

import io.onelite.testing.Sqlite3;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Files whose schema holds virtual tables (an FTS5 full-text index, an R*Tree) that OneLite has
 * no module for. SQLite built without a module loads such a schema and fails only the statements
 * that need the module ("no such module: fts5"); OneLite used to refuse the whole file
 * ("malformed database schema (docs) - no such module: fts5"), so an application database with a
 * search index could not be opened at all.
 */
class VirtualTableFileTests {
    @TempDir
    Path dir;

    /** A WAL file made by the sqlite3 shell: an FTS5 table, an R*Tree and an ordinary table. */
    private Path sqlite3File(String name) {
        Path db = dir.resolve(name);
        Sqlite3.checked(db, "PRAGMA journal_mode=WAL;"
                + "CREATE VIRTUAL TABLE docs USING fts5(title, body);"
                + "INSERT INTO docs VALUES('hello', 'world'), ('foo', 'bar');"
                + "CREATE VIRTUAL TABLE box USING rtree(id, x0, x1);"
                + "INSERT INTO box VALUES(1, 0, 5);"
                + "CREATE TABLE t(a INTEGER PRIMARY KEY, b TEXT);"
                + "INSERT INTO t VALUES(1, 'one');");
        return db;
    }

    @Test
    void theRestOfTheFileWorksAndStatementsOnTheVirtualTablesFailWithNoSuchModule() throws SQLException {
        Path db = sqlite3File("a.db");
        try (Connection c = Drivers.open("jdbc:onelite:" + db)) {
            assertThat(Drivers.rows(c, "SELECT a, b FROM t")).containsExactly(List.of("1", "one"));
            Drivers.exec(c, "INSERT INTO t VALUES(2, 'two')",
                    "CREATE VIRTUAL TABLE IF NOT EXISTS docs USING fts5(title, body)", // an app's startup DDL
                    "CREATE VIEW dv AS SELECT title FROM docs"); // views are resolved when used, as in SQLite
            for (String sql : List.of("SELECT * FROM docs", "SELECT * FROM docs WHERE docs MATCH 'hello'",
                    "INSERT INTO docs VALUES('x', 'y')", "UPDATE docs SET title = 'z'", "DELETE FROM docs",
                    "SELECT * FROM dv", "SELECT * FROM t WHERE b IN (SELECT title FROM docs)",
                    "PRAGMA table_info(docs)", "DROP TABLE docs", "ALTER TABLE docs RENAME TO d2",
                    "CREATE VIRTUAL TABLE other USING fts5(x)")) {
                assertThatThrownBy(() -> Drivers.exec(c, sql)).as(sql)
                        .isInstanceOf(SQLException.class).hasMessage("[SQLITE_ERROR] no such module: fts5");
            }
            assertThatThrownBy(() -> Drivers.exec(c, "SELECT * FROM box"))
                    .hasMessageContaining("no such module: rtree");
            assertThatThrownBy(() -> Drivers.exec(c, "CREATE TABLE docs(x)")).hasMessageContaining("table docs already exists");
            assertThatThrownBy(() -> Drivers.exec(c, "CREATE INDEX i ON docs(title)"))
                    .hasMessageContaining("virtual tables may not be indexed");
            assertThatThrownBy(() -> Drivers.exec(c, "CREATE TRIGGER tr AFTER INSERT ON docs BEGIN SELECT 1; END"))
                    .hasMessageContaining("cannot create triggers on virtual tables");
            assertThatThrownBy(() -> Drivers.exec(c, "ALTER TABLE docs ADD COLUMN c"))
                    .hasMessageContaining("virtual tables may not be altered");
            // the shadow tables are ordinary tables
            assertThat(Drivers.rows(c, "SELECT count(*) FROM docs_content")).containsExactly(List.of("2"));
            assertThat(Drivers.rows(c, "SELECT name, type, ncol FROM pragma_table_list WHERE name IN ('docs', 'box', 'docs_data') ORDER BY name"))
                    .containsExactly(List.of("box", "virtual", "0"), List.of("docs", "virtual", "0"), List.of("docs_data", "table", "2"));
            assertThat(tableNames(c.getMetaData())).contains("docs", "box", "t", "docs_data");
            assertThat(Drivers.rows(c, "PRAGMA integrity_check")).containsExactly(List.of("ok"));
            Drivers.exec(c, "ANALYZE", "VACUUM", "DROP VIEW dv");
            assertThat(Drivers.rows(c, "SELECT type, name, rootpage FROM sqlite_master WHERE name IN ('docs', 'box') ORDER BY name"))
                    .containsExactly(List.of("table", "box", "0"), List.of("table", "docs", "0"));
        }
        // the full-text index and the R*Tree survived OneLite's writes, ANALYZE and VACUUM
        assertThat(Sqlite3.run(db, "PRAGMA integrity_check; SELECT title FROM docs WHERE docs MATCH 'hello';"
                + "SELECT id FROM box WHERE x0 <= 3 AND x1 >= 3; SELECT count(*) FROM t;"))
                .isEqualTo("ok\nhello\n1\n2");
    }

    /**
     * SQLite without the module as the oracle: a file whose virtual table names a module no build
     * has (rewritten with writable_schema), run through sqlite-jdbc and OneLite, each on its own
     * copy; every statement ends alike (its rows, or its error message).
     */
    @Test
    void statementsEndAsInSqliteWithoutTheModule() throws Exception {
        Path made = sqlite3File("m.db");
        Sqlite3.checked(made, "PRAGMA writable_schema=ON;"
                + "UPDATE sqlite_master SET sql = replace(sql, 'fts5', 'nosuchmod') WHERE name = 'docs';"
                + "PRAGMA journal_mode=DELETE;");
        Path nat = dir.resolve("native.db");
        Path one = dir.resolve("onelite.db");
        Files.copy(made, nat);
        Files.copy(made, one);
        List<String> statements = List.of("SELECT * FROM docs", "INSERT INTO docs VALUES(1, 2)",
                "CREATE INDEX i ON docs(title)", "CREATE TRIGGER tr AFTER INSERT ON docs BEGIN SELECT 1; END",
                "ALTER TABLE docs RENAME TO d2", "ALTER TABLE docs ADD COLUMN c", "ALTER TABLE docs DROP COLUMN title",
                "ALTER TABLE docs RENAME COLUMN title TO t2", "PRAGMA table_info(docs)", "PRAGMA table_xinfo(docs)",
                "SELECT * FROM pragma_table_info('docs')", "CREATE TABLE docs(a)", "CREATE TABLE IF NOT EXISTS docs(a)",
                "CREATE VIRTUAL TABLE IF NOT EXISTS docs USING nosuchmod(a)", "CREATE VIRTUAL TABLE docs2 USING nosuchmod(a)",
                "CREATE VIEW docs AS SELECT 1", "CREATE INDEX docs ON t(a)", "DROP VIEW docs", "DROP VIEW IF EXISTS docs",
                "DROP TABLE IF EXISTS docs", "ANALYZE docs", "SELECT * FROM pragma_index_list('docs')",
                "PRAGMA foreign_key_list(docs)", "SELECT * FROM main.docs", "SELECT count(*) FROM docs_data",
                "SELECT type, name, tbl_name, rootpage FROM sqlite_master WHERE name = 'docs'",
                "SELECT name, type, ncol FROM pragma_table_list WHERE name = 'docs'", "PRAGMA integrity_check");
        try (Connection n = Drivers.open("jdbc:sqlite:" + nat); Connection o = Drivers.open("jdbc:onelite:" + one)) {
            for (String sql : statements) {
                assertThat(outcome(o, sql)).as(sql).isEqualTo(outcome(n, sql));
            }
        }
    }

    private static String outcome(Connection c, String sql) {
        try {
            return Drivers.rows(c, sql).toString();
        } catch (SQLException e) {
            // sqlite-jdbc: "[SQLITE_ERROR] SQL error or missing database (msg)"; OneLite: "[SQLITE_ERROR] msg"
            String m = e.getMessage().replaceFirst("^\\[\\w+\\] ", "");
            String wrapped = "SQL error or missing database (";
            return "error: " + (m.startsWith(wrapped) ? m.substring(wrapped.length(), m.length() - 1) : m);
        }
    }

    private static List<String> tableNames(DatabaseMetaData md) throws SQLException {
        List<String> names = new ArrayList<>();
        try (ResultSet rs = md.getTables(null, null, "%", null)) {
            while (rs.next()) {
                names.add(rs.getString("TABLE_NAME"));
            }
        }
        return names;
    }
}
