package io.onelite.exec;

import io.onelite.catalog.RowCursor;

/**
 * A rowid table read by rowid: one row ({@code rowid = x}), or a range
 * ({@code rowid > x AND rowid <= y}). Bounds are compared as SQLite compares an INTEGER column:
 * numeric text is converted, a NULL bound matches nothing, other text sorts above every integer.
 */
public final class RowidLevel extends Level implements CountingLevel {
    /** 2^63 as a REAL: the least REAL above every 64-bit integer. */
    private static final double TWO_63 = 0x1p63;

    private final TableAccess table;
    private final Eval eq;
    private final Eval lo;
    private final boolean loInclusive;
    private final Eval hi;
    private final boolean hiInclusive;
    private RowCursor cursor;
    private CursorRow row;
    private ExecContext ctx;
    private boolean started;
    private boolean done;
    private long loKey;
    private long hiKey;
    private boolean reverse;

    /** Walks a range in descending rowid order (ORDER BY rowid DESC); set before the first open. */
    public void setReverse(boolean reverse) {
        this.reverse = reverse;
    }

    public RowidLevel(int slot, TableAccess table, Eval eq, Eval lo, boolean loInclusive, Eval hi, boolean hiInclusive) {
        super(slot);
        this.table = table;
        this.eq = eq;
        this.lo = lo;
        this.loInclusive = loInclusive;
        this.hi = hi;
        this.hiInclusive = hiInclusive;
    }

    @Override
    protected void start(Frame f) {
        if (cursor == null || f.ctx != ctx) {
            ctx = f.ctx;
            cursor = table.in(f.ctx.storage).openTable(table.root());
            row = table.row(cursor, f.ctx);
        }
        started = false;
        done = false;
        loKey = Long.MIN_VALUE;
        hiKey = Long.MAX_VALUE;
        if (eq != null) {
            Object v = ValueOps.applyAffinity(eq.eval(f), ValueOps.AFF_INTEGER);
            if (v instanceof Long l) {
                loKey = l;
                hiKey = l;
            } else {
                done = true;
            }
            return;
        }
        if (lo != null) {
            Object v = ValueOps.applyAffinity(lo.eval(f), ValueOps.AFF_INTEGER);
            if (v instanceof Long l) {
                if (!loInclusive) {
                    if (l == Long.MAX_VALUE) {
                        done = true;
                    }
                    l = l + 1;
                }
                loKey = l;
            } else if (v instanceof Double d) {
                // 2^63 is the first REAL above every rowid, -2^63 the least rowid exactly
                if (d >= TWO_63) {
                    done = true;
                } else if (d >= -TWO_63) {
                    double c = Math.ceil(d);
                    long k = (long) c; // exact: c lies in [-2^63, 2^63)
                    if (!loInclusive && c == d) {
                        k++; // no overflow: the largest REAL below 2^63 is 2^63 - 1024
                    }
                    loKey = k;
                }
            } else {
                done = true; // NULL, or text/blob: above every integer
            }
        }
        if (hi != null) {
            Object v = ValueOps.applyAffinity(hi.eval(f), ValueOps.AFF_INTEGER);
            if (v instanceof Long l) {
                if (!hiInclusive) {
                    if (l == Long.MIN_VALUE) {
                        done = true;
                    }
                    l = l - 1;
                }
                hiKey = l;
            } else if (v instanceof Double d) {
                if (d < -TWO_63) {
                    done = true;
                } else if (d < TWO_63) {
                    double c = Math.floor(d);
                    long k = (long) c; // exact: c lies in [-2^63, 2^63)
                    if (!hiInclusive && c == d) {
                        if (k == Long.MIN_VALUE) {
                            done = true;
                        }
                        k--;
                    }
                    hiKey = k;
                }
            } else if (v == null) {
                done = true;
            }
        }
    }

    @Override
    protected boolean advance(Frame f) {
        if (done) {
            return false;
        }
        boolean ok;
        if (!started) {
            started = true;
            if (eq != null) {
                ok = cursor.seek(loKey);
                done = true;
            } else {
                ok = reverse ? cursor.seekLE(hiKey) : cursor.seekGE(loKey);
            }
        } else {
            ok = reverse ? cursor.prev() : cursor.next();
        }
        if (ok && (reverse ? cursor.rowid() < loKey : cursor.rowid() > hiKey)) {
            ok = false;
        }
        if (!ok) {
            done = true;
            return false;
        }
        f.src[slot] = row;
        return true;
    }

    /** The rows in the rowid or the range, counted from the table's pages. */
    @Override
    public long countRows(Frame f) {
        start(f);
        return done ? 0 : cursor.countBetween(loKey, hiKey);
    }

    /** Whether this reads one rowid ({@code rowid = x}) rather than a range. */
    public boolean isEquality() {
        return eq != null;
    }

    /** How many of the range's two bounds are given. */
    public int bounds() {
        return (lo != null ? 1 : 0) + (hi != null ? 1 : 0);
    }

    @Override
    public String describe() {
        if (eq != null) {
            return "SEARCH " + table.name() + " USING INTEGER PRIMARY KEY (rowid=?)";
        }
        String r = lo != null && hi != null ? "rowid>? AND rowid<?" : lo != null ? "rowid>?" : "rowid<?";
        return "SEARCH " + table.name() + " USING INTEGER PRIMARY KEY (" + r + ")";
    }
}
