package io.onelite.exec;

import io.onelite.btree.KeyInfo;
import io.onelite.catalog.Storage;

/**
 * DELETE without WHERE as SQLite's OP_Clear (its truncate optimization): the table's tree and each
 * index's lose every entry at once, their pages going to the free list, no row read or index key
 * computed. Not in BEGIN CONCURRENT, whose commit may replay the transaction's writes row by row.
 *
 * @param db          the database holding the table
 * @param root        the table's tree (a WITHOUT ROWID table's primary key index)
 * @param clustered   a WITHOUT ROWID table's key layout, null for a rowid table
 * @param indexRoots  the roots of its other indexes
 */
public record TableClear(String db, int root, KeyInfo clustered, int[] indexRoots) {
    /** Empties the table; returns the rows it had, or -1 when the transaction traces its writes. */
    public long run(ExecContext ctx) {
        Storage s = ctx.storage(db);
        if (s.tracesWrites()) {
            return -1;
        }
        s.beginWrite();
        long rows = s.clearTree(root); // counted as its pages are freed, as OP_Clear does
        for (int r : indexRoots) {
            if (r != root) {
                s.clearTree(r);
            }
        }
        return rows;
    }
}
