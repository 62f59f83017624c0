package io.onelite.catalog;

/** A transaction's {@link Storage} that can end: commit publishes its writes, rollback drops them. */
public interface TxStorage extends Storage {
    void commit();

    void rollback();
}
