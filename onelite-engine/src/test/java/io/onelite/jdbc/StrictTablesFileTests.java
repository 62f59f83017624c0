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
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * STRICT tables in files shared with the {@code sqlite3} shell (out of process) and sqlite-jdbc:
 * what OneLite writes passes sqlite3's {@code integrity_check} and sqlite3 keeps the table strict;
 * a file holding wrongly typed values (written as a plain table, then declared STRICT, as a tool
 * unaware of STRICT could leave it) gets the same integrity_check report from OneLite as from
 * native SQLite; BEGIN CONCURRENT checks datatypes when the statement runs.
 */
class StrictTablesFileTests {
    @TempDir
    Path dir;

    @Test
    void aFileOneLiteWritesPassesSqlite3sChecksAndStaysStrictThere() throws SQLException {
        Path db = dir.resolve("w.db");
        try (Connection c = Drivers.open("jdbc:onelite:" + db)) {
            Drivers.exec(c, "CREATE TABLE t(id INTEGER PRIMARY KEY, n INT NOT NULL, r REAL, s TEXT UNIQUE, b BLOB, a ANY) STRICT",
                    "CREATE INDEX t_r ON t(r)",
                    "CREATE TABLE w(k TEXT PRIMARY KEY, v INTEGER) STRICT, WITHOUT ROWID",
                    "BEGIN");
            for (int i = 0; i < 500; i++) {
                Drivers.exec(c, "INSERT INTO t(n, r, s, b, a) VALUES('" + i + "', " + i + ", " + i + ", x'0"
                        + (i % 10) + "', " + (i % 3 == 0 ? "'0" + i + "'" : i % 3 == 1 ? i + ".5" : "x'ff'") + ")",
                        "INSERT INTO w VALUES(" + i + ", '" + (i * 7) + "')");
            }
            Drivers.exec(c, "COMMIT");
            assertThatThrownBy(() -> Drivers.exec(c, "INSERT INTO t(n) VALUES('seven')"))
                    .hasMessage("[SQLITE_CONSTRAINT_DATATYPE] cannot store TEXT value in INT column t.n");
            assertThat(Drivers.rows(c, "PRAGMA integrity_check")).containsExactly(List.of("ok"));
        }
        assertThat(Sqlite3.run(db, "PRAGMA integrity_check;")).isEqualTo("ok");
        assertThat(Sqlite3.run(db, "SELECT typeof(n), typeof(r), typeof(s), typeof(b), a FROM t WHERE id = 4;"
                + "SELECT typeof(k), typeof(v), v FROM w WHERE k = '3';"
                + "SELECT name, strict FROM pragma_table_list WHERE name IN ('t', 'w') ORDER BY name;"))
                .isEqualTo("integer|real|text|blob|03\ntext|integer|21\nt|1\nw|1");
        // sqlite3 refuses what OneLite refuses
        assertThat(Sqlite3.run(db, "INSERT INTO t(n) VALUES('seven');"))
                .contains("cannot store TEXT value in INT column t.n");
        assertThat(Sqlite3.run(db, "INSERT INTO w VALUES('k', 1.5);"))
                .contains("cannot store REAL value in INTEGER column w.v");
    }

    /** The per-row reports of a table: NULL in a NOT NULL column, then each column's wrong type, row by row. */
    @Test
    void integrityCheckReportsWronglyTypedValuesAsSqliteDoes() throws Exception {
        Path db = dir.resolve("bad.db");
        Sqlite3.checked(db, "PRAGMA journal_mode = wal;"
                + "CREATE TABLE t(id INTEGER PRIMARY KEY, a INT, b TEXT, c REAL, d BLOB, e ANY, f INTEGER);"
                + "INSERT INTO t VALUES(1, 'x', 'ok', 'r', 'b', 'e', 1.5);"
                + "INSERT INTO t VALUES(2, 1, NULL, 2, x'00', 1, 2);"
                + "INSERT INTO t VALUES(3, NULL, x'01', 2.5, x'00', 1, 2);"
                + "INSERT INTO t VALUES(4, 4, 'fine', 4, x'04', x'04', 4);"
                + "CREATE TABLE w(k TEXT PRIMARY KEY, v INT) WITHOUT ROWID;"
                + "INSERT INTO w VALUES('a', 'x'), ('b', 2), ('c', 3.5);"
                + "PRAGMA writable_schema = ON;"
                + "UPDATE sqlite_schema SET sql = replace(sql, 'b TEXT,', 'b TEXT NOT NULL,') || ' STRICT' WHERE name = 't';"
                + "UPDATE sqlite_schema SET sql = sql || ', STRICT' WHERE name = 'w';");
        Path copy = dir.resolve("bad-native.db");
        Files.copy(db, copy);
        String[] checks = {"PRAGMA integrity_check", "PRAGMA quick_check",
                "SELECT * FROM pragma_table_list WHERE name IN ('t', 'w') ORDER BY name",
                "UPDATE t SET e = 2 WHERE id = 4", "UPDATE t SET e = 2 WHERE id = 1",
                "ALTER TABLE w ADD COLUMN z INT DEFAULT 0", "DELETE FROM w WHERE v <> 2",
                "ALTER TABLE w ADD COLUMN z INT DEFAULT 'z'", "PRAGMA integrity_check"};
        List<String> nat = WithoutRowidDifferentialTests.run("jdbc:sqlite:" + copy, checks);
        List<String> one = WithoutRowidDifferentialTests.run("jdbc:onelite:" + db, checks);
        // OneLite reports the tables in schema order, SQLite in its hash order: compare table by table
        for (int i = 0; i < checks.length; i++) {
            for (String table : new String[] {" t.", " w."}) {
                assertThat(lines(one.get(i), table)).as(checks[i] + table).isEqualTo(lines(nat.get(i), table));
            }
        }
        assertThat(one.get(0)).contains("[String:non-INT value in t.a][String:non-REAL value in t.c]"
                + "[String:non-BLOB value in t.d][String:non-INTEGER value in t.f][String:NULL value in t.b]"
                + "[String:non-TEXT value in t.b]");
        assertThat(one.get(0)).contains("[String:non-INT value in w.v][String:non-INT value in w.v]");
        // SQLite counts its limit over its own order of the tables; OneLite's first three are t's
        assertThat(WithoutRowidDifferentialTests.run("jdbc:onelite:" + db, "PRAGMA integrity_check(3)")).containsExactly(
                "PRAGMA integrity_check(3) -> [String:non-INT value in t.a][String:non-REAL value in t.c]"
                        + "[String:non-BLOB value in t.d]");
        assertThat(Sqlite3.run(db, "PRAGMA integrity_check;")).contains("non-INT value in t.a");
    }

    /** The bracketed values of an outcome line that name {@code table}, or the whole line when none does. */
    private static String lines(String outcome, String table) {
        if (!outcome.contains(" value in ")) {
            return outcome;
        }
        StringBuilder sb = new StringBuilder();
        for (String v : outcome.substring(outcome.indexOf(" -> ") + 4).split("(?<=])")) {
            if (v.contains(table)) {
                sb.append(v);
            }
        }
        return sb.toString();
    }

    @Test
    void beginConcurrentChecksDatatypesWhenTheStatementRuns() throws SQLException {
        Path db = dir.resolve("c.db");
        try (Connection a = Drivers.open("jdbc:onelite:" + db); Connection b = Drivers.open("jdbc:onelite:" + db)) {
            Drivers.exec(a, "CREATE TABLE t(id INTEGER PRIMARY KEY, v INT NOT NULL) STRICT");
            Drivers.exec(a, "BEGIN CONCURRENT", "INSERT INTO t VALUES(1, '10')");
            Drivers.exec(b, "BEGIN CONCURRENT", "INSERT INTO t VALUES(2, 20)");
            assertThatThrownBy(() -> Drivers.exec(a, "INSERT INTO t VALUES(3, 'ten')"))
                    .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(3091))
                    .hasMessage("[SQLITE_CONSTRAINT_DATATYPE] cannot store TEXT value in INT column t.v");
            assertThatThrownBy(() -> Drivers.exec(b, "UPDATE t SET v = x'00' WHERE id = 2"))
                    .hasMessage("[SQLITE_CONSTRAINT_DATATYPE] cannot store BLOB value in INT column t.v");
            Drivers.exec(a, "COMMIT");
            Drivers.exec(b, "COMMIT");
            assertThat(Drivers.rows(a, "SELECT id, v, typeof(v) FROM t ORDER BY id"))
                    .containsExactly(List.of("1", "10", "integer"), List.of("2", "20", "integer"));
        }
        assertThat(Sqlite3.run(db, "PRAGMA integrity_check;")).isEqualTo("ok");
    }
}
