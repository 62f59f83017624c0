package io.onelite.exec;

import io.onelite.catalog.RecordLayout;
import io.onelite.catalog.RowCursor;

/**
 * The current row of a table cursor seen as a {@link RowSource}: the rowid alias column reads the
 * rowid, columns past the stored record read their default (added by ALTER TABLE ADD COLUMN),
 * REAL columns turn integers stored by SQLite's space optimisation back into reals, and a VIRTUAL
 * generated column, which the record does not hold, is computed from the row's other columns.
 */
public final class CursorRow implements RowSource {
    private final RowCursor cursor;
    private final int rowidAlias;
    private final boolean[] realColumns;
    private final Object[] defaults;
    /** Whether some column has a default a record older than the column reads (ALTER TABLE ADD COLUMN). */
    private final boolean hasDefaults;
    /** The table the cursor reads (see {@link #scans}), with its record layout and generated columns. */
    private final TableAccess table;
    private final RecordLayout layout;
    /** Slot 0 is this row: the frame VIRTUAL columns are computed in; null when the table has none. */
    private final Frame generatedFrame;

    CursorRow(RowCursor cursor, int rowidAlias, boolean[] realColumns, Object[] defaults, TableAccess table,
              ExecContext ctx) {
        this.cursor = cursor;
        this.rowidAlias = rowidAlias;
        this.realColumns = realColumns;
        this.defaults = defaults;
        this.hasDefaults = anyNonNull(defaults);
        this.table = table;
        this.layout = table.layout();
        if (table.generated() != null && layout.hasVirtual()) {
            generatedFrame = new Frame(ctx, null, 1);
            generatedFrame.src[0] = this;
        } else {
            generatedFrame = null;
        }
    }

    private static boolean anyNonNull(Object[] values) {
        if (values != null) {
            for (Object v : values) {
                if (v != null) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether column {@code i} has REAL affinity (an integer stored in it reads as a REAL). */
    private boolean isReal(int i) {
        return realColumns != null && i < realColumns.length && realColumns[i];
    }

    /** Whether the cursor is known to read the rowid table with root page {@code root} of database {@code db}. */
    boolean scans(int root, String db) {
        return table.clustered() == null && scansTable(root, db);
    }

    /** Whether the cursor is known to read the table (rowid or WITHOUT ROWID) with root page {@code root} of database {@code db}. */
    boolean scansTable(int root, String db) {
        return table.root() == root && table.db().equals(db);
    }

    @Override
    public Object column(int i) {
        if (i < 0 || i == rowidAlias) {
            return cursor.rowid();
        }
        int p = layout.position(i);
        if (p < 0) {
            return generatedFrame == null ? null : table.generated().value(i, generatedFrame);
        }
        if (hasDefaults && p >= cursor.columnCount()) {
            return i >= defaults.length ? null : defaults[i];
        }
        Object v = cursor.column(p); // NULL past the record's end, as a column without default
        if (v instanceof Long l && isReal(i)) {
            return (double) l;
        }
        return v;
    }

    @Override
    public int compareInteger(int i, long k) {
        if (i < 0 || i == rowidAlias) {
            return Long.compare(cursor.rowid(), k);
        }
        int p = layout.position(i);
        if (p < 0 || isReal(i)) {
            return io.onelite.btree.RecordReader.COMPARE_OTHER; // VIRTUAL, or a REAL column's integer
        }
        if (hasDefaults && p >= cursor.columnCount()) {
            return io.onelite.btree.RecordReader.COMPARE_OTHER; // the column's default
        }
        return cursor.compareInteger(p, k); // NULL past the record's end, as a column without default
    }

    /**
     * The whole row in table order, as {@link #column} reads each column (the rowid alias slot as
     * stored: NULL), VIRTUAL columns computed.
     */
    public Object[] values() {
        Object[] row = layout.row(cursor.row(), defaults, table.realColumns().length);
        if (generatedFrame != null) {
            for (int i = 0; i < row.length; i++) {
                if (layout.isVirtual(i)) {
                    row[i] = table.generated().value(i, generatedFrame);
                }
            }
        }
        return row;
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
