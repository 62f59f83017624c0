package io.onelite.pager;

import io.onelite.api.Database;
import io.onelite.api.DatabaseOptions;
import io.onelite.api.Session;
import io.onelite.api.Statement;
import io.onelite.common.Synchronous;
import io.onelite.os.ForwardingDbFile;
import io.onelite.os.OsHooks;
import io.onelite.testing.Sqlite3;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A commit's pages go into the page cache as the newest versions, marked as used, and the
 * versions they replace leave it (FileBackend.append): an UPDATE loop over a table that fits in
 * the cache reads no page from the files. Before, the superseded versions filled the cache and
 * the unmarked new ones were the first evicted, so nearly every UPDATE read its leaf back from
 * the WAL.
 */
class CommittedPageCacheTests {
    @Test
    void autocommitUpdatesOfATableThatFitsInTheCacheReadNothingFromTheFiles(@TempDir Path dir) {
        AtomicLong reads = new AtomicLong();
        // 64 pages of cache, no auto-checkpoint (a WAL restart starts a new generation of keys)
        DatabaseOptions options = new DatabaseOptions(Synchronous.NORMAL, java.time.Duration.ofSeconds(5),
                java.time.Duration.ofSeconds(5), 64, false, false, 0);
        try (Database db = Database.open(dir.resolve("c.db").toString(), options, counting(reads, reads)); Session s = db.openSession()) {
            Random r = new Random(7);
            fillAndWarm(s, r);
            long before = reads.get();
            for (int i = 0; i < 1000; i++) {
                s.execute("UPDATE t SET v = v + 1 WHERE id = " + (1 + r.nextInt(1200)));
            }
            assertThat(reads.get() - before).as("page reads from the files during 1000 updates").isZero();
            assertThat(count(s, "SELECT sum(v) FROM t")).isEqualTo(1300);
        }
    }

    /**
     * A WAL restart keeps the cached pages that are current (FileBackend's Wal.RestartListener):
     * with a checkpoint and restart every 100 frames, the updates read (nearly) no page from the
     * database file (the checkpoints read the WAL's frames to copy them), and what they wrote is
     * what sqlite3 reads.
     */
    @Test
    void pagesCachedBeforeAWalRestartServeTheNextGeneration(@TempDir Path dir) throws Exception {
        AtomicLong dbReads = new AtomicLong();
        AtomicLong walReads = new AtomicLong();
        DatabaseOptions options = new DatabaseOptions(Synchronous.NORMAL, java.time.Duration.ofSeconds(5),
                java.time.Duration.ofSeconds(5), 64, false, false, 100);
        Path file = dir.resolve("r.db");
        try (Database db = Database.open(file.toString(), options, counting(dbReads, walReads)); Session s = db.openSession()) {
            Random r = new Random(11);
            fillAndWarm(s, r);
            long before = dbReads.get();
            long walBefore = walReads.get();
            for (int i = 0; i < 1000; i++) {
                s.execute("UPDATE t SET v = v + 1 WHERE id = " + (1 + r.nextInt(1200)));
                if (i % 250 == 0) {
                    s.execute("DELETE FROM t WHERE id = " + (1 + r.nextInt(1200)) + " AND v > 100"); // no row: a read only
                }
            }
            assertThat(walReads.get() - walBefore).as("the checkpoints ran").isPositive();
            // about ten restarts; after each full checkpoint the next statement reads page 1 as a
            // reader of the database file alone (read mark 0, keyed apart); nothing else is read.
            // Without the carry every restart read the whole table again: 305 reads.
            assertThat(dbReads.get() - before).as("database-file reads during 1000 updates").isLessThan(30);
            assertThat(count(s, "SELECT sum(v) FROM t")).isEqualTo(1300);
        }
        assertThat(Sqlite3.run(file, "SELECT sum(v), count(*) FROM t; PRAGMA integrity_check;"))
                .isEqualTo("1300|1200\nok");
    }

    /**
     * After a checkpoint copied every frame, the next write restarts the WAL: salt-1 + 1 and a
     * random salt-2 in the wal-index header, and the first frame's WAL header takes those same
     * salts, as SQLite's walRestartHdr and first frame do (one new generation, so the page cache
     * is carried once). Before, the WAL header made salts of its own: salt-1 went up by 2.
     */
    @Test
    void aRestartByThisJvmWritesTheWalHeaderWithTheRestartsSalts(@TempDir Path dir) throws Exception {
        DatabaseOptions options = new DatabaseOptions(Synchronous.NORMAL, java.time.Duration.ofSeconds(5),
                java.time.Duration.ofSeconds(5), 64, false, false, 0);
        Path file = dir.resolve("s.db");
        Path wal = Path.of(file + "-wal");
        try (Database db = Database.open(file.toString(), options); Session s = db.openSession()) {
            fillAndWarm(s, new Random(3));
            int before = java.nio.ByteBuffer.wrap(java.nio.file.Files.readAllBytes(wal)).getInt(16);
            s.execute("PRAGMA wal_checkpoint");
            for (int i = 1; i <= 3; i++) {
                s.execute("UPDATE t SET v = v + 1 WHERE id = " + i);
            }
            byte[] header = java.nio.file.Files.readAllBytes(wal);
            assertThat(java.nio.ByteBuffer.wrap(header).getInt(16)).as("salt-1 after one restart").isEqualTo(before + 1);
            // the wal-index header (first copy) holds the same salt bytes at offsets 32..39
            byte[] shm = java.nio.file.Files.readAllBytes(Path.of(file + "-shm"));
            assertThat(java.util.Arrays.copyOfRange(shm, 32, 40)).isEqualTo(java.util.Arrays.copyOfRange(header, 16, 24));
            assertThat(Sqlite3.run(file, "SELECT sum(v), count(*) FROM t; PRAGMA integrity_check;")).isEqualTo("303|1200\nok");
            s.execute("UPDATE t SET v = v + 1 WHERE id = 4");
        }
        assertThat(Sqlite3.run(file, "SELECT sum(v) FROM t; PRAGMA integrity_check;")).isEqualTo("304\nok");
    }

    private static void fillAndWarm(Session s, Random r) {
        s.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, v INTEGER, pad TEXT)");
        s.execute("INSERT INTO t WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1200) "
                + "SELECT i, 0, printf('%.80c', 'p') FROM n"); // about 30 leaves
        assertThat(count(s, "SELECT count(*) FROM t WHERE v = 0")).isEqualTo(1200);
        for (int i = 0; i < 300; i++) { // warm: every leaf rewritten a few times
            s.execute("UPDATE t SET v = v + 1 WHERE id = " + (1 + r.nextInt(1200)));
        }
    }

    /** Counts the page reads of the database file and of the WAL. */
    private static OsHooks counting(AtomicLong dbReads, AtomicLong walReads) {
        return OsHooks.files(real -> new ForwardingDbFile(real) { // no mapping: every page read is seen
            private final AtomicLong reads = real.path().toString().endsWith("-wal") ? walReads : dbReads;

            @Override
            public int read(long pos, byte[] buf, int off, int len) {
                reads.incrementAndGet();
                return real.read(pos, buf, off, len);
            }

            @Override
            public java.nio.MappedByteBuffer mapReadOnly(long pos, int size) {
                return null;
            }
        });
    }

    private static long count(Session s, String sql) {
        try (Statement st = s.prepare(sql)) {
            st.step();
            return ((Number) st.column(0)).longValue();
        }
    }
}
