package io.onelite.exec.func;

import io.onelite.common.OneLiteException;

import java.util.Arrays;
import java.util.Locale;

/**
 * median(Y), percentile(Y, P), percentile_cont(Y, P) and percentile_disc(Y, P): SQLite's
 * percentile extension (ext/misc/percentile.c), built into the SQLite that sqlite-jdbc ships
 * and into the {@code sqlite3} shell since 3.47. Aggregates and window functions (with an
 * inverse). Y must be a number (NULLs are skipped); P is the same for every row, 0-100 for
 * percentile() and 0-1 for the others; the result is a REAL interpolated between the two nearest
 * values (percentile_disc: the lower one), or NULL without values.
 */
final class Percentiles {
    private Percentiles() {
    }

    /** One function of the family: its name, the largest fraction it takes, and whether it interpolates. */
    private record Kind(String name, int maxFraction, boolean discrete) {
        /** The error {@code format} names this function in (SQLite's percentError). */
        OneLiteException error(String format) {
            return Args.error(String.format(Locale.ROOT, format, name, (double) maxFraction));
        }
    }

    private static final Kind MEDIAN = new Kind("median", 1, false);
    private static final Kind PERCENTILE = new Kind("percentile", 100, false);
    private static final Kind CONT = new Kind("percentile_cont", 1, false);
    private static final Kind DISC = new Kind("percentile_disc", 1, true);

    static void register(Functions.Registry r) {
        r.aggregate("median", 1, () -> new Percentile(MEDIAN));
        r.aggregate("percentile", 2, () -> new Percentile(PERCENTILE));
        r.aggregate("percentile_cont", 2, () -> new Percentile(CONT));
        r.aggregate("percentile_disc", 2, () -> new Percentile(DISC));
    }

    /** The names of the family (listed with flags 0 by PRAGMA function_list, as SQLite does). */
    static boolean isPercentile(String lowerName) {
        return lowerName.equals("median") || lowerName.startsWith("percentile");
    }

    static final class Percentile implements AggregateFunction.Accumulator {
        private final Kind kind;
        private boolean fractionSet;
        private double fraction;
        private double[] values = new double[16];
        private int count;
        private boolean sorted = true;

        Percentile(Kind kind) {
            this.kind = kind;
        }

        @Override
        public void step(Object[] args) {
            double pct = args.length == 1 ? 0.5 : fraction(args[1]);
            if (!fractionSet) {
                fraction = pct;
                fractionSet = true;
            } else if (!(Math.abs(fraction - pct) <= 0.001)) {
                throw kind.error("the fraction argument to %s() is not the same for all input rows");
            }
            Object y = args[0];
            if (y == null) {
                return;
            }
            if (!(y instanceof Long) && !(y instanceof Double)) {
                throw kind.error("input to %s() is not numeric");
            }
            double v = Args.real(y);
            if (Double.isInfinite(v)) {
                throw kind.error("Inf input to %s()");
            }
            if (count == values.length) {
                values = Arrays.copyOf(values, count * 2);
            }
            if (count > 0 && v < values[count - 1]) {
                sorted = false;
            }
            values[count++] = v;
        }

        /** P as a fraction 0..1, or the error SQLite gives for it. */
        private double fraction(Object p) {
            Object n = Args.numericOrNull(p);
            double pct = n == null ? 0 : Args.real(n) / kind.maxFraction();
            if (n == null || pct < 0.0 || pct > 1.0 || Double.isNaN(pct)) {
                throw kind.error("the fraction argument to %s() is not between 0.0 and %.1f");
            }
            return pct;
        }

        @Override
        public void inverse(Object[] args) {
            Object y = args[0];
            if (!(y instanceof Long) && !(y instanceof Double)) {
                return;
            }
            double v = Args.real(y);
            if (Double.isInfinite(v)) {
                return;
            }
            sort();
            int i = find(v);
            if (i >= 0) {
                System.arraycopy(values, i + 1, values, i, count - i - 1);
                count--;
            }
        }

        /** The index of a value equal to {@code v} (as C compares: -0.0 equals 0.0), or -1. */
        private int find(double v) {
            int lo = 0;
            int hi = count - 1;
            while (lo <= hi) {
                int mid = (lo + hi) >>> 1;
                double x = values[mid];
                if (x < v) {
                    lo = mid + 1;
                } else if (x > v) {
                    hi = mid - 1;
                } else {
                    return mid;
                }
            }
            return -1;
        }

        private void sort() {
            if (!sorted) {
                quicksort(values, 0, count);
                sorted = true;
            }
        }

        /**
         * Sorts {@code a[from, from + n)} with the quicksort of SQLite's percentile.c (median of
         * three pivot, three-way partition), comparing as C does: -0.0 equals 0.0, so which of
         * equal zeros lands where (and percentile_disc returns) is that algorithm's, not the
         * total order of {@link Arrays#sort(double[])} that puts every -0.0 first.
         */
        static void quicksort(double[] a, int from, int n) {
            while (n >= 2) {
                int last = from + n - 1;
                if (a[from] > a[last]) {
                    swap(a, from, last);
                }
                if (n == 2) {
                    return;
                }
                int mid = from + n / 2;
                if (a[from] > a[mid]) {
                    swap(a, from, mid);
                } else if (a[mid] > a[last]) {
                    swap(a, mid, last);
                }
                if (n == 3) {
                    return;
                }
                double pivot = a[mid];
                int less = from + 1; // before it: below the pivot
                int greater = last; // from it on: above the pivot
                int i = from + 1;
                do {
                    if (a[i] < pivot) {
                        if (i > less) {
                            swap(a, i, less);
                        }
                        less++;
                        i++;
                    } else if (a[i] > pivot) {
                        do {
                            greater--;
                        } while (greater > i && a[greater] > pivot);
                        swap(a, i, greater);
                    } else {
                        i++;
                    }
                } while (i < greater);
                int below = less - from;
                int above = from + n - greater;
                // the parts sort independently: recurse into the smaller, loop on the larger
                if (below <= above) {
                    quicksort(a, from, below);
                    from = greater;
                    n = above;
                } else {
                    quicksort(a, greater, above);
                    n = below;
                }
            }
        }

        private static void swap(double[] a, int i, int j) {
            double t = a[i];
            a[i] = a[j];
            a[j] = t;
        }

        @Override
        public boolean supportsInverse() {
            return true;
        }

        @Override
        public Object value() {
            if (count == 0) {
                return null;
            }
            sort();
            double ix = fraction * (count - 1);
            int i1 = (int) ix;
            if (kind.discrete()) {
                return values[i1];
            }
            int i2 = ix == (double) i1 || i1 == count - 1 ? i1 : i1 + 1;
            double v1 = values[i1];
            double v2 = values[i2];
            return v1 + (v2 - v1) * (ix - i1);
        }
    }
}
