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

    /**
     * Registers an application-defined SQL function on this session only
     * ({@code sqlite3_create_function_v2}; see {@link UserFunction} for values and errors).
     * It replaces this session's function of the same name and argument count, and hides a
     * built-in of that name: for a call, an exact argument count wins over -1, and either over
     * the built-ins. Statements prepared earlier compile again before their next run, and so do
     * the views, triggers and CHECK constraints they use. Other sessions never see the function:
     * there a call fails with "no such function".
     *
     * @throws io.onelite.common.OneLiteException SQLITE_BUSY when it would replace a function
     *         while a statement of this session is running (stepped and not yet reset), as SQLite
     */
    void createFunction(FunctionDefinition definition);

    /** {@link #createFunction} of a scalar function. */
    default void createFunction(String name, int nArgs, boolean deterministic, UserFunction.Scalar f) {
        createFunction(FunctionDefinition.scalar(name, nArgs, deterministic, f));
    }

    /** {@link #createFunction} of an aggregate function (not usable with OVER, as in SQLite). */
    default void createAggregateFunction(String name, int nArgs, boolean deterministic, UserFunction.Aggregate f) {
        createFunction(FunctionDefinition.aggregate(name, nArgs, deterministic, f));
    }

    /** {@link #createFunction} of an aggregate window function (with or without OVER). */
    default void createWindowFunction(String name, int nArgs, boolean deterministic, UserFunction.Window f) {
        createFunction(FunctionDefinition.window(name, nArgs, deterministic, f));
    }

    /**
     * Removes this session's function registered with exactly this name and argument count
     * (-1 removes the one for any count); a built-in it hid is visible again. Returns false,
     * changing nothing, when there is none.
     *
     * @throws io.onelite.common.OneLiteException SQLITE_BUSY while a statement of this session is running
     */
    boolean removeFunction(String name, int nArgs);

    /**
     * Gives this session the table-valued function {@code generate_series(start [, stop [,
     * step]])}, as the {@code sqlite3} shell loads SQLite's series extension on its connections
     * (the SQLite library itself has none, so neither has sqlite-jdbc, nor a session until this
     * is called). The OneLite shell calls it. See docs/compat.md.
     */
    void addGenerateSeries();

    /** Rolls back an open transaction and releases the session's resources. */
    @Override
    void close();
}
