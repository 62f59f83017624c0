package io.onelite.api;

import io.onelite.common.Synchronous;

import java.time.Duration;

/**
 * Options fixed when a connection opens, the URL keys of the JDBC driver. Immutable: every
 * {@code withXxx} returns a new value.
 *
 * @param synchronous        {@code synchronous} (default FULL, as the recipe's engine)
 * @param busyTimeout        how long to wait for the write lock before {@code SQLITE_BUSY}
 * @param commitHoldLimit    how long a concurrent commit may spend in validation and replay
 *                           before {@code SQLITE_BUSY_TIMEOUT} (default 5 s)
 * @param cacheSize          page cache size in pages (negative: KiB, as SQLite's cache_size)
 * @param foreignKeys        {@code PRAGMA foreign_keys}
 * @param readOnly           the connection may not write ({@code SQLITE_READONLY})
 * @param autoCheckpoint     WAL frames after which a commit runs a PASSIVE checkpoint (0 = never)
 * @param writeSlice         how long the writer of this JVM that took the write lock last may take it
 *                           again ahead of queued writers (0 = strict FIFO hand-off; null = the
 *                           engine's default, 10 ms or the system property
 *                           {@code onelite.writeSliceMicros}); the first opener of a file decides
 */
public record DatabaseOptions(Synchronous synchronous, Duration busyTimeout, Duration commitHoldLimit,
                              int cacheSize, boolean foreignKeys, boolean readOnly, int autoCheckpoint,
                              Duration writeSlice) {

    public static final DatabaseOptions DEFAULTS = new DatabaseOptions(Synchronous.FULL, Duration.ofSeconds(5),
            Duration.ofMillis(5000), -2000, false, false, 1000, null);

    public DatabaseOptions {
        if (synchronous == null) {
            throw new IllegalArgumentException("synchronous must not be null");
        }
        if (busyTimeout == null || busyTimeout.isNegative()) {
            throw new IllegalArgumentException("busy_timeout must be >= 0");
        }
        if (commitHoldLimit == null || commitHoldLimit.isNegative() || commitHoldLimit.isZero()) {
            throw new IllegalArgumentException("commit_hold_limit must be > 0");
        }
        if (autoCheckpoint < 0) {
            throw new IllegalArgumentException("wal_autocheckpoint must be >= 0");
        }
        if (writeSlice != null && writeSlice.isNegative()) {
            throw new IllegalArgumentException("write_slice_us must be >= 0");
        }
    }

    /** With the engine's default write slice. */
    public DatabaseOptions(Synchronous synchronous, Duration busyTimeout, Duration commitHoldLimit, int cacheSize,
                           boolean foreignKeys, boolean readOnly, int autoCheckpoint) {
        this(synchronous, busyTimeout, commitHoldLimit, cacheSize, foreignKeys, readOnly, autoCheckpoint, null);
    }

    public DatabaseOptions withSynchronous(Synchronous v) {
        return new DatabaseOptions(v, busyTimeout, commitHoldLimit, cacheSize, foreignKeys, readOnly, autoCheckpoint, writeSlice);
    }

    public DatabaseOptions withBusyTimeout(Duration v) {
        return new DatabaseOptions(synchronous, v, commitHoldLimit, cacheSize, foreignKeys, readOnly, autoCheckpoint, writeSlice);
    }

    public DatabaseOptions withCommitHoldLimit(Duration v) {
        return new DatabaseOptions(synchronous, busyTimeout, v, cacheSize, foreignKeys, readOnly, autoCheckpoint, writeSlice);
    }

    public DatabaseOptions withCacheSize(int v) {
        return new DatabaseOptions(synchronous, busyTimeout, commitHoldLimit, v, foreignKeys, readOnly, autoCheckpoint, writeSlice);
    }

    public DatabaseOptions withForeignKeys(boolean v) {
        return new DatabaseOptions(synchronous, busyTimeout, commitHoldLimit, cacheSize, v, readOnly, autoCheckpoint, writeSlice);
    }

    public DatabaseOptions withReadOnly(boolean v) {
        return new DatabaseOptions(synchronous, busyTimeout, commitHoldLimit, cacheSize, foreignKeys, v, autoCheckpoint, writeSlice);
    }

    public DatabaseOptions withAutoCheckpoint(int v) {
        return new DatabaseOptions(synchronous, busyTimeout, commitHoldLimit, cacheSize, foreignKeys, readOnly, v, writeSlice);
    }

    public DatabaseOptions withWriteSlice(Duration v) {
        return new DatabaseOptions(synchronous, busyTimeout, commitHoldLimit, cacheSize, foreignKeys, readOnly, autoCheckpoint, v);
    }
}
