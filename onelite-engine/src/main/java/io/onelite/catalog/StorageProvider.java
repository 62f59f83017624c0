package io.onelite.catalog;

import io.onelite.common.BeginMode;
import io.onelite.pager.LastCheckpoint;
import io.onelite.tx.TxStats;

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

    /** Counters of this database's transactions in this JVM. */
    TxStats txStats();

    /** Frames in the WAL not yet checkpointed (0 without a WAL). */
    default int walFrames() {
        return 0;
    }

    /** The last checkpoint this JVM ran on the file, or null. */
    default LastCheckpoint lastCheckpoint() {
        return null;
    }

    @Override
    void close();
}
