package io.onelite.exec;

/**
 * The evaluation state of one query level: the current row of each FROM source (by slot), the
 * enclosing query's frame (for correlated subqueries) and the execution context.
 */
public final class Frame {
    public final ExecContext ctx;
    public final Frame outer;
    public final RowSource[] src;
    /** Values of the current group (aggregate results and saved bare columns), when grouping. */
    public Object[] group;
    /** Values of the current row's window functions. */
    public Object[] window;

    public Frame(ExecContext ctx, Frame outer, int sources) {
        this.ctx = ctx;
        this.outer = outer;
        this.src = new RowSource[sources];
    }

    /** The frame {@code depth} levels out (0 = this one). */
    public Frame up(int depth) {
        Frame f = this;
        for (int i = 0; i < depth; i++) {
            f = f.outer;
        }
        return f;
    }
}
