package io.onelite.exec.func;

/**
 * One partition as a {@link WindowFunction} sees it: rows {@code 0 .. size()-1} in window
 * ORDER BY order. All ranges are half-open {@code [start, end)} row indexes. Implemented by the
 * executor (and by tests).
 */
public interface WindowPartition {
    /** Number of rows in the partition. */
    int size();

    /** The function's argument values on a row (the executor may reuse the array). */
    Object[] args(int row);

    /**
     * Whether an aggregate's FILTER clause leaves the row out: it is then neither stepped into
     * nor inversed out of any frame. Functions that are not aggregates take no FILTER.
     */
    default boolean filteredOut(int row) {
        return false;
    }

    /** First row of the row's peer group (rows equal under ORDER BY). */
    int peerStart(int row);

    /** One past the last row of the row's peer group. */
    int peerEnd(int row);

    /** First row of the row's frame; {@code frameStart == frameEnd} for an empty frame. */
    int frameStart(int row);

    /** One past the last row of the row's frame. */
    int frameEnd(int row);

    /**
     * Whether the frame spec starts at UNBOUNDED PRECEDING (the default frame does): the frame then
     * only grows, and min()/max() keep the first of equal extremes (see
     * {@link AggregateFunction#startForMovingFrame()}).
     */
    boolean startsUnbounded();

    /**
     * In SQLite's order of xStep and xInverse calls, whether row {@code leaving}, which is leaving
     * the frame, is inversed before row {@code entering} is stepped. True by default: rows leave
     * before rows enter. In window.c a ROWS or GROUPS frame starting n FOLLOWING steps and
     * inverses in turn (row or group {@code j} leaves once the one {@code width - 1} after it
     * entered), and a RANGE frame starting n FOLLOWING or ending n PRECEDING steps first. The
     * order shows in floating-point sums, in group_concat's cuts and to application window
     * functions. Only rows already stepped are asked about.
     */
    default boolean inversesBeforeStep(int leaving, int entering) {
        return true;
    }

    /**
     * Whether the frame spec has an EXCLUDE clause other than NO OTHERS; if so, functions ask
     * {@link #isExcluded} for every row of {@code [frameStart, frameEnd)}.
     */
    default boolean hasExclusions() {
        return false;
    }

    /**
     * Whether {@code candidate}, inside {@code row}'s frame range, is left out of that frame by
     * EXCLUDE CURRENT ROW / GROUP / TIES.
     */
    default boolean isExcluded(int row, int candidate) {
        return false;
    }
}
