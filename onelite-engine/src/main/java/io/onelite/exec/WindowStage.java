package io.onelite.exec;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.exec.func.WindowPartition;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Computes window function values over materialised rows. Each row's window inputs (partition
 * key, order key, arguments) are evaluated while the row is current ({@link #capture}); then
 * {@link #compute} sorts each partition, works out peers and frames, and calls the functions.
 */
public final class WindowStage {
    private final WindowSpec[] specs;
    /** Per row: per spec {partition, order, args}. */
    private final List<Object[][][]> inputs = new ArrayList<>();

    public WindowStage(WindowSpec[] specs) {
        this.specs = specs;
    }

    public void capture(Frame f) {
        Object[][][] row = new Object[specs.length][][];
        for (int s = 0; s < specs.length; s++) {
            WindowSpec w = specs[s];
            row[s] = new Object[][]{eval(w.partitionBy(), f), eval(w.orderBy(), f), eval(w.args(), f)};
        }
        inputs.add(row);
    }

    private static Object[] eval(Eval[] e, Frame f) {
        Object[] v = new Object[e.length];
        for (int i = 0; i < v.length; i++) {
            v[i] = e[i].eval(f);
        }
        return v;
    }

    /**
     * The window values per row ({@code result[row][spec]}) and the output order: rows sorted as
     * the first window sorts them.
     */
    public Object[][] compute(Frame f, int[] order) {
        int n = inputs.size();
        Object[][] out = new Object[n][specs.length];
        for (int s = 0; s < specs.length; s++) {
            int spec = s;
            WindowSpec w = specs[s];
            Map<RowKey, List<Integer>> parts = new LinkedHashMap<>();
            for (int r = 0; r < n; r++) {
                parts.computeIfAbsent(new RowKey(inputs.get(r)[s][0]), k -> new ArrayList<>()).add(r);
            }
            List<Integer> sortedAll = new ArrayList<>();
            List<Map.Entry<RowKey, List<Integer>>> entries = new ArrayList<>(parts.entrySet());
            entries.sort((x, y) -> { // partitions come out in PARTITION BY order, as SQLite's sorter gives them
                Object[] a = x.getKey().values();
                Object[] b = y.getKey().values();
                for (int i = 0; i < a.length; i++) {
                    int c = ValueOps.compare(a[i], b[i], null);
                    if (c != 0) {
                        return c;
                    }
                }
                return 0;
            });
            for (Map.Entry<RowKey, List<Integer>> en : entries) {
                List<Integer> rows = en.getValue();
                rows.sort((a, b) -> compareOrder(w, inputs.get(a)[spec][1], inputs.get(b)[spec][1]));
                sortedAll.addAll(rows);
                Object[] vals = w.function().get().evaluate(partition(f, w, spec, rows));
                for (int i = 0; i < rows.size(); i++) {
                    out[rows.get(i)][s] = vals[i];
                }
            }
            if (s == 0 && order != null) {
                for (int i = 0; i < n; i++) {
                    order[i] = sortedAll.get(i);
                }
            }
        }
        return out;
    }

    private static int compareOrder(WindowSpec w, Object[] x, Object[] y) {
        for (int i = 0; i < x.length; i++) {
            Object a = x[i];
            Object b = y[i];
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

    private WindowPartition partition(Frame f, WindowSpec w, int spec, List<Integer> rows) {
        int n = rows.size();
        int[] peerStart = new int[n];
        int[] peerEnd = new int[n];
        int[] group = new int[n];
        int g = 0;
        for (int i = 0; i < n; i++) {
            if (i > 0 && (w.orderBy().length == 0
                    || compareOrder(w, inputs.get(rows.get(i - 1))[spec][1], inputs.get(rows.get(i))[spec][1]) == 0)) {
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
                keys[i] = inputs.get(rows.get(i))[spec][1][0];
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
        return new WindowPartition() {
            @Override
            public int size() {
                return n;
            }

            @Override
            public Object[] args(int row) {
                return inputs.get(rows.get(row))[spec][2];
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

    public int size() {
        return inputs.size();
    }

    static Object[] copy(Object[] a) {
        return a == null ? null : Arrays.copyOf(a, a.length);
    }
}
