package io.onelite.catalog;

import io.onelite.btree.KeyInfo;

/**
 * One transaction's view of the trees of a database, for the schema layer and the executor.
 * Reads see the transaction's snapshot (and its own writes); write methods are only called
 * once {@link #beginWrite()} succeeded.
 */
public interface Storage {
    /**
     * The storage of database {@code db} ({@code main}, {@code temp}, an attached name) in the
     * same transaction. A single database's storage is its own main; a session's transaction
     * (several databases) overrides this and begins the others' transactions on first use.
     */
    default Storage database(String db) {
        if (Table.MAIN.equals(db)) {
            return this;
        }
        throw new io.onelite.common.OneLiteException(io.onelite.common.ResultCode.ERROR, "no such database: " + db);
    }

    RowCursor openTable(int root);

    KeyCursor openIndex(int root, KeyInfo keyInfo);

    /**
     * Makes the view writable (a DEFERRED transaction takes the write lock here). Idempotent.
     */
    void beginWrite();

    boolean isWriting();

    /**
     * Whether the commit validates this transaction's reads (BEGIN CONCURRENT, serializable): a
     * plan's choice between walks that yield the same rows then keeps the one that reads less.
     */
    default boolean validatesReads() {
        return false;
    }

    /**
     * Whether each row written is traced (BEGIN CONCURRENT, either isolation): its commit may
     * replay the writes row by row, so whole-tree shortcuts such as {@link #clearTree} are out.
     */
    default boolean tracesWrites() {
        return false;
    }

    /** Allocates an empty tree, returns its root page. */
    int createTree(boolean table);

    /** Frees a tree and its root. */
    void dropTree(int root);

    /** Removes every entry of a tree; returns how many it had (a table's rows, an index's keys). */
    long clearTree(int root);

    /**
     * Fills the empty index tree {@code root} with {@code sortedRecords}, encoded keys in the
     * index's order (CREATE INDEX). By default one insert per key; a pager's storage builds the
     * tree bottom-up.
     */
    default void fillIndex(int root, KeyInfo keyInfo, java.util.List<byte[]> sortedRecords) {
        KeyCursor c = openIndex(root, keyInfo);
        for (byte[] r : sortedRecords) {
            c.insert(io.onelite.btree.Record.decode(r));
        }
    }

    /** A rowid for an insert without one (max + 1 as SQLite; concurrent mode: the shared allocator). */
    long newRowid(RowCursor c, int root);

    /**
     * As {@link #newRowid(RowCursor, int)}, never below {@code atLeast} (AUTOINCREMENT passes
     * {@code sqlite_sequence.seq + 1}); concurrent mode still takes it from the shared allocator.
     */
    default long newRowid(RowCursor c, int root, long atLeast) {
        long r = newRowid(c, root);
        return Math.max(r, atLeast);
    }

    /**
     * The database's size in pages as this transaction sees it, its own new pages included (SQLite's
     * {@code sqlite3BtreeLastPage}); by default the header's size field.
     */
    default int pageCount() {
        return headerInt(io.onelite.pager.FileHeader.DATABASE_SIZE);
    }

    /**
     * PRAGMA max_page_count of the connection for this database: from now on this transaction may
     * not grow the file past {@code pages} (SQLITE_FULL, "database or disk is full"). No limit by default.
     */
    default void setMaxPageCount(long pages) {
    }

    /** A 4-byte big-endian field of the database header (schema cookie, user_version, ...). */
    int headerInt(int offset);

    void setHeaderInt(int offset, int value);

    /** A nested savepoint of the write state; returns its number. */
    int savepoint();

    void rollbackTo(int savepoint);

    void release(int savepoint);

    /** Runs a hook at commit under the write lock with the commit's sequence number (commit_seq()). */
    default void onCommit(io.onelite.tx.CommitHook hook) {
        throw new io.onelite.common.OneLiteException(io.onelite.common.ResultCode.ERROR,
                "commit_seq() is not supported by this store");
    }

    /**
     * A number that grows with every commit to this database's file by any connection of this JVM
     * and every change of another process this JVM has seen ({@code Pager.changeCount}); 0 for a
     * store no one else writes. With {@link #changeSource()}, what PRAGMA data_version reads.
     */
    default long changeCount() {
        return 0;
    }

    /** The file {@link #changeCount()} counts for (one object per open file), or null. */
    default Object changeSource() {
        return null;
    }

    /** PRAGMA integrity_check at the b-tree level: problems found, empty when none. */
    default java.util.List<String> integrityCheck(java.util.Map<Integer, KeyInfo> roots, int maxErrors) {
        return java.util.List.of();
    }
}
