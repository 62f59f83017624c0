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
 */
public final class LockTable {
    private final LockAndMap os;
    /*
     * One entry per range ever locked, in parallel arrays (the ranges in use are a fixed few; a
     * read mark is taken and released by every statement, so its entry is looked up, never made
     * or removed): entry i is [offs[i], offs[i] + lens[i]), counts[i] > 0 shared holders, -1
     * exclusive, 0 idle (no OS lock, kept for the next request of its range).
     */
    private long[] offs = new long[8];
    private long[] lens = new long[8];
    private int[] counts = new int[8];
    private FileLock[] locks = new FileLock[8];
    private int size;
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
            }
            i = size++;
            offs[i] = off;
            lens[i] = len;
        }
        counts[i] = count;
        locks[i] = l;
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

    /** Whether no lock at all is held (the file's channel may then be closed). */
    public synchronized boolean isEmpty() {
        for (int i = 0; i < size; i++) {
            if (counts[i] != 0) {
                return false;
            }
        }
        return true;
    }

    /** Releases everything (before closing the file). */
    public synchronized void releaseAll() {
        for (int i = 0; i < size; i++) {
            if (locks[i] != null) {
                release(locks[i]);
            }
            locks[i] = null;
            counts[i] = 0;
        }
        size = 0;
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
            if (counts[i] == 0 || (l != null && l.isValid() && l.channel() == ch)) {
                continue; // idle, or taken on the new channel already
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
