/**
 * The WAL: WAL file frames, salts and checksums, the {@code -shm} wal-index (header copies, hash tables, read marks), the WAL locks, checkpoint and recovery. Calls only {@code os}. SQLite: {@code wal.c}.
 */
package io.onelite.wal;
