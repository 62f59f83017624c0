package io.onelite.tx;

import io.onelite.pager.Pager;

import java.lang.ref.WeakReference;
import java.time.Duration;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.atomic.AtomicInteger;
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
    final LongAdder timedCommits = new LongAdder();
    final LongAdder commitNanos = new LongAdder();
    final LongAdder merges = new LongAdder();
    final LongAdder mergeNanos = new LongAdder();
    /** Adaptive BEGIN CONCURRENT: transactions that took the write lock at their first access, and holds revoked. */
    final LongAdder holds = new LongAdder();
    final LongAdder revocations = new LongAdder();
    /** Whether the {@link HoldWatch} knows this pager (racy on purpose: registering twice is harmless). */
    volatile boolean watched;

    private Shared(Pager pager) {
        this.pagerRef = new WeakReference<>(pager);
        this.pipeline = new CommitPipeline(new CommitPipeline.Backend() {
            @Override
            public void lockWrite(Duration timeout) {
                pager().lockWriteToCommit(timeout);
            }

            @Override
            public void unlockWrite() {
                pager().unlockWrite();
            }

            @Override
            public void publish() {
                pager().publish();
            }

            @Override
            public void publish(boolean syncWal) {
                pager().publish(syncWal);
            }
        });
        this.rowids = new RowidAllocator(pager.path());
    }

    /** Weak: the registry's value must not keep its key (the pager and its cache) alive. */
    private final WeakReference<Pager> pagerRef;
    private final AtomicInteger batchesSinceCheckpoint = new AtomicInteger();

    /**
     * After a published batch, once the leader's transaction released its snapshot: the
     * auto-checkpoint, attempted every {@link #CHECKPOINT_EVERY_BATCHES}th batch only, since
     * concurrent transactions hold read marks almost all the time, so a PASSIVE checkpoint rarely
     * completes (or restarts the WAL) and an attempt per commit would pay its syncs per commit.
     */
    void afterBatch(int autoCheckpointFrames) {
        if (batchesSinceCheckpoint.incrementAndGet() >= CHECKPOINT_EVERY_BATCHES) {
            batchesSinceCheckpoint.set(0);
            try {
                pager().maybeAutoCheckpoint(autoCheckpointFrames);
            } catch (RuntimeException ignored) {
                // the commits stand; a busy or failed auto-checkpoint is retried later
            }
        }
    }

    /** The pager; every caller holds a strong reference to it (through its TransactionManager). */
    private Pager pager() {
        Pager p = pagerRef.get();
        if (p == null) {
            throw new IllegalStateException("the pager was garbage-collected");
        }
        return p;
    }

    static Shared of(Pager pager) {
        synchronized (BY_PAGER) {
            return BY_PAGER.computeIfAbsent(pager, Shared::new);
        }
    }

    TxStats stats() {
        return new TxStats(commits.sum(), fastPath.sum(), replayed.sum(), conflicts.sum(), holdTimeouts.sum(),
                pipeline.batches(), timedCommits.sum(), commitNanos.sum(), merges.sum(), mergeNanos.sum(), holds.sum(),
                revocations.sum());
    }

    /** A write transaction's COMMIT that began at {@code startNanos} ended (either way). */
    void commitTimed(long startNanos) {
        timedCommits.increment();
        commitNanos.add(System.nanoTime() - startNanos);
    }

    /** A validation and replay that began at {@code startNanos} ended (either way). */
    void mergeTimed(long startNanos) {
        merges.increment();
        mergeNanos.add(System.nanoTime() - startNanos);
    }
}
