package io.onelite.tx;

import io.onelite.common.BeginMode;
import io.onelite.common.Synchronous;
import io.onelite.pager.Pager;
import io.onelite.pager.PagerOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static io.onelite.tx.TxFixture.insert;
import static io.onelite.tx.TxFixture.put;
import static org.assertj.core.api.Assertions.assertThat;

/** Concurrent transactions on database files, checked by the sqlite3 shell and other processes. */
class FileConcurrencyTests {
    /** Children still running when the test JVM exits are killed, whatever a test did. */
    private static final List<Process> LIVE = java.util.Collections.synchronizedList(new ArrayList<>());

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            synchronized (LIVE) {
                LIVE.forEach(Process::destroyForcibly);
            }
        }));
    }

    /**
     * A {@link ChildWriter} JVM. Its stderr goes to a file (a child outliving a failed test must
     * not hold Surefire's pipe open), and a watchdog kills it after 3 minutes, so a blocked read
     * of its stdout cannot hang the build.
     */
    static Process startWriter(String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"), ChildWriter.class.getName()));
        cmd.addAll(List.of(args));
        java.io.File log = new java.io.File(System.getProperty("java.io.tmpdir"), "onelite-child-ChildWriter.log");
        return watched(new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.appendTo(log)).start());
    }

    /** Kills {@code p} after 3 minutes or when the test JVM exits. */
    static Process watched(Process p) {
        LIVE.add(p);
        java.util.concurrent.CompletableFuture.delayedExecutor(3, TimeUnit.MINUTES).execute(p::destroyForcibly);
        return p;
    }

    static String sqlite3(Path db, String... sql) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("sqlite3", db.toString()));
        cmd.addAll(List.of(sql));
        Process p = watched(new ProcessBuilder(cmd).redirectErrorStream(true).start());
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return out;
    }

    @Test
    void concurrentCommitsMakeAFileThatSqlite3Accepts(@TempDir Path dir) throws Exception {
        Path db = dir.resolve("orders.db");
        int root;
        try (Pager pager = Pager.open(db, PagerOptions.DEFAULTS)) {
            TxFixture f = new TxFixture(pager, TxOptions.DEFAULTS);
            root = f.createSchemaTable("orders", "CREATE TABLE orders(writer INT, item INT)");
            List<Thread> ts = new ArrayList<>();
            for (int w = 0; w < 4; w++) {
                long writer = w;
                Thread th = new Thread(() -> {
                    for (int i = 0; i < 50; i++) {
                        long item = i;
                        f.runWithRetry(BeginMode.CONCURRENT, t -> {
                            insert(t, root, writer, item);
                            t.onCommit((store, seq) -> { });
                        });
                    }
                });
                ts.add(th);
                th.start();
            }
            for (Thread th : ts) {
                th.join();
            }
            System.out.println("file commits: " + f.tm.stats());
        }
        assertThat(sqlite3(db, "pragma integrity_check")).isEqualTo("ok");
        assertThat(sqlite3(db, "select count(*), count(distinct writer || '-' || item) from orders")).isEqualTo("200|200");
        assertThat(sqlite3(db, "select seq from onelite_commit_seq")).isEqualTo("200");
    }

    @Test
    void committersQueuedUnderFullSyncShareOnePublish(@TempDir Path dir) throws Exception {
        Path db = dir.resolve("g.db");
        try (Pager pager = Pager.open(db, PagerOptions.DEFAULTS.withSynchronous(Synchronous.FULL))) {
            TxFixture f = new TxFixture(pager, TxOptions.DEFAULTS);
            int t = f.createTable();
            Transaction holder = f.begin(BeginMode.IMMEDIATE);
            put(holder, t, 1, "holder");
            int n = 8;
            List<Thread> ts = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                Transaction c = f.begin(BeginMode.CONCURRENT);
                put(c, t, 10 + i, "c");
                Thread th = new Thread(c::commit);
                ts.add(th);
                th.start();
            }
            while (f.tm.shared.pipeline.queued() < n) {
                Thread.sleep(1);
            }
            long before = f.tm.stats().batches();
            holder.commit();
            for (Thread th : ts) {
                th.join();
            }
            assertThat(f.tm.stats().batches() - before).isEqualTo(1);
            assertThat(f.rows(t)).hasSize(n + 1);
        }
    }

    @Test
    void writersInOtherProcessesNeverCollideOnRowids(@TempDir Path dir) throws Exception {
        Path db = dir.resolve("x.db");
        int root;
        try (Pager pager = Pager.open(db, PagerOptions.DEFAULTS)) {
            root = new TxFixture(pager, TxOptions.DEFAULTS).createSchemaTable("t", "CREATE TABLE t(writer INT, i INT)");
        }
        try (Pager pager = Pager.open(db, PagerOptions.DEFAULTS)) { // keep the file open in this process too
            TxFixture f = new TxFixture(pager, TxOptions.DEFAULTS);
            List<Process> children = new ArrayList<>();
            for (int w = 1; w <= 2; w++) {
                children.add(startWriter(db.toString(), String.valueOf(root), "150", String.valueOf(w), "concurrent"));
            }
            for (int i = 0; i < 150; i++) {
                long item = i;
                f.runWithRetry(BeginMode.CONCURRENT, t -> insert(t, root, 0L, item));
            }
            for (Process p : children) {
                String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
                assertThat(out).as(out).contains("done");
            }
            assertThat(f.rows(root)).hasSize(450);
        }
        assertThat(sqlite3(db, "pragma integrity_check")).isEqualTo("ok");
        assertThat(sqlite3(db, "select writer, count(*) from t group by writer order by writer"))
                .isEqualTo("0|150\n1|150\n2|150");
    }

    @Test
    void aSqlite3WriterBesideConcurrentTransactionsLosesNothing(@TempDir Path dir) throws Exception {
        Path db = dir.resolve("s.db");
        int root;
        try (Pager pager = Pager.open(db, PagerOptions.DEFAULTS)) {
            TxFixture f = new TxFixture(pager, TxOptions.DEFAULTS);
            root = f.createSchemaTable("t", "CREATE TABLE t(writer INT, i INT)");
            StringBuilder script = new StringBuilder(".timeout 30000\n");
            for (int i = 0; i < 200; i++) {
                script.append("BEGIN IMMEDIATE; INSERT INTO t VALUES (9, ").append(i).append("); COMMIT;\n");
            }
            Process shell = watched(new ProcessBuilder("sqlite3", db.toString()).redirectErrorStream(true).start());
            shell.getOutputStream().write(script.toString().getBytes(StandardCharsets.UTF_8));
            shell.getOutputStream().close();
            for (int i = 0; i < 200; i++) {
                long item = i;
                f.runWithRetry(BeginMode.CONCURRENT, t -> insert(t, root, 0L, item));
            }
            String out = new String(shell.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(shell.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(out).isEmpty();
            assertThat(f.rows(root)).hasSize(400);
        }
        assertThat(sqlite3(db, "pragma integrity_check")).isEqualTo("ok");
        assertThat(sqlite3(db, "select writer, count(*) from t group by writer order by writer")).isEqualTo("0|200\n9|200");
    }

    @Test
    void everyAcknowledgedCommitOfAWriterKilledMidStreamIsThere(@TempDir Path dir) throws Exception {
        Path db = dir.resolve("k.db");
        int root;
        try (Pager pager = Pager.open(db, PagerOptions.DEFAULTS)) {
            root = new TxFixture(pager, TxOptions.DEFAULTS).createSchemaTable("t", "CREATE TABLE t(writer INT, i INT)");
        }
        java.util.Set<Long> acked = java.util.concurrent.ConcurrentHashMap.newKeySet();
        try (Pager pager = Pager.open(db, PagerOptions.DEFAULTS)) {
            TxFixture f = new TxFixture(pager, TxOptions.DEFAULTS);
            Process child = startWriter(db.toString(), String.valueOf(root), "100000", "1", "concurrent", "ack");
            Thread mine = new Thread(() -> {
                for (int i = 0; i < 300; i++) {
                    long item = i;
                    long[] id = new long[1];
                    f.runWithRetry(BeginMode.CONCURRENT, t -> id[0] = insert(t, root, 0L, item));
                    acked.add(id[0]);
                }
            });
            mine.start();
            var out = new java.io.BufferedReader(new java.io.InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
            String line;
            int childAcks = 0;
            while ((line = out.readLine()) != null) {
                if (line.startsWith("ack ")) {
                    acked.add(Long.parseLong(line.substring(4)));
                    if (++childAcks == 150) {
                        child.destroyForcibly(); // SIGKILL, somewhere in its next transaction or commit
                        break; // (its streams are closed now)
                    }
                }
            }
            assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
            mine.join();
            assertThat(childAcks).isGreaterThanOrEqualTo(150);
            f.runWithRetry(BeginMode.CONCURRENT, t -> acked.add(insert(t, root, 0L, -1L))); // writing goes on
            assertThat(f.rows(root).keySet()).containsAll(acked);
        }
        assertThat(sqlite3(db, "pragma integrity_check")).isEqualTo("ok");
    }
}
