package io.onelite.api;

import io.onelite.common.OneLiteException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static io.onelite.api.ThinPathTests.query;
import static io.onelite.api.TwoSessions.assertBusySnapshot;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * BEGIN CONCURRENT [SNAPSHOT] on WITHOUT ROWID tables (#4): their rows live in an index b-tree,
 * whose reads and writes the trace records like any index's. Two transactions A and B start on
 * one snapshot, B commits first: writes to different primary keys merge, writes to the same
 * primary key (or the same value of a UNIQUE index) make A fail with BUSY_SNAPSHOT (517).
 */
class WithoutRowidConcurrentTests {
    @TempDir
    Path dir;

    private static final List<String> MODES = List.of("BEGIN CONCURRENT", "BEGIN CONCURRENT SNAPSHOT");

    /** Runs {@code body} on two sessions of a fresh file holding {@code kv} with keys k000..k199 (step 2). */
    private void withTable(String begin, TwoSessions.Body body) {
        TwoSessions.run(dir, a -> {
            a.execute("CREATE TABLE kv(k TEXT PRIMARY KEY, v INT, tag TEXT UNIQUE) WITHOUT ROWID");
            a.execute("CREATE INDEX kv_v ON kv(v)");
            a.execute("BEGIN");
            for (int i = 0; i < 200; i += 2) {
                a.execute(String.format("INSERT INTO kv VALUES('k%03d', %d, 't%03d')", i, i, i));
            }
            a.execute("COMMIT");
        }, begin, body);
    }

    @Test
    void insertsOfDifferentPrimaryKeysInOneGapBothCommit() {
        for (String mode : MODES) {
            withTable(mode, (a, b) -> {
                a.execute("INSERT INTO kv VALUES('k051', 1, 'a')");
                b.execute("INSERT INTO kv VALUES('k053', 2, 'b')");
                b.execute("COMMIT");
                a.execute("COMMIT");
                assertThat(query(a, "SELECT k, v FROM kv WHERE k BETWEEN 'k050' AND 'k054'"))
                        .as(mode).containsExactly(List.of("k050", 50L), List.of("k051", 1L), List.of("k052", 52L),
                                List.of("k053", 2L), List.of("k054", 54L));
            });
        }
    }

    @Test
    void insertsOfOnePrimaryKeyConflict() {
        for (String mode : MODES) {
            withTable(mode, (a, b) -> {
                a.execute("INSERT INTO kv VALUES('k051', 1, 'a')");
                b.execute("INSERT INTO kv VALUES('k051', 2, 'b')");
                b.execute("COMMIT");
                assertBusySnapshot(a);
                assertThat(query(a, "SELECT v, tag FROM kv WHERE k = 'k051'")).as(mode).containsExactly(List.of(2L, "b"));
            });
        }
    }

    @Test
    void updatesOfDifferentRowsByPrimaryKeyMerge() {
        for (String mode : MODES) {
            withTable(mode, (a, b) -> {
                a.execute("UPDATE kv SET v = v + 1000 WHERE k = 'k010'");
                b.execute("UPDATE kv SET v = v + 2000 WHERE k = 'k012'");
                b.execute("UPDATE kv SET k = 'k199' WHERE k = 'k150'"); // a primary-key change elsewhere
                b.execute("COMMIT");
                a.execute("COMMIT");
                assertThat(query(a, "SELECT k, v FROM kv WHERE k IN ('k010', 'k012', 'k150', 'k199') ORDER BY k"))
                        .as(mode).containsExactly(List.of("k010", 1010L), List.of("k012", 2012L), List.of("k199", 150L));
            });
        }
    }

    @Test
    void updatesOfOneRowConflict() {
        for (String mode : MODES) {
            withTable(mode, (a, b) -> {
                a.execute("UPDATE kv SET v = v + 1 WHERE k = 'k020'");
                b.execute("UPDATE kv SET v = v + 10 WHERE k = 'k020'");
                b.execute("COMMIT");
                assertBusySnapshot(a);
                assertThat(query(a, "SELECT v FROM kv WHERE k = 'k020'")).as(mode).containsExactly(List.of(30L));
            });
        }
    }

    @Test
    void deleteAgainstUpdateOfOneRowConflicts() {
        for (String mode : MODES) {
            withTable(mode, (a, b) -> {
                a.execute("UPDATE kv SET v = 0 WHERE k = 'k030'");
                b.execute("DELETE FROM kv WHERE k = 'k030'");
                b.execute("COMMIT");
                assertBusySnapshot(a);
                assertThat(query(a, "SELECT count(*) FROM kv WHERE k = 'k030'")).as(mode).containsExactly(List.of(0L));
            });
        }
    }

    @Test
    void oneUniqueValueUnderTwoPrimaryKeysConflicts() {
        for (String mode : MODES) {
            withTable(mode, (a, b) -> {
                a.execute("INSERT INTO kv VALUES('k071', 1, 'same')");
                b.execute("INSERT INTO kv VALUES('k091', 2, 'same')");
                b.execute("COMMIT");
                assertBusySnapshot(a);
                assertThat(query(a, "SELECT k FROM kv WHERE tag = 'same'")).as(mode).containsExactly(List.of("k091"));
            });
        }
    }

    @Test
    void aRangeReadUnderSerializableConflictsWithAnInsertIntoItButNotUnderSnapshot() {
        for (String mode : MODES) {
            withTable(mode, (a, b) -> {
                assertThat(query(a, "SELECT count(*) FROM kv WHERE k BETWEEN 'k100' AND 'k110'"))
                        .containsExactly(List.of(6L));
                a.execute("INSERT INTO kv VALUES('zzz', 6, 'count')");
                b.execute("INSERT INTO kv VALUES('k105', 105, 't105')");
                b.execute("COMMIT");
                if (mode.endsWith("SNAPSHOT")) {
                    a.execute("COMMIT"); // snapshot isolation allows this write skew
                    assertThat(query(a, "SELECT count(*) FROM kv")).containsExactly(List.of(102L));
                } else {
                    assertBusySnapshot(a);
                }
            });
        }
    }

    @Test
    void readsThroughASecondaryIndexAreTracedToo() {
        withTable("BEGIN CONCURRENT", (a, b) -> {
            assertThat(query(a, "SELECT k FROM kv WHERE v = 42")).containsExactly(List.of("k042"));
            a.execute("INSERT INTO kv VALUES('log', 42, 'seen')");
            b.execute("UPDATE kv SET v = 43 WHERE k = 'k042'");
            b.execute("COMMIT");
            assertBusySnapshot(a);
        });
    }

    /** Runs {@code sql} as one BEGIN CONCURRENT transaction, again after 517/773 (or BUSY); returns the attempts. */
    private static int commitWithRetry(Session s, String sql) {
        for (int attempt = 1; ; attempt++) {
            try {
                s.execute("BEGIN CONCURRENT");
                s.execute(sql);
                s.execute("COMMIT");
                return attempt;
            } catch (OneLiteException e) {
                if (!s.isAutoCommit()) {
                    s.execute("ROLLBACK");
                }
                if (e.code() != 517 && e.code() != 773 && e.code() != 5) {
                    throw e;
                }
            }
        }
    }

    @Test
    void concurrentWritersBesideASqlite3WriterLoseNothing() throws Exception {
        Path file = dir.resolve("shared.db");
        try (Database db = Database.open(file.toString(), DatabaseOptions.DEFAULTS)) {
            try (Session s = db.openSession()) {
                s.execute("CREATE TABLE kv(k TEXT PRIMARY KEY, v INT, tag TEXT UNIQUE) WITHOUT ROWID");
                s.execute("CREATE INDEX kv_v ON kv(v)");
            }
            StringBuilder script = new StringBuilder(".timeout 30000\n");
            for (int i = 0; i < 150; i++) {
                script.append(String.format("BEGIN IMMEDIATE; INSERT INTO kv VALUES('s%03d', %d, 'ts%03d'); COMMIT;%n", i, i, i));
            }
            Process shell = new ProcessBuilder("sqlite3", file.toString()).redirectErrorStream(true).start();
            try {
                shell.getOutputStream().write(script.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
                shell.getOutputStream().close();
                java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(2);
                List<java.util.concurrent.Future<?>> done = new java.util.ArrayList<>();
                for (String writer : List.of("a", "b")) {
                    done.add(pool.submit(() -> {
                        try (Session s = db.openSession()) {
                            s.execute("PRAGMA busy_timeout = 30000");
                            for (int i = 0; i < 150; i++) {
                                commitWithRetry(s, String.format("INSERT INTO kv VALUES('%s%03d', %d, 't%s%03d')",
                                        writer, i, i, writer, i));
                            }
                        }
                        return null;
                    }));
                }
                for (var f : done) {
                    f.get(2, java.util.concurrent.TimeUnit.MINUTES);
                }
                pool.shutdown();
                String out = new String(shell.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
                assertThat(shell.waitFor(60, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
                assertThat(out).isEmpty();
            } finally {
                shell.destroyForcibly();
            }
            try (Session s = db.openSession()) {
                assertThat(query(s, "SELECT substr(k, 1, 1), count(*), count(DISTINCT tag) FROM kv GROUP BY 1 ORDER BY 1"))
                        .containsExactly(List.of("a", 150L, 150L), List.of("b", 150L, 150L), List.of("s", 150L, 150L));
                assertThat(query(s, "PRAGMA integrity_check")).containsExactly(List.of("ok"));
            }
        }
        Process check = new ProcessBuilder("sqlite3", file.toString(), "PRAGMA integrity_check; SELECT count(*) FROM kv;")
                .redirectErrorStream(true).start();
        String out = new String(check.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).strip();
        assertThat(check.waitFor(60, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        assertThat(out).isEqualTo("ok\n450");
    }
}
