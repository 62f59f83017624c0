package io.onelite.pager;

import io.onelite.common.Synchronous;
import io.onelite.os.FaultyDbFile;
import io.onelite.testing.Sqlite3;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** Which syncs each synchronous mode issues, counted through the fault-injection wrapper. */
class SynchronousTests {
    @TempDir
    Path dir;

    private record Counts(int walAtCommits, int dbAtCommits, int walAtCheckpoint, int dbAtCheckpoint) {
    }

    private Counts run(Synchronous sync) {
        Path db = dir.resolve("sync-" + sync + ".db");
        FaultyDbFile.Faults wal = new FaultyDbFile.Faults();
        FaultyDbFile.Faults main = new FaultyDbFile.Faults();
        try (Pager p = Pager.open(db, PagerOptions.DEFAULTS.withSynchronous(sync).withAutoCheckpointFrames(0),
                f -> new FaultyDbFile(f, f.path().toString().endsWith("-wal") ? wal : main))) {
            FilePagerTests.commit(p, ws -> TestPages.createTable(ws, "t", 1));
            wal.syncs.set(0);
            main.syncs.set(0);
            for (int i = 0; i < 10; i++) {
                int n = i;
                FilePagerTests.commit(p, ws -> TestPages.rewriteTable(ws, 2, 2 + n, 1));
            }
            int walCommits = wal.syncs.getAndSet(0);
            int dbCommits = main.syncs.getAndSet(0);
            CheckpointResult r = p.checkpoint(CheckpointMode.PASSIVE);
            assertThat(r.busy()).isFalse();
            return new Counts(walCommits, dbCommits, wal.syncs.get(), main.syncs.get());
        }
    }

    @Test
    void fullSyncsTheWalAtEveryCommit() {
        assertThat(run(Synchronous.FULL)).isEqualTo(new Counts(10, 0, 1, 1));
        assertThat(run(Synchronous.EXTRA)).isEqualTo(new Counts(10, 0, 1, 1));
    }

    @Test
    void normalSyncsOnlyAtCheckpoints() {
        assertThat(run(Synchronous.NORMAL)).isEqualTo(new Counts(0, 0, 1, 1));
    }

    @Test
    void offNeverSyncs() {
        assertThat(run(Synchronous.OFF)).isEqualTo(new Counts(0, 0, 0, 0));
    }

    @Test
    void aBatchOfCommitsSharesOneSync() {
        Path db = dir.resolve("batch.db");
        FaultyDbFile.Faults wal = new FaultyDbFile.Faults();
        try (Pager p = Pager.open(db, PagerOptions.DEFAULTS.withAutoCheckpointFrames(0),
                f -> new FaultyDbFile(f, f.path().toString().endsWith("-wal") ? wal : new FaultyDbFile.Faults()))) {
            FilePagerTests.commit(p, ws -> TestPages.createTable(ws, "t", 1));
            wal.syncs.set(0);
            p.lockWrite(java.time.Duration.ofSeconds(1));
            Snapshot base = p.latest();
            for (int i = 0; i < 5; i++) {
                WriteSet ws = p.newWriteSet(base);
                TestPages.rewriteTable(ws, 2, 3 + i, 1);
                base = p.appendCommit(ws);
            }
            p.publish();
            p.unlockWrite();
            assertThat(wal.syncs.get()).isEqualTo(1);
            Snapshot s = p.beginRead();
            assertThat(TestPages.countRows(s, 2)).isEqualTo(7);
            p.endRead(s);
        }
        assertThat(Sqlite3.checked(db, "select count(*) from t; pragma integrity_check")).isEqualTo("7\nok");
    }
}
