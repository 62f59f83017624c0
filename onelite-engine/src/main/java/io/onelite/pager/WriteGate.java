package io.onelite.pager;

import io.onelite.common.Durations;

import java.util.concurrent.locks.LockSupport;

/**
 * The in-JVM half of the write lock: one permit, waiters queue FIFO and park (no sleep-polling).
 * Not owned by a thread, so a transaction may release it from another thread than the one that
 * took it.
 *
 * <p><b>Bounded barging</b> (docs/concurrency.md, "The write lock's hand-off"): the thread that
 * took the permit last owns a <em>slice</em> of {@link #SLICE_NANOS}. While its slice runs, that
 * thread may take the permit again when it is free even if others queue (a writer that commits
 * and begins again runs its next transaction at once, as with SQLite's sleeping busy handler,
 * instead of paying a thread wake-up per transaction); while the owner keeps coming back, the
 * oldest waiter looks every {@link #POLL_NANOS} (woken by a release in the slice only when it is
 * not looking already) and takes the permit if the owner has not come back within
 * {@link #GRACE_NANOS} of its release. A release after the slice has run out hands the permit
 * straight to the oldest waiter (FIFO), which starts its own slice, and the old owner queues
 * behind the others; so does a release in the slice by a thread whose holds are long
 * ({@link #BARGE_MAX_HOLD_NANOS}: barging pays off for short transactions only) or when the
 * oldest waiter's busy timeout would end before the slice (a short timeout is not spent waiting for
 * a barging writer), or when the oldest waiter commits work already done (a commit pipeline's
 * leader: it queues ahead of writers waiting to begin, its hold is short, and finished work should
 * not wait out a slice; the owner gets the permit back after it, in its slice). So a waiter waits
 * at most about one slice per writer ahead of it (plus the transaction running at the slice's
 * end), however often the owner begins again. The slice is long (10 ms) so that the waits of a
 * round of slices fall on fewer than 1% of short transactions, and short
 * ({@link #SHORT_SLICE_NANOS}) while a writer whose transactions hold the permit long queues,
 * which gets one transaction per turn.
 *
 * <p>A waiter keeps its place in the queue while it stops waiting to look around
 * ({@link #enter}, {@link #await}, {@link #leave}): {@code RevocableHolds} looks whether to revoke
 * the holder every few ms without going to the back of the queue each time.
 *
 * <p><b>The OS write lock kept between holders</b> (docs/concurrency.md): a holder that releases
 * the permit while others queue may leave the WAL write lock that other processes see held by this
 * process ({@link #release(boolean)}), so that the next holder of this JVM starts writing without
 * two fcntl calls; the next holder learns it from {@link #takeKeptOsLock()}. Whoever leaves the
 * permit idle (free, nobody queued) gives the kept lock back to the OS at once, through the
 * {@code releaseKeptOsLock} action, under this monitor.
 *
 * <p>Invariants (guarded by {@code this}):
 * <ol>
 *   <li>{@code held} or not, a queued waiter takes the permit only when it is at the head.</li>
 *   <li>Whenever the permit is free and someone queues, the head has been unparked since it was
 *       freed, or it parked polling (for at most {@link #POLL_NANOS}, or the rest of the owner's
 *       {@link #GRACE_NANOS}), so it cannot sleep
 *       through a free permit.</li>
 *   <li>A thread that is not the slice owner never takes a free permit while someone queues.</li>
 *   <li>{@code osLockKept} only while the permit is held or someone queues: an idle permit never
 *       keeps other processes from the WAL write lock.</li>
 * </ol>
 */
final class WriteGate {
    /**
     * How long the permit's last taker may keep re-taking it ahead of queued waiters: 10 ms, or
     * the system property {@code onelite.writeSliceMicros} (0: strict FIFO hand-off at every
     * release), read when a pager is created.
     */
    static final long SLICE_NANOS = 10_000_000;
    /**
     * A head waiter that finds the permit free inside the slice leaves it to the owner for this
     * long after its release (20 µs, or the system property {@code onelite.writeGraceMicros}; 0:
     * never), while the owner came back that quickly at its last release: the gap between one
     * transaction's COMMIT and the next one's first write is a few µs, and a head that polls into
     * it would otherwise take the permit once in every 20 or so transactions, cutting the slice
     * short and making the owner queue behind every other writer (with no work inside the
     * transactions, 1-2% of them waited a whole round of slices: wait p99/p50 400).
     */
    static final long GRACE_NANOS = 20_000;
    /**
     * A release barges (keeps the slice) only while the releasing thread's holds average under this
     * (100 µs, or the system property {@code onelite.writeBargeMaxHoldMicros}; {@link #HOLDS}): a
     * hand-off costs a thread wake-up (10-50 µs), which matters for short transactions only, and a
     * writer whose transactions hold the lock long (CPU work inside them) hands off FIFO. One long
     * hold among short ones (the thread preempted while it held the lock) keeps the slice, two in
     * a row give it up: handing off after each such hold made the writer wait out a round of the
     * others' slices right after its slow transaction, and with no work inside the transactions
     * those pairs of long waits were a large part of the 1% slowest.
     */
    static final long BARGE_MAX_HOLD_NANOS = 100_000;
    /**
     * While the slice owner keeps re-taking the permit, the head waiter parks at most this long
     * (50 µs, or the system property {@code onelite.writePollMicros}; 0, or a single CPU: woken at
     * every release instead) and looks whether the owner came back, rather than being woken at
     * each release: that wake-up, a system call on the owner's path at every transaction, was
     * wasted 98% of the time (the owner had come back).
     */
    static final long POLL_NANOS = 50_000;
    /**
     * The slice while a writer whose transactions hold the permit long queues (0.5 ms): such a
     * writer gets the permit once per round of turns, and a round of 10 ms slices of writers with
     * short transactions would leave it a sliver of the lock's time (4 writers without work beside
     * 4 holding it 250 us each: the latter ran 429 commits/s, against 1,471/s with 0.5 ms slices).
     */
    static final long SHORT_SLICE_NANOS = 500_000;
    /**
     * Per thread: a moving average (weight 1/4) of its holds, each counted at most three times
     * {@link #BARGE_MAX_HOLD_NANOS}, so that one long hold does not make the thread long and two
     * in a row do: the thread barges only while it is short, and the slice is short while a
     * thread whose average is long queues.
     */
    private static final ThreadLocal<long[]> HOLDS = ThreadLocal.withInitial(() -> new long[1]);
    /** The longest slice taken from a database's options (one hour: no clock arithmetic overflows). */
    private static final long MAX_SLICE_NANOS = 3_600_000_000_000L;

    /** A queued writer's place. */
    static final class Waiter {
        final Thread thread = Thread.currentThread();
        /**
         * When the waiter's busy timeout ends: a release in the slice hands the permit on when
         * this comes before the slice's end.
         */
        final long busyDeadlineNanos;
        /** Commits work already done: queued ahead of the others, handed the permit at a release whatever the slice. */
        static final int COMMITTING = 0;
        /** The slice owner, queued while a commit cut in: right behind the commits, handed the permit back. */
        static final int OWNER = 1;
        static final int OTHER = 2;
        /** Where it queues: behind every waiter of its rank or a lower one. */
        final int rank;
        /** Its thread's holds of the permit are long ({@link #HOLDS}: {@link #BARGE_MAX_HOLD_NANOS} or more). */
        final boolean longHolder;
        /** Set by a releasing thread that handed the permit over: the waiter holds it. */
        boolean granted;
        /**
         * The head parked for at most the poll interval, or was woken since it parked: a release
         * inside the slice need not wake it.
         */
        boolean polling;

        Waiter(long busyDeadlineNanos, int rank, boolean longHolder) {
            this.busyDeadlineNanos = busyDeadlineNanos;
            this.rank = rank;
            this.longHolder = longHolder;
        }
    }

    private final long sliceNanos;
    private final long maxBargeHoldNanos;
    private final long pollNanos;
    private final long graceNanos;
    /**
     * How long the slice owner's permit stayed free before it took it back last (MAX_VALUE: not
     * yet in this slice); the head grants the owner {@link #GRACE_NANOS} only while this is shorter.
     */
    private long bargeGapNanos = Long.MAX_VALUE;
    /** The last release inside a slice after a short hold: the head polls while these are recent. */
    private long lastBargeRelease;
    private long inSliceWakes;
    /** Gives the WAL write lock kept for the next holder back to the OS (run under this monitor). */
    private final Runnable releaseKeptOsLock;
    /** The OS write lock stays held by this process for the permit's next holder (invariant 4). */
    private boolean osLockKept;
    private long osLockKeeps;
    private final WriteQueue queue = new WriteQueue();
    private boolean held;
    /** The permit is held by a commit that cut into the owner's slice (the owner may queue right behind it). */
    private boolean heldByCommit;
    /** When the permit was last taken. */
    private long heldSince;
    /** The thread that took the permit last, and until when it may re-take it ahead of others. */
    private Thread sliceOwner;
    private long sliceEnd;
    private long handOffs;
    private long barges;

    /**
     * {@code sliceNanos} negative: the default slice ({@link #SLICE_NANOS}, or the system property);
     * 0: strict FIFO; the database's {@code write_slice_us} otherwise. {@code releaseKeptOsLock}
     * gives a kept OS write lock back (see {@link #release(boolean)}).
     */
    WriteGate(long sliceNanos, Runnable releaseKeptOsLock) {
        this(sliceNanos >= 0 ? Math.min(sliceNanos, MAX_SLICE_NANOS) : Durations.microsProperty("onelite.writeSliceMicros", SLICE_NANOS / 1000),
                Durations.microsProperty("onelite.writeBargeMaxHoldMicros", BARGE_MAX_HOLD_NANOS / 1000),
                defaultPollNanos(), defaultGraceNanos(), releaseKeptOsLock);
    }

    /**
     * {@code sliceNanos} 0: strict FIFO hand-off at every release (no barging); a release by a
     * thread whose holds average {@code maxBargeHoldNanos} or more hands off too.
     */
    WriteGate(long sliceNanos, long maxBargeHoldNanos) {
        this(sliceNanos, maxBargeHoldNanos, () -> { });
    }

    WriteGate(long sliceNanos, long maxBargeHoldNanos, Runnable releaseKeptOsLock) {
        this(sliceNanos, maxBargeHoldNanos, defaultPollNanos(), defaultGraceNanos(), releaseKeptOsLock);
    }

    /**
     * {@code pollNanos} 0: the head is woken at every release inside the slice; {@code graceNanos}
     * 0: a head that finds the permit free inside the slice takes it at once.
     */
    WriteGate(long sliceNanos, long maxBargeHoldNanos, long pollNanos, long graceNanos, Runnable releaseKeptOsLock) {
        this.pollNanos = pollNanos;
        this.graceNanos = graceNanos;
        this.lastBargeRelease = System.nanoTime() - Long.MAX_VALUE / 2; // long ago, whatever the clock's origin
        this.sliceNanos = sliceNanos;
        this.maxBargeHoldNanos = maxBargeHoldNanos;
        this.releaseKeptOsLock = releaseKeptOsLock;
    }

    /**
     * Waits until {@code deadlineNanos} (System.nanoTime based); false on timeout.
     *
     * @throws InterruptedException if interrupted on entry or while waiting (the permit is not taken)
     */
    boolean acquire(long deadlineNanos) throws InterruptedException {
        Waiter place = enter(deadlineNanos, false);
        return place == null || await(place, deadlineNanos) || leave(place);
    }

    /**
     * Takes the permit if allowed now (null), or queues the caller and returns its place, which it
     * keeps while it stops waiting to look around ({@link #await}) until it takes the permit or
     * {@link #leave}s. {@code busyDeadlineNanos}: when the caller gives up, the slice owner barging
     * ahead of it only while that is later than the slice's end; {@code committing}: the caller
     * commits work already done, and at the head it is handed the permit at the next release
     * whatever the slice (a commit is short, and waiting out a slice would hold up finished work).
     *
     * @throws InterruptedException if interrupted on entry (the permit is not taken)
     */
    Waiter enter(long busyDeadlineNanos, boolean committing) throws InterruptedException {
        if (Thread.interrupted()) {
            throw new InterruptedException(); // as a semaphore: an interrupted thread never takes it
        }
        synchronized (this) {
            if (takeIfAllowed()) {
                return null;
            }
            long now = System.nanoTime();
            int rank = committing ? Waiter.COMMITTING
                    : heldByCommit && sliceOwner == Thread.currentThread() && now - sliceEnd < 0 ? Waiter.OWNER : Waiter.OTHER;
            Waiter w = new Waiter(busyDeadlineNanos, rank, HOLDS.get()[0] >= maxBargeHoldNanos);
            queue.add(w);
            return w;
        }
    }

    /**
     * Waits in place {@code w} until the permit is the caller's (true) or {@code untilNanos} (false:
     * the caller still queues, and must {@code await} again or {@link #leave}).
     *
     * @throws InterruptedException if interrupted while waiting: the caller has left the queue
     */
    boolean await(Waiter w, long untilNanos) throws InterruptedException {
        while (true) {
            long parkNanos;
            synchronized (this) {
                if (w.granted) {
                    took(w, System.nanoTime());
                    return true;
                }
                long now = System.nanoTime();
                long freeFor = now - lastBargeRelease;
                boolean atHead = queue.head() == w;
                // the owner came back within the grace at its last release: give it the grace again
                boolean ownerMayReturn = !held && atHead && bargeGapNanos < graceNanos
                        && freeFor < graceNanos && now - sliceEnd < 0 && w.thread != sliceOwner;
                if (!held && atHead && !ownerMayReturn) { // woken by a release inside the owner's slice
                    queue.pollHead();
                    held = true;
                    took(w, now);
                    return true;
                }
                long left = untilNanos - now;
                if (Thread.interrupted()) {
                    leaveQueue(w);
                    throw new InterruptedException();
                }
                if (left <= 0) {
                    return false;
                }
                // the head polls while the owner barges (releases inside its slice do not wake it)
                w.polling = ownerMayReturn || pollNanos > 0 && atHead && freeFor < 4 * pollNanos;
                parkNanos = !w.polling ? left
                        : Math.min(left, ownerMayReturn ? Math.min(graceNanos - freeFor, sliceEnd - now) : pollNanos);
            }
            LockSupport.parkNanos(this, parkNanos);
        }
    }

    /**
     * The caller gives up its place: false, or true when the permit was handed to it meanwhile
     * (it holds the permit then, as if {@link #await} had returned true).
     */
    synchronized boolean leave(Waiter place) {
        if (place.granted) {
            took(place, System.nanoTime());
            return true;
        }
        leaveQueue(place);
        return false;
    }

    /** Whether {@code place} is the first in the queue. */
    synchronized boolean isHead(Waiter place) {
        return queue.head() == place;
    }

    /** How long the current holder has held the permit (0 while it is free). */
    synchronized long heldNanos(long now) {
        return held ? now - heldSince : 0;
    }

    /**
     * Takes the permit only if free and nobody queues for it, or the caller's slice runs; never
     * waits. False for an interrupted thread (its interrupt stays set).
     */
    synchronized boolean tryAcquire() {
        return !Thread.currentThread().isInterrupted() && takeIfAllowed();
    }

    /** As {@link #release(boolean)} with the OS write lock already given back. */
    void release() {
        release(false);
    }

    /**
     * Frees the permit: inside the slice of the thread that took it, while that thread's holds are
     * short, the head waiter takes it unless that thread comes back first (woken now unless it is
     * polling or was woken already, invariant (2)); past the slice, when the thread's holds average
     * {@link #BARGE_MAX_HOLD_NANOS} or more, or when the head waiter's busy timeout ends before
     * the slice does, the head waiter gets it.
     *
     * @param osLockHeld the caller still holds the OS write lock for this process: it is kept for
     *                   the next holder when someone queues, else given back now
     */
    void release(boolean osLockHeld) {
        Thread wake = null;
        synchronized (this) {
            assert !osLockKept : "a kept OS write lock was not taken by the holder";
            osLockKept = osLockHeld;
            heldByCommit = false;
            long now = System.nanoTime();
            long hold = now - heldSince;
            long[] avg = HOLDS.get();
            avg[0] += (Math.min(hold, 3 * maxBargeHoldNanos) - avg[0]) / 4;
            boolean shortHolder = avg[0] < maxBargeHoldNanos;
            Waiter head = queue.head();
            if (head == null) {
                held = false;
                giveBackIfIdle();
                return;
            }
            if (osLockHeld) {
                osLockKeeps++;
            }
            if (now - sliceEnd < 0 && head.busyDeadlineNanos - sliceEnd > 0 && head.rank == Waiter.OTHER
                    && shortHolder
                    && (!queue.hasLongHolders() || now - (sliceEnd - sliceNanos) < Math.min(sliceNanos, SHORT_SLICE_NANOS))) {
                held = false; // the owner may barge back; the head competes for it from now on
                lastBargeRelease = now;
                if (!head.polling) { // invariant (2): a polling head looks within pollNanos
                    wake = head.thread;
                    head.polling = true; // woken: it looks as soon as it runs, later releases need not wake it again
                    inSliceWakes++;
                }
            } else {
                queue.pollHead();
                heldByCommit = head.rank == Waiter.COMMITTING; // before it runs: the owner may queue behind it now
                head.granted = true; // held stays true: handed over, nobody can slip in between
                handOffs++;
                wake = head.thread;
            }
        }
        if (wake != null) {
            LockSupport.unpark(wake);
        }
    }

    /** Forgets the calling thread's holds (tests: a thread whose holds were short). */
    static void forgetHolds() {
        HOLDS.get()[0] = 0;
    }

    /** The slice a releasing writer may re-take the permit in (0: strict FIFO; for tests). */
    long sliceNanos() {
        return sliceNanos;
    }

    synchronized boolean isHeld() {
        return held;
    }

    /**
     * For the permit's holder, right after taking it: whether the previous holder kept the OS
     * write lock for it (it then holds that lock now, and must release it through
     * {@link #release(boolean)}); the flag is cleared.
     */
    synchronized boolean takeKeptOsLock() {
        assert held : "takeKeptOsLock without the permit";
        boolean kept = osLockKept;
        osLockKept = false;
        return kept;
    }

    /** Releases that kept the OS write lock for a queued writer (for tests). */
    synchronized long osLockKeeps() {
        return osLockKeeps;
    }

    /** Writers queued now (for tests). */
    synchronized int queued() {
        return queue.size();
    }

    /** Permits passed to a waiter at a release past the slice (for tests). */
    synchronized long handOffs() {
        return handOffs;
    }

    /** Releases inside a slice that woke the head waiter (for tests: a polling head is not woken). */
    synchronized long inSliceWakes() {
        return inSliceWakes;
    }

    /** Permits taken back by the slice owner while others were queued (for tests). */
    synchronized long barges() {
        return barges;
    }

    /** Under {@code this}: takes the free permit if nobody queues, or the caller's slice runs (invariant 3). */
    private boolean takeIfAllowed() {
        if (held) {
            return false;
        }
        long now = System.nanoTime();
        boolean owner = sliceOwner == Thread.currentThread() && now - sliceEnd < 0;
        if (!queue.isEmpty() && !owner) {
            return false;
        }
        held = true;
        heldSince = now;
        if (owner) {
            if (!queue.isEmpty()) {
                barges++;
                bargeGapNanos = now - lastBargeRelease;
            }
        } else {
            startSlice(now);
        }
        return true;
    }

    private static long defaultPollNanos() {
        return Runtime.getRuntime().availableProcessors() > 1 ? Durations.microsProperty("onelite.writePollMicros", POLL_NANOS / 1000) : 0;
    }

    private static long defaultGraceNanos() {
        return Durations.microsProperty("onelite.writeGraceMicros", GRACE_NANOS / 1000);
    }

    private void startSlice(long now) {
        sliceOwner = Thread.currentThread();
        sliceEnd = now + sliceNanos;
        bargeGapNanos = Long.MAX_VALUE;
    }

    /** Under {@code this}: invariant (4), the kept OS write lock goes back once nobody will take it. */
    private void giveBackIfIdle() {
        if (osLockKept && !held && queue.isEmpty()) {
            osLockKept = false;
            releaseKeptOsLock.run();
        }
    }

    /**
     * Under {@code this}: {@code w} has just taken the permit. A commit that cut in starts no
     * slice (the owner's runs on and it takes the permit back at the commit's release), nor does
     * the owner taking it back; anyone else starts its own.
     */
    private void took(Waiter w, long now) {
        heldSince = now;
        heldByCommit = w.rank == Waiter.COMMITTING;
        if (w.rank == Waiter.OTHER || now - sliceEnd >= 0 && w.rank == Waiter.OWNER) {
            startSlice(now);
        }
    }

    /** Under {@code this}: a waiter leaves the queue without the permit. */
    private void leaveQueue(Waiter w) {
        queue.remove(w);
        wakeHeadIfFree(); // invariant (2): we may have been the head that was woken
        giveBackIfIdle(); // invariant (4): a head leaving a free permit to the owner's grace may have been the last
    }

    private void wakeHeadIfFree() {
        Waiter head = queue.head();
        if (!held && head != null) {
            LockSupport.unpark(head.thread);
        }
    }
}
