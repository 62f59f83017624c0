package io.onelite.os;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.util.ArrayList;
import java.util.List;

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
    private final List<Held> held = new ArrayList<>();
    private boolean lost;

    private static final class Held {
        final long off;
        final long len;
        int count; // > 0 shared holders, -1 exclusive, 0 idle (no OS lock, kept for the next request of its range)
        FileLock lock;

        Held(long off, long len, int count, FileLock lock) {
            this.off = off;
            this.len = len;
            this.count = count;
            this.lock = lock;
        }

        boolean overlaps(long o, long l) {
            return o < off + len && off < o + l;
        }
    }

    public LockTable(FileDbFile file) {
        this(file, file);
    }

    /** A table whose OS locks go through {@code os} (a test double around {@code file}, see {@link OsHooks}). */
    public LockTable(FileDbFile file, LockAndMap os) {
        this.os = os;
        file.onReopen(this::reacquire);
    }

    /** Shared lock on [off, off+len); false if busy. */
    public synchronized boolean tryShared(long off, long len) {
        checkNotLost();
        Held idle = null;
        for (Held h : held) {
            boolean same = h.off == off && h.len == len;
            if (h.count == 0) {
                if (same) {
                    idle = h;
                }
                continue;
            }
            if (same) {
                if (h.count < 0) {
                    return false;
                }
                h.count++;
                return true;
            }
            if (h.overlaps(off, len)) {
                if (h.count < 0) {
                    return false;
                }
                throw new IllegalStateException("shared lock ranges must not overlap: [" + off + "," + len + ") vs [" + h.off + "," + h.len + ")");
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
        Held idle = null;
        for (Held h : held) {
            if (h.count == 0) {
                if (h.off == off && h.len == len) {
                    idle = h;
                }
            } else if (h.overlaps(off, len)) {
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

    /**
     * Records a lock just taken from the OS, in the idle entry of its range when there is one: a
     * read mark is taken and released by every statement, and its entry is kept rather than made
     * and removed each time (entries are per range, and the ranges in use are a fixed few).
     */
    private void take(Held idle, long off, long len, int count, FileLock l) {
        if (idle != null) {
            idle.count = count;
            idle.lock = l;
        } else {
            held.add(new Held(off, len, count, l));
        }
    }

    /** Releases one shared hold of [off, off+len); the last holder releases the OS lock. */
    public synchronized void unlockShared(long off, long len) {
        Held h = find(off, len);
        if (h == null || h.count <= 0) {
            throw new IllegalStateException("shared lock not held: [" + off + "," + len + ")");
        }
        if (--h.count == 0) {
            FileLock l = h.lock;
            h.lock = null;
            release(l);
        }
    }

    /** Releases an exclusive hold of [off, off+len). */
    public synchronized void unlockExclusive(long off, long len) {
        Held h = find(off, len);
        if (h == null || h.count != -1) {
            throw new IllegalStateException("exclusive lock not held: [" + off + "," + len + ")");
        }
        FileLock l = h.lock;
        h.count = 0;
        h.lock = null;
        release(l);
    }

    /** In-process holders of exactly this range: n > 0 shared, -1 exclusive, 0 none. */
    public synchronized int holders(long off, long len) {
        Held h = find(off, len);
        return h == null ? 0 : h.count;
    }

    /** Whether no lock at all is held (the file's channel may then be closed). */
    public synchronized boolean isEmpty() {
        for (Held h : held) {
            if (h.count != 0) {
                return false;
            }
        }
        return true;
    }

    /** Releases everything (before closing the file). */
    public synchronized void releaseAll() {
        for (Held h : held) {
            if (h.lock != null) {
                release(h.lock);
            }
        }
        held.clear();
    }

    /** The entry of exactly this range (held or idle), or null. */
    private Held find(long off, long len) {
        for (Held h : held) {
            if (h.off == off && h.len == len) {
                return h;
            }
        }
        return null;
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
        for (Held h : held) {
            if (h.count == 0 || (h.lock != null && h.lock.isValid() && h.lock.channel() == ch)) {
                continue; // idle, or taken on the new channel already
            }
            try {
                h.lock = ch.tryLock(h.off, h.len, h.count > 0);
            } catch (IOException | OverlappingFileLockException e) {
                h.lock = null;
            }
            if (h.lock == null) {
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
