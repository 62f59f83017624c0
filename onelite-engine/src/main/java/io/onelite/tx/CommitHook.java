package io.onelite.tx;

import io.onelite.pager.PageStore;

/**
 * Work done at commit, under the write lock, on the transaction's final write set (after
 * validation and replay of a concurrent transaction): the executor registers one to write the
 * value of {@code commit_seq()} into the rows that asked for it.
 *
 * <p>Contract: the hook writes through b-tree cursors with {@code TreeAccessListener.NONE} (it runs
 * after the trace is closed); it must be quick (it holds the write lock for every writer of the
 * file) and may throw {@code OneLiteException}, which fails (rolls back) this transaction only.
 */
@FunctionalInterface
public interface CommitHook {
    /**
     * @param latest    the final write set of the committing transaction (writable)
     * @param commitSeq this commit's number: strictly increasing in commit order across every
     *                  process writing the file, persisted in the file
     */
    void apply(PageStore latest, long commitSeq);
}
