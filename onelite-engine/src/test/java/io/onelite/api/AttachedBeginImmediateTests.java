package io.onelite.api;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.testing.Sqlite3;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static io.onelite.api.ThinPathTests.query;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * BEGIN IMMEDIATE / EXCLUSIVE take the write lock of every attached file at BEGIN, as SQLite's
 * BEGIN does (a write OP_Transaction on each database); a file ATTACHed inside the transaction
 * joins it DEFERRED, as in SQLite (checked with the sqlite3 shell: another process may still
 * write it). The other writers are {@code sqlite3} processes, so the locks are the file's own.
 */
class AttachedBeginImmediateTests {
    private static final String LOCKED = "database is locked (5)";

    @Test
    void anotherProcessCannotWriteAnAttachedFileFromBeginUntilCommitOrRollback(@TempDir Path dir) {
        Path aux = dir.resolve("aux.db");
        try (Database db = Database.open(dir.resolve("main.db").toString(), DatabaseOptions.DEFAULTS);
             Session s = db.openSession()) {
            s.execute("CREATE TABLE m(a)");
            s.execute("ATTACH '" + aux + "' AS aux");
            s.execute("CREATE TABLE aux.x(a)");
            long committed = 0; // our rows (a = 1); sqlite3 adds one row (a = 2) after each transaction
            for (String begin : List.of("BEGIN IMMEDIATE", "BEGIN EXCLUSIVE")) {
                for (String end : List.of("COMMIT", "ROLLBACK")) {
                    s.execute(begin); // no statement has touched aux yet
                    assertThat(Sqlite3.run(aux, ".timeout 0\nINSERT INTO x VALUES (2);")).as(begin).contains(LOCKED);
                    assertThat(Sqlite3.run(aux, "SELECT count(*) FROM x WHERE a = 1;")) // WAL readers go on
                            .isEqualTo(Long.toString(committed));
                    assertThatThrownBy(() -> s.execute("DETACH aux")).hasMessage("database aux is locked");
                    s.execute("INSERT INTO aux.x VALUES (1)");
                    s.execute(end);
                    committed += end.equals("COMMIT") ? 1 : 0;
                    assertThat(Sqlite3.run(aux, ".timeout 0\nINSERT INTO x VALUES (2); SELECT count(*) FROM x WHERE a = 1;"))
                            .as(begin + " ... " + end).isEqualTo(Long.toString(committed));
                }
            }
            assertThat(query(s, "SELECT a, count(*) FROM aux.x GROUP BY a")).containsExactly(List.of(1L, 2L), List.of(2L, 4L));
        }
        assertThat(Sqlite3.run(aux, "PRAGMA integrity_check;")).isEqualTo("ok");
    }

    @Test
    void aFileAttachedInsideBeginImmediateJoinsDeferredAsInSqlite(@TempDir Path dir) {
        Path late = dir.resolve("late.db");
        assertThat(Sqlite3.run(late, "PRAGMA journal_mode = wal; CREATE TABLE y(a);")).isEqualTo("wal");
        try (Database db = Database.open(dir.resolve("main.db").toString(), DatabaseOptions.DEFAULTS);
             Session s = db.openSession()) {
            s.execute("CREATE TABLE m(a)");
            s.execute("BEGIN IMMEDIATE");
            s.execute("ATTACH '" + late + "' AS late");
            assertThat(Sqlite3.run(late, ".timeout 0\nINSERT INTO y VALUES (1);")).isEmpty();
            assertThat(query(s, "SELECT count(*) FROM late.y")).containsExactly(List.of(1L)); // joins here, reading
            assertThat(Sqlite3.run(late, ".timeout 0\nINSERT INTO y VALUES (2);")).isEmpty();
            s.execute("INSERT INTO m VALUES (1)");
            s.execute("COMMIT");
            assertThat(query(s, "SELECT count(*) FROM late.y")).containsExactly(List.of(2L));
        }
    }

    @Test
    void beginImmediateIsBusyWhenAnAttachedFileIsLockedAndLeavesNothingLocked(@TempDir Path dir) throws Exception {
        Path aux = dir.resolve("aux.db");
        Path marker = dir.resolve("locked");
        assertThat(Sqlite3.run(aux, "PRAGMA journal_mode = wal; CREATE TABLE x(a);")).isEqualTo("wal");
        try (Database db = Database.open(dir.resolve("main.db").toString(), DatabaseOptions.DEFAULTS);
             Session s = db.openSession();
             Session other = db.openSession()) {
            s.execute("CREATE TABLE m(a)");
            s.execute("ATTACH '" + aux + "' AS aux");
            s.execute("PRAGMA busy_timeout = 0");
            other.execute("PRAGMA busy_timeout = 0");
            Process holder = new ProcessBuilder("sqlite3", "-batch", aux.toString()).redirectErrorStream(true).start();
            try {
                OutputStream in = holder.getOutputStream();
                send(in, "BEGIN IMMEDIATE;\nINSERT INTO x VALUES (1);\n.shell touch '" + marker + "'\n");
                awaitFile(marker);
                assertThatThrownBy(() -> s.execute("BEGIN IMMEDIATE"))
                        .isInstanceOfSatisfying(OneLiteException.class,
                                e -> assertThat(e.resultCode()).isEqualTo(ResultCode.BUSY));
                assertThat(s.isAutoCommit()).isTrue();
                other.execute("BEGIN IMMEDIATE"); // main's write lock was let go
                other.execute("INSERT INTO m VALUES (1)");
                other.execute("COMMIT");
                send(in, "COMMIT;\n");
                in.close();
                assertThat(holder.waitFor(60, TimeUnit.SECONDS)).isTrue();
            } finally {
                holder.destroy();
            }
            s.execute("BEGIN IMMEDIATE");
            assertThat(query(s, "SELECT (SELECT count(*) FROM m), (SELECT count(*) FROM aux.x)"))
                    .containsExactly(List.of(1L, 1L));
            s.execute("COMMIT");
        }
    }

    @Test
    void sessionsOfOneJvmTakeTurnsAndAFileAttachedTwiceIsBusyAsInSqlite(@TempDir Path dir) throws Exception {
        Path aux = dir.resolve("aux.db");
        try (Database db = Database.open(dir.resolve("main.db").toString(), DatabaseOptions.DEFAULTS);
             Session a = db.openSession();
             Session b = db.openSession();
             Database other = Database.open(dir.resolve("other.db").toString(), DatabaseOptions.DEFAULTS);
             Session c = other.openSession()) {
            a.execute("ATTACH '" + aux + "' AS aux");
            a.execute("CREATE TABLE aux.x(a)");
            b.execute("PRAGMA busy_timeout = 0");
            c.execute("PRAGMA busy_timeout = 0");
            c.execute("ATTACH '" + aux + "' AS aux"); // another main file, the same attached one
            a.execute("BEGIN IMMEDIATE");
            assertThatThrownBy(() -> c.execute("INSERT INTO aux.x VALUES (1)"))
                    .isInstanceOfSatisfying(OneLiteException.class,
                            e -> assertThat(e.resultCode()).isEqualTo(ResultCode.BUSY));
            assertThatThrownBy(() -> c.execute("BEGIN IMMEDIATE"))
                    .isInstanceOfSatisfying(OneLiteException.class,
                            e -> assertThat(e.resultCode()).isEqualTo(ResultCode.BUSY));
            assertThat(c.isAutoCommit()).isTrue();
            c.execute("BEGIN");
            assertThat(query(c, "SELECT count(*) FROM aux.x")).containsExactly(List.of(0L)); // reading is fine
            c.execute("COMMIT");
            a.execute("COMMIT");
            c.execute("BEGIN IMMEDIATE");
            c.execute("INSERT INTO aux.x VALUES (1)");
            c.execute("ROLLBACK");

            // a waiting BEGIN IMMEDIATE gets both locks once the holder commits
            a.execute("BEGIN IMMEDIATE");
            b.execute("PRAGMA busy_timeout = 30000");
            b.execute("ATTACH '" + aux + "' AS aux");
            Thread waiter = new Thread(() -> {
                b.execute("BEGIN IMMEDIATE");
                b.execute("INSERT INTO aux.x VALUES (2)");
                b.execute("COMMIT");
            });
            waiter.start();
            a.execute("INSERT INTO aux.x VALUES (1)");
            a.execute("COMMIT");
            waiter.join(Duration.ofSeconds(60).toMillis());
            assertThat(waiter.isAlive()).isFalse();
            assertThat(query(a, "SELECT a FROM aux.x ORDER BY a")).containsExactly(List.of(1L), List.of(2L));

            // SQLite's BEGIN IMMEDIATE is busy for the second name of a file attached twice
            a.execute("PRAGMA busy_timeout = 0");
            a.execute("ATTACH '" + aux + "' AS again");
            assertThatThrownBy(() -> a.execute("BEGIN IMMEDIATE"))
                    .isInstanceOfSatisfying(OneLiteException.class,
                            e -> assertThat(e.resultCode()).isEqualTo(ResultCode.BUSY));
            assertThat(a.isAutoCommit()).isTrue();
            a.execute("DETACH again");
            a.execute("BEGIN EXCLUSIVE");
            a.execute("COMMIT");
        }
    }

    @Test
    void savepointsSpanTheFilesLockedAtBeginAndAMemoryDatabase(@TempDir Path dir) {
        try (Database db = Database.open(dir.resolve("main.db").toString(), DatabaseOptions.DEFAULTS);
             Session s = db.openSession()) {
            s.execute("CREATE TABLE m(a)");
            s.execute("ATTACH '" + dir.resolve("aux.db") + "' AS aux");
            s.execute("ATTACH ':memory:' AS mem");
            s.execute("CREATE TABLE aux.x(a)");
            s.execute("CREATE TABLE mem.y(a)");
            s.execute("BEGIN EXCLUSIVE");
            s.execute("INSERT INTO aux.x VALUES (1)");
            s.execute("SAVEPOINT sp");
            s.execute("INSERT INTO aux.x VALUES (2)");
            s.execute("INSERT INTO mem.y VALUES (2)");
            s.execute("INSERT INTO m VALUES (2)");
            s.execute("ROLLBACK TO sp");
            s.execute("INSERT INTO mem.y VALUES (3)");
            s.execute("RELEASE sp");
            s.execute("COMMIT");
            assertThat(query(s, "SELECT (SELECT group_concat(a) FROM aux.x), (SELECT group_concat(a) FROM mem.y),"
                    + " (SELECT count(*) FROM m)")).containsExactly(java.util.Arrays.asList("1", "3", 0L));
        }
        assertThat(Sqlite3.run(dir.resolve("aux.db"), "PRAGMA integrity_check; SELECT group_concat(a) FROM x;"))
                .isEqualTo("ok\n1");
    }

    private static void send(OutputStream in, String script) throws IOException {
        in.write(script.getBytes(StandardCharsets.UTF_8));
        in.flush();
    }

    private static void awaitFile(Path marker) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!Files.exists(marker) && System.nanoTime() < deadline) {
            Thread.sleep(10); // waiting for the other process, not measuring it
        }
        assertThat(marker).exists();
    }
}
