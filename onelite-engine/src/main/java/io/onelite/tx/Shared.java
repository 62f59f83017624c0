package io.onelite.tx;

import io.onelite.pager.Pager;

import java.time.Duration;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * What every {@link TransactionManager} of one {@link Pager} shares in this JVM: the commit
 * pipeline (group commit needs all committers of the file in one queue), the rowid allocator,
 * the cached schema roots and the counters.
 */
final class Shared {
    private static final Map<Pager, Shared> BY_PAGER = new WeakHashMap<>();
    static final int CHECKPOINT_EVERY_BATCHES = 16;

    final CommitPipeline pipeline;
    final RowidAllocator rowids;
    final SchemaRoots roots = new SchemaRoots();
    final LongAdder commits = new LongAdder();
    final LongAdder fastPath = new LongAdder();
    final LongAdder replayed = new LongAdder();
    final LongAdder conflicts = new LongAdder();
    final LongAdder holdTimeouts = new LongAdder();

    private Shared(Pager pager) {
        this.pipeline = new CommitPipeline(new CommitPipeline.Backend() {
            @Override
            public void lockWrite(Duration timeout) {
                pager.lockWrite(timeout);
            }

            @Override
            public void unlockWrite() {
                pager.unlockWrite();
            }

            @Override
            public void publish() {
                pager.publish();
            }

            private final java.util.concurrent.atomic.AtomicInteger sinceAttempt = new java.util.concurrent.atomic.AtomicInteger();

            /**
             * Auto-checkpoint after every 16th batch only: concurrent transactions keep read marks
             * almost all the time, so a PASSIVE checkpoint rarely completes (or restarts the WAL)
             * and an attempt after every commit would cost its syncs on every commit.
             */
            @Override
            public void afterBatch() {
                if (sinceAttempt.incrementAndGet() >= CHECKPOINT_EVERY_BATCHES) {
                    sinceAttempt.set(0);
                    pager.maybeAutoCheckpoint();
                }
            }
        });
        this.rowids = new RowidAllocator(pager.path());
    }

    static Shared of(Pager pager) {
        synchronized (BY_PAGER) {
            return BY_PAGER.computeIfAbsent(pager, Shared::new);
        }
    }

    TxStats stats() {
        return new TxStats(commits.sum(), fastPath.sum(), replayed.sum(), conflicts.sum(), holdTimeouts.sum(),
                pipeline.batches());
    }
}
