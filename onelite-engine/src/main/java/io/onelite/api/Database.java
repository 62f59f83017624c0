package io.onelite.api;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;

import java.nio.file.Path;

/**
 * An open database ({@code sqlite3_open_v2} without the connection): the file's shared state
 * (one pager per file per JVM, the schema) and the options new sessions open with. Thread-safe;
 * sessions are not.
 *
 * <p>Lifecycle: {@link #open} returns a handle; every handle must be {@link #close}d; the last
 * handle of a file closes the file (its pager checkpoints and deletes {@code -wal}/{@code -shm}).
 */
public final class Database implements AutoCloseable {
    private final Path path;
    private final DatabaseOptions options;

    private Database(Path path, DatabaseOptions options) {
        this.path = path;
        this.options = options;
    }

    /**
     * Opens a database. {@code ":memory:"} or {@code ""} is a private in-memory database; any
     * other path names a file, created (empty) when missing.
     *
     * @throws OneLiteException CANTOPEN when the file cannot be opened, NOTADB when it is not a database
     */
    public static Database open(String path, DatabaseOptions options) {
        throw new OneLiteException(ResultCode.ERROR, "not implemented yet");
    }

    /** A new connection with this handle's options. */
    public Session openSession() {
        throw new OneLiteException(ResultCode.ERROR, "not implemented yet");
    }

    /** Releases this handle; the last handle of a file closes it. Idempotent. */
    @Override
    public void close() {
    }

    /** The file's path, or null for an in-memory database. */
    public Path path() {
        return path;
    }

    /** The options sessions open with. */
    public DatabaseOptions options() {
        return options;
    }
}
