package io.onelite.api;

import io.onelite.testing.Threads;
import io.onelite.common.OneLiteException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import static io.onelite.api.ThinPathTests.query;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Autocommit INSERT/UPDATE/DELETE take the write lock when they start, as SQLite's write
 * transaction does: a statement that waited for another writer starts from that writer's commit
 * instead of failing with BUSY_SNAPSHOT on the state it saw before waiting.
 */
class AutocommitWriteTests {

    @Test
    void anAutocommitInsertThatWaitedForAWriterSucceedsAfterItsCommit(@TempDir Path dir) throws Exception {
        String path = dir.resolve("auto.db").toString();
        DatabaseOptions opts = DatabaseOptions.DEFAULTS.withBusyTimeout(Duration.ofSeconds(30));
        try (Database db = Database.open(path, opts); Session a = db.openSession(); Session b = db.openSession()) {
            a.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT)");
            a.execute("INSERT INTO t(v) VALUES ('before')");
            a.execute("BEGIN IMMEDIATE");
            AtomicReference<Throwable> failure = new AtomicReference<>();
            Thread writer = new Thread(() -> {
                try {
                    b.execute("INSERT INTO t(v) VALUES ('waited')");
                    b.execute("UPDATE t SET v = v || '!' WHERE v = 'from a'");
                } catch (Throwable e) {
                    failure.set(e);
                }
            });
            writer.start();
            Threads.awaitParked(writer); // b is queued for the write lock a holds
            a.execute("INSERT INTO t(v) VALUES ('from a')");
            a.execute("COMMIT");
            writer.join();
            assertThat(failure.get()).isNull();
            assertThat(query(a, "SELECT id, v FROM t ORDER BY id")).containsExactly(
                    List.of(1L, "before"), List.of(2L, "from a!"), List.of(3L, "waited"));
        }
    }

    @Test
    void aReadOnlyDatabaseStillRefusesAnAutocommitInsertWithSqlitesMessage(@TempDir Path dir) {
        String path = dir.resolve("ro.db").toString();
        try (Database db = Database.open(path, DatabaseOptions.DEFAULTS); Session s = db.openSession()) {
            s.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT)");
            s.execute("INSERT INTO t(v) VALUES ('x')");
        }
        try (Database db = Database.open(path, DatabaseOptions.DEFAULTS.withReadOnly(true)); Session s = db.openSession()) {
            assertThat(query(s, "SELECT v FROM t")).containsExactly(List.of("x"));
            assertThatThrownBy(() -> s.execute("INSERT INTO t(v) VALUES ('y')"))
                    .isInstanceOf(OneLiteException.class)
                    .hasMessageContaining("readonly");
            assertThat(query(s, "SELECT count(*) FROM t")).containsExactly(List.of(1L));
        }
    }
}
