package io.onelite.exec;


import java.util.List;

/**
 * {@code SELECT count(*) FROM t} with nothing else: counts the entries of the table's b-tree (or
 * of its narrowest index, as SQLite's covering-index scan) from the pages' cell counts, never
 * decoding a cell ({@code sqlite3BtreeCount}). The count is reported to the transaction's
 * listener as a read of the whole key range, as a full scan's steps would be (BEGIN CONCURRENT
 * validation sees an insert or delete anywhere in the table).
 *
 * <p>With a WHERE that a rowid or index range enforces whole ({@code count(*) ... WHERE k > ?}),
 * the range's level counts its entries from the pages the range spans ({@link CountingLevel}),
 * reported as a read of that range; SQLite steps through them one by one.
 */
public final class CountQuery implements Query {
    private final TableAccess table;
    /** A full walk of one of the table's indexes (fewer pages: each entry is smaller), or null. */
    private final IndexLevel index;
    /** The range whose entries are counted, or null for the whole table. */
    private final Level range;

    public CountQuery(TableAccess table, IndexLevel index) {
        this(table, index, null);
    }

    private CountQuery(TableAccess table, IndexLevel index, Level range) {
        this.table = table;
        this.index = index;
        this.range = range;
    }

    /** Counts what {@code range}, a {@link CountingLevel} enforcing every term of the query, would visit. */
    public static CountQuery ofRange(TableAccess table, Level range) {
        if (!(range instanceof CountingLevel)) {
            throw new IllegalArgumentException("not a counting level: " + range.describe());
        }
        return new CountQuery(table, null, range);
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
                if (range != null) {
                    n = ((CountingLevel) range).countRows(new Frame(ctx, outer, range.slot + 1));
                } else if (index != null) {
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
        return List.of(range != null ? range.describe() : index != null ? index.describe() : "SCAN " + table.name());
    }
}
