package io.onelite.tx;

import io.onelite.common.Durations;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * Group commit for concurrent transactions (DESIGN.md section 5): committers enqueue a
 * {@link Job}; one of them becomes the leader, takes the write lock and runs every queued job in
 * order (each validates, replays and appends its frames), then publishes once (one WAL sync for
 * the whole batch under {@code synchronous=FULL}), releases the lock and wakes each committer with
 * its own outcome. Requests that arrive while a leader works form the next batch.
 *
 * <p>Invariants:
 * <ol>
 *   <li>At most one leader at a time in this process (field {@code leaderActive}); only the leader
 *       holds the write lock on behalf of the pipeline.</li>
 *   <li>A request is completed (done, with its failure or none) only after the publish that made
 *       its commit visible and durable, or when it failed.</li>
 *   <li>Requests run in the order they were queued; a job that hits the commit hold limit ends the
 *       batch: what was appended before it is published, the lock is released, the rest stays
 *       queued for the next leader.</li>
 *   <li>A leader that cannot get the lock within the busy timeout of the request it leads for (its
 *       own, or the oldest queued one in a batch it leads after its own) fails only that request;
 *       the others stay queued and elect another leader.</li>
 *   <li>A batch takes no new job once it has held the lock for the commit hold limit, so the lock
 *       is never held much longer than the limit by one batch either.</li>
 *   <li>Leadership covers taking the lock, running a batch and releasing the lock, not the
 *       wake-ups after it (a thread woken there may preempt the leader on its CPU, and the queue
 *       would wait for the scheduler): the leader takes it back afterwards if nobody did, and a
 *       running thread that finds requests queued and no leader (a newcomer, or a committer the
 *       batch finished) leads them. So no request waits for a thread that is off the CPU while
 *       it holds neither the lock nor a batch.</li>
 *   <li>Gathering: a leader whose batch will sync, while fewer requests are queued than concurrent
 *       transactions of this process have written (queued ones included), waits for them before it
 *       takes the lock, at most half the last sync and {@link #GATHER_CAP_NANOS}: each of them
 *       would otherwise wait a whole sync behind this batch. A lone writer never waits, nor does
 *       a batch that does not sync; the wait holds leadership, never the lock.</li>
 * </ol>
 */
final class CommitPipeline {
    /** Upper bound of the jobs one leader runs before it publishes and lets the lock go. */
    static final int MAX_BATCH = 256;
    /** Batches a leader runs for requests queued behind its own before it hands leadership on. */
    static final int EXTRA_BATCHES = 4;
    /** Upper bound of a leader's wait for the writers still running their transaction (invariant 7). */
    static final long GATHER_CAP_NANOS = 1_000_000;

    /** What the pipeline needs from the pager. */
    interface Backend {
        /** Takes the write lock; throws {@code OneLiteException(BUSY)} after {@code timeout}. */
        void lockWrite(Duration timeout);

        void unlockWrite();

        /** With the lock: makes every appended commit durable (as synchronous says) and visible. */
        void publish();

        /** As {@link #publish()}, syncing the WAL first when {@code syncWal}. */
        default void publish(boolean syncWal) {
            publish();
        }
    }

    /** One transaction's commit work, run by the leader under the write lock. */
    interface Job {
        /**
         * Validates, replays and appends the commit. Throws {@code OneLiteException} to fail this
         * transaction only (nothing appended); {@code BUSY_TIMEOUT} also ends the batch.
         *
         * @return whether frames were appended (false: nothing to write)
         */
        boolean run(long holdDeadlineNanos);
    }

    private static final class Request {
        final Job job;
        final long busyDeadlineNanos;
        final long holdNanos;
        final boolean syncWal;
        final Thread thread = Thread.currentThread();
        volatile boolean done;
        /** Set by the previous leader: this request's thread leads next. */
        boolean promoted; // guarded by the pipeline
        RuntimeException failure;

        Request(Job job, long busyDeadlineNanos, long holdNanos, boolean syncWal) {
            this.job = job;
            this.syncWal = syncWal;
            this.busyDeadlineNanos = busyDeadlineNanos;
            this.holdNanos = holdNanos;
        }
    }

    private final Backend backend;
    private final Consumer<Thread> waker;
    private final ArrayDeque<Request> queue = new ArrayDeque<>();
    private boolean leaderActive;
    private long batches;
    private long commits;
    private long gathers;
    /** Concurrent transactions that have written and not ended, queued ones included (invariant 7). */
    private final AtomicInteger writers = new AtomicInteger();
    /** The leader waiting for them, or null (guarded by the pipeline). */
    private volatile Thread gatherer;
    /** Writers the gatherer does not wait for: its own, when its commit is done but not ended (guarded). */
    private int gatherSlack;
    /** The last sync's duration (a publish that synced the WAL): bounds the gathering wait. */
    private volatile long syncNanos;
    private final long gatherCapNanos;

    CommitPipeline(Backend backend) {
        this(backend, LockSupport::unpark);
    }

    /** {@code waker} wakes a committer whose request a batch finished (tests: to stall the leader there). */
    CommitPipeline(Backend backend, Consumer<Thread> waker) {
        this(backend, waker, GATHER_CAP_NANOS);
    }

    CommitPipeline(Backend backend, Consumer<Thread> waker, long gatherCapNanos) {
        this.backend = backend;
        this.waker = waker;
        this.gatherCapNanos = gatherCapNanos;
    }

    /** A concurrent transaction made its first write: its commit is expected (invariant 7). */
    void writerBegan() {
        writers.incrementAndGet();
    }

    /** That transaction ended (committed, failed or rolled back). */
    void writerEnded() {
        writers.decrementAndGet();
        if (gatherer == null) {
            return; // the common case: no monitor per transaction end
        }
        Thread g;
        synchronized (this) {
            g = gathered();
        }
        if (g != null) {
            LockSupport.unpark(g);
        }
    }

    /** With the pipeline's monitor: the gathering leader, cleared, if every writer has queued now. */
    private Thread gathered() {
        Thread g = gatherer;
        if (g == null || queue.size() + gatherSlack < writers.get()) {
            return null;
        }
        gatherer = null;
        return g;
    }

    /**
     * Commits through the pipeline; returns when the job's commit is published, or throws its
     * failure ({@code BUSY} if the lock was not obtained in {@code busyTimeout}).
     *
     * <p>Waiting committers park; a leader wakes exactly the committers it finished, leads up to
     * {@link #EXTRA_BATCHES} batches more for the requests that queued meanwhile (it is running,
     * a parked thread would first have to wake up), then hands leadership straight to the oldest
     * waiting request (no herd, no gap without a leader).
     *
     * @return whether this caller led a batch that published something: it then owes the
     *         auto-checkpoint, to run once its own transaction has released its snapshot (a
     *         snapshot held by the checkpointing thread itself would keep the WAL from resetting)
     */
    boolean commit(Job job, Duration busyTimeout, Duration holdLimit) {
        return commit(job, busyTimeout, holdLimit, true); // as a committer with synchronous FULL
    }

    /**
     * As {@link #commit(Job, Duration, Duration)}; {@code syncWal} says whether this committer's
     * {@code synchronous} wants the WAL synced: a batch syncs once if any of its commits wants it.
     */
    boolean commit(Job job, Duration busyTimeout, Duration holdLimit, boolean syncWal) {
        Request r = new Request(job, System.nanoTime() + Durations.saturatedNanos(busyTimeout), Durations.saturatedNanos(holdLimit),
                syncWal);
        boolean lead;
        boolean interrupted = false;
        boolean published = false;
        Thread gathering;
        synchronized (this) {
            queue.addLast(r);
            lead = claimIfLeaderless();
            gathering = gathered();
        }
        if (gathering != null) {
            LockSupport.unpark(gathering);
        }
        while (!r.done) {
            if (lead) {
                published |= leadWhileQueued(r);
                lead = false;
                continue; // not done: another leader took over and runs our request, or it is queued for it
            }
            LockSupport.park(this);
            if (Thread.interrupted()) {
                interrupted = true; // the commit may be running on the leader: wait for its outcome
            }
            lead = takePromotion(r);
        }
        if (!interrupted && claimIfLeaderless()) {
            published |= leadWhileQueued(r); // woken while the leader that ran us is off the CPU: carry on for it
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        if (r.failure != null) {
            throw r.failure;
        }
        return published;
    }

    /**
     * With leadership: leads batches, each on the oldest request's busy timeout and hold limit,
     * until {@code self} is done and then up to {@link #EXTRA_BATCHES} more for the requests queued
     * meanwhile, rather than waking a parked thread to do it (when commits arrive back to back that
     * wake-up is the pipeline's critical path); then hands leadership straight to the oldest waiting
     * request (no herd). Leadership is let go for the wake-ups after each batch
     * (invariant 6) and taken back if nobody took it meanwhile; if someone did, this returns and
     * that leader carries on. {@code self} done on entry: a committer helping after its own commit.
     */
    private boolean leadWhileQueued(Request self) {
        boolean published = false;
        int extra = 0;
        while (true) {
            Request head;
            boolean handOn;
            synchronized (this) {
                head = queue.peekFirst();
                if (head == null) {
                    leaderActive = false;
                    return published;
                }
                // (an interrupted thread would fail the others' lock wait with INTERRUPT: hand on instead)
                handOn = self.done && (extra >= EXTRA_BATCHES || Thread.currentThread().isInterrupted());
                if (handOn) {
                    head.promoted = true; // leadership stays held, for head: nobody else leads until it runs
                }
            }
            if (handOn) {
                LockSupport.unpark(head.thread);
                return published;
            }
            if (self.done) {
                extra++;
            }
            published |= lead(head, self.done);
            if (!claimIfLeaderless()) {
                return published;
            }
        }
    }

    /** Whether the previous leader handed leadership to {@code r} (consumed: true once per hand-off). */
    private synchronized boolean takePromotion(Request r) {
        boolean promoted = r.promoted && !r.done;
        r.promoted = false;
        return promoted;
    }

    /** Takes leadership if nobody leads and a request waits for it (or, on arrival, for our own). */
    private synchronized boolean claimIfLeaderless() {
        if (leaderActive || queue.isEmpty()) {
            return false;
        }
        leaderActive = true; // invariant (1)
        return true;
    }

    /** Jobs waiting for a leader (for tests and metrics). */
    synchronized int queued() {
        return queue.size();
    }

    /** Leaders that waited for writers still running (invariant 7), for tests. */
    synchronized long gathers() {
        return gathers;
    }

    /** Concurrent transactions that have written and not ended (invariant 7), for tests. */
    int writers() {
        return writers.get();
    }

    /** Whether a leader is waiting for writers still running now, for tests. */
    synchronized boolean gathering() {
        return gatherer != null;
    }

    /**
     * With leadership, before the lock (invariant 7): waits while fewer requests are queued than
     * writers are open, when the batch of {@code head} will sync, at most half the last sync.
     * {@code ownDone}: this leader's own transaction is among them, committed but not ended yet.
     */
    private void gather(Request head, boolean ownDone) {
        long bound = Math.min(gatherCapNanos, syncNanos / 2);
        if (!head.syncWal || bound <= 0) {
            return;
        }
        long deadline = System.nanoTime() + bound;
        synchronized (this) {
            int slack = ownDone ? 1 : 0;
            if (queue.size() + slack >= writers.get()) {
                return; // everyone who wrote has queued: a lone writer never waits
            }
            gathers++;
            gatherSlack = slack;
            gatherer = Thread.currentThread();
        }
        try {
            while (true) {
                long left = deadline - System.nanoTime();
                synchronized (this) {
                    if (gatherer == null || left <= 0 || Thread.currentThread().isInterrupted()) {
                        return;
                    }
                }
                LockSupport.parkNanos(this, left);
            }
        } finally {
            synchronized (this) {
                if (gatherer == Thread.currentThread()) {
                    gatherer = null;
                }
            }
        }
    }

    /** Batches published so far. */
    synchronized long batches() {
        return batches;
    }

    /** Commits published so far. */
    synchronized long commits() {
        return commits;
    }

    /**
     * With leadership: runs one batch; returns whether something was published. Returns without
     * leadership (invariant 6): it is let go once the write lock is, so the wake-ups that follow
     * do not hold up the next batch.
     */
    private boolean lead(Request self, boolean ownDone) {
        gather(self, ownDone);
        try {
            backend.lockWrite(Duration.ofNanos(Math.max(0, self.busyDeadlineNanos - System.nanoTime())));
        } catch (RuntimeException e) {
            synchronized (this) { // invariant (4)
                queue.remove(self);
                leaderActive = false;
            }
            self.failure = e;
            self.done = true;
            if (self.thread != Thread.currentThread()) {
                waker.accept(self.thread); // a batch led for it by the previous leader
            }
            return false;
        }
        List<Request> finished = new ArrayList<>();
        List<Request> appended = new ArrayList<>();
        long lockedAt = System.nanoTime();
        try {
            while (finished.size() < MAX_BATCH
                    && (finished.isEmpty() || System.nanoTime() - lockedAt < self.holdNanos)) { // invariant (5)
                Request next;
                synchronized (this) {
                    next = queue.pollFirst(); // invariant (3): FIFO
                }
                if (next == null) {
                    break;
                }
                finished.add(next);
                try {
                    if (next.job.run(System.nanoTime() + next.holdNanos)) {
                        appended.add(next);
                    }
                } catch (OneLiteException e) {
                    next.failure = e;
                    if (e.resultCode() == ResultCode.BUSY_TIMEOUT) {
                        break; // invariant (3): release the lock now
                    }
                } catch (RuntimeException | Error e) {
                    next.failure = e instanceof RuntimeException re ? re
                            : new OneLiteException(ResultCode.INTERNAL, e.toString(), e);
                }
            }
            if (!appended.isEmpty()) {
                boolean syncWal = false;
                for (Request a : appended) {
                    syncWal |= a.syncWal;
                }
                long publishAt = System.nanoTime();
                backend.publish(syncWal);
                if (syncWal) {
                    syncNanos = System.nanoTime() - publishAt;
                }
            }
        } catch (RuntimeException e) { // publish failed: none of the appended commits is acknowledged
            for (Request r : appended) {
                r.failure = e;
            }
        } finally {
            try {
                backend.unlockWrite();
            } finally {
                synchronized (this) {
                    if (!appended.isEmpty()) {
                        batches++;
                        commits += appended.size();
                    }
                    leaderActive = false; // invariant (6): a running committer may lead the next batch now
                }
            }
        }
        for (Request r : finished) { // invariant (2)
            r.done = true;
        }
        for (Request r : finished) {
            if (r.thread != Thread.currentThread()) {
                waker.accept(r.thread); // may switch to r.thread on this CPU (invariant 6)
            }
        }
        return !appended.isEmpty();
    }
}
