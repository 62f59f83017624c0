package io.onelite.exec;

import io.onelite.btree.Record;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The sorted runs of one {@link ExternalSorter} sort in one temp file, unlinked as soon as it is
 * created (nothing is left behind, even by a crash); closing the channel frees the space.
 * Each row of a run is written as
 * <pre>
 * SIZE  DESCRIPTION
 * 4     n, the length of the record
 * n     the row as a {@link Record} (keeps each value's storage class)
 * 2     m, the length of the JSON mask (0: no value of the row carries the JSON subtype)
 * m     the mask, {@link BitSet#toByteArray()}: bit i set when column i is JSON text
 * </pre>
 */
final class SpillFile implements AutoCloseable {
    /** Spill files created and still open, for tests that check nothing is left behind. */
    static final AtomicLong CREATED = new AtomicLong();
    static final AtomicLong OPEN = new AtomicLong();

    private final FileChannel channel;
    private final ByteBuffer out = ByteBuffer.allocate(1 << 16);
    private final List<long[]> runs = new ArrayList<>(); // {start, end} offsets
    private long written;
    private boolean closed;

    private SpillFile(FileChannel channel) {
        this.channel = channel;
    }

    static SpillFile create(Path dir) {
        try {
            Path file = dir == null ? Files.createTempFile("onelite-sort-", ".tmp")
                    : Files.createTempFile(dir, "onelite-sort-", ".tmp");
            FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE,
                    StandardOpenOption.DELETE_ON_CLOSE);
            try {
                Files.deleteIfExists(file); // POSIX: the open channel keeps the data, the name goes now
            } catch (IOException stillOpenElsewhere) {
                // Windows cannot unlink an open file: DELETE_ON_CLOSE removes it at close
            }
            CREATED.incrementAndGet();
            OPEN.incrementAndGet();
            return new SpillFile(ch);
        } catch (IOException e) {
            throw ioError(e);
        }
    }

    /** Appends one sorted run; {@code masks} holds the JSON masks of the rows that have one. */
    void writeRun(List<Object[]> sorted, java.util.Map<Object[], BitSet> masks) {
        long start = written;
        try {
            ByteBuffer head = ByteBuffer.allocate(4);
            for (Object[] row : sorted) {
                byte[] rec = Record.encode(row);
                put(head.clear().putInt(0, rec.length));
                put(ByteBuffer.wrap(rec));
                BitSet mask = masks.isEmpty() ? null : masks.get(row);
                byte[] m = mask == null ? new byte[0] : mask.toByteArray();
                put(ByteBuffer.allocate(2 + m.length).putShort((short) m.length).put(m).flip());
            }
            flush();
        } catch (IOException e) {
            throw ioError(e);
        }
        runs.add(new long[]{start, written});
    }

    private void put(ByteBuffer src) throws IOException {
        while (src.hasRemaining()) {
            if (!out.hasRemaining()) {
                flush();
            }
            int n = Math.min(out.remaining(), src.remaining());
            ByteBuffer slice = src.slice().limit(n);
            out.put(slice);
            src.position(src.position() + n);
        }
    }

    private void flush() throws IOException {
        out.flip();
        while (out.hasRemaining()) {
            written += channel.write(out, written);
        }
        out.clear();
    }

    List<long[]> runs() {
        return runs;
    }

    /** A reader of run {@code i}. */
    RunReader reader(int i) {
        long[] r = runs.get(i);
        return new RunReader(r[0], r[1]);
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        OPEN.decrementAndGet();
        try {
            channel.close();
        } catch (IOException ignored) {
            // the file is already unlinked; closing only frees its space
        }
    }

    static OneLiteException ioError(IOException e) {
        return new OneLiteException(ResultCode.IOERR, "disk I/O error (sort spill file): " + e.getMessage());
    }

    /** Reads one run's rows back in order. */
    final class RunReader {
        private long position;
        private final long end;
        private ByteBuffer buf = ByteBuffer.allocate(1 << 15).limit(0);
        /** The JSON mask of the row {@link #next} returned last, or null. */
        BitSet mask;

        private RunReader(long start, long end) {
            this.position = start;
            this.end = end;
        }

        /** The next row, or null at the end of the run. */
        Object[] next() {
            try {
                if (!fill(4)) {
                    return null;
                }
                int len = buf.getInt();
                if (!fill(len + 2)) {
                    throw truncated();
                }
                byte[] rec = new byte[len];
                buf.get(rec);
                int m = buf.getShort() & 0xffff;
                if (m == 0) {
                    mask = null;
                } else {
                    if (!fill(m)) {
                        throw truncated();
                    }
                    byte[] bits = new byte[m];
                    buf.get(bits);
                    mask = BitSet.valueOf(bits);
                }
                return Record.decode(rec);
            } catch (IOException e) {
                throw ioError(e);
            }
        }

        private OneLiteException truncated() {
            return new OneLiteException(ResultCode.IOERR, "disk I/O error (sort spill file truncated)");
        }

        /** Makes {@code n} bytes available in {@code buf}; false at the end of the run. */
        private boolean fill(int n) throws IOException {
            if (buf.remaining() >= n) {
                return true;
            }
            if (position >= end && buf.remaining() == 0) {
                return false;
            }
            ByteBuffer next = ByteBuffer.allocate(Math.max(buf.capacity(), n));
            next.put(buf);
            while (next.position() < n && position < end) {
                int want = (int) Math.min(next.remaining(), end - position);
                ByteBuffer dst = next.slice().limit(want);
                int r = channel.read(dst, position);
                if (r < 0) {
                    break;
                }
                position += r;
                next.position(next.position() + r);
            }
            next.flip();
            buf = next;
            return buf.remaining() >= n;
        }
    }
}
