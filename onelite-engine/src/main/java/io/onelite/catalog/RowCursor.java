package io.onelite.catalog;

/**
 * A cursor over a rowid table tree, as the executor sees it: positioned on one row at a time,
 * columns decoded lazily (only the columns an expression asks for). Not thread-safe.
 *
 * <p>After an insert or delete through another cursor on the same tree, re-position (seek)
 * before reading again (the b-tree contract).
 */
public interface RowCursor {
    /** The number of entries of the whole tree, counted without decoding them (moves the cursor). */
    long count();

    /**
     * Moves to the first row and returns SQLite's estimate of the row count from the page
     * cell counts on that path ({@code sqlite3BtreeRowCountEst}); 0 when the table is empty.
     */
    long countEstimate();

    /**
     * {@link #countEstimate}'s figure for a plan's choice only (moves the cursor): in BEGIN
     * CONCURRENT it counts as no read, as no result depends on it.
     */
    long sizeEstimate();

    /**
     * The bytes a row takes on the table's first leaf page, on average (0 when it is empty),
     * for a plan's choice only (moves the cursor; in BEGIN CONCURRENT no read).
     */
    int rowBytesEstimate();

    /** The number of rows whose rowid lies in {@code [lo, hi]}, counted without decoding them (moves the cursor). */
    long countBetween(long lo, long hi);

    boolean first();

    boolean last();

    boolean next();

    boolean prev();

    /** Positions on {@code rowid}; true when that row exists. */
    boolean seek(long rowid);

    /** Positions on the first row with rowid >= {@code rowid}; false when there is none. */
    boolean seekGE(long rowid);

    /** Positions on the last row with rowid <= {@code rowid}; false when there is none. */
    boolean seekLE(long rowid);

    boolean valid();

    long rowid();

    /**
     * Compares stored column {@code i} of the current row with the integer {@code k} without
     * boxing it, as {@link io.onelite.btree.RecordReader#compareInteger}; a cursor that cannot
     * says {@link io.onelite.btree.RecordReader#COMPARE_OTHER}.
     */
    default int compareInteger(int i, long k) {
        return io.onelite.btree.RecordReader.COMPARE_OTHER;
    }

    /** The number of columns stored in the current record (older rows may have fewer). */
    int columnCount();

    /** Column {@code i} of the current record, or null past the record's end. */
    Object column(int i);

    /** Every stored column of the current record. */
    Object[] row();

    /** Inserts or replaces the row {@code rowid}. */
    void insert(long rowid, Object[] values);

    /** The current row's record as stored (SQLite's record format), for a copy that does not decode it. */
    default byte[] recordBytes() {
        return io.onelite.btree.Record.encode(row());
    }

    /** As {@link #insert(long, Object[])} of a record as {@link #recordBytes()} gives it. */
    default void insertRecord(long rowid, byte[] record) {
        insert(rowid, io.onelite.btree.Record.decode(record));
    }

    /**
     * The current record with stored column {@code positions[k]} set to {@code values[k]}, the
     * others copied as stored; null when this cursor cannot (the caller encodes the whole row).
     */
    default byte[] patchedRecord(int[] positions, Object[] values) {
        return null;
    }

    /**
     * Patches the current row, {@code rowid}, where it lies in its page, when no byte moves (see
     * {@code TableCursor.patchInPlace}): column {@code positions[k]} set to {@code values[k]}, the
     * cursor staying on the row; false, nothing written, otherwise.
     */
    default boolean patchInPlace(long rowid, int[] positions, Object[] values) {
        return false;
    }

    /**
     * Rewrites the current row, {@code rowid}, as the record {@code record} through this cursor,
     * which stays on it, when that can be done without moving other rows (see
     * {@code TableCursor.rewriteCurrent}); false, nothing written, otherwise.
     */
    default boolean rewriteCurrent(long rowid, byte[] record) {
        return false;
    }

    /**
     * The current row, {@code rowid}, was rewritten through another cursor of the table: this one
     * stays on it and steps on from it (see {@code TableCursor.stayOn}).
     */
    default void stayOn(long rowid) {
        seek(rowid);
    }

    /**
     * Deletes the current row, {@code rowid}, through this cursor: the next {@link #next} moves to
     * the row after it (see {@code TableCursor.deleteScanned}); false, nothing deleted, when this
     * cursor cannot.
     */
    default boolean deleteScanned(long rowid) {
        return false;
    }

    /** Deletes the row; false when absent. */
    boolean delete(long rowid);

    /** The largest rowid, 0 when empty. */
    long maxRowid();
}
