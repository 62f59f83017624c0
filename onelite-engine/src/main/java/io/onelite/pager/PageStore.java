package io.onelite.pager;

/**
 * The page-level view that the b-tree layer works on: one transaction's pages. In a read
 * transaction it is a {@code Snapshot}; in a write transaction it is the snapshot plus the
 * transaction's private copy-on-write write set.
 *
 * <p>Contract:
 * <ol>
 *   <li>{@link #read} returns the page image as this transaction sees it. The caller must never
 *       modify the returned array (published pages are shared, immutable images).</li>
 *   <li>{@link #write} returns a mutable copy private to this transaction; repeated calls in the
 *       same transaction return the same array, and later {@link #read}s of that page return it
 *       too. Throws {@code OneLiteException(READONLY)} on a read-only store.</li>
 *   <li>{@link #allocate} takes a page from the freelist first, else grows the database by one
 *       page (skipping the lock-byte page); the page is zero-filled and already writable.</li>
 *   <li>{@link #free} puts a page on the freelist (trunk/leaf format of the file format), keeping
 *       the header's freelist fields right.</li>
 *   <li>Page 1 contains the 100-byte database header; {@code FileHeader} names its fields.</li>
 * </ol>
 * Page numbers start at 1. A page number outside {@code 1..pageCount()} given to {@link #read}
 * throws {@code CorruptDatabaseException}.
 */
public interface PageStore {
    /** The page size in bytes (512..65536). */
    int pageSize();

    /** The usable size: page size minus the reserved bytes at the end of each page. */
    int usableSize();

    /** The number of pages in the database as this transaction sees it. */
    int pageCount();

    /** The page image; never modify it. */
    byte[] read(int pgno);

    /** A writable copy of the page, private to this transaction. */
    byte[] write(int pgno);

    /** A new, zeroed, writable page. */
    int allocate();

    /** Returns a page to the freelist. */
    void free(int pgno);

    /**
     * Returns the first {@code count} pages of {@code pgnos} to the freelist, as {@link #free} of
     * each in that order; a store may do it in one pass.
     */
    default void freeAll(int[] pgnos, int count) {
        for (int i = 0; i < count; i++) {
            free(pgnos[i]);
        }
    }

    /**
     * An identity of the page's current version: two equal values for the same pgno in two
     * snapshots of the same file mean the bytes are identical (e.g. the WAL frame number it was
     * read from, or 0 for the database file, combined with the WAL generation). Pages modified
     * by this transaction's write set return -1. Used by concurrent-commit validation to skip
     * unchanged subtrees.
     */
    long version(int pgno);

    /** Whether {@link #write}, {@link #allocate} and {@link #free} are allowed. */
    boolean writable();

    /**
     * A stamp that changes whenever a page of this store may have changed: equal stamps from one
     * store mean every page read in between is still as it was, so a b-tree path found then may
     * be reused. Negative = unknown (never reuse). A read-only snapshot never changes.
     */
    default long changeStamp() {
        return -1;
    }

    /**
     * Whether every page of this store is as it was in {@code other} when that had stamp
     * {@code otherStamp} (a b-tree path found in {@code other} then holds here): by default only
     * this same store with an unchanged, known stamp.
     */
    default boolean unchangedSince(PageStore other, long otherStamp) {
        return other == this && otherStamp >= 0 && otherStamp == changeStamp();
    }
}
