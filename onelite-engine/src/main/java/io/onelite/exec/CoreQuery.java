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
        return new RowIterator() {
            Object[] row;
            RowIterator deferred;

            @Override
            public boolean next() {
                if (!pass) {
                    return false;
                }
                while (deferred == null && loop.next(f)) {
                    Object[] r = new Object[outputs.length];
                    for (int i = 0; i < r.length; i++) {
                        r[i] = outputs[i].eval(f);
                    }
                    if (seen != null && !seen.admit(r)) {
                        continue;
                    }
                    row = r;
                    return true;
                }
                if (seen == null) {
                    return false;
                }
                if (deferred == null) {
                    deferred = seen.deferred(); // the input ended: the rows DISTINCT had to sort
                }
                if (!deferred.next()) {
                    return false;
                }
                row = deferred.row();
                return true;
            }

            @Override
            public Object[] row() {
                return row;
            }
        };
    }

    /** Result collations per output column (DISTINCT compares under them); null: BINARY. */
    private io.onelite.btree.Collation[] distinctCollations;

    public CoreQuery withDistinctCollations(io.onelite.btree.Collation[] collations) {
        this.distinctCollations = collations;
        return this;
    }

    private RowIterator windowed(Frame f, JoinLoop loop, boolean pass, DistinctRows seen) {
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
        List<Object[]> rows = new ArrayList<>();
        for (int i : order) {
            System.arraycopy(snaps.get(i), 0, f.src, 0, sources);
            f.window = vals[i];
            Object[] r = new Object[outputs.length];
            for (int c = 0; c < r.length; c++) {
                r[c] = outputs[c].eval(f);
            }
            if (seen == null || seen.admit(r)) {
                rows.add(r);
            }
        }
        if (seen != null) {
            RowIterator rest = seen.deferred();
            while (rest.next()) {
                rows.add(rest.row());
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
