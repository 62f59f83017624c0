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

    @Override
    public List<String> explain() {
        List<String> out = new ArrayList<>();
        for (Level l : levels) {
            out.add(l.describe());
        }
        return out;
    }
}
