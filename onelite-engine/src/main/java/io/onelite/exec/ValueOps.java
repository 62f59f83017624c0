package io.onelite.exec;

import io.onelite.btree.Collation;
import io.onelite.btree.ValueOrder;

import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.charset.StandardCharsets;

/**
 * The value rules the executor's compiled expressions use: SQLite's order of storage classes,
 * truthiness, affinity, numeric conversion of text, and arithmetic with integer overflow to REAL.
 */
public final class ValueOps {
    private ValueOps() {
    }

    /** Column affinities as single letters, as SQLite's {@code SQLITE_AFF_*}. */
    public static final char AFF_NONE = 'A';
    public static final char AFF_TEXT = 'B';
    public static final char AFF_NUMERIC = 'C';
    public static final char AFF_INTEGER = 'D';
    public static final char AFF_REAL = 'E';

    /** The affinity of a declared column type (section 3.1 of SQLite's datatype page). */
    public static char affinityOf(String declaredType) {
        if (declaredType == null) {
            return AFF_NONE;
        }
        String t = declaredType.toUpperCase(java.util.Locale.ROOT);
        if (t.contains("INT")) {
            return AFF_INTEGER;
        }
        if (t.contains("CHAR") || t.contains("CLOB") || t.contains("TEXT")) {
            return AFF_TEXT;
        }
        if (t.contains("BLOB") || t.isEmpty()) {
            return AFF_NONE;
        }
        if (t.contains("REAL") || t.contains("FLOA") || t.contains("DOUB")) {
            return AFF_REAL;
        }
        return AFF_NUMERIC;
    }

    /** SQLite's sort order of two values: NULL, numbers, text (by collation), blobs ({@link ValueOrder}). */
    public static int compare(Object a, Object b, Collation c) {
        return ValueOrder.compare(a, b, c == null ? Collation.BINARY : c);
    }

    /** Truth value: NULL stays null; numbers are true when non-zero; text by its numeric prefix. */
    public static Boolean truth(Object v) {
        if (v == null) {
            return null;
        }
        if (v instanceof Long l) {
            return l != 0;
        }
        if (v instanceof Double d) {
            return d != 0.0;
        }
        Object n = numericPrefix(v);
        return n instanceof Long l ? l != 0 : ((Double) n) != 0.0;
    }

    /**
     * The integer that equals {@code v} in a comparison with integers: {@code v} itself when an
     * integer, the real's value when the real is that integer exactly (-2^63 included); null for
     * any other real, text or blob, which equals no integer.
     */
    public static Long integerEqualTo(Object v) {
        if (v instanceof Long l) {
            return l;
        }
        return v instanceof Double d && d == Math.rint(d) && d >= -0x1p63 && d < 0x1p63 ? (long) (double) d : null;
    }

    public static boolean isTrue(Object v) {
        Boolean b = truth(v);
        return b != null && b;
    }

    /** Applies a column affinity, as SQLite does when storing or comparing. */
    public static Object applyAffinity(Object v, char aff) {
        if (v == null) {
            return null;
        }
        switch (aff) {
            case AFF_TEXT:
                if (v instanceof Long || v instanceof Double) {
                    return toText(v);
                }
                return v;
            case AFF_NUMERIC:
            case AFF_INTEGER:
                if (v instanceof String s) {
                    Object n = wellFormedNumber(s);
                    if (n == null) {
                        return v;
                    }
                    v = n;
                }
                if (v instanceof Double d) {
                    return realToIntegerIfExact(d);
                }
                return v;
            case AFF_REAL:
                if (v instanceof String s) {
                    Object n = wellFormedNumber(s);
                    if (n == null) {
                        return v;
                    }
                    v = n;
                }
                if (v instanceof Long l) {
                    return (double) l;
                }
                if (v instanceof Double d && d == 0.0) {
                    return 0.0; // SQLite holds a whole REAL as an integer here (MEM_IntReal): -0.0 comes back as 0.0
                }
                return v;
            default:
                return v;
        }
    }

    /** A REAL with an exact integer value in the 64-bit range becomes INTEGER (NUMERIC affinity). */
    static Object realToIntegerIfExact(double d) {
        // -2^63 stays REAL, as in SQLite's sqlite3VdbeIntegerAffinity (neither end of the range converts)
        if (d > -9.223372036854775808E18 && d < 9.223372036854775808E18) {
            long l = (long) d;
            if ((double) l == d) {
                return l;
            }
        }
        return d;
    }

    /** The number a whole text spells (leading/trailing spaces allowed), or null when it is not one. */
    public static Object wellFormedNumber(String s) {
        String t = s.strip();
        if (t.isEmpty()) {
            return null;
        }
        int i = 0;
        int n = t.length();
        if (t.charAt(i) == '+' || t.charAt(i) == '-') {
            i++;
        }
        int digits = 0;
        boolean real = false;
        while (i < n && Character.isDigit(t.charAt(i))) {
            i++;
            digits++;
        }
        if (i < n && t.charAt(i) == '.') {
            real = true;
            i++;
            while (i < n && Character.isDigit(t.charAt(i))) {
                i++;
                digits++;
            }
        }
        if (digits == 0) {
            return null;
        }
        if (i < n && (t.charAt(i) == 'e' || t.charAt(i) == 'E')) {
            real = true;
            i++;
            if (i < n && (t.charAt(i) == '+' || t.charAt(i) == '-')) {
                i++;
            }
            int ed = 0;
            while (i < n && Character.isDigit(t.charAt(i))) {
                i++;
                ed++;
            }
            if (ed == 0) {
                return null;
            }
        }
        if (i != n) {
            return null;
        }
        if (!real) {
            try {
                return Long.parseLong(t.charAt(0) == '+' ? t.substring(1) : t);
            } catch (NumberFormatException e) {
                return Double.parseDouble(t);
            }
        }
        return Double.parseDouble(t);
    }

    /**
     * The numeric value of a value for arithmetic: text and blobs by their longest numeric prefix
     * (0 when none), as {@code sqlite3VdbeMemNumerify}. Null stays null.
     */
    public static Object numericPrefix(Object v) {
        if (v == null || v instanceof Long || v instanceof Double) {
            return v;
        }
        String s = v instanceof String str ? str : new String((byte[]) v, StandardCharsets.UTF_8);
        int i = 0;
        int n = s.length();
        while (i < n && isSpace(s.charAt(i))) {
            i++;
        }
        int start = i;
        if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
            i++;
        }
        int digitsStart = i;
        while (i < n && Character.isDigit(s.charAt(i))) {
            i++;
        }
        int intEnd = i;
        boolean real = false;
        int digits = intEnd - digitsStart;
        if (i < n && s.charAt(i) == '.') {
            int j = i + 1;
            while (j < n && Character.isDigit(s.charAt(j))) {
                j++;
            }
            if (digits > 0 || j > i + 1) {
                digits += j - i - 1;
                real = true;
                i = j;
            }
        }
        if (digits == 0) {
            return 0L;
        }
        if (i < n && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            int j = i + 1;
            if (j < n && (s.charAt(j) == '+' || s.charAt(j) == '-')) {
                j++;
            }
            int k = j;
            while (k < n && Character.isDigit(s.charAt(k))) {
                k++;
            }
            if (k > j) {
                real = true;
                i = k;
            }
        }
        String num = s.substring(start, i);
        if (!real) {
            try {
                return Long.parseLong(num.charAt(0) == '+' ? num.substring(1) : num);
            } catch (NumberFormatException e) {
                return Double.parseDouble(num);
            }
        }
        return Double.parseDouble(num);
    }

    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == 0x0b;
    }

    /** TEXT rendering: integers in decimal, reals as SQLite's {@code %!.15g}, blobs as UTF-8. */
    public static String toText(Object v) {
        if (v == null) {
            return null;
        }
        if (v instanceof String s) {
            return s;
        }
        if (v instanceof Long l) {
            return l.toString();
        }
        return io.onelite.exec.value.SqlValues.toText(v);
    }

    /** Integer value for CAST AS INTEGER and integer contexts: reals truncate and saturate. */
    public static Long toInteger(Object v) {
        if (v == null) {
            return null;
        }
        Object n = numericPrefix(v);
        if (n instanceof Long l) {
            return l;
        }
        double d = (Double) n;
        if (Double.isNaN(d)) {
            return 0L;
        }
        if (d <= -9.223372036854775808E18) {
            return Long.MIN_VALUE;
        }
        if (d >= 9.223372036854775807E18) {
            return Long.MAX_VALUE;
        }
        return (long) d;
    }

    public static Double toReal(Object v) {
        if (v == null) {
            return null;
        }
        Object n = numericPrefix(v);
        return n instanceof Long l ? (double) l : (Double) n;
    }

    public static Object add(Object a, Object b) {
        return io.onelite.exec.value.SqlValues.add(a, b);
    }

    public static Object subtract(Object a, Object b) {
        return io.onelite.exec.value.SqlValues.subtract(a, b);
    }

    public static Object multiply(Object a, Object b) {
        return io.onelite.exec.value.SqlValues.multiply(a, b);
    }

    public static Object divide(Object a, Object b) {
        return io.onelite.exec.value.SqlValues.divide(a, b);
    }

    public static Object remainder(Object a, Object b) {
        return io.onelite.exec.value.SqlValues.remainder(a, b);
    }

    private static Object real(double d) {
        return Double.isNaN(d) ? null : d;
    }

    private static double toDouble(Object n) {
        return n instanceof Long l ? (double) l : (Double) n;
    }

    public static Object negate(Object a) {
        return io.onelite.exec.value.SqlValues.negate(a);
    }

    public static Object negateLiteral(Object a) {
        return io.onelite.exec.value.SqlValues.negateLiteral(a);
    }

    public static Object concat(Object a, Object b) {
        return io.onelite.exec.value.SqlValues.concat(a, b);
    }

    /** Whether two values are the same for DISTINCT, GROUP BY, UNION (NULLs equal; 1 = 1.0). */
    public static boolean sameValue(Object a, Object b, Collation c) {
        if (a == null || b == null) {
            return a == b;
        }
        return compare(a, b, c) == 0;
    }
}
