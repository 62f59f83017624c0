/**
 * Table and index b-trees over a {@link io.onelite.pager.PageStore}: page formats, cells, records and varints, cursors, insert/delete/balance, overflow chains. Knows nothing of transactions: it reports key intervals read and entries written to a {@link io.onelite.btree.TreeAccessListener}. Calls only {@code pager}. SQLite: {@code btree.c}, {@code btreeInt.h}, record code of {@code vdbeaux.c}.
 *
 * <p>Public: {@link io.onelite.btree.BTree}, {@link io.onelite.btree.TableCursor},
 * {@link io.onelite.btree.IndexCursor}, {@link io.onelite.btree.Record},
 * {@link io.onelite.btree.ValueOrder}, {@link io.onelite.btree.IntegrityCheck},
 * {@link io.onelite.btree.KeyInfo}, {@link io.onelite.btree.Collation},
 * {@link io.onelite.btree.TreeAccessListener}, {@link io.onelite.btree.TreeBuilder} (VACUUM's packed
 * copies). Everything else is package-private; the page
 * and record layouts are written down once in {@code PageHeader} and {@code Record}, the
 * design of the write path in {@code Balancer}. See {@code docs/file-format.md}.
 */
package io.onelite.btree;
