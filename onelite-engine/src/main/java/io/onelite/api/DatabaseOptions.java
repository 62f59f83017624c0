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
 */
public record DatabaseOptions(Synchronous synchronous, Duration busyTimeout, Duration commitHoldLimit,
                              int cacheSize, boolean foreignKeys, boolean readOnly, int autoCheckpoint) {

    public static final DatabaseOptions DEFAULTS = new DatabaseOptions(Synchronous.FULL, Duration.ofSeconds(5),
            Duration.ofMillis(5000), -2000, false, false, 1000);

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
    }

    public DatabaseOptions withSynchronous(Synchronous v) {
        return new DatabaseOptions(v, busyTimeout, commitHoldLimit, cacheSize, foreignKeys, readOnly, autoCheckpoint);
    }

    public DatabaseOptions withBusyTimeout(Duration v) {
        return new DatabaseOptions(synchronous, v, commitHoldLimit, cacheSize, foreignKeys, readOnly, autoCheckpoint);
    }

    public DatabaseOptions withCommitHoldLimit(Duration v) {
        return new DatabaseOptions(synchronous, busyTimeout, v, cacheSize, foreignKeys, readOnly, autoCheckpoint);
    }

    public DatabaseOptions withCacheSize(int v) {
        return new DatabaseOptions(synchronous, busyTimeout, commitHoldLimit, v, foreignKeys, readOnly, autoCheckpoint);
    }

    public DatabaseOptions withForeignKeys(boolean v) {
        return new DatabaseOptions(synchronous, busyTimeout, commitHoldLimit, cacheSize, v, readOnly, autoCheckpoint);
    }

    public DatabaseOptions withReadOnly(boolean v) {
        return new DatabaseOptions(synchronous, busyTimeout, commitHoldLimit, cacheSize, foreignKeys, v, autoCheckpoint);
    }

    public DatabaseOptions withAutoCheckpoint(int v) {
        return new DatabaseOptions(synchronous, busyTimeout, commitHoldLimit, cacheSize, foreignKeys, readOnly, v);
    }
}
