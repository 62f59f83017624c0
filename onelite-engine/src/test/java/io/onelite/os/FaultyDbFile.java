package io.onelite.os;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A {@link DbFile} test double that delegates to a real file and fails chosen operations with
 * SQLite's IOERR codes: the Nth write ({@code IOERR_WRITE}) and/or the Nth sync
 * ({@code IOERR_FSYNC}), counted over every file wrapped with the same {@link Faults}. A failed
 * write may optionally be torn: its first half reaches the file before the error.
 *
 * <p>Use with {@code Pager.open(path, options, file -> new FaultyDbFile(file, faults))}.
 */
public final class FaultyDbFile implements DbFile {
    /** Shared fault plan: counters and the operation numbers that fail (0 = never). */
    public static final class Faults {
        public final AtomicInteger writes = new AtomicInteger();
        public final AtomicInteger syncs = new AtomicInteger();
        public volatile int failWrite;
        public volatile int failSync;
        public volatile boolean tornWrites;
        /** Only operations on files whose name ends with this suffix count (null = all). */
        public volatile String onlySuffix;

        public Faults failWrite(int n) {
            this.failWrite = n;
            return this;
        }

        public Faults failSync(int n) {
            this.failSync = n;
            return this;
        }

        public Faults torn(boolean torn) {
            this.tornWrites = torn;
            return this;
        }

        public Faults only(String suffix) {
            this.onlySuffix = suffix;
            return this;
        }
    }

    private final DbFile delegate;
    private final Faults faults;

    public FaultyDbFile(DbFile delegate, Faults faults) {
        this.delegate = delegate;
        this.faults = faults;
    }

    private boolean counts() {
        String s = faults.onlySuffix;
        return s == null || delegate.path().toString().endsWith(s);
    }

    @Override
    public int read(long pos, byte[] buf, int off, int len) {
        return delegate.read(pos, buf, off, len);
    }

    @Override
    public void write(long pos, byte[] buf, int off, int len) {
        if (counts() && faults.writes.incrementAndGet() == faults.failWrite) {
            if (faults.tornWrites && len > 1) {
                delegate.write(pos, buf, off, len / 2);
            }
            throw new OneLiteException(ResultCode.IOERR_WRITE, "disk I/O error (injected write failure)");
        }
        delegate.write(pos, buf, off, len);
    }

    @Override
    public long size() {
        return delegate.size();
    }

    @Override
    public void truncate(long size) {
        delegate.truncate(size);
    }

    @Override
    public void sync(boolean metadata) {
        if (counts() && faults.syncs.incrementAndGet() == faults.failSync) {
            throw new OneLiteException(ResultCode.IOERR_FSYNC, "disk I/O error (injected sync failure)");
        }
        delegate.sync(metadata);
    }

    @Override
    public Path path() {
        return delegate.path();
    }

    @Override
    public void close() {
        delegate.close();
    }
}
