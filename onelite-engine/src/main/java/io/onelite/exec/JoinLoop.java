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

    public JoinLoop(Level[] levels) {
        this.levels = levels;
    }

    public void reset() {
        started = false;
        done = false;
    }

    public boolean next(Frame f) {
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
