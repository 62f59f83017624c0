/**
 * Transactions: deferred, immediate, exclusive and concurrent (DESIGN.md section 5,
 * docs/concurrency.md). Calls {@code btree} and {@code pager} only.
 *
 * <ul>
 *   <li>{@link io.onelite.tx.TransactionManager}, {@link io.onelite.tx.Transaction},
 *       {@link io.onelite.tx.TxOptions}, {@link io.onelite.tx.CommitHook},
 *       {@link io.onelite.tx.TxStats}: the public contract.</li>
 *   <li>{@code Trace} (a {@code TreeAccessListener}) with {@code TraceEntry},
 *       {@code RowidIntervals}, {@code KeyIntervals}: what a concurrent transaction read and
 *       wrote.</li>
 *   <li>{@code CommitPipeline} (group commit), {@code ConcurrentCommit} (fast path, merge),
 *       {@code Validator} (with {@code TablePages}: unchanged subtrees skipped),
 *       {@code Replayer}, {@code HoldTimer}.</li>
 *   <li>{@code RowidAllocator} with {@code RowidLeaseFile}; {@code CommitSequence} with
 *       {@code SchemaRoots}.</li>
 * </ul>
 * SQLite has no counterpart in its trunk; the {@code begin-concurrent} branch
 * ({@code sqlite3BtreeExclusiveLock}, page-level) is the idea this improves on at key level.
 */
package io.onelite.tx;
