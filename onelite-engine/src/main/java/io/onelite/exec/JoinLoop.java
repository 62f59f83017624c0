package io.onelite.exec;

/**
 * Nested loops over a query level's {@link Level}s, outermost first: each {@link #next} leaves
 * every {@code f.src[slot]} on the next combination of rows that passes the levels' filters.
 * With no levels (SELECT without FROM) it yields one empty combination.
 */
public final class JoinLoop {
    private final Level[] levels;
    private int depth;
    private boolean started;
    private boolean done;
    /** The RIGHT/FULL JOIN level, or -1. */
    private final int rightLevel;
    /** The second phase of a RIGHT/FULL JOIN (its unmatched rows, then the levels after it), or null. */
    private JoinLoop unmatched;

    public JoinLoop(Level[] levels) {
        this.levels = levels;
        int r = -1;
        for (int i = 0; i < levels.length; i++) {
            if (levels[i].isRightJoin()) {
                r = i;
            }
        }
        this.rightLevel = r;
    }

    public void reset() {
        started = false;
        done = false;
        unmatched = null;
    }

    public boolean next(Frame f) {
        if (unmatched != null) {
            return unmatched.next(f);
        }
        if (done) {
            return false;
        }
        if (rightLevel >= 0 && nextMatched(f)) {
            return true;
        }
        if (rightLevel >= 0) {
            // RIGHT/FULL JOIN: the right side's rows no left row matched, with NULLs on the left
            for (int i = 0; i < rightLevel; i++) {
                f.src[levels[i].slot] = RowSource.NULL_ROW;
            }
            Level[] rest = new Level[levels.length - rightLevel];
            rest[0] = levels[rightLevel].unmatchedLevel();
            System.arraycopy(levels, rightLevel + 1, rest, 1, rest.length - 1);
            unmatched = new JoinLoop(rest);
            return unmatched.next(f);
        }
        return nextMatched(f);
    }

    private boolean nextMatched(Frame f) {
        if (done) {
            return false;
        }
        int n = levels.length;
        if (n == 0) {
            done = true;
            return true;
        }
        if (!started) {
            started = true;
            if (rightLevel >= 0) {
                levels[rightLevel].clearMatched();
            }
            depth = 0;
            levels[0].open(f);
        } else {
            depth = n - 1;
        }
        while (true) {
            if (levels[depth].next(f)) {
                if (depth == n - 1) {
                    return true;
                }
                depth++;
                levels[depth].open(f);
            } else {
                if (depth == 0) {
                    done = true;
                    return false;
                }
                depth--;
            }
        }
    }
}
