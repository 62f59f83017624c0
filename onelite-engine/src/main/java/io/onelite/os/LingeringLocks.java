package io.onelite.os;

import io.onelite.common.Durations;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.LockSupport;

/**
 * Gives back the shared locks that {@link LockTable#unlockSharedLingering} kept from the OS once
 * nobody in this JVM has taken them again for {@link #LINGER_NANOS}: one daemon thread for the
 * JVM, which looks every {@link #LINGER_NANOS} while some table has a lingering lock and parks
 * for good once none has had one for {@link #IDLE_LOOKS} looks (the next lingering lock wakes it).
 *
 * <p>Why locks linger (docs/wal.md, "Read locks kept between transactions"): a read
 * transaction holds a read-mark lock of the {@code -shm} shared, taken and given back with two
 * {@code fcntl} calls; kept for the next transaction of this JVM, they cost nothing. A point
 * select by key spent most of its time in those two calls.
 */
final class LingeringLocks {
    /**
     * How long a shared lock nobody holds is kept for the next taker in this JVM: 1 ms, or the
     * system property {@code onelite.readLockLingerMicros} (0: given back at once, as before).
     * Other processes see a reader for that long at most, plus one look of the reaper.
     */
    static final long LINGER_NANOS = Durations.microsProperty("onelite.readLockLingerMicros", 1000);
    /**
     * How long one OS lock may be kept going from transaction to transaction: 20 times
     * {@link #LINGER_NANOS}. Past it, its next release gives it back to the OS and the range does
     * not linger for {@link #QUIET_NANOS}, so that under a steady stream of transactions another
     * process's checkpoint still finds the read marks free now and then, as it did when every
     * transaction gave its lock back.
     */
    static final long MAX_KEEP_NANOS = 20 * LINGER_NANOS;
    /** After one lock was kept {@link #MAX_KEEP_NANOS}, how long its range does not linger. */
    static final long QUIET_NANOS = LINGER_NANOS;
    /**
     * Idle looks (about 50 ms) after which the reaper parks until the next lingering lock wakes
     * it: an application that reads now and then does not keep a thread ticking every millisecond.
     */
    private static final long IDLE_LOOKS = 50;

    private static final Set<LockTable> TABLES = ConcurrentHashMap.newKeySet();
    private static volatile boolean sleeping = true;
    private static Thread reaper; // guarded by the class

    private LingeringLocks() {
    }

    /** {@code table} keeps a lingering lock now (called under its monitor, once until it has none). */
    static void watch(LockTable table) {
        TABLES.add(table);
        if (sleeping) { // Dekker with the reaper: it sets sleeping, then looks at TABLES again
            LockSupport.unpark(reaper());
        }
    }

    /** {@code table} has no lingering lock any more (called under its monitor). */
    static void unwatch(LockTable table) {
        TABLES.remove(table);
    }

    private static synchronized Thread reaper() {
        if (reaper == null) {
            reaper = new Thread(LingeringLocks::reap, "onelite-lock-linger");
            reaper.setDaemon(true);
            reaper.start();
        }
        return reaper;
    }

    private static void reap() {
        sleeping = false;
        long idle = 0;
        while (true) {
            if (TABLES.isEmpty() && idle >= IDLE_LOOKS) {
                sleeping = true;
                if (TABLES.isEmpty()) {
                    LockSupport.park(LingeringLocks.class);
                }
                sleeping = false;
                idle = 0;
            }
            LockSupport.parkNanos(LingeringLocks.class, Math.max(LINGER_NANOS, 100_000));
            if (TABLES.isEmpty()) {
                idle++;
                continue;
            }
            idle = 0;
            long now = System.nanoTime();
            for (LockTable t : TABLES) {
                try {
                    t.releaseLingering(now, LINGER_NANOS);
                } catch (RuntimeException e) {
                    unwatch(t); // its file is gone: nothing left to give back
                }
            }
        }
    }
}
