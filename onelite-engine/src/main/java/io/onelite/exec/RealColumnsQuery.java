package io.onelite.exec;

import java.util.List;

/**
 * A compound read as a FROM source, its REAL-affinity columns giving integers as reals: SQLite
 * reads a subquery's column of REAL affinity through {@code OP_RealAffinity}, so in
 * {@code (SELECT -7 UNION ALL SELECT c FROM t)} with c REAL the -7 reads as -7.0. (One SELECT's
 * REAL column gives reals already.)
 */
public final class RealColumnsQuery implements Query {
    private final Query input;
    private final int[] realColumns;

    private RealColumnsQuery(Query input, int[] realColumns) {
        this.input = input;
        this.realColumns = realColumns;
    }

    /** {@code input}, or it wrapped when some of {@code affinities} is REAL ('E'). */
    public static Query of(Query input, char[] affinities) {
        int n = 0;
        for (char a : affinities) {
            n += a == 'E' ? 1 : 0;
        }
        if (n == 0) {
            return input;
        }
        int[] cols = new int[n];
        for (int i = 0, k = 0; i < affinities.length; i++) {
            if (affinities[i] == 'E') {
                cols[k++] = i;
            }
        }
        return new RealColumnsQuery(input, cols);
    }

    @Override
    public int columnCount() {
        return input.columnCount();
    }

    @Override
    public RowIterator open(ExecContext ctx, Frame outer) {
        RowIterator it = input.open(ctx, outer);
        return new RowIterator() {
            private Object[] row;

            @Override
            public boolean next() {
                if (!it.next()) {
                    return false;
                }
                row = it.row();
                Object[] copy = null;
                for (int c : realColumns) {
                    if (c < row.length && row[c] instanceof Long l) {
                        if (copy == null) {
                            copy = row.clone(); // the input's row may be shared (cached rows)
                        }
                        copy[c] = (double) l;
                    }
                }
                if (copy != null) {
                    row = copy;
                }
                return true;
            }

            @Override
            public Object[] row() {
                return row;
            }
        };
    }

    @Override
    public List<String> explain() {
        return input.explain();
    }
}
