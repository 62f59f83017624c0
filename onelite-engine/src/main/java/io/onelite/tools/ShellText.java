package io.onelite.tools;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Text as the shell sees it: {@code sqlite3} prints C strings, so a value's text stops at its
 * first NUL, and a BLOB's bytes go out as they are, valid UTF-8 or not.
 *
 * <p>A BLOB becomes a Java string the way Python's {@code surrogateescape} does it: valid UTF-8
 * sequences decode to their characters and each other byte {@code b} to the lone surrogate
 * {@code U+DC00 + b}; {@link #encode} turns those back into the same bytes. So no byte is lost
 * between the value and the output, and each odd byte counts as one character of width.
 */
final class ShellText {
    private static final char ESCAPE_BASE = '\uDC00';

    private ShellText() {
    }

    /** The text {@code sqlite3_column_text} would give, up to the first NUL. */
    static String cString(String s) {
        int nul = s.indexOf('\0');
        return nul < 0 ? s : s.substring(0, nul);
    }

    /** A BLOB's bytes as text (see the class comment), every byte kept. */
    static String ofBytes(byte[] b) {
        StringBuilder sb = new StringBuilder(b.length);
        int i = 0;
        while (i < b.length) {
            int len = sequenceLength(b, i);
            if (len == 0) {
                sb.append((char) (ESCAPE_BASE + (b[i] & 0xff)));
                i++;
            } else {
                sb.append(new String(b, i, len, StandardCharsets.UTF_8));
                i += len;
            }
        }
        return sb.toString();
    }

    /** The length of the well-formed UTF-8 sequence at {@code i}, or 0 if there is none. */
    private static int sequenceLength(byte[] b, int i) {
        int c = b[i] & 0xff;
        int len;
        int min;
        if (c < 0x80) {
            return 1;
        } else if (c >= 0xc2 && c <= 0xdf) {
            len = 2;
            min = 0x80;
        } else if (c >= 0xe0 && c <= 0xef) {
            len = 3;
            min = 0x800;
        } else if (c >= 0xf0 && c <= 0xf4) {
            len = 4;
            min = 0x10000;
        } else {
            return 0;
        }
        if (i + len > b.length) {
            return 0;
        }
        int cp = c & (0xff >> (len + 1));
        for (int k = 1; k < len; k++) {
            int cc = b[i + k] & 0xff;
            if ((cc & 0xc0) != 0x80) {
                return 0;
            }
            cp = (cp << 6) | (cc & 0x3f);
        }
        boolean surrogate = cp >= 0xd800 && cp <= 0xdfff;
        return cp < min || cp > 0x10ffff || surrogate ? 0 : len;
    }

    /** UTF-8 bytes of {@code s}, with escaped bytes (see the class comment) written back as themselves. */
    static byte[] encode(String s) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(s.length() + 8);
        int start = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (isEscapedByte(s, i)) {
                out.writeBytes(s.substring(start, i).getBytes(StandardCharsets.UTF_8));
                out.write(c - ESCAPE_BASE);
                start = i + 1;
            } else if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                i++;
            }
        }
        out.writeBytes(s.substring(start).getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }

    private static boolean isEscapedByte(String s, int i) {
        char c = s.charAt(i);
        return c >= ESCAPE_BASE && c <= ESCAPE_BASE + 0xff && (i == 0 || !Character.isHighSurrogate(s.charAt(i - 1)));
    }

    /** Characters as {@code sqlite3} 3.40 counts display width: one per code point. */
    static int width(String s) {
        return s.codePointCount(0, s.length());
    }

    /** The value as {@code sqlite3_column_text} gives it, or {@code nullValue} for NULL. */
    static String display(Object v, String nullValue) {
        if (v == null) {
            return nullValue;
        }
        if (v instanceof Double d) {
            return RealText.display(d);
        }
        if (v instanceof byte[] b) {
            return cString(ofBytes(b));
        }
        if (v instanceof String s) {
            return cString(s);
        }
        return v.toString();
    }
}
