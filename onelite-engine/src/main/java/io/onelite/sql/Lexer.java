package io.onelite.sql;

/**
 * SQLite's tokenizer ({@code tokenize.c}, {@code sqlite3GetToken}), one token at a time.
 *
 * <p>Rules kept from SQLite:
 * <ol>
 *   <li>Whitespace is space, tab, newline, form feed and carriage return; {@code -- ...} runs to the end of
 *       the line and {@code /* ... *}{@code /} to its close or the end of the text. Both are skipped.</li>
 *   <li>{@code '...'} is a STRING ({@code ''} escapes a quote); {@code "..."}, {@code `...`} and {@code [...]}
 *       are identifiers. An unterminated one is ILLEGAL up to the end of the text.</li>
 *   <li>{@code X'hex'} is a BLOB only with an even number of hex digits and a closing quote, else ILLEGAL.</li>
 *   <li>A number is {@code 0x} + hex digits, or digits [. digits] [e[+-]digits], or . digits ...; a number
 *       running into identifier characters ({@code 12abc}) is ILLEGAL.</li>
 *   <li>Parameters: {@code ?} digits*, and {@code :} {@code @} {@code $} {@code #} followed by identifier
 *       characters ({@code $} names may contain {@code ::} and end in {@code (...)}); without a name, ILLEGAL.</li>
 *   <li>{@code WINDOW}, {@code OVER} and {@code FILTER} are keywords only where SQLite's
 *       {@code analyzeWindowKeyword}/{@code analyzeOverKeyword}/{@code analyzeFilterKeyword} say so,
 *       else identifiers.</li>
 * </ol>
 * A NUL character ends the text, as it ends a C string.
 */
public final class Lexer {
    private final String sql;
    private final int limit;
    private int pos;
    private TokenType lastType;

    public Lexer(String sql, int offset) {
        this.sql = sql;
        int nul = sql.indexOf('\0', offset);
        this.limit = nul < 0 ? sql.length() : nul;
        this.pos = offset;
    }

    /** The offset where the next token scan starts. */
    public int position() {
        return pos;
    }

    /** The next token, skipping whitespace and comments; EOF (zero length at the end) when done. */
    public Token next() {
        while (true) {
            int start = pos;
            if (start >= limit) {
                return new Token(TokenType.EOF, limit, limit, "");
            }
            TokenType t = scan();
            if (t == null) {
                continue; // whitespace or comment
            }
            if (t == TokenType.WINDOW || t == TokenType.OVER || t == TokenType.FILTER) {
                t = contextKeyword(t);
            }
            lastType = t;
            return new Token(t, start, pos, sql.substring(start, pos));
        }
    }

    private char at(int i) {
        return i < limit ? sql.charAt(i) : '\0';
    }

    /** Whether c may appear in an identifier (SQLite's {@code IdChar}): alnum, '_', '$' or non-ASCII. */
    static boolean isIdChar(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$'
                || c >= 0x80;
    }

    static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    static boolean isHexDigit(char c) {
        return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }

    static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == '\uFEFF'; // BOM: as CC_BOM
    }

    /** Scans one token from {@code pos}, advancing it; returns null for whitespace/comments. */
    private TokenType scan() {
        char c = at(pos);
        if (isSpace(c)) {
            while (isSpace(at(pos))) {
                pos++;
            }
            return null;
        }
        switch (c) {
            case '-':
                if (at(pos + 1) == '-') {
                    while (pos < limit && at(pos) != '\n') {
                        pos++;
                    }
                    return null;
                }
                if (at(pos + 1) == '>') {
                    pos += at(pos + 2) == '>' ? 3 : 2;
                    return TokenType.PTR;
                }
                pos++;
                return TokenType.MINUS;
            case '(': pos++; return TokenType.LP;
            case ')': pos++; return TokenType.RP;
            case ';': pos++; return TokenType.SEMI;
            case '+': pos++; return TokenType.PLUS;
            case '*': pos++; return TokenType.STAR;
            case '%': pos++; return TokenType.REM;
            case ',': pos++; return TokenType.COMMA;
            case '&': pos++; return TokenType.BITAND;
            case '~': pos++; return TokenType.BITNOT;
            case '/':
                if (at(pos + 1) != '*' || pos + 2 >= limit) {
                    pos++;
                    return TokenType.SLASH;
                }
                int close = sql.indexOf("*/", pos + 2);
                pos = close < 0 || close >= limit ? limit : close + 2;
                return null;
            case '=':
                pos += at(pos + 1) == '=' ? 2 : 1;
                return TokenType.EQ;
            case '<':
                switch (at(pos + 1)) {
                    case '=': pos += 2; return TokenType.LE;
                    case '>': pos += 2; return TokenType.NE;
                    case '<': pos += 2; return TokenType.LSHIFT;
                    default: pos++; return TokenType.LT;
                }
            case '>':
                switch (at(pos + 1)) {
                    case '=': pos += 2; return TokenType.GE;
                    case '>': pos += 2; return TokenType.RSHIFT;
                    default: pos++; return TokenType.GT;
                }
            case '!':
                if (at(pos + 1) != '=') {
                    pos++;
                    return TokenType.ILLEGAL;
                }
                pos += 2;
                return TokenType.NE;
            case '|':
                if (at(pos + 1) == '|') {
                    pos += 2;
                    return TokenType.CONCAT;
                }
                pos++;
                return TokenType.BITOR;
            case '\'':
            case '"':
            case '`':
                return quoted(c);
            case '[': {
                int i = pos + 1;
                while (i < limit && at(i) != ']') {
                    i++;
                }
                if (i >= limit) {
                    pos = limit;
                    return TokenType.ILLEGAL;
                }
                pos = i + 1;
                return TokenType.ID;
            }
            case '.':
                if (!isDigit(at(pos + 1))) {
                    pos++;
                    return TokenType.DOT;
                }
                return number();
            case '?': {
                int i = pos + 1;
                while (isDigit(at(i))) {
                    i++;
                }
                pos = i;
                return TokenType.VARIABLE;
            }
            case '$':
            case '@':
            case ':':
            case '#':
                return namedVariable();
            default:
                break;
        }
        if (isDigit(c)) {
            return number();
        }
        if ((c == 'x' || c == 'X') && at(pos + 1) == '\'') {
            return blob();
        }
        if (isIdChar(c)) {
            int i = pos + 1;
            while (isIdChar(at(i))) {
                i++;
            }
            TokenType kw = TokenType.keyword(sql, pos, i);
            pos = i;
            return kw == null ? TokenType.ID : kw;
        }
        pos++;
        return TokenType.ILLEGAL;
    }

    private TokenType quoted(char delim) {
        int i = pos + 1;
        while (i < limit) {
            if (at(i) == delim) {
                if (at(i + 1) == delim) {
                    i += 2;
                    continue;
                }
                pos = i + 1;
                return delim == '\'' ? TokenType.STRING : TokenType.ID;
            }
            i++;
        }
        pos = limit;
        return TokenType.ILLEGAL;
    }

    private TokenType blob() {
        int i = pos + 2;
        while (isHexDigit(at(i))) {
            i++;
        }
        TokenType t = TokenType.BLOB;
        if (at(i) != '\'' || (i - pos) % 2 != 0) {
            t = TokenType.ILLEGAL;
            while (i < limit && at(i) != '\'') {
                i++;
            }
        }
        if (i < limit) {
            i++;
        }
        pos = i;
        return t;
    }

    private TokenType number() {
        int i = pos;
        TokenType t = TokenType.INTEGER;
        boolean separators = false;
        if (at(i) == '0' && (at(i + 1) == 'x' || at(i + 1) == 'X') && isHexDigit(at(i + 2))) {
            i += 3;
            while (isHexDigit(at(i)) || at(i) == '_') {
                separators |= at(i) == '_';
                i++;
            }
            pos = i;
            return separators ? TokenType.QNUMBER : t;
        }
        while (isDigit(at(i)) || at(i) == '_') {
            separators |= at(i) == '_';
            i++;
        }
        if (at(i) == '.') {
            i++;
            while (isDigit(at(i)) || at(i) == '_') {
                separators |= at(i) == '_';
                i++;
            }
            t = TokenType.FLOAT;
        }
        if ((at(i) == 'e' || at(i) == 'E')
                && (isDigit(at(i + 1)) || ((at(i + 1) == '+' || at(i + 1) == '-') && isDigit(at(i + 2))))) {
            i += 2;
            while (isDigit(at(i)) || at(i) == '_') {
                separators |= at(i) == '_';
                i++;
            }
            t = TokenType.FLOAT;
        }
        if (separators) {
            t = TokenType.QNUMBER;
        }
        while (isIdChar(at(i))) {
            t = TokenType.ILLEGAL;
            i++;
        }
        pos = i;
        return t;
    }

    /**
     * The text of a QNUMBER without its separators, or null when a separator is not between two digits
     * ({@code sqlite3DequoteNumber}, which then reports {@code unrecognized token}).
     */
    static String stripSeparators(String text) {
        boolean hex = text.length() > 1 && text.charAt(0) == '0' && (text.charAt(1) == 'x' || text.charAt(1) == 'X');
        StringBuilder b = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c != '_') {
                b.append(c);
                continue;
            }
            char before = i > 0 ? text.charAt(i - 1) : ' ';
            char after = i + 1 < text.length() ? text.charAt(i + 1) : ' ';
            boolean ok = hex ? isHexDigit(before) && isHexDigit(after) : isDigit(before) && isDigit(after);
            if (!ok) {
                return null;
            }
        }
        return b.toString();
    }

    private TokenType namedVariable() {
        int i = pos + 1;
        int n = 0;
        TokenType t = TokenType.VARIABLE;
        while (i < limit) {
            char c = at(i);
            if (isIdChar(c)) {
                n++;
                i++;
            } else if (c == '(' && n > 0) {
                do {
                    i++;
                } while (i < limit && !isSpace(at(i)) && at(i) != ')');
                if (at(i) == ')') {
                    i++;
                } else {
                    t = TokenType.ILLEGAL;
                }
                break;
            } else if (c == ':' && at(i + 1) == ':') {
                i += 2;
            } else {
                break;
            }
        }
        pos = i;
        return n == 0 ? TokenType.ILLEGAL : t;
    }

    /** As tokenize.c's analyzeWindowKeyword / analyzeOverKeyword / analyzeFilterKeyword. */
    private TokenType contextKeyword(TokenType t) {
        TokenType before = lastType;
        int save = pos;
        TokenType saveLast = lastType;
        TokenType next = peekKind();
        TokenType result;
        if (t == TokenType.WINDOW) {
            result = next == TokenType.ID && peekKind() == TokenType.AS ? TokenType.WINDOW : TokenType.ID;
        } else if (t == TokenType.OVER) {
            result = before == TokenType.RP && (next == TokenType.LP || next == TokenType.ID) ? t : TokenType.ID;
        } else {
            result = before == TokenType.RP && next == TokenType.LP ? t : TokenType.ID;
        }
        pos = save;
        lastType = saveLast;
        return result;
    }

    /** The next token's kind for the look-ahead above, with names and fallback keywords folded into ID (getToken in tokenize.c). */
    private TokenType peekKind() {
        TokenType t;
        do {
            if (pos >= limit) {
                return TokenType.EOF;
            }
            t = scan();
        } while (t == null);
        if (t == TokenType.ID || t == TokenType.STRING || TokenType.JOIN_KW.contains(t) || t == TokenType.WINDOW
                || t == TokenType.OVER || TokenType.FALLBACK_ID.contains(t)) {
            return TokenType.ID;
        }
        return t;
    }

    /**
     * The name an identifier token stands for: quotes removed, doubled quotes collapsed, brackets
     * removed ({@code sqlite3Dequote}). Other text is returned as is.
     */
    public static String dequote(String text) {
        if (text.isEmpty()) {
            return text;
        }
        char q = text.charAt(0);
        if (q == '[') {
            int close = text.indexOf(']');
            return text.substring(1, close < 0 ? text.length() : close);
        }
        if (q != '\'' && q != '"' && q != '`') {
            return text;
        }
        // as sqlite3Dequote: stop at the closing quote (a doubled quote stands for one)
        StringBuilder b = new StringBuilder(text.length());
        for (int i = 1; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == q) {
                if (i + 1 < text.length() && text.charAt(i + 1) == q) {
                    b.append(q);
                    i++;
                    continue;
                }
                break;
            }
            b.append(c);
        }
        return b.toString();
    }
}
