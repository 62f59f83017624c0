/**
 * Transactions: deferred, immediate, exclusive and concurrent; the trace of a concurrent transaction (a {@code TreeAccessListener}), validation and replay, the commit pipeline with group commit, the shared rowid allocator and the commit sequence. Calls {@code btree}, {@code pager}, {@code wal}.
 */
package io.onelite.tx;
