package io.onelite.plan;

import java.util.Arrays;

/**
 * The rowids an UPDATE's first pass collects, unboxed: a statement over many rows keeps one long
 * per row, not an object the garbage collector then copies while the second pass runs.
 */
final class RowidList {
    private long[] rowids = new long[16];
    private int size;

    void add(long rowid) {
        if (size == rowids.length) {
            rowids = Arrays.copyOf(rowids, size * 2);
        }
        rowids[size++] = rowid;
    }

    int size() {
        return size;
    }

    long get(int i) {
        if (i >= size) {
            throw new IndexOutOfBoundsException(i);
        }
        return rowids[i];
    }

    /** Ascending, the order SQLite's two-pass UPDATE reads its rows back in. */
    void sort() {
        Arrays.sort(rowids, 0, size);
    }
}
