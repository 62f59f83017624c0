package io.onelite.api;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.testing.Sqlite3;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static io.onelite.api.ThinPathTests.query;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Transactions over main and attached WAL files (issue #6): each file commits on its own (no
 * cross-file atomicity in WAL mode, as SQLite); inside BEGIN CONCURRENT an attached file may be
 * read but writing it is SQLITE_ERROR, while temp stays writable.
 */
class AttachedDatabaseTransactionTests {

    @Test
    void writingAnAttachedDatabaseInsideBeginConcurrentIsAnError(@TempDir Path dir) {
        try (Database db = Database.open(dir.resolve("main.db").toString(), DatabaseOptions.DEFAULTS);
             Session s = db.openSession()) {
            s.execute("CREATE TABLE m(a)");
            s.execute("ATTACH '" + dir.resolve("aux.db") + "' AS aux");
            s.execute("CREATE TABLE aux.x(a)");
            s.execute("INSERT INTO aux.x VALUES (1)");
            s.execute("CREATE TEMP TABLE t(a)");
            s.execute("BEGIN CONCURRENT");
            assertThat(query(s, "SELECT a FROM aux.x")).containsExactly(List.of(1L)); // reading is fine
            for (String write : List.of("INSERT INTO aux.x VALUES (2)", "UPDATE x SET a = 5", "DELETE FROM aux.x",
                    "CREATE TABLE aux.y(a)", "CREATE INDEX aux.xi ON x(a)")) {
                assertThatThrownBy(() -> s.execute(write)).as(write)
                        .isInstanceOfSatisfying(OneLiteException.class,
                                e -> assertThat(e.resultCode()).isEqualTo(ResultCode.ERROR))
                        .hasMessageContaining("attached database aux");
            }
            s.execute("INSERT INTO m SELECT a + 10 FROM aux.x"); // main and temp stay writable
            s.execute("INSERT INTO t VALUES (7)");
            s.execute("COMMIT");
            assertThat(query(s, "SELECT a FROM m")).containsExactly(List.of(11L));
            assertThat(query(s, "SELECT a FROM aux.x")).containsExactly(List.of(1L));
            assertThat(query(s, "SELECT a FROM t")).containsExactly(List.of(7L));
        }
    }

    @Test
    void concurrentWritersOfMainBothCommitWhileReadingAnAttachedFile(@TempDir Path dir) {
        String aux = dir.resolve("aux.db").toString();
        try (Database db = Database.open(dir.resolve("main.db").toString(), DatabaseOptions.DEFAULTS);
             Session a = db.openSession();
             Session b = db.openSession()) {
            a.execute("CREATE TABLE m(id INTEGER PRIMARY KEY, v)");
            a.execute("ATTACH '" + aux + "' AS aux");
            a.execute("CREATE TABLE aux.price(id INTEGER PRIMARY KEY, p)");
            a.execute("INSERT INTO aux.price VALUES (1, 10), (2, 20)");
            b.execute("ATTACH '" + aux + "' AS aux");
            a.execute("BEGIN CONCURRENT");
            b.execute("BEGIN CONCURRENT");
            a.execute("INSERT INTO m SELECT 1, p FROM aux.price WHERE id = 1");
            b.execute("INSERT INTO m SELECT 2, p FROM aux.price WHERE id = 2");
            a.execute("COMMIT");
            b.execute("COMMIT");
            assertThat(query(a, "SELECT id, v FROM m ORDER BY id")).containsExactly(List.of(1L, 10L), List.of(2L, 20L));
        }
    }

    @Test
    void aTransactionCommitsMainAndTheAttachedFileAndRollsBothBack(@TempDir Path dir) {
        Path main = dir.resolve("main.db");
        Path aux = dir.resolve("aux.db");
        try (Database db = Database.open(main.toString(), DatabaseOptions.DEFAULTS); Session s = db.openSession()) {
            s.execute("CREATE TABLE m(a)");
            s.execute("ATTACH '" + aux + "' AS aux");
            s.execute("CREATE TABLE aux.x(a)");
            for (String mode : List.of("BEGIN", "BEGIN IMMEDIATE")) {
                s.execute(mode);
                s.execute("INSERT INTO m VALUES (1)");
                s.execute("INSERT INTO aux.x VALUES (1)");
                s.execute("ROLLBACK");
                s.execute(mode);
                s.execute("INSERT INTO m VALUES (2)");
                s.execute("INSERT INTO aux.x VALUES (2)");
                s.execute("COMMIT");
            }
            s.execute("DETACH aux");
        }
        assertThat(Sqlite3.run(main, "PRAGMA integrity_check; SELECT group_concat(a) FROM m;")).isEqualTo("ok\n2,2");
        assertThat(Sqlite3.run(aux, "PRAGMA integrity_check; SELECT group_concat(a) FROM x;")).isEqualTo("ok\n2,2");
    }

    @Test
    void detachIsRefusedWhileTheTransactionUsesTheFile(@TempDir Path dir) {
        try (Database db = Database.open(dir.resolve("main.db").toString(), DatabaseOptions.DEFAULTS);
             Session s = db.openSession()) {
            s.execute("ATTACH '" + dir.resolve("aux.db") + "' AS aux");
            s.execute("CREATE TABLE aux.x(a)");
            s.execute("BEGIN");
            s.execute("INSERT INTO x VALUES (1)");
            assertThatThrownBy(() -> s.execute("DETACH aux")).hasMessage("database aux is locked");
            s.execute("COMMIT");
            s.execute("DETACH aux");
            assertThatThrownBy(() -> s.execute("SELECT * FROM aux.x")).hasMessage("no such table: aux.x");
        }
    }

    @Test
    void attachTakesTheFileFromABoundParameter(@TempDir Path dir) {
        try (Database db = Database.open(dir.resolve("main.db").toString(), DatabaseOptions.DEFAULTS);
             Session s = db.openSession()) {
            try (Statement st = s.prepare("ATTACH DATABASE ? AS aux")) {
                st.bind(1, dir.resolve("p.db").toString());
                assertThat(st.step()).isFalse();
            }
            s.execute("CREATE TABLE aux.x(a)");
            assertThat(query(s, "PRAGMA database_list")).containsExactly(
                    List.of(0L, "main", dir.resolve("main.db").toString()),
                    List.of(2L, "aux", dir.resolve("p.db").toString()));
        }
    }

    @Test
    void autocommitWritesOfTempOrAnAttachedFileDoNotWaitForMainsWriter(@TempDir Path dir) {
        try (Database db = Database.open(dir.resolve("main.db").toString(), DatabaseOptions.DEFAULTS);
             Session a = db.openSession();
             Session b = db.openSession()) {
            a.execute("CREATE TABLE m(a)");
            a.execute("CREATE TEMP TABLE t(a)");
            a.execute("ATTACH '" + dir.resolve("aux.db") + "' AS aux");
            a.execute("CREATE TABLE aux.x(a)");
            a.execute("PRAGMA busy_timeout = 0");
            b.execute("BEGIN IMMEDIATE"); // b holds main's write lock
            b.execute("INSERT INTO m VALUES (1)");
            a.execute("INSERT INTO t VALUES (1)");
            a.execute("INSERT INTO aux.x SELECT count(*) FROM m");
            assertThatThrownBy(() -> a.execute("INSERT INTO m VALUES (2)"))
                    .isInstanceOfSatisfying(OneLiteException.class,
                            e -> assertThat(e.resultCode()).isEqualTo(ResultCode.BUSY));
            b.execute("COMMIT");
            assertThat(query(a, "SELECT a FROM t")).containsExactly(List.of(1L));
            assertThat(query(a, "SELECT a FROM aux.x")).containsExactly(List.of(0L));
        }
    }
    /**
     * A statement reads an attached file in the snapshot its schema was read in, as SQLite's
     * OP_Transaction at the start of the statement: a schema change another process commits
     * after the statement began (here, while it still returns main's rows) is not seen by it,
     * even though the statement touches the file only after that change.
     */
    @Test
    void aStatementReadsAnAttachedFileInTheSnapshotItsSchemaWasReadIn(@TempDir Path dir) {
        Path aux = dir.resolve("aux.db");
        try (Database db = Database.open(dir.resolve("main.db").toString(), DatabaseOptions.DEFAULTS);
             Session s = db.openSession()) {
            s.execute("CREATE TABLE m(a)");
            s.execute("INSERT INTO m VALUES ('main')");
            s.execute("ATTACH '" + aux + "' AS aux");
            s.execute("CREATE TABLE aux.x(a)");
            s.execute("INSERT INTO aux.x VALUES ('old')");
            for (String begin : List.of("", "BEGIN")) {
                if (!begin.isEmpty()) {
                    s.execute(begin);
                }
                try (Statement st = s.prepare("SELECT a FROM m UNION ALL SELECT a FROM aux.x")) {
                    assertThat(st.step()).isTrue();
                    assertThat(st.column(0)).isEqualTo("main");
                    // x's root page goes to a new table y; x is made again elsewhere
                    assertThat(Sqlite3.run(aux, ".timeout 0\nDROP TABLE x; CREATE TABLE y(b); INSERT INTO y VALUES ('y');"
                            + " CREATE TABLE x(a); INSERT INTO x VALUES ('new');")).as(begin).isEmpty();
                    assertThat(st.step()).isTrue();
                    assertThat(st.column(0)).as(begin).isEqualTo("old");
                    assertThat(st.step()).isFalse();
                }
                if (!begin.isEmpty()) {
                    s.execute("COMMIT");
                }
                assertThat(query(s, "SELECT a FROM aux.x")).containsExactly(List.of("new"));
                Sqlite3.run(aux, "DROP TABLE y; DELETE FROM x; INSERT INTO x VALUES ('old');");
            }
        }
        assertThat(Sqlite3.run(aux, "PRAGMA integrity_check;")).isEqualTo("ok");
    }
}
