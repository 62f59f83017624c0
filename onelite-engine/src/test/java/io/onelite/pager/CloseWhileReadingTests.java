package io.onelite.pager;

import io.onelite.common.OneLiteException;
import io.onelite.testing.Sqlite3;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Closing a pager while other threads of this JVM are still beginning reads and reading pages
 * from the WAL (what {@code Connection.abort()} can leave behind): the close unmaps the
 * {@code -shm} at once, so every reader must end with a OneLiteException, never touch the
 * unmapped wal-index (a JVM crash), and the file must stay intact.
 */
class CloseWhileReadingTests {
    @TempDir
    Path dir;

    @Test
    void readersRacingWithCloseFailCleanly() throws Exception {
        long seed = System.nanoTime();
        System.out.println("readersRacingWithCloseFailCleanly seed=" + seed);
        Random rnd = new Random(seed);
        for (int round = 0; round < 15; round++) {
            Path db = dir.resolve("race" + round + ".db");
            Pager p = Pager.open(db, PagerOptions.DEFAULTS);
            FilePagerTests.commit(p, ws -> TestPages.createTable(ws, "t", 50));
            for (int c = 0; c < 5; c++) {
                int rows = 40 + c;
                FilePagerTests.commit(p, ws -> TestPages.rewriteTable(ws, 2, rows, 1)); // frames the readers find in the WAL
            }
            CountDownLatch started = new CountDownLatch(3);
            java.util.concurrent.atomic.AtomicBoolean closing = new java.util.concurrent.atomic.AtomicBoolean();
            List<AtomicReference<Throwable>> ends = new ArrayList<>();
            List<Thread> threads = new ArrayList<>();
            for (int t = 0; t < 3; t++) {
                AtomicReference<Throwable> end = new AtomicReference<>();
                ends.add(end);
                Thread th = new Thread(() -> {
                    try {
                        for (int i = 0; ; i++) {
                            Snapshot s = p.beginRead();
                            try {
                                for (int pg = 1; pg <= s.pageCount(); pg++) {
                                    s.read(pg);
                                }
                            } finally {
                                try {
                                    p.endRead(s);
                                } catch (IllegalStateException e) {
                                    if (!closing.get()) {
                                        throw e;
                                    } // else the close released the snapshot's lock already (no end is owed after a close)
                                }
                            }
                            if (i == 0) {
                                started.countDown();
                            }
                        }
                    } catch (Throwable e) {
                        end.set(e);
                        started.countDown();
                    }
                });
                th.start();
                threads.add(th);
            }
            started.await();
            Thread.sleep(rnd.nextInt(3));
            closing.set(true);
            p.close();
            for (Thread th : threads) {
                th.join(20_000);
                assertThat(th.isAlive()).as("seed " + seed).isFalse();
            }
            for (AtomicReference<Throwable> end : ends) {
                assertThat(end.get()).as("seed " + seed).isInstanceOf(OneLiteException.class);
            }
            assertThat(Files.exists(db)).isTrue();
            String check = Sqlite3.checked(db, "pragma integrity_check; select count(*) from t;");
            assertThat(check).as("seed " + seed).isEqualTo("ok\n44");
        }
    }
}
