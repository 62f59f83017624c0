package io.onelite.exec.value;

import java.nio.charset.StandardCharsets;

/**
 * Conversions between storage classes: SQLite's {@code sqlite3VdbeIntValue},
 * {@code sqlite3VdbeRealValue}, {@code sqlite3VdbeMemStringify}, the numeric reading of text for
 * arithmetic ({@code computeNumericType}), column affinity ({@code applyAffinity} in vdbe.c) and
 * {@code CAST} ({@code sqlite3VdbeMemCast}).
 */
final class Conversions {
    private Conversions() {
    }

    static String toText(Object v) {
        if (v == null || v instanceof String) {
            return (String) v;
        }
        if (v instanceof Long l) {
            return Long.toString(l);
        }
        if (v instanceof Double d) {
            return RealFormat.toText(d);
        }
        if (v instanceof byte[] b) {
            return new String(b, StandardCharsets.UTF_8);
        }
        throw new IllegalArgumentException("not a storage-class value: " + v.getClass());
    }

    static byte[] toBlob(Object v) {
        if (v == null || v instanceof byte[]) {
            return (byte[]) v;
        }
        return toText(v).getBytes(StandardCharsets.UTF_8);
    }

    /** C's cast of a double to i64 as SQLite's {@code doubleToInt64}: saturating, NaN to 0. */
    static long doubleToInt64(double r) {
        return (long) r;
    }

    static long toInteger(Object v) {
        if (v == null) {
            return 0;
        }
        if (v instanceof Long l) {
            return l;
        }
        if (v instanceof Double d) {
            return doubleToInt64(d);
        }
        return NumericText.parseInteger(toText(v)).value();
    }

    static double toReal(Object v) {
        if (v == null) {
            return 0.0;
        }
        if (v instanceof Long l) {
            return l;
        }
        if (v instanceof Double d) {
            return d;
        }
        return NumericText.parseReal(toText(v)).value();
    }

    /**
     * The number a value stands for in arithmetic (Long or Double; null stays null): text and
     * blobs read their longest numeric prefix, INTEGER if it has the form of an integer that fits.
     */
    static Object toNumeric(Object v) {
        if (v == null || v instanceof Long || v instanceof Double) {
            return v;
        }
        String s = toText(v);
        NumericText.Real r = NumericText.parseReal(s);
        if (!r.valid()) {
            return 0L;
        }
        if (!r.isFloatForm()) {
            NumericText.Int i = NumericText.parseInteger(s.substring(0, r.prefixEnd()));
            if (i.rc() == 0 || i.rc() == 1) {
                return i.value();
            }
        }
        return r.value();
    }

    /**
     * As {@code sqlite3RealSameAsInt}: zero, or an integer of magnitude below 2^51 that the
     * double holds exactly.
     */
    static boolean realSameAsInt(double r) {
        long i = (long) r;
        return r == 0.0 || ((double) i == r && i >= -2251799813685248L && i < 2251799813685248L);
    }

    /** A REAL that holds an integer within (MIN, MAX) as INTEGER ({@code sqlite3VdbeIntegerAffinity}). */
    static Object integerIfExact(double r) {
        long ix = doubleToInt64(r);
        if (r == (double) ix && ix > Long.MIN_VALUE && ix < Long.MAX_VALUE) {
            return ix;
        }
        return r;
    }

    /**
     * Text that is entirely a number (ignoring surrounding whitespace) as that number, else null
     * ({@code applyNumericAffinity}). INTEGER when it has integer form and fits.
     */
    static Object numericIfWhole(String s, boolean tryForInt) {
        NumericText.Real r = NumericText.parseReal(s);
        if (!r.valid() || !r.whole()) {
            return null;
        }
        if (!r.isFloatForm()) {
            NumericText.Int i = NumericText.parseInteger(s);
            if (i.rc() == 0) {
                return i.value();
            }
        }
        return tryForInt ? integerIfExact(r.value()) : (Object) r.value();
    }

    static Object applyAffinity(Object v, Affinity aff) {
        if (v == null || aff == null) {
            return v;
        }
        switch (aff) {
            case TEXT:
                return (v instanceof Long || v instanceof Double) ? toText(v) : v;
            case BLOB:
                return v;
            default:
                break;
        }
        Object n = v;
        if (v instanceof String s) {
            Object parsed = numericIfWhole(s, true);
            if (parsed == null) {
                return v;
            }
            n = parsed;
        } else if (v instanceof Double d) {
            n = integerIfExact(d);
        }
        if (aff == Affinity.REAL && n instanceof Long l) {
            return (double) l;
        }
        return n;
    }

    static Object cast(Object v, Affinity aff) {
        if (v == null) {
            return null;
        }
        switch (aff) {
            case TEXT:
                return toText(v);
            case BLOB:
                return toBlob(v);
            case REAL:
                return toReal(v);
            case INTEGER:
                return toInteger(v);
            default:
                if (v instanceof Long || v instanceof Double) {
                    return v;
                }
                Object n = toNumeric(v);
                return n instanceof Double d && realSameAsInt(d) ? (Object) (long) (double) d : n;
        }
    }

    /** SQLite's truth value ({@code sqlite3VdbeBooleanValue}); null for NULL. */
    static Boolean isTrue(Object v) {
        if (v == null) {
            return null;
        }
        if (v instanceof Long l) {
            return l != 0;
        }
        return toReal(v) != 0.0;
    }

    static String typeof(Object v) {
        if (v == null) {
            return "null";
        }
        if (v instanceof Long) {
            return "integer";
        }
        if (v instanceof Double) {
            return "real";
        }
        if (v instanceof String) {
            return "text";
        }
        if (v instanceof byte[]) {
            return "blob";
        }
        throw new IllegalArgumentException("not a storage-class value: " + v.getClass());
    }
}
