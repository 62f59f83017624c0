package io.onelite.api;

import io.onelite.pager.PagerOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code PRAGMA mmap_size} against native SQLite (sqlite-jdbc, whose {@code SQLITE_MAX_MMAP_SIZE}
 * is 1 TiB as ours): the set form reports the new value, values are parsed as
 * {@code sqlite3DecOrHexToI64} and lowered to the maximum, the value belongs to the connection,
 * and a database without a file answers no row. The default differs on purpose (ours 256 MiB,
 * SQLite's 0; docs/compat.md), so the differential scripts set a value first.
 */
class MmapSizePragmaTests {
    @TempDir
    Path dir;

    private static Object one(Session s, String sql) {
        try (Statement st = s.prepare(sql)) {
            assertThat(st.step()).as(sql).isTrue();
            return st.column(0);
        }
    }

    @Test
    void setAndQueryFormsAnswerAsSqliteOnAFile() throws Exception {
        try (Database db = Database.open(dir.resolve("one.db").toString(), DatabaseOptions.DEFAULTS);
             Session s = db.openSession();
             Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("native.db"))) {
            assertThat(PragmaTests.differences(s, c,
                    "CREATE TABLE t(a)", "PRAGMA mmap_size=0", "PRAGMA mmap_size", "PRAGMA mmap_size = 100000",
                    "PRAGMA mmap_size", "PRAGMA mmap_size=0x10", "PRAGMA mmap_size", "PRAGMA mmap_size='abc'",
                    "PRAGMA mmap_size=4096.7", "PRAGMA mmap_size=' 77'", "PRAGMA mmap_size=+88",
                    "PRAGMA main.mmap_size=5000", "PRAGMA mmap_size", "PRAGMA mmap_size(300)",
                    "PRAGMA temp.mmap_size", "PRAGMA temp.mmap_size=7", "PRAGMA mmap_size",
                    "PRAGMA mmap_size=99999999999999", "PRAGMA mmap_size=9223372036854775807",
                    "PRAGMA mmap_size=99999999999999999999", "PRAGMA mmap_size",
                    "BEGIN", "SELECT count(*) FROM t", "PRAGMA mmap_size=4096", "SELECT count(*) FROM t", "COMMIT",
                    "PRAGMA mmap_size", "PRAGMA mmap_size=1099511627776", "PRAGMA mmap_size=1099511627777"))
                    .isEmpty();
        }
    }

    @Test
    void aDatabaseWithoutFileAnswersNoRowAsSqlite() throws Exception {
        assertThat(PragmaTests.differences("PRAGMA mmap_size", "PRAGMA mmap_size=1000", "PRAGMA mmap_size",
                "PRAGMA temp.mmap_size")).isEmpty();
    }

    @Test
    void theDefaultIs256MibAndANegativeValueRestoresIt() {
        assertThat(PagerOptions.MMAP_SIZE_DEFAULT).isEqualTo(256L << 20);
        try (Database db = Database.open(dir.resolve("d.db").toString(), DatabaseOptions.DEFAULTS);
             Session s = db.openSession()) {
            assertThat(one(s, "PRAGMA mmap_size")).isEqualTo(256L << 20);
            assertThat(one(s, "PRAGMA mmap_size=0")).isEqualTo(0L);
            assertThat(one(s, "PRAGMA mmap_size=-1")).isEqualTo(256L << 20);
            assertThat(one(s, "PRAGMA mmap_size=0")).isEqualTo(0L);
            assertThat(one(s, "PRAGMA mmap_size=-99999999999999999999")).isEqualTo(256L << 20);
        }
    }

    @Test
    void theValueBelongsToTheConnectionAsInSqlite() throws Exception {
        try (Database db = Database.open(dir.resolve("c.db").toString(), DatabaseOptions.DEFAULTS);
             Session a = db.openSession(); Session b = db.openSession();
             Connection na = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("n.db"));
             Connection nb = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("n.db"))) {
            assertThat(PragmaTests.differences(a, na, "PRAGMA mmap_size=12345")).isEmpty();
            assertThat(PragmaTests.differences(b, nb, "PRAGMA mmap_size=0", "PRAGMA mmap_size")).isEmpty();
            assertThat(PragmaTests.differences(a, na, "PRAGMA mmap_size")).isEmpty();
            assertThat(one(a, "PRAGMA mmap_size")).isEqualTo(12345L);
        }
    }

    @Test
    void compileOptionsNameTheDefaultAndTheMaximum() {
        assertThat(CompileOptions.list()).contains("DEFAULT_MMAP_SIZE=268435456", "MAX_MMAP_SIZE=1099511627776");
    }
}
