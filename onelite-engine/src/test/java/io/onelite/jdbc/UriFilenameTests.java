package io.onelite.jdbc;

import io.onelite.testing.Sqlite3;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * SQLite URI filenames in {@code jdbc:onelite:} URLs (sqlite.org/uri.html), as users write them
 * for sqlite-jdbc ({@code jdbc:sqlite:file:data.db?mode=ro}): the path was taken as a relative
 * file named "file:..." and the parameters were refused as unknown connection properties.
 */
class UriFilenameTests {
    @TempDir
    Path dir;

    @Test
    void theUriFormsNameTheFile() throws Exception {
        Path spaced = dir.resolve("a b");
        assertThat(spaced.toFile().mkdir()).isTrue();
        Path db = spaced.resolve("x+y.db");
        for (String url : List.of("jdbc:onelite:file:" + db.toString().replace(" ", "%20"),
                "jdbc:onelite:file://" + db.toString().replace(" ", "%20"),
                "jdbc:onelite:file://localhost" + db.toString().replace(" ", "%20") + "#ignored",
                "jdbc:onelite:file:" + db.toString().replace(" ", "%20").replace("+", "%2B") + "?cache=private&psow=1")) {
            try (Connection c = DriverManager.getConnection(url)) {
                Drivers.exec(c, "CREATE TABLE IF NOT EXISTS t(a)", "INSERT INTO t VALUES(1)");
            }
        }
        assertThat(Sqlite3.run(db, "SELECT count(*) FROM t;")).isEqualTo("4");
        assertThat(Files.list(dir).map(p -> p.getFileName().toString())).containsExactly("a b");
        assertThatThrownBy(() -> DriverManager.getConnection("jdbc:onelite:file://elsewhere" + db))
                .isInstanceOf(SQLException.class).hasMessage("invalid uri authority: elsewhere");
    }

    @Test
    void modeRoReadsAnExistingFileOnlyAndModeRwDoesNotCreateIt() throws SQLException {
        Path db = dir.resolve("m.db");
        Path missing = dir.resolve("missing.db");
        try (Connection c = DriverManager.getConnection("jdbc:onelite:file:" + db + "?mode=rwc")) {
            Drivers.exec(c, "CREATE TABLE t(a)", "INSERT INTO t VALUES(7)");
        }
        try (Connection c = DriverManager.getConnection("jdbc:onelite:file:" + db + "?mode=ro&busy_timeout=100")) {
            assertThat(c.isReadOnly()).isTrue();
            assertThat(Drivers.rows(c, "SELECT a FROM t")).containsExactly(List.of("7"));
            assertThatThrownBy(() -> Drivers.exec(c, "INSERT INTO t VALUES(8)")).hasMessageContaining("SQLITE_READONLY");
        }
        try (Connection c = DriverManager.getConnection("jdbc:onelite:file:" + db + "?immutable=1")) {
            assertThatThrownBy(() -> Drivers.exec(c, "DELETE FROM t")).hasMessageContaining("SQLITE_READONLY");
        }
        try (Connection c = DriverManager.getConnection("jdbc:onelite:file:" + db + "?mode=rw")) {
            Drivers.exec(c, "INSERT INTO t VALUES(8)");
        }
        for (String mode : List.of("ro", "rw")) {
            assertThatThrownBy(() -> DriverManager.getConnection("jdbc:onelite:file:" + missing + "?mode=" + mode))
                    .hasMessageContaining("SQLITE_CANTOPEN");
        }
        assertThat(missing).doesNotExist();
        assertThatThrownBy(() -> DriverManager.getConnection("jdbc:onelite:file:" + db + "?mode=rwx"))
                .hasMessage("no such access mode: rwx");
        assertThatThrownBy(() -> DriverManager.getConnection("jdbc:onelite:file:" + db + "?vfs=unix-dotfile"))
                .hasMessage("no such vfs: unix-dotfile");
        assertThatThrownBy(() -> DriverManager.getConnection("jdbc:onelite:" + db + "?mode=ro"))
                .hasMessageContaining("jdbc:onelite:file:<path>?mode=ro");
    }

    @Test
    void aSharedInMemoryDatabaseIsSeenByEveryConnectionThatOpensItsName() throws SQLException {
        try (Connection a = DriverManager.getConnection("jdbc:onelite:file::memory:?cache=shared");
             Connection b = DriverManager.getConnection("jdbc:onelite:file::memory:?cache=shared");
             Connection named = DriverManager.getConnection("jdbc:onelite:file:other?mode=memory&cache=shared");
             Connection own = DriverManager.getConnection("jdbc:onelite:file::memory:")) {
            Drivers.exec(a, "CREATE TABLE t(a)", "INSERT INTO t VALUES(1)");
            assertThat(Drivers.rows(b, "SELECT a FROM t")).containsExactly(List.of("1"));
            assertThatThrownBy(() -> Drivers.rows(named, "SELECT a FROM t")).hasMessageContaining("no such table: t");
            assertThatThrownBy(() -> Drivers.rows(own, "SELECT a FROM t")).hasMessageContaining("no such table: t");
        }
        // dropped with its last connection, as in SQLite
        try (Connection again = DriverManager.getConnection("jdbc:onelite:file::memory:?cache=shared")) {
            assertThatThrownBy(() -> Drivers.rows(again, "SELECT a FROM t")).hasMessageContaining("no such table: t");
        }
    }

    /** As SQLite: DDL that has nothing to do writes nothing, so a read-only connection runs it. */
    @Test
    void ddlThatChangesNothingRunsOnAReadOnlyConnection() throws SQLException {
        Path db = dir.resolve("r.db");
        try (Connection c = DriverManager.getConnection("jdbc:onelite:" + db)) {
            Drivers.exec(c, "CREATE TABLE t(a)", "CREATE INDEX i ON t(a)", "CREATE VIEW v AS SELECT a FROM t",
                    "CREATE TRIGGER tr AFTER INSERT ON t BEGIN SELECT 1; END");
        }
        try (Connection c = DriverManager.getConnection("jdbc:onelite:file:" + db + "?mode=ro")) {
            Drivers.exec(c, "CREATE TABLE IF NOT EXISTS t(a)", "CREATE INDEX IF NOT EXISTS i ON t(a)",
                    "CREATE VIEW IF NOT EXISTS v AS SELECT 1", "CREATE TRIGGER IF NOT EXISTS tr AFTER INSERT ON t BEGIN SELECT 2; END",
                    "DROP TABLE IF EXISTS nope", "DROP TABLE IF EXISTS main.nope", "DROP INDEX IF EXISTS nope",
                    "DROP VIEW IF EXISTS nope", "DROP TRIGGER IF EXISTS nope");

            for (String sql : List.of("CREATE TABLE IF NOT EXISTS t2(a)", "CREATE INDEX IF NOT EXISTS i2 ON t(a)",
                    "DROP TABLE IF EXISTS t", "DROP VIEW IF EXISTS v")) {
                assertThatThrownBy(() -> Drivers.exec(c, sql)).as(sql).hasMessageContaining("SQLITE_READONLY");
            }
        }
        try (Connection c = DriverManager.getConnection("jdbc:onelite:" + db)) {
            c.setReadOnly(true); // the JDBC read-only flag lets them through too
            Drivers.exec(c, "CREATE TABLE IF NOT EXISTS t(a)", "DROP TABLE IF EXISTS nope");
            assertThatThrownBy(() -> Drivers.exec(c, "CREATE TABLE IF NOT EXISTS t3(a)")).hasMessageContaining("SQLITE_READONLY");
        }
    }
}
