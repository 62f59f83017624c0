package io.onelite.tx;

import io.onelite.common.BeginMode;
import io.onelite.pager.PageStore;
import io.onelite.pager.Pager;

import java.util.Objects;

/**
 * Opens transactions on one database (DESIGN.md section 5, docs/concurrency.md). One per
 * {@link Pager} is the intent; several on the same pager share their commit pipeline, rowid
 * allocator and counters, so they behave as one. Thread-safe; each {@link Transaction} it returns
 * is used by one thread at a time.
 */
public final class TransactionManager {
    private final Pager pager;
    private final TxOptions options;
    final Shared shared;
    /** Trace size limit of the transactions it begins (tests lower it). */
    int traceLimit = Trace.MAX_ENTRIES;
    /** Adaptive BEGIN CONCURRENT ({@link AdaptiveHistory#enabled()}; tests switch it). */
    volatile boolean adaptive = AdaptiveHistory.enabled();

    public TransactionManager(Pager pager, TxOptions options) {
        this.pager = Objects.requireNonNull(pager, "pager");
        this.options = Objects.requireNonNull(options, "options");
        this.shared = Shared.of(pager);
    }

    /**
     * Begins a transaction. DEFERRED and the concurrent modes take a read snapshot and return at
     * once; IMMEDIATE and EXCLUSIVE also take the write lock, waiting up to the busy timeout.
     *
     * @throws io.onelite.common.OneLiteException BUSY if the write lock was not granted in time
     */
    public Transaction begin(BeginMode mode) {
        return new Transaction(this, Objects.requireNonNull(mode, "mode"));
    }

    public Pager pager() {
        return pager;
    }

    public TxOptions options() {
        return options;
    }

    /** Counters of this database's commits, conflicts and batches in this JVM. */
    public TxStats stats() {
        return shared.stats();
    }

    /**
     * The last commit sequence number in {@code s} (0 before the first): what a poller that read
     * through {@code s} has seen everything up to.
     */
    public static long committedSeq(PageStore s) {
        return CommitSequence.current(s);
    }
}
