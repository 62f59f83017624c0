package io.onelite.os;

import java.util.function.UnaryOperator;

/**
 * What a test puts between the storage layers and the OS when it opens a database (a shim VFS,
 * as SQLite's {@code test_vfs.c}): a wrapper for the reads, writes, syncs and truncates of the
 * database and WAL files, and one for the locks and mappings of the database file and the
 * {@code -shm}. {@link #NONE} passes everything through.
 *
 * @param files applied to the database file and to the WAL
 * @param locks applied to the database file (its lock bytes) and to the {@code -shm} (its lock
 *              slots and its mapped blocks); {@link LockAndMap#path()} tells them apart
 */
public record OsHooks(UnaryOperator<DbFile> files, UnaryOperator<LockAndMap> locks) {
    /** No hook: the OS as it is. */
    public static final OsHooks NONE = new OsHooks(UnaryOperator.identity(), UnaryOperator.identity());

    /** Only file I/O goes through {@code files}. */
    public static OsHooks files(UnaryOperator<DbFile> files) {
        return new OsHooks(files, UnaryOperator.identity());
    }

    /** Only locks and mappings go through {@code locks}. */
    public static OsHooks locks(UnaryOperator<LockAndMap> locks) {
        return new OsHooks(UnaryOperator.identity(), locks);
    }
}
