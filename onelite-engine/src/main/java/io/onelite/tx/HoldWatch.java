package io.onelite.tx;

import io.onelite.pager.Pager;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.locks.LockSupport;

/**
 * Bounds how long an adaptive hold ({@link AdaptiveHold}) whose thread sits in application code
 * keeps the write lock from other processes: one daemon thread per JVM looks every
 * {@link #PERIOD_NANOS} at the pagers that had holds and revokes a hold revocable for
 * {@link #IDLE_NANOS} (writers of this JVM revoke it themselves when they wait). It parks for good
 * when no hold began for a second, and a new hold wakes it.
 */
final class HoldWatch {
    static final long PERIOD_NANOS = 5_000_000;
    static final long IDLE_NANOS = 1_000_000;
    private static final long QUIET_NANOS = 1_000_000_000L;
    /** How stale {@link #lastHoldNanos} may be: a small part of {@link #QUIET_NANOS}. */
    private static final long STAMP_NANOS = 1_000_000;
    private static final HoldWatch INSTANCE = new HoldWatch();

    private final Set<Pager> pagers = Collections.newSetFromMap(new WeakHashMap<>());
    private volatile long lastHoldNanos = System.nanoTime();
    private volatile boolean asleep = true;
    private Thread thread;

    /**
     * A hold began on {@code pager} at {@code nowNanos}; {@code registered}: the pager is already
     * watched.
     */
    static void holdBegan(Pager pager, boolean registered, long nowNanos) {
        INSTANCE.began(pager, registered, nowNanos);
    }

    private void began(Pager pager, boolean registered, long nowNanos) {
        if (nowNanos - lastHoldNanos > STAMP_NANOS) {
            lastHoldNanos = nowNanos; // not at every hold: every writer's hold would write this line
        }
        if (!registered || asleep) {
            wake(pager);
        }
    }

    private synchronized void wake(Pager pager) {
        pagers.add(pager);
        if (thread == null) {
            thread = new Thread(this::run, "onelite-hold-watch");
            thread.setDaemon(true);
            asleep = false;
            thread.start();
        } else if (asleep) {
            asleep = false;
            LockSupport.unpark(thread);
        }
    }

    private void run() {
        while (true) {
            LockSupport.parkNanos(this, PERIOD_NANOS);
            List<Pager> watched;
            synchronized (this) {
                watched = new ArrayList<>(pagers);
            }
            for (Pager p : watched) {
                if (!AdaptiveHold.revokedByTime) {
                    break;
                }
                try {
                    p.revokeHoldIdleFor(IDLE_NANOS);
                } catch (RuntimeException ignored) {
                    // the hold stays; its own thread or a waiter revokes or ends it
                }
            }
            if (System.nanoTime() - lastHoldNanos > QUIET_NANOS) {
                asleep = true;
                if (System.nanoTime() - lastHoldNanos > QUIET_NANOS) { // no hold began meanwhile
                    while (asleep) {
                        LockSupport.park(this);
                    }
                } else {
                    asleep = false;
                }
            }
        }
    }
}
