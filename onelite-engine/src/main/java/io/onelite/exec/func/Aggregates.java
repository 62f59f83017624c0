package io.onelite.exec.func;

import io.onelite.btree.Collation;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.exec.value.SqlValues;

import java.util.ArrayDeque;

/**
 * Built-in aggregates of SQLite's func.c: count, sum, total, avg (with SQLite's
 * Kahan-Babuska-Neumaier summation and "integer overflow" error), min, max, group_concat,
 * string_agg. Each supports {@code inverse} where SQLite's has an xInverse (all but min/max).
 */
final class Aggregates {
    private Aggregates() {
    }

    static void register(Functions.Registry r) {
        r.aggregate("count", 0, CountStar::new);
        r.aggregate("count", 1, Count::new);
        r.aggregate("sum", 1, () -> new Sum(Sum.Kind.SUM));
        r.aggregate("total", 1, () -> new Sum(Sum.Kind.TOTAL));
        r.aggregate("avg", 1, () -> new Sum(Sum.Kind.AVG));
        r.aggregate("max", 1, minMax(Collation.BINARY, true));
        r.aggregate("min", 1, minMax(Collation.BINARY, false));
        r.aggregate("group_concat", 1, () -> new GroupConcat(false));
        r.aggregate("group_concat", 2, () -> new GroupConcat(true));
        r.aggregate("string_agg", 2, () -> new GroupConcat(true));
    }

    /** min(x)/max(x) comparing text with {@code collation}. */
    static AggregateFunction minMax(Collation collation, boolean max) {
        return new AggregateFunction() {
            @Override
            public Accumulator start() {
                return new MinMax(collation, max);
            }

            @Override
            public Accumulator startForMovingFrame() {
                return new MovingMinMax(collation, max);
            }
        };
    }

    static final class CountStar implements AggregateFunction.Accumulator {
        private long n;

        @Override public void step(Object[] args) { n++; }
        @Override public void inverse(Object[] args) { n--; }
        @Override public boolean supportsInverse() { return true; }
        @Override public Object value() { return n; }
    }

    static final class Count implements AggregateFunction.Accumulator {
        private long n;

        @Override public void step(Object[] args) {
            if (args[0] != null) {
                n++;
            }
        }

        @Override public void inverse(Object[] args) {
            if (args[0] != null) {
                n--;
            }
        }

        @Override public boolean supportsInverse() { return true; }
        @Override public Object value() { return n; }
    }

    /** sum/total/avg as SQLite's SumCtx: exact INTEGER sum until a REAL or an overflow appears. */
    static final class Sum implements AggregateFunction.Accumulator {
        enum Kind { SUM, TOTAL, AVG }

        private final Kind kind;
        private double rSum;
        private double rErr;
        private long iSum;
        private long cnt;
        private boolean approx;
        private boolean overflow;

        Sum(Kind kind) {
            this.kind = kind;
        }

        private static final long KBN_LIMIT = 4503599627370496L;

        private void kbnStep(double r) {
            double s = rSum;
            double t = s + r;
            if (Math.abs(s) > Math.abs(r)) {
                rErr += (s - t) + r;
            } else {
                rErr += (r - t) + s;
            }
            rSum = t;
        }

        private void kbnStepInt(long v) {
            if (v <= -KBN_LIMIT || v >= KBN_LIMIT) {
                long small = v % 16384;
                kbnStep((double) (v - small));
                kbnStep((double) small);
            } else {
                kbnStep((double) v);
            }
        }

        private void kbnInit(long v) {
            if (v <= -KBN_LIMIT || v >= KBN_LIMIT) {
                long small = v % 16384;
                rSum = (double) (v - small);
                rErr = (double) small;
            } else {
                rSum = (double) v;
                rErr = 0.0;
            }
        }

        @Override
        public void step(Object[] args) {
            Object v = args[0];
            if (v == null) {
                return;
            }
            v = SqlValues.numericIfWhole(v);
            boolean isInt = v instanceof Long;
            cnt++;
            if (!approx) {
                if (!isInt) {
                    kbnInit(iSum);
                    approx = true;
                    kbnStep(SqlValues.toReal(v));
                } else {
                    long x = SqlValues.toInteger(v);
                    long r = iSum + x;
                    if (((iSum ^ r) & (x ^ r)) >= 0) {
                        iSum = r;
                    } else {
                        overflow = true;
                        kbnInit(iSum);
                        approx = true;
                        kbnStepInt(x);
                    }
                }
            } else if (isInt) {
                kbnStepInt(SqlValues.toInteger(v));
            } else {
                overflow = false;
                kbnStep(SqlValues.toReal(v));
            }
        }

        @Override
        public void inverse(Object[] args) {
            Object v = args[0];
            if (v == null) {
                return;
            }
            v = SqlValues.numericIfWhole(v);
            boolean isInt = v instanceof Long;
            cnt--;
            if (!approx) {
                long x = SqlValues.toInteger(v);
                long r = iSum - x;
                if (((iSum ^ x) & (iSum ^ r)) < 0) {
                    overflow = true;
                    approx = true;
                }
                iSum = r;
            } else if (isInt) {
                long x = SqlValues.toInteger(v);
                if (x != Long.MIN_VALUE) {
                    kbnStepInt(-x);
                } else {
                    kbnStepInt(Long.MAX_VALUE);
                    kbnStepInt(1);
                }
            } else {
                kbnStep(-SqlValues.toReal(v));
            }
        }

        @Override public boolean supportsInverse() { return true; }

        private double approxValue() {
            return Double.isInfinite(rErr) || Double.isNaN(rErr) ? rSum : rSum + rErr;
        }

        /** A NaN result (inf - inf) is NULL, as sqlite3_result_double makes it. */
        private static Object real(double r) {
            return Double.isNaN(r) ? null : (Object) r;
        }

        @Override
        public Object value() {
            switch (kind) {
                case SUM:
                    if (cnt == 0) {
                        return null;
                    }
                    if (approx) {
                        if (overflow) {
                            throw new OneLiteException(ResultCode.ERROR, "integer overflow");
                        }
                        return real(approxValue());
                    }
                    return iSum;
                case TOTAL:
                    return real(approx ? approxValue() : (double) iSum);
                default:
                    if (cnt == 0) {
                        return null;
                    }
                    double r = approx ? approxValue() : (double) iSum;
                    return real(r / (double) cnt);
            }
        }
    }

    static final class MinMax implements AggregateFunction.Accumulator {
        private final Collation collation;
        private final boolean max;
        private Object best;
        /** Whether best carries the JSON subtype, which SQLite's min()/max() hand on with it. */
        private boolean json;

        MinMax(Collation collation, boolean max) {
            this.collation = collation;
            this.max = max;
        }

        @Override
        public void step(Object[] args) {
            Object v = args[0];
            if (v == null) {
                return;
            }
            if (best == null) {
                keep(v);
                return;
            }
            int cmp = SqlValues.compare(best, v, collation);
            if ((max && cmp < 0) || (!max && cmp > 0)) {
                keep(v);
            }
        }

        private void keep(Object v) {
            best = v;
            json = JsonSubtype.isJson(v); // asked now: the mark is only kept for recent values
        }

        @Override
        public Object value() {
            return json ? JsonSubtype.mark((String) best) : best;
        }
    }

    /**
     * min(x)/max(x) over a window frame whose start moves: the least (greatest) value of the rows
     * in the frame, and of equal ones the last to enter it, as the index of frame values that
     * SQLite's window.c keeps for them (ordered by value, then by entry). A monotonic queue: each
     * value is kept while no later one is at least as small (large), so the head is the answer and
     * each row enters and leaves it once. Rows leave oldest first ({@link #inverse}).
     */
    static final class MovingMinMax implements AggregateFunction.Accumulator {
        private record Entry(Object value, long seq) {
        }

        private final Collation collation;
        private final boolean max;
        private final ArrayDeque<Entry> queue = new ArrayDeque<>();
        /** Rows stepped and rows inversed so far (NULLs included): row k is the k-th stepped. */
        private long stepped;
        private long removed;

        MovingMinMax(Collation collation, boolean max) {
            this.collation = collation;
            this.max = max;
        }

        @Override
        public void step(Object[] args) {
            long seq = stepped++;
            Object v = args[0];
            if (v == null) {
                return;
            }
            while (!queue.isEmpty()) {
                int cmp = SqlValues.compare(queue.peekLast().value(), v, collation);
                if (max ? cmp > 0 : cmp < 0) {
                    break;
                }
                queue.pollLast(); // v is as good and newer: the older one can never be the answer
            }
            queue.addLast(new Entry(v, seq));
        }

        @Override
        public void inverse(Object[] args) {
            removed++;
            while (!queue.isEmpty() && queue.peekFirst().seq() < removed) {
                queue.pollFirst();
            }
        }

        @Override
        public boolean supportsInverse() {
            return true;
        }

        @Override
        public Object value() {
            return queue.isEmpty() ? null : queue.peekFirst().value();
        }
    }

    /**
     * group_concat/string_agg: values with the separator given on their own row, in order. The text
     * is kept whole, as SQLite's StrAccum: a row leaving a sliding frame takes its value and the
     * separator after it off the front, so each row's result costs its length, not its row count.
     * (SQLite cuts by its own count of separator bytes, which goes wrong once the text has been
     * empty, a frame of only '' values: docs/compat.md; this keeps each value's own separator.)
     */
    static final class GroupConcat implements AggregateFunction.Accumulator {
        private final boolean hasSeparator;
        private final StringBuilder text = new StringBuilder();
        /** Per value in the text, oldest first from {@code head}: its separator's and its own length. */
        private int[] sepLengths = new int[8];
        private int[] valueLengths = new int[8];
        private int head;
        private int count;

        GroupConcat(boolean hasSeparator) {
            this.hasSeparator = hasSeparator;
        }

        @Override
        public void step(Object[] args) {
            if (args[0] == null) {
                return;
            }
            String sep = ",";
            if (hasSeparator) {
                sep = args[1] == null ? "" : SqlValues.toText(args[1]);
            }
            String value = SqlValues.toText(args[0]);
            if (head + count == valueLengths.length) {
                makeRoom();
            }
            if (count > 0) {
                text.append(sep); // the first value has no separator before it
            }
            text.append(value);
            sepLengths[head + count] = sep.length();
            valueLengths[head + count] = value.length();
            count++;
        }

        @Override
        public void inverse(Object[] args) {
            if (args[0] == null || count == 0) {
                return;
            }
            int cut = valueLengths[head];
            head++;
            count--;
            if (count > 0) {
                cut += sepLengths[head]; // the next value becomes the first: its separator goes too
            }
            text.delete(0, cut);
        }

        @Override public boolean supportsInverse() { return true; }

        @Override
        public Object value() {
            return count == 0 ? null : text.toString();
        }

        private void makeRoom() {
            if (head > 0 && count < valueLengths.length / 2) {
                System.arraycopy(sepLengths, head, sepLengths, 0, count);
                System.arraycopy(valueLengths, head, valueLengths, 0, count);
            } else {
                sepLengths = java.util.Arrays.copyOfRange(sepLengths, head, head + valueLengths.length * 2);
                valueLengths = java.util.Arrays.copyOfRange(valueLengths, head, head + valueLengths.length * 2);
            }
            head = 0;
        }
    }
}
