package io.onelite.exec;

import io.onelite.catalog.KeyCursor;
import io.onelite.catalog.RowCursor;

/**
 * The current entry of an index walk seen as the row of its table, as SQLite's deferred seek
 * ({@code OP_DeferredSeek}): the rowid and the indexed columns come from the index key, and the
 * table row is sought only when another column is read. When the planner found the index
 * covering, that never happens; when it did not, a filter that rejects the row on indexed
 * columns alone still saves the seek.
 *
 * <p>An index holds each value as its table row stores it (affinity applied, text in its own
 * case), so a column read here equals the table's; REAL columns get back the real that SQLite
 * stores as an integer in records.
 */
final class IndexRow implements RowSource {
    private final KeyCursor index;
    private final TableAccess table;
    /** Per table column, its position in the index key, or -1. */
    private final int[] keyPosition;
    private final java.util.function.Supplier<RowCursor> openTable;
    private RowCursor cursor;
    private CursorRow row;
    private long rowid;
    private boolean sought;

    /** The statement's context, in which a VIRTUAL column is computed. */
    private final ExecContext ctx;
    /** Slot 0 is this entry: the frame a VIRTUAL column is computed in, made at the first. */
    private Frame generatedFrame;

    IndexRow(KeyCursor index, TableAccess table, int[] keyPosition, java.util.function.Supplier<RowCursor> openTable,
             ExecContext ctx) {
        this.ctx = ctx;
        this.index = index;
        this.table = table;
        this.keyPosition = keyPosition;
        this.openTable = openTable;
    }

    /** Per indexed expression id (see {@link IndexedExpr}), its position in the index key, or -1. */
    private int[] exprPosition = new int[0];

    void setExpressionPositions(int[] positions) {
        this.exprPosition = positions;
    }

    /** The key position holding indexed expression {@code id}, or -1. */
    int expressionPosition(int id) {
        return id < exprPosition.length ? exprPosition[id] : -1;
    }

    /** Per table column, the value a partial index's WHERE fixes it to, or null (the array itself may be null). */
    private Object[] fixedValues;

    void setFixedValues(Object[] values) {
        this.fixedValues = values;
    }

    /** Key column {@code p} of the current entry. */
    Object keyColumn(int p) {
        return index.column(p);
    }

    /** Moves to the index entry under the cursor, whose rowid is {@code rowid}. */
    void moveTo(long rowid) {
        this.rowid = rowid;
        this.sought = false;
    }

    @Override
    public Object column(int i) {
        if (i < 0 || i == table.rowidAlias()) {
            return rowid;
        }
        int p = i < keyPosition.length ? keyPosition[i] : -1;
        if (p >= 0) {
            return keyColumn(index, table, p, i);
        }
        if (fixedValues != null && i < fixedValues.length && fixedValues[i] != null) {
            return fixedValues[i]; // every row in this partial index holds it
        }
        if (table.generated() != null && table.layout().isVirtual(i)) {
            // computed from this entry's columns: no seek when the index holds those it reads
            if (generatedFrame == null) {
                generatedFrame = new Frame(ctx, null, 1);
                generatedFrame.src[0] = this;
            }
            return table.generated().value(i, generatedFrame);
        }
        if (!sought) {
            if (cursor == null) {
                cursor = openTable.get();
                row = table.row(cursor, ctx);
            }
            if (!cursor.seek(rowid)) {
                throw new io.onelite.common.CorruptDatabaseException("index entry for missing row " + rowid
                        + " of " + table.name());
            }
            sought = true;
        }
        return row.column(i);
    }

    @Override
    public long rowid() {
        return rowid;
    }

    /**
     * Column {@code i} of the table read from position {@code p} of the index entry: a REAL
     * column's integer-stored value (as SQLite stores a whole REAL in an index) read back as a
     * double.
     */
    static Object keyColumn(KeyCursor index, TableAccess table, int p, int i) {
        Object v = index.column(p);
        if (v instanceof Long l && table.realColumns() != null && i < table.realColumns().length
                && table.realColumns()[i]) {
            return (double) l;
        }
        return v;
    }
}
