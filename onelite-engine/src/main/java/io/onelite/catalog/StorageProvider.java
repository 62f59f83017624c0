package io.onelite.catalog;

import io.onelite.common.BeginMode;

import java.time.Duration;

/** Opens transactions on one database (a file's pager, or the in-memory stand-in). */
public interface StorageProvider extends AutoCloseable {
    TxStorage begin(BeginMode mode, Duration busyTimeout);

    /**
     * PRAGMA wal_checkpoint(mode): {busy (0/1), frames in the WAL, frames checkpointed}; mode is
     * PASSIVE, FULL, RESTART or TRUNCATE. Stores without a WAL report {0, -1, -1}.
     */
    default long[] checkpoint(String mode) {
        return new long[]{0, -1, -1};
    }

    @Override
    void close();
}
