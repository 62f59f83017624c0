package io.onelite.api;

import io.onelite.catalog.PagerStorage;
import io.onelite.pager.PagerOptions;
import io.onelite.catalog.Schema;
import io.onelite.catalog.StorageProvider;
import io.onelite.common.Durations;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * An open database ({@code sqlite3_open_v2} without the connection): the file's shared state
 * (one pager per file per JVM, the schema) and the options new sessions open with. Thread-safe;
 * sessions are not.
 *
 * <p>Lifecycle: {@link #open} returns a handle; every handle must be {@link #close}d; the last
 * handle of a file closes the file (its pager checkpoints and deletes {@code -wal}/{@code -shm}).
 */
public final class Database implements AutoCloseable {
    /** What every handle of one file shares. */
    static final class Shared {
        final Path path;
        /** The name of a shared in-memory database ({@link #openSharedMemory}), else null. */
        final String memoryName;
        final StorageProvider storage;
        volatile Schema schema;
        int refs;

        Shared(Path path, StorageProvider storage) {
            this(path, null, storage);
        }

        Shared(Path path, String memoryName, StorageProvider storage) {
            this.path = path;
            this.memoryName = memoryName;
            this.storage = storage;
        }
    }

    private static final Map<Path, Shared> FILES = new HashMap<>();
    /** The shared in-memory databases by name, while a handle of each is open. */
    private static final Map<String, Shared> MEMORIES = new HashMap<>();

    private final Shared shared;
    private final DatabaseOptions options;
    private boolean closed;

    private Database(Shared shared, DatabaseOptions options) {
        this.shared = shared;
        this.options = options;
    }

    /**
     * Opens a database. {@code ":memory:"} or {@code ""} is a private in-memory database; any
     * other path names a file, created (empty) when missing.
     *
     * @throws OneLiteException CANTOPEN when the file cannot be opened, NOTADB when it is not a database
     */
    public static Database open(String path, DatabaseOptions options) {
        return open(path, options, io.onelite.os.OsHooks.NONE);
    }

    /**
     * As {@link #open(String, DatabaseOptions)}, with the file's I/O, locks and {@code -shm}
     * mappings going through {@code io} (a fault-injection hook for tests, a shim VFS). The hooks
     * apply when this call opens the file, i.e. when no other handle of it is open in this JVM.
     */
    public static Database open(String path, DatabaseOptions options, io.onelite.os.OsHooks io) {
        if (options == null) {
            options = DatabaseOptions.DEFAULTS;
        }
        if (path == null || path.isEmpty() || path.equals(":memory:")) {
            return new Database(new Shared(null, PagerStorage.openMemory(pagerOptions(options), txOptions(options))), options);
        }
        Path p = Path.of(path).toAbsolutePath().normalize();
        DatabaseOptions o = options;
        return handle(FILES, p, () -> {
            // The pager is shared by every handle of the file in this JVM, so it is opened
            // read-only only when the file itself cannot be written: a read_only handle is
            // enforced per session (StatementImpl), and must not make later handles read-only.
            boolean fileReadOnly = o.readOnly()
                    && !(java.nio.file.Files.isRegularFile(p) && java.nio.file.Files.isWritable(p));
            PagerOptions po = pagerOptions(o.withReadOnly(fileReadOnly));
            return new Shared(p, PagerStorage.open(p, po, txOptions(o), io));
        }, options);
    }

    /**
     * A new handle of the database {@code open} holds under {@code key}, opened by {@code create}
     * when no handle of it is open.
     */
    private static <K> Database handle(Map<K, Shared> open, K key, java.util.function.Supplier<Shared> create,
                                       DatabaseOptions options) {
        synchronized (open) {
            Shared s = open.get(key);
            if (s == null) {
                s = create.get();
                open.put(key, s);
            }
            s.refs++;
            return new Database(s, options);
        }
    }

    /** Releases a handle of the database {@code open} holds under {@code key}; the last one closes it. */
    private static <K> void release(Map<K, Shared> open, K key, Shared s) {
        synchronized (open) {
            if (--s.refs == 0) {
                open.remove(key);
                s.storage.close();
            }
        }
    }

    /**
     * Opens the in-memory database named {@code name}, shared by every handle of this JVM that
     * opens the same name while one of them is open (SQLite's {@code file:name?mode=memory&cache=shared}
     * and {@code file::memory:?cache=shared}); it is created empty by the first and dropped when
     * the last handle closes. The first handle's options decide the database's own settings.
     */
    public static Database openSharedMemory(String name, DatabaseOptions options) {
        if (options == null) {
            options = DatabaseOptions.DEFAULTS;
        }
        DatabaseOptions o = options;
        return handle(MEMORIES, name,
                () -> new Shared(null, name, PagerStorage.openMemory(pagerOptions(o), txOptions(o))), options);
    }

    private static io.onelite.tx.TxOptions txOptions(DatabaseOptions o) {
        return new io.onelite.tx.TxOptions(o.busyTimeout(), o.commitHoldLimit());
    }

    private static PagerOptions pagerOptions(DatabaseOptions o) {
        int cache = o.cacheSize() >= 0 ? o.cacheSize() : Math.max(16, (int) (-o.cacheSize() * 1024L / 4096));
        return new PagerOptions(o.synchronous(), Math.max(16, cache), o.autoCheckpoint(), o.readOnly(),
                PagerOptions.DEFAULTS.newDatabasePageSize(), o.writeSlice() == null ? -1 : Durations.saturatedNanos(o.writeSlice()));
    }

    /** A new connection with this handle's options. */
    public Session openSession() {
        if (closed) {
            throw new OneLiteException(ResultCode.MISUSE, "database is closed");
        }
        return new SessionImpl(shared, options);
    }

    /** Releases this handle; the last handle of a file closes it. Idempotent. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (shared.memoryName != null) {
            release(MEMORIES, shared.memoryName, shared);
        } else if (shared.path != null) {
            release(FILES, shared.path, shared);
        } else {
            shared.storage.close(); // a private in-memory database
        }
    }

    /** What this handle shares with the file's other handles (ATTACH reads it). */
    Shared shared() {
        return shared;
    }

    /** The file's path, or null for an in-memory database. */
    public Path path() {
        return shared.path;
    }

    /** The options sessions open with. */
    public DatabaseOptions options() {
        return options;
    }

    /** The file's counters and WAL state now. */
    public DatabaseStatus status() {
        return statusOf(shared);
    }

    /**
     * The status of the database file {@code file} if some handle in this JVM has it open, so that
     * a monitor can read it without taking a connection (or keeping the file open).
     */
    public static java.util.Optional<DatabaseStatus> statusOf(Path file) {
        synchronized (FILES) { // read under the lock close() takes: the file cannot close meanwhile
            Shared s = FILES.get(file.toAbsolutePath().normalize());
            return s == null ? java.util.Optional.empty() : java.util.Optional.of(statusOf(s));
        }
    }

    private static DatabaseStatus statusOf(Shared s) {
        return new DatabaseStatus(s.path, s.storage.txStats(), s.storage.walFrames(), s.storage.lastCheckpoint());
    }
}
