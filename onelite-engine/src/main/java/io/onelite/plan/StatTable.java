package io.onelite.plan;

import io.onelite.catalog.RowCursor;
import io.onelite.catalog.Storage;

import java.util.ArrayList;
import java.util.List;

/**
 * The {@code sqlite_stat1} table of one database during an ANALYZE, prepared as SQLite's
 * {@code openStatTable}: created when missing, exactly as SQLite creates it (a new table row
 * appended to {@code sqlite_schema} with {@link #CREATE}, a new root page, the schema cookie
 * bumped), and cleared of the rows of what is about to be analyzed. An existing
 * {@code sqlite_stat4} or {@code sqlite_stat3} (written by a STAT4 build of SQLite) loses the
 * same rows, as in a SQLite built without STAT4, which neither creates nor fills them.
 *
 * <p>Rows are deleted one by one rather than by clearing the tree, so that a BEGIN CONCURRENT
 * transaction records each delete in its trace.
 */
final class StatTable {
    static final String NAME = "sqlite_stat1";
    /** The text SQLite stores in {@code sqlite_schema.sql} (the shell's {@code .schema} shows it). */
    static final String CREATE = "CREATE TABLE sqlite_stat1(tbl,idx,stat)";
    /** The column {@link #open} matches: {@code tbl}. */
    static final int TBL = 0;
    /** The column {@link #open} matches: {@code idx}. */
    static final int IDX = 1;

    private final Storage st;
    private final int root;

    private StatTable(Storage st, int root) {
        this.st = st;
        this.root = root;
    }

    /**
     * Prepares {@code sqlite_stat1} of the database {@code st} writes (it must be writing):
     * deletes every row when {@code name} is null, else the rows whose column {@code column}
     * ({@link #TBL} or {@link #IDX}) is the text {@code name}.
     */
    static StatTable open(Storage st, int column, String name) {
        int root = rootOf(st, NAME);
        if (root == 0) {
            root = st.createTree(true);
            DdlExecutor.addSchemaRow(st, "table", NAME, NAME, root, CREATE);
            DdlExecutor.bumpCookie(st);
        } else {
            deleteRows(st, root, column, name);
        }
        for (String older : List.of("sqlite_stat4", "sqlite_stat3")) {
            int olderRoot = rootOf(st, older);
            if (olderRoot != 0) {
                deleteRows(st, olderRoot, column, name);
            }
        }
        return new StatTable(st, root);
    }

    /**
     * The root page of table {@code name} as {@code sqlite_schema} holds it now, 0 when there is
     * none: read from the file, not from a schema snapshot, since an earlier ANALYZE of the same
     * statement (PRAGMA optimize runs several) may have made it.
     */
    static int rootOf(Storage st, String name) {
        RowCursor c = st.openTable(1);
        for (boolean ok = c.first(); ok; ok = c.next()) {
            if ("table".equals(c.column(0)) && c.column(1) instanceof String n && n.equalsIgnoreCase(name)
                    && c.column(3) instanceof Long root) {
                return (int) (long) root;
            }
        }
        return 0;
    }

    /** Appends the row (tbl, idx, stat) with the next rowid; {@code idx} null for a table's row count. */
    void insert(String tbl, String idx, String stat) {
        RowCursor c = st.openTable(root);
        c.insert(st.newRowid(c, root), new Object[]{tbl, idx, stat});
    }

    /** As {@code DELETE FROM stat WHERE column = 'name'} (a text equal byte for byte), or every row when name is null. */
    private static void deleteRows(Storage st, int root, int column, String name) {
        RowCursor c = st.openTable(root);
        List<Long> rowids = new ArrayList<>();
        for (boolean ok = c.first(); ok; ok = c.next()) {
            if (name == null || name.equals(c.column(column))) {
                rowids.add(c.rowid());
            }
        }
        for (long rowid : rowids) {
            c.delete(rowid);
        }
    }
}
