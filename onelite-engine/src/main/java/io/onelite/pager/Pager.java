package io.onelite.pager;

import io.onelite.common.Durations;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.function.UnaryOperator;
import io.onelite.os.DbFile;
import io.onelite.os.OsHooks;

/**
 * The pager of one database: snapshots for readers, copy-on-write write sets, the write lock,
 * commits as WAL frames, checkpoints. One shared instance per file (dev, inode) per JVM,
 * reference-counted: every {@link #open} needs a {@link #close}. Thread-safe.
 *
 * <p>Write protocol: {@link #lockWrite} (in-JVM queue with bounded barging, then the WAL write lock other
 * processes see), {@link #latest()}, {@link #newWriteSet}, changes, {@link #appendCommit}
 * (possibly several in a batch, each on the state the previous returned), {@link #publish}
 * (sync per {@code synchronous}, then readers see the commits), {@link #unlockWrite}. Unlocking
 * with appended but unpublished commits abandons them.
 */
public final class Pager implements AutoCloseable {
    private static final Map<Object, Pager> OPEN = new HashMap<>();

    private final Backend backend;
    private final PagerOptions options;
    private final Path path;
    private final Object key;
    private final WriteGate gate;
    /** Frames waiting to be copied back at which the next auto-checkpoint is tried (0: at the threshold). */
    private volatile int autoCheckpointRetryFrames;
    private final WalDrain drain = new WalDrain(new WalDrain.Target() {
        @Override
        public boolean readersInWal() {
            return backend.readersInWal();
        }

        @Override
        public void checkpointNow() {
            try {
                backend.checkpoint(CheckpointMode.PASSIVE, Duration.ZERO, false);
            } catch (RuntimeException ignored) {
                // best effort: the next auto-checkpoint tries again
            }
        }
    });
    private volatile boolean writeLocked;
    /**
     * How long this process may keep the WAL write lock from the OS across hand-offs between its
     * own writers (see {@link WriteGate}): 100 µs from when it last took it, or the system property
     * {@code onelite.keepWriteLockMicros} read when the pager is created (0: every writer takes and
     * releases it). Short, so that another process polling for the lock (a {@code sqlite3} busy
     * handler) still finds it free every few transactions.
     */
    static final long KEEP_OS_LOCK_NANOS = 100_000;
    private final long keepOsLockNanos = Durations.microsProperty("onelite.keepWriteLockMicros", KEEP_OS_LOCK_NANOS / 1000);
    /** When this process last took the WAL write lock from the OS (written by the lock's holder). */
    private long osLockTakenAt;
    /** The gate's waits beside a holder that may be made to let go ({@link #tryLockWriteRevocably}). */
    private final RevocableHolds holds;
    private int refs = 1;

    /**
     * A holder of the write lock that can give it up before it ends: an adaptive BEGIN CONCURRENT
     * transaction (package {@code tx}) that took the lock at its first access and reads the newest
     * state without a read mark. A writer of this JVM about to wait for the lock asks it to let go
     * once it has held the lock for a while ({@link #revocableAtNanos()}); it then pins its state
     * with {@link #keepReadable} and releases the lock, and goes on as an optimistic transaction.
     */
    public interface RevocableHold {
        /** From when (System.nanoTime) a waiter may revoke the hold. */
        long revocableAtNanos();

        /** Releases the write lock if the holder can still let go (not committing); whether it did. */
        boolean revoke();
    }

    private Pager(Backend backend, PagerOptions options, Path path, Object key) {
        this.backend = backend;
        this.options = options;
        this.gate = new WriteGate(options.writeSliceNanos(), this::releaseKeptOsLock);
        this.holds = new RevocableHolds(gate);
        this.path = path;
        this.key = key;
    }

    /**
     * Opens (or joins) the pager of the database file {@code path}, creating an empty database if
     * the file is missing or empty. The first opener's options win for a file already open.
     */
    public static Pager open(Path path, PagerOptions options) {
        return open(path, options, OsHooks.NONE);
    }

    /**
     * As {@link #open(Path, PagerOptions)}, with every read, write and sync of the database and
     * WAL files going through {@code io.apply(file)} when this call creates the pager (a
     * fault-injection hook for tests, e.g. a {@code DbFile} that fails the Nth write).
     */
    public static Pager open(Path path, PagerOptions options, UnaryOperator<DbFile> io) {
        return open(path, options, OsHooks.files(io));
    }

    /**
     * As {@link #open(Path, PagerOptions)}, with the database, WAL and {@code -shm} files' I/O,
     * locks and mappings going through {@code io} when this call creates the pager (a
     * fault-injection hook for tests; see {@link OsHooks}).
     */
    public static Pager open(Path path, PagerOptions options, OsHooks io) {
        Path abs = path.toAbsolutePath().normalize();
        synchronized (OPEN) {
            try {
                if (!Files.exists(abs)) {
                    if (options.readOnly()) {
                        throw new OneLiteException(ResultCode.CANTOPEN, "unable to open database file");
                    }
                    try {
                        Files.createFile(abs);
                    } catch (java.nio.file.FileAlreadyExistsException raced) {
                        // another process created it: fine
                    }
                }
                if (Files.isDirectory(abs)) {
                    throw new OneLiteException(ResultCode.CANTOPEN_ISDIR, "unable to open database file");
                }
                Object fileKey = Files.readAttributes(abs, java.nio.file.attribute.BasicFileAttributes.class).fileKey();
                Object k = fileKey != null ? fileKey : abs.toString();
                Pager existing = OPEN.get(k);
                if (existing != null) {
                    existing.refs++;
                    return existing;
                }
                Pager p = new Pager(FileBackend.open(abs, options, io), options, abs, k);
                OPEN.put(k, p);
                return p;
            } catch (IOException e) {
                throw new OneLiteException(ResultCode.CANTOPEN, "unable to open database file: " + e.getMessage(), e);
            }
        }
    }

    /** A private in-memory database ({@code :memory:}): no files, no cross-process locks. */
    public static Pager openMemory(PagerOptions options) {
        return new Pager(new MemoryBackend(options.newDatabasePageSize()), options, null, null);
    }

    public PagerOptions options() {
        return options;
    }

    /** The database file, or null for {@code :memory:}. */
    public Path path() {
        return path;
    }

    /** A consistent read view, holding a WAL read mark until {@link #endRead}. */
    public Snapshot beginRead() {
        return beginRead(false);
    }

    /**
     * As {@link #beginRead()}; {@code writeLockHeld}: the caller holds the write lock, and does
     * not wait for a drain of the WAL ({@link WalDrain}): transactions in flight may be waiting for
     * that lock to commit, so the drain could not finish while it waited.
     */
    public Snapshot beginRead(boolean writeLockHeld) {
        if (!writeLockHeld && drain.active()) {
            drain.awaitBeforeRead(); // bounded; see WalDrain
        }
        return backend.beginRead();
    }

    /** Releases a snapshot from {@link #beginRead}; idempotent. */
    public void endRead(Snapshot s) {
        if (s != null && !s.released) {
            backend.endRead(s);
        }
    }

    /** A private copy-on-write overlay on {@code base}. */
    public WriteSet newWriteSet(Snapshot base) {
        if (options.readOnly()) {
            throw new OneLiteException(ResultCode.READONLY, "attempt to write a readonly database");
        }
        return new WriteSet(base);
    }

    /**
     * Takes the write lock: first the in-JVM queue ({@link WriteGate}: FIFO, except that the thread
     * that took it last may take it again during its slice of 10 ms), then the WAL
     * write lock shared with other processes (polled until the deadline, as other processes
     * cannot wake us), unless the previous holder of this JVM kept it for the next one (at most
     * {@link #KEEP_OS_LOCK_NANOS} after it was taken from the OS).
     *
     * @throws OneLiteException BUSY after {@code timeout}; READONLY on a read-only pager
     */
    public void lockWrite(Duration timeout) {
        lockWrite(timeout, false);
    }

    /**
     * As {@link #lockWrite(Duration)} for the commit of transactions whose work is done (a commit
     * pipeline's leader): the writer barging in its slice does not pass it, the next release hands
     * the lock to it (its commit is short, and a slice is a long wait for work already done).
     */
    public void lockWriteToCommit(Duration timeout) {
        lockWrite(timeout, true);
    }

    private void lockWrite(Duration timeout, boolean committing) {
        if (options.readOnly()) {
            throw new OneLiteException(ResultCode.READONLY, "attempt to write a readonly database");
        }
        long deadline = deadline(timeout);
        try {
            if (!holds.acquire(deadline, true, committing)) {
                throw new OneLiteException(ResultCode.BUSY, "database is locked");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new OneLiteException(ResultCode.INTERRUPT, "interrupted");
        }
        takeOsLock(deadline);
    }

    /**
     * As {@link #tryLockWriteRevocably}, waiting for this JVM's other writers (the gate, revoking a
     * revocable holder as {@link #lockWrite} does: {@link RevocableHolds}) while the lock passes
     * from one to the next, up to {@code maxWait}: not once one holder has kept it for
     * {@code stall}; another process holding the WAL write lock is not waited for. False (nothing
     * held) if not granted.
     */
    public boolean lockWriteRevocably(RevocableHold hold, Duration stall, Duration maxWait) {
        if (options.readOnly()) {
            return false;
        }
        try {
            if (!holds.acquireWhileMoving(Durations.saturatedNanos(stall), deadline(maxWait))) {
                return false; // goes on optimistically: no need to take the lock from anyone
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
        try {
            takeOsLock(System.nanoTime());
        } catch (OneLiteException busy) {
            if (busy.resultCode() == ResultCode.BUSY) {
                return false;
            }
            throw busy;
        }
        holds.held(hold);
        return true;
    }

    /**
     * Revokes the {@link RevocableHold} holding the lock if it could have been revoked for
     * {@code nanos} already (a holder idle in application code; see {@code tx.HoldWatch}).
     */
    public void revokeHoldIdleFor(long nanos) {
        holds.revokeIdleFor(nanos);
    }

    /**
     * As {@link #tryLockWrite()}, registering {@code hold} as the holder, which any writer of this
     * JVM about to wait may revoke (see {@link RevocableHold}); {@link #unlockWrite()} ends it.
     */
    public boolean tryLockWriteRevocably(RevocableHold hold) {
        if (!tryLockWrite()) {
            return false;
        }
        holds.held(hold);
        return true;
    }

    /**
     * With the write lock held: the newest state as {@link #latest()}, in a view of the caller's own
     * (for {@link #keepReadable}, which changes where that view reads from).
     */
    public Snapshot latestOwn() {
        checkLocked();
        return backend.latestOwn();
    }

    /**
     * With the write lock held and nothing appended: takes a WAL read mark on the newest state,
     * which is {@code writerView}'s (a view from {@link #latestOwn()}), and makes {@code writerView}
     * read through it from now on, so that {@code writerView} (and a write set on it) stays valid
     * after the write lock is released. Null if the newest state is not {@code writerView}'s. The
     * caller ends the returned snapshot with {@link #endRead} when done with both.
     */
    public Snapshot keepReadable(Snapshot writerView) {
        checkLocked();
        Snapshot s = backend.beginRead(); // not the drain's wait: we hold the lock
        boolean bothTheFileAlone = s.mxFrame() == 0 && writerView.mxFrame() == 0 && s.pageCount() == writerView.pageCount()
                && path != null; // an empty WAL: both read the database file, whatever the WAL's salts
        if (!s.sameState(writerView) && !bothTheFileAlone) {
            backend.endRead(s);
            return null;
        }
        writerView.readThrough(s);
        return s;
    }

    /** Takes the write lock if it is free right now; never waits. */
    public boolean tryLockWrite() {
        if (options.readOnly() || !gate.tryAcquire()) {
            return false;
        }
        try {
            takeOsLock(System.nanoTime());
            return true;
        } catch (OneLiteException busy) {
            if (busy.resultCode() == ResultCode.BUSY) {
                return false;
            }
            throw busy;
        }
    }

    /** With the gate held: the WAL write lock, kept for us by the previous holder or taken from the OS. */
    private void takeOsLock(long deadline) {
        boolean ok = false;
        try {
            ok = beginWriteOs(deadline);
        } finally {
            if (!ok) {
                gate.release();
            }
        }
        if (!ok) {
            throw new OneLiteException(ResultCode.BUSY, "database is locked");
        }
        writeLocked = true;
    }

    /** With the gate held: starts the backend's write session; false (nothing held) if busy past the deadline. */
    private boolean beginWriteOs(long deadline) {
        if (gate.takeKeptOsLock()) {
            return backend.resumeWriteOs(); // on failure the backend has given the lock back
        }
        if (!backend.lockWriteOs(deadline)) {
            return false;
        }
        osLockTakenAt = System.nanoTime();
        return true;
    }

    /** The gate's action when it goes idle with the WAL write lock kept for a writer that left. */
    private void releaseKeptOsLock() {
        backend.releaseKeptWriteOs();
    }

    /** Releases the write lock; appended but unpublished commits are abandoned. */
    public void unlockWrite() {
        checkLocked();
        holds.released();
        boolean keep = false;
        try {
            backend.abandonUnpublished();
        } finally {
            try {
                // the gate decides whether a writer of this JVM takes it next; past the bound the
                // lock goes back to the OS anyway, so other processes find it free now and then
                keep = System.nanoTime() - osLockTakenAt < keepOsLockNanos;
                backend.unlockWriteOs(keep);
            } finally {
                writeLocked = false;
                gate.release(keep);
            }
        }
    }

    /** With the write lock held: the newest committed state (other processes' commits and this batch's). */
    public Snapshot latest() {
        checkLocked();
        return backend.latest();
    }

    /**
     * With the write lock held: appends {@code ws} as one commit (WAL frames, the last one a
     * commit frame; no sync) on top of {@code ws.base()}, which must be {@link #latest()}.
     * Not visible to readers until {@link #publish()}. Freezes {@code ws}.
     *
     * @return the new state, the base for the next write set of a batch
     * @throws OneLiteException BUSY_SNAPSHOT if {@code ws.base()} is not the latest state
     */
    public Snapshot appendCommit(WriteSet ws) {
        checkLocked();
        Snapshot latest = backend.latest();
        if (!ws.base().sameState(latest)) {
            throw new OneLiteException(ResultCode.BUSY_SNAPSHOT, "database is locked (snapshot is stale)");
        }
        appends.incrementAndGet();
        if (ws.isEmpty()) {
            ws.freezeForCommit();
            return latest;
        }
        Map<Integer, byte[]> pages = ws.freezeForCommit();
        return backend.append(ws.base(), pages, ws.pageCount());
    }

    /** Commits appended by this JVM (empty ones too): with the foreign changes, {@link #changeCount()}. */
    private final java.util.concurrent.atomic.AtomicLong appends = new java.util.concurrent.atomic.AtomicLong();

    /**
     * A number that grows with every commit this JVM appends and every change of another process
     * it sees (PRAGMA data_version: a connection subtracts its own commits).
     */
    public long changeCount() {
        return appends.get() + backend.foreignChanges();
    }

    /** With the write lock held: sync (synchronous >= FULL) and make every appended commit visible. */
    public void publish() {
        publish(syncsAtCommit());
    }

    /** With the write lock held: sync when {@code syncWal}, then make every appended commit visible. */
    public void publish(boolean syncWal) {
        checkLocked();
        backend.publish(syncWal);
    }

    /** Whether a commit syncs the WAL under the file's own {@code synchronous} (FULL or EXTRA). */
    public boolean syncsAtCommit() {
        return options.synchronous().compareTo(io.onelite.common.Synchronous.FULL) >= 0;
    }

    /** Runs a checkpoint, waiting at most 5 s for locks in the modes that wait. */
    public CheckpointResult checkpoint(CheckpointMode mode) {
        return checkpoint(mode, Duration.ofSeconds(5));
    }

    /** Runs a checkpoint, waiting at most {@code busyTimeout} for locks in FULL, RESTART and TRUNCATE. */
    public CheckpointResult checkpoint(CheckpointMode mode, Duration busyTimeout) {
        busyTimeout = clamp(busyTimeout);
        if (path == null) {
            return new CheckpointResult(false, -1, -1);
        }
        if (options.readOnly()) {
            throw new OneLiteException(ResultCode.READONLY, "attempt to write a readonly database");
        }
        if (mode == CheckpointMode.PASSIVE) {
            return backend.checkpoint(mode, busyTimeout, false);
        }
        long deadline = deadline(busyTimeout);
        boolean gotGate;
        try {
            gotGate = holds.acquire(deadline, true);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new OneLiteException(ResultCode.INTERRUPT, "interrupted");
        }
        if (!gotGate) {
            CheckpointResult r = backend.checkpoint(CheckpointMode.PASSIVE, busyTimeout, false);
            return new CheckpointResult(true, r.logFrames(), r.checkpointedFrames());
        }
        try {
            if (!beginWriteOs(deadline)) {
                CheckpointResult r = backend.checkpoint(CheckpointMode.PASSIVE, busyTimeout, false);
                return new CheckpointResult(true, r.logFrames(), r.checkpointedFrames());
            }
            try {
                return backend.checkpoint(mode, busyTimeout, true);
            } finally {
                backend.unlockWriteOs(false);
            }
        } finally {
            gate.release();
        }
    }

    /**
     * After a commit, without the write lock: a PASSIVE checkpoint if the WAL reached the threshold.
     * One that could not copy everything back (a reader's mark, or another checkpoint running) is
     * tried again once 1/16 of the threshold's frames more wait, not after every commit: each try
     * costs lock calls, and with many writers the reader in the way is usually gone a few commits
     * later. Readers of this JVM are made to drain ({@link WalDrain}) only once the WAL holds
     * {@link WalDrain#FRAMES_FACTOR} times the threshold: a drain holds up every transaction that
     * begins meanwhile.
     */
    public void maybeAutoCheckpoint() {
        maybeAutoCheckpoint(options.autoCheckpointFrames());
    }

    /**
     * As {@link #maybeAutoCheckpoint()} at a threshold of {@code n} frames, the committing
     * connection's {@code PRAGMA wal_autocheckpoint} (SQLite's is per connection); 0 or less: none.
     */
    public void maybeAutoCheckpoint(int n) {
        if (path == null || n <= 0 || options.readOnly()) {
            return;
        }
        int waiting = backend.framesToCheckpoint();
        if (waiting < n) {
            autoCheckpointRetryFrames = 0;
            return;
        }
        if (waiting < autoCheckpointRetryFrames) {
            return;
        }
        CheckpointResult r = backend.checkpoint(CheckpointMode.PASSIVE, Duration.ZERO, false);
        boolean stoppedShort = r.checkpointedFrames() < r.logFrames();
        autoCheckpointRetryFrames = r.busy() || stoppedShort ? backend.framesToCheckpoint() + Math.max(1, n / 16) : 0;
        if (stoppedShort && r.logFrames() >= WalDrain.FRAMES_FACTOR * n && backend.readersInWal()) {
            drain.request(); // our own readers stopped it while the WAL outgrew the threshold: let them drain
        }
    }

    /** Whether new readers of this JVM wait for a drain of the WAL now (for tests). */
    boolean drainActive() {
        return drain.active();
    }

    /** Read-mark locks kept from the OS for this JVM's next reader (for tests). */
    int lingeringReadLocks() {
        return backend.lingeringReadLocks();
    }

    /** Frames in the WAL not yet copied into the database file (0 in memory); no lock needed. */
    public int framesToCheckpoint() {
        return backend.framesToCheckpoint();
    }

    /**
     * How long a commit's WAL sync has taken lately (a moving average, nanoseconds), -1 before the
     * first sync; 0 in memory.
     */
    public long recentSyncNanos() {
        return backend.recentSyncNanos();
    }

    /** The last checkpoint this JVM ran on the file, or null before the first (and in memory). */
    public LastCheckpoint lastCheckpoint() {
        return backend.lastCheckpoint();
    }

    /** The in-JVM half of the write lock (tests look at its barging counters). */
    WriteGate writeGate() {
        return gate;
    }

    /** Whether the write lock is held (by any thread of this JVM). */
    public boolean isWriteLocked() {
        return writeLocked;
    }

    /** Releases this handle; the last one closes the files (checkpoint, delete -wal and -shm if last anywhere). */
    @Override
    public void close() {
        if (key == null) {
            backend.close();
            return;
        }
        synchronized (OPEN) {
            if (refs == 0) {
                return;
            }
            if (--refs > 0) {
                return;
            }
            OPEN.remove(key);
            // still inside the lock: a concurrent open of the same file must not get a second
            // channel before this one is closed (closing any descriptor drops every lock of the
            // process on the file, the new pager's included)
            backend.close();
        }
    }

    /** now + timeout, with negative timeouts as 0 and huge ones capped at a year (no overflow). */
    private static long deadline(Duration timeout) {
        return System.nanoTime() + clamp(timeout).toNanos();
    }

    private static Duration clamp(Duration timeout) {
        return timeout == null || timeout.isNegative() ? Duration.ZERO
                : timeout.compareTo(Duration.ofDays(365)) > 0 ? Duration.ofDays(365) : timeout;
    }

    private void checkLocked() {
        if (!writeLocked) {
            throw new IllegalStateException("the write lock is not held");
        }
    }
}
