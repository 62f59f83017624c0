package io.onelite.exec.func;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The functions sqlite-jdbc registers on every connection from its copy of the contributed
 * {@code extension-functions.c}, beyond what SQLite itself has, so that SQL written for
 * sqlite-jdbc runs here unchanged: atn2, cot, coth, square, difference, replicate, charindex,
 * leftstr, rightstr, reverse, proper, padl, padr, padc, strfilter, and the aggregates stdev,
 * variance, mode, lower_quartile and upper_quartile. Their results follow that C code, quirks
 * included (mode and the quartiles keep only the low 32 bits of an integer, stdev of fewer than
 * two values is 0.0, rightstr with a negative count runs out of memory). As there, they are
 * application functions to SQLite: not deterministic (refused in index expressions), the
 * aggregates not usable as window functions, and listed with builtin 0 by PRAGMA function_list.
 */
final class SqliteJdbcExtensions {
    private SqliteJdbcExtensions() {
    }

    static final Set<String> SCALARS = Set.of("atn2", "cot", "coth", "square", "difference", "replicate",
            "charindex", "leftstr", "rightstr", "reverse", "proper", "padl", "padr", "padc", "strfilter");
    static final Set<String> AGGREGATES = Set.of("stdev", "variance", "mode", "lower_quartile", "upper_quartile");

    static boolean isExtension(String lowerName) {
        return SCALARS.contains(lowerName) || AGGREGATES.contains(lowerName);
    }

    static void register(Functions.Registry r) {
        r.scalar("atn2", 2, (c, a) -> Args.anyNull(a) ? null : real(Math.atan2(Args.real(a[0]), Args.real(a[1]))));
        r.scalar("cot", 1, (c, a) -> a[0] == null ? null : real(1.0 / Math.tan(Args.real(a[0]))));
        r.scalar("coth", 1, (c, a) -> a[0] == null ? null : real(1.0 / Math.tanh(Args.real(a[0]))));
        r.scalar("square", 1, (c, a) -> square(a[0]));
        r.scalar("difference", 2, (c, a) -> Args.anyNull(a) ? null : difference(a[0], a[1]));
        r.scalar("replicate", 2, (c, a) -> replicate(a[0], a[1]));
        r.scalar("charindex", 2, (c, a) -> charindex(a[0], a[1], 0L));
        r.scalar("charindex", 3, (c, a) -> charindex(a[0], a[1], a[2]));
        r.scalar("leftstr", 2, (c, a) -> Args.anyNull(a) ? null : leftstr(cString(a[0]), (int) Args.int64(a[1])));
        r.scalar("rightstr", 2, (c, a) -> Args.anyNull(a) ? null : rightstr(cString(a[0]), (int) Args.int64(a[1])));
        r.scalar("reverse", 1, (c, a) -> a[0] == null ? null : new StringBuilder(cString(a[0])).reverse().toString());
        r.scalar("proper", 1, (c, a) -> a[0] == null ? null : proper(cString(a[0])));
        r.scalar("padl", 2, (c, a) -> pad(a, 'l'));
        r.scalar("padr", 2, (c, a) -> pad(a, 'r'));
        r.scalar("padc", 2, (c, a) -> pad(a, 'c'));
        r.scalar("strfilter", 2, (c, a) -> Args.anyNull(a) ? null : strfilter(cString(a[0]), cString(a[1])));
        r.aggregate("stdev", 1, () -> new Variance(true));
        r.aggregate("variance", 1, () -> new Variance(false));
        r.aggregate("mode", 1, () -> new Distribution(Distribution.MODE));
        r.aggregate("lower_quartile", 1, () -> new Distribution(0.25));
        r.aggregate("upper_quartile", 1, () -> new Distribution(0.75));
    }

    /** A REAL result; NaN is NULL, as sqlite3_result_double makes it. */
    private static Object real(double v) {
        return Double.isNaN(v) ? null : v;
    }

    /** The argument as C code reads it through sqlite3_value_text: text up to its first NUL. */
    private static String cString(Object v) {
        return Args.cString(Args.text(v));
    }

    private static Object square(Object v) {
        if (v == null) {
            return null;
        }
        if (v instanceof Long l) {
            return l * l; // wraps on overflow, as the C multiplication does
        }
        double r = Args.real(v);
        return real(r * r);
    }

    /** How many of the four characters of the two codes below agree. */
    private static Object difference(Object a, Object b) {
        String x = code(cString(a).getBytes(StandardCharsets.UTF_8));
        String y = code(cString(b).getBytes(StandardCharsets.UTF_8));
        long same = 0;
        for (int i = 0; i < 4; i++) {
            if (x.charAt(i) == y.charAt(i)) {
                same++;
            }
        }
        return same;
    }

    /** The code extension-functions.c computes (unlike SQLite's soundex(), the first letter's digit counts). */
    private static final byte[] DIGITS = new byte[128];

    static {
        String letters = "bcdfgjklmnpqrstvxz";
        String digits = "123122245512623122";
        for (int i = 0; i < letters.length(); i++) {
            DIGITS[letters.charAt(i)] = (byte) digits.charAt(i);
            DIGITS[Character.toUpperCase(letters.charAt(i))] = (byte) digits.charAt(i);
        }
    }

    private static String code(byte[] in) {
        int i = 0;
        while (i < in.length && !isAsciiLetter(in[i])) {
            i++;
        }
        if (i == in.length) {
            return "?000";
        }
        StringBuilder out = new StringBuilder(4).append(Character.toUpperCase((char) in[i]));
        for (; out.length() < 4 && i < in.length; i++) {
            byte d = DIGITS[in[i] & 0x7f];
            if (d != 0) {
                out.append((char) d);
            }
        }
        while (out.length() < 4) {
            out.append('0');
        }
        return out.toString();
    }

    private static boolean isAsciiLetter(byte b) {
        return (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z');
    }

    private static Object replicate(Object s, Object n) {
        if (s == null) {
            return null;
        }
        long count = Args.int64(n);
        if (count < 0) {
            throw Args.error("domain error");
        }
        String text = cString(s);
        if (text.isEmpty()) {
            return "";
        }
        if (count > Args.MAX_LENGTH / text.getBytes(StandardCharsets.UTF_8).length) {
            throw Args.tooBig();
        }
        if (count > 0 && text.length() < Args.text(s).length()) {
            return text; // the C code copies past a NUL, and its result ends at the first copy's NUL
        }
        return text.repeat((int) count);
    }

    /** The 1-based character where {@code needle} first starts in {@code hay} from {@code start}, else 0. */
    private static Object charindex(Object needle, Object hay, Object start) {
        if (needle == null || hay == null) {
            return null;
        }
        int[] n = cString(needle).codePoints().toArray();
        int[] h = cString(hay).codePoints().toArray();
        int s = Math.max(0, (int) Args.int64(start) - 1); // a C int: INT_MIN - 1 wraps to INT_MAX
        if (n.length == 0 || s > h.length - n.length) {
            return 0L;
        }
        for (int at = s; at + n.length <= h.length; at++) {
            if (java.util.Arrays.equals(h, at, at + n.length, n, 0, n.length)) {
                return (long) at + 1;
            }
        }
        return 0L;
    }

    private static Object leftstr(String s, int n) {
        int chars = s.codePointCount(0, s.length());
        return n <= 0 ? "" : n >= chars ? s : s.substring(0, s.offsetByCodePoints(0, n));
    }

    private static Object rightstr(String s, int n) {
        int chars = s.codePointCount(0, s.length());
        int skip = chars - n;
        if (skip < 0) {
            skip = 0;
        }
        if (skip > chars) {
            // the C code steps past the end of the text and asks for a negative allocation
            throw new OneLiteException(ResultCode.NOMEM, "out of memory");
        }
        return s.substring(s.offsetByCodePoints(0, skip));
    }

    /** Upper-cases the first ASCII letter of each word (after a space or tab), lower-cases the rest. */
    private static Object proper(String s) {
        StringBuilder out = new StringBuilder(s.length());
        boolean wordStart = true;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == ' ' || c == '\t') {
                wordStart = true;
            } else {
                if (c < 0x80) {
                    c = wordStart ? Character.toUpperCase(c) : Character.toLowerCase(c);
                }
                wordStart = false;
            }
            out.append(c);
        }
        return out.toString();
    }

    /** padl, padr, padc: spaces on the left, right or both sides up to {@code n} characters. */
    private static Object pad(Object[] a, char side) {
        if (a[0] == null) {
            return null;
        }
        String s = cString(a[0]);
        long width = Args.int64(a[1]);
        if (width < 0) {
            throw Args.error("domain error");
        }
        int chars = s.codePointCount(0, s.length());
        if (chars >= width) {
            return s;
        }
        long spaces = width - chars;
        if (spaces > Args.MAX_LENGTH - s.length()) {
            throw Args.tooBig();
        }
        long left = side == 'l' ? spaces : side == 'r' ? 0 : spaces / 2;
        return " ".repeat((int) left) + s + " ".repeat((int) (spaces - left));
    }

    /** The characters of {@code s} that appear in {@code allowed}, in order. */
    private static Object strfilter(String s, String allowed) {
        StringBuilder out = new StringBuilder(s.length());
        s.codePoints().filter(cp -> allowed.indexOf(cp) >= 0).forEach(out::appendCodePoint);
        return out.toString();
    }

    /**
     * stdev and variance: the sample variance by Welford's running mean, over every non-NULL
     * argument read as a number (text that is no number counts as 0.0); 0.0 for fewer than two.
     */
    static final class Variance implements AggregateFunction.Accumulator {
        private final boolean root;
        private long n;
        private double mean;
        private double squares;

        Variance(boolean root) {
            this.root = root;
        }

        @Override
        public void step(Object[] args) {
            if (args[0] == null) {
                return;
            }
            n++;
            Object number = Args.numericOrNull(args[0]);
            double x = Args.real(number != null ? number : args[0]);
            double delta = x - mean;
            mean += delta / n;
            squares += delta * (x - mean);
        }

        @Override
        public Object value() {
            if (n <= 1) {
                return 0.0;
            }
            double v = squares / (n - 1);
            return real(root ? Math.sqrt(v) : v);
        }
    }

    /**
     * mode and the quartiles over the distinct values and their counts, in order. The first
     * non-NULL argument decides whether the values are integers (later ones truncated to
     * integers) or reals; an integer value is read back through a C int, so only its low 32
     * bits count, as in the C code.
     */
    static final class Distribution implements AggregateFunction.Accumulator {
        static final double MODE = -1;

        private final double quantile;
        private Boolean integers;
        private final TreeMap<Long, long[]> longCounts = new TreeMap<>();
        /** Keyed by a comparator that holds -0.0 and 0.0 equal, as C's comparison does; the first one seen is kept. */
        private final TreeMap<Double, long[]> doubleCounts = new TreeMap<>((x, y) -> x < y ? -1 : x > y ? 1 : 0);
        private long n;

        Distribution(double quantile) {
            this.quantile = quantile;
        }

        @Override
        public void step(Object[] args) {
            Object v = args[0];
            if (v == null) {
                return;
            }
            // sqlite3_value_numeric_type turns text that is wholly a number into it before it is read
            Object number = Args.numericOrNull(v);
            Object read = number != null ? number : v;
            if (integers == null) {
                integers = number instanceof Long;
            }
            n++;
            if (integers) {
                longCounts.computeIfAbsent(Args.int64(read), k -> new long[1])[0]++;
            } else {
                doubleCounts.computeIfAbsent(Args.real(read), k -> new long[1])[0]++;
            }
        }

        @Override
        public Object value() {
            if (integers == null) {
                return null;
            }
            Map<? extends Number, long[]> counts = integers ? longCounts : doubleCounts;
            return quantile == MODE ? mode(counts) : quantile(counts);
        }

        private Object mode(Map<? extends Number, long[]> counts) {
            long best = 0;
            long ties = 0;
            Number value = null;
            for (Map.Entry<? extends Number, long[]> e : counts.entrySet()) {
                long c = e.getValue()[0];
                if (c == best) {
                    ties++;
                } else if (c > best) {
                    best = c;
                    ties = 1;
                    value = e.getKey();
                }
            }
            if (ties != 1) {
                return null;
            }
            return integers ? (Object) (long) value.intValue() : value.doubleValue();
        }

        /** extension-functions.c's medianIterate with its count threshold. */
        private Object quantile(Map<? extends Number, long[]> counts) {
            double below = n * quantile;
            double above = n - below;
            long seen = 0;
            long taken = 0;
            long longSum = 0;
            double doubleSum = 0;
            for (Map.Entry<? extends Number, long[]> e : counts.entrySet()) {
                long c = e.getValue()[0];
                int upTo = (int) (seen + c);
                int from = (int) (n - seen);
                if (upTo >= below) {
                    if (from >= above) {
                        taken++;
                        if (integers) {
                            longSum += e.getKey().intValue();
                        } else {
                            doubleSum += e.getKey().doubleValue();
                        }
                    } else {
                        break;
                    }
                }
                seen += c;
            }
            if (!integers) {
                return real(doubleSum / taken);
            }
            return taken == 1 ? (Object) longSum : real(longSum * 1.0 / taken);
        }
    }
}
