package io.onelite.tx;

import io.onelite.btree.BTree;
import io.onelite.btree.Record;
import io.onelite.btree.TableCursor;
import io.onelite.btree.TreeAccessListener;
import io.onelite.pager.FileHeader;
import io.onelite.pager.PageStore;

/**
 * The commit-ordered sequence (DESIGN.md section 5, docs/concurrency.md): a counter kept in the
 * database file, in the one row of a table of our own,
 * {@code CREATE TABLE onelite_commit_seq(id INTEGER PRIMARY KEY, seq INTEGER NOT NULL)},
 * created on first use.
 *
 * <p>Invariants:
 * <ol>
 *   <li>Only the commit path writes it, with the write lock held, on the final write set of the
 *       committing transaction (after validation and replay): it is never in a trace, so it never
 *       makes two transactions conflict.</li>
 *   <li>Each commit that asks for a number (one with a {@link CommitHook}) gets the stored value
 *       plus one, read from the newest state: numbers are strictly increasing in commit order,
 *       across every process that writes the file through OneLite. Commits without hooks do not
 *       touch it (they pay nothing).</li>
 *   <li>A rolled-back or failed commit leaves the counter as it was: numbers that readers can see
 *       have no gaps caused by failures, though a number is only visible once its commit is.</li>
 * </ol>
 */
final class CommitSequence {
    static final String TABLE = "onelite_commit_seq";
    static final String SQL = "CREATE TABLE onelite_commit_seq(id INTEGER PRIMARY KEY, seq INTEGER NOT NULL)";
    private static final long ROW = 1;

    private CommitSequence() {
    }

    /** With the write lock, on the final write set: the next number, stored in {@code ws}. */
    static long next(PageStore ws, SchemaRoots roots) {
        int root = roots.commitSeqRoot(ws);
        if (root == 0) {
            root = create(ws);
        }
        TableCursor c = new TableCursor(ws, root, TreeAccessListener.NONE);
        long current = 0;
        if (c.seek(ROW) && Record.column(c.payload(), 1) instanceof Long v) {
            current = v;
        }
        long next = current + 1;
        c.insert(ROW, Record.encode(null, next));
        return next;
    }

    /** The last number handed out as {@code s} sees it (0 if none yet). */
    static long current(PageStore s) {
        int root = SchemaRoots.rootOf(s, TABLE);
        if (root == 0) {
            return 0;
        }
        TableCursor c = new TableCursor(s, root, TreeAccessListener.NONE);
        return c.seek(ROW) && Record.column(c.payload(), 1) instanceof Long v ? v : 0;
    }

    private static int create(PageStore ws) {
        int root = BTree.create(ws, true);
        TableCursor schema = new TableCursor(ws, 1, TreeAccessListener.NONE);
        schema.insert(schema.maxRowid() + 1, Record.encode("table", TABLE, TABLE, (long) root, SQL));
        byte[] page1 = ws.write(1);
        FileHeader.putInt(page1, FileHeader.SCHEMA_COOKIE, FileHeader.getInt(page1, FileHeader.SCHEMA_COOKIE) + 1);
        if (FileHeader.getInt(page1, FileHeader.SCHEMA_FORMAT) == 0) {
            FileHeader.putInt(page1, FileHeader.SCHEMA_FORMAT, 4);
        }
        if (FileHeader.getInt(page1, FileHeader.TEXT_ENCODING) == 0) {
            FileHeader.putInt(page1, FileHeader.TEXT_ENCODING, 1);
        }
        return root;
    }
}
