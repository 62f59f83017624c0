package io.onelite.wal;

/** SQLite's checkpoint modes (0..3). */
public enum WalCheckpointMode {
    PASSIVE, FULL, RESTART, TRUNCATE
}
