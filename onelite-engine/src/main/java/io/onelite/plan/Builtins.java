package io.onelite.plan;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.exec.Accumulator;
import io.onelite.exec.ExecContext;
import io.onelite.exec.ValueOps;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * The built-in functions the planner falls back to when {@code io.onelite.exec.func} has no
 * such function: the core scalar functions and the aggregates of SQLite's {@code func.c}.
 */
final class Builtins {
    private Builtins() {
    }

    /** A scalar function body. */
    interface Fn {
        Object call(ExecContext ctx, Object[] args);
    }

    static boolean isAggregate(String name, int argc) {
        return aggregate(name, argc) != null;
    }

    static Supplier<Accumulator> aggregate(String name, int argc) {
        switch (name.toLowerCase(Locale.ROOT)) {
            case "count":
                return argc <= 1 ? Count::new : null;
            case "sum":
                return argc == 1 ? () -> new Sum(false) : null;
            case "total":
                return argc == 1 ? () -> new Sum(true) : null;
            case "avg":
                return argc == 1 ? Avg::new : null;
            case "min":
                return argc == 1 ? () -> new MinMax(-1) : null;
            case "max":
                return argc == 1 ? () -> new MinMax(1) : null;
            case "group_concat":
                return argc == 1 || argc == 2 ? GroupConcat::new : null;
            default:
                return null;
        }
    }

    private static final class Count implements Accumulator {
        long n;

        @Override
        public void step(Object[] args) {
            if (args.length == 0 || args[0] != null) {
                n++;
            }
        }

        @Override
        public Object value() {
            return n;
        }
    }

    private static final class Sum implements Accumulator {
        final boolean total;
        long isum;
        double rsum;
        boolean real;
        boolean any;
        boolean overflow;

        Sum(boolean total) {
            this.total = total;
        }

        @Override
        public void step(Object[] args) {
            Object v = args[0];
            if (v == null) {
                return;
            }
            any = true;
            Object n = ValueOps.numericPrefix(v);
            if (n instanceof Long l && !real) {
                long r = isum + l;
                if (((isum ^ r) & (l ^ r)) < 0) {
                    overflow = true;
                    rsum = (double) isum + l;
                    real = true;
                } else {
                    isum = r;
                }
            } else {
                if (!real) {
                    rsum = isum;
                    real = true;
                }
                rsum += n instanceof Long l ? (double) l : (Double) n;
                if (!(v instanceof Double) && !(n instanceof Double)) {
                    // an integer added after the switch to real keeps the real sum
                }
            }
        }

        @Override
        public Object value() {
            if (total) {
                return real ? rsum : (double) isum;
            }
            if (!any) {
                return null;
            }
            if (overflow) {
                throw new OneLiteException(ResultCode.ERROR, "integer overflow");
            }
            return real ? (Object) rsum : (Object) isum;
        }
    }

    private static final class Avg implements Accumulator {
        double sum;
        long n;

        @Override
        public void step(Object[] args) {
            if (args[0] != null) {
                sum += ValueOps.toReal(args[0]);
                n++;
            }
        }

        @Override
        public Object value() {
            return n == 0 ? null : sum / n;
        }
    }

    private static final class MinMax implements Accumulator {
        final int sign;
        Object best;

        MinMax(int sign) {
            this.sign = sign;
        }

        @Override
        public void step(Object[] args) {
            Object v = args[0];
            if (v == null) {
                return;
            }
            if (best == null || ValueOps.compare(v, best, null) * sign > 0) {
                best = v;
            }
        }

        @Override
        public Object value() {
            return best;
        }
    }

    private static final class GroupConcat implements Accumulator {
        StringBuilder sb;

        @Override
        public void step(Object[] args) {
            if (args[0] == null) {
                return;
            }
            if (sb == null) {
                sb = new StringBuilder();
            } else {
                sb.append(args.length > 1 ? (args[1] == null ? "" : ValueOps.toText(args[1])) : ",");
            }
            sb.append(ValueOps.toText(args[0]));
        }

        @Override
        public Object value() {
            return sb == null ? null : sb.toString();
        }
    }

    /** A scalar function by name and argument count, or null. */
    static Fn scalar(String name, int argc) {
        switch (name.toLowerCase(Locale.ROOT)) {
            case "abs":
                return argc != 1 ? null : (c, a) -> {
                    if (a[0] == null) {
                        return null;
                    }
                    Object n = ValueOps.numericPrefix(a[0]);
                    if (n instanceof Long l) {
                        if (l == Long.MIN_VALUE) {
                            throw new OneLiteException(ResultCode.ERROR, "integer overflow");
                        }
                        return Math.abs(l);
                    }
                    return Math.abs((Double) n);
                };
            case "coalesce":
                return argc < 2 ? null : (c, a) -> {
                    for (Object v : a) {
                        if (v != null) {
                            return v;
                        }
                    }
                    return null;
                };
            case "ifnull":
                return argc != 2 ? null : (c, a) -> a[0] != null ? a[0] : a[1];
            case "nullif":
                return argc != 2 ? null : (c, a) -> a[0] != null && a[1] != null
                        && ValueOps.compare(a[0], a[1], null) == 0 ? null : a[0];
            case "iif", "if":
                return argc < 2 ? null : (c, a) -> {
                    int i = 0;
                    for (; i + 1 < a.length; i += 2) { // iif(c1, v1 [, c2, v2 ...] [, else]), as SQLite 3.48+
                        if (ValueOps.isTrue(a[i])) {
                            return a[i + 1];
                        }
                    }
                    return i < a.length ? a[i] : null;
                };
            case "length":
                return argc != 1 ? null : (c, a) -> {
                    Object v = a[0];
                    if (v == null) {
                        return null;
                    }
                    if (v instanceof byte[] b) {
                        return (long) b.length;
                    }
                    String s = ValueOps.toText(v);
                    return (long) s.codePointCount(0, s.length());
                };
            case "lower":
                return argc != 1 ? null : (c, a) -> a[0] == null ? null : ValueOps.toText(a[0]).toLowerCase(Locale.ROOT);
            case "upper":
                return argc != 1 ? null : (c, a) -> a[0] == null ? null : ValueOps.toText(a[0]).toUpperCase(Locale.ROOT);
            case "typeof":
                return argc != 1 ? null : (c, a) -> a[0] == null ? "null" : a[0] instanceof Long ? "integer"
                        : a[0] instanceof Double ? "real" : a[0] instanceof String ? "text" : "blob";
            case "min":
                return argc < 2 ? null : (c, a) -> extreme(a, -1);
            case "max":
                return argc < 2 ? null : (c, a) -> extreme(a, 1);
            case "last_insert_rowid":
                return argc != 0 ? null : (c, a) -> c.session.lastInsertRowid();
            case "changes":
                return argc != 0 ? null : (c, a) -> c.session.changes();
            case "total_changes":
                return argc != 0 ? null : (c, a) -> c.session.totalChanges();
            case "random":
                return argc != 0 ? null : (c, a) -> java.util.concurrent.ThreadLocalRandom.current().nextLong();
            case "hex":
                return argc != 1 ? null : (c, a) -> {
                    byte[] b = a[0] == null ? new byte[0] : a[0] instanceof byte[] x ? x
                            : ValueOps.toText(a[0]).getBytes(StandardCharsets.UTF_8);
                    StringBuilder sb = new StringBuilder();
                    for (byte x : b) {
                        sb.append(String.format("%02X", x & 0xff));
                    }
                    return sb.toString();
                };
            case "round":
                return argc != 1 && argc != 2 ? null : (c, a) -> {
                    if (a[0] == null || (argc == 2 && a[1] == null)) {
                        return null;
                    }
                    double d = ValueOps.toReal(a[0]);
                    long digits = argc == 2 ? Math.max(0, Math.min(30, ValueOps.toInteger(a[1]))) : 0;
                    java.math.BigDecimal bd = new java.math.BigDecimal(Double.toString(d))
                            .setScale((int) digits, java.math.RoundingMode.HALF_UP);
                    return bd.doubleValue();
                };
            case "substr":
            case "substring":
                return argc != 2 && argc != 3 ? null : Builtins::substr;
            case "instr":
                return argc != 2 ? null : (c, a) -> {
                    if (a[0] == null || a[1] == null) {
                        return null;
                    }
                    String s = ValueOps.toText(a[0]);
                    int i = s.indexOf(ValueOps.toText(a[1]));
                    return i < 0 ? 0L : (long) s.codePointCount(0, i) + 1;
                };
            case "replace":
                return argc != 3 ? null : (c, a) -> {
                    if (a[0] == null || a[1] == null || a[2] == null) {
                        return null;
                    }
                    String p = ValueOps.toText(a[1]);
                    return p.isEmpty() ? ValueOps.toText(a[0]) : ValueOps.toText(a[0]).replace(p, ValueOps.toText(a[2]));
                };
            case "trim":
            case "ltrim":
            case "rtrim":
                return argc != 1 && argc != 2 ? null : (c, a) -> trim(name.toLowerCase(Locale.ROOT), a);
            case "quote":
                return argc != 1 ? null : (c, a) -> a[0] == null ? "NULL" : a[0] instanceof String s
                        ? "'" + s.replace("'", "''") + "'" : ValueOps.toText(a[0]);
            case "unicode":
                return argc != 1 ? null : (c, a) -> {
                    String s = ValueOps.toText(a[0]);
                    return s == null || s.isEmpty() ? null : (long) s.codePointAt(0);
                };
            case "char":
                return (c, a) -> {
                    StringBuilder sb = new StringBuilder();
                    for (Object v : a) {
                        sb.appendCodePoint((int) (long) ValueOps.toInteger(v == null ? 0L : v));
                    }
                    return sb.toString();
                };
            case "sqlite_version":
                return argc != 0 ? null : (c, a) -> "3.49.2";
            default:
                return null;
        }
    }

    private static Object extreme(Object[] a, int sign) {
        Object best = null;
        for (Object v : a) {
            if (v == null) {
                return null;
            }
            if (best == null || ValueOps.compare(v, best, null) * sign > 0) {
                best = v;
            }
        }
        return best;
    }

    private static Object substr(ExecContext c, Object[] a) {
        if (a[0] == null || a[1] == null || (a.length == 3 && a[2] == null)) {
            return null;
        }
        String s = ValueOps.toText(a[0]);
        int[] cps = s.codePoints().toArray();
        long len = cps.length;
        long start = ValueOps.toInteger(a[1]);
        long count = a.length == 3 ? ValueOps.toInteger(a[2]) : Long.MAX_VALUE / 4;
        if (start < 0) {
            start = len + start;
            if (start < 0) {
                count += start;
                start = 0;
            }
        } else if (start > 0) {
            start--;
        } else if (count > 0) {
            count--;
        }
        if (count < 0) {
            start += count;
            count = -count;
            if (start < 0) {
                count += start;
                start = 0;
            }
        }
        long end = Math.min(len, start + count);
        if (start >= len || end <= start) {
            return "";
        }
        return new String(cps, (int) start, (int) (end - start));
    }

    private static Object trim(String which, Object[] a) {
        if (a[0] == null || (a.length == 2 && a[1] == null)) {
            return null;
        }
        String s = ValueOps.toText(a[0]);
        String chars = a.length == 2 ? ValueOps.toText(a[1]) : " ";
        int b = 0;
        int e = s.length();
        if (!which.equals("rtrim")) {
            while (b < e && chars.indexOf(s.charAt(b)) >= 0) {
                b++;
            }
        }
        if (!which.equals("ltrim")) {
            while (e > b && chars.indexOf(s.charAt(e - 1)) >= 0) {
                e--;
            }
        }
        return s.substring(b, e);
    }

    /** SQLite's LIKE: % and _, ASCII case folding, optional escape character. */
    static boolean like(String pattern, String text, int escape) {
        return likeAt(pattern, 0, text, 0, escape);
    }

    private static boolean likeAt(String p, int pi, String t, int ti, int esc) {
        while (pi < p.length()) {
            char c = p.charAt(pi);
            if (c == esc) {
                pi++;
                if (pi >= p.length()) {
                    return false;
                }
                if (ti >= t.length() || fold(p.charAt(pi)) != fold(t.charAt(ti))) {
                    return false;
                }
                pi++;
                ti++;
            } else if (c == '%') {
                while (pi < p.length() && (p.charAt(pi) == '%' || p.charAt(pi) == '_')) {
                    if (p.charAt(pi) == '_') {
                        if (ti >= t.length()) {
                            return false;
                        }
                        ti++;
                    }
                    pi++;
                }
                if (pi == p.length()) {
                    return true;
                }
                for (int k = ti; k <= t.length(); k++) {
                    if (likeAt(p, pi, t, k, esc)) {
                        return true;
                    }
                }
                return false;
            } else if (c == '_') {
                if (ti >= t.length()) {
                    return false;
                }
                pi++;
                ti++;
            } else {
                if (ti >= t.length() || fold(c) != fold(t.charAt(ti))) {
                    return false;
                }
                pi++;
                ti++;
            }
        }
        return ti == t.length();
    }

    private static char fold(char c) {
        return c >= 'A' && c <= 'Z' ? (char) (c + 32) : c;
    }

    /** SQLite's GLOB: *, ?, [...] character classes, case-sensitive. */
    static boolean glob(String p, String t) {
        return globAt(p, 0, t, 0);
    }

    private static boolean globAt(String p, int pi, String t, int ti) {
        while (pi < p.length()) {
            char c = p.charAt(pi);
            if (c == '*') {
                while (pi < p.length() && p.charAt(pi) == '*') {
                    pi++;
                }
                if (pi == p.length()) {
                    return true;
                }
                for (int k = ti; k <= t.length(); k++) {
                    if (globAt(p, pi, t, k)) {
                        return true;
                    }
                }
                return false;
            } else if (c == '?') {
                if (ti >= t.length()) {
                    return false;
                }
                pi++;
                ti++;
            } else if (c == '[') {
                if (ti >= t.length()) {
                    return false;
                }
                int end = p.indexOf(']', pi + 2);
                if (end < 0) {
                    return false;
                }
                String set = p.substring(pi + 1, end);
                boolean invert = set.startsWith("^");
                if (invert) {
                    set = set.substring(1);
                }
                char x = t.charAt(ti);
                boolean hit = false;
                for (int i = 0; i < set.length(); i++) {
                    if (i + 2 < set.length() && set.charAt(i + 1) == '-') {
                        if (x >= set.charAt(i) && x <= set.charAt(i + 2)) {
                            hit = true;
                        }
                        i += 2;
                    } else if (set.charAt(i) == x) {
                        hit = true;
                    }
                }
                if (hit == invert) {
                    return false;
                }
                pi = end + 1;
                ti++;
            } else {
                if (ti >= t.length() || c != t.charAt(ti)) {
                    return false;
                }
                pi++;
                ti++;
            }
        }
        return ti == t.length();
    }
}
