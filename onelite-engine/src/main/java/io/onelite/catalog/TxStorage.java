package io.onelite.catalog;

/** A transaction's {@link Storage} that can end: commit publishes its writes, rollback drops them. */
public interface TxStorage extends Storage {
    void commit();

    void rollback();

    /** Whether the transaction ended (committed or rolled back, e.g. by a failed concurrent commit). */
    default boolean isFinished() {
        return false;
    }

    /** The connection's {@code synchronous}: whether this transaction's commit syncs the WAL. */
    default void setSynchronous(io.onelite.common.Synchronous level) {
    }

    /** The begin mode (DEFERRED for auto-commit). */
    default io.onelite.common.BeginMode mode() {
        return io.onelite.common.BeginMode.DEFERRED;
    }
}
