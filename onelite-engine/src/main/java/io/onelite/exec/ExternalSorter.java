package io.onelite.exec;

import io.onelite.exec.func.JsonSubtype;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * A stable sort that keeps at most {@link #memoryRows()} rows, and about {@link #memoryBytes()}
 * bytes of them, in memory: beyond that, sorted runs go to a {@link SpillFile} (rows as
 * {@code Record}s, which keep their storage classes) and a k-way merge streams them back, as
 * SQLite's VDBE sorter does with its PMAs. Ties keep input order: runs are cut from the input in
 * order, each run is sorted stably and the merge prefers the earlier run. The temp file's space is
 * freed when the merge ends, fails, or the statement's {@link ExecContext} closes.
 *
 * <p>A value that carries the JSON subtype as it arrives ({@link JsonSubtype#isJson}) carries it
 * again when the sorter hands its row on, whether the row stayed in memory or went through the
 * file: SQLite's sorter keeps the subtype of window function arguments, and the subtype mark is
 * only remembered for recent values.
 *
 * <p>The GROUP BY, DISTINCT, compound and window operators feed rows one by one through a
 * {@link Sink}; ORDER BY calls {@link #sort}.
 */
final class ExternalSorter {
    private ExternalSorter() {
    }

    /** The default budget; {@code -Donelite.sort.memoryRows=N} overrides it (e.g. to run a test corpus spilling). */
    private static volatile int memoryRows = Math.max(1, Integer.getInteger("onelite.sort.memoryRows", 250_000));
    /** About how many bytes of rows a sort holds; {@code -Donelite.sort.memoryBytes=N} overrides it. */
    private static volatile long memoryBytes = Math.max(1, Long.getLong("onelite.sort.memoryBytes", 256L << 20));
    private static volatile Path tempDirectory;
    /** Spill files created and still open, for tests that check nothing is left behind. */
    static final java.util.concurrent.atomic.AtomicLong SPILLS_CREATED = SpillFile.CREATED;
    static final java.util.concurrent.atomic.AtomicLong SPILLS_OPEN = SpillFile.OPEN;

    /** How many rows a sort holds in memory before it spills a run to disk. */
    static int memoryRows() {
        return memoryRows;
    }

    /** About how many bytes of rows ({@link #sizeOf}) a sort holds in memory before it spills. */
    static long memoryBytes() {
        return memoryBytes;
    }

    /** Sets the in-memory budget in rows (tests set it tiny to exercise the spill path). */
    public static void setMemoryRows(int rows) {
        if (rows < 1) {
            throw new IllegalArgumentException("memory rows must be positive: " + rows);
        }
        memoryRows = rows;
    }

    /** Sets the in-memory budget in approximate bytes. */
    public static void setMemoryBytes(long bytes) {
        if (bytes < 1) {
            throw new IllegalArgumentException("memory bytes must be positive: " + bytes);
        }
        memoryBytes = bytes;
    }

    /** Where spill files go; null means {@code java.io.tmpdir}. */
    public static void setTempDirectory(Path dir) {
        tempDirectory = dir;
    }

    /**
     * About how much heap a row takes: the array, and per value its object (text as UTF-16, a
     * blob its bytes). Only used to decide when to spill.
     */
    static long sizeOf(Object[] row) {
        long n = 16 + 8L * row.length;
        for (Object v : row) {
            if (v instanceof String s) {
                n += 40 + 2L * s.length();
            } else if (v instanceof byte[] b) {
                n += 16 + b.length;
            } else if (v != null) {
                n += 16;
            }
        }
        return n;
    }

    /** Consumes {@code in} and returns its rows in {@code order}, ties in input order. */
    static RowIterator sort(RowIterator in, Comparator<Object[]> order, ExecContext ctx) {
        Sink sink = new Sink(order, ctx);
        try {
            while (in.next()) {
                ctx.checkInterrupt();
                sink.add(in.row());
            }
        } catch (RuntimeException | Error e) {
            sink.close();
            throw e;
        }
        return sink.sorted();
    }

    /**
     * Rows fed one at a time ({@link #add}), then handed back sorted once ({@link #sorted}). Only
     * a sink that spills holds anything but heap: its spill file, which it registers with the
     * statement's context when it creates it, so an abandoned or failed sink's file is closed
     * with the statement (a sink within budget never registers, so a correlated subquery run per
     * outer row leaves nothing behind).
     */
    static final class Sink implements AutoCloseable {
        private final Comparator<Object[]> order;
        private final ExecContext ctx;
        private final int budgetRows = memoryRows;
        private final long budgetBytes = memoryBytes;
        private List<Object[]> buffer = new ArrayList<>();
        private long bufferBytes;
        /** JSON masks of the buffered rows that have JSON values (by identity). */
        private Map<Object[], BitSet> masks = new IdentityHashMap<>();
        private SpillFile spill;
        private long count;

        Sink(Comparator<Object[]> order, ExecContext ctx) {
            this.order = order;
            this.ctx = ctx;
        }

        /** How many rows were added. */
        long count() {
            return count;
        }

        void add(Object[] row) {
            long size = sizeOf(row);
            // only a row beyond the budget spills: a full buffer may be all there is
            if (!buffer.isEmpty() && (buffer.size() >= budgetRows || bufferBytes + size > budgetBytes)) {
                if (spill == null) {
                    spill = SpillFile.create(tempDirectory);
                    ctx.onClose(spill);
                }
                try {
                    buffer.sort(order); // List.sort is stable
                    spill.writeRun(buffer, masks);
                } catch (RuntimeException | Error e) {
                    spill.close();
                    throw e;
                }
                buffer = new ArrayList<>();
                masks = new IdentityHashMap<>();
                bufferBytes = 0;
            }
            BitSet mask = jsonMask(row);
            if (mask != null) {
                masks.put(row, mask);
            }
            buffer.add(row);
            bufferBytes += size;
            count++;
        }

        /** The rows in order, ties in the order they were added. Call once. */
        RowIterator sorted() {
            List<Object[]> last = buffer;
            buffer = null;
            try {
                last.sort(order);
            } catch (RuntimeException | Error e) {
                close();
                throw e;
            }
            if (spill == null) {
                return masks.isEmpty() ? RowIterator.of(last) : new Remarking(last, masks);
            }
            return new Merge(spill, last, masks, order, ctx);
        }

        @Override
        public void close() {
            buffer = null;
            if (spill != null) {
                spill.close();
            }
        }
    }

    /** Bit i set when column i is JSON text, or null if none is. */
    private static BitSet jsonMask(Object[] row) {
        BitSet mask = null;
        for (int i = 0; i < row.length; i++) {
            if (row[i] instanceof String && JsonSubtype.isJson(row[i])) {
                if (mask == null) {
                    mask = new BitSet();
                }
                mask.set(i);
            }
        }
        return mask;
    }

    private static void remark(Object[] row, BitSet mask) {
        if (mask != null) {
            for (int i = mask.nextSetBit(0); i >= 0; i = mask.nextSetBit(i + 1)) {
                JsonSubtype.mark((String) row[i]);
            }
        }
    }

    /** An in-memory sort's rows, each JSON value marked again as its row is handed on. */
    private static final class Remarking implements RowIterator {
        private final List<Object[]> rows;
        private final Map<Object[], BitSet> masks;
        private int pos;
        private Object[] row;

        Remarking(List<Object[]> rows, Map<Object[], BitSet> masks) {
            this.rows = rows;
            this.masks = masks;
        }

        @Override
        public boolean next() {
            if (pos >= rows.size()) {
                return false;
            }
            row = rows.get(pos++);
            remark(row, masks.get(row));
            return true;
        }

        @Override
        public Object[] row() {
            return row;
        }
    }

    /** The k-way merge of the spilled runs and the last, in-memory run. */
    private static final class Merge implements RowIterator {
        private record Head(Object[] row, BitSet mask, int run) {
        }

        private final SpillFile spill;
        private final List<SpillFile.RunReader> readers = new ArrayList<>();
        private final List<Object[]> lastRun;
        private final Map<Object[], BitSet> lastMasks;
        private int lastPos;
        private final PriorityQueue<Head> heads;
        private final ExecContext ctx;
        private Object[] row;

        Merge(SpillFile spill, List<Object[]> lastRun, Map<Object[], BitSet> lastMasks, Comparator<Object[]> order,
              ExecContext ctx) {
            this.spill = spill;
            this.lastRun = lastRun;
            this.lastMasks = lastMasks;
            this.ctx = ctx;
            Comparator<Head> byOrderThenRun = (a, b) -> {
                int c = order.compare(a.row, b.row);
                return c != 0 ? c : Integer.compare(a.run, b.run);
            };
            int runs = spill.runs().size();
            this.heads = new PriorityQueue<>(runs + 1, byOrderThenRun);
            try {
                for (int i = 0; i < runs; i++) {
                    readers.add(spill.reader(i));
                    advance(i);
                }
                advance(runs);
            } catch (RuntimeException | Error e) {
                spill.close();
                throw e;
            }
        }

        private void advance(int run) {
            Object[] next;
            BitSet mask;
            if (run < readers.size()) {
                SpillFile.RunReader r = readers.get(run);
                next = r.next();
                mask = r.mask;
            } else {
                next = lastPos < lastRun.size() ? lastRun.get(lastPos) : null;
                mask = next == null || lastMasks.isEmpty() ? null : lastMasks.get(next);
                if (next != null) {
                    lastRun.set(lastPos++, null); // let the row go once merged
                }
            }
            if (next != null) {
                heads.add(new Head(next, mask, run));
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
                remark(row, h.mask);
                advance(h.run);
                return true;
            } catch (RuntimeException | Error e) {
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
