package io.onelite.exec;

import io.onelite.catalog.RowCursor;

import java.util.List;

/**
 * {@code SELECT count(*) FROM t} with nothing else: counts the entries of the table's b-tree by
 * stepping a cursor, never decoding a record. The cursor reports every step to the
 * transaction's listener, so the reads cover the whole key range as a full scan's would (BEGIN
 * CONCURRENT validation sees an insert or delete anywhere in the table).
 */
public final class CountQuery implements Query {
    private final TableAccess table;

    public CountQuery(TableAccess table) {
        this.table = table;
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
                RowCursor c = table.open(ctx.storage);
                long n = 0;
                for (boolean ok = c.first(); ok; ok = c.next()) {
                    n++;
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
        return List.of("SCAN " + table.name());
    }
}
