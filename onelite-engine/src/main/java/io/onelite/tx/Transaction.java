package io.onelite.tx;

import io.onelite.btree.TableCursor;
import io.onelite.btree.TreeAccessListener;
import io.onelite.common.BeginMode;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.pager.PageStore;
import io.onelite.pager.Pager;
import io.onelite.pager.Snapshot;
import io.onelite.pager.WriteSet;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * One transaction (DESIGN.md section 5). States: reading (a snapshot, no write set), writing (a
 * write set; the write lock too unless concurrent), finished. Used by one thread at a time.
 *
 * <p>As in SQLite, DEFERRED and the concurrent modes take their read snapshot at the first
 * {@link #readStore()} or {@link #writeStore()}, not at begin: {@code BEGIN; INSERT ...} after
 * another connection committed is not stale.
 *
 * <ul>
 *   <li>DEFERRED: reads its snapshot; the first {@link #writeStore()} takes the write lock and
 *       fails with {@code BUSY_SNAPSHOT} if the snapshot is no longer the newest state (with no
 *       snapshot yet, it reads the newest state under the lock).</li>
 *   <li>IMMEDIATE, EXCLUSIVE: the write lock from begin to end.</li>
 *   <li>CONCURRENT, CONCURRENT_SNAPSHOT: a snapshot and a private write set, no lock; a
 *       {@link Trace} of what the cursors did; commit through the {@link CommitPipeline}
 *       ({@link ConcurrentCommit}).</li>
 * </ul>
 */
public final class Transaction {
    private final TransactionManager tm;
    private final Pager pager;
    private final BeginMode mode;
    private final Trace trace; // concurrent modes only
    private Snapshot snapshot;
    private WriteSet ws;
    private boolean locked;
    /** Adaptive concurrent transaction: the write lock taken at the first access (or given up since). */
    private AdaptiveHold hold;
    /** The commit reached the pager's append (PRAGMA data_version leaves a connection's own commits out). */
    private boolean appended;
    /** Concurrent modes: when the first access came (0: none yet), for the thread's history. */
    private long firstAccessNanos;
    /** Counted by the pipeline as a concurrent writer whose commit is coming (till {@link #end()}). */
    private boolean pendingCommit;
    private boolean finished;
    private List<CommitHook> hooks;
    /** The connection's synchronous level; null: the file's. */
    private io.onelite.common.Synchronous synchronous;
    /** The connection's wal_autocheckpoint (see {@link #setAutoCheckpoint}); the pager's option until set. */
    private int autoCheckpointFrames;
    /** The connection's mmap_size (bytes), or -1 for the pager's default (see {@link Snapshot#setMmapSize}). */
    private long mmapSize = -1;
    /** The connection's max_page_count for this file (no limit by default). */
    private long maxPageCount = Long.MAX_VALUE;
    /** Trace marks of the open savepoints; savepoint n (from 1) is at index n - 1. */
    private final ArrayList<Integer> savepoints = new ArrayList<>();

    Transaction(TransactionManager tm, BeginMode mode) {
        this.tm = tm;
        this.pager = tm.pager();
        this.mode = mode;
        this.autoCheckpointFrames = pager.options().autoCheckpointFrames();
        this.trace = mode.isConcurrent() ? new Trace(mode == BeginMode.CONCURRENT, tm.traceLimit) : null;
        if (mode == BeginMode.IMMEDIATE || mode == BeginMode.EXCLUSIVE) {
            pager.lockWrite(tm.options().busyTimeout());
            locked = true;
            try {
                // the writer's view needs no read mark: with the write lock held nobody can restart
                // the WAL, and a checkpoint only copies pages whose newest frame this view reads from
                // the WAL (taking a mark costs up to four fcntl calls per transaction)
                ws = newWriteSet(pager.latest());
            } catch (RuntimeException e) {
                end();
                throw e;
            }
        }
    }

    /** The read snapshot, taken now if this is the first access. */
    private Snapshot view() {
        if (snapshot == null) {
            if (trace != null && firstAccessNanos == 0 && tryHold()) {
                return snapshot;
            }
            snapshot = pager.beginRead(locked); // DEFERRED writing: under the write lock
            if (mmapSize >= 0) {
                snapshot.setMmapSize(mmapSize);
            }
        }
        return snapshot;
    }

    /**
     * Adaptive BEGIN CONCURRENT (docs/concurrency.md): when this thread's recent concurrent
     * transactions were short and wrote, and the write lock is free right now, takes it and reads
     * the newest state without a read mark, as IMMEDIATE does; the trace is still recorded, so that
     * the transaction can turn optimistic when the hold is revoked ({@link AdaptiveHold}).
     */
    private boolean tryHold() {
        firstAccessNanos = System.nanoTime();
        if (!tm.adaptive || !AdaptiveHistory.current().prefersHold()
                || (syncsAtCommit() && !AdaptiveHistory.syncIsQuick(pager.recentSyncNanos()))) {
            return false; // a commit would hold the lock through a slow sync: group commit shares it
        }
        AdaptiveHold h = new AdaptiveHold(pager, tm.shared, firstAccessNanos);
        if (!pager.tryLockWriteRevocably(h)) { // free right now: taken at firstAccessNanos, near enough
            if (AdaptiveHistory.WAIT_NANOS == 0
                    || !pager.lockWriteRevocably(h, java.time.Duration.ofNanos(AdaptiveHistory.WAIT_NANOS),
                            java.time.Duration.ofNanos(AdaptiveHistory.MAX_WAIT_NANOS))) {
                return false;
            }
            firstAccessNanos = System.nanoTime(); // the history measures the transaction, not this wait
        }
        try {
            Snapshot latest = pager.latestOwn(); // its own: a revocation redirects its reads
            if (mmapSize >= 0) {
                latest.setMmapSize(mmapSize); // as view() does for a read-marked snapshot
            }
            ws = newWriteSet(latest);
            for (int i = 0; i < savepoints.size(); i++) {
                ws.savepoint();
            }
            snapshot = latest;
        } catch (RuntimeException e) {
            ws = null;
            snapshot = null;
            pager.unlockWrite();
            throw e;
        }
        hold = h;
        h.ready(snapshot, firstAccessNanos);
        tm.shared.holds.increment();
        boolean watched = tm.shared.watched;
        HoldWatch.holdBegan(pager, watched, firstAccessNanos);
        if (!watched) {
            tm.shared.watched = true; // written once: every writer reads this line
        }
        return true;
    }

    public BeginMode mode() {
        return mode;
    }

    /** What statements read from: the snapshot, or the write set once writing. */
    public PageStore readStore() {
        checkOpen();
        if (hold != null) {
            hold.checkHeld();
        }
        return ws != null ? ws : view();
    }

    /**
     * The store to write to. DEFERRED: takes the write lock now ({@code BUSY} after the busy
     * timeout, the transaction stays a reader; {@code BUSY_SNAPSHOT} if its snapshot is stale).
     * IMMEDIATE: held since begin. CONCURRENT: the private write set, no lock.
     */
    public PageStore writeStore() {
        checkOpen();
        if (hold != null) {
            hold.checkHeld();
        }
        if (ws != null) {
            return ws;
        }
        if (mode == BeginMode.DEFERRED) {
            pager.lockWrite(tm.options().busyTimeout());
            locked = true;
            try {
                view(); // under the lock when nothing was read yet: the newest state
                if (!snapshot.sameState(pager.latest())) {
                    throw new OneLiteException(ResultCode.BUSY_SNAPSHOT, "database is locked (snapshot is stale)");
                }
            } catch (RuntimeException e) {
                pager.unlockWrite();
                locked = false;
                throw e;
            }
        }
        Snapshot base = view();
        if (ws != null) {
            return ws; // an adaptive hold began at this first access
        }
        ws = newWriteSet(base);
        for (int i = 0; i < savepoints.size(); i++) {
            ws.savepoint(); // savepoints opened before the first write: same numbers in the write set
        }
        if (trace != null && !pendingCommit) {
            pendingCommit = true; // group commit expects this transaction's commit (CommitPipeline, invariant 7)
            tm.shared.pipeline.writerBegan();
        }
        return ws;
    }

    /** The trace listener (concurrent modes), else {@code TreeAccessListener.NONE}. */
    public TreeAccessListener listener() {
        return trace != null ? trace : TreeAccessListener.NONE;
    }

    /**
     * A rowid for an insert without one into table {@code root}, positioned through {@code c} (a
     * cursor on this transaction's store). Concurrent modes: from the allocator shared by every
     * transaction on the file (not traced as a read). Others: the largest rowid plus one, as SQLite.
     * When the largest rowid is {@code Long.MAX_VALUE}: random unused rowids, then {@code FULL}.
     */
    public long newRowid(TableCursor c, int root) {
        return newRowid(c, root, Long.MIN_VALUE);
    }

    /**
     * As {@link #newRowid(TableCursor, int)}, never below {@code atLeast}: for AUTOINCREMENT, pass
     * {@code sqlite_sequence.seq + 1}. In concurrent modes the rowid still comes from the shared
     * allocator, so two concurrent inserts into one AUTOINCREMENT table do not both take
     * {@code seq + 1} (and the {@code sqlite_sequence} updates merge as max() at commit).
     */
    public long newRowid(TableCursor c, int root, long atLeast) {
        checkOpen();
        long max = Math.max(c.maxRowid(), atLeast == Long.MIN_VALUE ? Long.MIN_VALUE : atLeast - 1);
        if (max == Long.MAX_VALUE) {
            for (int i = 0; i < 100; i++) {
                long r = ThreadLocalRandom.current().nextLong(1, Long.MAX_VALUE);
                if (!c.seek(r)) {
                    return r;
                }
            }
            throw new OneLiteException(ResultCode.FULL, "database or disk is full");
        }
        return mode.isConcurrent() ? tm.shared.rowids.nextConcurrent(root, max)
                : tm.shared.rowids.nextSequential(root, max);
    }

    /**
     * Records that this transaction did something that cannot be merged (schema change, header
     * pragma, VACUUM): in concurrent mode its commit then fails with {@code BUSY_SNAPSHOT} if
     * anyone committed since it began. No effect in other modes.
     */
    public void noteUnmergeable(String what) {
        if (trace != null) {
            trace.noteUnmergeable(what);
        }
    }

    /** Runs {@code hook} at commit, under the write lock, with this commit's sequence number. */
    public void onCommit(CommitHook hook) {
        checkOpen();
        if (hooks == null) {
            hooks = new ArrayList<>(2);
        }
        hooks.add(hook);
    }

    /** Opens a nested savepoint; returns its number (the nesting depth, from 1). */
    public int savepoint() {
        checkOpen();
        savepoints.add(trace != null ? trace.mark() : 0);
        if (ws != null) {
            ws.savepoint();
        }
        return savepoints.size();
    }

    /** Undoes every change since savepoint {@code sp}; {@code sp} stays open, inner ones end. */
    public void rollbackTo(int sp) {
        checkSavepoint(sp);
        if (ws != null) {
            ws.rollbackTo(sp);
        }
        if (trace != null) {
            trace.rollbackTo(savepoints.get(sp - 1));
        }
        savepoints.subList(sp, savepoints.size()).clear();
    }

    /** Ends savepoint {@code sp} and every one nested in it, keeping their changes. */
    public void release(int sp) {
        checkSavepoint(sp);
        if (ws != null) {
            ws.release(sp);
        }
        savepoints.subList(sp - 1, savepoints.size()).clear();
    }

    /**
     * Commits. A transaction that wrote nothing just ends. Concurrent modes go through the commit
     * pipeline: {@code BUSY_SNAPSHOT} (517) on a conflict and {@code BUSY_TIMEOUT} (773) past the
     * commit hold limit roll the transaction back; {@code BUSY} (5, the write lock not granted in
     * the busy timeout) leaves it open, so the commit can be retried.
     */
    public void commit() {
        checkOpen();
        if (hooks != null && ws == null) {
            writeStore(); // a hook writes at commit: become a writer (DEFERRED: takes the lock now)
        }
        if (trace != null) {
            long now = System.nanoTime(); // the history's end and the commit's start
            recordHistory(true, now);
            if (hold != null && hold.own()) {
                commitHolding(now);
            } else {
                commitConcurrent(now);
            }
            return;
        }
        boolean wrote = false;
        try {
            if (ws != null) {
                if (hooks != null) {
                    runHooks(ws, tm.shared.roots, hooks);
                }
                if (!ws.isEmpty()) {
                    long start = System.nanoTime();
                    pager.appendCommit(ws);
                    appended = true;
                    pager.publish(syncsAtCommit());
                    wrote = true;
                    tm.shared.commits.increment();
                    tm.shared.commitTimed(start);
                }
            }
        } finally {
            end();
        }
        if (wrote) {
            autoCheckpoint();
        }
    }

    /** Adaptive, still holding the lock: nothing can have committed since the first access. */
    private void commitHolding(long start) {
        boolean wrote = false;
        try {
            if (hasChanges()) {
                try {
                    // the fast path: latest() is this snapshot and the write set was made on it
                    boolean any = ConcurrentCommit.runHeld(pager, tm.shared, ws, hooks);
                    appended = true; // empty or not: the pager counted the append
                    if (any) {
                        pager.publish(syncsAtCommit());
                        wrote = true;
                    }
                } finally {
                    tm.shared.commitTimed(start);
                }
            }
        } finally {
            end();
        }
        if (wrote) {
            autoCheckpoint();
        }
    }

    /** Concurrent modes: whether the commit has anything to write (pages, traced writes, or commit hooks). */
    private boolean hasChanges() {
        return ws != null && (!ws.isEmpty() || hooks != null || trace.hasWrites());
    }

    /** A concurrent transaction's end, for this thread's {@link AdaptiveHistory}. */
    private void recordHistory(boolean committing, long endNanos) {
        if (firstAccessNanos != 0 && tm.adaptive) {
            boolean wrote = hasChanges();
            AdaptiveHistory.current().record(endNanos - firstAccessNanos, wrote || !committing,
                    hold != null && hold.revoked());
        }
    }

    private void commitConcurrent(long start) {
        if (!hasChanges()) {
            end(); // read-only: serializable at its snapshot, nothing to check
            return;
        }
        boolean led;
        try {
            led = tm.shared.pipeline.commit(new ConcurrentCommit(pager, tm.shared, snapshot, ws, trace, hooks),
                    tm.options().busyTimeout(), tm.options().commitHoldLimit(), syncsAtCommit());
        } catch (OneLiteException e) {
            if (e.resultCode() == ResultCode.BUSY) {
                throw e; // still open: COMMIT may be retried, as in SQLite
            }
            if (e.resultCode() == ResultCode.BUSY_SNAPSHOT) {
                tm.shared.conflicts.increment();
            } else if (e.resultCode() == ResultCode.BUSY_TIMEOUT) {
                tm.shared.holdTimeouts.increment();
            }
            end();
            throw e;
        } catch (RuntimeException | Error e) {
            end();
            throw e;
        } finally {
            tm.shared.commitTimed(start);
        }
        appended = true; // the pipeline appended it
        end();
        if (led) {
            tm.shared.afterBatch(autoCheckpointFrames); // our snapshot is released: the checkpoint can reset the WAL
        }
    }

    /** Whether the commit appended to the file ({@link Pager#changeCount()} counted it). */
    public boolean appended() {
        return appended;
    }

    /**
     * Sets the {@code synchronous} level of the connection that runs this transaction: whether
     * its commit syncs the WAL (FULL, EXTRA) or not (OFF, NORMAL). Null: the file's own level.
     */
    public void setSynchronous(io.onelite.common.Synchronous level) {
        this.synchronous = level;
    }

    /**
     * Sets the {@code wal_autocheckpoint} of the connection that runs this transaction: after its
     * commit (or, in BEGIN CONCURRENT, after the batch it led) a PASSIVE checkpoint runs once the
     * WAL holds that many frames; 0 or less: none. Unset: the pager's option.
     */
    public void setAutoCheckpoint(int frames) {
        this.autoCheckpointFrames = frames;
    }

    /** A write set on {@code base} that keeps the connection's page limit. */
    private WriteSet newWriteSet(Snapshot base) {
        WriteSet w = pager.newWriteSet(base);
        w.setMaxPageCount(maxPageCount);
        return w;
    }

    /**
     * Sets the {@code max_page_count} of the connection that runs this transaction: a page
     * allocated past it fails with SQLITE_FULL (see {@link WriteSet#setMaxPageCount}).
     */
    public void setMaxPageCount(long pages) {
        this.maxPageCount = pages;
        if (ws != null) {
            ws.setMaxPageCount(pages);
        }
    }

    /**
     * Sets the {@code mmap_size} of the connection that runs this transaction: how many bytes of
     * the database file its page reads copy from the file's mapping rather than read by position.
     */
    public void setMmapSize(long bytes) {
        this.mmapSize = bytes;
        if (snapshot != null) {
            snapshot.setMmapSize(bytes);
        }
        if (ws != null) {
            ws.base().setMmapSize(bytes);
        }
    }

    /** Whether this transaction's commit syncs (synchronous FULL or EXTRA); VACUUM INTO syncs its file likewise. */
    public boolean syncsAtCommit() {
        return synchronous == null ? pager.syncsAtCommit()
                : synchronous.compareTo(io.onelite.common.Synchronous.FULL) >= 0;
    }

    /** Rolls back; a no-op on a finished transaction. */
    public void rollback() {
        if (!finished) {
            if (trace != null) {
                recordHistory(false, System.nanoTime());
            }
            end();
        }
    }

    /** Whether an adaptive hold of the write lock is still in place (tests). */
    boolean holdsAdaptively() {
        return hold != null && !hold.revoked() && !finished;
    }

    /** Whether the transaction has a write set (it wrote, or holds the write lock to write). */
    public boolean isWriting() {
        return ws != null && !finished;
    }

    /** Whether commit or rollback has ended it. */
    public boolean isFinished() {
        return finished;
    }

    /** The snapshot this transaction reads from (taken now if none yet). */
    Snapshot snapshot() {
        return view();
    }

    /** The trace (concurrent modes), else null. */
    Trace trace() {
        return trace;
    }

    /** Assigns the commit sequence number in {@code target} and runs the hooks with it. */
    static void runHooks(PageStore target, SchemaRoots roots, List<CommitHook> hooks) {
        long seq = CommitSequence.next(target, roots);
        for (CommitHook h : hooks) {
            h.apply(target, seq);
        }
    }

    private void end() {
        finished = true;
        if (pendingCommit) {
            pendingCommit = false;
            tm.shared.pipeline.writerEnded();
        }
        ws = null;
        AdaptiveHold h = hold;
        hold = null;
        try {
            if (locked) {
                locked = false;
                pager.unlockWrite();
            } else if (h != null && h.own()) {
                pager.unlockWrite();
            }
        } finally {
            Snapshot s = snapshot;
            snapshot = null;
            try {
                if (s != null) {
                    pager.endRead(s);
                }
            } finally {
                if (h != null && h.pin() != null) {
                    pager.endRead(h.pin());
                }
            }
        }
    }

    private void autoCheckpoint() {
        try {
            pager.maybeAutoCheckpoint(autoCheckpointFrames);
        } catch (RuntimeException ignored) {
            // the commit stands; a busy or failed auto-checkpoint is retried after a later commit
        }
    }

    private void checkOpen() {
        if (finished) {
            throw new IllegalStateException("transaction already ended");
        }
    }

    private void checkSavepoint(int sp) {
        checkOpen();
        if (sp < 1 || sp > savepoints.size()) {
            throw new IllegalArgumentException("no open savepoint " + sp + " (open: " + savepoints.size() + ")");
        }
    }
}
