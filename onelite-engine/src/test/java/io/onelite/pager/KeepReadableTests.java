package io.onelite.pager;

import io.onelite.common.Synchronous;
import io.onelite.testing.Sqlite3;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;

import static io.onelite.pager.FilePagerTests.commit;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link Pager#keepReadable}: a writer's view pinned by a read mark stays readable, with its own
 * state's pages, after the write lock is released and other commits (and a WAL restart) follow.
 * This is what an adaptive BEGIN CONCURRENT transaction relies on when its hold is revoked.
 */
class KeepReadableTests {
    @TempDir
    Path dir;

    @Test
    void aPinnedWriterViewReadsItsStateAfterAnotherProcessRestartedTheWal() {
        Path db = dir.resolve("k.db");
        // a cache of 16 pages: once other pages went through it, the view reads from the files
        PagerOptions options = PagerOptions.DEFAULTS.withSynchronous(Synchronous.NORMAL).withCacheSizePages(16);
        try (Pager p = Pager.open(db, options)) {
            commit(p, ws -> TestPages.createTable(ws, "t", 50));
            for (int i = 0; i < 40; i++) {
                String name = "u" + i;
                commit(p, ws -> TestPages.createTable(ws, name, 3));
            }
            p.lockWrite(Duration.ofSeconds(5));
            Snapshot view = p.latestOwn();
            assertThat(view.mxFrame()).isPositive();
            // a checkpoint while the lock is held (it needs none) copies everything back: the pin's
            // read mark is then slot 0, which does not keep another process from restarting the
            // WAL, while the writer's view reads WAL frames
            CheckpointResult c = p.checkpoint(CheckpointMode.PASSIVE);
            assertThat(c.checkpointedFrames()).isEqualTo(c.logFrames()).isPositive();
            Snapshot pin = p.keepReadable(view);
            assertThat(pin).isNotNull();
            p.unlockWrite();
            // sqlite3 restarts the WAL and writes its frames from the start of the file
            assertThat(Sqlite3.checked(db, "UPDATE t SET x = x + 1; UPDATE t SET x = x + 1; SELECT min(x) FROM t;"))
                    .isEqualTo("12");
            Snapshot other = p.beginRead();
            for (int pgno = 3; pgno <= other.pageCount(); pgno++) {
                other.read(pgno); // push the view's pages out of the cache
            }
            p.endRead(other);
            assertThat(TestPages.firstColumn(view, 2)).hasSize(50).first().isEqualTo(10L);
            p.endRead(pin);
            Snapshot now = p.beginRead();
            assertThat(TestPages.firstColumn(now, 2)).hasSize(50).first().isEqualTo(12L);
            p.endRead(now);
        }
    }

    @Test
    void aPinnedWriterViewOfAWalInUseKeepsItsPages() {
        try (Pager p = Pager.open(dir.resolve("w.db"), PagerOptions.DEFAULTS.withSynchronous(Synchronous.NORMAL))) {
            commit(p, ws -> TestPages.createTable(ws, "t", 20));
            p.lockWrite(Duration.ofSeconds(5));
            Snapshot view = p.latestOwn();
            Snapshot pin = p.keepReadable(view);
            assertThat(pin).isNotNull();
            assertThat(pin.sameState(view)).isTrue();
            p.unlockWrite();
            commit(p, ws -> TestPages.rewriteTable(ws, 2, 30, 3));
            CheckpointResult r = p.checkpoint(CheckpointMode.PASSIVE);
            assertThat(r.checkpointedFrames()).isLessThan(r.logFrames()); // the pin stops the copy
            assertThat(TestPages.firstColumn(view, 2)).hasSize(20);
            p.endRead(pin);
        }
    }

    @Test
    void aMemoryWriterViewIsItsOwnAndPinsLikewise() {
        try (Pager p = Pager.openMemory(PagerOptions.DEFAULTS)) {
            commit(p, ws -> TestPages.createTable(ws, "t", 10));
            p.lockWrite(Duration.ofSeconds(5));
            Snapshot view = p.latestOwn();
            assertThat(view).isNotSameAs(p.latest());
            Snapshot pin = p.keepReadable(view);
            assertThat(pin).isNotNull();
            p.unlockWrite();
            commit(p, ws -> TestPages.rewriteTable(ws, 2, 40, 2));
            assertThat(TestPages.firstColumn(view, 2)).hasSize(10);
            p.endRead(pin);
        }
    }
}
