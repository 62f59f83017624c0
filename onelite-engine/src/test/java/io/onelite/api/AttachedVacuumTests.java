package io.onelite.api;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.testing.Sqlite3;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static io.onelite.api.ThinPathTests.query;
import static io.onelite.api.VacuumTests.pragmaInt;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@code VACUUM aux} and {@code VACUUM aux INTO file} of an attached database against the
 * {@code sqlite3} shell: the file comes out as sqlite3's VACUUM of the same content makes it,
 * main is left alone (neither rebuilt nor locked), and the errors are SQLite's (checked with the
 * sqlite3 shell: the same messages for an attached database as for main; {@code VACUUM temp} is
 * a no-op even inside a transaction).
 */
class AttachedVacuumTests {

    @Test
    void vacuumOfAnAttachedFileRebuildsItAsSqliteDoesAndLeavesMainAlone(@TempDir Path dir) throws Exception {
        Path aux = VacuumTests.populated(dir, "aux.db", 1024, 1500);
        Path theirs = VacuumTests.copy(aux, dir, "theirs.db");
        Path main = VacuumTests.populated(dir, "main.db", 4096, 200);
        String mainBefore = Sqlite3.run(main, ".dump") + VacuumTests.header(main);
        int pagesBefore = pragmaInt(aux, "page_count");
        String rowsBefore = VacuumTests.rowids(aux);
        assertThat(pragmaInt(aux, "freelist_count")).isGreaterThan(0);
        Path into = dir.resolve("into.db");
        try (Database db = Database.open(main.toString(), DatabaseOptions.DEFAULTS);
             Session s = db.openSession();
             Session mainWriter = db.openSession()) {
            s.execute("ATTACH '" + aux + "' AS aux");
            // a temp table without AUTOINCREMENT shadows aux.s: the rebuild must read aux's own schema
            s.execute("CREATE TEMP TABLE s(q)");
            s.execute("PRAGMA busy_timeout = 0");
            mainWriter.execute("BEGIN IMMEDIATE"); // main's write lock is taken: VACUUM aux does not need it
            try (Statement byIndex = s.prepare("SELECT id FROM aux.t WHERE a = 'row1000'")) {
                assertThat(byIndex.step()).isTrue();
                byIndex.reset();
                s.execute("VACUUM aux INTO '" + into + "'");
                s.execute("VACUUM aux");
                assertThat(byIndex.step()).isTrue(); // compiled again against the new roots
                assertThat(byIndex.column(0)).isEqualTo(1000L);
            }
            mainWriter.execute("ROLLBACK");
            assertThat(query(s, "PRAGMA aux.freelist_count")).containsExactly(List.of(0L));
            assertThat(query(s, "SELECT count(*) FROM aux.t")).containsExactly(List.of(1000L));
            assertThat(query(s, "SELECT name, seq FROM aux.sqlite_sequence")).containsExactly(List.of("s", 50L));
        }
        Sqlite3.run(theirs, "VACUUM;");
        assertThat(Sqlite3.run(aux, "PRAGMA integrity_check;")).isEqualTo("ok");
        assertThat(pragmaInt(aux, "freelist_count")).isZero();
        int pagesAfter = pragmaInt(aux, "page_count");
        System.out.printf("VACUUM aux (page_size 1024): %d pages -> OneLite %d, sqlite3 %d%n",
                pagesBefore, pagesAfter, pragmaInt(theirs, "page_count"));
        assertThat(pagesAfter).isLessThan(pagesBefore);
        String dump = Sqlite3.run(theirs, ".dump");
        assertThat(Sqlite3.run(aux, ".dump")).isEqualTo(dump);
        assertThat(VacuumTests.rowids(aux)).isEqualTo(rowsBefore);
        assertThat(Sqlite3.run(aux, "SELECT rowid, type, name, tbl_name, sql FROM sqlite_schema;"))
                .isEqualTo(Sqlite3.run(theirs, "SELECT rowid, type, name, tbl_name, sql FROM sqlite_schema;"));

        assertThat(Sqlite3.run(into, "PRAGMA integrity_check; PRAGMA freelist_count; PRAGMA journal_mode;"))
                .isEqualTo("ok\n0\ndelete");
        assertThat(Sqlite3.run(into, ".dump")).isEqualTo(dump);
        assertThat(Sqlite3.run(main, ".dump") + VacuumTests.header(main)).isEqualTo(mainBefore);
    }

    @Test
    void vacuumOfMainReadsMainsOwnSchemaUnderATempTableOfTheSameName(@TempDir Path dir) throws Exception {
        Path main = VacuumTests.populated(dir, "main.db", 1024, 400);
        Path theirs = VacuumTests.copy(main, dir, "theirs.db");
        try (Database db = Database.open(main.toString(), DatabaseOptions.DEFAULTS); Session s = db.openSession()) {
            s.execute("CREATE TEMP TABLE s(q)"); // shadows main.s, the AUTOINCREMENT table
            s.execute("VACUUM");
        }
        Sqlite3.run(theirs, "VACUUM;");
        assertThat(Sqlite3.run(main, "PRAGMA integrity_check; PRAGMA freelist_count;")).isEqualTo("ok\n0");
        assertThat(Sqlite3.run(main, ".dump")).isEqualTo(Sqlite3.run(theirs, ".dump"));
    }

    @Test
    void anAttachedMemoryDatabaseVacuums() {
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession()) {
            s.execute("ATTACH ':memory:' AS mem");
            s.execute("CREATE TABLE mem.t(id INTEGER PRIMARY KEY, v TEXT)");
            s.execute("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)"
                    + " INSERT INTO mem.t SELECT i, printf('%.200c', 'v') FROM n");
            s.execute("DELETE FROM mem.t WHERE id > 100");
            long before = (Long) query(s, "PRAGMA mem.page_count").get(0).get(0);
            s.execute("VACUUM mem");
            assertThat((Long) query(s, "PRAGMA mem.page_count").get(0).get(0)).isLessThan(before);
            assertThat(query(s, "SELECT count(*), sum(id) FROM mem.t")).containsExactly(List.of(100L, 5050L));
            assertThat(query(s, "PRAGMA mem.integrity_check")).containsExactly(List.of("ok"));
        }
    }

    @Test
    void vacuumOfAnAttachedFileFailsAsSqlite(@TempDir Path dir) throws Exception {
        Path aux = dir.resolve("aux.db");
        Path existing = dir.resolve("existing.db");
        Files.write(existing, new byte[]{1, 2, 3});
        try (Database db = Database.open(dir.resolve("main.db").toString(), DatabaseOptions.DEFAULTS);
             Session s = db.openSession();
             Session other = db.openSession()) {
            s.execute("ATTACH '" + aux + "' AS aux");
            s.execute("CREATE TABLE aux.x(a)");
            s.execute("INSERT INTO aux.x VALUES (1)");
            for (String begin : List.of("BEGIN", "BEGIN IMMEDIATE", "BEGIN CONCURRENT", "SAVEPOINT sp")) {
                s.execute(begin);
                s.execute("VACUUM temp"); // SQLite codes nothing for temp, even inside a transaction
                s.execute("VACUUM temp INTO '" + dir.resolve("temp.db") + "'");
                for (String vacuum : List.of("VACUUM aux", "VACUUM \"AUX\"", "VACUUM aux INTO '" + dir.resolve("x.db") + "'")) {
                    assertThatThrownBy(() -> s.execute(vacuum)).as(begin + "; " + vacuum)
                            .isInstanceOfSatisfying(OneLiteException.class,
                                    e -> assertThat(e.resultCode()).isEqualTo(ResultCode.ERROR))
                            .hasMessage("cannot VACUUM from within a transaction");
                }
                s.execute("ROLLBACK");
            }
            assertThat(dir.resolve("temp.db")).doesNotExist();
            assertThat(dir.resolve("x.db")).doesNotExist();
            assertThatThrownBy(() -> s.prepare("VACUUM nosuch INTO 'y.db'")).hasMessage("unknown database nosuch");
            assertThatThrownBy(() -> s.execute("VACUUM aux INTO '" + existing + "'")).hasMessage("output file already exists");
            try (Statement rows = s.prepare("SELECT a FROM aux.x")) {
                assertThat(rows.step()).isTrue();
                assertThatThrownBy(() -> s.execute("VACUUM aux")).hasMessage("cannot VACUUM - SQL statements in progress");
            }

            other.execute("ATTACH '" + aux + "' AS aux");
            other.execute("BEGIN IMMEDIATE"); // holds aux's write lock
            s.execute("PRAGMA busy_timeout = 0");
            assertThatThrownBy(() -> s.execute("VACUUM aux"))
                    .isInstanceOfSatisfying(OneLiteException.class,
                            e -> assertThat(e.resultCode()).isEqualTo(ResultCode.BUSY));
            s.execute("VACUUM aux INTO '" + dir.resolve("copy.db") + "'"); // only reads
            other.execute("COMMIT");
            s.execute("VACUUM aux");
        }
        try (Database db = Database.open(dir.resolve("main.db").toString(), DatabaseOptions.DEFAULTS.withReadOnly(true));
             Session s = db.openSession()) {
            s.execute("ATTACH '" + aux + "' AS aux");
            assertThatThrownBy(() -> s.execute("VACUUM aux"))
                    .isInstanceOfSatisfying(OneLiteException.class,
                            e -> assertThat(e.resultCode()).isEqualTo(ResultCode.READONLY));
            s.execute("VACUUM aux INTO '" + dir.resolve("ro.db") + "'");
        }
        assertThat(Sqlite3.run(dir.resolve("ro.db"), "PRAGMA integrity_check; SELECT a FROM x;")).isEqualTo("ok\n1");
        assertThat(Sqlite3.run(aux, "PRAGMA integrity_check; SELECT a FROM x;")).isEqualTo("ok\n1");
    }
}
