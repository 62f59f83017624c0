package io.onelite.pager;

import io.onelite.testing.Sqlite3;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The write lock's bounded barging on a file: a thread that takes the in-JVM half again inside
 * its slice still takes the WAL write lock every time, so other processes stay excluded while it
 * holds it and get in between its transactions.
 */
class WriteLockBargingTests {
    @TempDir
    Path dir;

    /** A pager whose write gate has a slice and a barging hold limit of {@code micros} each. */
    private static Pager openWithSlice(Path db, long micros) {
        String[] names = {"onelite.writeSliceMicros", "onelite.writeBargeMaxHoldMicros"};
        String[] was = new String[names.length];
        for (int i = 0; i < names.length; i++) {
            was[i] = System.getProperty(names[i]);
            System.setProperty(names[i], Long.toString(micros));
        }
        try {
            return Pager.open(db, PagerOptions.DEFAULTS);
        } finally {
            for (int i = 0; i < names.length; i++) {
                if (was[i] == null) {
                    System.clearProperty(names[i]);
                } else {
                    System.setProperty(names[i], was[i]);
                }
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
            while (waiter.getState() != Thread.State.TIMED_WAITING) {
                Thread.onSpinWait();
            }
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
