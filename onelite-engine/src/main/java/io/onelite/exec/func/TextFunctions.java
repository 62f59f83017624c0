package io.onelite.exec.func;

import io.onelite.exec.value.RealFormat;
import io.onelite.exec.value.SqlValues;

import java.nio.charset.StandardCharsets;

/**
 * Text and blob scalar functions of SQLite's func.c: char, concat, concat_ws, glob, hex,
 * instr, length, like, lower, upper, ltrim, rtrim, trim, octet_length, quote, replace, soundex,
 * substr/substring, unhex, unicode. Lengths and positions count characters (code points) for
 * TEXT and bytes for BLOB, as SQLite does over UTF-8.
 */
final class TextFunctions {
    private TextFunctions() {
    }


    static void register(Functions.Registry r) {
        r.scalarVariadic("char", 0, Functions.MAX_ARGS, (c, a) -> charFunc(a));
        r.scalarVariadic("concat", 1, Functions.MAX_ARGS, (c, a) -> concat(a, 0, ""));
        r.scalarVariadic("concat_ws", 2, Functions.MAX_ARGS,
                (c, a) -> a[0] == null ? null : concat(a, 1, Args.text(a[0])));
        r.scalar("glob", 2, (c, a) -> glob(a[0], a[1]));
        r.scalar("like", 2, (c, a) -> like(c, a[0], a[1], null, false));
        r.scalar("like", 3, (c, a) -> like(c, a[0], a[1], a[2], true));
        r.scalar("hex", 1, (c, a) -> hex(a[0]));
        r.scalar("unhex", 1, (c, a) -> unhex(a[0], ""));
        r.scalar("unhex", 2, (c, a) -> a[1] == null ? null : unhex(a[0], Args.text(a[1])));
        r.scalar("instr", 2, (c, a) -> instr(a[0], a[1]));
        r.scalar("length", 1, (c, a) -> length(a[0]));
        r.scalar("octet_length", 1, (c, a) -> octetLength(a[0]));
        r.scalar("lower", 1, (c, a) -> a[0] == null ? null : asciiCase(Args.text(a[0]), false));
        r.scalar("upper", 1, (c, a) -> a[0] == null ? null : asciiCase(Args.text(a[0]), true));
        r.scalar("ltrim", 1, (c, a) -> trim(a[0], " ", true, false));
        r.scalar("ltrim", 2, (c, a) -> trim(a[0], a[1], true, false));
        r.scalar("rtrim", 1, (c, a) -> trim(a[0], " ", false, true));
        r.scalar("rtrim", 2, (c, a) -> trim(a[0], a[1], false, true));
        r.scalar("trim", 1, (c, a) -> trim(a[0], " ", true, true));
        r.scalar("trim", 2, (c, a) -> trim(a[0], a[1], true, true));
        r.scalar("quote", 1, (c, a) -> quote(a[0]));
        r.scalar("replace", 3, (c, a) -> replace(a[0], a[1], a[2]));
        r.scalar("soundex", 1, (c, a) -> soundex(a[0]));
        r.scalar("substr", 2, (c, a) -> substr(a[0], a[1], Args.NO_ARG));
        r.scalar("substr", 3, (c, a) -> substr(a[0], a[1], a[2]));
        r.scalar("substring", 2, (c, a) -> substr(a[0], a[1], Args.NO_ARG));
        r.scalar("substring", 3, (c, a) -> substr(a[0], a[1], a[2]));
        r.scalar("unicode", 1, (c, a) -> unicode(a[0]));
        r.scalar("unistr", 1, (c, a) -> a[0] == null ? null : unistr(Args.text(a[0])));
        r.scalar("unistr_quote", 1, (c, a) -> a[0] instanceof String t ? Printf.sqlPrintf(new Object[] {"%#Q", t}) : quote(a[0]));
    }

    static Object charFunc(Object[] a) {
        StringBuilder sb = new StringBuilder();
        for (Object v : a) {
            long x = Args.int64(v);
            if (x < 0 || x > 0x10ffff) {
                x = 0xfffd;
            }
            sb.appendCodePoint((int) x);
        }
        return sb.toString();
    }

    static Object concat(Object[] a, int from, String separator) {
        StringBuilder sb = new StringBuilder();
        boolean first = true;
        for (int i = from; i < a.length; i++) {
            if (a[i] == null) {
                continue;
            }
            if (!first) {
                sb.append(separator);
            }
            first = false;
            sb.append(Args.text(a[i]));
        }
        return sb.toString();
    }

    static Object glob(Object pattern, Object text) {
        String p = pattern == null ? null : Args.text(pattern);
        SqlValues.checkLikePattern(p);
        if (p == null || text == null) {
            return null;
        }
        return SqlValues.glob(p, Args.text(text)) ? 1L : 0L;
    }

    /** As SQLite's likeFunc: the pattern length, then the escape, are checked before NULLs give NULL. */
    static Object like(FunctionContext c, Object pattern, Object text, Object escape, boolean hasEscape) {
        String p = pattern == null ? null : Args.text(pattern);
        SqlValues.checkLikePattern(p);
        String esc = null;
        if (hasEscape) {
            if (escape == null) {
                return null;
            }
            esc = Args.text(escape);
            SqlValues.checkLikeEscape(esc);
        }
        if (p == null || text == null) {
            return null;
        }
        return SqlValues.like(p, Args.text(text), esc, c.caseSensitiveLike()) ? 1L : 0L;
    }

    static String hexOf(byte[] b) {
        final char[] digits = "0123456789ABCDEF".toCharArray();
        char[] out = new char[b.length * 2];
        for (int i = 0; i < b.length; i++) {
            out[2 * i] = digits[(b[i] >> 4) & 0xf];
            out[2 * i + 1] = digits[b[i] & 0xf];
        }
        return new String(out);
    }

    static Object hex(Object v) {
        if (v == null) {
            return "";
        }
        return hexOf(SqlValues.toBlob(v));
    }

    /** unhex(X, Y): hex digit pairs of X, skipping characters of Y between pairs; NULL if malformed. */
    static Object unhex(Object v, String ignore) {
        if (v == null) {
            return null;
        }
        String s = Args.cString(Args.text(v)); // the hex text ends at a NUL, as a C string
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        int i = 0;
        int n = s.length();
        while (i < n) {
            int c = s.codePointAt(i);
            if (!isHex(c)) {
                if (ignore.indexOf(c) >= 0 || (c > 0xffff && ignore.contains(new String(Character.toChars(c))))) {
                    i += Character.charCount(c);
                    continue;
                }
                return null;
            }
            if (i + 1 >= n || !isHex(s.charAt(i + 1))) {
                return null;
            }
            out.write((Character.digit(s.charAt(i), 16) << 4) | Character.digit(s.charAt(i + 1), 16));
            i += 2;
        }
        return out.toByteArray();
    }

    private static boolean isHex(int c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }

    static Object instr(Object haystack, Object needle) {
        if (haystack == null || needle == null) {
            return null;
        }
        if (haystack instanceof byte[] h && needle instanceof byte[] nd) {
            if (nd.length == 0) {
                return 1L;
            }
            outer:
            for (int i = 0; i + nd.length <= h.length; i++) {
                for (int j = 0; j < nd.length; j++) {
                    if (h[i + j] != nd[j]) {
                        continue outer;
                    }
                }
                return (long) i + 1;
            }
            return 0L;
        }
        if (haystack instanceof byte[] || needle instanceof byte[]) {
            return instrBytes(bytes(haystack), bytes(needle));
        }
        String h = Args.text(haystack);
        String nd = Args.text(needle);
        int at = h.indexOf(nd);
        return at < 0 ? 0L : (long) h.codePointCount(0, at) + 1;
    }

    /** A BLOB's bytes as they are, any other value's text as UTF-8. */
    private static byte[] bytes(Object v) {
        return v instanceof byte[] b ? b : Args.text(v).getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    /**
     * instr() of a BLOB and a value that is not one: SQLite reads both as text, the BLOB's bytes
     * unchecked as UTF-8, and counts characters by stepping over continuation bytes (10xxxxxx),
     * so a stray one belongs to the character before it.
     */
    private static long instrBytes(byte[] h, byte[] nd) {
        if (nd.length == 0) {
            return 1;
        }
        long n = 1;
        int i = 0;
        while (nd.length <= h.length - i && !java.util.Arrays.equals(h, i, i + nd.length, nd, 0, nd.length)) {
            n++;
            do {
                i++;
            } while (i < h.length && (h[i] & 0xc0) == 0x80);
        }
        return nd.length > h.length - i ? 0 : n;
    }

    static Object length(Object v) {
        if (v == null) {
            return null;
        }
        if (v instanceof byte[] b) {
            return (long) b.length;
        }
        return (long) Args.charLength(Args.text(v));
    }

    static Object octetLength(Object v) {
        if (v == null) {
            return null;
        }
        return (long) SqlValues.toBlob(v).length;
    }

    static String asciiCase(String s, boolean upper) {
        int first = 0;
        while (first < s.length() && !changesCase(s.charAt(first), upper)) {
            first++;
        }
        if (first == s.length()) {
            return s; // nothing to change: no copy
        }
        char[] cs = s.toCharArray();
        for (int i = first; i < cs.length; i++) {
            if (changesCase(cs[i], upper)) {
                cs[i] = (char) (cs[i] ^ 0x20); // ASCII letters differ in case by this bit alone
            }
        }
        return new String(cs);
    }

    private static boolean changesCase(char ch, boolean upper) {
        return upper ? ch >= 'a' && ch <= 'z' : ch >= 'A' && ch <= 'Z';
    }

    static Object trim(Object v, Object chars, boolean left, boolean right) {
        if (v == null || chars == null) {
            return null;
        }
        String s = Args.text(v);
        int[] set = Args.text(chars).codePoints().toArray();
        int start = 0;
        int end = s.length();
        if (left) {
            while (start < end && contains(set, s.codePointAt(start))) {
                start += Character.charCount(s.codePointAt(start));
            }
        }
        if (right) {
            while (end > start && contains(set, s.codePointBefore(end))) {
                end -= Character.charCount(s.codePointBefore(end));
            }
        }
        return s.substring(start, end);
    }

    private static boolean contains(int[] set, int c) {
        for (int x : set) {
            if (x == c) {
                return true;
            }
        }
        return false;
    }

    /** quote(X): an SQL literal for the value (SQLite's {@code sqlite3QuoteValue}). */
    static Object quote(Object v) {
        if (v == null) {
            return "NULL";
        }
        if (v instanceof Long l) {
            return Long.toString(l);
        }
        if (v instanceof Double d) {
            return RealFormat.quoteReal(d);
        }
        if (v instanceof byte[] b) {
            return "X'" + hexOf(b) + "'";
        }
        return "'" + Args.cString((String) v).replace("'", "''") + "'";
    }

    /**
     * unistr(X) (SQLite 3.50+): a backslash followed by 4 hexadecimal digits, by 'u' and 4, by
     * '+' and 6 or by 'U' and 8 becomes the character with that code, two backslashes one; any
     * other backslash is "invalid Unicode escape". A code that is no Unicode scalar value
     * (a surrogate, past U+10FFFF) becomes U+FFFD, where SQLite writes bytes that are no UTF-8.
     */
    static Object unistr(String in) {
        StringBuilder out = new StringBuilder(in.length());
        int i = 0;
        int end = Args.cString(in).length(); // strchr() stops at a NUL
        while (i < in.length()) {
            int slash = in.indexOf('\\', i);
            if (slash < 0 || slash > end) {
                out.append(in, i, in.length());
                break;
            }
            out.append(in, i, slash);
            i = slash;
            char next = i + 1 < in.length() ? in.charAt(i + 1) : 0;
            int digits;
            int from;
            if (next == '\\') {
                out.append('\\');
                i += 2;
                continue;
            } else if (Character.digit(next, 16) >= 0 && next < 0x80) {
                digits = 4;
                from = i + 1;
            } else if (next == '+') {
                digits = 6;
                from = i + 2;
            } else if (next == 'u') {
                digits = 4;
                from = i + 2;
            } else if (next == 'U') {
                digits = 8;
                from = i + 2;
            } else {
                throw Args.error("invalid Unicode escape");
            }
            long v = 0;
            for (int k = 0; k < digits; k++) {
                char h = from + k < in.length() ? in.charAt(from + k) : 0;
                int d = h < 0x80 ? Character.digit(h, 16) : -1;
                if (d < 0) {
                    throw Args.error("invalid Unicode escape");
                }
                v = (v << 4) + d;
            }
            boolean scalar = v <= 0x10ffff && (v < 0xd800 || v > 0xdfff);
            out.appendCodePoint(scalar ? (int) v : 0xfffd);
            i = from + digits;
        }
        return out.toString();
    }

    static Object replace(Object x, Object y, Object z) {
        if (x == null || y == null) {
            return null;
        }
        String pattern = Args.text(y);
        if (pattern.isEmpty()) {
            return x instanceof String ? x : Args.text(x);
        }
        if (z == null) {
            return null;
        }
        return Args.text(x).replace(pattern, Args.text(z));
    }

    private static final int[] SOUNDEX = {
        0, 1, 2, 3, 0, 1, 2, 0, 0, 2, 2, 4, 5, 5, 0, 1, 2, 6, 2, 3, 0, 1, 0, 2, 0, 2,
    };

    private static int soundexCode(int b) {
        int c = b & 0x7f;
        if (c >= 'a' && c <= 'z') {
            return SOUNDEX[c - 'a'];
        }
        if (c >= 'A' && c <= 'Z') {
            return SOUNDEX[c - 'A'];
        }
        return 0;
    }

    private static boolean isAlpha(int b) {
        return (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z');
    }

    /** soundex(X) as SQLite's (compiled with SQLITE_SOUNDEX), over the UTF-8 bytes. */
    static Object soundex(Object v) {
        byte[] in = v == null ? new byte[0] : Args.text(v).getBytes(StandardCharsets.UTF_8);
        int i = 0;
        while (i < in.length && in[i] != 0 && !isAlpha(in[i] & 0xff)) {
            i++;
        }
        if (i >= in.length || in[i] == 0) {
            return "?000";
        }
        char[] out = new char[4];
        int prev = soundexCode(in[i] & 0xff);
        out[0] = Character.toUpperCase((char) in[i]);
        int j = 1;
        for (; j < 4 && i < in.length && in[i] != 0; i++) {
            int code = soundexCode(in[i] & 0xff);
            if (code > 0) {
                if (code != prev) {
                    prev = code;
                    out[j++] = (char) ('0' + code);
                }
            } else {
                prev = 0;
            }
        }
        while (j < 4) {
            out[j++] = '0';
        }
        return new String(out);
    }

    /** substr(X, Y [, Z]) as SQLite's substrFunc, including negative and zero start and length. */
    static Object substr(Object x, Object start, Object count) {
        if (x == null || start == null) {
            return null;
        }
        boolean hasCount = count != Args.NO_ARG;
        if (count == null) {
            return null;
        }
        long p1 = Args.int64(start);
        long p2;
        boolean negP2 = false;
        byte[] blob = x instanceof byte[] b ? b : null;
        String text = null;
        long len;
        if (blob != null) {
            if (blob.length == 0) {
                return null; // sqlite3_value_blob() of an empty blob is a NULL pointer
            }
            len = blob.length;
        } else {
            text = Args.cString(Args.text(x));
            len = text.codePointCount(0, text.length()); // characters are code points, as SQLite's UTF-8 ones
        }
        if (hasCount) {
            p2 = Args.int64(count);
            if (p2 < 0) {
                p2 = p2 == Long.MIN_VALUE ? Long.MAX_VALUE : -p2;
                negP2 = true;
            }
        } else {
            p2 = Args.MAX_LENGTH;
        }
        if (p1 < 0) {
            p1 += len;
            if (p1 < 0) {
                p2 += p1;
                if (p2 < 0) {
                    p2 = 0;
                }
                p1 = 0;
            }
        } else if (p1 > 0) {
            p1--;
        } else if (p2 > 0) {
            p2--;
        }
        if (negP2) {
            p1 -= p2;
            if (p1 < 0) {
                p2 += p1;
                p1 = 0;
            }
        }
        if (p1 >= len) {
            p1 = len;
            p2 = 0;
        } else if (p2 > len - p1) {
            p2 = len - p1;
        }
        if (blob != null) {
            return java.util.Arrays.copyOfRange(blob, (int) p1, (int) (p1 + p2));
        }
        if (len == text.length()) {
            return text.substring((int) p1, (int) (p1 + p2)); // no surrogate pair: chars are code points
        }
        int from = text.offsetByCodePoints(0, (int) p1);
        return text.substring(from, text.offsetByCodePoints(from, (int) p2));
    }

    static Object unicode(Object v) {
        if (v == null) {
            return null;
        }
        String s = Args.text(v);
        if (s.isEmpty() || s.charAt(0) == '\0') {
            return null;
        }
        return (long) s.codePointAt(0);
    }
}
