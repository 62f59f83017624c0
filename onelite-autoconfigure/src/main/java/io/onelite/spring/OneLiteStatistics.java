package io.onelite.spring;

import java.util.concurrent.atomic.LongAdder;

/**
 * Counters of what the transaction manager and the retry advice saw since start-up: commits,
 * conflicts by code, retries. Thread-safe; read them with {@link #snapshot()}.
 */
public final class OneLiteStatistics {

    private final LongAdder commits = new LongAdder();
    private final LongAdder rollbacks = new LongAdder();
    private final LongAdder conflicts = new LongAdder();
    private final LongAdder holdTimeouts = new LongAdder();
    private final LongAdder retries = new LongAdder();
    private final LongAdder exhausted = new LongAdder();

    /** An immutable reading of the counters. */
    public record Snapshot(long commits, long rollbacks, long conflicts, long holdTimeouts,
                           long retries, long exhausted) {
    }

    void commit() {
        commits.increment();
    }

    void rollback() {
        rollbacks.increment();
    }

    /** A commit lost with {@code resultCode} (517 conflict or 773 hold limit). */
    void commitFailed(int resultCode) {
        if (resultCode == ConcurrencyFailures.BUSY_TIMEOUT) {
            holdTimeouts.increment();
        } else {
            conflicts.increment();
        }
    }

    void retry() {
        retries.increment();
    }

    void exhausted() {
        exhausted.increment();
    }

    public Snapshot snapshot() {
        return new Snapshot(commits.sum(), rollbacks.sum(), conflicts.sum(), holdTimeouts.sum(),
                retries.sum(), exhausted.sum());
    }
}
