package io.onelite.pager;

import java.time.Duration;

/**
 * What a {@link Pager} delegates to: the in-memory page map ({@link MemoryBackend}) or the WAL
 * and database file ({@link FileBackend}). The in-JVM queue of writers ({@link WriteGate}) lives in the Pager;
 * a backend only adds what other processes need (the WAL write lock).
 */
interface Backend extends PageSource {
    int pageSize();

    int usableSize();

    Snapshot beginRead();

    void endRead(Snapshot s);

    /** After the in-JVM gate was passed: take the cross-process write lock, waiting up to the deadline. */
    boolean lockWriteOs(long deadlineNanos);

    /**
     * After the in-JVM gate was passed with the cross-process write lock kept by the previous
     * holder ({@link #unlockWriteOs} with {@code keepOsLock}): starts writing on it. False, with
     * the lock given back, if the write cannot start (as {@link #lockWriteOs} would fail).
     */
    boolean resumeWriteOs();

    /** Ends the write session; the cross-process lock is kept for this JVM's next writer when {@code keepOsLock}. */
    void unlockWriteOs(boolean keepOsLock);

    /** Gives back a cross-process write lock kept by {@link #unlockWriteOs} that no writer took. */
    void releaseKeptWriteOs();

    /** With the write lock: the newest committed state including appended, unpublished commits. */
    Snapshot latest();

    /** As {@link #latest()}, a view no other caller gets (latest() may hand out one shared object). */
    default Snapshot latestOwn() {
        return latest();
    }

    /** With the write lock: appends the frozen pages as one commit; returns the new state. */
    Snapshot append(Snapshot base, java.util.Map<Integer, byte[]> pages, int pageCount);

    /** How many changes of another process this JVM has seen (0 where nothing else can write the file). */
    default long foreignChanges() {
        return 0;
    }

    /** With the write lock: makes every appended commit visible, syncing first when {@code syncWal}. */
    void publish(boolean syncWal);

    /** Drops appended, unpublished commits (a failure before publish). With the write lock. */
    void abandonUnpublished();

    CheckpointResult checkpoint(CheckpointMode mode, Duration busyTimeout, boolean writeLockHeld);

    /** Frames in the WAL not yet checkpointed (0 for memory). */
    int framesToCheckpoint();

    /** Whether a reader of this JVM holds a snapshot that reads from the WAL (false in memory). */
    default boolean readersInWal() {
        return false;
    }

    /** Read-mark locks kept from the OS for this JVM's next reader (0 in memory; for tests). */
    default int lingeringReadLocks() {
        return 0;
    }

    /**
     * How long a commit's WAL sync has taken lately (nanoseconds, a moving average of the syncs at
     * publish), or -1 before the first; 0 in memory, where nothing is synced.
     */
    default long recentSyncNanos() {
        return 0;
    }

    /** The last checkpoint run through this backend, or null (always null for memory). */
    default LastCheckpoint lastCheckpoint() {
        return null;
    }

    void close();
}
