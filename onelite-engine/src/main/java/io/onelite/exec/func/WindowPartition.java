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

    /** First row of the row's peer group (rows equal under ORDER BY). */
    int peerStart(int row);

    /** One past the last row of the row's peer group. */
    int peerEnd(int row);

    /** First row of the row's frame; {@code frameStart == frameEnd} for an empty frame. */
    int frameStart(int row);

    /** One past the last row of the row's frame. */
    int frameEnd(int row);

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
