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
 * ANALYZE in files shared with the {@code sqlite3} shell (out of process, a build without STAT4,
 * like OneLite): a file OneLite analyzed passes sqlite3's integrity check, shows SQLite's
 * {@code sqlite_stat1} in {@code .schema} and {@code .dump}, and holds the rows sqlite3's own
 * ANALYZE writes; {@code sqlite_stat4} rows left by a STAT4 build go as they go in sqlite3.
 * The shell here may be older than 3.51 (another schema hash): the files keep fewer than five
 * tables, where every version lists them in the same order.
 */
class AnalyzeFileTests {
    @TempDir
    Path dir;

    private static final String[] SCHEMA = {
        "CREATE TABLE t(a INTEGER PRIMARY KEY, b TEXT COLLATE NOCASE, c, UNIQUE(c, b))",
        "CREATE INDEX tb ON t(b DESC)",
        "CREATE TABLE w(k TEXT PRIMARY KEY, v) WITHOUT ROWID",
        "CREATE INDEX wv ON w(v, k)",
        "INSERT INTO t(b, c) WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < 2500)"
            + " SELECT CASE i % 3 WHEN 0 THEN 'x' ELSE 'X' END || (i % 40), i FROM s",
        "INSERT INTO w WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < 900)"
            + " SELECT 'key' || i, i / 10 FROM s",
    };

    private static final String STAT1 = "SELECT rowid, tbl, quote(idx), stat FROM sqlite_stat1 ORDER BY rowid";

    private static String stat1WithOneLite(Path db) throws SQLException {
        try (Connection c = Drivers.open("jdbc:onelite:" + db)) {
            return String.join("\n", Drivers.rows(c, STAT1).stream().map(r -> String.join("|", r)).toList());
        }
    }

    @Test
    void aFileOneLiteAnalyzedIsOneSqlite3AnalyzesTheSame() throws Exception {
        Path db = dir.resolve("onelite.db");
        try (Connection c = Drivers.open("jdbc:onelite:" + db)) {
            Drivers.exec(c, SCHEMA);
            Drivers.exec(c, "ANALYZE");
        }
        String written = stat1WithOneLite(db);
        assertThat(written).isEqualTo("1|w|'wv'|900 10 1\n2|w|'w'|900 1\n3|t|'tb'|2500 63\n"
                + "4|t|'sqlite_autoindex_t_1'|2500 1 1");
        assertThat(Sqlite3.run(db, "PRAGMA integrity_check;")).isEqualTo("ok");
        assertThat(Sqlite3.run(db, ".schema sqlite_stat1")).isEqualTo("CREATE TABLE sqlite_stat1(tbl,idx,stat);");
        assertThat(Sqlite3.run(db, ".dump")).contains("ANALYZE sqlite_schema;\n"
                + "INSERT INTO sqlite_stat1 VALUES('w','wv','900 10 1');\n"
                + "INSERT INTO sqlite_stat1 VALUES('w','w','900 1');\n");
        assertThat(Sqlite3.run(db, STAT1 + ";")).isEqualTo(written);

        Path copy = dir.resolve("copy.db");
        Files.copy(db, copy);
        assertThat(Sqlite3.run(copy, "ANALYZE;")).isEmpty();
        assertThat(Sqlite3.run(copy, STAT1 + ";")).isEqualTo(written);
        assertThat(Sqlite3.run(copy, "ANALYZE tb; ANALYZE main.w;")).isEmpty();
        try (Connection c = Drivers.open("jdbc:onelite:" + db)) {
            Drivers.exec(c, "ANALYZE tb", "ANALYZE main.w");
        }
        assertThat(stat1WithOneLite(db)).isEqualTo(Sqlite3.run(copy, STAT1 + ";"));
        assertThat(Sqlite3.run(db, "PRAGMA integrity_check;")).isEqualTo("ok");
    }

    @Test
    void theDumpOfAnAnalyzedFileRecreatesItsStatistics() throws Exception {
        Path db = dir.resolve("native.db");
        assertThat(Sqlite3.run(db, String.join(";\n", SCHEMA) + ";\nANALYZE;\n")).isEmpty();
        String dump = Sqlite3.run(db, ".dump");
        Path restored = dir.resolve("restored.db");
        try (Connection c = Drivers.open("jdbc:onelite:" + restored)) {
            // "ANALYZE sqlite_schema;" makes the table the INSERTs after it fill
            Drivers.exec(c, dump.split(";\n"));
        }
        assertThat(stat1WithOneLite(restored)).isEqualTo(Sqlite3.run(db, STAT1 + ";"));
        assertThat(Sqlite3.run(restored, "PRAGMA integrity_check;")).isEqualTo("ok");
        assertThat(Sqlite3.run(restored, ".schema sqlite_stat1")).isEqualTo("CREATE TABLE sqlite_stat1(tbl,idx,stat);");
    }

    /** A STAT4 build (sqlite-jdbc) leaves sqlite_stat4; an ANALYZE without STAT4 deletes the rows it replaces. */
    @Test
    void stat4RowsGoAsInSqliteBuiltWithoutStat4() throws Exception {
        Path db = dir.resolve("stat4.db");
        try (Connection c = Drivers.open("jdbc:sqlite:" + db)) {
            Drivers.exec(c, SCHEMA);
            Drivers.exec(c, "ANALYZE");
            assertThat(Drivers.rows(c, "SELECT count(*) > 0 FROM sqlite_stat4 WHERE tbl = 't'")).containsExactly(List.of("1"));
        }
        Path copy = dir.resolve("stat4-copy.db");
        Files.copy(db, copy);
        Path nativeCopy = dir.resolve("stat4-native.db");
        Files.copy(db, nativeCopy);
        String perTable = "SELECT tbl, count(*) FROM sqlite_stat4 GROUP BY tbl ORDER BY tbl";
        try (Connection c = Drivers.open("jdbc:onelite:" + db)) {
            Drivers.exec(c, "ANALYZE t");
        }
        assertThat(Sqlite3.run(copy, "ANALYZE t;")).isEmpty();
        assertThat(Sqlite3.run(db, perTable + ";")).isEqualTo(Sqlite3.run(copy, perTable + ";")).startsWith("w|");
        try (Connection c = Drivers.open("jdbc:onelite:" + db)) {
            Drivers.exec(c, "ANALYZE");
        }
        assertThat(Sqlite3.run(copy, "ANALYZE;")).isEmpty();
        assertThat(Sqlite3.run(db, "SELECT count(*) FROM sqlite_stat4;")).isEqualTo(Sqlite3.run(copy,
                "SELECT count(*) FROM sqlite_stat4;")).isEqualTo("0");
        // with sqlite_stat4 in the schema the tables' order is that of 3.51's schema hash (the shell may be older)
        try (Connection c = Drivers.open("jdbc:sqlite:" + nativeCopy)) {
            Drivers.exec(c, "ANALYZE");
            assertThat(stat1WithOneLite(db)).isEqualTo(String.join("\n",
                    Drivers.rows(c, STAT1).stream().map(r -> String.join("|", r)).toList()));
        }
        assertThat(Sqlite3.run(db, "PRAGMA integrity_check;")).isEqualTo("ok");
    }
}
