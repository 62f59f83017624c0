package io.onelite.os;

import java.nio.MappedByteBuffer;
import java.nio.channels.FileLock;
import java.nio.file.Path;

/**
 * The two OS services under a {@link LockTable} and a {@link ShmRegion}: fcntl byte-range locks
 * and mmap of one file (SQLite's {@code xLock}/{@code xShmLock} and {@code xShmMap}).
 * {@link FileDbFile} provides them; a test double behind {@link OsHooks#locks()} refuses or fails
 * them. Errors are {@code OneLiteException}s: IOERR_LOCK for a lock, IOERR_SHMMAP for a mapping.
 */
public interface LockAndMap {
    /** The file locked and mapped. */
    Path path();

    /** {@code FileChannel.tryLock} on [pos, pos+len): null if another process holds a conflicting lock. */
    FileLock tryLock(long pos, long len, boolean shared);

    /** Maps {@code size} bytes at {@code pos} read/write, shared with other processes. */
    MappedByteBuffer map(long pos, int size);
}
