package io.onelite.plan;

import io.onelite.catalog.Index;
import io.onelite.catalog.Table;

/**
 * Which index a WITHOUT ROWID table is sought through when several serve the same equality
 * prefix and range, as SQLite 3.51's costs decide it ({@code whereLoopAddBtreeIndex}, no
 * ANALYZE statistics). OneLite's rule takes the index with the longest equality prefix (then a
 * range); of indexes that tie on it, SQLite's cost of the lookup picks, which for such a table
 * follows the entries' widths: {@code ta(a)} before {@code tab(a, b)} for {@code a = ?}, whichever
 * was created first, and a covering entry before one that needs the row. Of equal costs the index
 * SQLite meets first in its index list ({@link WithoutRowidScans#sqliteOrder}) wins.
 *
 * <p>All in SQLite's LogEst units (10 times the base-2 logarithm): the index's rows (the table's
 * default 1,048,576, half for a partial index), each equality keeping SQLite's default share
 * ({@code sqlite3DefaultRowEst}: 10, 9, 8, 7, 6, then 5 rows; one row for a unique index's whole
 * key), a bound a quarter and two bounds 1/64; the cost is the seek
 * plus the entries read ({@code rows + 1 + 15 * szIdxRow / szTabRow}), plus a lookup of the row
 * per entry when the index does not cover the query, plus the IN lists' sizes.
 */
final class WithoutRowidSeeks {
    private WithoutRowidSeeks() {
    }

    /** {@code sqlite3DefaultRowEst}'s rows per value of the first key columns, as LogEst. */
    private static final int[] EQUALITY_ROWS = {33, 32, 30, 28, 26};
    /** A table's rows without statistics ({@code nRowLogEst}: 1,048,576). */
    static final int TABLE_ROWS = 200;

    /**
     * The cost of seeking {@code ix} with {@code eq} equality columns and {@code bounds} bounds
     * (0 to 2) on the next: {@code inValues[i]} the values of column i's IN (0 for an equality).
     */
    static int cost(Index ix, Table t, boolean covering, int eq, int bounds, int[] inValues) {
        boolean primaryKey = ix.root() == t.root();
        int keyColumns = ix.columns().length;
        int all = ix.where() != null ? TABLE_ROWS - 10 : TABLE_ROWS;
        int seek = all <= 10 ? 0 : Optimize.logEst(all) - 33; // estLog
        int rows = rowsAfter(eq, keyColumns, ix.unique() || primaryKey, all);
        int in = 0;
        for (int i = 0; i < eq; i++) {
            if (inValues[i] > 0) {
                in += Optimize.logEst(inValues[i]);
            }
        }
        if (bounds > 0 && eq < keyColumns) {
            int narrowed = Math.max(10, rows - 20 * bounds - (bounds == 2 ? 20 : 0));
            rows = Math.min(rows - bounds, narrowed);
        }
        int width = 15 * RowWidths.index(ix, t) / RowWidths.table(t);
        int run = Optimize.logEstAdd(seek, rows + 1 + width);
        if (!covering && !primaryKey) {
            run = Optimize.logEstAdd(run, rows + 16);
        }
        return run + in;
    }

    /** The rows {@code eq} equalities on the first key columns leave, as LogEst. */
    private static int rowsAfter(int eq, int keyColumns, boolean unique, int all) {
        if (eq == 0) {
            return all;
        }
        if (unique && eq >= keyColumns) {
            return 0;
        }
        return eq <= EQUALITY_ROWS.length ? EQUALITY_ROWS[eq - 1] : 23;
    }
}
