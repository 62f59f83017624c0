package io.onelite.os;

import java.nio.MappedByteBuffer;
import java.nio.channels.FileLock;
import java.nio.file.Path;

/**
 * A {@link LockAndMap} that passes every call on to another: tests override the locks or mappings
 * they count, refuse or fail (plugged in through {@link OsHooks#locks}).
 */
public class ForwardingLockAndMap implements LockAndMap {
    protected final LockAndMap real;

    public ForwardingLockAndMap(LockAndMap real) {
        this.real = real;
    }

    @Override
    public Path path() {
        return real.path();
    }

    @Override
    public FileLock tryLock(long pos, long len, boolean shared) {
        return real.tryLock(pos, len, shared);
    }

    @Override
    public MappedByteBuffer map(long pos, int size) {
        return real.map(pos, size);
    }
}
