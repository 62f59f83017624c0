package io.onelite.tx;

import io.onelite.common.BeginMode;
import io.onelite.common.OneLiteException;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

import static io.onelite.tx.TxFixture.delete;
import static io.onelite.tx.TxFixture.get;
import static io.onelite.tx.TxFixture.put;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Random read-modify-write transactions from many threads; every commit records, through a commit
 * hook, its commit sequence number, what it read, what it wrote, and the sequence number its
 * snapshot had seen. Replaying the log in commit-sequence order then proves:
 * <ul>
 *   <li>serializable: each transaction read exactly the state just before its own commit (the
 *       commit order is a serial order that explains every read);</li>
 *   <li>snapshot isolation: each read the state of its snapshot, and each key it wrote had, just
 *       before its commit, the image its snapshot showed (first committer wins, judged by content:
 *       a change undone in between is not a conflict);</li>
 *   <li>both: the final table equals the replayed model, commit numbers are 1..n without gaps.</li>
 * </ul>
 */
class HistoryCheckerTests {
    static final int KEYS = 12;

    record Entry(long seq, long seenSeq, Map<Long, Long> reads, Map<Long, Long> writes) {
    }

    @Test
    void committedHistoriesAreSerializableOrSnapshotIsolated() throws Exception {
        long seed = System.nanoTime();
        System.out.println("HistoryCheckerTests seed " + seed);
        for (BeginMode mode : List.of(BeginMode.CONCURRENT, BeginMode.CONCURRENT_SNAPSHOT)) {
            check(mode, seed);
        }
    }

    private void check(BeginMode mode, long seed) throws Exception {
        try (TxFixture f = new TxFixture()) {
            int t = f.createTable();
            Transaction init = f.begin(BeginMode.IMMEDIATE);
            for (long k = 1; k <= KEYS; k += 2) {
                put(init, t, k, 0L);
            }
            init.onCommit((s, seq) -> { }); // creates the commit sequence table: seq 1
            init.commit();
            Map<Long, Entry> log = new ConcurrentHashMap<>();
            List<Thread> threads = new ArrayList<>();
            long[] conflicts = new long[1];
            for (int w = 0; w < 6; w++) {
                Random rnd = new Random(seed * 31 + w + mode.ordinal());
                Thread th = new Thread(() -> {
                    for (int i = 0; i < 120; i++) {
                        Transaction tx = f.begin(mode);
                        try {
                            long seen = TransactionManager.committedSeq(tx.readStore());
                            Map<Long, Long> reads = new HashMap<>();
                            Map<Long, Long> writes = new HashMap<>();
                            int nReads = 1 + rnd.nextInt(3);
                            long sum = 0;
                            for (int r = 0; r < nReads; r++) {
                                long k = 1 + rnd.nextInt(KEYS);
                                Object[] row = get(tx, t, k);
                                Long v = row == null ? null : (Long) row[0];
                                reads.putIfAbsent(k, v);
                                sum += v == null ? 0 : v;
                            }
                            if (rnd.nextInt(3) == 0) {
                                java.util.concurrent.locks.LockSupport.parkNanos(200_000); // let others commit meanwhile
                            }
                            int nWrites = 1 + rnd.nextInt(2);
                            for (int x = 0; x < nWrites; x++) {
                                long k = 1 + rnd.nextInt(KEYS);
                                if (rnd.nextInt(5) == 0) {
                                    if (delete(tx, t, k)) {
                                        writes.put(k, null);
                                    } else if (!writes.containsKey(k)) {
                                        reads.putIfAbsent(k, null); // a delete that found nothing read it
                                    }
                                } else {
                                    long v = sum + rnd.nextInt(100);
                                    put(tx, t, k, v);
                                    writes.put(k, v);
                                }
                            }
                            tx.onCommit((s, seq) -> log.put(seq, new Entry(seq, seen, reads, writes)));
                            tx.commit();
                        } catch (OneLiteException e) {
                            tx.rollback();
                            assertThat(e.code()).isEqualTo(517);
                            synchronized (conflicts) {
                                conflicts[0]++;
                            }
                        }
                    }
                });
                threads.add(th);
                th.start();
            }
            for (Thread th : threads) {
                th.join();
            }
            // replay in commit order
            TreeMap<Long, Long> model = new TreeMap<>();
            for (long k = 1; k <= KEYS; k += 2) {
                model.put(k, 0L);
            }
            List<TreeMap<Long, Long>> stateAfter = new ArrayList<>(); // index = seq - 1
            stateAfter.add(new TreeMap<>(model)); // after seq 1 (init)
            int n = log.size();
            for (long seq = 2; seq <= n + 1; seq++) {
                Entry e = log.get(seq);
                assertThat(e).as("%s: commit numbers without gaps, seq %d (seed %d)", mode, seq, seed).isNotNull();
                TreeMap<Long, Long> readView = mode == BeginMode.CONCURRENT ? model : stateAfter.get((int) e.seenSeq - 1);
                for (Map.Entry<Long, Long> r : e.reads.entrySet()) {
                    assertThat(readView.get(r.getKey())).as("%s: seq %d read key %d (seed %d)", mode, seq, r.getKey(), seed)
                            .isEqualTo(r.getValue());
                }
                if (mode == BeginMode.CONCURRENT_SNAPSHOT) {
                    // first committer wins, by content: each key it wrote still had, just before its
                    // commit, the image its snapshot showed (a change undone in between is no conflict)
                    TreeMap<Long, Long> snap = stateAfter.get((int) e.seenSeq - 1);
                    for (Long k : e.writes.keySet()) {
                        assertThat(model.get(k)).as("%s: seq %d wrote key %d changed since its snapshot (seed %d)",
                                mode, seq, k, seed).isEqualTo(snap.get(k));
                    }
                }
                for (Map.Entry<Long, Long> w : e.writes.entrySet()) {
                    if (w.getValue() == null) {
                        model.remove(w.getKey());
                    } else {
                        model.put(w.getKey(), w.getValue());
                    }
                }
                stateAfter.add(new TreeMap<>(model));
            }
            TreeMap<Long, Long> actual = new TreeMap<>();
            f.rows(t).forEach((k, v) -> actual.put(k, (Long) v.get(0)));
            assertThat(actual).as("%s final state (seed %d)", mode, seed).isEqualTo(model);
            System.out.printf("%s: %d commits, %d conflicts, %s%n", mode, n, conflicts[0], f.tm.stats());
            assertThat(n).isGreaterThan(50);
        }
    }
}
