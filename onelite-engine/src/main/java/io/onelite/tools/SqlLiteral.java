package io.onelite.tools;

import io.onelite.sql.TokenType;

import java.util.HexFormat;

/**
 * Values and names written as SQL text, as {@code sqlite3}'s quote and insert modes and
 * {@code .dump} write them: {@code NULL}, integers, reals that read back as the same double,
 * {@code 'text'} with quotes doubled, {@code X'hex'} blobs, and names in double quotes only when
 * they need them.
 */
final class SqlLiteral {
    private SqlLiteral() {
    }

    /** A name as SQL: bare when it is a plain identifier and no keyword, else in double quotes. */
    static String name(String s) {
        return needsQuotes(s) ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }

    private static boolean needsQuotes(String s) {
        if (s.isEmpty() || !(Character.isLetter(s.charAt(0)) && s.charAt(0) < 0x80 || s.charAt(0) == '_')) {
            return true;
        }
        for (int i = 1; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!(c < 0x80 && (Character.isLetterOrDigit(c) || c == '_'))) {
                return true;
            }
        }
        return TokenType.keyword(s) != null; // the lexer's table: SQLite's keywords (sqlite3_keyword_check)
    }

    /** {@code 'text'} with single quotes doubled (newlines stay as they are). */
    static String text(String s) {
        return "'" + s.replace("'", "''") + "'";
    }

    static String blob(byte[] b) {
        return "X'" + HexFormat.of().formatHex(b) + "'";
    }

    /** A value as quote mode prints it (NULL, number, {@code 'text'}, {@code X'..'}). */
    static String quoted(Object v) {
        if (v == null) {
            return "NULL";
        }
        if (v instanceof Double d) {
            return RealText.twentyDigits(d);
        }
        if (v instanceof byte[] b) {
            return blob(b);
        }
        if (v instanceof String s) {
            return text(ShellText.cString(s));
        }
        return v.toString();
    }

    /**
     * A value as the columnar modes print it with {@code --quote}: like {@link #quoted}, but reals
     * as their usual text and blobs as {@code x'..'} in lower case, as {@code sqlite3} 3.40 does.
     */
    static String columnQuoted(Object v) {
        if (v instanceof Double d) {
            return RealText.display(d);
        }
        if (v instanceof byte[] b) {
            return "x'" + HexFormat.of().formatHex(b) + "'";
        }
        return quoted(v);
    }

    /**
     * A value as insert mode and {@code .dump} write it: like {@link #quoted}, but infinities as
     * {@code 1e999} and text holding CR or LF as {@code replace('..\n..','\n',char(10))}, so that
     * each statement stays on one line.
     */
    static String insertValue(Object v) {
        if (v instanceof Double d) {
            return RealText.literal(d);
        }
        if (v instanceof String s) {
            return oneLineText(ShellText.cString(s));
        }
        return quoted(v);
    }

    private static String oneLineText(String s) {
        boolean cr = s.indexOf('\r') >= 0;
        boolean lf = s.indexOf('\n') >= 0;
        if (!cr && !lf) {
            return text(s);
        }
        String body = s;
        String crMark = cr ? unusedMark(s, "\\r", "\\015") : null;
        String lfMark = lf ? unusedMark(s, "\\n", "\\012") : null;
        if (cr) {
            body = body.replace("\r", crMark);
        }
        if (lf) {
            body = body.replace("\n", lfMark);
        }
        String out = text(body);
        if (cr) {
            out = "replace(" + out + ",'" + crMark + "',char(13))";
        }
        if (lf) {
            out = "replace(" + out + ",'" + lfMark + "',char(10))";
        }
        return out;
    }

    /** The first of {@code first}, {@code second}, {@code (first0)}, {@code (first1)}... not in {@code s}. */
    private static String unusedMark(String s, String first, String second) {
        if (!s.contains(first)) {
            return first;
        }
        if (!s.contains(second)) {
            return second;
        }
        for (int i = 0; ; i++) {
            String mark = "(" + first + i + ")";
            if (!s.contains(mark)) {
                return mark;
            }
        }
    }
}
