package io.onelite.btree;

import java.util.Arrays;

/**
 * SQLite's sort order of values (as {@code sqlite3MemCompare}): NULL first, then numbers
 * (INTEGER and REAL compared by value, exactly, as {@code sqlite3IntFloatCompare}), then TEXT
 * by the collation, then BLOB by memcmp (a shorter prefix first).
 */
public final class ValueOrder {
    private ValueOrder() {
    }

    /** Negative, zero or positive as {@code a} sorts before, with or after {@code b}. */
    public static int compare(Object a, Object b, Collation c) {
        // the usual sort keys first: two REALs or two INTEGERs, without ranking them
        if (a instanceof Double x && b instanceof Double y && !x.isNaN() && !y.isNaN()) {
            double dx = x;
            double dy = y;
            return dx < dy ? -1 : dx > dy ? 1 : 0; // -0.0 equals 0.0, as in C
        }
        if (a instanceof Long x && b instanceof Long y) {
            return Long.compare(x, y);
        }
        int ra = rank(a);
        int rb = rank(b);
        if (ra != rb) {
            return ra < rb ? -1 : 1;
        }
        switch (ra) {
            case 0:
                return 0;
            case 1:
                return compareNumbers((Number) a, (Number) b);
            case 2:
                return (c == null ? Collation.BINARY : c).compare((String) a, (String) b);
            default:
                return Arrays.compareUnsigned((byte[]) a, (byte[]) b);
        }
    }

    private static int rank(Object v) {
        if (v == null) {
            return 0;
        }
        if (v instanceof Number) {
            return v instanceof Double d && d.isNaN() ? 0 : 1;
        }
        if (v instanceof String) {
            return 2;
        }
        if (v instanceof byte[]) {
            return 3;
        }
        throw new IllegalArgumentException("not a SQL value: " + v.getClass().getName());
    }

    private static boolean isReal(Number n) {
        return n instanceof Double || n instanceof Float;
    }

    private static int compareNumbers(Number a, Number b) {
        boolean ar = isReal(a);
        boolean br = isReal(b);
        if (!ar && !br) {
            return Long.compare(a.longValue(), b.longValue());
        }
        if (ar && br) {
            double x = a.doubleValue();
            double y = b.doubleValue();
            return x < y ? -1 : x > y ? 1 : 0; // -0.0 equals 0.0, as in C
        }
        if (!ar) {
            return intFloatCompare(a.longValue(), b.doubleValue());
        }
        return -intFloatCompare(b.longValue(), a.doubleValue());
    }

    /** Compares an integer with a double exactly, as {@code sqlite3IntFloatCompare}. */
    static int intFloatCompare(long i, double r) {
        if (r < -9223372036854775808.0) {
            return 1;
        }
        if (r >= 9223372036854775808.0) {
            return -1;
        }
        long y = (long) r;
        if (i < y) {
            return -1;
        }
        if (i > y) {
            return 1;
        }
        double s = (double) i;
        return s < r ? -1 : s > r ? 1 : 0;
    }
}
