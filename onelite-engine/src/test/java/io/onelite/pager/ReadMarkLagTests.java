package io.onelite.pager;

import io.onelite.testing.Sqlite3;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A reader uses the largest read mark as it is when it is at most 64 frames below mxFrame
 * (wal.WalReader.MARK_LAG), instead of moving a mark up: fewer lock calls, same view. The
 * checkpoint shows which mark a held reader protects.
 */
class ReadMarkLagTests {
    @TempDir
    Path dir;

    @Test
    void aReaderAFewFramesPastTheMarkUsesItAsItIsAndStillSeesEveryCommit() throws Exception {
        Path db = dir.resolve("lag.db");
        try (Pager p = Pager.open(db, PagerOptions.DEFAULTS.withAutoCheckpointFrames(0))) {
            FilePagerTests.commit(p, ws -> TestPages.createTable(ws, "t", 10));
            Snapshot first = p.beginRead(); // moves a mark to the WAL's end
            int markedFrame = first.mxFrame;
            p.endRead(first);
            FilePagerTests.rewriteInOneFrame(p, 11);
            FilePagerTests.rewriteInOneFrame(p, 12);
            Snapshot reader = p.beginRead();
            assertThat(reader.mxFrame).isEqualTo(markedFrame + 2);
            assertThat(reader.readSlot).isEqualTo(first.readSlot);
            assertThat(TestPages.countRows(reader, 2)).isEqualTo(12);
            // the mark it holds is the old one: a checkpoint copies no further while it reads
            CheckpointResult r = p.checkpoint(CheckpointMode.PASSIVE);
            assertThat(r.checkpointedFrames()).isEqualTo(markedFrame);
            assertThat(r.logFrames()).isEqualTo(markedFrame + 2);
            FilePagerTests.rewriteInOneFrame(p, 13);
            assertThat(p.checkpoint(CheckpointMode.PASSIVE).checkpointedFrames()).isEqualTo(markedFrame);
            assertThat(TestPages.countRows(reader, 2)).isEqualTo(12);
            p.endRead(reader);
            assertThat(p.checkpoint(CheckpointMode.PASSIVE).checkpointedFrames()).isEqualTo(markedFrame + 3);
            assertThat(Sqlite3.checked(db, "select count(*) from t; pragma integrity_check")).isEqualTo("13\nok");
        }
    }

    @Test
    void aReaderMoreThan64FramesPastEveryMarkMovesOne() throws Exception {
        Path db = dir.resolve("moved.db");
        try (Pager p = Pager.open(db, PagerOptions.DEFAULTS.withAutoCheckpointFrames(0))) {
            FilePagerTests.commit(p, ws -> TestPages.createTable(ws, "t", 10));
            p.endRead(p.beginRead());
            for (int i = 0; i < 70; i++) {
                FilePagerTests.rewriteInOneFrame(p, 11 + i % 5);
            }
            Snapshot reader = p.beginRead();
            CheckpointResult r = p.checkpoint(CheckpointMode.PASSIVE);
            assertThat(r.checkpointedFrames()).as("the reader's mark is at the WAL's end").isEqualTo(r.logFrames());
            assertThat(r.logFrames()).isEqualTo(reader.mxFrame);
            assertThat(TestPages.countRows(reader, 2)).isEqualTo(11 + 69 % 5);
            p.endRead(reader);
        }
    }
}
