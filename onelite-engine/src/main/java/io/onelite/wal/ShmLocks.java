package io.onelite.wal;

import io.onelite.os.LockTable;

import java.util.concurrent.locks.LockSupport;

/**
 * The wal-index lock bytes (fcntl locks on the {@code -shm} file): 120 WRITE, 121 CKPT,
 * 122 RECOVER, 123..127 READ(0..4), 128 DMS. Thin helpers over the file's {@link LockTable}.
 */
final class ShmLocks {
    static final int WRITE = 120;
    static final int CKPT = 121;
    static final int RECOVER = 122;
    static final int DMS = 128;

    static int read(int i) {
        return 123 + i;
    }

    final LockTable table;

    ShmLocks(LockTable table) {
        this.table = table;
    }

    boolean tryShared(int off) {
        return table.tryShared(off, 1);
    }

    void unlockShared(int off) {
        table.unlockShared(off, 1);
    }

    /** As {@link #unlockShared}, the OS lock kept a moment for the next reader of this JVM ({@link LockTable}). */
    void unlockSharedLingering(int off, long now) {
        table.unlockSharedLingering(off, 1, now);
    }

    boolean tryExclusive(int off, int len) {
        return table.tryExclusive(off, len);
    }

    void unlockExclusive(int off, int len) {
        table.unlockExclusive(off, len);
    }

    /** Polls an exclusive lock until {@code deadlineNanos} (other processes cannot wake us). */
    boolean exclusiveWaiting(int off, int len, long deadlineNanos) {
        long sleep = 50_000;
        while (true) {
            if (table.tryExclusive(off, len)) {
                return true;
            }
            long left = deadlineNanos - System.nanoTime();
            if (left <= 0 || Thread.currentThread().isInterrupted()) {
                return false; // an interrupted thread cannot sleep: give up as if the wait timed out
            }
            LockSupport.parkNanos(Math.min(sleep, left));
            sleep = Math.min(sleep * 2, 5_000_000);
        }
    }
}
