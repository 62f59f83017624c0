package io.onelite.os;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;

/**
 * The per-JVM table of fcntl byte-range locks on one file, as SQLite's {@code unixInodeInfo} /
 * {@code unixShmNode.aLock[]}: POSIX locks belong to the process, so threads of this JVM share
 * them. A range held shared counts its in-process holders and holds one OS lock; a range held
 * exclusive has one in-process owner. Requests never block (SQLite uses F_SETLK, not F_SETLKW):
 * they return false when busy, either in this JVM or in another process.
 *
 * <p>Each lock request names an exact range; shared requests for one range must always use the
 * same bounds (the db SHARED lock is two fixed ranges, the shm slots are single bytes or the
 * 4-byte READ(1..4) range). An exclusive request is refused while any in-process holder overlaps.
 *
 * <p><b>Lingering shared locks.</b> A shared range released with {@link #unlockSharedLingering}
 * keeps its OS lock when its last in-process holder lets go, for the next shared request of the
 * same range (no {@code fcntl} call either way), until it has been unused for
 * {@link LingeringLocks#LINGER_NANOS} ({@link LingeringLocks} gives it back), an exclusive or
 * differently bounded request overlaps it (given back first), or it has been kept from the OS for
 * {@link LingeringLocks#MAX_KEEP_NANOS} (its next release gives it back, and the range does not
 * linger for {@link LingeringLocks#QUIET_NANOS}: under a steady stream of transactions, other
 * processes still find it free between two of them now and then). To other processes a lingering
 * lock is a reader that stays a little longer.
 */
public final class LockTable {
    private final LockAndMap os;
    /*
     * One entry per range ever locked, in parallel arrays (the ranges in use are a fixed few; a
     * read mark is taken and released by every statement, so its entry is looked up, never made
     * or removed): entry i is [offs[i], offs[i] + lens[i]), counts[i] > 0 shared holders, -1
     * exclusive, 0 idle (kept for the next request of its range): without an OS lock, or lingering
     * with the shared OS lock locks[i], unused since lingerSince[i]. takenAt[i]: when locks[i] was
     * taken from the OS; until quietUntil[i] the range does not linger.
     */
    private long[] offs = new long[8];
    private long[] lens = new long[8];
    private int[] counts = new int[8];
    private FileLock[] locks = new FileLock[8];
    private long[] lingerSince = new long[8];
    private long[] takenAt = new long[8];
    private long[] quietUntil = new long[8];
    private int size;
    /** Registered with {@link LingeringLocks} (some entry may linger). */
    private boolean watched;
    private boolean lost;

    public LockTable(FileDbFile file) {
        this(file, file);
    }

    /** A table whose OS locks go through {@code os} (a test double around {@code file}, see {@link OsHooks}). */
    public LockTable(FileDbFile file, LockAndMap os) {
        this.os = os;
        file.onReopen(this::reacquire);
    }

    private boolean overlaps(int i, long o, long l) {
        return o < offs[i] + lens[i] && offs[i] < o + l;
    }

    /** Shared lock on [off, off+len); false if busy. */
    public synchronized boolean tryShared(long off, long len) {
        checkNotLost();
        int idle = -1;
        for (int i = 0; i < size; i++) {
            boolean same = offs[i] == off && lens[i] == len;
            int c = counts[i];
            if (c == 0) {
                if (locks[i] != null) {
                    if (same && locks[i].isValid()) {
                        counts[i] = 1; // lingering: taken again without asking the OS
                        return true;
                    }
                    if (same || overlaps(i, off, len)) {
                        giveBack(i); // lost with a closed channel, or other bounds over it (the channel refuses overlaps)
                    }
                }
                if (same) {
                    idle = i;
                }
                continue;
            }
            if (same) {
                if (c < 0) {
                    return false;
                }
                counts[i] = c + 1;
                return true;
            }
            if (overlaps(i, off, len)) {
                if (c < 0) {
                    return false;
                }
                throw new IllegalStateException("shared lock ranges must not overlap: [" + off + "," + len + ") vs [" + offs[i] + "," + lens[i] + ")");
            }
        }
        FileLock l = osLock(off, len, true);
        if (l == null) {
            return false;
        }
        take(idle, off, len, 1, l);
        return true;
    }

    /** Exclusive lock on [off, off+len); false if any holder (in this JVM or another process) overlaps. */
    public synchronized boolean tryExclusive(long off, long len) {
        checkNotLost();
        int idle = -1;
        for (int i = 0; i < size; i++) {
            if (counts[i] == 0) {
                if (locks[i] != null && overlaps(i, off, len)) {
                    giveBack(i); // lingering: an exclusive request of this JVM comes first
                }
                if (offs[i] == off && lens[i] == len) {
                    idle = i;
                }
            } else if (overlaps(i, off, len)) {
                return false;
            }
        }
        FileLock l = osLock(off, len, false);
        if (l == null) {
            return false;
        }
        take(idle, off, len, -1, l);
        return true;
    }

    /** Records a lock just taken from the OS, in the idle entry of its range when there is one. */
    private void take(int idle, long off, long len, int count, FileLock l) {
        int i = idle;
        if (i < 0) {
            if (size == offs.length) {
                int n = size * 2;
                offs = java.util.Arrays.copyOf(offs, n);
                lens = java.util.Arrays.copyOf(lens, n);
                counts = java.util.Arrays.copyOf(counts, n);
                locks = java.util.Arrays.copyOf(locks, n);
                lingerSince = java.util.Arrays.copyOf(lingerSince, n);
                takenAt = java.util.Arrays.copyOf(takenAt, n);
                quietUntil = java.util.Arrays.copyOf(quietUntil, n);
            }
            i = size++;
            offs[i] = off;
            lens[i] = len;
        }
        long now = System.nanoTime();
        if (idle < 0) {
            quietUntil[i] = now; // a new range: no quiet window yet (nanoTime may be negative: not 0)
        }
        counts[i] = count;
        locks[i] = l;
        takenAt[i] = now;
    }

    /**
     * As {@link #unlockShared}, but the last holder leaves the OS lock lingering for the next
     * shared request of this range (see the class comment), unless it has been kept for
     * {@link LingeringLocks#MAX_KEEP_NANOS} already or lingering is off.
     */
    public void unlockSharedLingering(long off, long len) {
        unlockSharedLingering(off, len, System.nanoTime());
    }

    /** As {@link #unlockSharedLingering(long, long)}, at {@code now} (a caller that read the clock already). */
    public synchronized void unlockSharedLingering(long off, long len, long now) {
        int i = find(off, len);
        if (i < 0 || counts[i] <= 0) {
            throw new IllegalStateException("shared lock not held: [" + off + "," + len + ")");
        }
        if (--counts[i] > 0) {
            return;
        }
        if (LingeringLocks.LINGER_NANOS == 0 || now - quietUntil[i] < 0) {
            giveBack(i);
            return;
        }
        if (now - takenAt[i] >= LingeringLocks.MAX_KEEP_NANOS) {
            giveBack(i);
            quietUntil[i] = now + LingeringLocks.QUIET_NANOS; // a window for other processes
            return;
        }
        lingerSince[i] = now;
        if (!watched) {
            watched = true;
            LingeringLocks.watch(this);
        }
    }

    /** Ranges whose OS lock lingers now, held by nobody in this JVM (for tests). */
    public synchronized int lingering() {
        int n = 0;
        for (int i = 0; i < size; i++) {
            if (lingers(i)) {
                n++;
            }
        }
        return n;
    }

    /** Gives every lingering lock back to the OS now (another process needs the readers gone). */
    public synchronized void giveBackLingering() {
        releaseLingering(System.nanoTime(), 0);
    }

    /**
     * Gives back the lingering locks unused for {@code lingerNanos} at {@code now}; unregisters
     * the table from {@link LingeringLocks} when none lingers any more.
     */
    synchronized void releaseLingering(long now, long lingerNanos) {
        boolean more = false;
        for (int i = 0; i < size; i++) {
            if (lingers(i)) {
                if (now - lingerSince[i] >= lingerNanos) {
                    giveBack(i);
                } else {
                    more = true;
                }
            }
        }
        if (!more && watched) {
            watched = false;
            LingeringLocks.unwatch(this);
        }
    }

    /** Releases one shared hold of [off, off+len); the last holder releases the OS lock. */
    public synchronized void unlockShared(long off, long len) {
        int i = find(off, len);
        if (i < 0 || counts[i] <= 0) {
            throw new IllegalStateException("shared lock not held: [" + off + "," + len + ")");
        }
        if (--counts[i] == 0) {
            FileLock l = locks[i];
            locks[i] = null;
            release(l);
        }
    }

    /** Releases an exclusive hold of [off, off+len). */
    public synchronized void unlockExclusive(long off, long len) {
        int i = find(off, len);
        if (i < 0 || counts[i] != -1) {
            throw new IllegalStateException("exclusive lock not held: [" + off + "," + len + ")");
        }
        FileLock l = locks[i];
        counts[i] = 0;
        locks[i] = null;
        release(l);
    }

    /** In-process holders of exactly this range: n > 0 shared, -1 exclusive, 0 none. */
    public synchronized int holders(long off, long len) {
        int i = find(off, len);
        return i < 0 ? 0 : counts[i];
    }

    /** Whether no lock at all is held, lingering ones included (the file's channel may then be closed). */
    public synchronized boolean isEmpty() {
        for (int i = 0; i < size; i++) {
            if (counts[i] != 0 || locks[i] != null) {
                return false;
            }
        }
        return true;
    }

    /** Releases everything, lingering locks included (before closing the file). */
    public synchronized void releaseAll() {
        for (int i = 0; i < size; i++) {
            if (locks[i] != null) {
                release(locks[i]);
            }
            locks[i] = null;
            counts[i] = 0;
        }
        size = 0;
        if (watched) {
            watched = false;
            LingeringLocks.unwatch(this);
        }
    }

    /** Under the monitor: whether entry {@code i} is held by nobody here but keeps its OS lock. */
    private boolean lingers(int i) {
        return counts[i] == 0 && locks[i] != null;
    }

    /** Under the monitor: gives the lingering OS lock of idle entry {@code i} back. */
    private void giveBack(int i) {
        FileLock l = locks[i];
        locks[i] = null;
        release(l);
    }

    /** The entry of exactly this range (held or idle), or -1. */
    private int find(long off, long len) {
        for (int i = 0; i < size; i++) {
            if (offs[i] == off && lens[i] == len) {
                return i;
            }
        }
        return -1;
    }

    private FileLock osLock(long off, long len, boolean shared) {
        try {
            return os.tryLock(off, len, shared);
        } catch (OverlappingFileLockException e) {
            // another channel of this JVM (not ours) holds a lock on the file: treat as busy
            return null;
        }
    }

    private static void release(FileLock l) {
        try {
            if (l.isValid()) {
                l.release();
            }
        } catch (IOException e) {
            throw new OneLiteException(ResultCode.IOERR_LOCK, "disk I/O error releasing a lock", e);
        }
    }

    /** The channel was closed under us (interrupt) and reopened: take every lock again. */
    private synchronized void reacquire(FileChannel ch) {
        for (int i = 0; i < size; i++) {
            FileLock l = locks[i];
            if (counts[i] == 0) {
                locks[i] = null; // idle; a lingering lock went with the old channel
                continue;
            }
            if (l != null && l.isValid() && l.channel() == ch) {
                continue; // taken on the new channel already
            }
            try {
                locks[i] = ch.tryLock(offs[i], lens[i], counts[i] > 0);
            } catch (IOException | OverlappingFileLockException e) {
                locks[i] = null;
            }
            if (locks[i] == null) {
                lost = true;
            }
        }
    }

    private void checkNotLost() {
        if (lost) {
            throw new OneLiteException(ResultCode.IOERR_LOCK, "disk I/O error: file locks were lost after an interrupt");
        }
    }
}
