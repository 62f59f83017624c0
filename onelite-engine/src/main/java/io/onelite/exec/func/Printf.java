package io.onelite.exec.func;

import io.onelite.exec.value.RealFormat;
import io.onelite.exec.value.SqlValues;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * SQLite's {@code printf()}/{@code format()} SQL function ({@code sqlite3_str_vappendf} in
 * printf.c with SQL-value arguments). Works on UTF-8 bytes as SQLite does, so widths and
 * precisions count bytes unless the {@code !} flag asks for characters.
 *
 * <p>Conversions: {@code d i u x X o p c s z q Q w f e E g G n % r}; flags {@code - + space # ! 0 ,};
 * width and precision as digits or {@code *}; {@code l}/{@code ll} accepted and ignored. A
 * missing argument reads as 0, 0.0 or NULL. An unknown conversion ends the output there.
 */
final class Printf {
    private Printf() {
    }

    private static final byte[] DIGITS_UPPER = "0123456789ABCDEF".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] DIGITS_LOWER = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);

    /** Sequential access to the SQL arguments after the format. */
    private static final class ArgList {
        final Object[] args;
        int next = 1;

        ArgList(Object[] args) {
            this.args = args;
        }

        long nextInt() {
            return next < args.length ? SqlValues.toInteger(args[next++]) : 0;
        }

        double nextReal() {
            return next < args.length ? SqlValues.toReal(args[next++]) : 0.0;
        }

        byte[] nextText() {
            if (next >= args.length) {
                return null;
            }
            Object v = args[next++];
            if (v == null) {
                return null;
            }
            // blobs keep their raw bytes, as sqlite3_value_text() does
            return cString(v instanceof byte[] b ? b : SqlValues.toText(v).getBytes(StandardCharsets.UTF_8));
        }
    }

    /** Bytes up to the first NUL, as C sees a string. */
    private static byte[] cString(byte[] b) {
        for (int i = 0; i < b.length; i++) {
            if (b[i] == 0) {
                return java.util.Arrays.copyOf(b, i);
            }
        }
        return b;
    }

    /** The SQL function: NULL format gives NULL; otherwise the formatted text (NULL if nothing was produced). */
    static Object sqlPrintf(Object[] args) {
        if (args.length == 0 || args[0] == null) {
            return null;
        }
        byte[] fmt = cString(SqlValues.toText(args[0]).getBytes(StandardCharsets.UTF_8));
        Out out = new Out(Args.MAX_LENGTH);
        boolean touched = format(fmt, new ArgList(args), out);
        if (out.size() == 0 && !touched) {
            return null;
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    private static int at(byte[] f, int i) {
        return i < f.length ? f[i] & 0xff : 0;
    }

    private static void appendChars(Out out, int n, char c) {
        for (int i = 0; i < n; i++) {
            out.write(c);
        }
    }

    /** @return whether any output was appended, even empty (SQLite then returns '' rather than NULL) */
    private static boolean format(byte[] f, ArgList args, Out out) {
        boolean touched = false;
        int i = 0;
        while (i < f.length) {
            int c = at(f, i);
            if (c != '%') {
                int start = i;
                while (i < f.length && at(f, i) != '%') {
                    i++;
                }
                out.write(f, start, i - start);
                touched = true;
                if (i >= f.length) {
                    break;
                }
            }
            c = at(f, ++i);
            if (c == 0) {
                out.write('%');
                break;
            }
            boolean leftJustify = false;
            int prefixFlag = 0;
            boolean alternate = false;
            boolean bang = false;
            boolean zeroPad = false;
            boolean thousands = false;
            int width = 0;
            int precision = -1;
            boolean done = false;
            do {
                switch (c) {
                    case '-': leftJustify = true; break;
                    case '+': prefixFlag = '+'; break;
                    case ' ': prefixFlag = ' '; break;
                    case '#': alternate = true; break;
                    case '!': bang = true; break;
                    case '0': zeroPad = true; break;
                    case ',': thousands = true; break;
                    case 'l': {
                        c = at(f, ++i);
                        if (c == 'l') {
                            c = at(f, ++i);
                        }
                        done = true;
                        break;
                    }
                    case '1': case '2': case '3': case '4': case '5':
                    case '6': case '7': case '8': case '9': {
                        long wx = c - '0';
                        while ((c = at(f, ++i)) >= '0' && c <= '9') {
                            wx = (wx * 10 + c - '0') & 0xffffffffL;
                        }
                        width = (int) (wx & 0x7fffffff);
                        if (c != '.' && c != 'l') {
                            done = true;
                        } else {
                            i--;
                        }
                        break;
                    }
                    case '*': {
                        width = (int) args.nextInt();
                        if (width < 0) {
                            leftJustify = true;
                            width = width >= -2147483647 ? -width : 0;
                        }
                        if ((c = at(f, i + 1)) != '.' && c != 'l') {
                            c = at(f, ++i);
                            done = true;
                        }
                        break;
                    }
                    case '.': {
                        c = at(f, ++i);
                        if (c == '*') {
                            precision = (int) args.nextInt();
                            if (precision < 0) {
                                precision = precision >= -2147483647 ? -precision : -1;
                            }
                            c = at(f, ++i);
                        } else {
                            long px = 0;
                            while (c >= '0' && c <= '9') {
                                px = (px * 10 + c - '0') & 0xffffffffL;
                                c = at(f, ++i);
                            }
                            precision = (int) (px & 0x7fffffff);
                        }
                        if (c == 'l') {
                            --i;
                        } else {
                            done = true;
                        }
                        break;
                    }
                    default:
                        done = true;
                        break;
                }
            } while (!done && (c = at(f, ++i)) != 0);
            i++; // past the conversion character
            if (width > 100_000_000 || precision > 100_000_000) {
                throw Args.tooBig();
            }
            byte[] text;
            switch (c) {
                case 'd': case 'i': case 'r':
                    text = integer(args.nextInt(), true, 10, DIGITS_LOWER, c == 'r', prefixFlag, alternate, null,
                            zeroPad, width, precision, thousands && c != 'r');
                    break;
                case 'u':
                    text = integer(args.nextInt(), false, 10, DIGITS_LOWER, false, 0, alternate, null,
                            zeroPad, width, precision, thousands);
                    break;
                case 'x':
                    text = integer(args.nextInt(), false, 16, DIGITS_LOWER, false, 0, alternate, "0x",
                            zeroPad, width, precision, false);
                    break;
                case 'X':
                    text = integer(args.nextInt(), false, 16, DIGITS_UPPER, false, 0, alternate, "0X",
                            zeroPad, width, precision, false);
                    break;
                case 'p':
                    text = integer(args.nextInt(), false, 16, DIGITS_UPPER, false, 0, alternate, "0x",
                            zeroPad, width, precision, false);
                    break;
                case 'o':
                    text = integer(args.nextInt(), false, 8, DIGITS_LOWER, false, 0, alternate, "0",
                            zeroPad, width, precision, false);
                    break;
                case 'f': case 'e': case 'E': case 'g': case 'G':
                    text = real(args.nextReal(), (char) c, precision, prefixFlag, alternate, bang, zeroPad,
                            leftJustify, width, thousands);
                    break;
                case 'n':
                    text = new byte[0];
                    width = 0;
                    break;
                case '%':
                    text = new byte[] {'%'};
                    break;
                case 'c': {
                    byte[] s = args.nextText();
                    byte[] ch = firstChar(s);
                    if (precision > 1) {
                        width -= precision - 1;
                        if (width > 1 && !leftJustify) {
                            appendChars(out, width - 1, ' ');
                            width = 0;
                        }
                        for (int k = 1; k < precision; k++) {
                            out.write(ch, 0, ch.length);
                        }
                    }
                    text = ch;
                    width = adjustWidthForUtf8(text, width, true);
                    break;
                }
                case 's': case 'z': {
                    byte[] s = args.nextText();
                    if (s == null) {
                        s = new byte[0];
                    }
                    int length = s.length;
                    if (precision >= 0) {
                        length = bang ? bytesForChars(s, precision) : Math.min(precision, s.length);
                    }
                    text = java.util.Arrays.copyOf(s, length);
                    width = adjustWidthForUtf8(text, width, bang);
                    break;
                }
                case 'q': case 'Q': case 'w': {
                    text = escape(args.nextText(), c, precision, bang, alternate);
                    width = adjustWidthForUtf8(text, width, bang);
                    break;
                }
                default:
                    return touched;
            }
            touched = true;
            int pad = width - text.length;
            if (pad > 0) {
                if (!leftJustify) {
                    appendChars(out, pad, ' ');
                }
                out.write(text, 0, text.length);
                if (leftJustify) {
                    appendChars(out, pad, ' ');
                }
            } else {
                out.write(text, 0, text.length);
            }
        }
        return touched;
    }

    /** With the ! flag, widths count characters: add one per UTF-8 continuation byte. */
    private static int adjustWidthForUtf8(byte[] text, int width, boolean chars) {
        if (chars && width > 0) {
            for (byte b : text) {
                if ((b & 0xc0) == 0x80) {
                    width++;
                }
            }
        }
        return width;
    }

    private static int bytesForChars(byte[] s, int chars) {
        int i = 0;
        while (chars-- > 0 && i < s.length) {
            // SQLITE_SKIP_UTF8: continuation bytes belong to a character only after a lead byte
            if ((s[i++] & 0xff) >= 0xc0) {
                while (i < s.length && (s[i] & 0xc0) == 0x80) {
                    i++;
                }
            }
        }
        return i;
    }

    private static byte[] firstChar(byte[] s) {
        if (s == null || s.length == 0) {
            return new byte[] {0};
        }
        int len = 1;
        if ((s[0] & 0xc0) == 0xc0) {
            while (len < 4 && len < s.length && (s[len] & 0xc0) == 0x80) {
                len++;
            }
        }
        return java.util.Arrays.copyOf(s, len);
    }

    private static byte[] integer(long v, boolean signed, int base, byte[] digits, boolean ordinal, int prefixFlag,
                                  boolean alternate, String altPrefix, boolean zeroPad, int width, int precision,
                                  boolean thousands) {
        int prefix = 0;
        long u = v;
        if (signed) {
            if (v < 0) {
                u = -v; // two's complement: works for Long.MIN_VALUE read as unsigned
                prefix = '-';
            } else {
                prefix = prefixFlag;
            }
        }
        if (u == 0) {
            alternate = false;
        }
        if (zeroPad && precision < width - (prefix != 0 ? 1 : 0)) {
            precision = width - (prefix != 0 ? 1 : 0);
        }
        StringBuilder sb = new StringBuilder();
        if (ordinal) {
            long x = Long.remainderUnsigned(u, 10);
            String[] suffix = {"th", "st", "nd", "rd"};
            if (x >= 4 || Long.remainderUnsigned(Long.divideUnsigned(u, 10), 10) == 1) {
                x = 0;
            }
            sb.append(new StringBuilder(suffix[(int) x]).reverse());
        }
        if (base == 10 && u >= 0) { // the usual %d: division by a constant, no unsigned arithmetic
            do {
                sb.append((char) digits[(int) (u % 10)]);
                u /= 10;
            } while (u != 0);
        } else {
            do {
                sb.append((char) digits[(int) Long.remainderUnsigned(u, base)]);
                u = Long.divideUnsigned(u, base);
            } while (u != 0);
        }
        // sb holds the ordinal suffix and the digits in reverse order
        while (precision > sb.length()) {
            sb.append('0');
        }
        String body = sb.reverse().toString();
        if (thousands) {
            String ds = ordinal ? body.substring(0, body.length() - 2) : body;
            String suffix = ordinal ? body.substring(body.length() - 2) : "";
            StringBuilder t = new StringBuilder();
            int n = ds.length();
            for (int k = 0; k < n; k++) {
                t.append(ds.charAt(k));
                int remaining = n - 1 - k;
                if (remaining > 0 && remaining % 3 == 0) {
                    t.append(',');
                }
            }
            body = t + suffix;
        }
        if (prefix != 0) {
            body = (char) prefix + body;
        }
        if (alternate && altPrefix != null) {
            body = altPrefix + body;
        }
        return body.getBytes(StandardCharsets.US_ASCII);
    }

    private static byte[] real(double r, char conversion, int precision, int prefixFlag, boolean alternate,
                               boolean bang, boolean zeroPad, boolean leftJustify, int width, boolean thousands) {
        RealFormat.Flags flags = new RealFormat.Flags(prefixFlag == '+', prefixFlag == ' ', alternate, bang);
        String s = RealFormat.format(r, conversion, precision, flags, thousands, zeroPad);
        if (zeroPad && !leftJustify && s.length() < width && !Double.isNaN(r)) {
            int signLen = (s.startsWith("-") || s.startsWith("+") || s.startsWith(" ")) ? 1 : 0;
            s = s.substring(0, signLen) + "0".repeat(width - s.length()) + s.substring(signLen);
        }
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    /**
     * %q, %Q, %w. With the {@code #} flag (SQLite 3.50+), %q and %Q also escape backslashes and
     * control characters as {@code \\u00XX}; %#Q wraps such text in {@code unistr('...')}.
     */
    private static byte[] escape(byte[] arg, int conversion, int precision, boolean bang, boolean alternate) {
        byte q = (byte) (conversion == 'w' ? '"' : '\'');
        boolean isNull = arg == null;
        if (isNull) {
            arg = (conversion == 'Q' ? "NULL" : "(NULL)").getBytes(StandardCharsets.US_ASCII);
        }
        int k = precision;
        int i = 0;
        for (; k != 0 && i < arg.length; i++, k--) {
            if (bang && (arg[i] & 0xc0) == 0xc0) {
                while (i + 1 < arg.length && (arg[i + 1] & 0xc0) == 0x80) {
                    i++;
                }
            }
        }
        boolean unicodeEscapes = alternate && conversion != 'w' && !isNull;
        boolean hasControl = false;
        if (unicodeEscapes) {
            for (int j = 0; j < i; j++) {
                if ((arg[j] & 0xff) < 0x20) {
                    hasControl = true;
                }
            }
            if (conversion == 'Q' && !hasControl) {
                unicodeEscapes = false;
            }
        }
        boolean needQuote = !isNull && conversion == 'Q';
        Out b = new Out(Args.MAX_LENGTH);
        if (needQuote && unicodeEscapes) {
            b.writeBytes("unistr(".getBytes(StandardCharsets.US_ASCII));
        }
        if (needQuote) {
            b.write(q);
        }
        for (int j = 0; j < i; j++) {
            int ch = arg[j] & 0xff;
            if (unicodeEscapes && ch < 0x20) {
                b.writeBytes(String.format("\\u%04x", ch).getBytes(StandardCharsets.US_ASCII));
                continue;
            }
            b.write(ch);
            if (ch == (q & 0xff) || (unicodeEscapes && ch == '\\')) {
                b.write(ch);
            }
        }
        if (needQuote) {
            b.write(q);
        }
        if (needQuote && unicodeEscapes) {
            b.write(')');
        }
        return b.toByteArray();
    }

    /**
     * The output: {@link ByteArrayOutputStream} without its monitor (every write of the JDK's
     * class takes a lock; one call formats into one buffer on one thread), and at most
     * {@code limit} bytes: past that, "string or blob too big" (SQLITE_TOOBIG), as SQLite's
     * printf() fails past SQLITE_MAX_LENGTH.
     */
    static final class Out extends ByteArrayOutputStream {
        private final long limit;

        Out(long limit) {
            this.limit = limit;
        }

        @Override
        public void write(int b) {
            if (count == buf.length) {
                grow(1);
            }
            buf[count++] = (byte) b;
        }

        private void grow(int more) {
            long needed = (long) count + more;
            if (needed > limit) {
                throw Args.tooBig();
            }
            buf = java.util.Arrays.copyOf(buf, (int) Math.min(limit, Math.max(needed, 2L * buf.length)));
        }

        @Override
        public void write(byte[] b, int off, int len) {
            java.util.Objects.checkFromIndexSize(off, len, b.length);
            if ((long) count + len > buf.length) {
                grow(len);
            }
            System.arraycopy(b, off, buf, count, len);
            count += len;
        }

        @Override
        public void writeBytes(byte[] b) {
            write(b, 0, b.length);
        }

        @Override
        public int size() {
            return count;
        }

        @Override
        public byte[] toByteArray() {
            return java.util.Arrays.copyOf(buf, count);
        }

        @Override
        public String toString(java.nio.charset.Charset charset) {
            return new String(buf, 0, count, charset);
        }
    }
}
