package io.onelite.exec;

import io.onelite.catalog.ClusteredCursor;
import io.onelite.catalog.KeyCursor;

/**
 * The current entry of a WITHOUT ROWID table's secondary index seen as the table's row, when
 * the planner found the index covering: the indexed columns and the primary key come from the
 * entry, and the row is never sought in the clustered tree, as SQLite reads such an index
 * ("USING COVERING INDEX"). A column the entry lacks (a VIRTUAL column, say) is read from the
 * row, found by the entry's primary key at the first such read.
 *
 * <p>Values are as the row stores them (the index holds them with the column's affinity);
 * REAL columns get back the real that records may hold as an integer, as {@link IndexRow}.
 */
final class ClusteredIndexRow implements RowSource {
    private final KeyCursor index;
    private final TableAccess table;
    /** Per table column, its position in the index key, or -1. */
    private final int[] keyPosition;
    /** The key position of each primary-key column. */
    private final int[] pkPositions;
    private final ExecContext ctx;
    private ClusteredCursor clustered;
    private CursorRow row;
    private boolean sought;

    ClusteredIndexRow(KeyCursor index, TableAccess table, int[] keyPosition, int[] pkPositions, ExecContext ctx) {
        this.index = index;
        this.table = table;
        this.keyPosition = keyPosition;
        this.pkPositions = pkPositions;
        this.ctx = ctx;
    }

    /** The cursor moved to another entry. */
    void moved() {
        sought = false;
    }

    @Override
    public Object column(int i) {
        int p = i >= 0 && i < keyPosition.length ? keyPosition[i] : -1;
        if (p >= 0) {
            return IndexRow.keyColumn(index, table, p, i);
        }
        if (!sought) {
            if (clustered == null) {
                clustered = table.openClustered(ctx.storage);
                row = table.row(clustered, ctx);
            }
            if (!clustered.seekKey(primaryKey())) {
                throw new io.onelite.common.CorruptDatabaseException("index entry for a missing row of " + table.name());
            }
            sought = true;
        }
        return row.column(i);
    }

    private Object[] primaryKey() {
        Object[] pk = new Object[pkPositions.length];
        for (int j = 0; j < pk.length; j++) {
            pk[j] = index.column(pkPositions[j]);
        }
        return pk;
    }

    /** A WITHOUT ROWID table has no rowid (the name does not resolve there), as {@link CursorRow}. */
    @Override
    public long rowid() {
        return 0;
    }

    /** The row's primary key, as {@link CursorRow#identity} gives it for the clustered row. */
    @Override
    public Object identity() {
        return new RowKey(primaryKey());
    }
}
