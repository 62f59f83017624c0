package io.onelite.reliability;

import io.onelite.api.Database;
import io.onelite.api.DatabaseOptions;
import io.onelite.api.Session;
import io.onelite.api.Statement;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.tools.CrashSweep;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Lock and {@code -shm} faults through {@link FaultyLocks}, plugged in with
 * {@code Database.open(path, options, hooks)}: a refused lock is SQLITE_BUSY, a failing lock
 * SQLITE_IOERR_LOCK (3850), a failing mapping SQLITE_IOERR_SHMMAP (5386); the statement that met
 * the fault changes nothing, the session works again once the fault is gone, and the file then
 * passes the {@code sqlite3} shell's integrity check with every acknowledged row (#10).
 *
 * <p>SQLite itself reports any failing fcntl on the {@code -shm} as BUSY (unixShmSystemLock); we
 * keep BUSY for a refused lock and report an fcntl error as IOERR_LOCK, as SQLite does for the
 * database file's locks, so that a broken lock is not retried as if it were contention.
 */
class LockAndShmFaultTests {
    private static final DatabaseOptions OPTIONS = DatabaseOptions.DEFAULTS.withBusyTimeout(Duration.ofMillis(100));

    @TempDir
    Path dir;

    private Path database() {
        Path db = dir.resolve("p.db");
        CrashSweep.sqlite3(db, "pragma page_size=512; pragma journal_mode=wal; create table t(a integer primary key, b blob);"
                + " insert into t values(1, randomblob(300)), (2, randomblob(300));");
        return db;
    }

    private static long count(Session s) {
        try (Statement st = s.prepare("SELECT count(*) FROM t")) {
            assertThat(st.step()).isTrue();
            return (Long) st.column(0);
        }
    }

    private static ResultCode failure(Runnable r) {
        try {
            r.run();
        } catch (OneLiteException e) {
            return e.resultCode();
        }
        return null;
    }

    /**
     * The failure of {@code r} once it has to ask the OS for a read-mark lock: a read right after
     * another one takes the lock the last left lingering (no OS call, nothing to fail), so this
     * waits for the lock to go back to the OS between tries (about a millisecond), for at most 10 s.
     */
    private static ResultCode failureOnceNoLockLingers(Runnable r) throws InterruptedException {
        for (int i = 0; i < 500; i++) {
            Thread.sleep(20);
            ResultCode code = failure(r);
            if (code != null) {
                return code;
            }
        }
        return null;
    }

    private static void intactWith(Path db, long rows) {
        assertThat(CrashSweep.sqlite3(db, "pragma integrity_check; select count(*) from t;").trim())
                .isEqualTo("ok\n" + rows);
    }

    @Test
    void aRefusedWalWriteLockIsBusyAndChangesNothing() { // #10
        Path db = database();
        FaultyLocks faults = new FaultyLocks();
        try (Database d = Database.open(db.toString(), OPTIONS, faults.hooks()); Session s = d.openSession()) {
            assertThat(count(s)).isEqualTo(2); // the wal-index is rebuilt (under the write lock) first
            faults.lockOffset = 120; // the WAL write lock, as if another process were writing
            faults.lockFault = FaultyLocks.LockFault.REFUSE;
            assertThat(failure(() -> s.execute("INSERT INTO t(b) VALUES(randomblob(300))"))).isEqualTo(ResultCode.BUSY);
            assertThat(failure(() -> s.execute("BEGIN IMMEDIATE"))).isEqualTo(ResultCode.BUSY);
            assertThat(s.isAutoCommit()).isTrue();
            assertThat(count(s)).isEqualTo(2); // readers need no write lock
            faults.clear();
            s.execute("INSERT INTO t(b) VALUES(randomblob(300))");
            assertThat(count(s)).isEqualTo(3);
            assertThat(faults.injected).isPositive();
        }
        intactWith(db, 3);
    }

    @Test
    void aFailingShmLockIsAnIoErrorAndTheSessionRecovers() throws Exception { // #10
        Path db = database();
        FaultyLocks faults = new FaultyLocks();
        try (Database d = Database.open(db.toString(), OPTIONS, faults.hooks()); Session s = d.openSession()) {
            assertThat(count(s)).isEqualTo(2);
            faults.lockOffset = 120;
            faults.lockFault = FaultyLocks.LockFault.FAIL;
            assertThat(failure(() -> s.execute("INSERT INTO t(b) VALUES(randomblob(300))"))).isEqualTo(ResultCode.IOERR_LOCK);
            assertThat(failure(() -> s.execute("BEGIN; INSERT INTO t(b) VALUES(1); COMMIT"))).isEqualTo(ResultCode.IOERR_LOCK);
            if (!s.isAutoCommit()) {
                s.execute("ROLLBACK");
            }
            faults.lockOffset = -1; // every -shm lock: the read marks too
            assertThat(failureOnceNoLockLingers(() -> count(s))).isEqualTo(ResultCode.IOERR_LOCK);
            faults.clear();
            s.execute("INSERT INTO t(b) VALUES(randomblob(300))");
            assertThat(count(s)).isEqualTo(3);
        }
        intactWith(db, 3);
    }

    @Test
    void aFailingDatabaseLockAtOpenIsAnIoErrorAndTouchesNothing() throws Exception { // #10
        Path db = database();
        byte[] before = Files.readAllBytes(db);
        FaultyLocks faults = new FaultyLocks();
        faults.lockSuffix = "";
        faults.lockFault = FaultyLocks.LockFault.FAIL;
        assertThat(failure(() -> Database.open(db.toString(), OPTIONS, faults.hooks()).close())).isEqualTo(ResultCode.IOERR_LOCK);
        assertThat(Files.readAllBytes(db)).isEqualTo(before);
        faults.clear();
        try (Database d = Database.open(db.toString(), OPTIONS, faults.hooks()); Session s = d.openSession()) {
            assertThat(count(s)).isEqualTo(2);
        }
        intactWith(db, 2);
    }

    @Test
    void aFailingShmMappingFailsTheReadOrCommitThatNeedsIt() { // #10
        Path db = database();
        FaultyLocks faults = new FaultyLocks();
        faults.failMapsFrom = 0; // the first block: needed by the first read
        DatabaseOptions noCheckpoint = OPTIONS.withAutoCheckpoint(0);
        try (Database d = Database.open(db.toString(), noCheckpoint, faults.hooks()); Session s = d.openSession()) {
            assertThat(failure(() -> count(s))).isEqualTo(ResultCode.IOERR_SHMMAP);
            faults.failMapsFrom = 32768; // the second block: needed past ~4060 WAL frames
            assertThat(count(s)).isEqualTo(2);
            long acknowledged = 2;
            ResultCode failed = null;
            // 512-byte pages: each transaction appends about 300 frames, so one of them needs block 1
            for (int round = 0; round < 30 && failed == null; round++) {
                failed = failure(() -> s.execute("BEGIN; WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300)"
                        + " INSERT INTO t(b) SELECT randomblob(300) FROM n; COMMIT"));
                if (failed == null) {
                    acknowledged += 300;
                } else if (!s.isAutoCommit()) {
                    s.execute("ROLLBACK");
                }
            }
            assertThat(failed).isEqualTo(ResultCode.IOERR_SHMMAP);
            assertThat(count(s)).isEqualTo(acknowledged); // the failed commit is all or nothing
            faults.clear();
            s.execute("INSERT INTO t(b) VALUES(randomblob(300))");
            assertThat(count(s)).isEqualTo(acknowledged + 1);
            intactWith(db, acknowledged + 1); // the live WAL, read by another process
            try (Database again = Database.open(db.toString(), noCheckpoint); Session t = again.openSession()) {
                assertThat(count(t)).isEqualTo(acknowledged + 1);
            }
            acknowledged++;
            s.execute("PRAGMA wal_checkpoint(TRUNCATE)");
            assertThat(count(s)).isEqualTo(acknowledged);
        }
    }
}
