package io.onelite.api;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.testing.Sqlite3;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

import static io.onelite.api.ThinPathTests.query;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * VACUUM and VACUUM INTO against the {@code sqlite3} shell (another process): the same file
 * vacuumed by both gives the same dump, the same {@code sqlite_schema} (rowids and root pages
 * included) and the same header fields; every rowid survives; the freelist is empty and the
 * file shrinks; SQLite's errors and codes.
 */
class VacuumTests {
    /** A schema with every kind of object and tree: IPK, plain rowid, WITHOUT ROWID, autoindexes, AUTOINCREMENT, overflow. */
    static final String POPULATE = """
            PRAGMA journal_mode=WAL;
            CREATE TABLE t(id INTEGER PRIMARY KEY, a TEXT UNIQUE, b BLOB);
            CREATE VIEW v AS SELECT id, a FROM t WHERE id %% 2 = 0;
            CREATE TABLE u(x, y, z);
            CREATE INDEX uy ON u(y DESC, x);
            CREATE TABLE w(k TEXT PRIMARY KEY, n INTEGER UNIQUE, pad TEXT) WITHOUT ROWID;
            CREATE TRIGGER tr AFTER DELETE ON t BEGIN INSERT INTO u VALUES (old.id, 'deleted', NULL); END;
            CREATE TABLE s(id INTEGER PRIMARY KEY AUTOINCREMENT, q);
            CREATE INDEX ta ON t(substr(a, 1, 3));
            INSERT INTO t SELECT value, 'row' || value, randomblob(value %% 7 * 300) FROM generate_series(1, %1$d);
            INSERT INTO u SELECT value * 3, hex(randomblob(20)), value FROM generate_series(1, %1$d);
            INSERT INTO w SELECT 'k' || value, value, printf('%%.*c', value %% 900, 'x') FROM generate_series(1, %1$d);
            INSERT INTO s(q) SELECT value FROM generate_series(1, 50);
            DELETE FROM t WHERE id %% 3 = 0;
            DELETE FROM u WHERE rowid %% 4 = 1;
            DELETE FROM w WHERE n %% 5 < 3;
            DELETE FROM s WHERE id > 40;
            PRAGMA user_version = 42;
            PRAGMA application_id = 1234567;
            ANALYZE;
            """;

    static Path populated(Path dir, String name, int pageSize, int rows) {
        Path file = dir.resolve(name);
        Sqlite3.run(file, "PRAGMA page_size=" + pageSize + ";\n" + POPULATE.formatted(rows));
        return file;
    }

    static Path copy(Path file, Path dir, String name) throws Exception {
        Path to = dir.resolve(name);
        Files.copy(file, to, StandardCopyOption.REPLACE_EXISTING);
        return to;
    }

    static String header(Path file) {
        return Sqlite3.run(file, "PRAGMA page_size; PRAGMA page_count; PRAGMA freelist_count; PRAGMA schema_version;"
                + " PRAGMA user_version; PRAGMA application_id; PRAGMA integrity_check;");
    }

    static int pragmaInt(Path file, String pragma) {
        return Integer.parseInt(Sqlite3.run(file, "PRAGMA " + pragma + ";"));
    }

    static String rowids(Path file) {
        return Sqlite3.run(file, "SELECT rowid, x, y, z FROM u ORDER BY rowid; SELECT id, a, hex(b) FROM t; SELECT * FROM s;");
    }

    static void vacuum(Path file, String sql) {
        try (Database db = Database.open(file.toString(), DatabaseOptions.DEFAULTS); Session s = db.openSession()) {
            s.execute(sql);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {512, 1024, 4096})
    void vacuumRebuildsTheFileAsSqliteDoes(int pageSize, @TempDir Path dir) throws Exception {
        Path ours = populated(dir, "ours.db", pageSize, 1500);
        Path theirs = copy(ours, dir, "theirs.db");
        int pagesBefore = pragmaInt(ours, "page_count");
        assertThat(pragmaInt(ours, "freelist_count")).isGreaterThan(0);
        String rowsBefore = rowids(ours);

        vacuum(ours, "VACUUM");
        Sqlite3.run(theirs, "VACUUM;");

        assertThat(Sqlite3.run(ours, "PRAGMA integrity_check;")).isEqualTo("ok");
        assertThat(pragmaInt(ours, "freelist_count")).isZero();
        int pagesAfter = pragmaInt(ours, "page_count");
        System.out.printf("VACUUM page_size %d: %d pages -> OneLite %d, sqlite3 %d%n",
                pageSize, pagesBefore, pagesAfter, pragmaInt(theirs, "page_count"));
        assertThat(pagesAfter).isLessThan(pagesBefore);
        assertThat(pagesAfter).isLessThanOrEqualTo(pragmaInt(theirs, "page_count") * 21 / 20 + 1);
        assertThat(header(ours)).isEqualTo(header(theirs).replaceFirst("\n\\d+\n", "\n" + pagesAfter + "\n"));
        assertThat(Sqlite3.run(ours, ".dump")).isEqualTo(Sqlite3.run(theirs, ".dump"));
        // the same rows in the same order; the same root pages too, unless page 1 overflowed while
        // SQLite re-ran the CREATE statements (its sqlite_schema then took a page between the roots)
        String schema = pageSize >= 4096 ? "SELECT rowid, type, name, tbl_name, rootpage, sql FROM sqlite_schema;"
                : "SELECT rowid, type, name, tbl_name, sql FROM sqlite_schema;";
        assertThat(Sqlite3.run(ours, schema)).isEqualTo(Sqlite3.run(theirs, schema));
        assertThat(rowids(ours)).isEqualTo(rowsBefore);
        byte[] a = Files.readAllBytes(ours);
        byte[] b = Files.readAllBytes(theirs);
        assertThat(java.util.Arrays.copyOfRange(a, 0, 28)).isEqualTo(java.util.Arrays.copyOfRange(b, 0, 28));
        assertThat(java.util.Arrays.copyOfRange(a, 32, 96)).isEqualTo(java.util.Arrays.copyOfRange(b, 32, 96));
    }

    @Test
    void aManyTableSchemaSplitsPageOneAndStillMatchesSqlite(@TempDir Path dir) throws Exception {
        StringBuilder sql = new StringBuilder("PRAGMA page_size=512; PRAGMA journal_mode=WAL;");
        for (int i = 0; i < 60; i++) {
            sql.append("CREATE TABLE tab").append(i).append("(a INTEGER PRIMARY KEY, b TEXT UNIQUE, c);")
                    .append("INSERT INTO tab").append(i).append(" VALUES (1, 'x', randomblob(2000));");
            if (i % 3 == 0) {
                sql.append("DROP TABLE tab").append(i).append(';');
            }
        }
        Path ours = dir.resolve("many.db");
        Sqlite3.run(ours, sql.toString());
        Path theirs = copy(ours, dir, "many2.db");
        vacuum(ours, "VACUUM main");
        Sqlite3.run(theirs, "VACUUM;");
        assertThat(Sqlite3.run(ours, "PRAGMA integrity_check;")).isEqualTo("ok");
        assertThat(Sqlite3.run(ours, ".dump")).isEqualTo(Sqlite3.run(theirs, ".dump"));
        assertThat(pragmaInt(ours, "freelist_count")).isZero();
    }

    @Test
    void theWalCarriesTheRebuiltFileUntilACheckpointTruncatesIt(@TempDir Path dir) throws Exception {
        Path file = populated(dir, "wal.db", 4096, 1500);
        long sizeBefore = Files.size(file);
        Path theirs = copy(file, dir, "theirs.db");
        Sqlite3.run(theirs, "VACUUM;");
        try (Database db = Database.open(file.toString(), DatabaseOptions.DEFAULTS); Session s = db.openSession()) {
            s.execute("VACUUM");
            // another process reads the new content through the WAL while we hold the file open
            assertThat(Sqlite3.run(file, "PRAGMA integrity_check; PRAGMA freelist_count;")).isEqualTo("ok\n0");
            assertThat(Files.size(file)).isEqualTo(sizeBefore);
            List<List<Object>> r = query(s, "PRAGMA wal_checkpoint(TRUNCATE)");
            assertThat(r.get(0).get(0)).isEqualTo(0L);
            long pages = (Long) query(s, "PRAGMA page_count").get(0).get(0);
            assertThat(Files.size(file)).isEqualTo(pages * 4096).isLessThan(sizeBefore);
            assertThat(query(s, "PRAGMA freelist_count")).containsExactly(List.of(0L));
            assertThat(query(s, "PRAGMA integrity_check")).containsExactly(List.of("ok"));
        }
        assertThat(Sqlite3.run(file, ".dump")).isEqualTo(Sqlite3.run(theirs, ".dump"));
        assertThat(Sqlite3.run(file, "SELECT count(*) FROM t; SELECT count(*) FROM w; PRAGMA user_version;"))
                .isEqualTo("1000\n600\n42");
    }

    @Test
    void vacuumIntoWritesAStandaloneRollbackJournalFileLikeSqlites(@TempDir Path dir) throws Exception {
        Path src = populated(dir, "src.db", 1024, 800);
        String srcHeader = header(src);
        Path ours = dir.resolve("ours-out.db");
        Path theirs = dir.resolve("theirs-out.db");
        Files.createFile(ours); // an empty file may be the target
        try (Database db = Database.open(src.toString(), DatabaseOptions.DEFAULTS); Session s = db.openSession()) {
            try (Statement st = s.prepare("VACUUM INTO ?")) {
                st.bind(1, ours.toString());
                assertThat(st.step()).isFalse();
            }
            assertThatThrownBy(() -> s.execute("VACUUM INTO '" + ours + "'"))
                    .isInstanceOf(OneLiteException.class).hasMessage("output file already exists")
                    .extracting(e -> ((OneLiteException) e).resultCode()).isEqualTo(ResultCode.ERROR);
            assertThatThrownBy(() -> s.execute("VACUUM INTO 5"))
                    .isInstanceOf(OneLiteException.class).hasMessage("non-text filename");
            Path nowhere = dir.resolve("no-such-dir").resolve("x.db");
            assertThatThrownBy(() -> s.execute("VACUUM INTO '" + nowhere + "'"))
                    .isInstanceOf(OneLiteException.class).hasMessage("unable to open database: " + nowhere)
                    .extracting(e -> ((OneLiteException) e).resultCode()).isEqualTo(ResultCode.CANTOPEN);
            s.execute("VACUUM INTO ''"); // SQLite's temporary file: built and dropped
        }
        Sqlite3.run(src, "VACUUM INTO '" + theirs + "';");
        assertThat(header(src)).isEqualTo(srcHeader); // the source is left as it was
        assertThat(Sqlite3.run(ours, "PRAGMA journal_mode; PRAGMA integrity_check;")).isEqualTo("delete\nok");
        assertThat(header(ours)).isEqualTo(header(theirs).replaceFirst("\n\\d+\n", "\n" + pragmaInt(ours, "page_count") + "\n"));
        assertThat(Sqlite3.run(ours, ".dump")).isEqualTo(Sqlite3.run(theirs, ".dump"));
        assertThat(rowids(ours)).isEqualTo(rowids(src));
        assertThat(Files.exists(dir.resolve("ours-out.db-wal"))).isFalse();
        // the header byte for byte as SQLite writes it, but the page count (28) and the library version (96)
        byte[] a = Files.readAllBytes(ours);
        byte[] b = Files.readAllBytes(theirs);
        assertThat(java.util.Arrays.copyOfRange(a, 0, 28)).isEqualTo(java.util.Arrays.copyOfRange(b, 0, 28));
        assertThat(java.util.Arrays.copyOfRange(a, 32, 96)).isEqualTo(java.util.Arrays.copyOfRange(b, 32, 96));
    }

    @Test
    void aFileVacuumedBySqliteReadsBackInOneLite(@TempDir Path dir) throws Exception {
        Path file = populated(dir, "native.db", 4096, 600);
        String before = rowids(file);
        String count = Sqlite3.run(file, "SELECT count(*) FROM u;");
        Sqlite3.run(file, "VACUUM;");
        try (Database db = Database.open(file.toString(), DatabaseOptions.DEFAULTS); Session s = db.openSession()) {
            assertThat(query(s, "SELECT count(*) FROM u")).containsExactly(List.of(Long.parseLong(count)));
            s.execute("INSERT INTO u VALUES (1, 2, 3)");
            s.execute("DELETE FROM u WHERE rowid = (SELECT max(rowid) FROM u)");
            s.execute("VACUUM");
            assertThat(query(s, "PRAGMA integrity_check")).containsExactly(List.of("ok"));
        }
        assertThat(rowids(file)).isEqualTo(before);
        assertThat(Sqlite3.run(file, "PRAGMA integrity_check;")).isEqualTo("ok");
    }

    @Test
    void sqlitesErrorsInsideATransactionWhileAStatementRunsAndForAnotherSchema(@TempDir Path dir) {
        try (Database db = Database.open(dir.resolve("e.db").toString(), DatabaseOptions.DEFAULTS);
             Session s = db.openSession()) {
            s.execute("CREATE TABLE t(a); INSERT INTO t VALUES (1), (2)");
            for (String begin : List.of("BEGIN", "BEGIN IMMEDIATE", "BEGIN CONCURRENT", "SAVEPOINT x")) {
                s.execute(begin);
                assertError(s, "VACUUM", "cannot VACUUM from within a transaction");
                assertError(s, "VACUUM INTO '" + dir.resolve("in-tx.db") + "'", "cannot VACUUM from within a transaction");
                s.execute("ROLLBACK");
            }
            try (Statement running = s.prepare("SELECT a FROM t")) {
                assertThat(running.step()).isTrue();
                assertError(s, "VACUUM", "cannot VACUUM - SQL statements in progress");
                assertThat(running.step()).isTrue();
                assertThat(running.step()).isFalse();
                s.execute("VACUUM"); // finished statements do not count
            }
            assertError(s, "VACUUM aux", "unknown database aux");
            assertThatThrownBy(() -> s.prepare("VACUUM aux INTO 'x.db'")).isInstanceOf(OneLiteException.class)
                    .hasMessage("unknown database aux"); // at prepare, as in SQLite
            s.execute("VACUUM temp"); // a no-op, as in SQLite
            s.execute("VACUUM MAIN");
            s.execute("ATTACH '" + dir.resolve("aux.db") + "' AS aux");
            s.execute("VACUUM aux"); // an attached database: AttachedVacuumTests
            s.execute("DETACH aux");
            assertThat(Files.exists(dir.resolve("in-tx.db"))).isFalse();
            assertThat(query(s, "SELECT a FROM t")).containsExactly(List.of(1L), List.of(2L));
        }
    }

    @Test
    void aReadOnlySessionCannotVacuumButCanVacuumInto(@TempDir Path dir) {
        Path file = dir.resolve("ro.db");
        vacuum(file, "CREATE TABLE t(a); INSERT INTO t VALUES (1)");
        try (Database db = Database.open(file.toString(), DatabaseOptions.DEFAULTS.withReadOnly(true));
             Session s = db.openSession()) {
            assertThatThrownBy(() -> s.execute("VACUUM")).isInstanceOf(OneLiteException.class)
                    .extracting(e -> ((OneLiteException) e).resultCode()).isEqualTo(ResultCode.READONLY);
            s.execute("VACUUM INTO '" + dir.resolve("copy.db") + "'");
        }
        assertThat(Sqlite3.run(dir.resolve("copy.db"), "SELECT a FROM t; PRAGMA integrity_check;")).isEqualTo("1\nok");
    }

    @Test
    void reservedBytesAndThePageSizeSurviveAsInSqlite(@TempDir Path dir) throws Exception {
        Path ours = dir.resolve("reserved.db");
        Sqlite3.run(ours, ".filectrl reserve_bytes 12\nPRAGMA page_size=1024;\n" + POPULATE.formatted(400));
        Path theirs = copy(ours, dir, "reserved2.db");
        vacuum(ours, "PRAGMA page_size = 4096; VACUUM"); // in WAL mode the page size stays, as in SQLite
        Sqlite3.run(theirs, "PRAGMA page_size = 4096; VACUUM;");
        assertThat(Files.readAllBytes(ours)[20]).isEqualTo((byte) 12);
        assertThat(Sqlite3.run(ours, "PRAGMA page_size; PRAGMA integrity_check;")).isEqualTo("1024\nok");
        assertThat(header(ours)).isEqualTo(header(theirs).replaceFirst("\n\\d+\n", "\n" + pragmaInt(ours, "page_count") + "\n"));
        assertThat(Sqlite3.run(ours, ".dump")).isEqualTo(Sqlite3.run(theirs, ".dump"));
    }

    @Test
    void aCorruptTreeFailsTheVacuumWithCorruptAndChangesNothing(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("corrupt.db");
        Sqlite3.run(file, "CREATE TABLE t(a, b); CREATE INDEX tb ON t(b);"
                + "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 2000) INSERT INTO t SELECT x, hex(x) FROM c;"
                + "DELETE FROM t WHERE a % 2 = 0;");
        int root = Integer.parseInt(Sqlite3.run(file, "SELECT rootpage FROM sqlite_schema WHERE name = 'tb';"));
        int pageSize = pragmaInt(file, "page_size");
        try (var ch = java.nio.channels.FileChannel.open(file, java.nio.file.StandardOpenOption.WRITE)) {
            ch.write(java.nio.ByteBuffer.wrap(new byte[] {0x77}), (long) (root - 1) * pageSize); // no such page type
        }
        String before = Sqlite3.run(file, "SELECT count(*), sum(a) FROM t NOT INDEXED; PRAGMA page_count; PRAGMA freelist_count;");
        try (Database db = Database.open(file.toString(), DatabaseOptions.DEFAULTS); Session s = db.openSession()) {
            assertThatThrownBy(() -> s.execute("VACUUM")).isInstanceOf(OneLiteException.class)
                    .extracting(e -> ((OneLiteException) e).resultCode()).isEqualTo(ResultCode.CORRUPT);
            assertThatThrownBy(() -> s.execute("VACUUM INTO '" + dir.resolve("out.db") + "'"))
                    .isInstanceOf(OneLiteException.class)
                    .extracting(e -> ((OneLiteException) e).resultCode()).isEqualTo(ResultCode.CORRUPT);
            assertThat(query(s, "SELECT count(*) FROM t NOT INDEXED")).containsExactly(List.of(1000L));
        }
        assertThat(Sqlite3.run(file, "SELECT count(*), sum(a) FROM t NOT INDEXED; PRAGMA page_count; PRAGMA freelist_count;"))
                .isEqualTo(before);
        assertThat(Files.exists(dir.resolve("out.db"))).isFalse();
    }

    @Test
    void anEmptyDatabaseVacuumsToOnePageAsInSqlite(@TempDir Path dir) {
        Path ours = dir.resolve("empty.db");
        Path theirs = dir.resolve("empty2.db");
        String check = "PRAGMA integrity_check; PRAGMA page_count; PRAGMA schema_version; SELECT count(*) FROM sqlite_schema;";
        vacuum(ours, "VACUUM");
        Sqlite3.run(theirs, "PRAGMA journal_mode=WAL; VACUUM;");
        assertThat(Sqlite3.run(ours, check)).isEqualTo(Sqlite3.run(theirs, check)).isEqualTo("ok\n1\n1\n0");
        vacuum(ours, "CREATE TABLE t(a); DROP TABLE t; VACUUM");
        Sqlite3.run(theirs, "CREATE TABLE t(a); DROP TABLE t; VACUUM;");
        assertThat(Sqlite3.run(ours, check)).isEqualTo(Sqlite3.run(theirs, check)).isEqualTo("ok\n1\n4\n0");
    }

    @Test
    void aWriteFailingInTheMiddleOfTheVacuumCommitLeavesTheOldFileIntact(@TempDir Path dir) throws Exception {
        Path file = populated(dir, "io.db", 4096, 1500);
        String before = rowids(file);
        int freeBefore = pragmaInt(file, "freelist_count");
        var faults = new io.onelite.os.FaultyDbFile.Faults().only("-wal");
        try (Database db = Database.open(file.toString(), DatabaseOptions.DEFAULTS,
                io.onelite.os.OsHooks.files(f -> new io.onelite.os.FaultyDbFile(f, faults)));
             Session s = db.openSession()) {
            faults.failWrite(faults.writes.get() + 3); // past the WAL header, inside the frames (1 MiB chunks)
            assertThatThrownBy(() -> s.execute("VACUUM")).isInstanceOf(OneLiteException.class)
                    .extracting(e -> ((OneLiteException) e).resultCode()).isEqualTo(ResultCode.IOERR_WRITE);
            assertThat(query(s, "PRAGMA freelist_count")).containsExactly(List.of((long) freeBefore));
            assertThat(query(s, "PRAGMA integrity_check")).containsExactly(List.of("ok"));
        }
        assertThat(rowids(file)).isEqualTo(before);
        assertThat(Sqlite3.run(file, "PRAGMA integrity_check;")).isEqualTo("ok");
        vacuum(file, "VACUUM");
        assertThat(pragmaInt(file, "freelist_count")).isZero();
        assertThat(rowids(file)).isEqualTo(before);
    }

    @Test
    void anAutoVacuumFileIsRefusedWithAClearErrorAndLeftAlone(@TempDir Path dir) {
        Path file = dir.resolve("auto.db");
        Sqlite3.run(file, "PRAGMA auto_vacuum=FULL; CREATE TABLE t(a); INSERT INTO t VALUES (1);");
        try (Database db = Database.open(file.toString(), DatabaseOptions.DEFAULTS); Session s = db.openSession()) {
            assertError(s, "VACUUM", "cannot VACUUM an auto_vacuum database (OneLite does not write pointer maps)");
            assertError(s, "VACUUM INTO '" + dir.resolve("copy.db") + "'",
                    "cannot VACUUM an auto_vacuum database (OneLite does not write pointer maps)");
            assertThat(query(s, "SELECT a FROM t")).containsExactly(List.of(1L));
        }
        assertThat(Sqlite3.run(file, "PRAGMA integrity_check; PRAGMA auto_vacuum;")).isEqualTo("ok\n1");
    }

    static void assertError(Session s, String sql, String message) {
        assertThatThrownBy(() -> s.execute(sql)).isInstanceOf(OneLiteException.class).hasMessage(message)
                .extracting(e -> ((OneLiteException) e).resultCode()).isEqualTo(ResultCode.ERROR);
    }
}
