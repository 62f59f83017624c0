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
                    if (seen != null && !seen.add(new RowKey(java.util.Arrays.copyOf(r, visible)))) {
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

    private RowIterator windowed(Frame f, JoinLoop loop, boolean pass, Set<RowKey> seen) {
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
            if (seen == null || seen.add(new RowKey(java.util.Arrays.copyOf(r, visible)))) {
                rows.add(r);
            }
        }
        return ListLevel.iterate(rows);
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
