package io.onelite.os;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * A {@link DbFile} on one long-lived {@link FileChannel} (the JVM's only descriptor for the
 * file, so that no close drops the process's POSIX locks on it).
 *
 * <p>Thread interrupts close a {@code FileChannel} (and with it every lock the process holds on
 * the file). We clear the interrupt flag around each I/O call and restore it afterwards; if a
 * channel is nevertheless closed by an interrupt that arrives during a call, the file is
 * reopened, the listeners (the {@link LockTable}) re-acquire their locks, and the call is retried.
 */
public final class FileDbFile implements DbFile, LockAndMap {
    private final Path path;
    private volatile FileChannel channel;
    private volatile boolean closed;
    private final CopyOnWriteArrayList<Consumer<FileChannel>> reopenListeners = new CopyOnWriteArrayList<>();

    private FileDbFile(Path path, FileChannel channel) {
        this.path = path;
        this.channel = channel;
    }

    /** Opens {@code path} read/write, creating it if {@code create}. */
    public static FileDbFile open(Path path, boolean create) {
        try {
            FileChannel ch = create
                    ? FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE, StandardOpenOption.CREATE)
                    : FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE);
            return new FileDbFile(path, ch);
        } catch (IOException e) {
            throw new OneLiteException(ResultCode.CANTOPEN, "unable to open database file: " + path + ": " + e.getMessage(), e);
        }
    }

    @Override // DbFile and LockAndMap
    public Path path() {
        return path;
    }

    /** Called with the new channel after the file had to be reopened (locks were lost). */
    void onReopen(Consumer<FileChannel> listener) {
        reopenListeners.add(listener);
    }

    @FunctionalInterface
    interface ChannelOp<T> {
        T run(FileChannel ch) throws IOException;
    }

    @FunctionalInterface
    interface LongChannelOp {
        long run(FileChannel ch) throws IOException;
    }

    /** Runs {@code op} on the channel, shielded from interrupts (see the class comment). */
    <T> T io(ResultCode errorCode, ChannelOp<T> op) {
        boolean interrupted = Thread.interrupted();
        try {
            for (int attempt = 0; ; attempt++) {
                FileChannel ch = channel;
                try {
                    return op.run(ch);
                } catch (ClosedChannelException e) {
                    interrupted |= afterClosed(errorCode, ch, attempt, e);
                } catch (IOException e) {
                    throw ioError(errorCode, e);
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** As {@link #io}, for an operation whose result is a number: no boxing on the paths every read takes. */
    long ioLong(ResultCode errorCode, LongChannelOp op) {
        boolean interrupted = Thread.interrupted();
        try {
            for (int attempt = 0; ; attempt++) {
                FileChannel ch = channel;
                try {
                    return op.run(ch);
                } catch (ClosedChannelException e) {
                    interrupted |= afterClosed(errorCode, ch, attempt, e);
                } catch (IOException e) {
                    throw ioError(errorCode, e);
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** After the channel {@code ch} was closed under an operation: reopens it for a retry; whether the thread was interrupted. */
    private boolean afterClosed(ResultCode errorCode, FileChannel ch, int attempt, ClosedChannelException e) {
        boolean interrupted = Thread.interrupted();
        if (closed || attempt >= 3) {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
            throw new OneLiteException(errorCode, "disk I/O error: " + path + " closed", e);
        }
        reopen(ch);
        return interrupted;
    }

    private OneLiteException ioError(ResultCode errorCode, IOException e) {
        return new OneLiteException(errorCode, "disk I/O error: " + path + ": " + e.getMessage(), e);
    }

    /**
     * Replaces a channel closed under us. The listeners (lock re-acquisition) run outside this
     * object's monitor: a thread inside {@link LockTable} may be waiting here while holding the
     * table's monitor.
     */
    private void reopen(FileChannel broken) {
        FileChannel fresh;
        synchronized (this) {
            if (channel != broken || closed) {
                return;
            }
            try {
                fresh = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE);
            } catch (IOException e) {
                throw new OneLiteException(ResultCode.IOERR, "disk I/O error: cannot reopen " + path, e);
            }
            channel = fresh;
        }
        for (Consumer<FileChannel> l : reopenListeners) {
            l.accept(fresh);
        }
    }

    @Override
    public int read(long pos, byte[] buf, int off, int len) {
        return (int) ioLong(ResultCode.IOERR_READ, ch -> {
            ByteBuffer b = ByteBuffer.wrap(buf, off, len);
            int total = 0;
            while (b.hasRemaining()) {
                int n = ch.read(b, pos + total);
                if (n < 0) {
                    break;
                }
                total += n;
            }
            return total;
        });
    }

    @Override
    public void write(long pos, byte[] buf, int off, int len) {
        io(ResultCode.IOERR_WRITE, ch -> {
            ByteBuffer b = ByteBuffer.wrap(buf, off, len);
            long p = pos;
            while (b.hasRemaining()) {
                p += ch.write(b, p);
            }
            return null;
        });
    }

    @Override
    public long size() {
        return ioLong(ResultCode.IOERR_FSTAT, FileChannel::size);
    }

    @Override
    public void truncate(long size) {
        io(ResultCode.IOERR_TRUNCATE, ch -> {
            if (ch.size() > size) {
                ch.truncate(size);
            }
            return null;
        });
    }

    @Override
    public void sync(boolean metadata) {
        io(ResultCode.IOERR_FSYNC, ch -> {
            ch.force(metadata);
            return null;
        });
    }

    @Override
    public MappedByteBuffer map(long pos, int size) {
        return io(ResultCode.IOERR_SHMMAP, ch -> ch.map(FileChannel.MapMode.READ_WRITE, pos, size));
    }

    /**
     * {@inheritDoc}
     *
     * <p>{@code FileChannel.map} on a writable channel extends a file shorter than the region
     * (it never does so for a read-only channel, but a second descriptor of the file would drop
     * the process's POSIX locks when it is closed), so the size is checked here first: a region
     * past the end is refused with IOERR_READ. The caller must also keep the file from shrinking
     * under the call, as the WAL protocol does for the pages its read mark covers.
     */
    @Override
    public MappedByteBuffer mapReadOnly(long pos, int size) {
        return io(ResultCode.IOERR_READ, ch -> {
            if (ch.size() < pos + size) {
                throw new java.io.IOException("cannot map past the end of the file");
            }
            return ch.map(FileChannel.MapMode.READ_ONLY, pos, size);
        });
    }

    @Override
    public FileLock tryLock(long pos, long len, boolean shared) {
        return io(ResultCode.IOERR_LOCK, ch -> ch.tryLock(pos, len, shared));
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            channel.close();
        } catch (IOException e) {
            throw new OneLiteException(ResultCode.IOERR, "disk I/O error closing " + path, e);
        }
    }

    /** Forces a directory's entries to disk (used by synchronous=EXTRA after creating or deleting files). */
    public static void syncDirectory(Path dir) {
        if (dir == null) {
            return;
        }
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException | UnsupportedOperationException ignored) {
            // not every file system allows opening a directory; the sync is best effort
        }
    }
}
