package io.onelite.tx;

import io.onelite.common.BeginMode;
import io.onelite.common.OneLiteException;
import io.onelite.common.Synchronous;
import io.onelite.os.DbFile;
import io.onelite.os.ForwardingDbFile;
import io.onelite.pager.CheckpointMode;
import io.onelite.pager.CheckpointResult;
import io.onelite.pager.Pager;
import io.onelite.pager.PagerOptions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.UnaryOperator;

import static io.onelite.tx.FileConcurrencyTests.sqlite3;
import static io.onelite.tx.FileConcurrencyTests.watched;
import static io.onelite.tx.TxFixture.get;
import static io.onelite.tx.TxFixture.getLong;
import static io.onelite.tx.TxFixture.insert;
import static io.onelite.tx.TxFixture.put;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Adaptive BEGIN CONCURRENT (docs/concurrency.md): a short concurrent transaction takes the write
 * lock at its first access when it is free; revoked (by a waiting writer or by itself after its
 * hold bound), it turns optimistic and conflicts exactly as an ordinary concurrent transaction.
 */
class AdaptiveConcurrentTests {
    @BeforeEach
    void freshHistory() {
        AdaptiveHistory.current().resetShort(); // short and written: the next one holds, whatever other tests ran here
        // a hold lasts until a writer waits for it: a slow statement on a loaded machine must not
        // end it before the test looks (the tests of the time bound switch this back on)
        AdaptiveHold.revokedByTime = false;
    }

    @AfterEach
    void holdsEndByTimeAgain() {
        AdaptiveHold.revokedByTime = true;
    }

    /** Runs {@code body} in another thread (with a fresh history) and waits for it. */
    private static void inOtherThread(Runnable body) throws InterruptedException {
        AtomicReference<Throwable> failed = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                body.run();
            } catch (Throwable e) {
                failed.set(e);
            }
        });
        t.start();
        t.join(30_000);
        assertThat(t.isAlive()).isFalse();
        if (failed.get() != null) {
            throw new AssertionError(failed.get());
        }
    }

    private static void commitExpecting517(Transaction t) {
        assertThatThrownBy(t::commit).isInstanceOfSatisfying(OneLiteException.class,
                e -> assertThat(e.code()).isEqualTo(517));
        assertThat(t.isFinished()).isTrue();
    }

    @Test
    void aShortTransactionHoldsTheLockFromItsFirstAccessAndCommitsOnTheFastPath() {
        try (TxFixture f = new TxFixture()) {
            int root = f.createTable();
            TxStats before = f.tm.stats();
            long holds = f.tm.shared.holds.sum();
            Transaction t = f.begin(BeginMode.CONCURRENT);
            assertThat(f.pager.isWriteLocked()).isFalse(); // nothing at BEGIN
            long rowid = insert(t, root, "a");
            assertThat(t.holdsAdaptively()).isTrue();
            assertThat(f.pager.isWriteLocked()).isTrue();
            t.commit();
            assertThat(f.pager.isWriteLocked()).isFalse();
            TxStats after = f.tm.stats();
            assertThat(after.fastPathCommits() - before.fastPathCommits()).isEqualTo(1);
            assertThat(after.batches()).isEqualTo(before.batches()); // not through the pipeline
            assertThat(f.tm.shared.holds.sum() - holds).isEqualTo(1);
            assertThat(after.adaptiveHolds() - before.adaptiveHolds()).as("reported in the stats").isEqualTo(1);
            assertThat(after.revocations()).isEqualTo(before.revocations());
            assertThat(f.rows(root)).containsOnlyKeys(rowid);
        }
    }

    @Test
    void theSwitchOffGivesTheOptimisticPath() {
        try (TxFixture f = new TxFixture()) {
            int root = f.createTable();
            f.tm.adaptive = false;
            long batches = f.tm.stats().batches();
            Transaction t = f.begin(BeginMode.CONCURRENT);
            insert(t, root, "a");
            assertThat(t.holdsAdaptively()).isFalse();
            assertThat(f.pager.isWriteLocked()).isFalse();
            t.commit();
            assertThat(f.tm.stats().batches()).isEqualTo(batches + 1);
            assertThat(f.rows(root)).hasSize(1);
        }
    }

    @Test
    void aNewThreadsFirstTransactionHoldsOneLongOneMakesTheNextOptimistic() throws Exception {
        try (TxFixture f = new TxFixture()) {
            int root = f.createTable();
            inOtherThread(() -> { // no history: it holds from its first write, as IMMEDIATE would
                Transaction first = f.begin(BeginMode.CONCURRENT);
                insert(first, root, "first");
                assertThat(first.holdsAdaptively()).isTrue();
                assertThat(f.pager.isWriteLocked()).isTrue();
                first.commit();
                assertThat(f.pager.isWriteLocked()).isFalse();
                AdaptiveHistory fresh = new AdaptiveHistory(); // the first one's duration depends on the JIT here
                assertThat(fresh.prefersHold()).isTrue();
                fresh.record(300_000, true, false); // work inside it: 300 us
                assertThat(fresh.prefersHold()).as("after one long transaction").isFalse();
                AdaptiveHistory revoked = new AdaptiveHistory();
                revoked.record(10_000, true, true);
                assertThat(revoked.prefersHold()).as("after one revoked hold").isFalse();
                AdaptiveHistory quick = new AdaptiveHistory();
                quick.record(10_000, true, false);
                assertThat(quick.prefersHold()).as("after one short transaction").isTrue();
            });
            assertThat(f.rows(root)).hasSize(1);
        }
    }

    @Test
    void longOrReadOnlyTransactionsOfAThreadStayOptimistic() {
        try (TxFixture f = new TxFixture()) {
            int root = f.createTable();
            AdaptiveHistory h = AdaptiveHistory.current();
            for (int i = 0; i < 8; i++) {
                h.record(2_000_000, true, false);
            }
            Transaction t = f.begin(BeginMode.CONCURRENT);
            insert(t, root, "long history");
            assertThat(t.holdsAdaptively()).isFalse();
            t.commit();

            h.resetShort();
            h.record(1_000, false, false); // the last one only read
            Transaction r = f.begin(BeginMode.CONCURRENT);
            assertThat(get(r, root, 1)).isNotNull();
            assertThat(r.holdsAdaptively()).isFalse();
            r.commit();
        }
    }

    @Test
    void oneLongTransactionAmongShortOnesKeepsTheHoldTwoInARowEndIt() {
        AdaptiveHistory h = AdaptiveHistory.current();
        for (int i = 0; i < 8; i++) {
            h.record(10_000, true, false);
        }
        h.record(5_000_000, true, false); // preempted while it held the lock
        assertThat(h.prefersHold()).as("one outlier").isTrue();
        for (int i = 0; i < 8; i++) {
            h.record(10_000, true, false);
        }
        h.record(10_000, true, true); // revoked once
        assertThat(h.prefersHold()).as("one revocation").isTrue();
        for (int i = 0; i < 8; i++) {
            h.record(10_000, true, false);
        }
        h.record(300_000, true, false);
        h.record(300_000, true, false);
        assertThat(h.prefersHold()).as("work inside the transactions").isFalse();
        for (int i = 0; i < 3; i++) {
            h.record(10_000, true, false);
        }
        assertThat(h.prefersHold()).as("short again").isTrue();
    }

    @Test
    void aHoldRevokedByAWaitingWriterConflictsAsAConcurrentTransaction() throws Exception {
        try (TxFixture f = new TxFixture()) {
            int root = f.createTable();
            f.runWithRetry(BeginMode.IMMEDIATE, t -> put(t, root, 1, 100L));
            long revocations = f.tm.shared.revocations.sum();
            long reported = f.tm.stats().revocations();
            Transaction t1 = f.begin(BeginMode.CONCURRENT);
            long seen = getLong(t1, root, 1, 0);
            assertThat(t1.holdsAdaptively()).isTrue();
            // an IMMEDIATE writer in another thread waits for the lock, then revokes the hold
            inOtherThread(() -> {
                Transaction t2 = f.begin(BeginMode.IMMEDIATE);
                put(t2, root, 1, 200L);
                t2.commit();
            });
            assertThat(t1.holdsAdaptively()).isFalse();
            assertThat(f.tm.shared.revocations.sum() - revocations).isEqualTo(1);
            assertThat(f.tm.stats().revocations() - reported).as("reported in the stats").isEqualTo(1);
            assertThat(getLong(t1, root, 1, 0)).isEqualTo(100L); // still its snapshot
            put(t1, root, 2, seen + 1); // written from a value that changed since: serializable refuses it
            commitExpecting517(t1);
            assertThat(f.rows(root)).containsOnlyKeys(1L);
            assertThat(f.rows(root).get(1L)).containsExactly(200L);
        }
    }

    @Test
    void aRevokedHoldCommitsWhatDoesNotConflictAndSnapshotModeAllowsWriteSkew() throws Exception {
        try (TxFixture f = new TxFixture()) {
            int root = f.createTable();
            f.runWithRetry(BeginMode.IMMEDIATE, t -> {
                put(t, root, 1, 100L);
                put(t, root, 2, 100L);
            });
            // serializable, disjoint rows: replayed over the other commit
            Transaction t1 = f.begin(BeginMode.CONCURRENT);
            long v1 = getLong(t1, root, 1, 0);
            assertThat(t1.holdsAdaptively()).isTrue();
            inOtherThread(() -> f.runWithRetry(BeginMode.CONCURRENT, t -> put(t, root, 2, 150L)));
            assertThat(t1.holdsAdaptively()).isFalse();
            put(t1, root, 1, v1 + 1);
            t1.commit();
            assertThat(f.rows(root).get(1L)).containsExactly(101L);
            assertThat(f.rows(root).get(2L)).containsExactly(150L);

            // snapshot isolation: read row 2, write row 1, the other side changed row 2: allowed
            freshHistory();
            Transaction t3 = f.begin(BeginMode.CONCURRENT_SNAPSHOT);
            long v2 = getLong(t3, root, 2, 0);
            assertThat(t3.holdsAdaptively()).isTrue();
            inOtherThread(() -> f.runWithRetry(BeginMode.CONCURRENT, t -> put(t, root, 2, 160L)));
            put(t3, root, 1, v2);
            t3.commit();
            assertThat(f.rows(root).get(1L)).containsExactly(150L);

            // snapshot isolation, the same row written by both: the later commit fails
            freshHistory();
            Transaction t4 = f.begin(BeginMode.CONCURRENT_SNAPSHOT);
            getLong(t4, root, 1, 0);
            assertThat(t4.holdsAdaptively()).isTrue();
            inOtherThread(() -> f.runWithRetry(BeginMode.CONCURRENT, t -> put(t, root, 1, 1L)));
            put(t4, root, 1, 2L);
            commitExpecting517(t4);
            assertThat(f.rows(root).get(1L)).containsExactly(1L);
        }
    }

    @Test
    void aWriterWithNoBusyTimeoutRevokesAHoldInsteadOfFailingWithBusy() {
        try (TxFixture f = new TxFixture()) {
            int root = f.createTable();
            TxFixture impatient = new TxFixture(f.pager, TxOptions.DEFAULTS.withBusyTimeout(Duration.ZERO));
            Transaction t1 = f.begin(BeginMode.CONCURRENT);
            insert(t1, root, "held");
            assertThat(t1.holdsAdaptively()).isTrue();
            Transaction t2 = impatient.begin(BeginMode.IMMEDIATE); // before adaptive holds: granted at once
            assertThat(t1.holdsAdaptively()).isFalse();
            put(t2, root, 100, "immediate");
            t2.commit();
            t1.commit(); // an insert with an allocator rowid does not conflict
            assertThat(f.rows(root)).hasSize(2);
        }
    }

    @Test
    void aHoldPastItsBoundTurnsOptimisticAtItsNextAccess() throws Exception {
        try (TxFixture f = new TxFixture()) {
            int root = f.createTable();
            f.runWithRetry(BeginMode.IMMEDIATE, t -> put(t, root, 1, 10L));
            Transaction t1 = f.begin(BeginMode.CONCURRENT);
            long seen = getLong(t1, root, 1, 0);
            assertThat(t1.holdsAdaptively()).isTrue();
            AdaptiveHold.revokedByTime = true;
            Thread.sleep(2); // longer than the hold bound (100 µs)
            t1.readStore();
            assertThat(t1.holdsAdaptively()).isFalse();
            assertThat(f.pager.isWriteLocked()).isFalse();
            inOtherThread(() -> f.runWithRetry(BeginMode.IMMEDIATE, t -> put(t, root, 1, 11L)));
            put(t1, root, 1, seen * 2);
            commitExpecting517(t1);
            assertThat(f.rows(root).get(1L)).containsExactly(11L);
        }
    }

    @Test
    void savepointsAndRollbackWorkAcrossARevocation() throws Exception {
        try (TxFixture f = new TxFixture()) {
            int root = f.createTable();
            Transaction t = f.begin(BeginMode.CONCURRENT);
            int sp = t.savepoint(); // before the first access
            put(t, root, 5, "undone");
            assertThat(t.holdsAdaptively()).isTrue();
            t.rollbackTo(sp);
            put(t, root, 6, "kept");
            int inner = t.savepoint();
            inOtherThread(() -> f.runWithRetry(BeginMode.IMMEDIATE, x -> put(x, root, 7, "other")));
            assertThat(t.holdsAdaptively()).isFalse();
            put(t, root, 8, "undone too");
            t.rollbackTo(inner);
            t.release(sp);
            t.commit();
            assertThat(f.rows(root)).containsOnlyKeys(6L, 7L);

            freshHistory();
            Transaction r = f.begin(BeginMode.CONCURRENT);
            put(r, root, 9, "rolled back");
            assertThat(r.holdsAdaptively()).isTrue();
            r.rollback();
            assertThat(f.pager.isWriteLocked()).isFalse();
            assertThat(f.rows(root)).containsOnlyKeys(6L, 7L);
        }
    }

    @Test
    void aRevokedHoldRolledBackOnAFileLeavesNoReadMarkBehind(@TempDir Path dir) throws Exception {
        try (Pager pager = Pager.open(dir.resolve("r.db"), PagerOptions.DEFAULTS.withSynchronous(Synchronous.NORMAL))) {
            TxFixture f = new TxFixture(pager, TxOptions.DEFAULTS);
            int root = f.createTable();
            Transaction t = f.begin(BeginMode.CONCURRENT);
            insert(t, root, "x");
            assertThat(t.holdsAdaptively()).isTrue();
            inOtherThread(() -> f.runWithRetry(BeginMode.IMMEDIATE, x -> put(x, root, 100, "other")));
            assertThat(t.holdsAdaptively()).isFalse();
            CheckpointResult busy = pager.checkpoint(CheckpointMode.RESTART, Duration.ZERO);
            assertThat(busy.busy()).isTrue(); // the pin keeps the revoked transaction's state
            t.rollback();
            CheckpointResult r = pager.checkpoint(CheckpointMode.TRUNCATE, Duration.ofSeconds(5));
            assertThat(r.busy()).isFalse();
            assertThat(f.rows(root)).containsOnlyKeys(100L);
        }
    }

    /**
     * A hold whose thread sits in application code does not keep a sqlite3 writer out: the watch
     * thread revokes it within milliseconds, the sqlite3 commit goes in, and the transaction,
     * optimistic now, fails with 517 as it read the row sqlite3 changed.
     */
    @Test
    void anIdleHoldDoesNotKeepASqlite3WriterOut(@TempDir Path dir) throws Exception {
        Path db = dir.resolve("i.db");
        try (Pager pager = Pager.open(db, PagerOptions.DEFAULTS.withSynchronous(Synchronous.NORMAL))) {
            TxFixture f = new TxFixture(pager, TxOptions.DEFAULTS);
            int root = f.createSchemaTable("c", "CREATE TABLE c(n INT)");
            f.runWithRetry(BeginMode.IMMEDIATE, t -> put(t, root, 1, 5L));
            Transaction t1 = f.begin(BeginMode.CONCURRENT);
            long seen = getLong(t1, root, 1, 0);
            assertThat(t1.holdsAdaptively()).isTrue();
            AdaptiveHold.revokedByTime = true; // only the watch can end the hold: sqlite3 cannot ask
            // t1's thread now waits for sqlite3 (its "application work"); sqlite3 waits up to 20 s
            assertThat(sqlite3(db, ".timeout 20000", "UPDATE c SET n = 6 WHERE rowid = 1", "SELECT n FROM c"))
                    .isEqualTo("6");
            assertThat(t1.holdsAdaptively()).isFalse();
            put(t1, root, 1, seen + 10);
            commitExpecting517(t1);
            assertThat(f.rows(root).get(1L)).containsExactly(6L);
        }
        assertThat(sqlite3(db, "pragma integrity_check")).isEqualTo("ok");
    }

    /**
     * Threads running short read-modify-write transactions (adaptive holds, revoked now and then
     * by each other) beside a sqlite3 process incrementing the same counter: no update is lost and
     * the file passes integrity_check. A small auto-checkpoint restarts the WAL often, so a revoked
     * hold's pinned state is exercised across restarts.
     */
    @Test
    void aSqlite3WriterBesideAdaptiveTransactionsLosesNoUpdate(@TempDir Path dir) throws Exception {
        Path db = dir.resolve("a.db");
        int threads = 3;
        int perThread = 150;
        long holds;
        long revocations;
        try (Pager pager = Pager.open(db, PagerOptions.DEFAULTS.withSynchronous(Synchronous.NORMAL).withAutoCheckpointFrames(20))) {
            TxFixture f = new TxFixture(pager, TxOptions.DEFAULTS.withBusyTimeout(Duration.ofSeconds(30)));
            int root = f.createSchemaTable("c", "CREATE TABLE c(n INT)");
            f.runWithRetry(BeginMode.IMMEDIATE, t -> put(t, root, 1, 0L));
            holds = f.tm.shared.holds.sum();
            revocations = f.tm.shared.revocations.sum();
            StringBuilder script = new StringBuilder(".timeout 30000\n");
            for (int i = 0; i < 200; i++) {
                script.append("BEGIN IMMEDIATE; UPDATE c SET n = n + 1 WHERE rowid = 1; COMMIT;\n");
            }
            Process shell = watched(new ProcessBuilder("sqlite3", db.toString()).redirectErrorStream(true).start());
            shell.getOutputStream().write(script.toString().getBytes(StandardCharsets.UTF_8));
            shell.getOutputStream().close();
            List<Thread> workers = new ArrayList<>();
            AtomicReference<Throwable> failed = new AtomicReference<>();
            for (int w = 0; w < threads; w++) {
                Thread th = new Thread(() -> {
                    try {
                        for (int i = 0; i < perThread; i++) {
                            f.runWithRetry(BeginMode.CONCURRENT, t -> put(t, root, 1, getLong(t, root, 1, 0) + 1));
                        }
                    } catch (Throwable e) {
                        failed.set(e);
                    }
                });
                workers.add(th);
                th.start();
            }
            for (Thread th : workers) {
                th.join(120_000);
            }
            String out = new String(shell.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(shell.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(failed.get()).isNull();
            assertThat(out).isEmpty();
            assertThat(f.rows(root).get(1L)).containsExactly((long) threads * perThread + 200);
            holds = f.tm.shared.holds.sum() - holds;
            revocations = f.tm.shared.revocations.sum() - revocations;
        }
        assertThat(holds).isPositive();
        assertThat(sqlite3(db, "pragma integrity_check")).isEqualTo("ok");
        assertThat(sqlite3(db, "select n from c")).isEqualTo(String.valueOf(threads * perThread + 200));
    }

    /**
     * Under synchronous=FULL a transaction holds only where the WAL's syncs have been quick lately:
     * with syncs a device acknowledges at once it holds as under NORMAL; with 2 ms syncs it stays
     * optimistic, so that group commit shares each sync; before the first sync nothing is known and
     * it stays optimistic too.
     */
    @Test
    void underFullSyncATransactionHoldsOnlyWhereSyncsHaveBeenQuick(@TempDir Path dir) {
        assertThat(AdaptiveHistory.syncIsQuick(-1)).as("no sync yet").isFalse();
        assertThat(AdaptiveHistory.syncIsQuick(0)).as("memory").isTrue();
        assertThat(AdaptiveHistory.syncIsQuick(AdaptiveHistory.QUICK_SYNC_NANOS)).isFalse();
        assertThat(holdsUnderFullWithSyncsOf(dir.resolve("quick.db"), 0)).isTrue();
        assertThat(holdsUnderFullWithSyncsOf(dir.resolve("slow.db"), 2)).isFalse();
    }

    /**
     * Opens {@code db} under FULL with every WAL sync taking {@code millis} (0: returning at once),
     * commits a table, and tells whether the next short concurrent transaction holds the lock.
     */
    private static boolean holdsUnderFullWithSyncsOf(Path db, long millis) {
        UnaryOperator<DbFile> timedSyncs = real -> !real.path().toString().endsWith("-wal") ? real : new ForwardingDbFile(real) {
            @Override
            public void sync(boolean metadata) {
                if (millis > 0) {
                    try {
                        Thread.sleep(millis);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
            }
        };
        try (Pager pager = Pager.open(db, PagerOptions.DEFAULTS.withSynchronous(Synchronous.FULL), timedSyncs)) {
            assertThat(pager.recentSyncNanos()).as("before the first commit").isEqualTo(-1);
            TxFixture f = new TxFixture(pager, TxOptions.DEFAULTS);
            int root = f.createTable();
            assertThat(pager.recentSyncNanos()).isNotNegative();
            // the sync time is a moving average whose first sample may be slow (the wrapper's first
            // call, a preempted thread; it failed a CI run once): quick syncs settle it, as they do
            for (int i = 0; i < 64 && millis == 0 && !AdaptiveHistory.syncIsQuick(pager.recentSyncNanos()); i++) {
                f.createTable();
            }
            Transaction t = f.begin(BeginMode.CONCURRENT);
            insert(t, root, "x");
            boolean held = t.holdsAdaptively();
            assertThat(pager.isWriteLocked()).isEqualTo(held);
            t.commit();
            assertThat(f.rows(root)).hasSize(1);
            return held;
        }
    }

    /** A held transaction reads with its connection's mmap_size, as a read-marked one does. */
    @Test
    void aHeldTransactionReadsWithItsConnectionsMmapSize(@TempDir Path dir) throws Exception {
        Path db = dir.resolve("m.db");
        sqlite3(db, "pragma journal_mode=wal", "create table t(x)",
                "with recursive c(i) as (select 1 union all select i + 1 from c where i < 1000) "
                        + "insert into t select randomblob(400) from c",
                "pragma wal_checkpoint(truncate)");
        AtomicInteger dbReads = new AtomicInteger();
        UnaryOperator<DbFile> counting = real -> real.path().toString().endsWith("-wal") ? real : new ForwardingDbFile(real) {
            @Override
            public int read(long pos, byte[] buf, int off, int len) {
                dbReads.incrementAndGet();
                return real.read(pos, buf, off, len);
            }
        };
        PagerOptions options = PagerOptions.DEFAULTS.withSynchronous(Synchronous.NORMAL).withCacheSizePages(16);
        try (Pager pager = Pager.open(db, options, counting)) {
            TxFixture f = new TxFixture(pager, TxOptions.DEFAULTS);
            Transaction reader = f.begin(BeginMode.DEFERRED); // a read-marked view maps the file (a writer's view never grows the mapping)
            var all = reader.readStore();
            for (int pgno = 2; pgno <= all.pageCount(); pgno++) {
                all.read(pgno);
            }
            reader.rollback();
            Transaction t = f.begin(BeginMode.CONCURRENT);
            t.setMmapSize(0); // the connection's PRAGMA mmap_size = 0: every page by position
            dbReads.set(0);
            var store = t.readStore();
            assertThat(t.holdsAdaptively()).isTrue();
            int pages = store.pageCount();
            assertThat(pages).isGreaterThan(100);
            for (int pgno = 2; pgno <= pages; pgno++) {
                store.read(pgno);
            }
            assertThat(dbReads.get()).as("positional reads of %d pages", pages).isGreaterThanOrEqualTo(pages - 1 - 16);
            t.rollback();
        }
    }
}
