package io.onelite.exec.func;

/**
 * An aggregate SQL function ({@code sum}, {@code group_concat}, ...). The executor calls
 * {@link #start()} once per group (or per window partition), {@link Accumulator#step} once per
 * row that reaches the aggregate (after DISTINCT and FILTER, in ORDER BY order, which the
 * executor handles), and {@link Accumulator#value()} for the result. {@code count(*)} is
 * registered with zero arguments and gets an empty argument array per row.
 */
@FunctionalInterface
public interface AggregateFunction {
    Accumulator start();

    /**
     * The accumulator for a window frame whose start is not UNBOUNDED PRECEDING (rows leave it as
     * well as enter it). The same as {@link #start()} but for min() and max(), which SQLite's
     * window.c computes there through an index of the frame's values: among values equal to the
     * least (greatest) it returns the one that entered the frame last, where the plain aggregate
     * keeps the first ({@code -0.0} and {@code 0.0}, {@code 1} and {@code 1.0}, or 'a' and 'A' under
     * NOCASE tell them apart).
     */
    default Accumulator startForMovingFrame() {
        return start();
    }

    /** Running state of one group. Not thread-safe. */
    interface Accumulator {
        /** Adds one row's arguments. Throws OneLiteException for SQLite's errors (integer overflow). */
        void step(Object[] args);

        /**
         * Removes one row previously added by {@link #step}, oldest first, as SQLite's
         * {@code xInverse} for sliding window frames. Throws UnsupportedOperationException if
         * {@link #supportsInverse()} is false; the executor then recomputes the frame.
         */
        default void inverse(Object[] args) {
            throw new UnsupportedOperationException("no inverse");
        }

        /** Whether {@link #inverse} is implemented. */
        default boolean supportsInverse() {
            return false;
        }

        /**
         * The current result; may be called more than once (window functions call it after
         * every row) and must not change the state.
         */
        Object value();
    }
}
