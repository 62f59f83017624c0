package io.onelite.api;

import io.onelite.common.BeginMode;

/**
 * One connection to a database ({@code sqlite3*}): it prepares and runs statements and holds
 * at most one open transaction. A session is used by one thread at a time; many sessions of one
 * {@code Database} run in parallel.
 *
 * <p>Failures are {@link io.onelite.common.OneLiteException}s carrying SQLite's result code.
 */
public interface Session extends AutoCloseable {

    /**
     * Compiles the first SQL statement in {@code sql} ({@code sqlite3_prepare_v2}).
     * {@link Statement#tail()} returns the text after it. Text with no statement (only
     * whitespace, comments or semicolons) yields a statement whose {@link Statement#isEmpty()}
     * is true.
     */
    Statement prepare(String sql);

    /** Runs every statement in {@code sql}, discarding rows ({@code sqlite3_exec}). */
    void execute(String sql);

    /**
     * Whether no explicit transaction is open ({@code sqlite3_get_autocommit}): true before a
     * {@code BEGIN} and after its {@code COMMIT}/{@code ROLLBACK}.
     */
    boolean isAutoCommit();

    /** The mode of the open explicit transaction, or null when in auto-commit mode. */
    BeginMode transactionMode();

    /** {@code last_insert_rowid()}. */
    long lastInsertRowid();

    /** Rows changed by the last INSERT, UPDATE or DELETE ({@code changes()}). */
    long changes();

    /** Rows changed since the session opened ({@code total_changes()}). */
    long totalChanges();

    /** {@code PRAGMA busy_timeout}, in milliseconds. */
    void setBusyTimeoutMillis(long millis);

    long busyTimeoutMillis();

    /** Stops the statement running on this session; it fails with {@code SQLITE_INTERRUPT}. Any thread may call it. */
    void interrupt();

    /** The options this session was opened with. */
    DatabaseOptions options();

    /** Rolls back an open transaction and releases the session's resources. */
    @Override
    void close();
}
