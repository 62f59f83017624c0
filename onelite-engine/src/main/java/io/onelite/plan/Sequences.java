package io.onelite.plan;

import io.onelite.catalog.RowCursor;
import io.onelite.catalog.Storage;

/**
 * The rows of {@code sqlite_sequence(name, seq)}: the largest rowid an AUTOINCREMENT table ever
 * used, so that rowids are never reused (SQLite's {@code autoinc.c}).
 */
final class Sequences {
    private Sequences() {
    }

    /** The stored sequence of a table, 0 when it has no row. */
    static long get(Storage st, int seqRoot, String table) {
        RowCursor c = st.openTable(seqRoot);
        for (boolean ok = c.first(); ok; ok = c.next()) {
            if (table.equalsIgnoreCase(String.valueOf(c.column(0))) && c.column(1) instanceof Long l) {
                return l;
            }
        }
        return 0;
    }

    /** Sets the sequence of a table, adding its row when missing. */
    static void set(Storage st, int seqRoot, String table, long seq) {
        RowCursor c = st.openTable(seqRoot);
        for (boolean ok = c.first(); ok; ok = c.next()) {
            if (table.equalsIgnoreCase(String.valueOf(c.column(0)))) {
                c.insert(c.rowid(), new Object[]{table, seq});
                return;
            }
        }
        c.insert(c.maxRowid() + 1, new Object[]{table, seq});
    }

    static void remove(Storage st, int seqRoot, String table) {
        RowCursor c = st.openTable(seqRoot);
        for (boolean ok = c.first(); ok; ok = c.next()) {
            if (table.equalsIgnoreCase(String.valueOf(c.column(0)))) {
                c.delete(c.rowid());
                return;
            }
        }
    }

    /** Moves a table's row to its new name (ALTER TABLE ... RENAME TO). */
    static void rename(Storage st, int seqRoot, String from, String to) {
        RowCursor c = st.openTable(seqRoot);
        for (boolean ok = c.first(); ok; ok = c.next()) {
            if (from.equalsIgnoreCase(String.valueOf(c.column(0)))) {
                c.insert(c.rowid(), new Object[]{to, c.column(1)});
                return;
            }
        }
    }
}
