package io.onelite.exec;

import java.util.ArrayList;
import java.util.List;

/**
 * One SELECT core without aggregates: nested loops over its FROM levels, a guard of constant
 * WHERE terms, then the result expressions (plus hidden sort keys), optionally DISTINCT.
 * Rows stream; DISTINCT keeps the rows seen ({@link DistinctRows}, which sorts them past the
 * sorter's memory budget).
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
        DistinctRows seen = distinct && !adjacentDistinct ? new DistinctRows(visible, distinctCollations, ctx) : null;
        if (windows != null) {
            return windowed(f, loop, pass, seen);
        }
        RowIterator rows = DistinctRows.filter(new OutputRows(f, outputs) {
            @Override
            public boolean next() {
                return pass && loop.next(f) && emit();
            }
        }, seen);
        return distinct && adjacentDistinct ? DistinctRows.adjacent(rows, visible, distinctCollations) : rows;
    }

    /**
     * Whether the query yields a row for {@code outer}, found by its one loop alone: EXISTS never
     * reads a one-core query's result columns, so neither the outputs nor a DISTINCT need a look.
     * Null when this query is more than one loop, or has a guard or window functions ({@link #open}
     * then decides).
     */
    public java.util.function.Predicate<Frame> rowExists() {
        if (levels.length != 1 || guard != null || windows != null) {
            return null;
        }
        Level level = levels[0];
        return outer -> {
            Frame f = new Frame(outer.ctx, outer, sources);
            level.open(f);
            return level.next(f);
        };
    }

    /** Whether equal rows arrive one after another (an index walk), so DISTINCT compares each with the previous. */
    private boolean adjacentDistinct;

    /**
     * Declares that the levels yield equal result rows one after another (the first loop walks an
     * index on the result columns): DISTINCT then keeps no set, and EXPLAIN QUERY PLAN has no
     * "USE TEMP B-TREE FOR DISTINCT", as SQLite's ordered DISTINCT. Not with window functions.
     */
    public CoreQuery withAdjacentDistinct(boolean adjacent) {
        this.adjacentDistinct = adjacent && windows == null;
        return this;
    }

    /** Result collations per output column (DISTINCT compares under them); null: BINARY. */
    private io.onelite.btree.Collation[] distinctCollations;

    public CoreQuery withDistinctCollations(io.onelite.btree.Collation[] collations) {
        this.distinctCollations = collations;
        return this;
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
        public final int compareInteger(int i, long k) {
            return known[i] ? io.onelite.btree.RecordReader.COMPARE_OTHER : outputs[i].compareInteger(f, k);
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

    /**
     * Window functions: every row goes through the {@link WindowStage} with a snapshot of its
     * sources as payload (per source: 0 no row yet, 1 a LEFT JOIN's NULL row, 2 a row; its
     * rowid; its columns), which {@link WindowedRows#advance} restores to evaluate the outputs.
     */
    private final class WindowedRows {
        private final Frame f;
        private final int[] at = new int[sources + 1];
        private final RowIterator computed;

        WindowedRows(Frame f, JoinLoop loop, boolean pass) {
            this.f = f;
            for (int k = 0; k < sources; k++) {
                at[k + 1] = at[k] + 2 + widths[k];
            }
            WindowStage stage = new WindowStage(windows, at[sources], f.ctx);
            while (pass && loop.next(f)) {
                Object[] snap = new Object[at[sources]];
                for (int k = 0; k < sources; k++) {
                    RowSource s = f.src[k];
                    if (s == null || s == RowSource.NULL_ROW) {
                        snap[at[k]] = s == null ? 0L : 1L;
                        continue;
                    }
                    snap[at[k]] = 2L;
                    snap[at[k] + 1] = s instanceof ArrayRow ar ? ar.rowid : s.rowid();
                    for (int c = 0; c < widths[k]; c++) {
                        snap[at[k] + 2 + c] = s.column(c);
                    }
                }
                stage.capture(f, snap);
            }
            computed = stage.compute(f);
        }

        /** Puts the next row and its window values back into the frame; false at the end. */
        boolean advance() {
            if (!computed.next()) {
                return false;
            }
            Object[] c = computed.row();
            for (int k = 0; k < sources; k++) {
                long kind = (Long) c[at[k]];
                if (kind != 2L) {
                    f.src[k] = kind == 0L ? null : RowSource.NULL_ROW;
                    continue;
                }
                ArrayRow a = new ArrayRow(java.util.Arrays.copyOfRange(c, at[k] + 2, at[k + 1]));
                a.rowid = (Long) c[at[k] + 1];
                f.src[k] = a;
            }
            f.window = java.util.Arrays.copyOfRange(c, at[sources], c.length);
            return true;
        }
    }

    private LazyRows lazyWindowed(Frame f, JoinLoop loop, boolean pass, boolean[] eager) {
        WindowedRows w = new WindowedRows(f, loop, pass);
        return new LazyOutputs(f, eager) {
            @Override
            boolean advance() {
                return w.advance();
            }
        };
    }

    private RowIterator windowed(Frame f, JoinLoop loop, boolean pass, DistinctRows seen) {
        WindowedRows w = new WindowedRows(f, loop, pass);
        return DistinctRows.filter(new OutputRows(f, outputs) {
            @Override
            public boolean next() {
                return w.advance() && emit();
            }
        }, seen);
    }

    @Override
    public List<String> explain() {
        if (levels.length == 0) { // a SELECT without FROM, as SQLite words it (nothing with DISTINCT)
            return distinct ? List.of() : List.of("SCAN CONSTANT ROW");
        }
        List<String> out = new ArrayList<>(Level.explain(levels));
        if (distinct && !adjacentDistinct) {
            out.add("USE TEMP B-TREE FOR DISTINCT");
        }
        return out;
    }
}
