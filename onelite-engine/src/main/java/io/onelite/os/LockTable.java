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
        int count; // > 0 shared holders, -1 exclusive
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
        for (Held h : held) {
            if (h.off == off && h.len == len) {
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
        held.add(new Held(off, len, 1, l));
        return true;
    }

    /** Exclusive lock on [off, off+len); false if any holder (in this JVM or another process) overlaps. */
    public synchronized boolean tryExclusive(long off, long len) {
        checkNotLost();
        for (Held h : held) {
            if (h.overlaps(off, len)) {
                return false;
            }
        }
        FileLock l = osLock(off, len, false);
        if (l == null) {
            return false;
        }
        held.add(new Held(off, len, -1, l));
        return true;
    }

    /** Releases one shared hold of [off, off+len); the last holder releases the OS lock. */
    public synchronized void unlockShared(long off, long len) {
        Held h = find(off, len);
        if (h == null || h.count <= 0) {
            throw new IllegalStateException("shared lock not held: [" + off + "," + len + ")");
        }
        if (--h.count == 0) {
            held.remove(h);
            release(h.lock);
        }
    }

    /** Releases an exclusive hold of [off, off+len). */
    public synchronized void unlockExclusive(long off, long len) {
        Held h = find(off, len);
        if (h == null || h.count != -1) {
            throw new IllegalStateException("exclusive lock not held: [" + off + "," + len + ")");
        }
        held.remove(h);
        release(h.lock);
    }

    /** In-process holders of exactly this range: n > 0 shared, -1 exclusive, 0 none. */
    public synchronized int holders(long off, long len) {
        Held h = find(off, len);
        return h == null ? 0 : h.count;
    }

    /** Whether no lock at all is held (the file's channel may then be closed). */
    public synchronized boolean isEmpty() {
        return held.isEmpty();
    }

    /** Releases everything (before closing the file). */
    public synchronized void releaseAll() {
        for (Held h : held) {
            release(h.lock);
        }
        held.clear();
    }

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
            if (h.lock != null && h.lock.isValid() && h.lock.channel() == ch) {
                continue; // taken on the new channel already
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
