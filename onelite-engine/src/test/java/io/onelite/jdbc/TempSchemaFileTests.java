package io.onelite.jdbc;

import io.onelite.testing.Sqlite3;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;

import static io.onelite.jdbc.Drivers.exec;
import static io.onelite.jdbc.Drivers.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Temp objects (issue #4) never reach the database file: the sqlite3 shell does not see them,
 * another connection does not either, and they are gone when their connection closes.
 */
class TempSchemaFileTests {

    @Test
    void tempObjectsStayOutOfTheFileAndOutOfOtherConnections(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("t.db");
        String url = "jdbc:onelite:" + file;
        try (Connection a = DriverManager.getConnection(url); Connection b = DriverManager.getConnection(url)) {
            exec(a, "CREATE TABLE x(a)", "INSERT INTO x VALUES (1)",
                    "CREATE TEMP TABLE x(b)", "INSERT INTO x VALUES (2)",
                    "CREATE TEMP TABLE only_temp(v)", "CREATE INDEX only_temp_v ON only_temp(v)",
                    "CREATE TEMP VIEW tv AS SELECT * FROM main.x",
                    "CREATE TEMP TRIGGER tg AFTER INSERT ON main.x BEGIN INSERT INTO only_temp VALUES (new.a); END",
                    "INSERT INTO main.x VALUES (3)");
            assertThat(rows(a, "SELECT v FROM only_temp")).containsExactly(List.of("3"));
            assertThat(rows(a, "SELECT b FROM x")).containsExactly(List.of("2"));
            // the file holds main's objects only (the shell reads it out of process, WAL included)
            assertThat(Sqlite3.run(file, "SELECT type || ':' || name || ':' || sql FROM sqlite_master; SELECT a FROM x;"
                    + " PRAGMA integrity_check;")).isEqualTo("table:x:CREATE TABLE x(a)\n1\n3\nok");
            // a second connection sees main.x, not a's temp objects, and keeps a temp schema of its own
            assertThat(rows(b, "SELECT a FROM x ORDER BY a")).containsExactly(List.of("1"), List.of("3"));
            assertThatThrownBy(() -> rows(b, "SELECT * FROM only_temp")).isInstanceOf(SQLException.class)
                    .hasMessageContaining("no such table: only_temp");
            assertThat(rows(b, "SELECT count(*) FROM sqlite_temp_master")).containsExactly(List.of("0"));
            exec(b, "CREATE TEMP TABLE only_temp(w)", "INSERT INTO only_temp VALUES ('b')",
                    "INSERT INTO x VALUES (4)"); // a's temp trigger does not fire for b's insert
            assertThat(rows(b, "SELECT w FROM only_temp")).containsExactly(List.of("b"));
            assertThat(rows(a, "SELECT v FROM only_temp")).containsExactly(List.of("3"));
            assertThat(rows(a, "SELECT name FROM sqlite_temp_master ORDER BY name"))
                    .containsExactly(List.of("only_temp"), List.of("only_temp_v"), List.of("tg"), List.of("tv"), List.of("x"));
            assertThat(rows(a, "PRAGMA database_list")).containsExactly(List.of("0", "main", file.toString()),
                    List.of("1", "temp", ""));
        }
        try (Connection c = DriverManager.getConnection(url)) {
            assertThat(rows(c, "PRAGMA database_list")).containsExactly(List.of("0", "main", file.toString()));
            assertThat(rows(c, "SELECT a FROM x ORDER BY a")).containsExactly(List.of("1"), List.of("3"), List.of("4"));
            assertThat(rows(c, "SELECT count(*) FROM sqlite_temp_master")).containsExactly(List.of("0"));
        }
        assertThat(Sqlite3.run(file, "SELECT count(*) FROM sqlite_master; PRAGMA integrity_check;")).isEqualTo("1\nok");
    }

    @Test
    void closingAConnectionDropsItsTempObjects(@TempDir Path dir) throws Exception {
        String url = "jdbc:onelite:" + dir.resolve("c.db");
        try (Connection a = DriverManager.getConnection(url)) {
            exec(a, "CREATE TEMP TABLE scratch(a)", "INSERT INTO scratch VALUES (1)");
            assertThat(rows(a, "SELECT * FROM temp.scratch")).containsExactly(List.of("1"));
        }
        try (Connection a = DriverManager.getConnection(url)) {
            assertThatThrownBy(() -> rows(a, "SELECT * FROM scratch")).hasMessageContaining("no such table: scratch");
            exec(a, "CREATE TEMP TABLE scratch(a)"); // the name is free again
            assertThat(rows(a, "SELECT count(*) FROM scratch")).containsExactly(List.of("0"));
        }
    }
}
