package io.onelite.pager;

import io.onelite.common.Synchronous;
import io.onelite.testing.Sqlite3;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

class CheckpointTests {
    @TempDir
    Path dir;

    private static Snapshot commit(Pager p, java.util.function.Consumer<WriteSet> change) {
        return FilePagerTests.commit(p, change);
    }

    private static long walSize(Path db) throws Exception {
        Path w = Path.of(db + "-wal");
        return Files.exists(w) ? Files.size(w) : 0;
    }

    static void cp(Path from, Path to) throws Exception {
        Process p = new ProcessBuilder("cp", from.toString(), to.toString()).inheritIO().start();
        assertThat(p.waitFor()).isZero();
    }

    @Test
    void passiveCheckpointCopiesEveryFrameWhenNobodyReads() throws Exception {
        Path db = dir.resolve("p.db");
        try (Pager p = Pager.open(db, PagerOptions.DEFAULTS.withAutoCheckpointFrames(0))) {
            commit(p, ws -> TestPages.createTable(ws, "t", 10));
            for (int i = 0; i < 5; i++) {
                int n = i;
                commit(p, ws -> TestPages.rewriteTable(ws, 2, 10 + n, 1));
            }
            assertThat(Files.size(db)).isEqualTo(4096);
            CheckpointResult r = p.checkpoint(CheckpointMode.PASSIVE);
            assertThat(r).isEqualTo(new CheckpointResult(false, 7, 7));
            assertThat(Files.size(db)).isEqualTo(2 * 4096);
            Snapshot s = p.beginRead();
            assertThat(TestPages.countRows(s, 2)).isEqualTo(14);
            p.endRead(s);
            assertThat(Sqlite3.checked(db, "select count(*) from t; pragma integrity_check")).isEqualTo("14\nok");
        }
    }

    @Test
    void aLongReaderKeepsItsSnapshotAcrossCommitsAndCheckpoints() throws Exception {
        Path db = dir.resolve("long.db");
        try (Pager p = Pager.open(db, PagerOptions.DEFAULTS.withAutoCheckpointFrames(0))) {
            commit(p, ws -> TestPages.createTable(ws, "t", 10));
            Snapshot reader = p.beginRead();
            byte[] imageBefore = reader.read(2).clone();
            for (int i = 0; i < 20; i++) {
                int n = i;
                commit(p, ws -> TestPages.rewriteTable(ws, 2, 20 + n, 3));
                if (i % 5 == 0) {
                    CheckpointResult r = p.checkpoint(CheckpointMode.PASSIVE);
                    assertThat(r.busy()).isFalse();
                    assertThat(r.checkpointedFrames()).isLessThan(r.logFrames());
                }
            }
            CheckpointResult full = p.checkpoint(CheckpointMode.FULL, Duration.ofMillis(100));
            assertThat(full.busy()).as("FULL cannot pass a reader").isTrue();
            // the database file must still hold what the reader needs
            assertThat(reader.read(2)).isEqualTo(imageBefore);
            assertThat(TestPages.countRows(reader, 2)).isEqualTo(10);
            // a reader of the database file alone sees the same thing once it re-reads
            String fromSqlite = Sqlite3.checked(db, "select count(*) from t");
            assertThat(fromSqlite).isEqualTo("39");
            p.endRead(reader);
            CheckpointResult r = p.checkpoint(CheckpointMode.TRUNCATE);
            assertThat(r).isEqualTo(new CheckpointResult(false, 0, 0));
            assertThat(walSize(db)).isZero();
            Snapshot after = p.beginRead();
            assertThat(TestPages.countRows(after, 2)).isEqualTo(39);
            p.endRead(after);
            commit(p, ws -> TestPages.rewriteTable(ws, 2, 5, 1));
            assertThat(Sqlite3.checked(db, "select count(*) from t; pragma integrity_check")).isEqualTo("5\nok");
        }
    }

    @Test
    void theWriterRestartsTheWalOnceItIsCopiedBack() throws Exception {
        Path db = dir.resolve("restart.db");
        try (Pager p = Pager.open(db, PagerOptions.DEFAULTS.withAutoCheckpointFrames(5))) {
            commit(p, ws -> TestPages.createTable(ws, "t", 10));
            long max = 0;
            for (int i = 0; i < 100; i++) {
                int n = i;
                commit(p, ws -> TestPages.rewriteTable(ws, 2, 1 + n % 50, 7));
                p.maybeAutoCheckpoint();
                max = Math.max(max, walSize(db));
            }
            assertThat(max).as("the WAL is reused, not grown").isLessThan(32 + 10L * (4096 + 24));
            Snapshot s = p.beginRead();
            assertThat(TestPages.countRows(s, 2)).isEqualTo(50);
            p.endRead(s);
        }
        assertThat(Sqlite3.checked(db, "select count(*), sum(x) from t; pragma integrity_check")).isEqualTo("50|8925\nok");
    }

    @Test
    void anAutoCheckpointStoppedByAReaderIsTriedAgainAfterMoreFramesNotAfterEveryCommit() throws Exception {
        Path db = dir.resolve("retry.db");
        try (Pager p = Pager.open(db, PagerOptions.DEFAULTS.withAutoCheckpointFrames(32))) {
            commit(p, ws -> TestPages.createTable(ws, "t", 10));
            Snapshot reader = p.beginRead();
            java.util.Set<LastCheckpoint> tries = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
            for (int i = 0; i < 64; i++) {
                FilePagerTests.rewriteInOneFrame(p, 11 + i);
                p.maybeAutoCheckpoint();
                if (p.lastCheckpoint() != null) {
                    tries.add(p.lastCheckpoint());
                }
            }
            // past the threshold (about 32 commits), one try per 2 frames (32 / 16), not one per commit
            assertThat(tries).hasSizeBetween(8, 20);
            assertThat(tries).allMatch(c -> c.checkpointedFrames() < c.logFrames(), "stopped by the reader");
            assertThat(TestPages.countRows(reader, 2)).isEqualTo(10);
            p.endRead(reader);

            for (int i = 0; i < 4; i++) { // the next tries copy everything back and the writer restarts the WAL
                FilePagerTests.rewriteInOneFrame(p, 100 + i);
                p.maybeAutoCheckpoint();
            }
            assertThat(p.framesToCheckpoint()).isLessThan(32);
        }
        assertThat(Sqlite3.checked(db, "select count(*) from t; pragma integrity_check")).isEqualTo("103\nok");
    }

    @Test
    void restartModeWaitsForReadersOfTheWal() throws Exception {
        Path db = dir.resolve("rs.db");
        try (Pager p = Pager.open(db, PagerOptions.DEFAULTS.withAutoCheckpointFrames(0))) {
            commit(p, ws -> TestPages.createTable(ws, "t", 10));
            commit(p, ws -> TestPages.rewriteTable(ws, 2, 11, 1));
            Snapshot reader = p.beginRead();
            assertThat(reader.readSlot).isGreaterThan(0);
            assertThat(p.checkpoint(CheckpointMode.RESTART, Duration.ofMillis(50)).busy()).isTrue();
            p.endRead(reader);
            CheckpointResult r = p.checkpoint(CheckpointMode.RESTART, Duration.ofMillis(50));
            assertThat(r.busy()).isFalse();
            // the snapshot identity survives the restart done by the next writer
            Snapshot before = p.beginRead();
            assertThat(before.readSlot).isZero();
            p.lockWrite(Duration.ofSeconds(1));
            try {
                assertThat(p.latest().sameState(before)).isTrue();
                assertThat(p.latest().mxFrame()).isZero();
            } finally {
                p.unlockWrite();
            }
            p.endRead(before);
        }
    }

    @Test
    void synchronousOffAndNormalStillCommitAndCheckpoint() throws Exception {
        for (Synchronous sync : Synchronous.values()) {
            Path db = dir.resolve("sync-" + sync + ".db");
            try (Pager p = Pager.open(db, PagerOptions.DEFAULTS.withSynchronous(sync).withAutoCheckpointFrames(3))) {
                commit(p, ws -> TestPages.createTable(ws, "t", 10));
                for (int i = 0; i < 10; i++) {
                    int n = i;
                    commit(p, ws -> TestPages.rewriteTable(ws, 2, 1 + n, 1));
                    p.maybeAutoCheckpoint();
                }
            }
            assertThat(Sqlite3.checked(db, "select count(*) from t; pragma integrity_check")).as("%s", sync).isEqualTo("10\nok");
        }
    }

    @Test
    void aStaleShmIsRebuiltFromTheWal() throws Exception {
        Path db = dir.resolve("stale.db");
        Path copy = dir.resolve("copy.db");
        try (Pager p = Pager.open(db, PagerOptions.DEFAULTS.withAutoCheckpointFrames(0))) {
            commit(p, ws -> TestPages.createTable(ws, "t", 10));
            for (int i = 0; i < 5; i++) {
                int n = i;
                commit(p, ws -> TestPages.rewriteTable(ws, 2, 30 + n, 1));
            }
            // a copy of the files as a crash would leave them, with a garbage -shm
            // copied by another process: closing a descriptor of db here would drop our locks on it
            cp(db, copy);
            cp(Path.of(db + "-wal"), Path.of(copy + "-wal"));
            Files.write(Path.of(copy + "-shm"), new byte[65536]);
        }
        try (Pager p = Pager.open(copy, PagerOptions.DEFAULTS)) {
            Snapshot s = p.beginRead();
            assertThat(s.mxFrame()).isEqualTo(7);
            assertThat(TestPages.countRows(s, 2)).isEqualTo(34);
            p.endRead(s);
        }
        assertThat(Files.exists(Path.of(copy + "-wal"))).isFalse();
        assertThat(Sqlite3.checked(copy, "select count(*) from t; pragma integrity_check")).isEqualTo("34\nok");
    }

    @Test
    void aTornWalTailIsIgnored() throws Exception {
        Path db = dir.resolve("torn.db");
        Path copy = dir.resolve("torn-copy.db");
        try (Pager p = Pager.open(db, PagerOptions.DEFAULTS.withAutoCheckpointFrames(0))) {
            commit(p, ws -> TestPages.createTable(ws, "t", 10));
            commit(p, ws -> TestPages.rewriteTable(ws, 2, 20, 1));
            commit(p, ws -> TestPages.rewriteTable(ws, 2, 30, 1));
            cp(db, copy);
            byte[] wal = Files.readAllBytes(Path.of(db + "-wal"));
            // flip a byte in the last frame's page: its checksum fails, the last commit is lost
            wal[wal.length - 100] ^= 0x55;
            Files.write(Path.of(copy + "-wal"), wal);
        }
        try (Pager p = Pager.open(copy, PagerOptions.DEFAULTS)) {
            Snapshot s = p.beginRead();
            assertThat(TestPages.countRows(s, 2)).isEqualTo(20);
            p.endRead(s);
        }
        assertThat(Sqlite3.checked(copy, "select count(*) from t; pragma integrity_check")).isEqualTo("20\nok");
    }
}
