package io.onelite.exec.func;

/**
 * A window function evaluated over one whole partition at a time: the built-in window-only
 * functions ({@code row_number, rank, dense_rank, percent_rank, cume_dist, ntile, lag, lead,
 * first_value, last_value, nth_value}) and any aggregate used with OVER
 * ({@link Functions#windowOf(AggregateFunction)}).
 *
 * <p>How the executor drives it: it sorts the partition's rows by the window's ORDER BY,
 * evaluates the function's argument expressions for every row, computes each row's peer group
 * (rows equal under ORDER BY; the whole partition if there is no ORDER BY) and frame (from the
 * frame spec: ROWS/RANGE/GROUPS, bounds and EXCLUDE, as a contiguous range of row indexes), then
 * calls {@link #evaluate} once and takes result {@code i} as the function's value on row {@code i}.
 */
@FunctionalInterface
public interface WindowFunction {
    /**
     * Computes the function for every row of one sorted partition.
     *
     * @return one value per row, in partition order (length {@code partition.size()})
     * @throws io.onelite.common.OneLiteException for SQLite's argument errors, such as
     *         "argument of ntile must be a positive integer"
     */
    Object[] evaluate(WindowPartition partition);
}
