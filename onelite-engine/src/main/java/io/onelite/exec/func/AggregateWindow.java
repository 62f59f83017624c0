package io.onelite.exec.func;

/**
 * An aggregate used with OVER: evaluates the accumulator over each row's frame. When frames
 * only move forward and the accumulator has an inverse, it slides (step the rows entering,
 * inverse the rows leaving), as SQLite's window.c does with xInverse; otherwise it recomputes.
 */
final class AggregateWindow implements WindowFunction {
    private final AggregateFunction aggregate;

    AggregateWindow(AggregateFunction aggregate) {
        this.aggregate = aggregate;
    }

    @Override
    public Object[] evaluate(WindowPartition p) {
        int n = p.size();
        Object[] out = new Object[n];
        if (p.hasExclusions()) {
            return withExclusions(p);
        }
        AggregateFunction.Accumulator acc = aggregate.start();
        boolean sliding = acc.supportsInverse();
        int curStart = 0;
        int curEnd = 0;
        for (int row = 0; row < n; row++) {
            int fs = p.frameStart(row);
            int fe = Math.max(fs, p.frameEnd(row));
            boolean canSlide = sliding && fs >= curStart && fe >= curEnd;
            if (!canSlide) {
                acc = aggregate.start();
                curStart = fs;
                curEnd = fs;
            }
            if (fs <= curEnd) {
                // as window.c: rows leave the frame (xInverse) before new rows enter it (xStep);
                // the order matters to floating-point sums
                while (curStart < fs) {
                    acc.inverse(p.args(curStart++).clone());
                }
                while (curEnd < fe) {
                    acc.step(p.args(curEnd++).clone());
                }
            } else {
                // a frame ahead of the last one (n FOLLOWING starts, from the partition's first
                // row on): window.c's end cursor steps the rows in between before its start
                // cursor inverses them, so a REAL passing through still makes sum() a REAL
                while (curEnd < fe) {
                    acc.step(p.args(curEnd++).clone());
                }
                while (curStart < fs) {
                    acc.inverse(p.args(curStart++).clone());
                }
            }
            out[row] = acc.value();
        }
        return out;
    }

    /** Frames with holes (EXCLUDE ...): each row's frame is aggregated afresh. */
    private Object[] withExclusions(WindowPartition p) {
        int n = p.size();
        Object[] out = new Object[n];
        for (int row = 0; row < n; row++) {
            AggregateFunction.Accumulator acc = aggregate.start();
            for (int k = p.frameStart(row); k < p.frameEnd(row); k++) {
                if (!p.isExcluded(row, k)) {
                    acc.step(p.args(k).clone());
                }
            }
            out[row] = acc.value();
        }
        return out;
    }
}
