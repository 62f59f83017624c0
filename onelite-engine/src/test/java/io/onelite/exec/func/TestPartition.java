package io.onelite.exec.func;

import java.util.List;

/**
 * A partition for tests: rows already sorted by an integer ORDER BY key, frames given as
 * ROWS BETWEEN {@code preceding} PRECEDING AND {@code following} FOLLOWING (negative =
 * UNBOUNDED; RANGE-style peers come from equal keys).
 */
record TestPartition(List<Object[]> rows, long[] keys, int preceding, int following) implements WindowPartition {
    @Override
    public int size() {
        return rows.size();
    }

    @Override
    public Object[] args(int row) {
        return rows.get(row);
    }

    @Override
    public int peerStart(int row) {
        int i = row;
        while (i > 0 && keys[i - 1] == keys[row]) {
            i--;
        }
        return i;
    }

    @Override
    public int peerEnd(int row) {
        int i = row + 1;
        while (i < keys.length && keys[i] == keys[row]) {
            i++;
        }
        return i;
    }

    @Override
    public int frameStart(int row) {
        return preceding < 0 ? 0 : Math.max(0, row - preceding);
    }

    @Override
    public int frameEnd(int row) {
        return following < 0 ? rows.size() : Math.min(rows.size(), row + following + 1);
    }

    @Override
    public boolean startsUnbounded() {
        return preceding < 0;
    }
}
