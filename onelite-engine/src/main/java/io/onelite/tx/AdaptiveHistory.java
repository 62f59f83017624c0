package io.onelite.tx;

import io.onelite.common.Durations;

/**
 * Per thread: how long its recent BEGIN CONCURRENT transactions ran, from their first access to
 * their COMMIT or ROLLBACK (docs/concurrency.md, "Adaptive BEGIN CONCURRENT"). A thread whose
 * concurrent transactions were short and wrote takes the write lock at the next one's first
 * access when it is free right now ({@link AdaptiveHold}); one with long transactions (work inside
 * them, waits, pauses) stays optimistic. Per thread rather than per connection: the engine's
 * connections share their {@link TransactionManager}, and a thread running one after another has
 * the same kind of work.
 */
final class AdaptiveHistory {
    /**
     * Adaptive BEGIN CONCURRENT on or off: system property {@code onelite.adaptiveConcurrent}
     * (default true), read when a {@link TransactionManager} is created.
     */
    static boolean enabled() {
        return !"false".equalsIgnoreCase(System.getProperty("onelite.adaptiveConcurrent", "true"));
    }

    /**
     * The average duration below which a thread's concurrent transactions count as short: 100 µs,
     * or the system property {@code onelite.adaptiveConcurrentMicros}.
     */
    static final long SHORT_NANOS = Durations.microsProperty("onelite.adaptiveConcurrentMicros", 100);
    /**
     * How long an adaptive transaction holds the write lock before it gives it up at its next
     * access, or a waiting writer of this JVM revokes it: 100 µs, or the system property
     * {@code onelite.adaptiveHoldMicros}.
     */
    static final long HOLD_NANOS = Durations.microsProperty("onelite.adaptiveHoldMicros", 100);
    /**
     * How long a thread with short transactions waits for this JVM's other writers at its next
     * transaction's first access when the lock is taken, before it goes on optimistically: 50 ms
     * while one holder keeps the lock, or the system property {@code onelite.adaptiveWaitMicros}
     * (0: never waits). While the lock passes from writer to writer it waits on for its turn (up to
     * {@link #MAX_WAIT_NANOS}): other writers' slices of the lock (10 ms each) are no reason to give
     * up the hold, which would make its commit queue behind them anyway. Long rather than short:
     * its commit waits for a holder that keeps the lock either way, and each check is a wake-up
     * (with 5 ms, 7 waiting writers cost CONCURRENT 3-4% of its commits with no work).
     */
    static final long WAIT_NANOS = Durations.microsProperty("onelite.adaptiveWaitMicros", 50_000);
    /**
     * The longest wait for a hold however the lock moves: 250 ms, or the system property
     * {@code onelite.adaptiveMaxWaitMicros}.
     */
    static final long MAX_WAIT_NANOS = Durations.microsProperty("onelite.adaptiveMaxWaitMicros", 250_000);
    /**
     * One sample counts at most three times {@link #SHORT_NANOS}: a single transaction preempted
     * while it holds the lock (or revoked) does not turn the thread optimistic, two in a row do.
     */
    private static final long SAMPLE_CAP_NANOS = 3 * SHORT_NANOS;
    /**
     * A commit that syncs the WAL (synchronous FULL or EXTRA) holds only where syncs have been
     * quicker than this lately: 50 µs, or the system property {@code onelite.adaptiveQuickSyncMicros}
     * (0: never). Holding the lock through a sync keeps every other writer waiting for it, where
     * group commit shares one sync among the committers queued; but a sync of a few µs (tmpfs, a
     * device that acknowledges from its cache) costs less than the wake-ups group commit pays.
     */
    static final long QUICK_SYNC_NANOS = Durations.microsProperty("onelite.adaptiveQuickSyncMicros", 50);

    /** Whether a commit whose WAL syncs lately took {@code recentSyncNanos} (-1: none yet) may hold. */
    static boolean syncIsQuick(long recentSyncNanos) {
        return recentSyncNanos >= 0 && recentSyncNanos < QUICK_SYNC_NANOS;
    }

    private static final ThreadLocal<AdaptiveHistory> CURRENT = ThreadLocal.withInitial(AdaptiveHistory::new);

    /**
     * A thread without history starts just under the threshold: its first concurrent transaction
     * holds, and one long one (work or a wait inside it, or a revoked hold) makes the next
     * optimistic. Starting optimistic cost a new writer two long waits instead of one: its first
     * commit queued among the others' transactions, then its second transaction waited for its
     * turn of the lock (8 new writer threads x 250 transactions without work: wait p99/p50
     * 137-146 against 14-15 with this and the write gate's rule that one slow hold keeps the
     * slice). Starting further down would let a new thread whose transactions wait or work inside
     * hold the lock through its first two of them, keeping every other writer waiting till the hold
     * is revoked (with 2 ms of work inside: wait p99/p50 13 against 6.3).
     */
    private static final long FIRST_GUESS_NANOS = SHORT_NANOS - 1;
    private long averageNanos = FIRST_GUESS_NANOS;
    private boolean lastWrote = true;

    static AdaptiveHistory current() {
        return CURRENT.get();
    }

    /** Whether the next concurrent transaction should try to hold the lock from its first access. */
    boolean prefersHold() {
        return lastWrote && averageNanos < SHORT_NANOS;
    }

    /**
     * A concurrent transaction of this thread ended: it ran {@code nanos} from its first access,
     * wrote or not; a revoked hold counts as long (another writer waited for it).
     */
    void record(long nanos, boolean wrote, boolean revoked) {
        long sample = revoked ? SAMPLE_CAP_NANOS : Math.min(Math.max(nanos, 0), SAMPLE_CAP_NANOS);
        averageNanos += (sample - averageNanos) / 4;
        lastWrote = wrote;
    }

    /** Tests: this thread's recent concurrent transactions were short and wrote (the next one holds). */
    void resetShort() {
        averageNanos = 0;
        lastWrote = true;
    }
}
