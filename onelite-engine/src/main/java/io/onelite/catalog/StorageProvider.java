package io.onelite.catalog;

import io.onelite.common.BeginMode;

import java.time.Duration;

/** Opens transactions on one database (a file's pager, or the in-memory stand-in). */
public interface StorageProvider extends AutoCloseable {
    TxStorage begin(BeginMode mode, Duration busyTimeout);

    @Override
    void close();
}
