package io.onelite.reliability;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.os.ForwardingLockAndMap;
import io.onelite.os.OsHooks;

import java.nio.MappedByteBuffer;
import java.nio.channels.FileLock;

/**
 * A test double of the OS locks and mappings of one database, plugged in through
 * {@link OsHooks#locks()}: it refuses locks (as if another process held them: fcntl EAGAIN),
 * fails them (an fcntl error such as ENOLCK: IOERR_LOCK) or fails mappings of the {@code -shm}
 * (mmap failing: IOERR_SHMMAP), as set by the test at any time; otherwise it passes through.
 */
final class FaultyLocks {
    enum LockFault { NONE, REFUSE, FAIL }

    /** Which file's locks the fault hits: "" for the database file, "-shm" for the wal-index. */
    volatile String lockSuffix = "-shm";
    /** The lock offset hit (-1: every range of that file). */
    volatile long lockOffset = -1;
    volatile LockFault lockFault = LockFault.NONE;
    /** Mappings of the {@code -shm} at or past this offset fail. */
    volatile long failMapsFrom = Long.MAX_VALUE;
    volatile int injected;

    OsHooks hooks() {
        return OsHooks.locks(real -> new ForwardingLockAndMap(real) {
            @Override
            public FileLock tryLock(long pos, long len, boolean shared) {
                if (lockFault != LockFault.NONE && path().toString().endsWith("p.db" + lockSuffix)
                        && (lockOffset < 0 || lockOffset == pos)) {
                    injected++;
                    if (lockFault == LockFault.REFUSE) {
                        return null;
                    }
                    throw new OneLiteException(ResultCode.IOERR_LOCK, "disk I/O error: " + path() + ": injected lock fault");
                }
                return real.tryLock(pos, len, shared);
            }

            @Override
            public MappedByteBuffer map(long pos, int size) {
                if (pos >= failMapsFrom) {
                    injected++;
                    throw new OneLiteException(ResultCode.IOERR_SHMMAP, "disk I/O error: " + path() + ": injected mmap fault");
                }
                return real.map(pos, size);
            }
        });
    }

    void clear() {
        lockFault = LockFault.NONE;
        failMapsFrom = Long.MAX_VALUE;
    }
}
