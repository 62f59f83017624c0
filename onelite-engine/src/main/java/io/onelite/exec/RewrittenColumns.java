package io.onelite.exec;

import java.util.List;
import java.util.function.UnaryOperator;

/**
 * A query whose rows leave it with some columns' values rewritten ({@link RealColumnsQuery},
 * {@link SubtypeFreeQuery}). A row is copied at its first change only: the input's row may be
 * shared (cached rows), and most rows need no change.
 */
final class RewrittenColumns implements Query {
    private final Query input;
    private final int[] columns;
    /** The value a column gives instead, or the same object when it stays. */
    private final UnaryOperator<Object> rewrite;

    RewrittenColumns(Query input, int[] columns, UnaryOperator<Object> rewrite) {
        this.input = input;
        this.columns = columns;
        this.rewrite = rewrite;
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
                for (int c : columns) {
                    if (c >= row.length) {
                        continue;
                    }
                    Object v = rewrite.apply(row[c]);
                    if (v != row[c]) {
                        if (copy == null) {
                            copy = row.clone();
                        }
                        copy[c] = v;
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
