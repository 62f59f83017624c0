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
        DistinctRows seen = distinct ? new DistinctRows(visible, distinctCollations, ctx) : null;
        if (windows != null) {
            return windowed(f, loop, pass, seen);
        }
        return DistinctRows.filter(new RowIterator() {
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
                    row = r;
                    return true;
                }
                return false;
            }

            @Override
            public Object[] row() {
                return row;
            }
        }, seen);
    }

    /** Result collations per output column (DISTINCT compares under them); null: BINARY. */
    private io.onelite.btree.Collation[] distinctCollations;

    public CoreQuery withDistinctCollations(io.onelite.btree.Collation[] collations) {
        this.distinctCollations = collations;
        return this;
    }

    /**
     * Window functions: every row goes through the {@link WindowStage} with a snapshot of its
     * sources as payload (per source: 0 no row yet, 1 a LEFT JOIN's NULL row, 2 a row; its
     * rowid; its columns), which is restored to evaluate the outputs.
     */
    private RowIterator windowed(Frame f, JoinLoop loop, boolean pass, DistinctRows seen) {
        int[] at = new int[sources + 1];
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
        RowIterator computed = stage.compute(f);
        int payload = at[sources];
        return DistinctRows.filter(new RowIterator() {
            Object[] row;

            @Override
            public boolean next() {
                while (computed.next()) {
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
                    f.window = java.util.Arrays.copyOfRange(c, payload, c.length);
                    Object[] r = new Object[outputs.length];
                    for (int i = 0; i < r.length; i++) {
                        r[i] = outputs[i].eval(f);
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
        }, seen);
    }

    @Override
    public List<String> explain() {
        List<String> out = new ArrayList<>();
        for (Level l : levels) {
            out.add(l.explainLine());
        }
        return out;
    }
}
