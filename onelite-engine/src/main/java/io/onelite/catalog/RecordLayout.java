package io.onelite.catalog;

import java.util.Arrays;

/**
 * Where each column of a table sits among the values its cursor reads, as SQLite's
 * {@code sqlite3TableColumnToStorage}: a VIRTUAL generated column is not stored, so a rowid
 * table's record holds the other columns in table order with the virtual ones left out (a
 * WITHOUT ROWID table's {@link ClusteredKey} leaves them out of its keys itself, and its cursor
 * already reads in table order). Tables without virtual columns store every column where it is.
 */
public final class RecordLayout {
    private static final RecordLayout ALL_STORED = new RecordLayout(null, null, 0);

    /** Per table column, its position among the stored values; null when every column is stored in place. */
    private final int[] position;
    /** Per table column, whether it is VIRTUAL; null when none is. */
    private final boolean[] virtual;
    /** How many values a rowid table's record holds (the columns not VIRTUAL); 0 when unused. */
    private final int recordWidth;

    private RecordLayout(int[] position, boolean[] virtual, int recordWidth) {
        this.position = position;
        this.virtual = virtual;
        this.recordWidth = recordWidth;
    }

    /** The layout of a table without VIRTUAL columns: every column stored where it is. */
    public static RecordLayout allStored() {
        return ALL_STORED;
    }

    public static RecordLayout of(Table t) {
        int n = t.columns().size();
        boolean any = false;
        boolean[] virtual = new boolean[n];
        for (int i = 0; i < n; i++) {
            virtual[i] = t.columns().get(i).isVirtual();
            any |= virtual[i];
        }
        if (!any) {
            return ALL_STORED;
        }
        int[] position = new int[n];
        int next = 0;
        for (int i = 0; i < n; i++) {
            // a WITHOUT ROWID cursor reads in table order: only the rowid record drops the virtual ones
            position[i] = virtual[i] ? -1 : t.clustered() != null ? i : next++;
        }
        return new RecordLayout(position, virtual, next);
    }

    /** Whether some column is VIRTUAL (its value is computed, never read from the record). */
    public boolean hasVirtual() {
        return virtual != null;
    }

    public boolean isVirtual(int column) {
        return virtual != null && virtual[column];
    }

    /** The position of table column {@code column} among the stored values; -1 for a VIRTUAL column. */
    public int position(int column) {
        return position == null ? column : position[column];
    }

    /**
     * The values to store for a row given in table order: the VIRTUAL columns left out of a rowid
     * table's record. The array itself when nothing is left out.
     */
    public Object[] stored(Object[] row, boolean rowidTable) {
        if (position == null || !rowidTable) {
            return row;
        }
        Object[] out = new Object[recordWidth];
        for (int i = 0; i < row.length; i++) {
            if (position[i] >= 0) {
                out[position[i]] = row[i];
            }
        }
        return out;
    }

    /**
     * A row in table order from the values a cursor read ({@code stored}; a row older than an
     * ALTER TABLE ADD COLUMN holds fewer): the missing columns take {@code defaults}, the VIRTUAL
     * ones are left NULL for the caller to compute. {@code stored} itself when it is a whole row already.
     */
    public Object[] row(Object[] stored, Object[] defaults, int columns) {
        if (position == null) {
            if (stored.length >= columns) {
                return stored;
            }
            Object[] out = Arrays.copyOf(stored, columns);
            for (int i = stored.length; i < columns; i++) {
                out[i] = defaults != null && i < defaults.length ? defaults[i] : null;
            }
            return out;
        }
        Object[] out = new Object[columns];
        for (int i = 0; i < columns; i++) {
            int p = position[i];
            if (p >= 0) {
                out[i] = p < stored.length ? stored[p] : defaults != null && i < defaults.length ? defaults[i] : null;
            }
        }
        return out;
    }
}
