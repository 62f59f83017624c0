package io.onelite.exec.func;

import io.onelite.exec.value.SqlValues;

/**
 * SQLite's built-in window-only functions (window.c): row_number, rank, dense_rank,
 * percent_rank, cume_dist, ntile, lag, lead, first_value, last_value, nth_value. Ranking
 * functions use the peer groups; value functions use the frame (first_value, last_value,
 * nth_value) or the partition order (lag, lead), as SQLite defines them.
 */
final class WindowFunctions {
    private WindowFunctions() {
    }

    static void register(Functions.Registry r) {
        r.window("row_number", 0, () -> WindowFunctions::rowNumber);
        r.window("rank", 0, () -> WindowFunctions::rank);
        r.window("dense_rank", 0, () -> WindowFunctions::denseRank);
        r.window("percent_rank", 0, () -> WindowFunctions::percentRank);
        r.window("cume_dist", 0, () -> WindowFunctions::cumeDist);
        r.window("ntile", 1, () -> WindowFunctions::ntile);
        r.window("lag", 1, () -> p -> shifted(p, -1));
        r.window("lag", 2, () -> p -> shifted(p, -1));
        r.window("lag", 3, () -> p -> shifted(p, -1));
        r.window("lead", 1, () -> p -> shifted(p, 1));
        r.window("lead", 2, () -> p -> shifted(p, 1));
        r.window("lead", 3, () -> p -> shifted(p, 1));
        r.window("first_value", 1, () -> p -> nth(p, false, true));
        r.window("last_value", 1, () -> p -> nth(p, false, false));
        r.window("nth_value", 2, () -> p -> nth(p, true, true));
    }

    static Object[] rowNumber(WindowPartition p) {
        Object[] out = new Object[p.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = (long) i + 1;
        }
        return out;
    }

    static Object[] rank(WindowPartition p) {
        Object[] out = new Object[p.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = (long) p.peerStart(i) + 1;
        }
        return out;
    }

    static Object[] denseRank(WindowPartition p) {
        Object[] out = new Object[p.size()];
        long rank = 0;
        for (int i = 0; i < out.length; i++) {
            if (p.peerStart(i) == i) {
                rank++;
            }
            out[i] = rank;
        }
        return out;
    }

    static Object[] percentRank(WindowPartition p) {
        int n = p.size();
        Object[] out = new Object[n];
        for (int i = 0; i < n; i++) {
            out[i] = n > 1 ? (double) p.peerStart(i) / (double) (n - 1) : 0.0;
        }
        return out;
    }

    static Object[] cumeDist(WindowPartition p) {
        int n = p.size();
        Object[] out = new Object[n];
        for (int i = 0; i < n; i++) {
            out[i] = (double) p.peerEnd(i) / (double) n;
        }
        return out;
    }

    /** ntile(N): N is read from the partition's first row, as SQLite's ntileStepFunc does. */
    static Object[] ntile(WindowPartition p) {
        int n = p.size();
        Object[] out = new Object[n];
        if (n == 0) {
            return out;
        }
        long buckets = SqlValues.toInteger(p.args(0)[0]);
        if (buckets <= 0) {
            throw Args.error("argument of ntile must be a positive integer");
        }
        long size = n / buckets;
        long large = n % buckets; // the first `large` buckets hold one extra row
        for (int i = 0; i < n; i++) {
            long bucket;
            if (size == 0) {
                bucket = i + 1;
            } else if (i < large * (size + 1)) {
                bucket = i / (size + 1) + 1;
            } else {
                bucket = (i - large * (size + 1)) / size + large + 1;
            }
            out[i] = bucket;
        }
        return out;
    }

    /**
     * lag/lead(x [, offset [, default]]): x on the row {@code offset} before/after, else the
     * default. As window.c, the target is computed as SQL arithmetic on the 1-based row number
     * and then sought as a rowid: a NULL or fractional result finds no row (so the default),
     * text counts as a number, a negative offset looks the other way.
     */
    static Object[] shifted(WindowPartition p, int direction) {
        int n = p.size();
        Object[] out = new Object[n];
        for (int i = 0; i < n; i++) {
            Object[] a = p.args(i);
            Object rowid = (long) i + 1;
            Object offset = a.length > 1 ? a[1] : (Object) 1L;
            Object target = direction > 0 ? SqlValues.add(rowid, offset) : SqlValues.subtract(rowid, offset);
            target = SqlValues.applyAffinity(target, io.onelite.exec.value.Affinity.NUMERIC);
            if (target instanceof Long t && t >= 1 && t <= n) {
                out[i] = p.args((int) (t - 1))[0];
            } else {
                out[i] = a.length > 2 ? a[2] : null;
            }
        }
        return out;
    }

    /** first_value (nth 1), last_value, nth_value(x, N) over each row's frame. */
    static Object[] nth(WindowPartition p, boolean withN, boolean fromStart) {
        int n = p.size();
        Object[] out = new Object[n];
        for (int i = 0; i < n; i++) {
            int fs = p.frameStart(i);
            int fe = p.frameEnd(i);
            long k = 1;
            if (withN) {
                Object v = SqlValues.numericIfWhole(p.args(i)[1]);
                if (v instanceof Double d && d == Math.rint(d) && d > 0 && d < 9.2e18) {
                    k = d.longValue();
                } else if (v instanceof Long l && l > 0) {
                    k = l;
                } else {
                    throw Args.error("second argument to nth_value must be a positive integer");
                }
            }
            // the frame's rows, skipping EXCLUDEd ones
            int found = -1;
            long seen = 0;
            if (fromStart) {
                for (int r = fs; r < fe; r++) {
                    if (!p.hasExclusions() || !p.isExcluded(i, r)) {
                        if (++seen == k) {
                            found = r;
                            break;
                        }
                    }
                }
            } else {
                for (int r = fe - 1; r >= fs; r--) {
                    if (!p.hasExclusions() || !p.isExcluded(i, r)) {
                        found = r;
                        break;
                    }
                }
            }
            out[i] = found < 0 ? null : p.args(found)[0];
        }
        return out;
    }
}
