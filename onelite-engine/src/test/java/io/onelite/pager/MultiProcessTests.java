package io.onelite.pager;

import io.onelite.testing.Sqlite3;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** Our JVM, a child JVM and the sqlite3 shell writing the same file at the same time. */
class MultiProcessTests {
    @TempDir
    Path dir;

    @Test
    void threeProcessesIncrementingTheirCountersLoseNoUpdate() throws Exception {
        Path db = dir.resolve("multi.db");
        try (Pager p = Pager.open(db, PagerOptions.DEFAULTS.withAutoCheckpointFrames(20))) {
            FilePagerTests.commit(p, ws -> {
                TestPages.createTable(ws, "a", 1);
                TestPages.createTable(ws, "b", 1);
                TestPages.createTable(ws, "c", 1);
                TestPages.createTable(ws, "d", 1);
            });
            // zero the counters: rows hold rowid*10 after createTable, so start from 10
            int n = 150;
            Process child = ChildProcesses.startJvm(ChildProcesses.Counter.class, db.toString(), "a", Integer.toString(n));
            StringBuilder script = new StringBuilder(".timeout 20000\npragma wal_autocheckpoint=25;\n");
            for (int i = 0; i < n; i++) {
                script.append("update b set x = x + 1;\n");
                if (i % 50 == 0) {
                    script.append("pragma wal_checkpoint(passive);\n");
                }
            }
            Process sq = new ProcessBuilder("sqlite3", db.toString()).redirectErrorStream(true).start();
            sq.getOutputStream().write(script.toString().getBytes(StandardCharsets.UTF_8));
            sq.getOutputStream().close();
            List<Thread> threads = new ArrayList<>();
            for (String t : List.of("c", "d")) {
                Thread th = new Thread(() -> {
                    for (int i = 0; i < n; i++) {
                        ChildProcesses.increment(p, t);
                        p.maybeAutoCheckpoint();
                        if (i % 40 == 0) {
                            Snapshot s = p.beginRead();
                            // every table is readable and consistent at any snapshot
                            for (String u : List.of("a", "b", "c", "d")) {
                                ChildProcesses.value(s, TestPages.rootOf(s, u));
                            }
                            p.endRead(s);
                        }
                    }
                });
                th.start();
                threads.add(th);
            }
            for (Thread th : threads) {
                th.join();
            }
            String sqOut = new String(sq.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(sq.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(sq.exitValue()).as(sqOut).isZero();
            String childOut = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(childOut.trim()).isEqualTo("done");
            Snapshot s = p.beginRead();
            for (String u : List.of("a", "b", "c", "d")) {
                assertThat(ChildProcesses.value(s, TestPages.rootOf(s, u))).as(u).isEqualTo(10 + n);
            }
            p.endRead(s);
            assertThat(Sqlite3.checked(db, "select (select x from a), (select x from b), (select x from c), (select x from d); pragma integrity_check"))
                    .isEqualTo((10 + n) + "|" + (10 + n) + "|" + (10 + n) + "|" + (10 + n) + "\nok");
        }
        assertThat(Sqlite3.checked(db, "pragma integrity_check")).isEqualTo("ok");
    }
}
