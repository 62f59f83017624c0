package io.onelite.exec.value;

import io.onelite.btree.Collation;

/**
 * SQLite's value order ({@code sqlite3MemCompare}) and comparison affinity
 * ({@code sqlite3CompareAffinity} and the conversions OP_Eq/OP_Lt make before comparing).
 *
 * <p>Order: NULL &lt; INTEGER and REAL (compared exactly as numbers, so 2 = 2.0 and
 * 9007199254740993 &gt; 9007199254740992.0) &lt; TEXT (by collation) &lt; BLOB (memcmp, then
 * length).
 */
final class Comparison {
    private Comparison() {
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

    static int compare(Object a, Object b, Collation collation) {
        int ra = rank(a);
        int rb = rank(b);
        if (ra != rb) {
            return ra < rb ? -1 : 1;
        }
        switch (ra) {
            case 0:
                return 0;
            case 1:
                return compareNumbers(a, b);
            case 2:
                return Integer.signum((collation == null ? Collation.BINARY : collation).compare((String) a, (String) b));
            default:
                return compareBlobs((byte[]) a, (byte[]) b);
        }
    }

    static int compareNumbers(Object a, Object b) {
        if (a instanceof Long x) {
            if (b instanceof Long y) {
                return Long.compare(x, y);
            }
            return compareIntReal(x, (Double) b);
        }
        if (b instanceof Long y) {
            return -compareIntReal(y, (Double) a);
        }
        double x = (Double) a;
        double y = (Double) b;
        return x < y ? -1 : x > y ? 1 : 0;
    }

    /** As {@code sqlite3IntFloatCompare}: exact, without rounding i to a double first. */
    static int compareIntReal(long i, double r) {
        if (Double.isNaN(r)) {
            return 1;
        }
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

    static int compareBlobs(byte[] a, byte[] b) {
        int c = java.util.Arrays.compareUnsigned(a, 0, Math.min(a.length, b.length), b, 0, Math.min(a.length, b.length));
        if (c != 0) {
            return c < 0 ? -1 : 1;
        }
        return Integer.compare(a.length, b.length);
    }

    /** As {@code sqlite3CompareAffinity}; null means no affinity (no conversion). */
    static Affinity comparisonAffinity(Affinity left, Affinity right) {
        if (left != null && right != null) {
            return left.isNumeric() || right.isNumeric() ? Affinity.NUMERIC : null;
        }
        return left != null ? left : right;
    }

    static Object convertForComparison(Object v, Affinity aff) {
        if (aff == null || v == null) {
            return v;
        }
        if (aff.isNumeric()) {
            if (v instanceof String s) {
                Object n = Conversions.numericIfWhole(s, false);
                return n == null ? v : n;
            }
            return v;
        }
        if (aff == Affinity.TEXT && (v instanceof Long || v instanceof Double)) {
            return Conversions.toText(v);
        }
        return v;
    }
}
