/**
 * Table and index b-trees over a {@link io.onelite.pager.PageStore}: page formats, cells, records and varints, cursors, insert/delete/balance, overflow chains. Knows nothing of transactions: it reports key intervals read and entries written to a {@link io.onelite.btree.TreeAccessListener}. Calls only {@code pager}. SQLite: {@code btree.c}, {@code btreeInt.h}, record code of {@code vdbeaux.c}.
 */
package io.onelite.btree;
