package io.onelite.pager;

import io.onelite.testing.Sqlite3;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

class WalIndexTests {
    @TempDir
    Path dir;

    /** Writes {@code pages} pages (each holding one row with value v) in one commit. */
    private static void bigCommit(Pager p, int firstPage, int pages, long v) {
        p.lockWrite(Duration.ofSeconds(10));
        try {
            WriteSet ws = p.newWriteSet(p.latest());
            while (ws.pageCount() < firstPage + pages - 1) {
                ws.allocate();
            }
            for (int pg = firstPage; pg < firstPage + pages; pg++) {
                byte[] b = ws.write(pg);
                java.util.Arrays.fill(b, (byte) 0);
                TestPages.tableLeaf(b, 0, ws.usableSize(), List.of(new TestPages.Row(1, v)));
            }
            p.appendCommit(ws);
            p.publish();
        } finally {
            p.unlockWrite();
        }
    }

    @Test
    void aWalIndexOfSeveralBlocksIsReadByUsBySqlite3AndByRecovery() throws Exception {
        Path db = dir.resolve("blocks.db");
        Path copy = dir.resolve("blocks-copy.db");
        PagerOptions o = PagerOptions.DEFAULTS.withPageSize(512).withAutoCheckpointFrames(0);
        try (Pager p = Pager.open(db, o)) {
            FilePagerTests.commit(p, ws -> TestPages.createTable(ws, "t", 1));
            bigCommit(p, 3, 3000, 7);
            bigCommit(p, 3, 3000, 8); // frames 3002..6003: the second hash block is in use
            bigCommit(p, 1000, 500, 9);
            Snapshot s = p.beginRead();
            assertThat(s.mxFrame()).isGreaterThan(4062 + 1000);
            assertThat(ChildProcesses.value(s, 3)).isEqualTo(8);
            assertThat(ChildProcesses.value(s, 1200)).isEqualTo(9);
            assertThat(ChildProcesses.value(s, 2999)).isEqualTo(8);
            p.endRead(s);
            // sqlite3 reads through the wal-index we built (table t is page 2, untouched)
            assertThat(Sqlite3.checked(db, "select count(*) from t")).isEqualTo("1");
            CheckpointTests.cp(db, copy);
            CheckpointTests.cp(Path.of(db + "-wal"), Path.of(copy + "-wal"));
        }
        try (Pager p = Pager.open(copy, o)) {
            Snapshot s = p.beginRead();
            assertThat(ChildProcesses.value(s, 3)).isEqualTo(8);
            assertThat(ChildProcesses.value(s, 1499)).isEqualTo(9);
            assertThat(ChildProcesses.value(s, 1500)).isEqualTo(8);
            p.endRead(s);
        }
    }

    @Test
    void aWalLeftBySqlite3IsRecoveredByUs() throws Exception {
        Path db = dir.resolve("sq-crash.db");
        Sqlite3.checked(db, "pragma journal_mode=wal; create table t(x);");
        Process sq = new ProcessBuilder("sqlite3", db.toString()).redirectErrorStream(true).start();
        sq.getOutputStream().write(("pragma wal_autocheckpoint=0;\n"
                + "with recursive c(i) as (select 1 union all select i+1 from c where i<3000) insert into t select i from c;\n"
                + "update t set x = x * 2 where x % 3 = 0;\nselect 'done';\n").getBytes(StandardCharsets.UTF_8));
        sq.getOutputStream().flush();
        byte[] buf = new byte[4];
        assertThat(sq.getInputStream().readNBytes(buf, 0, 4)).isEqualTo(4);
        sq.destroyForcibly();
        sq.waitFor();
        assertThat(Files.size(Path.of(db + "-wal"))).isPositive();
        try (Pager p = Pager.open(db, PagerOptions.DEFAULTS)) {
            Snapshot s = p.beginRead();
            assertThat(s.mxFrame()).isPositive();
            assertThat(TestPages.countRows(s, TestPages.rootOf(s, "t"))).isEqualTo(3000);
            p.endRead(s);
        }
        assertThat(Sqlite3.checked(db, "select count(*), sum(x) from t; pragma integrity_check")).isEqualTo("3000|6003000\nok");
    }

    @Test
    void readersAlwaysSeeWholeCommitsWhileWritersAndCheckpointsRun() throws Exception {
        Path db = dir.resolve("stress.db");
        try (Pager p = Pager.open(db, PagerOptions.DEFAULTS.withAutoCheckpointFrames(15).withCacheSizePages(64))) {
            FilePagerTests.commit(p, ws -> {
                TestPages.createTable(ws, "a", 1);
                TestPages.createTable(ws, "b", 1);
            });
            AtomicBoolean stop = new AtomicBoolean();
            AtomicReference<Throwable> failure = new AtomicReference<>();
            List<Thread> threads = new ArrayList<>();
            for (int r = 0; r < 3; r++) {
                threads.add(new Thread(() -> {
                    try {
                        while (!stop.get()) {
                            Snapshot s = p.beginRead();
                            long a = ChildProcesses.value(s, 2);
                            Thread.yield();
                            long b = ChildProcesses.value(s, 3);
                            if (a != b) {
                                throw new AssertionError("torn snapshot " + s + ": a=" + a + " b=" + b);
                            }
                            p.endRead(s);
                        }
                    } catch (Throwable t) {
                        failure.compareAndSet(null, t);
                    }
                }));
            }
            threads.add(new Thread(() -> {
                try {
                    while (!stop.get()) {
                        p.checkpoint(CheckpointMode.PASSIVE);
                        Thread.sleep(3);
                    }
                } catch (Throwable t) {
                    failure.compareAndSet(null, t);
                }
            }));
            threads.forEach(Thread::start);
            Process sq = new ProcessBuilder("sqlite3", db.toString()).redirectErrorStream(true).start();
            StringBuilder script = new StringBuilder(".timeout 10000\n");
            for (int i = 0; i < 300; i++) {
                script.append("select count(*) from a, b where a.x <> b.x;\n");
            }
            sq.getOutputStream().write(script.toString().getBytes(StandardCharsets.UTF_8));
            sq.getOutputStream().close();
            for (int i = 0; i < 300; i++) {
                p.lockWrite(Duration.ofSeconds(10));
                try {
                    Snapshot base = p.latest();
                    long v = ChildProcesses.value(base, 2) + 1;
                    WriteSet ws = p.newWriteSet(base);
                    for (int root : new int[] {2, 3}) {
                        byte[] page = ws.write(root);
                        java.util.Arrays.fill(page, (byte) 0);
                        TestPages.tableLeaf(page, 0, ws.usableSize(), List.of(new TestPages.Row(1, v)));
                    }
                    p.appendCommit(ws);
                    p.publish();
                } finally {
                    p.unlockWrite();
                }
                p.maybeAutoCheckpoint();
            }
            String out = new String(sq.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            sq.waitFor();
            stop.set(true);
            for (Thread t : threads) {
                t.join();
            }
            assertThat(failure.get()).isNull();
            assertThat(out.trim().split("\n")).as("sqlite3 never saw a torn commit").containsOnly("0");
            Snapshot s = p.beginRead();
            assertThat(ChildProcesses.value(s, 2)).isEqualTo(310);
            p.endRead(s);
        }
    }
}
