/**
 * The os layer: positional file I/O, sync and read-only maps ({@code DbFile}), fcntl byte-range locks through one per-JVM lock table per file ({@code LockTable}), the mmapped wal-index ({@code ShmRegion}). Calls nothing above it. SQLite: {@code os_unix.c}.
 */
package io.onelite.os;
