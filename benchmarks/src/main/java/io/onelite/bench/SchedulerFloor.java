package io.onelite.bench;

import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The machine's own floor for the Writers benchmark's fairness figure (wait p99 against p50), with
 * no database at all: W threads each run N rounds of "work" (spin or sleep, outside any lock) then a
 * short CPU-bound section standing in for a transaction's statements and commit, and the section's
 * elapsed time (including any wait for a lock and for a CPU) is measured as Writers measures a
 * transaction's wait. {@code --lock none} runs the section without a lock (only the scheduler
 * spreads it), {@code --lock java} under one {@code java.util.concurrent.locks.ReentrantLock}
 * (barging, parking waiters) and {@code --lock fair} under a fair one (FIFO hand-off).
 *
 * <p>With more runnable threads than cores (spin work, or no work) a section that the scheduler
 * preempts waits for the other threads' time slices, whatever the lock: that bounds what any
 * engine's p99 can be on the machine.
 *
 * <pre>
 * usage: SchedulerFloor [--writers 8] [--per-writer 2000] [--work-us 200] [--work-kind spin|sleep]
 *                       [--section-us 20] [--lock none,java,fair] [--rounds 3]
 * </pre>
 */
public final class SchedulerFloor {
    private SchedulerFloor() {
    }

    public static void main(String[] args) throws InterruptedException {
        BenchArgs a = new BenchArgs(args);
        int writers = a.getInt("writers", 8);
        int perWriter = a.getInt("per-writer", 2000);
        int workUs = a.getInt("work-us", 200);
        boolean sleep = a.get("work-kind", "spin").equals("sleep");
        int sectionUs = a.getInt("section-us", 20);
        int rounds = a.getInt("rounds", 3);
        System.out.printf(Locale.ROOT, "%d threads x %d, work %d us (%s) outside the lock, section %d us of CPU;"
                        + " %d cores, Java %s%n", writers, perWriter, workUs, sleep ? "sleep" : "spin", sectionUs,
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"));
        for (String lock : a.get("lock", "none,java,fair").split(",")) {
            for (int r = 0; r < rounds; r++) {
                long[] waits = run(writers, perWriter, workUs, sleep, sectionUs, lock);
                Arrays.sort(waits);
                long p50 = waits[waits.length / 2];
                long p99 = waits[waits.length * 99 / 100];
                System.out.printf(Locale.ROOT, "lock %-4s round %d: section p50 %,6d us, p99 %,7d us, max %,7d us,"
                                + " p99/p50 %6.1f%n", lock, r + 1, p50, p99, waits[waits.length - 1],
                        p99 / (double) Math.max(1, p50));
            }
        }
    }

    /** One run: every section's elapsed time in microseconds. */
    private static long[] run(int writers, int perWriter, int workUs, boolean sleep, int sectionUs, String lock)
            throws InterruptedException {
        ReentrantLock l = switch (lock) {
            case "none" -> null;
            case "java" -> new ReentrantLock(false);
            case "fair" -> new ReentrantLock(true);
            default -> throw new IllegalArgumentException("--lock is none, java or fair: " + lock);
        };
        long[][] waits = new long[writers][perWriter];
        Thread[] threads = new Thread[writers];
        for (int w = 0; w < writers; w++) {
            int writer = w;
            threads[w] = new Thread(() -> {
                for (int i = 0; i < perWriter; i++) {
                    work(workUs, sleep);
                    long t0 = System.nanoTime();
                    if (l != null) {
                        l.lock();
                    }
                    try {
                        Writers.spin(sectionUs);
                    } finally {
                        if (l != null) {
                            l.unlock();
                        }
                    }
                    waits[writer][i] = (System.nanoTime() - t0) / 1000;
                }
            }, "floor-" + w);
            threads[w].start();
        }
        for (Thread t : threads) {
            t.join();
        }
        return Arrays.stream(waits).flatMapToLong(Arrays::stream).toArray();
    }

    private static void work(int us, boolean sleep) {
        if (us <= 0) {
            return;
        }
        if (sleep) {
            LockSupport.parkNanos(us * 1000L);
        } else {
            Writers.spin(us);
        }
    }
}
