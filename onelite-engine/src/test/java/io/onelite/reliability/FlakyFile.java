package io.onelite.reliability;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.os.DbFile;

import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A {@link DbFile} that fails random operations, for SQL-level fault tests: each write, sync,
 * read or truncate fails with the plan's probability, with {@code IOERR_WRITE}, {@code FULL}
 * ("disk full"), {@code IOERR_FSYNC}, {@code IOERR_READ} or {@code IOERR_TRUNCATE}. A failed write
 * may be torn (a prefix reaches the file). Decisions come from one seeded {@link Random}, so a run
 * replays from its seed (given the same operation order).
 *
 * <p>Complements {@code io.onelite.os.FaultyDbFile} (the Nth write or sync) with reads,
 * truncates, disk-full and random plans.
 */
final class FlakyFile implements DbFile {
    /** A fault plan shared by every file of one database. */
    static final class Plan {
        final Random rnd;
        volatile double pWrite;
        volatile double pSync;
        volatile double pRead;
        volatile double pTruncate;
        final AtomicInteger injected = new AtomicInteger();

        Plan(long seed) {
            this.rnd = new Random(seed);
        }

        void set(double write, double sync, double read, double truncate) {
            pWrite = write;
            pSync = sync;
            pRead = read;
            pTruncate = truncate;
        }

        void off() {
            set(0, 0, 0, 0);
        }

        synchronized boolean fire(double p) {
            if (p > 0 && rnd.nextDouble() < p) {
                injected.incrementAndGet();
                return true;
            }
            return false;
        }

        synchronized int nextInt(int bound) {
            return rnd.nextInt(bound);
        }
    }

    private final DbFile delegate;
    private final Plan plan;

    FlakyFile(DbFile delegate, Plan plan) {
        this.delegate = delegate;
        this.plan = plan;
    }

    @Override
    public int read(long pos, byte[] buf, int off, int len) {
        if (plan.fire(plan.pRead)) {
            throw new OneLiteException(ResultCode.IOERR_READ, "disk I/O error (injected read failure)");
        }
        return delegate.read(pos, buf, off, len);
    }

    @Override
    public void write(long pos, byte[] buf, int off, int len) {
        if (plan.fire(plan.pWrite)) {
            if (len > 1 && plan.nextInt(2) == 0) {
                delegate.write(pos, buf, off, 1 + plan.nextInt(len - 1)); // torn
            }
            if (plan.nextInt(2) == 0) {
                throw new OneLiteException(ResultCode.FULL, "database or disk is full (injected)");
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
        if (plan.fire(plan.pTruncate)) {
            throw new OneLiteException(ResultCode.IOERR_TRUNCATE, "disk I/O error (injected truncate failure)");
        }
        delegate.truncate(size);
    }

    @Override
    public void sync(boolean metadata) {
        if (plan.fire(plan.pSync)) {
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
