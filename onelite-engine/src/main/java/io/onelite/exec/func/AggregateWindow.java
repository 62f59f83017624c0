package io.onelite.exec.func;

/**
 * An aggregate used with OVER: evaluates the accumulator over each row's frame. A frame that only
 * grows at its end (UNBOUNDED PRECEDING, the default) steps the rows entering it; one that moves
 * forward slides when the accumulator has an inverse (step the rows entering, inverse the rows
 * leaving), as SQLite's window.c does with xInverse; otherwise each frame is recomputed.
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
        AggregateFunction.Accumulator acc = start(p);
        boolean sliding = acc.supportsInverse();
        int curStart = 0;
        int curEnd = 0;
        for (int row = 0; row < n; row++) {
            int fs = p.frameStart(row);
            int fe = Math.max(fs, p.frameEnd(row));
            // a frame that only grew needs no inverse: a running min() is linear, not quadratic
            boolean canSlide = fe >= curEnd && (fs == curStart || (sliding && fs > curStart));
            if (!canSlide) {
                acc = start(p);
                curStart = fs;
                curEnd = fs;
            }
            while (curEnd < fe) {
                while (curStart < fs && curStart < curEnd && p.inversesBeforeStep(curStart, curEnd)) {
                    inverse(acc, p, curStart++);
                }
                step(acc, p, curEnd++);
            }
            while (curStart < fs) {
                inverse(acc, p, curStart++);
            }
            out[row] = acc.value();
        }
        return out;
    }

    /**
     * Frames with holes (EXCLUDE ...): each row's frame is aggregated afresh, by the plain
     * accumulator (SQLite's full scan steps min() and max() as aggregates: the first of equals).
     */
    private Object[] withExclusions(WindowPartition p) {
        int n = p.size();
        Object[] out = new Object[n];
        for (int row = 0; row < n; row++) {
            AggregateFunction.Accumulator acc = aggregate.start();
            for (int k = p.frameStart(row); k < p.frameEnd(row); k++) {
                if (!p.isExcluded(row, k)) {
                    step(acc, p, k);
                }
            }
            out[row] = acc.value();
        }
        return out;
    }

    private static void step(AggregateFunction.Accumulator acc, WindowPartition p, int row) {
        if (!p.filteredOut(row)) {
            acc.step(p.args(row).clone());
        }
    }

    private static void inverse(AggregateFunction.Accumulator acc, WindowPartition p, int row) {
        if (!p.filteredOut(row)) {
            acc.inverse(p.args(row).clone());
        }
    }

    private AggregateFunction.Accumulator start(WindowPartition p) {
        return p.startsUnbounded() ? aggregate.start() : aggregate.startForMovingFrame();
    }
}
