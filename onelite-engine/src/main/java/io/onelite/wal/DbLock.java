package io.onelite.wal;

import io.onelite.os.LockTable;

/**
 * SQLite's locks on the main database file, as used in WAL mode: every connection holds SHARED
 * (a read lock on the 510 bytes from 0x40000002) for its whole life; EXCLUSIVE (a write lock on
 * them) is needed to create, convert or delete the WAL. SHARED is acquired through a brief read
 * lock on PENDING (0x40000000), as SQLite does, so that a process waiting for EXCLUSIVE is not
 * starved.
 *
 * <p>Java cannot convert a lock in place without a gap, so SHARED is held as two adjacent
 * ranges, A = 1 byte at 0x40000002 and B = the 509 bytes after it (the OS sees one read lock).
 * Upgrading releases B, takes it exclusive, then does the same with A: A stays read-locked by
 * us throughout, so no other process can get EXCLUSIVE in between.
 */
public final class DbLock {
    public static final long PENDING = 0x40000000L;
    public static final long SHARED_FIRST = 0x40000002L;
    public static final int SHARED_SIZE = 510;
    private static final long A = SHARED_FIRST;
    private static final long B = SHARED_FIRST + 1;
    private static final long B_LEN = SHARED_SIZE - 1;

    private final LockTable locks;
    private boolean shared;
    private boolean exclusive;

    public DbLock(LockTable locks) {
        this.locks = locks;
    }

    /** Takes SHARED; false if busy (a process holds or is acquiring EXCLUSIVE). */
    public synchronized boolean tryShared() {
        if (shared || exclusive) {
            return true;
        }
        if (!locks.tryShared(PENDING, 1)) {
            return false;
        }
        try {
            if (!locks.tryShared(A, 1)) {
                return false;
            }
            if (!locks.tryShared(B, B_LEN)) {
                locks.unlockShared(A, 1);
                return false;
            }
            shared = true;
            return true;
        } finally {
            locks.unlockShared(PENDING, 1);
        }
    }

    /** SHARED -> EXCLUSIVE without a gap; false (still SHARED) if another process holds SHARED. */
    public synchronized boolean tryUpgrade() {
        if (exclusive) {
            return true;
        }
        if (!shared) {
            throw new IllegalStateException("SHARED not held");
        }
        locks.unlockShared(B, B_LEN);
        if (!locks.tryExclusive(B, B_LEN)) {
            if (!locks.tryShared(B, B_LEN)) {
                // cannot happen while we hold A (nobody can hold B exclusive): fail loudly
                throw new IllegalStateException("lost the SHARED lock while upgrading");
            }
            return false;
        }
        locks.unlockShared(A, 1);
        if (!locks.tryExclusive(A, 1)) {
            // someone grabbed A alone (no SQLite does): back off to SHARED
            locks.unlockExclusive(B, B_LEN);
            boolean a = locks.tryShared(A, 1);
            boolean b = locks.tryShared(B, B_LEN);
            if (!a || !b) {
                throw new IllegalStateException("lost the SHARED lock while upgrading");
            }
            return false;
        }
        exclusive = true;
        shared = false;
        return true;
    }

    /** EXCLUSIVE -> SHARED: read locks taken before the write locks go. */
    public synchronized void downgrade() {
        if (!exclusive) {
            return;
        }
        locks.unlockExclusive(A, 1);
        locks.tryShared(A, 1);
        locks.unlockExclusive(B, B_LEN);
        locks.tryShared(B, B_LEN);
        exclusive = false;
        shared = true;
    }

    /** Releases whatever is held. */
    public synchronized void release() {
        if (exclusive) {
            locks.unlockExclusive(A, 1);
            locks.unlockExclusive(B, B_LEN);
        } else if (shared) {
            locks.unlockShared(A, 1);
            locks.unlockShared(B, B_LEN);
        }
        exclusive = false;
        shared = false;
    }

    public synchronized boolean isExclusive() {
        return exclusive;
    }
}
