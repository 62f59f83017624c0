package io.onelite.exec.value;

import io.onelite.btree.Collation;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;

/**
 * SQLite's value semantics over plain storage-class values: {@code null} (NULL), {@code Long}
 * (INTEGER), {@code Double} (REAL), {@code String} (TEXT), {@code byte[]} (BLOB). Every method
 * accepts exactly these types and returns one of them. This is the single entry point the
 * executor uses; the rules live in package-private classes named after what they mirror
 * ({@link Conversions}, {@link Arithmetic}, {@link Comparison}, {@link Patterns},
 * {@link RealFormat}, {@link NumericText}).
 */
public final class SqlValues {
    private SqlValues() {
    }

    /** Both operands of a comparison after comparison affinity was applied. */
    public record Operands(Object left, Object right) {
    }

    // ---- types and conversions ----

    /** {@code typeof(v)}: "null", "integer", "real", "text" or "blob". */
    public static String typeof(Object v) {
        return Conversions.typeof(v);
    }

    /** TEXT rendering ({@code sqlite3_value_text}): REAL as {@code %!.15g}, BLOB bytes as UTF-8; null stays null. */
    public static String toText(Object v) {
        return Conversions.toText(v);
    }

    /** BLOB rendering ({@code sqlite3_value_blob}): text as UTF-8 bytes, numbers as their text; null stays null. */
    public static byte[] toBlob(Object v) {
        return Conversions.toBlob(v);
    }

    /**
     * The integer at the start of {@code text.substring(from)} as sqlite3Atoi64 reads it: leading
     * spaces, an optional sign and the digits that follow (text after them is ignored, no digits
     * is 0, an overflow saturates).
     */
    public static long leadingInteger(String text, int from) {
        int i = from;
        while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
            i++;
        }
        boolean negative = false;
        if (i < text.length() && (text.charAt(i) == '-' || text.charAt(i) == '+')) {
            negative = text.charAt(i) == '-';
            i++;
        }
        long n = 0;
        for (; i < text.length() && text.charAt(i) >= '0' && text.charAt(i) <= '9'; i++) {
            int d = text.charAt(i) - '0';
            if (n > (Long.MAX_VALUE - d) / 10) {
                return negative ? Long.MIN_VALUE : Long.MAX_VALUE;
            }
            n = n * 10 + d;
        }
        return negative ? -n : n;
    }

    /** {@code sqlite3_value_int64}: NULL → 0, REAL truncated and saturated, text by its integer prefix. */
    public static long toInteger(Object v) {
        return Conversions.toInteger(v);
    }

    /** {@code sqlite3_value_double}: NULL → 0.0, text by its numeric prefix. */
    public static double toReal(Object v) {
        return Conversions.toReal(v);
    }

    /**
     * The number a value stands for in arithmetic: Long or Double (NULL stays null). Text and
     * blobs use their longest numeric prefix ('12abc' → 12, 'abc' → 0, '1.5e3x' → 1500.0);
     * hexadecimal is not read.
     */
    public static Object toNumeric(Object v) {
        return Conversions.toNumeric(v);
    }

    /**
     * What {@code sqlite3_value_numeric_type} leaves in a value: INTEGER and REAL unchanged, text
     * that is wholly a number (surrounding spaces allowed) as that number (REAL if written with a
     * point or exponent), anything else unchanged.
     */
    public static Object numericIfWhole(Object v) {
        if (v instanceof String s) {
            Object n = Conversions.numericIfWhole(s, false);
            return n == null ? v : n;
        }
        return v;
    }

    /** SQLite's truth value: null for NULL, else whether the numeric value is non-zero. */
    public static Boolean isTrue(Object v) {
        return Conversions.isTrue(v);
    }

    /** Applies a column affinity as SQLite does before storing (and in OP_Affinity). */
    public static Object applyAffinity(Object v, Affinity affinity) {
        return Conversions.applyAffinity(v, affinity);
    }

    /** {@code CAST(v AS typeName)}; the type name's affinity decides ({@link Affinity#ofDeclaredType}). */
    public static Object cast(Object v, String typeName) {
        return Conversions.cast(v, Affinity.ofDeclaredType(typeName));
    }

    /** {@code CAST} to an affinity. */
    public static Object cast(Object v, Affinity affinity) {
        return Conversions.cast(v, affinity);
    }

    // ---- comparison ----

    /**
     * Total order used by ORDER BY, indexes, min/max and comparisons after affinity: NULL first,
     * then numbers (INTEGER and REAL compared exactly), then TEXT by {@code collation} (BINARY if
     * null), then BLOB. Returns -1, 0 or 1.
     */
    public static int compare(Object a, Object b, Collation collation) {
        return Comparison.compare(a, b, collation);
    }

    /** {@code compare(a, b, collation) == 0}; note NULL equals NULL here (this is IS, not =). */
    public static boolean equals(Object a, Object b, Collation collation) {
        return Comparison.compare(a, b, collation) == 0;
    }

    /**
     * The affinity a comparison between two operands uses ({@code sqlite3CompareAffinity}); an
     * argument or result of null means "no affinity" (an expression that is not a column).
     */
    public static Affinity comparisonAffinity(Affinity leftAffinity, Affinity rightAffinity) {
        return Comparison.comparisonAffinity(leftAffinity, rightAffinity);
    }

    /**
     * Converts both operands of {@code =, <, <=, >, >=, <>, IS, IN, BETWEEN} as SQLite does
     * before comparing: numeric affinity turns text that is a well-formed number into a number;
     * TEXT affinity turns numbers into text; otherwise nothing changes.
     *
     * @param leftAffinity the left expression's affinity, or null if it has none
     * @param rightAffinity the right expression's affinity, or null if it has none
     */
    public static Operands applyComparisonAffinity(Object left, Affinity leftAffinity, Object right,
                                                   Affinity rightAffinity) {
        Affinity aff = Comparison.comparisonAffinity(leftAffinity, rightAffinity);
        return new Operands(Comparison.convertForComparison(left, aff), Comparison.convertForComparison(right, aff));
    }

    // ---- arithmetic ----

    public static Object add(Object a, Object b) {
        return Arithmetic.apply(Arithmetic.Op.ADD, a, b);
    }

    public static Object subtract(Object a, Object b) {
        return Arithmetic.apply(Arithmetic.Op.SUBTRACT, a, b);
    }

    public static Object multiply(Object a, Object b) {
        return Arithmetic.apply(Arithmetic.Op.MULTIPLY, a, b);
    }

    /** Integer division truncates; division by zero is NULL. */
    public static Object divide(Object a, Object b) {
        return Arithmetic.apply(Arithmetic.Op.DIVIDE, a, b);
    }

    /** {@code %}: sign of the dividend; REAL operands are truncated to integers first, result REAL. */
    public static Object remainder(Object a, Object b) {
        return Arithmetic.apply(Arithmetic.Op.REMAINDER, a, b);
    }

    /** Unary minus ({@code 0 - v}): -(-9223372036854775808) becomes REAL. */
    public static Object negate(Object v) {
        return Arithmetic.apply(Arithmetic.Op.SUBTRACT, 0L, v);
    }

    /**
     * Unary minus written before a literal: a REAL literal is negated itself, as SQLite codes
     * {@code -1.5} as one REAL (codeReal), so {@code -0.0} is negative zero where {@code 0 - 0.0}
     * is positive; any other value as {@link #negate}.
     */
    public static Object negateLiteral(Object v) {
        return v instanceof Double d ? (Object) (-d) : negate(v);
    }

    /**
     * How a REAL-affinity column stores a value (SQLite's MEM_IntReal): a REAL with no fractional
     * part that fits a 6-byte integer is written as that INTEGER, to take less room, and reads
     * back as REAL (so -0.0 reads back as 0.0); anything else as it is.
     */
    public static Object storedInRealColumn(Object v) {
        if (v instanceof Double d) {
            double r = d;
            long i = (long) r;
            if (r == (double) i && i >= -(1L << 47) && i < (1L << 47)) {
                return i;
            }
        }
        return v;
    }

    /** Unary plus: the value unchanged (SQLite does not convert it). */
    public static Object plus(Object v) {
        return v;
    }

    /** {@code ||}: NULL if either is NULL, else the text of both. */
    public static Object concat(Object a, Object b) {
        if (a == null || b == null) {
            return null;
        }
        if (a instanceof byte[] || b instanceof byte[]) {
            // SQLite joins the bytes, so a character may straddle the two operands
            byte[] x = Conversions.toBlob(a);
            byte[] y = Conversions.toBlob(b);
            byte[] joined = java.util.Arrays.copyOf(x, x.length + y.length);
            System.arraycopy(y, 0, joined, x.length, y.length);
            return new String(joined, java.nio.charset.StandardCharsets.UTF_8);
        }
        return Conversions.toText(a) + Conversions.toText(b);
    }

    public static Object bitAnd(Object a, Object b) {
        return Arithmetic.bit(Arithmetic.BitOp.AND, a, b);
    }

    public static Object bitOr(Object a, Object b) {
        return Arithmetic.bit(Arithmetic.BitOp.OR, a, b);
    }

    /** {@code <<}: a negative count shifts right; 64 or more gives 0. */
    public static Object shiftLeft(Object a, Object b) {
        return Arithmetic.bit(Arithmetic.BitOp.SHIFT_LEFT, a, b);
    }

    /** {@code >>}: arithmetic shift; a negative count shifts left. */
    public static Object shiftRight(Object a, Object b) {
        return Arithmetic.bit(Arithmetic.BitOp.SHIFT_RIGHT, a, b);
    }

    /** {@code ~v}. */
    public static Object bitNot(Object v) {
        return v == null ? null : (Object) ~Conversions.toInteger(v);
    }

    /** {@code NOT v}: NULL stays NULL, else 1 or 0. */
    public static Object not(Object v) {
        Boolean t = Conversions.isTrue(v);
        return t == null ? null : (Object) (t ? 0L : 1L);
    }

    // ---- patterns ----

    /**
     * {@code text LIKE pattern ESCAPE escape}: true if it matches.
     *
     * @param escape the ESCAPE text (must be one character) or null for none
     * @param caseSensitive {@code PRAGMA case_sensitive_like}
     * @throws OneLiteException "ESCAPE expression must be a single character"
     */
    public static boolean like(String pattern, String text, String escape, boolean caseSensitive) {
        checkLikePattern(pattern);
        int esc = -1;
        if (escape != null) {
            checkLikeEscape(escape);
            esc = escape.codePointAt(0);
        }
        return Patterns.like(pattern, text, esc, caseSensitive);
    }

    /** {@code text GLOB pattern}: true if it matches. */
    public static boolean glob(String pattern, String text) {
        checkLikePattern(pattern);
        return Patterns.glob(pattern, text);
    }

    /** SQLITE_MAX_LIKE_PATTERN_LENGTH: the longest LIKE or GLOB pattern, in bytes of UTF-8. */
    public static final int MAX_LIKE_PATTERN_LENGTH = 50000;

    /**
     * The first check of SQLite's {@code likeFunc}, made before it looks at NULLs or the escape:
     * a pattern over {@link #MAX_LIKE_PATTERN_LENGTH} bytes fails.
     *
     * @param pattern the pattern as text, or null (a NULL pattern passes)
     * @throws OneLiteException "LIKE or GLOB pattern too complex"
     */
    public static void checkLikePattern(String pattern) {
        if (pattern != null && pattern.length() > MAX_LIKE_PATTERN_LENGTH
                && pattern.getBytes(java.nio.charset.StandardCharsets.UTF_8).length > MAX_LIKE_PATTERN_LENGTH) {
            throw new OneLiteException(ResultCode.ERROR, "LIKE or GLOB pattern too complex");
        }
    }

    /**
     * The second check of {@code likeFunc}, made before NULL text or pattern give NULL.
     *
     * @throws OneLiteException "ESCAPE expression must be a single character"
     */
    public static void checkLikeEscape(String escape) {
        if (escape.codePointCount(0, escape.length()) != 1) {
            throw new OneLiteException(ResultCode.ERROR, "ESCAPE expression must be a single character");
        }
    }
}
