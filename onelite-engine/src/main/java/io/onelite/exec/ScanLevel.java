package io.onelite.exec;

import io.onelite.catalog.RowCursor;

/** A full scan of a rowid table in rowid order (or reverse). */
public final class ScanLevel extends Level {
    private final TableAccess table;
    private boolean reverse;
    private RowCursor cursor;
    private boolean started;

    public ScanLevel(int slot, TableAccess table, boolean reverse) {
        super(slot);
        this.table = table;
        this.reverse = reverse;
    }

    /** Walks in descending rowid order (ORDER BY rowid DESC); set before the first open. */
    public void setReverse(boolean reverse) {
        this.reverse = reverse;
    }

    @Override
    protected void start(Frame f) {
        if (cursor == null || f.ctx != ctx) {
            ctx = f.ctx;
            cursor = table.open(f.ctx.storage);
            row = table.row(cursor, f.ctx);
        }
        started = false;
    }

    private ExecContext ctx;
    private CursorRow row;

    @Override
    protected boolean advance(Frame f) {
        boolean ok;
        if (!started) {
            started = true;
            ok = reverse ? cursor.last() : cursor.first();
        } else {
            ok = reverse ? cursor.prev() : cursor.next();
        }
        if (ok) {
            f.src[slot] = row;
        }
        return ok;
    }

    @Override
    public String describe() {
        if (inMinMaxQuery()) {
            return "SEARCH " + table.name() + (table.clustered() != null ? " USING PRIMARY KEY" : "");
        }
        return "SCAN " + table.name();
    }
}
