package io.onelite.catalog;

/** A transaction's {@link Storage} that can end: commit publishes its writes, rollback drops them. */
public interface TxStorage extends Storage {
    void commit();

    void rollback();

    /** After {@link #commit()}: whether the commit was appended to the file (counted by {@link #changeCount()}). */
    default boolean appendedCommit() {
        return false;
    }

    /** Whether the transaction ended (committed or rolled back, e.g. by a failed concurrent commit). */
    default boolean isFinished() {
        return false;
    }

    /** The connection's {@code synchronous}: whether this transaction's commit syncs the WAL. */
    default void setSynchronous(io.onelite.common.Synchronous level) {
    }

    /** The connection's {@code wal_autocheckpoint}: the WAL's frames at which its commit checkpoints (0 or less: never). */
    default void setAutoCheckpoint(int frames) {
    }

    /** The connection's {@code mmap_size} (bytes): how much of the file its page reads take from the mapping. */
    default void setMmapSize(long bytes) {
    }

    /**
     * VACUUM: replaces the whole database, in this transaction's write set, by a packed copy of
     * it ({@link Vacuum}); {@code schema} is this transaction's schema. The transaction must
     * hold the write lock and have written nothing yet.
     */
    default void vacuum(Schema schema) {
        throw new io.onelite.common.OneLiteException(io.onelite.common.ResultCode.ERROR, "VACUUM is not supported by this store");
    }

    /**
     * VACUUM INTO: writes a packed copy of the database as this transaction sees it to the new
     * file {@code out}; null (SQLite's {@code VACUUM INTO ''}, a temporary file): builds it only.
     */
    default void vacuumInto(Schema schema, java.nio.file.Path out) {
        throw new io.onelite.common.OneLiteException(io.onelite.common.ResultCode.ERROR, "VACUUM is not supported by this store");
    }

    /** The begin mode (DEFERRED for auto-commit). */
    default io.onelite.common.BeginMode mode() {
        return io.onelite.common.BeginMode.DEFERRED;
    }
}
