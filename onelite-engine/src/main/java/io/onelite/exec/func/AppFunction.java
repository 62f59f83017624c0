package io.onelite.exec.func;

/**
 * One function a connection registered ({@code sqlite3_create_function_v2} and
 * {@code sqlite3_create_window_function}), as the planner sees it: already adapted to the
 * engine's function types, with SQLite's failures (a {@link io.onelite.common.OneLiteException}
 * with SQLITE_ERROR and the message) raised by the bodies themselves.
 *
 * <p>{@code name} is lower case; {@code argc} is the exact argument count, or -1 for any count.
 * A non-{@code deterministic} function (SQLite's default, without {@code SQLITE_DETERMINISTIC})
 * is never evaluated once for a whole statement and is refused in index expressions, partial
 * index WHERE clauses and generated columns.
 */
public sealed interface AppFunction permits AppFunction.Scalar, AppFunction.Aggregate {
    String name();

    int argc();

    boolean deterministic();

    /** A scalar function ({@code xFunc}). */
    record Scalar(String name, int argc, boolean deterministic, ScalarFunction body) implements AppFunction {
    }

    /**
     * An aggregate ({@code xStep}/{@code xFinal}): {@code body}'s accumulators answer with the
     * final value. {@code window} is non-null for an aggregate window function ({@code xValue}
     * and {@code xInverse} too): its accumulators answer with the current value and support
     * inverse, so OVER may be used with it; a plain aggregate with OVER is refused, as in SQLite.
     */
    record Aggregate(String name, int argc, boolean deterministic, AggregateFunction body, AggregateFunction window)
            implements AppFunction {
    }
}
