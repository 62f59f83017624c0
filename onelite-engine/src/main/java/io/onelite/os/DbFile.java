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

    /** The file's path. */
    java.nio.file.Path path();

    /** Closes the file. The caller must hold no locks on it (closing drops every lock of the process). */
    @Override
    void close();
}
