package io.onelite.exec;

import io.onelite.catalog.RowCursor;

import java.util.TreeSet;

/**
 * A rowid table read at a list of rowids ({@code rowid IN (...)}, or the rows of
 * {@code rowid IN (SELECT ...)}), in ascending rowid order.
 */
public final class RowidInLevel extends Level {
    private final TableAccess table;
    private final java.util.function.Function<Frame, Object[]> values;
    private final int valueCount;
    private RowCursor cursor;
    private CursorRow row;
    private ExecContext ctx;
    private java.util.Iterator<Long> keys;

    /** {@code valueCount}: how many values there are, or a guess (the planner's row estimate). */
    public RowidInLevel(int slot, TableAccess table, java.util.function.Function<Frame, Object[]> values, int valueCount) {
        super(slot);
        this.table = table;
        this.values = values;
        this.valueCount = valueCount;
    }

    @Override
    protected void start(Frame f) {
        if (cursor == null || f.ctx != ctx) {
            ctx = f.ctx;
            cursor = table.in(f.ctx.storage).openTable(table.root());
            row = table.row(cursor, f.ctx);
        }
        TreeSet<Long> set = new TreeSet<>();
        for (Object value : values.apply(f)) {
            Object v = ValueOps.applyAffinity(value, ValueOps.AFF_INTEGER);
            if (v instanceof Long l) {
                set.add(l);
            }
        }
        keys = set.iterator();
    }

    @Override
    protected boolean advance(Frame f) {
        while (keys.hasNext()) {
            if (cursor.seek(keys.next())) {
                f.src[slot] = row;
                return true;
            }
        }
        return false;
    }

    /** How many values the IN list has (rows it can yield at most), or the guess for a subquery's. */
    public int valueCount() {
        return valueCount;
    }

    @Override
    public String describe() {
        return "SEARCH " + table.name() + " USING INTEGER PRIMARY KEY (rowid=?)";
    }
}
