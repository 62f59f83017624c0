package io.onelite.pager;

import io.onelite.testing.Sqlite3;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A read transaction's read-mark lock lingers for this JVM's next reader (no fcntl calls between
 * back-to-back transactions), and never keeps checkpoints or other processes waiting for long:
 * this JVM's checkpoints give it back first, it goes back to the OS by itself when unused, and once
 * another process writes or checkpoints, readers give their locks back at once as SQLite does.
 */
class LingeringReadLockTests {
    @TempDir
    Path dir;

    private static Pager openWithFrames(Path db) {
        Pager p = Pager.open(db, PagerOptions.DEFAULTS.withAutoCheckpointFrames(0));
        FilePagerTests.commit(p, ws -> TestPages.createTable(ws, "t", 10));
        for (int i = 0; i < 5; i++) {
            FilePagerTests.rewriteInOneFrame(p, 11 + i);
        }
        return p;
    }

    /** Ends a read transaction, again until its lock is seen lingering (the reaper may take it in between). */
    private static void readUntilLingering(Pager p) {
        for (int i = 0; i < 100 && p.lingeringReadLocks() == 0; i++) {
            p.endRead(p.beginRead());
        }
        assertThat(p.lingeringReadLocks()).isEqualTo(1);
    }

    @Test
    void aReadLockLingersAfterTheReadAndGoesBackToTheOsByItself() throws Exception {
        try (Pager p = openWithFrames(dir.resolve("linger.db"))) {
            readUntilLingering(p);
            Snapshot next = p.beginRead();
            assertThat(p.lingeringReadLocks()).as("the next reader holds it").isZero();
            assertThat(TestPages.countRows(next, 2)).isEqualTo(15);
            p.endRead(next);
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (p.lingeringReadLocks() > 0 && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            assertThat(p.lingeringReadLocks()).isZero();
        }
    }

    @Test
    void aCheckpointOfThisJvmRightAfterAReadIsNotHeldUpByItsLingeringLock() throws Exception {
        Path db = dir.resolve("ckpt.db");
        try (Pager p = openWithFrames(db)) {
            readUntilLingering(p);
            CheckpointResult r = p.checkpoint(CheckpointMode.TRUNCATE);
            assertThat(r.busy()).isFalse();
            assertThat(r.checkpointedFrames()).isEqualTo(r.logFrames());
            assertThat(Files.size(Path.of(db + "-wal"))).isZero();
        }
        assertThat(Sqlite3.checked(db, "select count(*) from t; pragma integrity_check")).isEqualTo("15\nok");
    }

    @Test
    void onceAnotherProcessWritesOrCheckpointsReadersGiveTheirLocksBackAtOnce() {
        Path db = dir.resolve("foreign.db");
        try (Pager p = openWithFrames(db)) {
            readUntilLingering(p);
            Sqlite3.checked(db, "insert into t values (1000)");
            Snapshot s = p.beginRead();
            assertThat(TestPages.countRows(s, 2)).isEqualTo(16);
            p.endRead(s);
            assertThat(p.lingeringReadLocks()).as("released at once, as SQLite").isZero();
            p.endRead(p.beginRead());
            assertThat(p.lingeringReadLocks()).isZero();
        }
        Path db2 = dir.resolve("foreign-checkpoint.db");
        try (Pager p = openWithFrames(db2)) {
            readUntilLingering(p);
            assertThat(Sqlite3.checked(db2, "pragma wal_checkpoint(passive)")).startsWith("0|");
            p.endRead(p.beginRead());
            assertThat(p.lingeringReadLocks()).as("another process's checkpoint was seen").isZero();
        }
    }

    @Test
    void anotherProcessTruncatesTheWalWhileThisJvmReadsBackToBack() throws Exception {
        Path db = dir.resolve("busy-reader.db");
        try (Pager p = openWithFrames(db)) {
            AtomicBoolean stop = new AtomicBoolean();
            AtomicLong reads = new AtomicLong();
            Thread reader = new Thread(() -> {
                while (!stop.get()) {
                    Snapshot s = p.beginRead();
                    try {
                        assertThat(TestPages.countRows(s, 2)).isEqualTo(15);
                    } finally {
                        p.endRead(s);
                    }
                    reads.incrementAndGet();
                }
            });
            reader.start();
            try {
                while (reads.get() < 1000) {
                    Thread.sleep(1);
                }
                // the shell's busy handler waits up to 10 s for the readers to let go of the WAL
                assertThat(Sqlite3.checked(db, "pragma wal_checkpoint(truncate)")).isEqualTo("0|0|0");
            } finally {
                stop.set(true);
                reader.join();
            }
            assertThat(Files.size(Path.of(db + "-wal"))).isZero();
            assertThat(reads.get()).isGreaterThan(1000);
        }
        assertThat(Sqlite3.checked(db, "select count(*) from t; pragma integrity_check")).isEqualTo("15\nok");
    }
}
