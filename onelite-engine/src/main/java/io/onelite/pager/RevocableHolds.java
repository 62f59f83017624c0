package io.onelite.pager;

/**
 * The in-JVM write lock's waits beside {@link Pager.RevocableHold}s (adaptive BEGIN CONCURRENT,
 * docs/concurrency.md): which hold has the lock now, and a wait on the {@link WriteGate} in one
 * place of its queue whose head revokes that hold when it may be revoked, and, for an adaptive
 * transaction's first access, that gives up on a holder that keeps the lock. Without revocable
 * holds in use the wait is the gate's own.
 */
final class RevocableHolds {
    /**
     * How often the head waiter behind a revocable hold looks whether to revoke it: a holder idle
     * in application code must not keep the lock from this JVM's writers, but a waiter that woke up
     * at every short hold would cost a thread switch per transaction.
     */
    static final long REVOKE_CHECK_NANOS = 5_000_000;
    /** Revocable holds count as in use for this long after the last one began. */
    static final long RECENT_NANOS = 50_000_000;
    /** How far behind the last hold's begin {@link #seenAt} may lag: a small part of {@link #RECENT_NANOS}. */
    private static final long SEEN_STEP_NANOS = 1_000_000;

    private final WriteGate gate;
    /** The hold that has the write lock, or null. */
    private volatile Pager.RevocableHold current;
    /** When a revocable hold last began (System.nanoTime). */
    private volatile long seenAt = System.nanoTime() - 2 * RECENT_NANOS;

    RevocableHolds(WriteGate gate) {
        this.gate = gate;
    }

    /**
     * {@code hold} has just taken the write lock. Its revocable time stands for when it began (a
     * bound of the order of 100 µs later, next to {@link #RECENT_NANOS}), and {@link #seenAt} is
     * written only when it moved by a millisecond: not a clock read and a store per hold.
     */
    void held(Pager.RevocableHold hold) {
        current = hold;
        long at = hold.revocableAtNanos();
        if (at - seenAt > SEEN_STEP_NANOS) {
            seenAt = at;
        }
    }

    /** The write lock is being released (by anyone). */
    void released() {
        current = null;
    }

    /** Revokes the current hold if it could have been revoked for {@code nanos} already. */
    void revokeIdleFor(long nanos) {
        Pager.RevocableHold h = current;
        if (h != null && System.nanoTime() - h.revocableAtNanos() >= nanos) {
            h.revoke();
        }
    }

    /**
     * The gate, as {@link WriteGate#acquire}. While revocable holds are in use (one began in the
     * last {@link #RECENT_NANOS}), the waiter at the head of the queue looks whether the holder is
     * one that may be revoked by now and revokes it: when the hold it found may first be revoked,
     * then every {@link #REVOKE_CHECK_NANOS}, keeping its place in the gate's queue; with
     * {@code revokeAtDeadline} any waiter also revokes at its deadline, so a revocable hold never
     * makes a writer fail with BUSY. Waiters behind the head do not look (a revocation would hand
     * the lock to the head anyway, and 7 waiters looking every 5 ms cost CONCURRENT 3-4% of its
     * commits with no work); {@code tx.HoldWatch} revokes a hold idle for 1 ms whoever waits.
     */
    boolean acquire(long deadline, boolean revokeAtDeadline) throws InterruptedException {
        return acquire(deadline, revokeAtDeadline, false);
    }

    /** As {@link #acquire(long, boolean)}; {@code committing}: see {@link WriteGate#enter(long, boolean)}. */
    boolean acquire(long deadline, boolean revokeAtDeadline, boolean committing) throws InterruptedException {
        return acquire(deadline, revokeAtDeadline, 0, deadline, committing);
    }

    /**
     * As {@link #acquire(long, boolean)} without revoking at the deadline, for a writer that would
     * rather go on without the lock than wait for a holder that keeps it: false once one holder has
     * kept the lock for {@code stallNanos} while this waits, or at {@code capDeadline}; while the
     * lock passes from holder to holder (a round of other writers' slices) it waits on.
     */
    boolean acquireWhileMoving(long stallNanos, long capDeadline) throws InterruptedException {
        return acquire(Math.min(System.nanoTime() + stallNanos, capDeadline), false, stallNanos, capDeadline, false);
    }

    private boolean acquire(long deadline, boolean revokeAtDeadline, long stallNanos, long capDeadline,
                            boolean committing) throws InterruptedException {
        WriteGate.Waiter place = gate.enter(capDeadline, committing);
        if (place == null) {
            return true;
        }
        boolean first = true;
        while (true) {
            Pager.RevocableHold h = current;
            long now = System.nanoTime();
            if (deadline - now <= 0) {
                long heldFor = gate.heldNanos(now);
                if (stallNanos > 0 && heldFor < stallNanos && capDeadline - now > 0) {
                    deadline = Math.min(now + stallNanos - heldFor, capDeadline); // the lock moves: wait on
                    continue;
                }
                if (h != null && revokeAtDeadline) {
                    h.revoke();
                }
                return gate.await(place, now) || gate.leave(place);
            }
            long until = deadline;
            // only the head looks: a revocation hands the lock to it, and a look is a wake-up
            if ((h != null || now - seenAt <= RECENT_NANOS) && gate.isHead(place)) {
                until = Math.min(deadline, now + REVOKE_CHECK_NANOS);
                if (h != null) {
                    long at = h.revocableAtNanos();
                    if (now - at >= 0) {
                        if (h.revoke()) {
                            continue; // the lock is free or handed on
                        }
                    } else if (first && at - until < 0) {
                        until = at; // once: a stream of short holds would wake every waiter at each of them
                    }
                }
                first = false;
            }
            if (gate.await(place, until)) {
                return true;
            }
        }
    }
}
