package io.onelite.pager;

import io.onelite.testing.Threads;
import io.onelite.os.ForwardingLockAndMap;
import io.onelite.os.OsHooks;
import io.onelite.testing.Sqlite3;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The write lock's bounded barging on a file, and the WAL write lock kept between this JVM's
 * writers: whoever holds the in-JVM half holds the WAL write lock too, so other processes stay
 * excluded while any writer of this JVM writes and get in between its transactions.
 */
class WriteLockBargingTests {
    @TempDir
    Path dir;

    /** A pager whose write gate has a slice and a barging hold limit of {@code micros} each. */
    private static Pager openWithSlice(Path db, long micros) {
        return openWith(db, Map.of("onelite.writeSliceMicros", micros, "onelite.writeBargeMaxHoldMicros", micros),
                OsHooks.NONE);
    }

    /** A pager created while the system properties {@code micros} are set (each read at creation). */
    private static Pager openWith(Path db, Map<String, Long> micros, OsHooks hooks) {
        Map<String, String> was = new HashMap<>();
        micros.forEach((name, value) -> {
            was.put(name, System.getProperty(name));
            System.setProperty(name, Long.toString(value));
        });
        try {
            return Pager.open(db, PagerOptions.DEFAULTS, hooks);
        } finally {
            was.forEach((name, value) -> {
                if (value == null) {
                    System.clearProperty(name);
                } else {
                    System.setProperty(name, value);
                }
            });
        }
    }

    /** Counts the OS requests for the WAL write lock (byte 120 of the -shm, exclusive). */
    private static OsHooks countingWalWriteLocks(AtomicInteger requests) {
        return OsHooks.locks(real -> new ForwardingLockAndMap(real) {
            @Override
            public FileLock tryLock(long pos, long len, boolean shared) {
                if (pos == 120 && !shared && path().toString().endsWith("-shm")) {
                    requests.incrementAndGet();
                }
                return real.tryLock(pos, len, shared);
            }
        });
    }

    /**
     * Starts a writer thread that queues for {@code p}'s write lock (held by the caller), and returns
     * once it waits in the queue; when it gets the lock it counts {@code holding} down and keeps the
     * lock until {@code letGo} (at most 30 s).
     */
    private static Thread queuedWriterThatHolds(Pager p, CountDownLatch holding, CountDownLatch letGo) throws InterruptedException {
        Thread t = new Thread(() -> {
            p.lockWrite(Duration.ofSeconds(30));
            holding.countDown();
            try {
                letGo.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                p.unlockWrite();
            }
        });
        t.start();
        awaitQueued(t);
        return t;
    }

    /** Returns once {@code t} waits, with a timeout, as a writer queued for the lock does. */
    private static void awaitQueued(Thread t) throws InterruptedException {
        Threads.awaitParked(t);
    }

    /**
     * Two writers of this JVM: the first holds the lock while the second queues, then lets go.
     * Returns the OS requests for the WAL write lock made from the first lockWrite to the end.
     */
    private int handOffBetweenTwoWriters(Path db, long keepMicros) throws Exception {
        AtomicInteger requests = new AtomicInteger();
        try (Pager p = openWith(db, Map.of("onelite.keepWriteLockMicros", keepMicros, "onelite.writeSliceMicros", 0L),
                countingWalWriteLocks(requests))) {
            FilePagerTests.commit(p, ws -> TestPages.createTable(ws, "k", 1));
            requests.set(0);
            p.lockWrite(Duration.ofSeconds(10));
            CountDownLatch done = new CountDownLatch(1);
            Thread second = new Thread(() -> {
                ChildProcesses.increment(p, "k");
                done.countDown();
            });
            second.start();
            awaitQueued(second);
            p.unlockWrite(); // strict FIFO: handed to the queued writer
            assertThat(done.await(30, TimeUnit.SECONDS)).isTrue();
            second.join();
            assertThat(p.isWriteLocked()).isFalse();
            // nobody of this JVM writes now: a sqlite3 writer with no busy timeout gets in at once
            assertThat(sqlite3AnyExit(db, "BEGIN IMMEDIATE; UPDATE k SET x = x + 1; COMMIT; SELECT x FROM k;").strip())
                    .isEqualTo("12");
            return requests.get();
        }
    }

    @Test
    void aQueuedWriterOfThisJvmGetsTheWalWriteLockKeptForItAndTheLastOneGivesItBack() throws Exception {
        Path db = dir.resolve("keep.db");
        assertThat(handOffBetweenTwoWriters(db, TimeUnit.SECONDS.toMicros(30))).isEqualTo(1);
        assertThat(Sqlite3.checked(db, "pragma integrity_check")).isEqualTo("ok");
    }

    @Test
    void withoutKeepingEveryWriterTakesTheWalWriteLockFromTheOs() throws Exception {
        Path db = dir.resolve("nokeep.db");
        assertThat(handOffBetweenTwoWriters(db, 0)).isEqualTo(2);
        assertThat(Sqlite3.checked(db, "pragma integrity_check")).isEqualTo("ok");
    }

    @Test
    void aWriterHoldingAKeptWalWriteLockStillExcludesASqlite3Writer() throws Exception {
        Path db = dir.resolve("keptexcl.db");
        try (Pager p = openWith(db, Map.of("onelite.keepWriteLockMicros", TimeUnit.SECONDS.toMicros(30),
                "onelite.writeSliceMicros", 0L), OsHooks.NONE)) {
            FilePagerTests.commit(p, ws -> TestPages.createTable(ws, "k", 1));
            p.lockWrite(Duration.ofSeconds(10));
            CountDownLatch holding = new CountDownLatch(1);
            CountDownLatch letGo = new CountDownLatch(1);
            Thread second = queuedWriterThatHolds(p, holding, letGo);
            p.unlockWrite();
            assertThat(holding.await(30, TimeUnit.SECONDS)).isTrue();
            assertThat(p.writeGate().osLockKeeps()).isEqualTo(1);
            assertThat(sqlite3AnyExit(db, "BEGIN IMMEDIATE; UPDATE k SET x = x + 1; COMMIT;"))
                    .contains("database is locked");
            letGo.countDown();
            second.join();
        }
        assertThat(Sqlite3.checked(db, "SELECT x FROM k; pragma integrity_check")).isEqualTo("10\nok");
    }

    /**
     * A database's own write slice (PagerOptions, from the URL key {@code write_slice_us} or the
     * Spring property {@code onelite.write-slice}) sets its gate's: 0 hands the lock to the queued
     * writer at every release.
     */
    @Test
    void theDatabasesWriteSliceDecidesAndZeroHandsTheLockToTheQueuedWriter() throws Exception {
        try (Pager p = Pager.open(dir.resolve("default.db"), PagerOptions.DEFAULTS)) {
            assertThat(p.writeGate().sliceNanos()).isEqualTo(WriteGate.SLICE_NANOS);
        }
        try (Pager p = Pager.open(dir.resolve("fifo.db"), PagerOptions.DEFAULTS.withWriteSliceNanos(0))) {
            assertThat(p.writeGate().sliceNanos()).isZero();
            FilePagerTests.commit(p, ws -> TestPages.createTable(ws, "b", 1));
            p.lockWrite(Duration.ofSeconds(10));
            CountDownLatch got = new CountDownLatch(1);
            CountDownLatch letGo = new CountDownLatch(1);
            Thread waiter = queuedWriterThatHolds(p, got, letGo);
            p.unlockWrite();
            assertThat(p.writeGate().handOffs()).as("handed to the queued writer at once").isEqualTo(1);
            assertThat(got.await(30, TimeUnit.SECONDS)).isTrue();
            assertThat(p.writeGate().tryAcquire()).as("the releasing thread cannot take it back").isFalse();
            letGo.countDown();
            waiter.join();
        }
        Path viaUrl = dir.resolve("url.db").toAbsolutePath();
        try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:onelite:" + viaUrl + "?write_slice_us=0")) {
            c.createStatement().execute("create table u(a)");
            try (Pager p = Pager.open(viaUrl, PagerOptions.DEFAULTS)) { // joins the connection's pager: its options won
                assertThat(p.writeGate().sliceNanos()).as("the URL's write_slice_us reached the gate").isZero();
            }
        }
    }

    @Test
    void aWriteLockRetakenInsideTheSliceStillExcludesASqlite3Writer() throws Exception {
        Path db = dir.resolve("barge.db");
        try (Pager p = openWithSlice(db, TimeUnit.SECONDS.toMicros(20))) {
            FilePagerTests.commit(p, ws -> TestPages.createTable(ws, "b", 1));
            p.lockWrite(Duration.ofSeconds(10));
            CountDownLatch queued = new CountDownLatch(1);
            CountDownLatch done = new CountDownLatch(1);
            Thread waiter = new Thread(() -> {
                queued.countDown();
                ChildProcesses.increment(p, "b"); // queues behind us, busy timeout 30 s: past the 20 s slice
                done.countDown();
            });
            waiter.start();
            assertThat(queued.await(10, TimeUnit.SECONDS)).isTrue();
            awaitQueued(waiter);
            synchronized (p.writeGate()) { // the woken waiter cannot take it before we come back
                p.unlockWrite();
                p.lockWrite(Duration.ofSeconds(10));
            }
            assertThat(p.writeGate().barges()).isEqualTo(1);
            String refused = sqlite3AnyExit(db, "BEGIN IMMEDIATE; UPDATE b SET x = x + 1; COMMIT;");
            assertThat(refused).contains("database is locked");
            assertThat(done.getCount()).isEqualTo(1);
            p.unlockWrite();
            assertThat(done.await(30, TimeUnit.SECONDS)).isTrue();
            waiter.join();
        }
        assertThat(Sqlite3.checked(db, "BEGIN IMMEDIATE; UPDATE b SET x = x + 1; COMMIT; SELECT x FROM b;"))
                .isEqualTo("12");
        assertThat(Sqlite3.checked(db, "pragma integrity_check")).isEqualTo("ok");
    }

    @Test
    void threadsWritingInStreaksLoseNoUpdateAndLetASqlite3WriterIn() throws Exception {
        Path db = dir.resolve("streaks.db");
        int sqliteUpdates = 100;
        int perThread = 300;
        try (Pager p = Pager.open(db, PagerOptions.DEFAULTS.withAutoCheckpointFrames(100))) {
            FilePagerTests.commit(p, ws -> {
                TestPages.createTable(ws, "b", 1);
                TestPages.createTable(ws, "c", 1);
            });
            StringBuilder script = new StringBuilder(".timeout 30000\n");
            for (int i = 0; i < sqliteUpdates; i++) {
                script.append("BEGIN IMMEDIATE; UPDATE b SET x = x + 1; COMMIT;\n");
            }
            Process sq = new ProcessBuilder("sqlite3", db.toString()).redirectErrorStream(true).start();
            try {
                sq.getOutputStream().write(script.toString().getBytes(StandardCharsets.UTF_8));
                sq.getOutputStream().close();
                writeInStreaks(p, perThread);
                String out = new String(sq.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                assertThat(sq.waitFor(60, TimeUnit.SECONDS)).isTrue();
                assertThat(out).isEmpty(); // no "database is locked": it got in between our transactions
            } finally {
                sq.destroyForcibly();
            }
            Snapshot s = p.beginRead();
            assertThat(ChildProcesses.value(s, TestPages.rootOf(s, "c"))).isEqualTo(10 + 4L * perThread);
            p.endRead(s);
        }
        assertThat(Sqlite3.checked(db, "SELECT x FROM b")).isEqualTo(Long.toString(10 + sqliteUpdates));
        assertThat(Sqlite3.checked(db, "pragma integrity_check")).isEqualTo("ok");
    }

    /** Four threads, each incrementing counter c {@code perThread} times, one commit each. */
    private static void writeInStreaks(Pager p, int perThread) throws InterruptedException {
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            Thread th = new Thread(() -> {
                for (int i = 0; i < perThread; i++) {
                    ChildProcesses.increment(p, "c"); // unlock, then straight back: barges in its slice
                    p.maybeAutoCheckpoint();
                }
            });
            th.start();
            threads.add(th);
        }
        for (Thread th : threads) {
            th.join();
        }
    }

    /** sqlite3 with no busy timeout, its output whatever its exit status. */
    private static String sqlite3AnyExit(Path db, String sql) throws Exception {
        Process sq = new ProcessBuilder("sqlite3", "-batch", db.toString(), sql).redirectErrorStream(true).start();
        try {
            String out = new String(sq.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(sq.waitFor(60, TimeUnit.SECONDS)).isTrue();
            return out;
        } finally {
            sq.destroyForcibly();
        }
    }
}
