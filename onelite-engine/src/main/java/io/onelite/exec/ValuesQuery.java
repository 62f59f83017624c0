package io.onelite.exec;

import java.util.List;

/** VALUES (...), (...): each row's expressions evaluated in order. */
public final class ValuesQuery implements Query {
    private final List<Eval[]> rows;
    private final int columns;

    public ValuesQuery(List<Eval[]> rows, int columns) {
        this.rows = rows;
        this.columns = columns;
    }

    /** As SQLite words a VALUES statement: one row is a constant row. */
    @Override
    public List<String> explain() {
        return List.of(rows.size() == 1 ? "SCAN CONSTANT ROW" : "SCAN " + rows.size() + "-ROW VALUES CLAUSE");
    }

    @Override
    public int columnCount() {
        return columns;
    }

    @Override
    public RowIterator open(ExecContext ctx, Frame outer) {
        Frame f = new Frame(ctx, outer, 0);
        return new RowIterator() {
            int i;
            Object[] row;

            @Override
            public boolean next() {
                if (i >= rows.size()) {
                    return false;
                }
                Eval[] r = rows.get(i++);
                row = new Object[r.length];
                for (int c = 0; c < r.length; c++) {
                    row[c] = r[c].eval(f);
                }
                return true;
            }

            @Override
            public Object[] row() {
                return row;
            }
        };
    }
}
