package io.onelite.pager;

import io.onelite.testing.Sqlite3;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link WalDrain}: an auto-checkpoint stopped short by this JVM's own readers lets them finish,
 * checkpoints everything and so lets the next writer restart the WAL; a reader that stays only
 * delays new readers, never changes what anyone reads.
 */
class WalDrainTests {
    /** The auto-checkpoint threshold of these tests, in frames. */
    private static final int THRESHOLD = 10;
    /** Commits of one frame each that grow the WAL to where a stopped checkpoint starts a drain. */
    private static final int DRAINED = WalDrain.FRAMES_FACTOR * THRESHOLD;

    @TempDir
    Path dir;

    /** {@code count} commits, each rewriting table "t" in one frame to 11, 12, ... rows; the last one's state. */
    private static Snapshot rewriteEachInOneFrame(Pager p, int count) {
        Snapshot last = null;
        for (int i = 0; i < count; i++) {
            last = FilePagerTests.rewriteInOneFrame(p, 11 + i);
        }
        return last;
    }

    /** A drain whose readers are {@code readers} and whose checkpoint runs {@code checkpoint}. */
    private static WalDrain drainOver(java.util.function.BooleanSupplier readers, Runnable checkpoint) {
        return new WalDrain(new WalDrain.Target() {
            @Override
            public boolean readersInWal() {
                return readers.getAsBoolean();
            }

            @Override
            public void checkpointNow() {
                checkpoint.run();
            }
        });
    }

    /** The reader that stopped an auto-checkpoint, and the newest state then. */
    private record StoppedByReader(Snapshot reader, Snapshot last) {
    }

    /**
     * A table of 10 rows, a reader of it, then one-frame commits until {@code DRAINED} rows, and
     * an auto-checkpoint that stops at the reader's mark (the WAL is past the drain's size).
     */
    private static StoppedByReader stoppedByReader(Pager p) throws Exception {
        FilePagerTests.commit(p, ws -> TestPages.createTable(ws, "t", 10));
        Snapshot reader = p.beginRead();
        Snapshot last = rewriteEachInOneFrame(p, DRAINED);
        p.maybeAutoCheckpoint(); // stops at the reader's mark
        return new StoppedByReader(reader, last);
    }

    @Test
    void anAutoCheckpointStoppedByOurReaderLetsTheWalRestartOnceTheReaderEnds() throws Exception {
        Path db = dir.resolve("drain.db");
        try (Pager p = Pager.open(db, PagerOptions.DEFAULTS.withAutoCheckpointFrames(THRESHOLD))) {
            StoppedByReader stopped = stoppedByReader(p);
            Snapshot reader = stopped.reader();
            Snapshot last = stopped.last();
            assertThat(p.framesToCheckpoint()).isPositive();
            assertThat(TestPages.countRows(reader, 2)).isEqualTo(10);
            p.endRead(reader);

            Snapshot next = p.beginRead(); // finishes the drain: everything copied back
            assertThat(p.framesToCheckpoint()).isZero();
            assertThat(next.readSlot).as("reads the database file alone").isZero();
            assertThat(TestPages.countRows(next, 2)).isEqualTo(50);
            Snapshot restarted = FilePagerTests.rewriteInOneFrame(p, 51);
            assertThat(restarted.mxFrame).as("a new WAL generation").isLessThan(last.mxFrame);
            assertThat(TestPages.countRows(next, 2)).isEqualTo(50);
            p.endRead(next);
            assertThat(Sqlite3.checked(db, "select count(*) from t; pragma integrity_check")).isEqualTo("51\nok");
        }
    }

    /**
     * Below FRAMES_FACTOR times the threshold a checkpoint stopped by our reader starts no drain: a
     * new reader does not wait and reads the WAL; the WAL goes on growing until then.
     */
    @Test
    void aWalBelowFourTimesTheThresholdIsNotDrained() throws Exception {
        Path db = dir.resolve("nodrain.db");
        try (Pager p = Pager.open(db, PagerOptions.DEFAULTS.withAutoCheckpointFrames(THRESHOLD))) {
            FilePagerTests.commit(p, ws -> TestPages.createTable(ws, "t", 10));
            Snapshot reader = p.beginRead();
            Snapshot last = rewriteEachInOneFrame(p, DRAINED / 2);
            p.maybeAutoCheckpoint(); // stops at the reader's mark, 21 frames < 40
            assertThat(p.framesToCheckpoint()).isPositive();
            p.endRead(reader);
            Snapshot next = p.beginRead();
            assertThat(next.readSlot).as("no drain ran: it reads the WAL").isPositive();
            assertThat(TestPages.countRows(next, 2)).isEqualTo(30);
            p.endRead(next);
            assertThat(FilePagerTests.rewriteInOneFrame(p, 31).mxFrame).as("no restart").isEqualTo(last.mxFrame + 1);
            assertThat(Sqlite3.checked(db, "select count(*) from t; pragma integrity_check")).isEqualTo("31\nok");
        }
    }

    @Test
    void drainsThatKeepTimingOutBackOffLongerEachTimeAndAFinishedOneResetsIt() {
        java.util.concurrent.atomic.AtomicBoolean readers = new java.util.concurrent.atomic.AtomicBoolean(true);
        java.util.concurrent.atomic.AtomicInteger checkpoints = new java.util.concurrent.atomic.AtomicInteger();
        WalDrain drain = drainOver(readers::get, checkpoints::incrementAndGet);
        assertThat(drain.nextWaitNanos()).isEqualTo(WalDrain.WAIT_NANOS);
        long start = System.nanoTime(); // before the request, which sets the deadline
        drain.request();
        drain.awaitBeforeRead(); // the reader stays: times out after 2 ms
        assertThat(System.nanoTime() - start).isGreaterThanOrEqualTo(WalDrain.WAIT_NANOS);
        assertThat(drain.active()).isFalse();
        assertThat(drain.nextBackoffNanos()).isEqualTo(2 * WalDrain.BACKOFF_NANOS);
        assertThat(drain.nextWaitNanos()).as("the next drain waits longer").isEqualTo(2 * WalDrain.WAIT_NANOS);
        drain.request(); // backing off: no drain, a new reader does not wait
        assertThat(drain.active()).isFalse();

        java.util.concurrent.locks.LockSupport.parkNanos(WalDrain.BACKOFF_NANOS + 20_000_000);
        start = System.nanoTime();
        drain.request();
        assertThat(drain.active()).isTrue();
        drain.awaitBeforeRead(); // times out again, after 4 ms: the next backoff and wait double
        assertThat(System.nanoTime() - start).isGreaterThanOrEqualTo(2 * WalDrain.WAIT_NANOS);
        assertThat(drain.nextBackoffNanos()).isEqualTo(4 * WalDrain.BACKOFF_NANOS);
        assertThat(drain.nextWaitNanos()).isEqualTo(4 * WalDrain.WAIT_NANOS);

        java.util.concurrent.locks.LockSupport.parkNanos(2 * WalDrain.BACKOFF_NANOS + 20_000_000);
        readers.set(false);
        drain.request();
        drain.awaitBeforeRead(); // the readers are gone: it finishes with a checkpoint
        assertThat(checkpoints).hasValue(1);
        assertThat(drain.nextBackoffNanos()).isEqualTo(WalDrain.BACKOFF_NANOS);
        assertThat(drain.nextWaitNanos()).isEqualTo(WalDrain.WAIT_NANOS);
    }

    @Test
    void theWaitGrowsNoFurtherThanItsBound() {
        WalDrain drain = drainOver(() -> true, () -> {
            throw new AssertionError("no checkpoint while readers use the WAL");
        });
        for (long w = WalDrain.WAIT_NANOS; w < WalDrain.MAX_WAIT_NANOS; w *= 2) {
            drain.request();
            drain.awaitBeforeRead();
            drain.endBackoffForTests();
        }
        assertThat(drain.nextWaitNanos()).isEqualTo(WalDrain.MAX_WAIT_NANOS);
        drain.request();
        drain.awaitBeforeRead();
        assertThat(drain.nextWaitNanos()).isEqualTo(WalDrain.MAX_WAIT_NANOS);
    }

    /**
     * A writer that holds the write lock (DEFERRED, its first access after BEGIN) does not wait for
     * a drain: transactions in flight may wait for that lock to commit.
     */
    @Test
    void aReaderHoldingTheWriteLockDoesNotWaitForADrain() throws Exception {
        Path db = dir.resolve("locked.db");
        try (Pager p = Pager.open(db, PagerOptions.DEFAULTS.withAutoCheckpointFrames(THRESHOLD))) {
            Snapshot stays = stoppedByReader(p).reader();
            assertThat(p.drainActive()).isTrue();
            p.lockWrite(java.time.Duration.ofSeconds(5));
            Snapshot locked;
            try {
                locked = p.beginRead(true);
                assertThat(p.drainActive()).as("not waited out: the drain still runs").isTrue();
            } finally {
                p.unlockWrite();
            }
            assertThat(TestPages.countRows(locked, 2)).isEqualTo(50);
            p.endRead(locked);
            p.endRead(stays);
            Snapshot next = p.beginRead(); // the readers are gone: finishes the drain
            assertThat(p.drainActive()).isFalse();
            assertThat(next.readSlot).as("reads the database file alone").isZero();
            p.endRead(next);
        }
    }

    @Test
    void aReaderThatStaysOnlyDelaysNewReaders() throws Exception {
        Path db = dir.resolve("stays.db");
        try (Pager p = Pager.open(db, PagerOptions.DEFAULTS.withAutoCheckpointFrames(THRESHOLD))) {
            StoppedByReader stopped = stoppedByReader(p);
            Snapshot stays = stopped.reader();
            Snapshot last = stopped.last();
            Snapshot other = p.beginRead(); // waits for the drain, which times out
            assertThat(TestPages.countRows(other, 2)).isEqualTo(50);
            assertThat(FilePagerTests.rewriteInOneFrame(p, 51).mxFrame).as("no restart under a reader").isEqualTo(last.mxFrame + 1);
            assertThat(TestPages.countRows(stays, 2)).isEqualTo(10);
            assertThat(TestPages.countRows(other, 2)).isEqualTo(50);
            p.endRead(other);
            p.endRead(stays);
            assertThat(Sqlite3.checked(db, "select count(*) from t; pragma integrity_check")).isEqualTo("51\nok");
        }
    }
}
