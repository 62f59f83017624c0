package io.onelite.exec;

import io.onelite.btree.Record;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * A stable sort that keeps at most {@link #memoryRows()} rows in memory: beyond that, sorted runs
 * go to a temp file (rows as {@link Record}s, which keep their storage classes) and a k-way merge
 * streams them back, as SQLite's VDBE sorter does with its PMAs. Ties keep input order: runs are
 * cut from the input in order, each run is sorted stably and the merge prefers the earlier run.
 * The temp file is unlinked as soon as it is created (nothing is left behind, even by a crash);
 * its space is freed when the merge ends, fails, or the statement's {@link ExecContext} closes.
 */
final class ExternalSorter {
    private ExternalSorter() {
    }

    /** The default budget; {@code -Donelite.sort.memoryRows=N} overrides it (e.g. to run a test corpus spilling). */
    private static volatile int memoryRows = Math.max(1, Integer.getInteger("onelite.sort.memoryRows", 250_000));
    private static volatile Path tempDirectory;
    /** Spill files created and still open, for tests that check nothing is left behind. */
    static final java.util.concurrent.atomic.AtomicLong SPILLS_CREATED = new java.util.concurrent.atomic.AtomicLong();
    static final java.util.concurrent.atomic.AtomicLong SPILLS_OPEN = new java.util.concurrent.atomic.AtomicLong();

    /** How many rows a sort holds in memory before it spills a run to disk. */
    static int memoryRows() {
        return memoryRows;
    }

    /** Sets the in-memory budget in rows (tests set it tiny to exercise the spill path). */
    public static void setMemoryRows(int rows) {
        if (rows < 1) {
            throw new IllegalArgumentException("memory rows must be positive: " + rows);
        }
        memoryRows = rows;
    }

    /** Where spill files go; null means {@code java.io.tmpdir}. */
    public static void setTempDirectory(Path dir) {
        tempDirectory = dir;
    }

    /** Consumes {@code in} and returns its rows in {@code order}, ties in input order. */
    static RowIterator sort(RowIterator in, Comparator<Object[]> order, ExecContext ctx) {
        int budget = memoryRows;
        List<Object[]> buffer = new ArrayList<>();
        SpillFile spill = null;
        try {
            while (in.next()) {
                ctx.checkInterrupt();
                if (buffer.size() >= budget) { // only a row beyond the budget spills: a full buffer may be all
                    if (spill == null) {
                        spill = SpillFile.create(tempDirectory);
                        ctx.onClose(spill);
                    }
                    buffer.sort(order); // List.sort is stable
                    spill.writeRun(buffer);
                    buffer = new ArrayList<>();
                }
                buffer.add(in.row());
            }
            buffer.sort(order);
            if (spill == null) {
                return RowIterator.of(buffer);
            }
            spill.finishWriting();
            return new Merge(spill, buffer, order, ctx);
        } catch (RuntimeException | Error e) {
            if (spill != null) {
                spill.close();
            }
            throw e;
        }
    }

    /** The sorted runs of one sort in one unlinked temp file. */
    static final class SpillFile implements AutoCloseable {
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
                SPILLS_CREATED.incrementAndGet();
                SPILLS_OPEN.incrementAndGet();
                return new SpillFile(ch);
            } catch (IOException e) {
                throw ioError(e);
            }
        }

        void writeRun(List<Object[]> sorted) {
            long start = written;
            try {
                for (Object[] row : sorted) {
                    byte[] rec = Record.encode(row);
                    put(ByteBuffer.allocate(4).putInt(0, rec.length));
                    put(ByteBuffer.wrap(rec));
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

        void finishWriting() {
            // every run was flushed by writeRun; nothing is buffered
        }

        List<long[]> runs() {
            return runs;
        }

        int read(ByteBuffer dst, long position) throws IOException {
            return channel.read(dst, position);
        }

        @Override
        public void close() {
            if (closed) {
                return;
            }
            closed = true;
            SPILLS_OPEN.decrementAndGet();
            try {
                channel.close();
            } catch (IOException ignored) {
                // the file is already unlinked; closing only frees its space
            }
        }
    }

    private static io.onelite.common.OneLiteException ioError(IOException e) {
        return new io.onelite.common.OneLiteException(io.onelite.common.ResultCode.IOERR,
                "disk I/O error (sort spill file): " + e.getMessage());
    }

    /** Reads one run's rows back in order. */
    private static final class RunReader {
        private final SpillFile file;
        private long position;
        private final long end;
        private ByteBuffer buf = ByteBuffer.allocate(1 << 15).limit(0);

        RunReader(SpillFile file, long start, long end) {
            this.file = file;
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
                if (!fill(len)) {
                    throw new io.onelite.common.OneLiteException(io.onelite.common.ResultCode.IOERR,
                            "disk I/O error (sort spill file truncated)");
                }
                byte[] rec = new byte[len];
                buf.get(rec);
                return Record.decode(rec);
            } catch (IOException e) {
                throw ioError(e);
            }
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
                int r = file.read(dst, position);
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

    /** The k-way merge of the spilled runs and the last, in-memory run. */
    private static final class Merge implements RowIterator {
        private record Head(Object[] row, int run) {
        }

        private final SpillFile spill;
        private final List<RunReader> readers = new ArrayList<>();
        private final List<Object[]> lastRun;
        private int lastPos;
        private final PriorityQueue<Head> heads;
        private final ExecContext ctx;
        private Object[] row;

        Merge(SpillFile spill, List<Object[]> lastRun, Comparator<Object[]> order, ExecContext ctx) {
            this.spill = spill;
            this.lastRun = lastRun;
            this.ctx = ctx;
            Comparator<Head> byOrderThenRun = (a, b) -> {
                int c = order.compare(a.row, b.row);
                return c != 0 ? c : Integer.compare(a.run, b.run);
            };
            List<long[]> runs = spill.runs();
            this.heads = new PriorityQueue<>(runs.size() + 1, byOrderThenRun);
            try {
                for (long[] r : runs) {
                    readers.add(new RunReader(spill, r[0], r[1]));
                    advance(readers.size() - 1);
                }
                advance(runs.size());
            } catch (RuntimeException e) {
                spill.close();
                throw e;
            }
        }

        private void advance(int run) {
            Object[] next;
            if (run < readers.size()) {
                next = readers.get(run).next();
            } else {
                next = lastPos < lastRun.size() ? lastRun.get(lastPos) : null;
                if (next != null) {
                    lastRun.set(lastPos++, null); // let the row go once merged
                }
            }
            if (next != null) {
                heads.add(new Head(next, run));
            }
        }

        @Override
        public boolean next() {
            try {
                ctx.checkInterrupt();
                Head h = heads.poll();
                if (h == null) {
                    row = null;
                    spill.close();
                    return false;
                }
                row = h.row;
                advance(h.run);
                return true;
            } catch (RuntimeException e) {
                spill.close();
                throw e;
            }
        }

        @Override
        public Object[] row() {
            return row;
        }
    }
}
