package io.onelite.pager;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.testing.Sqlite3;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class FilePagerTests {
    @TempDir
    Path dir;

    /** Commits table t (root 2) rewritten with {@code rows} rows of one page: one WAL frame. */
    static Snapshot rewriteInOneFrame(Pager p, int rows) {
        return commit(p, ws -> TestPages.rewriteTable(ws, 2, rows, 1));
    }

    static Snapshot commit(Pager p, java.util.function.Consumer<WriteSet> change) {
        p.lockWrite(Duration.ofSeconds(10));
        try {
            WriteSet ws = p.newWriteSet(p.latest());
            change.accept(ws);
            Snapshot s = p.appendCommit(ws);
            p.publish();
            return s;
        } finally {
            p.unlockWrite();
        }
    }

    @Test
    void aNewFileGetsPageOneInTheDatabaseFileAndIsAWalDatabase() throws Exception {
        Path db = dir.resolve("new.db");
        try (Pager p = Pager.open(db, PagerOptions.DEFAULTS)) {
            assertThat(Files.size(db)).isEqualTo(4096);
            Snapshot s = p.beginRead();
            assertThat(s.pageCount()).isEqualTo(1);
            assertThat(s.read(1)[18]).isEqualTo((byte) 2);
            p.endRead(s);
            assertThat(Sqlite3.checked(db, "pragma integrity_check; pragma journal_mode;")).isEqualTo("ok\nwal");
        }
        assertThat(Files.exists(Path.of(db + "-wal"))).isFalse();
        assertThat(Files.exists(Path.of(db + "-shm"))).isFalse();
    }

    @Test
    void ourCommitsAreSeenBySqlite3WhileWeStillHaveTheFileOpen() {
        Path db = dir.resolve("ours.db");
        try (Pager p = Pager.open(db, PagerOptions.DEFAULTS)) {
            commit(p, ws -> TestPages.createTable(ws, "t", 50));
            assertThat(Files.exists(Path.of(db + "-wal"))).isTrue();
            assertThat(Sqlite3.checked(db, "select count(*), sum(x) from t; pragma integrity_check;")).isEqualTo("50|12750\nok");
            commit(p, ws -> TestPages.rewriteTable(ws, 2, 60, 1));
            assertThat(Sqlite3.checked(db, "select count(*), sum(x) from t;")).isEqualTo("60|1830");
        }
        assertThat(Files.exists(Path.of(db + "-wal"))).isFalse();
        assertThat(Sqlite3.checked(db, "select count(*), sum(x) from t; pragma integrity_check;")).isEqualTo("60|1830\nok");
    }

    @Test
    void sqlite3CommitsAreSeenByUsWhileWeHaveTheFileOpen() {
        Path db = dir.resolve("theirs.db");
        Sqlite3.checked(db, "pragma journal_mode=wal; create table t(x);");
        try (Pager p = Pager.open(db, PagerOptions.DEFAULTS)) {
            Snapshot before = p.beginRead();
            Sqlite3.checked(db, "begin; with recursive c(i) as (select 1 union all select i+1 from c where i<2000) insert into t select i from c; commit;");
            Snapshot after = p.beginRead();
            int root = TestPages.rootOf(after, "t");
            assertThat(TestPages.countRows(after, root)).isEqualTo(2000);
            assertThat(TestPages.countRows(before, root)).isEqualTo(0);
            p.endRead(before);
            p.endRead(after);
            // and we can write on top of their commit
            commit(p, ws -> TestPages.createTable(ws, "u", 3));
        }
        assertThat(Sqlite3.checked(db, "select count(*) from t; select sum(x) from u; pragma integrity_check;")).isEqualTo("2000\n60\nok");
    }

    @Test
    void aRollbackModeDatabaseIsSwitchedToWal() throws Exception {
        Path db = dir.resolve("rollback.db");
        Sqlite3.checked(db, "pragma journal_mode=delete; create table t(x); insert into t values(1),(2);");
        byte[] h = Files.readAllBytes(db);
        assertThat(h[18]).isEqualTo((byte) 1);
        try (Pager p = Pager.open(db, PagerOptions.DEFAULTS)) {
            Snapshot s = p.beginRead();
            assertThat(s.read(1)[18]).isEqualTo((byte) 2);
            assertThat(s.read(1)[19]).isEqualTo((byte) 2);
            assertThat(TestPages.countRows(s, TestPages.rootOf(s, "t"))).isEqualTo(2);
            p.endRead(s);
            assertThat(Sqlite3.checked(db, "pragma journal_mode; select count(*) from t;")).isEqualTo("wal\n2");
        }
        assertThat(Sqlite3.checked(db, "pragma integrity_check")).isEqualTo("ok");
    }

    @Test
    void oneFileOpenedTwiceIsOnePager() {
        Path db = dir.resolve("shared.db");
        Pager a = Pager.open(db, PagerOptions.DEFAULTS);
        Pager b = Pager.open(dir.resolve("./shared.db"), PagerOptions.DEFAULTS);
        assertThat(b).isSameAs(a);
        b.close();
        commit(a, ws -> TestPages.createTable(ws, "t", 1));
        a.close();
        assertThat(Sqlite3.checked(db, "select count(*) from t")).isEqualTo("1");
    }

    @Test
    void garbageIsNotADatabase() throws Exception {
        Path db = dir.resolve("garbage.db");
        Files.write(db, new byte[4096]);
        assertThatThrownBy(() -> Pager.open(db, PagerOptions.DEFAULTS))
                .isInstanceOfSatisfying(OneLiteException.class, e -> assertThat(e.resultCode()).isEqualTo(ResultCode.NOTADB));
    }

    @Test
    void sqlite3WritingHoldsTheWriteLockAgainstUs() throws Exception {
        Path db = dir.resolve("locked.db");
        try (Pager p = Pager.open(db, PagerOptions.DEFAULTS)) {
            commit(p, ws -> TestPages.createTable(ws, "t", 1));
            Process sq = new ProcessBuilder("sqlite3", db.toString()).redirectErrorStream(true).start();
            sq.getOutputStream().write("begin immediate; insert into t values(5);\nselect 'locked';\n".getBytes());
            sq.getOutputStream().flush();
            byte[] buf = new byte[6];
            assertThat(sq.getInputStream().readNBytes(buf, 0, 6)).isEqualTo(6);
            assertThatThrownBy(() -> p.lockWrite(Duration.ofMillis(200)))
                    .isInstanceOfSatisfying(OneLiteException.class, e -> assertThat(e.resultCode()).isEqualTo(ResultCode.BUSY));
            sq.getOutputStream().write("commit;\n.quit\n".getBytes());
            sq.getOutputStream().close();
            sq.waitFor();
            p.lockWrite(Duration.ofSeconds(5));
            Snapshot s = p.latest();
            assertThat(TestPages.countRows(s, 2)).isEqualTo(2);
            p.unlockWrite();
        }
    }

    @Test
    void sqlite3CheckpointsAndTruncatesTheWalUnderUsOnlyWhenNoReaderNeedsIt() throws Exception {
        Path db = dir.resolve("trunc.db");
        try (Pager p = Pager.open(db, PagerOptions.DEFAULTS.withAutoCheckpointFrames(0))) {
            commit(p, ws -> TestPages.createTable(ws, "t", 10));
            commit(p, ws -> TestPages.rewriteTable(ws, 2, 20, 1));
            Snapshot reader = p.beginRead();
            assertThat(reader.readSlot).isPositive();
            commit(p, ws -> TestPages.rewriteTable(ws, 2, 30, 1));
            assertThat(Sqlite3.checked(db, "pragma busy_timeout=0; pragma wal_checkpoint(truncate)")).startsWith("0\n1|");
            assertThat(TestPages.countRows(reader, 2)).isEqualTo(20);
            p.endRead(reader);
            assertThat(Sqlite3.checked(db, "pragma wal_checkpoint(truncate)")).isEqualTo("0|0|0");
            assertThat(Files.size(Path.of(db + "-wal"))).isZero();
            Snapshot after = p.beginRead();
            assertThat(TestPages.countRows(after, 2)).isEqualTo(30);
            p.endRead(after);
            commit(p, ws -> TestPages.rewriteTable(ws, 2, 40, 1));
            assertThat(Sqlite3.checked(db, "select count(*) from t; pragma integrity_check")).isEqualTo("40\nok");
        }
    }

    @Test
    void anInterruptedThreadReadsWithoutDroppingOurLocksAndWritesFailWithInterrupt() throws Exception {
        Path db = dir.resolve("interrupted.db");
        try (Pager p = Pager.open(db, PagerOptions.DEFAULTS.withAutoCheckpointFrames(0).withCacheSizePages(16))) {
            commit(p, ws -> TestPages.createTable(ws, "t", 10));
            Sqlite3.checked(db, "insert into t values(1000)"); // a frame not in our cache: the read below does I/O
            Thread.currentThread().interrupt();
            try {
                Snapshot s = p.beginRead();
                assertThat(TestPages.countRows(s, 2)).isEqualTo(11);
                p.endRead(s);
                assertThatThrownBy(() -> p.lockWrite(Duration.ofSeconds(1)))
                        .isInstanceOfSatisfying(OneLiteException.class, e -> assertThat(e.resultCode()).isEqualTo(ResultCode.INTERRUPT));
                assertThat(Thread.currentThread().isInterrupted()).isTrue();
            } finally {
                Thread.interrupted();
            }
            // had our SHARED lock on the database been dropped, sqlite3 would think it is the last
            // connection and checkpoint + delete the WAL and shm under us when it closes
            assertThat(Sqlite3.checked(db, "select count(*) from t")).isEqualTo("11");
            assertThat(Files.exists(Path.of(db + "-wal"))).isTrue();
            assertThat(Files.exists(Path.of(db + "-shm"))).isTrue();
            commit(p, ws -> TestPages.rewriteTable(ws, 2, 12, 1));
            assertThat(Sqlite3.checked(db, "select count(*) from t")).isEqualTo("12");
        }
    }
}
