package io.onelite.exec;

/**
 * Nested loops over a query level's {@link Level}s, outermost first: each {@link #next} leaves
 * every {@code f.src[slot]} on the next combination of rows that passes the levels' filters.
 * With no levels (SELECT without FROM) it yields one empty combination.
 *
 * <p>RIGHT and FULL JOINs work as in SQLite: the loops run as for a LEFT/inner join while each
 * RIGHT/FULL level records the rows its ON terms matched; then, for each such level in FROM
 * order, a further phase walks that level's unmatched rows with every level before it on its
 * NULL row, and runs the levels after it inside (so a later RIGHT JOIN level keeps recording
 * what those rows match, and its own phase comes after).
 */
public final class JoinLoop {
    private final Level[] levels;
    /** The RIGHT/FULL JOIN levels, ascending. */
    private final int[] rightLevels;
    /** 0: the main loops; k: the unmatched rows of {@code rightLevels[k - 1]}. */
    private int phase;
    /** The loops of the current phase, or null before the first {@link #next}. */
    private Nest nest;

    public JoinLoop(Level[] levels) {
        this.levels = levels;
        int n = 0;
        for (Level l : levels) {
            n += l.isRightJoin() ? 1 : 0;
        }
        rightLevels = new int[n];
        for (int i = 0, k = 0; i < levels.length; i++) {
            if (levels[i].isRightJoin()) {
                rightLevels[k++] = i;
            }
        }
    }

    public void reset() {
        phase = 0;
        nest = null;
    }

    public boolean next(Frame f) {
        if (nest == null) {
            for (int r : rightLevels) {
                levels[r].clearMatched();
            }
            nest = new Nest(levels);
        }
        while (true) {
            if (nest.next(f)) {
                return true;
            }
            if (phase == rightLevels.length) {
                return false;
            }
            int r = rightLevels[phase++];
            for (int i = 0; i < r; i++) {
                levels[i].nullRow(f);
            }
            Level[] rest = new Level[levels.length - r];
            rest[0] = levels[r].unmatchedLevel();
            System.arraycopy(levels, r + 1, rest, 1, rest.length - 1);
            nest = new Nest(rest);
        }
    }

    /** Plain nested loops over some levels. */
    private static final class Nest {
        private final Level[] levels;
        private int depth;
        private boolean started;
        private boolean done;

        Nest(Level[] levels) {
            this.levels = levels;
        }

        boolean next(Frame f) {
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
}
