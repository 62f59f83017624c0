package io.onelite.exec;

import io.onelite.catalog.RowCursor;

/**
 * The current row of a table cursor seen as a {@link RowSource}: the rowid alias column reads the
 * rowid, columns past the stored record read their default (added by ALTER TABLE ADD COLUMN),
 * and REAL columns turn integers stored by SQLite's space optimisation back into reals.
 */
public final class CursorRow implements RowSource {
    private final RowCursor cursor;
    private final int rowidAlias;
    private final boolean[] realColumns;
    private final Object[] defaults;
    /** The table the cursor reads, when known (see {@link #scans}). */
    private final TableAccess table;

    public CursorRow(RowCursor cursor, int rowidAlias, boolean[] realColumns, Object[] defaults) {
        this(cursor, rowidAlias, realColumns, defaults, null);
    }

    CursorRow(RowCursor cursor, int rowidAlias, boolean[] realColumns, Object[] defaults, TableAccess table) {
        this.cursor = cursor;
        this.rowidAlias = rowidAlias;
        this.realColumns = realColumns;
        this.defaults = defaults;
        this.table = table;
    }

    /** Whether the cursor is known to read the rowid table with root page {@code root} of database {@code db}. */
    boolean scans(int root, String db) {
        return table != null && table.clustered() == null && table.root() == root && table.db().equals(db);
    }

    @Override
    public Object column(int i) {
        if (i < 0 || i == rowidAlias) {
            return cursor.rowid();
        }
        if (i >= cursor.columnCount()) {
            return defaults == null || i >= defaults.length ? null : defaults[i];
        }
        Object v = cursor.column(i);
        if (v instanceof Long l && realColumns != null && i < realColumns.length && realColumns[i]) {
            return (double) l;
        }
        return v;
    }

    /** The rowid; 0 for a WITHOUT ROWID table, which has none (the name does not resolve there). */
    @Override
    public long rowid() {
        return cursor instanceof io.onelite.catalog.ClusteredCursor ? 0 : cursor.rowid();
    }

    /** The rowid, or a WITHOUT ROWID table's primary key (which has no rowid). */
    @Override
    public Object identity() {
        return cursor instanceof io.onelite.catalog.ClusteredCursor c ? new RowKey(c.primaryKey()) : cursor.rowid();
    }

    public RowCursor cursor() {
        return cursor;
    }
}
