package io.onelite.jdbc;

import io.onelite.testing.Sqlite3;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * ATTACH / DETACH (issue #4) on both drivers, each on files of its own folder: the same scripts
 * ({@code {dir}} stands for the folder) give the same rows and errors, with paths shown as
 * {@code {dir}}.
 */
class AttachDifferentialTests {
    @TempDir
    Path nativeDir;
    @TempDir
    Path oneliteDir;

    private void assertSame(String... script) throws SQLException {
        List<String> expected = run("jdbc:sqlite:", nativeDir, script);
        List<String> actual = run("jdbc:onelite:", oneliteDir, script);
        assertThat(actual).containsExactlyElementsOf(expected);
    }

    private static List<String> run(String prefix, Path dir, String... script) throws SQLException {
        String d = dir.toAbsolutePath().toString();
        String[] sql = new String[script.length];
        for (int i = 0; i < script.length; i++) {
            sql[i] = script[i].replace("{dir}", d);
        }
        List<String> out = new ArrayList<>();
        for (String line : WithoutRowidDifferentialTests.run(prefix + d + "/main.db", sql)) {
            out.add(line.replace(d, "{dir}"));
        }
        return out;
    }

    @Test
    void attachedTablesAreReachedQualifiedAndUnqualified() throws SQLException {
        assertSame(
                "CREATE TABLE m(a)",
                "INSERT INTO m VALUES (1)",
                "ATTACH DATABASE '{dir}/aux.db' AS aux",
                "CREATE TABLE aux.x(a, b)",
                "CREATE TABLE aux.m(a)",
                "INSERT INTO aux.x VALUES (1, 'one'), (2, 'two')",
                "INSERT INTO aux.m VALUES (9)",
                "SELECT * FROM x ORDER BY a",
                "SELECT * FROM m",
                "SELECT * FROM aux.m",
                "SELECT m.a, x.b FROM main.m JOIN aux.x ON x.a = m.a",
                "UPDATE aux.x SET b = upper(b) WHERE a = 2",
                "DELETE FROM x WHERE a = 1",
                "SELECT * FROM aux.x",
                "CREATE INDEX aux.xi ON x(b)",
                "SELECT type, name, tbl_name FROM aux.sqlite_master ORDER BY name",
                "PRAGMA aux.table_info(x)",
                "PRAGMA aux.index_list(x)",
                "PRAGMA database_list",
                "CREATE TEMP TABLE t(a)",
                "PRAGMA database_list",
                "INSERT INTO m SELECT a FROM aux.x",
                "SELECT * FROM m ORDER BY a",
                "DROP TABLE aux.m",
                "SELECT * FROM m",
                "DETACH DATABASE aux",
                "SELECT * FROM aux.x",
                "SELECT * FROM x",
                "PRAGMA database_list",
                "ATTACH '{dir}/aux.db' AS again",
                "SELECT * FROM again.x",
                "PRAGMA again.user_version");
    }

    @Test
    void attachAndDetachErrors() throws SQLException {
        assertSame(
                "CREATE TABLE m(a)",
                "ATTACH '{dir}/a.db' AS aux",
                "ATTACH '{dir}/a.db' AS aux",
                "ATTACH '{dir}/a.db' AS AUX",
                "ATTACH '{dir}/a.db' AS main",
                "ATTACH '{dir}/a.db' AS temp",
                "ATTACH '{dir}/a.db' AS second",
                "DETACH nosuch",
                "ATTACH '{dir}/no/such/dir.db' AS missing",
                "DETACH main",
                "DETACH temp",
                "CREATE TABLE nosuch.t(a)",
                "PRAGMA nosuch.table_info(m)",
                "CREATE TABLE aux.t(a)",
                "SELECT name FROM second.sqlite_master",
                "CREATE TRIGGER main.tg AFTER INSERT ON aux.t BEGIN SELECT 1; END",
                "CREATE TRIGGER aux.tg AFTER INSERT ON t BEGIN INSERT INTO m VALUES (1); END",
                "INSERT INTO aux.t VALUES (1)",
                "CREATE TRIGGER tgm AFTER INSERT ON m BEGIN INSERT INTO t VALUES (1); END",
                "INSERT INTO m VALUES (1)",
                "ATTACH '{dir}/b1.db' AS b1",
                "ATTACH '{dir}/b2.db' AS b2",
                "ATTACH '{dir}/b3.db' AS b3",
                "ATTACH '{dir}/b4.db' AS b4",
                "ATTACH '{dir}/b5.db' AS b5",
                "ATTACH '{dir}/b6.db' AS b6",
                "ATTACH '{dir}/b7.db' AS b7",
                "ATTACH '{dir}/b8.db' AS b8",
                "ATTACH '{dir}/b9.db' AS b9",
                "DETACH b8",
                "ATTACH ':memory:' AS mem",
                "CREATE TABLE mem.z(a)",
                "INSERT INTO mem.z VALUES (42)",
                "SELECT * FROM z",
                "PRAGMA database_list");
    }

    @Test
    void transactionsSpanMainAndAttachedFiles() throws SQLException {
        assertSame(
                "CREATE TABLE m(a)",
                "ATTACH '{dir}/aux.db' AS aux",
                "CREATE TABLE aux.x(a)",
                "BEGIN",
                "INSERT INTO m VALUES (1)",
                "INSERT INTO aux.x VALUES (1)",
                "SAVEPOINT s",
                "INSERT INTO aux.x VALUES (2)",
                "ROLLBACK TO s",
                "DETACH aux",
                "COMMIT",
                "SELECT * FROM m",
                "SELECT * FROM aux.x",
                "BEGIN",
                "INSERT INTO aux.x VALUES (3)",
                "ROLLBACK",
                "SELECT * FROM aux.x",
                "BEGIN",
                "SELECT * FROM m",
                "ATTACH '{dir}/late.db' AS late",
                "CREATE TABLE late.y(a)",
                "INSERT INTO late.y VALUES (7)",
                "COMMIT",
                "SELECT * FROM late.y",
                "BEGIN",
                "INSERT INTO m VALUES (2)",
                "DETACH late",
                "COMMIT",
                "PRAGMA database_list");
    }

    @Test
    void attachedFilesAreWrittenForRealSqlite() throws Exception {
        run("jdbc:onelite:", oneliteDir,
                "CREATE TABLE m(a)",
                "ATTACH '{dir}/aux.db' AS aux",
                "CREATE TABLE aux.x(a PRIMARY KEY, b)",
                "INSERT INTO aux.x SELECT value, value * 2 FROM json_each('[1,2,3,4,5]')",
                "CREATE TEMP TABLE t(a)",
                "INSERT INTO t VALUES (1)");
        Path aux = oneliteDir.resolve("aux.db");
        assertThat(Files.exists(aux)).isTrue();
        assertThat(Sqlite3.run(aux, "PRAGMA integrity_check; SELECT sum(b) FROM x;"))
                .isEqualTo("ok\n30");
        assertThat(Sqlite3.run(oneliteDir.resolve("main.db"), "SELECT name FROM sqlite_master;"))
                .isEqualTo("m");
    }
}
