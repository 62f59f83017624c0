package io.onelite.btree;

/**
 * What the b-tree layer tells the layer above about the keys its cursors covered and changed,
 * so that {@code BEGIN CONCURRENT} can record a trace without the b-tree knowing about
 * transactions (dependency inversion: the b-tree defines this interface, the tx layer
 * implements it).
 *
 * <p>Reads: each cursor movement reports the key interval it stepped over, endpoints inclusive,
 * so that the union of the reported intervals covers every key whose presence or absence could
 * have changed what the caller saw (point lookups that found nothing, range scans, the gap that
 * a {@code next()} crossed, {@code last()} probes for {@code max()}). An open end is
 * {@code Long.MIN_VALUE}/{@code Long.MAX_VALUE} for table trees and {@code null} for index trees.
 *
 * <p>Writes: every insert and delete, table and index trees alike, in the order performed,
 * with the image the entry had before (null when it did not exist), so that a snapshot-isolation
 * trace can keep before-images and a replay can redo the operation on a newer state.
 *
 * <p>All methods default to doing nothing; {@link #NONE} is the listener for transactions that
 * need no trace.
 */
public interface TreeAccessListener {
    TreeAccessListener NONE = new TreeAccessListener() {
    };

    /** A table-tree cursor covered every rowid in {@code [lo, hi]}. */
    default void tableRead(int root, long lo, long hi) {
    }

    /**
     * An index-tree cursor covered every key in {@code [lo, hi]} (records as decoded values,
     * compared with {@code keyInfo}; {@code null} = open end). A prefix of columns stands for
     * every key starting with it. A point probe ({@code IndexCursor.seekPrefix}) passes the same
     * array as both ends.
     */
    default void indexRead(int root, KeyInfo keyInfo, Object[] lo, Object[] hi) {
    }

    /** A row was inserted (or replaced: {@code before} is then the old payload). */
    default void tableInsert(int root, long rowid, byte[] payload, byte[] before) {
    }

    /** A row was deleted; {@code before} is its payload. */
    default void tableDelete(int root, long rowid, byte[] before) {
    }

    /** An index entry (an encoded record) was inserted. */
    default void indexInsert(int root, KeyInfo keyInfo, byte[] key) {
    }

    /** An index entry (an encoded record) was deleted. */
    default void indexDelete(int root, KeyInfo keyInfo, byte[] key) {
    }

    /** A tree was created (root page allocated) or dropped: a schema-level change. */
    default void treeCreatedOrDropped(int root) {
    }
}
