package io.onelite.pager;

import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * The in-JVM half of the write lock: one permit, waiters queue FIFO and the releasing thread
 * hands the permit to the first waiter (a fair semaphore; no sleep-polling). Not owned by a
 * thread, so a transaction may release it from another thread than the one that took it.
 */
final class WriteGate {
    private final Semaphore permit = new Semaphore(1, true);

    /** Waits until {@code deadlineNanos} (System.nanoTime based); false on timeout. */
    boolean acquire(long deadlineNanos) throws InterruptedException {
        long wait = deadlineNanos - System.nanoTime();
        return permit.tryAcquire(Math.max(0, wait), TimeUnit.NANOSECONDS);
    }

    /** Takes the permit only if free and nobody queues for it (respects FIFO order). */
    boolean tryAcquire() {
        try {
            return permit.tryAcquire(0, TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    void release() {
        permit.release();
    }

    boolean isHeld() {
        return permit.availablePermits() == 0;
    }
}
