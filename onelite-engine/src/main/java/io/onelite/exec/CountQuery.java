package io.onelite.exec;


import java.util.List;

/**
 * {@code SELECT count(*) FROM t} with nothing else: counts the entries of the table's b-tree (or
 * of its narrowest index, as SQLite's covering-index scan) from the pages' cell counts, never
 * decoding a cell ({@code sqlite3BtreeCount}). The count is reported to the transaction's
 * listener as a read of the whole key range, as a full scan's steps would be (BEGIN CONCURRENT
 * validation sees an insert or delete anywhere in the table).
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
                } else if (table.clustered() != null) {
                    // WITHOUT ROWID: the rows are the entries of the clustered index b-tree.
                    n = table.in(ctx.storage).openIndex(table.root(), table.clustered().keyInfo()).count();
                } else {
                    n = table.in(ctx.storage).openTable(table.root()).count();
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
