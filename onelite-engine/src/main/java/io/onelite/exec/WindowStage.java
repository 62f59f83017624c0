package io.onelite.exec;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.exec.func.JsonSubtype;
import io.onelite.exec.func.WindowPartition;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

/**
 * Computes window function values over the rows of a query, as SQLite's window.c does over its
 * sorter: each row's window inputs (partition key, order key, arguments) are evaluated while the
 * row is current ({@link #capture}), with a payload the caller needs to evaluate the row's outputs
 * later (its sources' columns, or its group's values). Then, window by window, the rows go
 * through {@link ExternalSorter} by (PARTITION BY, ORDER BY, arrival), which spills past its
 * memory budget; each partition in turn is read into memory (only the partition: its size is
 * the bound), its peers and frames are worked out and the function is called. The last pass
 * yields the rows as the first window sorts them (another sort when there are several windows).
 *
 * <p>A captured row is laid out as
 * <pre>
 * [0]                arrival (Long)
 * [1, 1+P)           payload
 * per window s       PARTITION BY values, ORDER BY values, arguments, FILTER (a Boolean, if any)
 * [end-S, end)       the window values, filled in window by window
 * </pre>
 * Partition keys arrive folded by their collation (the planner's {@code groupKey}), so
 * partitions are the runs of BINARY-equal keys.
 */
public final class WindowStage {
    private final WindowSpec[] specs;
    private final int payload;
    private final ExecContext ctx;
    private final int[] partAt;
    private final int[] orderAt;
    private final int[] argsAt;
    private final int[] filterAt;
    private final int resultAt;
    private final int width;
    private ExternalSorter.Sink first;
    private long arrival;

    public WindowStage(WindowSpec[] specs, int payloadWidth, ExecContext ctx) {
        this.specs = specs;
        this.payload = payloadWidth;
        this.ctx = ctx;
        partAt = new int[specs.length];
        orderAt = new int[specs.length];
        argsAt = new int[specs.length];
        filterAt = new int[specs.length];
        int p = 1 + payloadWidth;
        for (int s = 0; s < specs.length; s++) {
            partAt[s] = p;
            p += specs[s].partitionBy().length;
            orderAt[s] = p;
            p += specs[s].orderBy().length;
            argsAt[s] = p;
            p += specs[s].args().length;
            filterAt[s] = specs[s].filter() == null ? -1 : p++;
        }
        resultAt = p;
        width = p + specs.length;
    }

    /** Captures the current row of {@code f} with its {@code payload} (as wide as the constructor said). */
    public void capture(Frame f, Object[] payloadValues) {
        if (first == null) {
            first = sink(0);
        }
        Object[] row = new Object[width];
        row[0] = arrival++;
        System.arraycopy(payloadValues, 0, row, 1, payload);
        for (int s = 0; s < specs.length; s++) {
            WindowSpec w = specs[s];
            evalInto(w.partitionBy(), f, row, partAt[s]);
            evalInto(w.orderBy(), f, row, orderAt[s]);
            evalInto(w.args(), f, row, argsAt[s]);
            if (!w.jsonAggregate()) {
                for (int i = argsAt[s]; i < argsAt[s] + w.args().length; i++) {
                    row[i] = JsonSubtype.drop(row[i]);
                }
            }
            if (filterAt[s] >= 0) {
                row[filterAt[s]] = ValueOps.isTrue(w.filter().eval(f));
            }
        }
        first.add(row);
    }

    private static void evalInto(Eval[] e, Frame f, Object[] row, int at) {
        for (int i = 0; i < e.length; i++) {
            row[at + i] = e[i].eval(f);
        }
    }

    /** A sort by window {@code s}'s partition and order, then arrival. */
    private ExternalSorter.Sink sink(int s) {
        WindowSpec w = specs[s];
        int np = w.partitionBy().length;
        int no = w.orderBy().length;
        ExternalSorter.Sink sink = new ExternalSorter.Sink((a, b) -> {
            int c = comparePartition(a, b, partAt[s], np);
            if (c == 0) {
                c = compareOrder(w, a, orderAt[s], b, orderAt[s], no);
            }
            return c != 0 ? c : Long.compare((Long) a[0], (Long) b[0]);
        }, ctx);
        return sink;
    }

    private static int comparePartition(Object[] a, Object[] b, int at, int n) {
        for (int i = at; i < at + n; i++) {
            int c = ValueOps.compare(a[i], b[i], null);
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    /**
     * The captured rows, as the first window sorts them, each as its payload followed by its
     * window values (one per spec). Call once, after the last {@link #capture}.
     */
    public RowIterator compute(Frame f) {
        if (first == null) {
            return RowIterator.of(List.of());
        }
        RowIterator rows = first.sorted();
        for (int s = 0; s < specs.length; s++) {
            Partitions pass = new Partitions(f, s, rows);
            if (specs.length == 1) {
                rows = pass;
                break;
            }
            // the next window's sort, or, after the last window, the first one's order again
            ExternalSorter.Sink next = sink(s + 1 < specs.length ? s + 1 : 0);
            while (pass.next()) {
                next.add(pass.row());
            }
            rows = next.sorted();
        }
        RowIterator done = rows;
        return new RowIterator() {
            Object[] row;

            @Override
            public boolean next() {
                if (!done.next()) {
                    return false;
                }
                Object[] r = done.row();
                row = new Object[payload + specs.length];
                System.arraycopy(r, 1, row, 0, payload);
                System.arraycopy(r, resultAt, row, payload, specs.length);
                for (int s = 0; s < specs.length; s++) {
                    if (specs[s].jsonAggregate() && row[payload + s] instanceof String json) {
                        // a JSON aggregate's text is JSON: marked again here, as the mark is only
                        // kept for recent values and whole partitions were computed since; or
                        // made plain, for a value SQLite computes in a nested pass
                        row[payload + s] = specs[s].jsonValue() ? JsonSubtype.mark(json) : JsonSubtype.drop(json);
                    }
                }
                return true;
            }

            @Override
            public Object[] row() {
                return row;
            }
        };
    }

    /** One window's pass over rows sorted for it: reads a partition, computes it, hands its rows on. */
    private final class Partitions implements RowIterator {
        private final Frame f;
        private final int spec;
        private final RowIterator in;
        private Object[] pending;
        private boolean started;
        private List<Object[]> part = new ArrayList<>();
        private int pos;
        private Object[] row;

        Partitions(Frame f, int spec, RowIterator in) {
            this.f = f;
            this.spec = spec;
            this.in = in;
        }

        @Override
        public boolean next() {
            if (pos >= part.size() && !readPartition()) {
                return false;
            }
            row = part.get(pos);
            part.set(pos++, null);
            return true;
        }

        private boolean readPartition() {
            if (!started) {
                started = true;
                pending = in.next() ? in.row() : null;
            }
            if (pending == null) {
                return false;
            }
            WindowSpec w = specs[spec];
            int np = w.partitionBy().length;
            int na = w.args().length;
            part = new ArrayList<>();
            pos = 0;
            List<BitSet> json = new ArrayList<>();
            Object[] head = pending;
            do {
                ctx.checkInterrupt();
                part.add(pending);
                json.add(w.jsonAggregate() ? jsonArgs(pending, argsAt[spec], na) : null);
                pending = in.next() ? in.row() : null;
            } while (pending != null && comparePartition(head, pending, partAt[spec], np) == 0);
            Object[] vals = w.function().get().evaluate(partition(f, w, spec, part, json));
            for (int i = 0; i < part.size(); i++) {
                part.get(i)[resultAt + spec] = vals[i];
            }
            return true;
        }

        @Override
        public Object[] row() {
            return row;
        }
    }

    /**
     * Which arguments of a row just handed on by the sorter are JSON text: the mark is only kept
     * for recent values, and a partition is read whole before its function runs.
     */
    private static BitSet jsonArgs(Object[] row, int at, int n) {
        BitSet mask = null;
        for (int i = 0; i < n; i++) {
            if (row[at + i] instanceof String && JsonSubtype.isJson(row[at + i])) {
                if (mask == null) {
                    mask = new BitSet();
                }
                mask.set(i);
            }
        }
        return mask;
    }

    private static int compareOrder(WindowSpec w, Object[] x, Object[] y) {
        return compareOrder(w, x, 0, y, 0, x.length);
    }

    /** Compares the ORDER BY values {@code x[xAt, xAt+n)} and {@code y[yAt, yAt+n)} as window {@code w} sorts. */
    private static int compareOrder(WindowSpec w, Object[] x, int xAt, Object[] y, int yAt, int n) {
        for (int i = 0; i < n; i++) {
            Object a = x[xAt + i];
            Object b = y[yAt + i];
            if (a == null || b == null) {
                if (a == b) {
                    continue;
                }
                boolean nf = w.nullsFirst()[i];
                return a == null ? (nf ? -1 : 1) : (nf ? 1 : -1);
            }
            int c = ValueOps.compare(a, b, w.collations()[i]);
            if (c != 0) {
                return w.descending()[i] ? -c : c;
            }
        }
        return 0;
    }

    private WindowPartition partition(Frame f, WindowSpec w, int spec, List<Object[]> rows, List<BitSet> json) {
        int n = rows.size();
        int oa = orderAt[spec];
        int no = w.orderBy().length;
        int aa = argsAt[spec];
        int na = w.args().length;
        int fa = filterAt[spec];
        int[] peerStart = new int[n];
        int[] peerEnd = new int[n];
        int[] group = new int[n];
        int g = 0;
        for (int i = 0; i < n; i++) {
            if (i > 0 && (w.orderBy().length == 0
                    || compareOrder(w, rows.get(i - 1), oa, rows.get(i), oa, no) == 0)) {
                peerStart[i] = peerStart[i - 1];
                group[i] = group[i - 1];
            } else {
                peerStart[i] = i;
                group[i] = i == 0 ? 0 : ++g;
            }
        }
        for (int i = n - 1; i >= 0; i--) {
            peerEnd[i] = i == n - 1 || peerStart[i + 1] != peerStart[i] ? i + 1 : peerEnd[i + 1];
        }
        int[] groupStart = new int[g + 1];
        int[] groupEnd = new int[g + 1];
        for (int i = 0; i < n; i++) {
            groupStart[group[i]] = peerStart[i];
            groupEnd[group[i]] = peerEnd[i];
        }
        int[] fs = new int[n];
        int[] fe = new int[n];
        boolean range = w.unit() == WindowSpec.UNIT_RANGE;
        Object startOff = range ? rangeOffset(w.startOffset(), f, true) : offset(w.startOffset(), f, true);
        Object endOff = range ? rangeOffset(w.endOffset(), f, false) : offset(w.endOffset(), f, false);
        Object[] keys = null;
        if (range && w.orderBy().length == 1) {
            keys = new Object[n];
            for (int i = 0; i < n; i++) {
                keys[i] = rows.get(i)[oa];
            }
        }
        for (int i = 0; i < n; i++) {
            if (w.defaultFrame()) {
                fs[i] = 0;
                fe[i] = w.orderBy().length == 0 ? n : peerEnd[i];
                continue;
            }
            if (range && isOffset(w.startKind())) {
                fs[i] = rangeBound(w, keys, i, w.startKind(), startOff, true);
            } else {
                fs[i] = bound(w.unit(), w.startKind(), (Long) startOff, i, n, true, peerStart, peerEnd, group,
                        groupStart, groupEnd);
            }
            if (range && isOffset(w.endKind())) {
                fe[i] = rangeBound(w, keys, i, w.endKind(), endOff, false);
            } else {
                fe[i] = bound(w.unit(), w.endKind(), (Long) endOff, i, n, false, peerStart, peerEnd, group,
                        groupStart, groupEnd);
            }
            if (fe[i] < fs[i]) {
                fe[i] = fs[i];
            }
        }
        int exclude = w.defaultFrame() ? 0 : w.exclude();
        boolean startsUnbounded = w.defaultFrame() || w.startKind() == WindowSpec.UNBOUNDED_PRECEDING;
        // window.c's order of steps and inverses (WindowPartition.inversesBeforeStep): a ROWS or
        // GROUPS frame starting n FOLLOWING lets row or group j leave once the one `lag` after it
        // entered; a RANGE frame starting n FOLLOWING or ending n PRECEDING steps first
        boolean startsFollowing = !w.defaultFrame() && w.startKind() == WindowSpec.FOLLOWING;
        boolean rangeStepsFirst = range && !w.defaultFrame()
                && (startsFollowing || w.endKind() == WindowSpec.PRECEDING);
        long lag = startsFollowing && !range && w.endKind() == WindowSpec.FOLLOWING
                ? (Long) endOff - (Long) startOff : Long.MAX_VALUE; // MAX_VALUE: UNBOUNDED FOLLOWING, steps first
        return new WindowPartition() {
            @Override
            public int size() {
                return n;
            }

            @Override
            public Object[] args(int row) {
                Object[] v = Arrays.copyOfRange(rows.get(row), aa, aa + na);
                BitSet marks = json.get(row);
                if (marks != null) {
                    for (int i = marks.nextSetBit(0); i >= 0; i = marks.nextSetBit(i + 1)) {
                        JsonSubtype.mark((String) v[i]);
                    }
                }
                return v;
            }

            @Override
            public boolean filteredOut(int row) {
                return fa >= 0 && rows.get(row)[fa] != Boolean.TRUE;
            }

            @Override
            public int peerStart(int row) {
                return peerStart[row];
            }

            @Override
            public int peerEnd(int row) {
                return peerEnd[row];
            }

            @Override
            public int frameStart(int row) {
                return fs[row];
            }

            @Override
            public int frameEnd(int row) {
                return fe[row];
            }

            @Override
            public boolean startsUnbounded() {
                return startsUnbounded;
            }

            @Override
            public boolean inversesBeforeStep(int leaving, int entering) {
                if (rangeStepsFirst) {
                    return false;
                }
                if (!startsFollowing) {
                    return true;
                }
                long gap = w.unit() == WindowSpec.UNIT_GROUPS ? group[entering] - group[leaving] : entering - leaving;
                return gap > lag;
            }

            @Override
            public boolean hasExclusions() {
                return exclude != 0;
            }

            @Override
            public boolean isExcluded(int row, int candidate) {
                return switch (exclude) {
                    case WindowSpec.EXCLUDE_CURRENT_ROW -> candidate == row;
                    case WindowSpec.EXCLUDE_GROUP -> candidate >= peerStart[row] && candidate < peerEnd[row];
                    case WindowSpec.EXCLUDE_TIES -> candidate != row && candidate >= peerStart[row]
                            && candidate < peerEnd[row];
                    default -> false;
                };
            }
        };
    }

    private static boolean isOffset(int kind) {
        return kind == WindowSpec.PRECEDING || kind == WindowSpec.FOLLOWING;
    }

    /** A ROWS or GROUPS offset: a non-negative integer. */
    private static Long offset(Eval e, Frame f, boolean start) {
        if (e == null) {
            return 0L;
        }
        Object v = ValueOps.applyAffinity(e.eval(f), ValueOps.AFF_INTEGER);
        if (!(v instanceof Long l) || l < 0) {
            throw new OneLiteException(ResultCode.ERROR, "frame " + (start ? "starting" : "ending")
                    + " offset must be a non-negative integer");
        }
        return l;
    }

    /** A RANGE offset: any non-negative number (after NUMERIC affinity, as window.c's check). */
    private static Object rangeOffset(Eval e, Frame f, boolean start) {
        if (e == null) {
            return 0L;
        }
        Object v = ValueOps.applyAffinity(e.eval(f), ValueOps.AFF_NUMERIC);
        boolean ok = v instanceof Long l ? l >= 0 : v instanceof Double d && d >= 0;
        if (!ok) {
            throw new OneLiteException(ResultCode.ERROR, "frame " + (start ? "starting" : "ending")
                    + " offset must be a non-negative number");
        }
        return v;
    }

    /**
     * A RANGE {@code off PRECEDING/FOLLOWING} boundary of row {@code i}, as window.c's
     * {@code windowCodeRangeTest}: the bound value is the row's ORDER BY value minus or plus the
     * offset (plus for PRECEDING under DESC); a value that is not a number (NULL, text, blob) is
     * its own bound, so such a row's frame edge is its peer group. The start is the first row not
     * sorting before the bound value, the end is one past the last row not sorting after it.
     */
    private static int rangeBound(WindowSpec w, Object[] keys, int i, int kind, Object off, boolean start) {
        Object v = keys[i];
        Object bound = v;
        if (v instanceof Long || v instanceof Double) {
            boolean subtract = (kind == WindowSpec.PRECEDING) != w.descending()[0];
            bound = subtract ? ValueOps.subtract(v, off) : ValueOps.add(v, off);
        }
        int lo = 0;
        int hi = keys.length;
        while (lo < hi) { // keys are sorted: find the first row past the bound (or at it, for a start)
            int mid = (lo + hi) >>> 1;
            int c = compareOrder(w, new Object[]{keys[mid]}, new Object[]{bound});
            if (start ? c < 0 : c <= 0) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /**
     * A ROWS or GROUPS boundary, or a RANGE one without offset, as a row index ({@code start}:
     * first row; else one past the last).
     */
    private static int bound(int unit, int kind, long off, int i, int n, boolean start, int[] peerStart,
                             int[] peerEnd, int[] group, int[] groupStart, int[] groupEnd) {
        switch (kind) {
            case 0:
                return 0;
            case 4:
                return n;
            case 2:
                if (unit == 0) {
                    return start ? i : i + 1;
                }
                return start ? peerStart[i] : peerEnd[i];
            default:
                long k = kind == 1 ? -off : off;
                if (unit == 0) {
                    long r = start ? i + k : i + k + 1;
                    return (int) Math.max(0, Math.min(n, r));
                }
                if (unit == 2) {
                    long gi = group[i] + k;
                    if (gi < 0) {
                        return 0;
                    }
                    if (gi >= groupStart.length) {
                        return n;
                    }
                    return start ? groupStart[(int) gi] : groupEnd[(int) gi];
                }
                throw new IllegalStateException("RANGE offsets are bound by rangeBound");
        }
    }

    static Object[] copy(Object[] a) {
        return a == null ? null : Arrays.copyOf(a, a.length);
    }
}
