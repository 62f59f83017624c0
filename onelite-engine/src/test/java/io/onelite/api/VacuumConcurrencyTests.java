package io.onelite.api;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.testing.ReplaySeed;
import io.onelite.testing.Sqlite3;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static io.onelite.api.ThinPathTests.query;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * VACUUM beside other sessions: it takes the write lock as BEGIN IMMEDIATE, readers keep their
 * snapshots, a transaction that began before it and writes afterwards fails with BUSY_SNAPSHOT
 * (the schema cookie moved, as for any schema change), statements prepared before it compile
 * again (every root page moved).
 */
class VacuumConcurrencyTests {

    private static Database open(Path dir, Duration busy) {
        return Database.open(dir.resolve("c.db").toString(), DatabaseOptions.DEFAULTS.withBusyTimeout(busy));
    }

    private static void populate(Session s) {
        s.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT); CREATE INDEX tv ON t(v);"
                + "CREATE TABLE big(x)");
        s.execute(series(2000) + "INSERT INTO t SELECT value, 'v' || value FROM c");
        s.execute(series(100) + "INSERT INTO big SELECT randomblob(3000) FROM c");
        s.execute("DELETE FROM big");
    }

    /** The numbers 1..n as table c(value) (no generate_series here). */
    static String series(int n) {
        return "WITH RECURSIVE c(value) AS (SELECT 1 UNION ALL SELECT value + 1 FROM c WHERE value < " + n + ") ";
    }

    @Test
    void aReaderKeepsItsSnapshotDuringVacuumAndSeesTheNewFileAfter(@TempDir Path dir) {
        try (Database db = open(dir, Duration.ofSeconds(5)); Session reader = db.openSession(); Session w = db.openSession()) {
            populate(w);
            long pagesBefore = (Long) query(w, "PRAGMA page_count").get(0).get(0);
            long cookieBefore = (Long) query(w, "PRAGMA schema_version").get(0).get(0);
            reader.execute("BEGIN");
            assertThat(query(reader, "SELECT count(*) FROM t")).containsExactly(List.of(2000L));
            w.execute("DELETE FROM t WHERE id > 1000");
            w.execute("VACUUM");
            assertThat(query(reader, "SELECT count(*), max(v) FROM t")).containsExactly(List.of(2000L, "v999"));
            assertThat(query(reader, "PRAGMA page_count")).containsExactly(List.of(pagesBefore));
            reader.execute("COMMIT");
            assertThat(query(reader, "SELECT count(*), max(v) FROM t")).containsExactly(List.of(1000L, "v999"));
            assertThat((Long) query(reader, "PRAGMA page_count").get(0).get(0)).isLessThan(pagesBefore);
            assertThat(query(reader, "PRAGMA schema_version")).containsExactly(List.of(cookieBefore + 1));
            assertThat(query(reader, "PRAGMA freelist_count")).containsExactly(List.of(0L));
            assertThat(query(reader, "PRAGMA integrity_check")).containsExactly(List.of("ok"));
        }
    }

    @Test
    void aConcurrentTransactionThatBeganBeforeVacuumFailsWithBusySnapshot(@TempDir Path dir) {
        try (Database db = open(dir, Duration.ofSeconds(5)); Session c = db.openSession(); Session w = db.openSession()) {
            populate(w);
            for (String begin : List.of("BEGIN CONCURRENT", "BEGIN CONCURRENT SNAPSHOT", "BEGIN")) {
                c.execute(begin);
                assertThat(query(c, "SELECT count(*) FROM t")).hasSize(1);
                if (!begin.equals("BEGIN")) {
                    c.execute("INSERT INTO t(v) VALUES ('concurrent')");
                }
                w.execute("VACUUM");
                if (begin.equals("BEGIN")) {
                    assertThatThrownBy(() -> c.execute("INSERT INTO t(v) VALUES ('deferred')"))
                            .isInstanceOf(OneLiteException.class)
                            .extracting(e -> ((OneLiteException) e).resultCode()).isEqualTo(ResultCode.BUSY_SNAPSHOT);
                    c.execute("ROLLBACK");
                } else {
                    assertThatThrownBy(() -> c.execute("COMMIT"))
                            .isInstanceOf(OneLiteException.class)
                            .extracting(e -> ((OneLiteException) e).resultCode()).isEqualTo(ResultCode.BUSY_SNAPSHOT);
                }
                assertThat(c.isAutoCommit()).isTrue();
            }
            assertThat(query(w, "SELECT count(*) FROM t WHERE v IN ('concurrent', 'deferred')")).containsExactly(List.of(0L));
            assertThat(query(w, "PRAGMA integrity_check")).containsExactly(List.of("ok"));
            // and a concurrent transaction that begins after it commits as usual
            c.execute("BEGIN CONCURRENT; INSERT INTO t(v) VALUES ('after'); COMMIT");
            assertThat(query(w, "SELECT count(*) FROM t WHERE v = 'after'")).containsExactly(List.of(1L));
        }
    }

    @Test
    void vacuumWaitsForTheWriteLockAndFailsWithBusyAfterTheTimeout(@TempDir Path dir) {
        try (Database db = open(dir, Duration.ZERO); Session holder = db.openSession(); Session w = db.openSession()) {
            populate(w);
            holder.execute("BEGIN IMMEDIATE");
            assertThatThrownBy(() -> w.execute("VACUUM")).isInstanceOf(OneLiteException.class)
                    .hasMessage("database is locked")
                    .extracting(e -> ((OneLiteException) e).resultCode()).isEqualTo(ResultCode.BUSY);
            holder.execute("INSERT INTO t(v) VALUES ('held')");
            holder.execute("COMMIT");
            w.execute("VACUUM");
            assertThat(query(w, "SELECT count(*) FROM t WHERE v = 'held'")).containsExactly(List.of(1L));
        }
    }

    @Test
    void statementsPreparedBeforeVacuumCompileAgainOnTheMovedRoots(@TempDir Path dir) {
        try (Database db = open(dir, Duration.ofSeconds(5)); Session s = db.openSession()) {
            s.execute("CREATE TABLE gone(x); " + series(20) + "INSERT INTO gone SELECT randomblob(5000) FROM c");
            populate(s);
            s.execute("DROP TABLE gone"); // frees the low pages: every later root moves down
            try (Statement byIndex = s.prepare("SELECT id FROM t WHERE v = ?");
                 Statement insert = s.prepare("INSERT INTO t(v) VALUES (?)")) {
                byIndex.bind(1, "v77");
                assertThat(byIndex.step()).isTrue();
                byIndex.reset();
                s.execute("VACUUM");
                assertThat(byIndex.step()).isTrue();
                assertThat(byIndex.column(0)).isEqualTo(77L);
                insert.bind(1, "new");
                assertThat(insert.step()).isFalse();
            }
            assertThat(query(s, "SELECT id FROM t WHERE v = 'new'")).containsExactly(List.of(2001L));
            assertThat(query(s, "PRAGMA integrity_check")).containsExactly(List.of("ok"));
        }
    }

    @Test
    void aLiveSqliteReaderKeepsItsSnapshotAcrossOurVacuumAndSeesItAfter(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("c.db");
        Path marker = dir.resolve("reading");
        try (Database db = open(dir, Duration.ofSeconds(5)); Session w = db.openSession()) {
            populate(w);
            Process sq = new ProcessBuilder("sqlite3", "-batch", file.toString()).redirectErrorStream(true).start();
            try {
                var in = sq.getOutputStream();
                in.write((".timeout 20000\nBEGIN;\nSELECT count(*) FROM t;\n.shell touch '" + marker + "'\n")
                        .getBytes(java.nio.charset.StandardCharsets.UTF_8));
                in.flush();
                long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
                while (!java.nio.file.Files.exists(marker) && System.nanoTime() < deadline) {
                    Thread.sleep(10); // waiting for the other process, not measuring it
                }
                assertThat(marker).exists();
                w.execute("DELETE FROM t WHERE id > 500");
                w.execute("VACUUM");
                in.write("SELECT count(*) FROM t;\nCOMMIT;\nSELECT count(*) FROM t;\nPRAGMA freelist_count;\nPRAGMA integrity_check;\n"
                        .getBytes(java.nio.charset.StandardCharsets.UTF_8));
                in.close();
                String out = new String(sq.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).strip();
                assertThat(sq.waitFor(60, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
                assertThat(out).isEqualTo("2000\n2000\n500\n0\nok");
            } finally {
                sq.destroy();
            }
        }
    }

    @Test
    void ourReaderKeepsItsSnapshotAcrossASqliteVacuum(@TempDir Path dir) {
        Path file = dir.resolve("c.db");
        try (Database db = open(dir, Duration.ofSeconds(5)); Session r = db.openSession()) {
            populate(r);
            r.execute("BEGIN");
            assertThat(query(r, "SELECT count(*) FROM t")).containsExactly(List.of(2000L));
            long pages = (Long) query(r, "PRAGMA page_count").get(0).get(0);
            assertThat(Sqlite3.run(file, ".timeout 20000\nDELETE FROM t WHERE id > 500; VACUUM; PRAGMA freelist_count;")).isEqualTo("0");
            assertThat(query(r, "SELECT count(*), max(v) FROM t")).containsExactly(List.of(2000L, "v999"));
            r.execute("COMMIT");
            assertThat(query(r, "SELECT count(*), max(v) FROM t")).containsExactly(List.of(500L, "v99"));
            assertThat((Long) query(r, "PRAGMA page_count").get(0).get(0)).isLessThan(pages);
            assertThat(query(r, "PRAGMA integrity_check")).containsExactly(List.of("ok"));
            r.execute("INSERT INTO t(v) VALUES ('after')");
            assertThat(query(r, "SELECT id FROM t WHERE v = 'after'")).containsExactly(List.of(501L));
        }
        assertThat(Sqlite3.run(file, "PRAGMA integrity_check;")).isEqualTo("ok");
    }

    @Test
    void aMemoryDatabaseVacuumsToo() {
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession()) {
            populate(s);
            long before = (Long) query(s, "PRAGMA page_count").get(0).get(0);
            s.execute("VACUUM");
            assertThat((Long) query(s, "PRAGMA page_count").get(0).get(0)).isLessThan(before);
            assertThat(query(s, "SELECT count(*), sum(id) FROM t")).containsExactly(List.of(2000L, 2001000L));
            assertThat(query(s, "PRAGMA integrity_check")).containsExactly(List.of("ok"));
        }
    }

    /** Random inserts, updates and deletes, then VACUUM: the same rows, an intact file, no free page. */
    @Test
    void randomHistoriesSurviveVacuum(@TempDir Path dir) {
        long seed = ReplaySeed.announce("VacuumConcurrencyTests.randomHistoriesSurviveVacuum");
        Random rnd = new Random(seed);
        for (int round = 0; round < 3; round++) {
            Path file = dir.resolve("r" + round + ".db");
            try (Database db = Database.open(file.toString(), DatabaseOptions.DEFAULTS); Session s = db.openSession()) {
                s.execute("CREATE TABLE r(k INTEGER PRIMARY KEY, a, b TEXT); CREATE INDEX rb ON r(b, a);"
                        + "CREATE TABLE n(p TEXT PRIMARY KEY, q) WITHOUT ROWID");
                s.execute("BEGIN");
                for (int i = 0; i < 400; i++) {
                    int k = rnd.nextInt(3000);
                    switch (rnd.nextInt(4)) {
                        case 0, 1 -> s.execute("INSERT OR REPLACE INTO r VALUES (" + k + ", randomblob(" + rnd.nextInt(2500)
                                + "), '" + "b".repeat(rnd.nextInt(300)) + k + "');"
                                + "INSERT OR REPLACE INTO n VALUES ('" + "p".repeat(rnd.nextInt(600)) + k + "', " + k + ")");
                        case 2 -> s.execute("DELETE FROM r WHERE k BETWEEN " + k + " AND " + (k + rnd.nextInt(40))
                                + "; DELETE FROM n WHERE q % 7 = " + rnd.nextInt(7) + " AND q > " + k);
                        default -> s.execute("UPDATE r SET a = randomblob(" + rnd.nextInt(4000) + ") WHERE k % 11 = " + rnd.nextInt(11));
                    }
                }
                s.execute("COMMIT");
                String rows = "SELECT k, hex(a), b FROM r ORDER BY k";
                String keys = "SELECT p, q FROM n ORDER BY p";
                List<List<Object>> before = new ArrayList<>(query(s, rows));
                List<List<Object>> keysBefore = new ArrayList<>(query(s, keys));
                s.execute("VACUUM");
                assertThat(query(s, rows)).as("seed " + seed).isEqualTo(before);
                assertThat(query(s, keys)).as("seed " + seed).isEqualTo(keysBefore);
                assertThat(query(s, "SELECT b, hex(a) FROM r INDEXED BY rb ORDER BY b, a")).as("seed " + seed)
                        .isEqualTo(query(s, "SELECT b, hex(a) FROM r NOT INDEXED ORDER BY b, a"));
                assertThat(query(s, "PRAGMA freelist_count")).containsExactly(List.of(0L));
            }
            assertThat(Sqlite3.run(file, "PRAGMA integrity_check;")).as("seed " + seed).isEqualTo("ok");
        }
    }
}
