package io.onelite.tx;

import io.onelite.common.BeginMode;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static io.onelite.tx.TxFixture.put;
import static org.assertj.core.api.Assertions.assertThat;

class GroupCommitTests {

    @Test
    void committersQueuedBehindTheWriteLockShareOnePublish() throws Exception {
        try (TxFixture f = new TxFixture()) {
            int t = f.createTable();
            int n = 8;
            Transaction holder = f.begin(BeginMode.IMMEDIATE); // another writer holds the lock
            put(holder, t, 1, "holder");
            List<Thread> threads = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                Transaction c = f.begin(BeginMode.CONCURRENT);
                put(c, t, 100 + i, "writer " + i);
                Thread th = new Thread(c::commit);
                threads.add(th);
                th.start();
            }
            while (f.tm.shared.pipeline.queued() < n) {
                Thread.sleep(1);
            }
            long batchesBefore = f.tm.stats().batches();
            holder.commit();
            for (Thread th : threads) {
                th.join();
            }
            assertThat(f.rows(t)).hasSize(n + 1);
            assertThat(f.tm.stats().batches() - batchesBefore).as("publishes (syncs) for %d commits", n).isEqualTo(1);
            assertThat(f.tm.stats().fastPathCommits()).as("all began before the holder committed").isZero();
            assertThat(f.tm.stats().replayedCommits()).isEqualTo(n);
        }
    }

    @Test
    void eachCommitterOfABatchGetsItsOwnOutcome() throws Exception {
        try (TxFixture f = new TxFixture()) {
            int t = f.createTable();
            Transaction seed = f.begin(BeginMode.IMMEDIATE);
            put(seed, t, 1, "shared", 0L);
            seed.commit();
            Transaction holder = f.begin(BeginMode.IMMEDIATE);
            int n = 6;
            List<Thread> threads = new ArrayList<>();
            List<Integer> outcomes = java.util.Collections.synchronizedList(new ArrayList<>());
            for (int i = 0; i < n; i++) {
                Transaction c = f.begin(BeginMode.CONCURRENT);
                long v = TxFixture.getLong(c, t, 1, 1);
                put(c, t, 1, "shared", v + 1); // every one updates the same row: one wins
                put(c, t, 10 + i, "own row");
                Thread th = new Thread(() -> {
                    try {
                        c.commit();
                        outcomes.add(0);
                    } catch (io.onelite.common.OneLiteException e) {
                        outcomes.add(e.code());
                    }
                });
                threads.add(th);
                th.start();
            }
            while (f.tm.shared.pipeline.queued() < n) {
                Thread.sleep(1);
            }
            holder.commit();
            for (Thread th : threads) {
                th.join();
            }
            assertThat(outcomes).containsOnly(0, 517);
            assertThat(outcomes.stream().filter(c -> c == 0)).hasSize(1);
            assertThat(f.rows(t).get(1L)).containsExactly("shared", 1L);
            assertThat(f.rows(t)).hasSize(2);
        }
    }
    @Test
    void thePipelineCountsTheConcurrentTransactionsThatWroteUntilTheyEnd() {
        try (TxFixture f = new TxFixture()) {
            int t = f.createTable();
            f.tm.adaptive = false; // no hold at the first access: every one of them is optimistic
            CommitPipeline p = f.tm.shared.pipeline;
            int before = p.writers();
            Transaction reader = f.begin(BeginMode.CONCURRENT);
            TxFixture.get(reader, t, 1);
            Transaction a = f.begin(BeginMode.CONCURRENT);
            put(a, t, 1, "a");
            put(a, t, 2, "a");
            Transaction b = f.begin(BeginMode.CONCURRENT);
            put(b, t, 3, "b");
            assertThat(p.writers() - before).as("a and b wrote, the reader commits without the pipeline")
                    .isEqualTo(2);
            b.rollback();
            assertThat(p.writers() - before).isEqualTo(1);
            a.commit();
            reader.commit();
            assertThat(p.writers()).isEqualTo(before);
        }
    }
}
