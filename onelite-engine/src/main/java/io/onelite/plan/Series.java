package io.onelite.plan;

import io.onelite.exec.RowIterator;
import io.onelite.exec.ValueOps;

import java.util.List;

/**
 * {@code generate_series(start [, stop [, step]])}, as SQLite's series extension (ext/misc/series.c)
 * that the {@code sqlite3} shell loads: the integers from start to stop by step, column
 * {@code value} and the hidden columns {@code start}, {@code stop} and {@code step}. The arguments
 * are read as integers (text by its numeric prefix, reals truncated); a NULL one gives no rows;
 * stop defaults to 4294967295 and step to 1; a step of 0 counts as 1 and a negative step walks the
 * same values from the last one down. The rows are computed as they are read, never held.
 */
final class Series {
    static final String NAME = "generate_series";
    static final List<String> COLUMNS = List.of("value", "start", "stop", "step");
    /** Which of {@link #COLUMNS} are hidden (left out of {@code *}). */
    static final boolean[] HIDDEN = {false, true, true, true};
    /** The stop when only the start is given, as series.c's. */
    static final long DEFAULT_STOP = 0xffffffffL;

    private Series() {
    }

    /** The rows for the argument values given ({@code args}, one to three of them). */
    static RowIterator rows(Object[] args) {
        for (Object a : args) {
            if (a == null) {
                return empty();
            }
        }
        long start = ValueOps.toInteger(args[0]);
        long stop = args.length > 1 ? ValueOps.toInteger(args[1]) : DEFAULT_STOP;
        long step = args.length > 2 ? ValueOps.toInteger(args[2]) : 1;
        boolean descending = step < 0;
        // |step|, with Long.MIN_VALUE's magnitude kept as an unsigned value; 0 counts as 1
        long stride = step == 0 ? 1 : descending ? -step : step;
        if (start > stop) {
            return empty();
        }
        long span = stop - start; // unsigned: start <= stop
        long last = start + Long.divideUnsigned(span, stride) * stride;
        Long startValue = start;
        Long stopValue = stop;
        Long stepValue = stride;
        return new RowIterator() {
            private long next = descending ? last : start;
            private boolean ended;
            private Object[] row;

            @Override
            public boolean next() {
                if (ended) {
                    return false;
                }
                long v = next;
                if (v == (descending ? start : last)) {
                    ended = true;
                } else {
                    next = descending ? v - stride : v + stride;
                }
                row = new Object[] {v, startValue, stopValue, stepValue};
                return true;
            }

            @Override
            public Object[] row() {
                return row;
            }
        };
    }

    private static RowIterator empty() {
        return RowIterator.of(List.of());
    }
}
