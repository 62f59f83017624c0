package io.onelite.os;

/**
 * A file the storage layers read and write by position: the database, its {@code -wal} or its
 * {@code -shm}. Errors are {@code OneLiteException}s with SQLite's IOERR codes. Implementations
 * are thread-safe (positional I/O has no shared file pointer).
 */
public interface DbFile extends AutoCloseable {
    /**
     * Reads up to {@code len} bytes at {@code pos}; bytes past the end of the file are left as
     * they are in {@code buf}. Returns the number of bytes actually read (0 at or past EOF).
     */
    int read(long pos, byte[] buf, int off, int len);

    /** Writes exactly {@code len} bytes at {@code pos}, growing the file if needed. */
    void write(long pos, byte[] buf, int off, int len);

    /** The file size in bytes. */
    long size();

    /** Truncates the file to {@code size} bytes (never grows it). */
    void truncate(long size);

    /** Forces written data to the device ({@code fdatasync}, or {@code fsync} with metadata). */
    void sync(boolean metadata);

    /**
     * Maps {@code [pos, pos + size)} of the file read-only and shared with other processes (the
     * pager's memory-mapped page reads, SQLite's {@code unixMapfile}), or returns null where this
     * file cannot be mapped (the default: test doubles, which then see every read). The region
     * must lie inside the file: a mapping never extends it. Reading a mapped byte the file no
     * longer has faults (the JVM throws an {@link InternalError}).
     */
    default java.nio.MappedByteBuffer mapReadOnly(long pos, int size) {
        return null;
    }

    /** The file's path. */
    java.nio.file.Path path();

    /** Closes the file. The caller must hold no locks on it (closing drops every lock of the process). */
    @Override
    void close();
}
