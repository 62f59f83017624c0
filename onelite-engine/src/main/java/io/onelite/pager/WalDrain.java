package io.onelite.pager;

import java.util.concurrent.locks.LockSupport;

/**
 * Lets the WAL restart under a steady stream of overlapping transactions of this JVM (concurrent
 * writers, each holding a read mark from its first read to the end of its commit). A WAL restarts
 * only when every frame is copied back and no reader uses it (SQLite's {@code walRestartLog}); with
 * one transaction always in flight there is never such a moment, so the WAL grows without bound
 * and each commit writes fresh file space.
 *
 * <p>When an auto-checkpoint stopped short because of this JVM's own readers, with the WAL grown
 * to {@link #FRAMES_FACTOR} times the auto-checkpoint threshold, new snapshots of this
 * JVM wait a moment ({@link #WAIT_NANOS} at first) while the transactions in flight finish; once
 * none uses the WAL a checkpoint copies everything back, and later readers see the WAL fully copied
 * and read the database file alone (READ(0)), so the next writer can restart the WAL. Best effort:
 * a reader held elsewhere (another process, a long transaction) makes the wait time out, and no new
 * drain starts for {@link #BACKOFF_NANOS}; the next one waits twice as long (up to
 * {@link #MAX_WAIT_NANOS}), since transactions that merely did not get a core in time finish
 * within a few time slices. A writer holding the write lock never waits (see
 * {@link Pager#beginRead(boolean)}). Waiting never changes what anyone reads.
 */
final class WalDrain {
    /** Longest a new reader waits for the drain, at first and again after a drain that finished. */
    static final long WAIT_NANOS = 2_000_000;
    /**
     * The longest wait after drains that timed out: each timeout doubles the next drain's wait up
     * to this (16 ms). Transactions in flight finish within a few scheduler time slices when many
     * threads share few cores, not within 2 ms (32 threads on 2 cores: every drain timed out and
     * the WAL never restarted, 650 KB a second of growth; the drains that finish there take 3-6 ms
     * with 32 or 64 threads). Bounded, because a long transaction of this JVM (a report reading for
     * seconds) makes every drain time out however long it waits: each then holds up the
     * transactions beginning meanwhile for the whole wait, once per backoff.
     */
    static final long MAX_WAIT_NANOS = 16_000_000;
    /** How often a waiting reader looks at first; it doubles up to {@link #MAX_LOOK_NANOS}. */
    private static final long FIRST_LOOK_NANOS = 20_000;
    /**
     * The longest pause between a waiting reader's looks: many waiting threads must not take the
     * cores that the transactions in flight need to finish.
     */
    private static final long MAX_LOOK_NANOS = 1_000_000;
    /**
     * A drain is requested only once the WAL holds this many times the auto-checkpoint threshold
     * (4: 4,000 frames, 16 MB of 4 KB pages, by default), not at the threshold: each drain makes
     * every transaction that begins meanwhile wait for the ones in flight, up to
     * {@link #WAIT_NANOS}; at the threshold that was about 1% of the transactions of 8 writers
     * with 2 ms of work inside (the p99 of their wait), at four times it is a quarter of that.
     */
    static final int FRAMES_FACTOR = 4;
    /**
     * After a drain that timed out, none starts again for this long, doubled after each further
     * timeout up to {@link #MAX_BACKOFF_NANOS} and back to this after a drain that finished: with
     * transactions that always overlap for longer than {@link #WAIT_NANOS}, every drain times out,
     * and each one made every transaction beginning meanwhile wait the whole 2 ms (8 writers with
     * 2 ms of work: p99 of the wait 2.1 ms against a p50 of 30 µs).
     */
    static final long BACKOFF_NANOS = 200_000_000;
    /** The longest backoff after drains that kept timing out: 6.4 s. */
    static final long MAX_BACKOFF_NANOS = 32 * BACKOFF_NANOS;

    /** What the drain needs from the pager. */
    interface Target {
        /** Whether a reader of this JVM holds a snapshot that uses the WAL. */
        boolean readersInWal();

        /** A PASSIVE checkpoint that never waits; failures are ignored (best effort). */
        void checkpointNow();
    }

    private enum State { IDLE, DRAINING, CHECKPOINTING }

    private final Target target;
    private volatile State state = State.IDLE;
    private long deadline;
    private long quietUntil;
    private long backoff = BACKOFF_NANOS;
    private long wait = WAIT_NANOS;

    WalDrain(Target target) {
        this.target = target;
        this.quietUntil = System.nanoTime();
    }

    /** An auto-checkpoint stopped short while this JVM's readers used the WAL: drain, unless backing off. */
    synchronized void request() {
        long now = System.nanoTime();
        if (state == State.IDLE && now - quietUntil >= 0) {
            deadline = now + wait;
            state = State.DRAINING;
        }
    }

    boolean active() {
        return state != State.IDLE;
    }

    /** Before a new snapshot: waits while a drain runs (bounded), finishing it when the readers are gone. */
    void awaitBeforeRead() {
        long look = FIRST_LOOK_NANOS;
        while (state != State.IDLE) {
            if (state == State.DRAINING && !target.readersInWal() && claimCheckpoint()) {
                try {
                    target.checkpointNow();
                } finally {
                    end(false);
                }
                return;
            }
            if (System.nanoTime() - deadlineNanos() > 0 || Thread.currentThread().isInterrupted()) {
                end(true);
                return;
            }
            LockSupport.parkNanos(look);
            look = Math.min(MAX_LOOK_NANOS, 2 * look);
        }
    }

    private synchronized long deadlineNanos() {
        return deadline;
    }

    private synchronized boolean claimCheckpoint() {
        if (state != State.DRAINING) {
            return false;
        }
        state = State.CHECKPOINTING;
        return true;
    }

    private synchronized void end(boolean timedOut) {
        if (timedOut && state == State.DRAINING) {
            quietUntil = System.nanoTime() + backoff;
            backoff = Math.min(MAX_BACKOFF_NANOS, 2 * backoff);
            wait = Math.min(MAX_WAIT_NANOS, 2 * wait);
            state = State.IDLE;
        } else if (!timedOut) {
            backoff = BACKOFF_NANOS;
            wait = WAIT_NANOS;
            state = State.IDLE;
        }
    }

    /** Tests: lets the next request start a drain now, as if the backoff had run out. */
    synchronized void endBackoffForTests() {
        quietUntil = System.nanoTime();
    }

    /** How long the next drain waits for the transactions in flight (for tests). */
    synchronized long nextWaitNanos() {
        return wait;
    }

    /** How long the next timed-out drain keeps drains off (for tests). */
    synchronized long nextBackoffNanos() {
        return backoff;
    }
}
