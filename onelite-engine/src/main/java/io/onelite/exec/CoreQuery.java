package io.onelite.exec;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * One SELECT core without aggregates: nested loops over its FROM levels, a guard of constant
 * WHERE terms, then the result expressions (plus hidden sort keys), optionally DISTINCT.
 * Rows stream; nothing is materialised except the DISTINCT set.
 */
public final class CoreQuery implements Query {
    private final int sources;
    private final Level[] levels;
    private final Eval guard;
    private final Eval[] outputs;
    private final int visible;
    private final boolean distinct;

    /**
     * @param outputs result expressions then hidden sort keys
     * @param visible how many of {@code outputs} are result columns (DISTINCT looks only at those)
     */
    private WindowSpec[] windows;
    private int[] widths;

    /** Window functions of the outputs, and each source's column count (rows are snapshotted). */
    public CoreQuery withWindows(WindowSpec[] specs, int[] sourceWidths) {
        this.windows = specs;
        this.widths = sourceWidths;
        return this;
    }

    /** The result columns' collations, by which DISTINCT compares text; null = all BINARY. */
    private io.onelite.btree.Collation[] distinctCollations;

    /** Sets the result columns' collations for DISTINCT (SQLite compares each column under its own). */
    public CoreQuery withDistinctCollations(io.onelite.btree.Collation[] collations) {
        this.distinctCollations = collations;
        return this;
    }

    /** The DISTINCT key of a row: its result columns, text folded by each column's collation. */
    private RowKey distinctKey(Object[] r) {
        Object[] k = java.util.Arrays.copyOf(r, visible);
        if (distinctCollations != null) {
            for (int i = 0; i < k.length && i < distinctCollations.length; i++) {
                if (k[i] instanceof String text && distinctCollations[i] != null) {
                    k[i] = distinctCollations[i].key(text);
                }
            }
        }
        return new RowKey(k);
    }

    /** Outputs that only read a column (cannot fail, no side effect), or null when unknown. */
    private boolean[] columnReads;

    /** Marks the outputs that only read a column: {@link #openLazy} may leave them unread even when sort keys. */
    public CoreQuery withColumnReads(boolean[] columnReads) {
        this.columnReads = columnReads;
        return this;
    }

    /** Whether {@link #openLazy} serves this query: no DISTINCT (which needs whole rows). */
    boolean lazy() {
        return !distinct;
    }

    /**
     * The rows for a top-N sort on the outputs {@code keys}: as SQLite, every row's sort keys
     * are evaluated (a key that reads a column only when asked for: that cannot fail), the other
     * outputs only when the sort asks for the row ({@link LazyRows#row}), so that rows the
     * LIMIT drops cost neither their errors nor their time.
     */
    LazyRows openLazy(ExecContext ctx, Frame outer, int[] keys) {
        Frame f = new Frame(ctx, outer, sources);
        JoinLoop loop = new JoinLoop(levels);
        boolean pass = guard == null || ValueOps.isTrue(guard.eval(f));
        int n = outputs.length;
        boolean[] eager = new boolean[n];
        for (int k : keys) {
            eager[k] = columnReads == null || k >= columnReads.length || !columnReads[k];
        }
        if (windows != null) {
            return lazyWindowed(f, loop, pass, eager);
        }
        return new LazyOutputs(f, eager) {
            @Override
            boolean advance() {
                return pass && loop.next(f);
            }
        };
    }

    /** The outputs of the frame's current row, the eager ones evaluated on each move. */
    private abstract class LazyOutputs implements LazyRows {
        private final Frame f;
        private final boolean[] eager;
        private final Object[] values = new Object[outputs.length];
        private final boolean[] known = new boolean[outputs.length];

        LazyOutputs(Frame f, boolean[] eager) {
            this.f = f;
            this.eager = eager;
        }

        /** Moves the frame to the next row. */
        abstract boolean advance();

        @Override
        public final boolean next() {
            if (!advance()) {
                return false;
            }
            for (int i = 0; i < values.length; i++) {
                known[i] = eager[i];
                if (eager[i]) {
                    values[i] = outputs[i].eval(f);
                }
            }
            return true;
        }

        @Override
        public final Object column(int i) {
            if (!known[i]) {
                values[i] = outputs[i].eval(f);
                known[i] = true;
            }
            return values[i];
        }

        @Override
        public final Object[] row() {
            Object[] r = new Object[values.length];
            for (int i = 0; i < r.length; i++) {
                r[i] = column(i);
            }
            return r;
        }
    }

    public CoreQuery(int sources, Level[] levels, Eval guard, Eval[] outputs, int visible, boolean distinct) {
        this.sources = sources;
        this.levels = levels;
        this.guard = guard;
        this.outputs = outputs;
        this.visible = visible;
        this.distinct = distinct;
    }

    @Override
    public int columnCount() {
        return outputs.length;
    }

    @Override
    public RowIterator open(ExecContext ctx, Frame outer) {
        Frame f = new Frame(ctx, outer, sources);
        JoinLoop loop = new JoinLoop(levels);
        boolean pass = guard == null || ValueOps.isTrue(guard.eval(f));
        Set<RowKey> seen = distinct ? new HashSet<>() : null;
        if (windows != null) {
            return windowed(f, loop, pass, seen);
        }
        return new RowIterator() {
            Object[] row;

            @Override
            public boolean next() {
                if (!pass) {
                    return false;
                }
                while (loop.next(f)) {
                    Object[] r = new Object[outputs.length];
                    for (int i = 0; i < r.length; i++) {
                        r[i] = outputs[i].eval(f);
                    }
                    if (seen != null && !seen.add(distinctKey(r))) {
                        continue;
                    }
                    row = r;
                    return true;
                }
                return false;
            }

            @Override
            public Object[] row() {
                return row;
            }
        };
    }

    /** The rows of a windowed query (each source's row snapshotted), their window values, and their output order. */
    private record WindowRows(List<RowSource[]> snaps, Object[][] values, int[] order) {
        /** Puts row {@code i} of the output order back into the frame. */
        void enter(Frame f, int i, int sources) {
            int row = order[i];
            System.arraycopy(snaps.get(row), 0, f.src, 0, sources);
            f.window = values[row];
        }
    }

    private WindowRows windowRows(Frame f, JoinLoop loop, boolean pass) {
        WindowStage stage = new WindowStage(windows);
        List<RowSource[]> snaps = new ArrayList<>();
        while (pass && loop.next(f)) {
            stage.capture(f);
            RowSource[] snap = new RowSource[sources];
            for (int k = 0; k < sources; k++) {
                RowSource s = f.src[k];
                if (s == RowSource.NULL_ROW || s == null) {
                    snap[k] = s;
                    continue;
                }
                Object[] v = new Object[widths[k]];
                for (int c = 0; c < v.length; c++) {
                    v[c] = s.column(c);
                }
                ArrayRow a = new ArrayRow(v);
                a.rowid = s instanceof ArrayRow ar ? ar.rowid : s.rowid();
                snap[k] = a;
            }
            snaps.add(snap);
        }
        int[] order = new int[snaps.size()];
        Object[][] vals = stage.compute(f, order);
        return new WindowRows(snaps, vals, order);
    }

    private LazyRows lazyWindowed(Frame f, JoinLoop loop, boolean pass, boolean[] eager) {
        WindowRows w = windowRows(f, loop, pass);
        return new LazyOutputs(f, eager) {
            int at;

            @Override
            boolean advance() {
                if (at >= w.order().length) {
                    return false;
                }
                w.enter(f, at++, sources);
                return true;
            }
        };
    }

    private RowIterator windowed(Frame f, JoinLoop loop, boolean pass, Set<RowKey> seen) {
        WindowRows w = windowRows(f, loop, pass);
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < w.order().length; i++) {
            w.enter(f, i, sources);
            Object[] r = new Object[outputs.length];
            for (int c = 0; c < r.length; c++) {
                r[c] = outputs[c].eval(f);
            }
            if (seen == null || seen.add(distinctKey(r))) {
                rows.add(r);
            }
        }
        return ListLevel.iterate(rows);
    }

    @Override
    public List<String> explain() {
        List<String> out = new ArrayList<>();
        for (Level l : levels) {
            out.add(l.describe());
        }
        return out;
    }
}
