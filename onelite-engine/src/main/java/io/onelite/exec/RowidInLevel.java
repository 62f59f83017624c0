package io.onelite.exec;

import io.onelite.catalog.RowCursor;

import java.util.TreeSet;

/** A rowid table read at a list of rowids ({@code rowid IN (...)}), in ascending rowid order. */
public final class RowidInLevel extends Level {
    private final TableAccess table;
    private final Eval[] values;
    private RowCursor cursor;
    private CursorRow row;
    private ExecContext ctx;
    private java.util.Iterator<Long> keys;

    public RowidInLevel(int slot, TableAccess table, Eval[] values) {
        super(slot);
        this.table = table;
        this.values = values;
    }

    @Override
    protected void start(Frame f) {
        if (cursor == null || f.ctx != ctx) {
            ctx = f.ctx;
            cursor = table.in(f.ctx.storage).openTable(table.root());
            row = table.row(cursor, f.ctx);
        }
        TreeSet<Long> set = new TreeSet<>();
        for (Eval e : values) {
            Object v = ValueOps.applyAffinity(e.eval(f), ValueOps.AFF_INTEGER);
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

    /** How many values the IN list has (rows it can yield at most). */
    public int valueCount() {
        return values.length;
    }

    @Override
    public String describe() {
        return "SEARCH " + table.name() + " USING INTEGER PRIMARY KEY (rowid=?)";
    }
}
