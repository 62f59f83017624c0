package io.onelite.pager;

/**
 * Where a {@link Snapshot}'s pages come from: the in-memory page map of a {@code :memory:}
 * database, or the WAL plus the database file. Implementations hand out shared, immutable page
 * images and never copy them for a reader.
 */
interface PageSource {
    /** The page image of {@code pgno} (already range-checked) as {@code s} sees it. */
    byte[] readPage(Snapshot s, int pgno);

    /** The version identity of {@code pgno} in {@code s} (see {@link PageStore#version}). */
    long pageVersion(Snapshot s, int pgno);

    /** Whether two different (generation, mxFrame) identities hold the same data (a WAL restart). */
    default boolean equivalent(Snapshot a, Snapshot b) {
        return false;
    }
}
