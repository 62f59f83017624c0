package io.onelite.exec;

/**
 * The result rows of one query core: a subclass's {@link #next} puts the frame on its next row
 * (a join combination, a group, a window row) and ends with {@link #emit}, which evaluates the
 * outputs against the frame into a new row. The subclass implements {@code next} itself rather
 * than a "move" method this class would call, so each row costs one call, as a hand-written
 * iterator: {@link #emit} is final and binds statically.
 */
abstract class OutputRows implements RowIterator {
    private final Frame f;
    private final Eval[] outputs;
    private Object[] row;

    OutputRows(Frame f, Eval[] outputs) {
        this.f = f;
        this.outputs = outputs;
    }

    /** Evaluates the outputs on the frame's current row, which becomes {@link #row}; always true. */
    final boolean emit() {
        row = Eval.all(outputs, f);
        return true;
    }

    @Override
    public final Object[] row() {
        return row;
    }
}
