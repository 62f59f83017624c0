package io.onelite.exec.func;

import io.onelite.btree.Collation;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.exec.value.SqlValues;

/**
 * Core scalar functions of SQLite's func.c that are not about text: abs, coalesce, ifnull, iif,
 * nullif, max, min, typeof, sign, round, random, randomblob, zeroblob, likelihood, likely,
 * unlikely, sqlite_version, last_insert_rowid, changes, total_changes.
 */
final class CoreFunctions {
    private CoreFunctions() {
    }

    /** The SQLite version this engine reports and tracks. */
    static final String SQLITE_VERSION = "3.49.2";
    /** sqlite_source_id(): SQLite's is its check-in date and hash; OneLite names itself and the dialect it follows. */
    static final String SOURCE_ID = "OneLite for Java, SQLite " + SQLITE_VERSION + " dialect";

    static void register(Functions.Registry r) {
        r.scalar("abs", 1, (c, a) -> abs(a[0]));
        r.scalarVariadic("coalesce", 2, Functions.MAX_ARGS, (c, a) -> firstNonNull(a));
        r.scalar("ifnull", 2, (c, a) -> firstNonNull(a));
        r.scalarVariadic("iif", 2, Functions.MAX_ARGS, (c, a) -> iif(a));
        r.scalarVariadic("if", 2, Functions.MAX_ARGS, (c, a) -> iif(a));
        r.scalar("nullif", 2, (c, a) -> SqlValues.compare(a[0], a[1], Collation.BINARY) == 0 ? null : a[0]);
        r.scalarVariadic("max", 2, Functions.MAX_ARGS, (c, a) -> minMax(a, 1));
        r.scalarVariadic("min", 2, Functions.MAX_ARGS, (c, a) -> minMax(a, -1));
        r.scalar("typeof", 1, (c, a) -> SqlValues.typeof(a[0]));
        r.scalar("sign", 1, (c, a) -> sign(a[0]));
        r.scalar("round", 1, (c, a) -> round(a[0], 0L));
        r.scalar("round", 2, (c, a) -> round(a[0], a[1]));
        r.scalar("random", 0, (c, a) -> c.random().nextLong());
        r.scalar("randomblob", 1, (c, a) -> randomBlob(c, a[0]));
        r.scalar("zeroblob", 1, (c, a) -> zeroBlob(a[0]));
        r.scalar("likelihood", 2, (c, a) -> likelihood(a));
        r.scalar("likely", 1, (c, a) -> a[0]);
        r.scalar("unlikely", 1, (c, a) -> a[0]);
        r.scalar("sqlite_version", 0, (c, a) -> SQLITE_VERSION);
        r.scalar("sqlite_log", 2, (c, a) -> null); // SQLite writes to its error log, which has no reader here
        r.scalar("subtype", 1, (c, a) -> JsonSubtype.isJson(a[0]) ? (long) 'J' : 0L); // SQLite's JSON subtype is 'J
        r.scalar("sqlite_source_id", 0, (c, a) -> SOURCE_ID);
        r.scalar("sqlite_compileoption_get", 1, (c, a) -> compileOptionGet(c.compileOptions(), a[0]));
        r.scalar("sqlite_compileoption_used", 1, (c, a) -> compileOptionUsed(c.compileOptions(), a[0]));
        r.scalar("last_insert_rowid", 0, (c, a) -> c.lastInsertRowid());
        r.scalar("changes", 0, (c, a) -> c.changes());
        r.scalar("total_changes", 0, (c, a) -> c.totalChanges());
    }

    /** sqlite_compileoption_get(N): the N-th option (from 0) or NULL. */
    static Object compileOptionGet(java.util.List<String> options, Object n) {
        if (n == null) {
            return null;
        }
        long i = Args.int64(n);
        return i >= 0 && i < options.size() ? options.get((int) i) : null;
    }

    /**
     * sqlite_compileoption_used(X), as {@code sqlite3_compileoption_used}: X without a leading
     * "SQLITE_" matches an option that starts with it (any case) where the option's name ends,
     * so "THREADSAFE" and "THREADSAFE=2" match "THREADSAFE=2", "THREAD" does not; NULL for NULL.
     */
    static Object compileOptionUsed(java.util.List<String> options, Object x) {
        if (x == null) {
            return null;
        }
        String name = Args.text(x);
        if (name.regionMatches(true, 0, "SQLITE_", 0, 7)) {
            name = name.substring(7);
        }
        for (String o : options) {
            if (o.regionMatches(true, 0, name, 0, name.length())
                    && (o.length() == name.length() || !isIdChar(o.charAt(name.length())))) {
                return 1L;
            }
        }
        return 0L;
    }

    private static boolean isIdChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$' || c > 0x7f;
    }

    static Object abs(Object v) {
        if (v == null) {
            return null;
        }
        if (v instanceof Long l) {
            if (l == Long.MIN_VALUE) {
                throw new OneLiteException(ResultCode.ERROR, "integer overflow");
            }
            return Math.abs(l);
        }
        return Math.abs(Args.real(v));
    }

    /** likelihood(X, Y): X; SQLite insists on Y being a number between 0.0 and 1.0. */
    static Object likelihood(Object[] a) {
        Object y = a[1];
        boolean ok = (y instanceof Long || y instanceof Double) && SqlValues.toReal(y) >= 0.0
                && SqlValues.toReal(y) <= 1.0;
        if (!ok) {
            throw new OneLiteException(ResultCode.ERROR,
                    "second argument to likelihood() must be a constant between 0.0 and 1.0");
        }
        return a[0];
    }

    static Object firstNonNull(Object[] a) {
        for (Object v : a) {
            if (v != null) {
                return v;
            }
        }
        return null;
    }

    /** iif(c1, v1 [, c2, v2 ...] [, else]) as SQLite 3.48+ (a CASE in function form). */
    static Object iif(Object[] a) {
        int i = 0;
        for (; i + 1 < a.length; i += 2) {
            if (Boolean.TRUE.equals(SqlValues.isTrue(a[i]))) {
                return a[i + 1];
            }
        }
        return i < a.length ? a[i] : null;
    }

    static Object minMax(Object[] a, int sign) {
        return minMax(a, sign, Collation.BINARY);
    }

    static Object minMax(Object[] a, int sign, Collation collation) {
        Object best = a[0];
        if (best == null) {
            return null;
        }
        for (int i = 1; i < a.length; i++) {
            if (a[i] == null) {
                return null;
            }
            // as SQLite's minmaxFunc: max takes a later argument only if greater, min if not greater
            int cmp = SqlValues.compare(best, a[i], collation);
            if (sign > 0 ? cmp < 0 : cmp >= 0) {
                best = a[i];
            }
        }
        return best;
    }

    static Object sign(Object v) {
        Object n = Args.numericOrNull(v);
        if (n == null) {
            return null;
        }
        double d = SqlValues.toReal(n);
        return d < 0 ? -1L : d > 0 ? 1L : 0L;
    }

    /** As SQLite's roundFunc: REAL result, at most 30 digits after the point, half away from zero. */
    static Object round(Object v, Object digits) {
        if (v == null || digits == null) {
            return null;
        }
        long n = Args.int64(digits);
        if (n > 30) {
            n = 30;
        }
        if (n < 0) {
            n = 0;
        }
        double r = Args.real(v);
        if (r < -4503599627370496.0 || r > 4503599627370496.0) {
            return r; // no fractional part to round
        }
        if (n == 0) {
            return (double) (long) (r + (r < 0 ? -0.5 : 0.5)); // as roundFunc: round(-0.3) is 0.0, not -0.0
        }
        // as roundFunc: print with "%!.*f" (SQLite's decimal digits, half-up) and read it back
        String text = io.onelite.exec.value.RealFormat.format(r, 'f', (int) n,
                new io.onelite.exec.value.RealFormat.Flags(false, false, false, true));
        return SqlValues.toReal(text);
    }

    static Object randomBlob(FunctionContext c, Object n) {
        long len = Args.int64(n);
        if (len < 1) {
            len = 1;
        }
        if (len > Args.MAX_LENGTH) {
            throw Args.tooBig();
        }
        byte[] b = new byte[(int) len];
        c.random().nextBytes(b);
        return b;
    }

    static Object zeroBlob(Object n) {
        long len = Args.int64(n);
        if (len < 0) {
            len = 0;
        }
        if (len > Args.MAX_LENGTH) {
            throw Args.tooBig();
        }
        return new byte[(int) len];
    }
}
