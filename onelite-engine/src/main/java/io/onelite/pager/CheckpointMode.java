package io.onelite.pager;

/** {@code PRAGMA wal_checkpoint(...)} modes, with SQLite's meanings. */
public enum CheckpointMode {
    /** Copy what no reader needs; never wait. */
    PASSIVE,
    /** Wait (busy timeout) for the write lock and for readers, then copy every frame. */
    FULL,
    /** FULL, then wait until no reader uses the WAL so the next writer restarts it. */
    RESTART,
    /** RESTART, then truncate the WAL file to zero bytes. */
    TRUNCATE
}
