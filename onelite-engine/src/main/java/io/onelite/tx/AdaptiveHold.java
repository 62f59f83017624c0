package io.onelite.tx;

import io.onelite.pager.Pager;
import io.onelite.pager.Snapshot;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The write lock held by an adaptive BEGIN CONCURRENT transaction since its first access
 * (docs/concurrency.md, "Adaptive BEGIN CONCURRENT"). While it holds, the transaction reads the
 * newest state without a read mark, as IMMEDIATE does, and commits without validation. It can be
 * revoked, by its own thread when it has held the lock for {@link AdaptiveHistory#HOLD_NANOS} or
 * by a writer of this JVM about to wait ({@link Pager.RevocableHold}): the state it reads is then
 * pinned by a read mark ({@link Pager#keepReadable}), the lock released, and the transaction goes
 * on as an ordinary optimistic one on that snapshot.
 *
 * <p>States: HOLDING, then either REVOKING and REVOKED (whoever won the race to revoke pinned the
 * state and released the lock), or OWNED (its own thread commits or ends under the lock; no
 * revocation any more). One atomic decides.
 */
final class AdaptiveHold implements Pager.RevocableHold {
    private static final int SETTING_UP = 0;
    private static final int HOLDING = 1;
    private static final int REVOKING = 2;
    private static final int REVOKED = 3;
    private static final int OWNED = 4;

    private final Pager pager;
    private final Shared shared;
    private volatile long revocableAt;
    private final AtomicInteger state = new AtomicInteger(SETTING_UP);
    /** The writer's view the transaction reads (its snapshot); set before HOLDING. */
    private Snapshot view;
    /** After a revocation: the read-marked snapshot that keeps {@link #view} readable. */
    private volatile Snapshot pin;

    /** {@code nowNanos}: the transaction's first access, when it asks for the lock. */
    AdaptiveHold(Pager pager, Shared shared, long nowNanos) {
        this.pager = pager;
        this.shared = shared;
        this.revocableAt = nowNanos + AdaptiveHistory.HOLD_NANOS;
    }

    /**
     * The transaction, which took the lock at {@code lockedAtNanos}, is set up on {@code writerView}:
     * from now on the hold may be revoked.
     */
    void ready(Snapshot writerView, long lockedAtNanos) {
        this.view = writerView;
        long at = lockedAtNanos + AdaptiveHistory.HOLD_NANOS;
        if (at != revocableAt) {
            revocableAt = at; // the lock was waited for: the hold counts from when it was granted
        }
        state.lazySet(HOLDING); // publishes view; revokers see HOLDING at their CAS, no fence needed here
    }

    @Override
    public long revocableAtNanos() {
        return revocableAt;
    }

    /** Any thread: pins the state read, releases the lock; false if committing, ending or revoked. */
    @Override
    public boolean revoke() {
        if (!state.compareAndSet(HOLDING, REVOKING)) {
            return false;
        }
        Snapshot p;
        try {
            p = pager.keepReadable(view);
        } catch (RuntimeException e) {
            p = null;
        }
        if (p == null) {
            state.set(HOLDING); // cannot pin now: it keeps the lock, as IMMEDIATE would
            return false;
        }
        pin = p;
        try {
            pager.unlockWrite();
        } finally {
            state.set(REVOKED);
            shared.revocations.increment();
        }
        return true;
    }

    /**
     * Tests only: false leaves revoking to waiting writers (no revocation by the hold's own thread or
     * by {@link HoldWatch}), so that a test on a loaded machine can rely on a hold lasting until a
     * writer waits for it.
     */
    static volatile boolean revokedByTime = true;

    /** Its own thread, at a statement's access: gives the lock up once it has held it long enough. */
    void checkHeld() {
        if (revokedByTime && state.get() == HOLDING && System.nanoTime() - revocableAt >= 0) {
            revoke();
        }
    }

    /**
     * Its own thread, to commit or end: true if it still holds the lock (and now owns it: nobody can
     * revoke it any more), false if it was revoked. Waits out a revocation in progress.
     */
    boolean own() {
        while (true) {
            int s = state.get();
            if (s == OWNED) {
                return true;
            }
            if (s == REVOKED) {
                return false;
            }
            if (s == HOLDING && state.compareAndSet(HOLDING, OWNED)) {
                return true;
            }
            Thread.onSpinWait(); // REVOKING: a few lock calls, then REVOKED
            Thread.yield();
        }
    }

    /** Whether it was revoked (the transaction is optimistic now). */
    boolean revoked() {
        return state.get() == REVOKED;
    }

    /** After a revocation, the read-marked snapshot to release at the end; else null. */
    Snapshot pin() {
        return pin;
    }
}
