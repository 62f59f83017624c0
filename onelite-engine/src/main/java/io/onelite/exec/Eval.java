package io.onelite.exec;

/**
 * A compiled expression: a closure over pre-resolved slots, evaluated once per row with no walk
 * over the AST. Returns a plain value (null, Long, Double, String, byte[]).
 */
@FunctionalInterface
public interface Eval {
    Object eval(Frame f);

    /**
     * This expression's value on the frame's row compared with the integer {@code k} without
     * making the value, as {@link RowSource#compareInteger}: a column of a row source reads it in
     * the record; {@code RecordReader.COMPARE_OTHER} (compare {@link #eval}'s value instead) by
     * default.
     */
    default int compareInteger(Frame f, long k) {
        return io.onelite.btree.RecordReader.COMPARE_OTHER;
    }

    /** Evaluates every one of {@code evals} on the frame's current row, in order. */
    static Object[] all(Eval[] evals, Frame f) {
        Object[] r = new Object[evals.length];
        for (int i = 0; i < r.length; i++) {
            r[i] = evals[i].eval(f);
        }
        return r;
    }
}
