package io.onelite.exec;

import io.onelite.exec.func.JsonSubtype;

import java.util.List;

/**
 * A view, FROM subquery or CTE whose rows leave it without the JSON subtype, as in SQLite:
 * {@code SELECT json_array(s) FROM (SELECT json('[1]') AS s)} is {@code ["[1]"]} there, the
 * text quoted, while a scalar subquery keeps it ({@code json_array((SELECT json('[1]')))} is
 * {@code [[1]]}). Only the columns that may carry the subtype (computed ones) are looked at.
 */
public final class SubtypeFreeQuery implements Query {
    private final Query input;
    private final int[] columns;

    private SubtypeFreeQuery(Query input, int[] columns) {
        this.input = input;
        this.columns = columns;
    }

    /** {@code input}, or it wrapped when some of its {@code columns} may carry the subtype. */
    public static Query of(Query input, int[] columns) {
        return columns.length == 0 ? input : new SubtypeFreeQuery(input, columns);
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
                    if (c < row.length && row[c] instanceof String s && JsonSubtype.isJson(s)) {
                        if (copy == null) {
                            copy = row.clone(); // the input's row may be shared (cached rows)
                        }
                        copy[c] = JsonSubtype.drop(s);
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
