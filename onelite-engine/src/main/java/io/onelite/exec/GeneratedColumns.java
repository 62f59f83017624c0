package io.onelite.exec;

import io.onelite.catalog.RecordLayout;

/**
 * The generated columns of one table, compiled: each column's expression over the row (slot 0 of
 * a frame), its affinity, and the order that computes a column after the generated columns it
 * reads. A write computes every generated column ({@link #computeAll}); a read computes a
 * VIRTUAL column when it is asked for ({@link #value}), while a STORED one is read from the record.
 */
public final class GeneratedColumns {
    /** Per table column, its expression, or null when the column is not generated. */
    private final Eval[] exprs;
    private final char[] affinity;
    /** The generated columns, each after those its expression reads. */
    private final int[] order;
    private final int rowidAlias;

    public GeneratedColumns(Eval[] exprs, char[] affinity, int[] order, int rowidAlias) {
        this.exprs = exprs;
        this.affinity = affinity;
        this.order = order;
        this.rowidAlias = rowidAlias;
    }

    public boolean isGenerated(int column) {
        return column < exprs.length && exprs[column] != null;
    }

    /**
     * Computes every generated column of {@code values} (a row in table order, its other columns
     * final, affinity applied) in place; {@code rowid} stands in for the rowid alias column.
     */
    public void computeAll(ExecContext ctx, Object[] values, Long rowid) {
        compute(ctx, values, rowid, null);
    }

    /** Computes the VIRTUAL columns of a row read from the table ({@code values} in table order), in place. */
    public void computeVirtual(ExecContext ctx, Object[] values, long rowid, RecordLayout layout) {
        compute(ctx, values, rowid, layout);
    }

    /** Computes the generated columns ({@code virtualIn} non-null: its VIRTUAL ones only) in place. */
    private void compute(ExecContext ctx, Object[] values, Long rowid, RecordLayout virtualIn) {
        Frame f = new Frame(ctx, null, 1);
        f.src[0] = new RowSource() {
            @Override
            public Object column(int i) {
                if (i < 0 || i == rowidAlias) {
                    return rowid;
                }
                Object v = i < values.length ? values[i] : null;
                // a record holds a REAL column's whole numbers as integers; read back, they are reals
                return v instanceof Long l && affinity[i] == ValueOps.AFF_REAL ? (Object) (double) l : v;
            }

            @Override
            public long rowid() {
                return rowid == null ? 0 : rowid;
            }
        };
        for (int c : order) {
            if (virtualIn == null || virtualIn.isVirtual(c)) {
                values[c] = ValueOps.applyAffinity(exprs[c].eval(f), affinity[c]);
            }
        }
    }

    /** Generated column {@code column} of the row in slot 0 of {@code f}. */
    public Object value(int column, Frame f) {
        return ValueOps.applyAffinity(exprs[column].eval(f), affinity[column]);
    }
}
