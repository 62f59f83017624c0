package io.onelite.exec.func;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.exec.value.SqlValues;

/** Small argument helpers shared by the function families (SQLite's {@code sqlite3_value_*}). */
final class Args {
    private Args() {
    }

    /** Marks an optional argument that was not given (as opposed to NULL). */
    static final Object NO_ARG = new Object();

    /** SQLite's default SQLITE_LIMIT_LENGTH: the largest string or blob. */
    static final long MAX_LENGTH = 1_000_000_000L;

    static boolean anyNull(Object[] args) {
        for (Object a : args) {
            if (a == null) {
                return true;
            }
        }
        return false;
    }

    static String text(Object v) {
        return SqlValues.toText(v);
    }

    static long int64(Object v) {
        return SqlValues.toInteger(v);
    }

    static double real(Object v) {
        return SqlValues.toReal(v);
    }

    static OneLiteException tooBig() {
        return new OneLiteException(ResultCode.TOOBIG, "string or blob too big");
    }

    static OneLiteException error(String message) {
        return new OneLiteException(ResultCode.ERROR, message);
    }

    /**
     * {@code sqlite3_value_numeric_type}: a number as it is, text that is wholly a number as that
     * number, anything else null.
     */
    static Object numericOrNull(Object v) {
        Object n = SqlValues.numericIfWhole(v);
        return n instanceof Long || n instanceof Double ? n : null;
    }

    /** Text as C code reads it through sqlite3_value_text: up to its first NUL. */
    static String cString(String s) {
        int nul = s.indexOf('\0');
        return nul >= 0 ? s.substring(0, nul) : s;
    }

    /** Length in code points of text up to its first NUL (C strings end there). */
    static int charLength(String s) {
        String t = cString(s);
        return t.codePointCount(0, t.length());
    }
}
