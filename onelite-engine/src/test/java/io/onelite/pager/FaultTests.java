package io.onelite.pager;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.os.FaultyDbFile;
import io.onelite.testing.Sqlite3;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Failed writes and syncs leave the database as it was before the failed commit. */
class FaultTests {
    @TempDir
    Path dir;

    private static void tryCommit(Pager p, int rows) {
        p.lockWrite(Duration.ofSeconds(5));
        try {
            WriteSet ws = p.newWriteSet(p.latest());
            TestPages.rewriteTable(ws, 2, rows, 1);
            p.appendCommit(ws);
            p.publish();
        } finally {
            p.unlockWrite();
        }
    }

    private static long rows(Pager p) {
        Snapshot s = p.beginRead();
        try {
            return TestPages.countRows(s, 2);
        } finally {
            p.endRead(s);
        }
    }

    @Test
    void aFailedWalWriteOrSyncLosesOnlyThatCommit() {
        Path db = dir.resolve("faulty.db");
        FaultyDbFile.Faults faults = new FaultyDbFile.Faults().only("-wal").torn(true);
        try (Pager p = Pager.open(db, PagerOptions.DEFAULTS.withAutoCheckpointFrames(0), f -> new FaultyDbFile(f, faults))) {
            FilePagerTests.commit(p, ws -> TestPages.createTable(ws, "t", 10));
            tryCommit(p, 11);
            faults.failWrite(faults.writes.get() + 1);
            assertThatThrownBy(() -> tryCommit(p, 12)).isInstanceOfSatisfying(OneLiteException.class,
                    e -> assertThat(e.resultCode()).isEqualTo(ResultCode.IOERR_WRITE));
            assertThat(rows(p)).isEqualTo(11);
            tryCommit(p, 13);
            assertThat(rows(p)).isEqualTo(13);
            faults.failSync(faults.syncs.get() + 1);
            assertThatThrownBy(() -> tryCommit(p, 14)).isInstanceOfSatisfying(OneLiteException.class,
                    e -> assertThat(e.resultCode()).isEqualTo(ResultCode.IOERR_FSYNC));
            assertThat(rows(p)).isEqualTo(13);
            tryCommit(p, 15);
            assertThat(Sqlite3.checked(db, "select count(*) from t; pragma integrity_check")).isEqualTo("15\nok");
        }
        assertThat(Sqlite3.checked(db, "select count(*) from t; pragma integrity_check")).isEqualTo("15\nok");
    }

    @Test
    void aFailedCheckpointWriteCanBeRetried() {
        Path db = dir.resolve("faulty-ckpt.db");
        FaultyDbFile.Faults faults = new FaultyDbFile.Faults().only("faulty-ckpt.db");
        try (Pager p = Pager.open(db, PagerOptions.DEFAULTS.withAutoCheckpointFrames(0), f -> new FaultyDbFile(f, faults))) {
            FilePagerTests.commit(p, ws -> TestPages.createTable(ws, "t", 10));
            tryCommit(p, 20);
            faults.failWrite(faults.writes.get() + 1);
            assertThatThrownBy(() -> p.checkpoint(CheckpointMode.PASSIVE)).isInstanceOf(OneLiteException.class);
            assertThat(rows(p)).isEqualTo(20);
            CheckpointResult r = p.checkpoint(CheckpointMode.PASSIVE);
            assertThat(r.busy()).isFalse();
            assertThat(r.checkpointedFrames()).isEqualTo(r.logFrames());
            tryCommit(p, 21);
        }
        assertThat(Sqlite3.checked(db, "select count(*) from t; pragma integrity_check")).isEqualTo("21\nok");
    }
}
