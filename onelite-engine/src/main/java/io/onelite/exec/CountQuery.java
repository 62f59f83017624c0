package io.onelite.exec;

import io.onelite.catalog.RowCursor;

import java.util.List;

/**
 * {@code SELECT count(*) FROM t} with nothing else: counts the entries of the table's b-tree (or
 * of its narrowest index, as SQLite's covering-index scan) by
 * stepping a cursor, never decoding a record. The cursor reports every step to the
 * transaction's listener, so the reads cover the whole key range as a full scan's would (BEGIN
 * CONCURRENT validation sees an insert or delete anywhere in the table).
 */
public final class CountQuery implements Query {
    private final TableAccess table;
    /** A full walk of one of the table's indexes (fewer pages: each entry is smaller), or null. */
    private final IndexLevel index;

    public CountQuery(TableAccess table, IndexLevel index) {
        this.table = table;
        this.index = index;
    }

    @Override
    public int columnCount() {
        return 1;
    }

    @Override
    public RowIterator open(ExecContext ctx, Frame outer) {
        return new RowIterator() {
            private boolean done;
            private Object[] row;

            @Override
            public boolean next() {
                if (done) {
                    return false;
                }
                done = true;
                long n = 0;
                if (index != null) {
                    n = index.countEntries(ctx);
                } else {
                    RowCursor c = ctx.storage.openTable(table.root());
                    for (boolean ok = c.first(); ok; ok = c.next()) {
                        n++;
                    }
                }
                row = new Object[] {n};
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
        return List.of(index != null ? index.describe() : "SCAN " + table.name());
    }
}
