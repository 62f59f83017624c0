package io.onelite.catalog;

/**
 * A cursor over an index tree (keys are records: the indexed columns then the rowid, or for a
 * WITHOUT ROWID table the whole row with the primary key first). Seeks accept a key prefix.
 */
public interface KeyCursor {
    /** The number of entries of the whole tree, counted without decoding them (moves the cursor). */
    long count();

    /**
     * Moves to the first key and returns SQLite's estimate of the entry count from the page
     * cell counts on that path ({@code sqlite3BtreeRowCountEst}); 0 when the tree is empty.
     */
    long countEstimate();

    /**
     * {@link #countEstimate}'s figure for a plan's choice only (moves the cursor): in BEGIN
     * CONCURRENT it counts as no read, as no result depends on it.
     */
    long sizeEstimate();

    /**
     * The number of entries from {@code lo} to {@code hi} (each a key or a prefix, inclusive or
     * not; null = open end), as a seek to {@code lo} and steps up to {@code hi} would visit,
     * counted without decoding them (moves the cursor).
     */
    long countBetween(Object[] lo, boolean loInclusive, Object[] hi, boolean hiInclusive);

    boolean first();

    boolean last();

    boolean next();

    boolean prev();

    boolean valid();

    boolean seekGE(Object[] key);

    /**
     * Positions on the first key starting with {@code prefix}; false when none does. A point
     * probe: in BEGIN CONCURRENT only the keys starting with the prefix count as read.
     */
    boolean seekPrefix(Object[] prefix);

    boolean seekGT(Object[] key);

    boolean seekLE(Object[] key);

    boolean seekLT(Object[] key);

    /** The current key, decoded. */
    Object[] key();

    /** Column {@code i} of the current key (the whole key is decoded and kept for the entry's other columns). */
    Object column(int i);

    /** Column {@code i} of the current key decoded alone: a walk that reads one column of each entry. */
    Object columnAlone(int i);

    /**
     * Whether the current key's first {@code prefix.length} columns equal {@code prefix} under the
     * index's collations (as {@link io.onelite.btree.ValueOrder#compare} compares them). The
     * cursor may keep what it derived from the array for the next call with the same array, which
     * must therefore not have changed in between.
     */
    boolean startsWith(Object[] prefix);

    void insert(Object[] key);

    /** Deletes the exact key; false when absent. */
    boolean delete(Object[] key);

    /**
     * Replaces the entry the cursor is on (just found) by {@code key}, which sorts in the same
     * place: a WITHOUT ROWID row rewritten with its primary key unchanged.
     */
    void replaceCurrent(Object[] key);

    /**
     * Deletes the entry a scan through this cursor is on, {@code prefix} giving its first columns,
     * which no other entry has: the next {@link #next} moves to the entry after it (see
     * {@code IndexCursor.deleteScanned}); false, nothing deleted, when this cursor cannot.
     */
    default boolean deleteScanned(java.util.function.Supplier<Object[]> prefix) {
        return false;
    }

    /** The current entry's record with column {@code positions[k]} set to {@code values[k]}; null when this cursor cannot. */
    default byte[] patchedCurrent(int[] positions, Object[] values) {
        return null;
    }

    /**
     * Compares column {@code i} of the current entry with the integer {@code k} in its page (see
     * {@code IndexCursor.compareIntegerInPlace}); {@code RecordReader.COMPARE_LOAD} when this
     * cursor cannot.
     */
    default int compareIntegerInPlace(int i, long k) {
        return io.onelite.btree.RecordReader.COMPARE_LOAD;
    }

    /**
     * Patches the entry a scan through this cursor is on where it lies, when no byte moves (see
     * {@code IndexCursor.patchScannedInPlace}); false, nothing written, otherwise.
     */
    default boolean patchScannedInPlace(int[] positions, Object[] values) {
        return false;
    }

    /**
     * As {@link #replaceCurrent} of the entry a scan through this cursor is on, given its new
     * record, whose first {@code unique} columns find it; the cursor stays on it (see
     * {@code IndexCursor.rewriteScanned}). False, nothing written, when this cursor cannot write
     * (a read-only snapshot).
     */
    default boolean rewriteScanned(byte[] record, int unique) {
        return false;
    }
}
