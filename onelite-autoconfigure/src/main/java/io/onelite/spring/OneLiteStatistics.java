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
    private final LongAdder calls = new LongAdder();
    private final LongAdder commitNanos = new LongAdder();

    /**
     * An immutable reading of the counters.
     *
     * @param commits successful commits
     * @param rollbacks transactions rolled back (a failed commit's rollback included)
     * @param conflicts commits that failed with {@code SQLITE_BUSY_SNAPSHOT} (517)
     * @param holdTimeouts commits that failed with {@code SQLITE_BUSY_TIMEOUT} (773)
     * @param retries attempts after the first of {@code @ConcurrentTransactional} calls
     * @param exhausted {@code @ConcurrentTransactional} calls that failed after their last attempt
     * @param calls outermost {@code @ConcurrentTransactional} calls
     * @param commitNanos time spent in commits, failed ones included
     */
    public record Snapshot(long commits, long rollbacks, long conflicts, long holdTimeouts,
                           long retries, long exhausted, long calls, long commitNanos) {

        /** Attempts per outermost {@code @ConcurrentTransactional} call (1.0 when nothing was retried). */
        public double attemptsPerCall() {
            return calls == 0 ? 0.0 : (double) (calls + retries) / calls;
        }
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

    void call() {
        calls.increment();
    }

    void commitTime(long nanos) {
        commitNanos.add(nanos);
    }

    void retry() {
        retries.increment();
    }

    void exhausted() {
        exhausted.increment();
    }

    public Snapshot snapshot() {
        return new Snapshot(commits.sum(), rollbacks.sum(), conflicts.sum(), holdTimeouts.sum(),
                retries.sum(), exhausted.sum(), calls.sum(), commitNanos.sum());
    }
}
