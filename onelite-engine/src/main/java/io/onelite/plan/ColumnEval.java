package io.onelite.plan;

import io.onelite.exec.Eval;
import io.onelite.exec.Frame;

/**
 * Reads column {@code col} of the row in slot {@code slot} of the frame: a column reference of
 * the query's own FROM clause. A type of its own so that a comparison with a constant can see it
 * and compare the column in its record ({@link Comparisons#comparison}).
 */
record ColumnEval(int slot, int col) implements Eval {
    @Override
    public Object eval(Frame f) {
        return f.src[slot].column(col);
    }

    @Override
    public int compareInteger(Frame f, long k) {
        return f.src[slot].compareInteger(col, k);
    }
}
