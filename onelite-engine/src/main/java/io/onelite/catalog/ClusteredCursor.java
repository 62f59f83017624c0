package io.onelite.catalog;

/**
 * A WITHOUT ROWID table read as rows: a {@link RowCursor} over the table's index b-tree, walking
 * in primary-key order, with columns mapped from key positions by the {@link ClusteredKey}. Rows
 * are found by primary key ({@link #seekKey}); the rowid methods have no meaning here and throw
 * (planners never use them on such a table, whose rowid is not a column). Not thread-safe.
 */
public final class ClusteredCursor implements RowCursor {
    private final KeyCursor keys;
    private final ClusteredKey layout;

    public ClusteredCursor(KeyCursor keys, ClusteredKey layout) {
        this.keys = keys;
        this.layout = layout;
    }

    /** The underlying cursor over the stored keys. */
    public KeyCursor keys() {
        return keys;
    }

    /** Positions on the row whose primary key equals {@code pk} (under the key's collations); true when it exists. */
    public boolean seekKey(Object[] pk) {
        return keys.seekPrefix(pk);
    }

    /** The stored key (the whole row in key order) of the current row. */
    public Object[] key() {
        return keys.key();
    }

    /** The primary key of the current row. */
    public Object[] primaryKey() {
        return java.util.Arrays.copyOf(keys.key(), layout.pkLength());
    }

    /** The number of rows: the clustered tree's entries, from the pages' cell counts. */
    @Override
    public long count() {
        return keys.count();
    }

    @Override
    public long countEstimate() {
        return keys.countEstimate();
    }

    @Override
    public long sizeEstimate() {
        return keys.sizeEstimate();
    }

    /** Asked only of a rowid table's tree, whose rows a covering index could stand in for. */
    @Override
    public int rowBytesEstimate() {
        throw new UnsupportedOperationException("a WITHOUT ROWID table's rows are read from its clustered tree");
    }

    /** A WITHOUT ROWID table has no rowid to count a range of (its planner never asks). */
    @Override
    public long countBetween(long lo, long hi) {
        throw new UnsupportedOperationException("a WITHOUT ROWID table has no rowid");
    }

    @Override
    public boolean first() {
        return keys.first();
    }

    @Override
    public boolean last() {
        return keys.last();
    }

    @Override
    public boolean next() {
        return keys.next();
    }

    @Override
    public boolean prev() {
        return keys.prev();
    }

    @Override
    public boolean valid() {
        return keys.valid();
    }

    @Override
    public int columnCount() {
        return layout.columnCount(keys.key());
    }

    @Override
    public Object column(int i) {
        int p = layout.positionOf()[i];
        return p < 0 ? null : keys.column(p); // a VIRTUAL column is computed by the reader
    }

    /** As {@link #column} compared with {@code k}, read in the entry's page without decoding it. */
    @Override
    public int compareInteger(int i, long k) {
        int p = layout.positionOf()[i];
        if (p < 0) {
            return io.onelite.btree.RecordReader.COMPARE_OTHER; // computed by the reader
        }
        int c = keys.compareIntegerInPlace(p, k);
        return c == io.onelite.btree.RecordReader.COMPARE_LOAD ? io.onelite.btree.RecordReader.COMPARE_OTHER : c;
    }

    @Override
    public Object[] row() {
        return layout.row(keys.key());
    }

    /**
     * The current row's stored key with table column {@code columns[k]} (none of the primary
     * key's, none VIRTUAL) set to {@code values[k]}; null when the entry is older than one of them.
     */
    @Override
    public byte[] patchedRecord(int[] columns, Object[] values) {
        int[] positions = new int[columns.length];
        for (int k = 0; k < columns.length; k++) {
            positions[k] = layout.positionOf()[columns[k]]; // not a key column: the UPDATE keeps the key
        }
        return keys.patchedCurrent(positions, values);
    }

    /** As {@link #patchedRecord}, the entry patched where it lies when no byte moves (see {@code IndexCursor.patchScannedInPlace}). */
    @Override
    public boolean patchInPlace(long rowid, int[] columns, Object[] values) {
        int[] positions = new int[columns.length];
        for (int k = 0; k < columns.length; k++) {
            positions[k] = layout.positionOf()[columns[k]];
        }
        return keys.patchScannedInPlace(positions, values);
    }

    /** Rewrites the current row's entry as {@code record} (its primary key kept) through this cursor, which stays on it. */
    @Override
    public boolean rewriteCurrent(long rowid, byte[] record) {
        return keys.rewriteScanned(record, layout.pkLength());
    }

    @Override
    public boolean seek(long rowid) {
        throw noRowid();
    }

    @Override
    public boolean seekGE(long rowid) {
        throw noRowid();
    }

    @Override
    public boolean seekLE(long rowid) {
        throw noRowid();
    }

    @Override
    public long rowid() {
        throw noRowid();
    }

    @Override
    public void insert(long rowid, Object[] values) {
        throw noRowid();
    }

    @Override
    public boolean delete(long rowid) {
        throw noRowid();
    }

    @Override
    public long maxRowid() {
        throw noRowid();
    }

    private static IllegalStateException noRowid() {
        return new IllegalStateException("a WITHOUT ROWID table has no rowid");
    }
}
