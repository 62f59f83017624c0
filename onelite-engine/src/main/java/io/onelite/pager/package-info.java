/**
 * The pager: one process-wide cache of immutable page versions per database, snapshots (a read view by pgno), and the private copy-on-write write set of a transaction with page allocation and the freelist, the memory-mapped reads of database-file pages ({@code MappedPages}, {@code PRAGMA mmap_size}), and the {@code DatabaseImage} VACUUM builds (committed through a write set, or written as a file of its own by VACUUM INTO). Calls {@code wal} and {@code os}. SQLite: {@code pager.c}.
 */
package io.onelite.pager;
