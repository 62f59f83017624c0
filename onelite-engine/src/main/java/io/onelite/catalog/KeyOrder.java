package io.onelite.catalog;

import io.onelite.btree.Collation;
import io.onelite.btree.KeyInfo;

import java.util.Comparator;

/**
 * SQLite's order of values in keys: NULL, then INTEGER/REAL by numeric value, then TEXT by
 * collation, then BLOB by memcmp. Used by the in-memory store.
 */
final class KeyOrder {
    private KeyOrder() {
    }

    static int compare(Object a, Object b, Collation c) {
        int ca = rank(a);
        int cb = rank(b);
        if (ca != cb) {
            return Integer.compare(ca, cb);
        }
        switch (ca) {
            case 0:
                return 0;
            case 1:
                if (a instanceof Long x && b instanceof Long y) {
                    return Long.compare(x, y);
                }
                return compareNumeric(a, b);
            case 2:
                return (c == null ? Collation.BINARY : c).compare((String) a, (String) b);
            default:
                byte[] x = (byte[]) a;
                byte[] y = (byte[]) b;
                return java.util.Arrays.compareUnsigned(x, y);
        }
    }

    private static int compareNumeric(Object a, Object b) {
        if (a instanceof Double x && b instanceof Double y) {
            return Double.compare(x, y);
        }
        if (a instanceof Long x) {
            return -compareLongDouble((Double) b, x);
        }
        return compareLongDouble((Double) a, (Long) b);
    }

    /** Compares a double with a long exactly (no precision loss for large longs). */
    static int compareLongDouble(double d, long l) {
        if (Double.isNaN(d)) {
            return -1;
        }
        if (d < -9.223372036854775808E18) {
            return -1;
        }
        if (d >= 9.223372036854775808E18) {
            return 1;
        }
        long dl = (long) d;
        if (dl != l) {
            return dl < l ? -1 : 1;
        }
        double frac = d - dl;
        return frac > 0 ? 1 : frac < 0 ? -1 : 0;
    }

    private static int rank(Object v) {
        if (v == null) {
            return 0;
        }
        if (v instanceof Long || v instanceof Double) {
            return 1;
        }
        if (v instanceof String) {
            return 2;
        }
        return 3;
    }

    /** Compares keys column by column, a shorter key being a prefix that compares equal on its length. */
    static Comparator<Object[]> comparator(KeyInfo info) {
        return (a, b) -> {
            int n = Math.min(a.length, b.length);
            for (int i = 0; i < n; i++) {
                int c = compare(a[i], b[i], info.collation(i));
                if (c != 0) {
                    return info.descending(i) ? -c : c;
                }
            }
            return 0;
        };
    }
}
