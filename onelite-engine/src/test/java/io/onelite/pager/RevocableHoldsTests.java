package io.onelite.pager;

import io.onelite.testing.Threads;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The adaptive BEGIN CONCURRENT wait for the write lock ({@link RevocableHolds#acquireWhileMoving}):
 * it waits on while the lock passes from writer to writer, and gives up on a holder that keeps it.
 */
class RevocableHoldsTests {
    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);

    @Test
    void aWriterGivesUpOnAHolderThatKeepsTheLock() throws Exception {
        WriteGate gate = new WriteGate(0, Long.MAX_VALUE); // strict FIFO
        RevocableHolds holds = new RevocableHolds(gate);
        assertThat(gate.acquire(System.nanoTime() + 1000 * MS)).isTrue(); // held and kept
        long start = System.nanoTime();
        assertThat(holds.acquireWhileMoving(20 * MS, start + 10_000 * MS)).isFalse();
        long waited = System.nanoTime() - start;
        assertThat(waited).isBetween(20 * MS, 5_000 * MS);
        gate.release();
        assertThat(gate.isHeld()).isFalse(); // the writer that gave up left the queue
    }

    /**
     * Five writers ahead of it hold the lock 30 ms each, once it queues: 150 ms, more than the
     * 100 ms a single holder may keep it. The lock keeps moving, so the writer waits its turn, after
     * all five, rather than giving up at 100 ms. (A holder would have to be held up 70 ms past its
     * sleep to look stuck: 10 ms holds against 20 ms failed once in a loaded full-suite run.)
     */
    @Test
    void aWriterWaitsItsTurnWhileTheLockPassesFromWriterToWriter() throws Exception {
        WriteGate gate = new WriteGate(0, Long.MAX_VALUE);
        RevocableHolds holds = new RevocableHolds(gate);
        AtomicInteger released = new AtomicInteger();
        List<Thread> ahead = queueWritersHolding(gate, 5, 30, released);
        long start = System.nanoTime();
        assertThat(holds.acquireWhileMoving(100 * MS, start + 10_000 * MS)).isTrue();
        assertThat(System.nanoTime() - start).isGreaterThan(120 * MS);
        assertThat(released.get()).as("every writer ahead had its turn first").isEqualTo(5);
        gate.release();
        for (Thread t : ahead) {
            t.join();
        }
    }

    @Test
    void aWriterGivesUpAtItsLongestWaitHoweverTheLockMoves() throws Exception {
        WriteGate gate = new WriteGate(0, Long.MAX_VALUE);
        RevocableHolds holds = new RevocableHolds(gate);
        List<Thread> ahead = queueWritersHolding(gate, 10, 10, new AtomicInteger()); // 100 ms of holds ahead
        long start = System.nanoTime();
        assertThat(holds.acquireWhileMoving(20 * MS, start + 30 * MS)).isFalse();
        for (Thread t : ahead) {
            t.join();
        }
        assertThat(gate.isHeld()).isFalse();
    }

    /**
     * Starts {@code n} writers that queue one after another and each hold the lock {@code holdMs}
     * (counted in {@code released} as they let it go); the first holds it already when this
     * returns, the others queue behind it, and the first starts its hold once one more writer (the
     * test's) queues too, so every hold runs while that writer waits.
     */
    private static List<Thread> queueWritersHolding(WriteGate gate, int n, long holdMs, AtomicInteger released)
            throws InterruptedException {
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            boolean first = i == 0;
            Thread t = new Thread(() -> {
                try {
                    if (gate.acquire(System.nanoTime() + 30_000 * MS)) {
                        while (first && gate.queued() < n) {
                            Thread.sleep(1);
                        }
                        Thread.sleep(holdMs);
                        released.incrementAndGet();
                        gate.release();
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            t.start();
            if (i == 0) {
                while (!gate.isHeld()) {
                    Thread.onSpinWait();
                }
            } else {
                Threads.awaitParked(t); // queued (parked) before the next one starts: their order is known
            }
            threads.add(t);
        }
        return threads;
    }
}
