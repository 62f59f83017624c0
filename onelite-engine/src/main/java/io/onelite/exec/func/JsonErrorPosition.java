package io.onelite.exec.func;

/**
 * {@code json_error_position(X)} (SQLite 3.42+): 0 when X is JSON (JSON5 included), else the
 * 1-based character where SQLite's text parser stopped. The position is a detail of that parser
 * ({@code jsonTranslateTextToBlob}): where it notices the error, which separators it has looked
 * at by then, and that trailing text after a complete value leaves the position its last look
 * recorded. So this is a scanner of its own that walks the text as SQLite's parser walks it and
 * records a position exactly where that parser does; it builds nothing (the value comes from
 * {@link JsonText} as before). A BLOB that looks like JSONB is checked as JSONB instead and gives
 * the 1-based byte of the first problem.
 */
final class JsonErrorPosition {
    /** SQLite's JSON_MAX_DEPTH. */
    private static final int MAX_DEPTH = 1000;

    // what the scanner returns besides the index past an element (SQLite's special results)
    private static final int END_OF_INPUT = 0;
    private static final int SYNTAX_ERROR = -1;
    private static final int CLOSE_BRACE = -2;
    private static final int CLOSE_BRACKET = -3;
    private static final int COMMA = -4;
    private static final int COLON = -5;

    private final String s;
    /** The position SQLite's parser records (its {@code iErr}). */
    private int err;
    private int depth;
    /** Whether the element scanned last was a string (the only kind an object label may be). */
    private boolean lastWasText;

    private JsonErrorPosition(String s) {
        this.s = s;
    }

    static Object of(Object v) {
        if (v == null) {
            return null;
        }
        if (v instanceof byte[] b && JsonbCheck.isJsonb(b)) {
            return JsonbCheck.validityCheck(b);
        }
        String text = Args.text(v);
        JsonErrorPosition p = new JsonErrorPosition(text);
        if (p.document()) {
            return 0L;
        }
        int at = Math.min(p.err, text.length());
        return (long) text.codePointCount(0, at) + 1;
    }

    /** Whether the whole text is one JSON value (SQLite's jsonConvertTextToBlob). */
    private boolean document() {
        int i = element(0);
        if (i <= 0) {
            return false;
        }
        while (isSpace(at(i))) {
            i++;
        }
        if (at(i) != 0) {
            i += json5Space(i);
            return at(i) == 0;
        }
        return true;
    }

    private char at(int i) {
        return i < s.length() ? s.charAt(i) : 0;
    }

    /** One element at {@code i}: the index past it, or one of the negative results above. */
    private int element(int i) {
        while (true) {
            char c = at(i);
            switch (c) {
                case '{':
                    return object(i);
                case '[':
                    return array(i);
                case '\'':
                case '"':
                    return string(i, c);
                case 't':
                    return word(i, "true");
                case 'f':
                    return word(i, "false");
                case '+':
                    return number(i);
                case '.':
                    if (isDigit(at(i + 1))) {
                        return number(i);
                    }
                    err = i;
                    return SYNTAX_ERROR;
                case '}':
                    err = i;
                    return CLOSE_BRACE;
                case ']':
                    err = i;
                    return CLOSE_BRACKET;
                case ',':
                    err = i;
                    return COMMA;
                case ':':
                    err = i;
                    return COLON;
                case 0:
                    return END_OF_INPUT;
                case '\t', '\n', '\r', ' ':
                    i++;
                    while (isSpace(at(i))) {
                        i++;
                    }
                    continue;
                default:
                    if (c == '-' || isDigit(c)) {
                        return number(i);
                    }
                    if (c == 0x0b || c == 0x0c || c == '/' || c >= 0x80) {
                        int n = json5Space(i);
                        if (n > 0) {
                            i += n;
                            continue;
                        }
                        err = i;
                        return SYNTAX_ERROR;
                    }
                    if (c == 'n' && s.startsWith("null", i) && !isAlnum(at(i + 4))) {
                        lastWasText = false;
                        return i + 4;
                    }
                    return nanOrInf(i);
            }
        }
    }

    private int word(int i, String w) {
        if (s.startsWith(w, i) && !isAlnum(at(i + w.length()))) {
            lastWasText = false;
            return i + w.length();
        }
        err = i;
        return SYNTAX_ERROR;
    }

    private static final String[] NAN_INF = {"inf", "infinity", "nan", "qnan", "snan"};

    /** SQLite's extra literals, any case: inf, infinity, NaN, QNaN, SNaN. */
    private int nanOrInf(int i) {
        for (String name : NAN_INF) {
            if (s.regionMatches(true, i, name, 0, name.length()) && !isAlnum(at(i + name.length()))) {
                lastWasText = false;
                return i + name.length();
            }
        }
        err = i;
        return SYNTAX_ERROR;
    }

    /** Enters a container at {@code i}: false, the error recorded, past SQLite's nesting limit. */
    private boolean enter(int i) {
        if (++depth > MAX_DEPTH) {
            err = i;
            return false;
        }
        return true;
    }

    private int object(int i) {
        if (!enter(i)) {
            return SYNTAX_ERROR;
        }
        int j = i + 1;
        while (true) {
            int x = element(j);
            if (x <= 0) {
                if (x == CLOSE_BRACE) {
                    j = err;
                    break;
                }
                j += json5Space(j);
                int k = unquotedLabelEnd(j);
                if (k < 0) {
                    if (x != SYNTAX_ERROR) {
                        err = j;
                    }
                    return SYNTAX_ERROR;
                }
                lastWasText = true;
                x = k;
            }
            if (!lastWasText) {
                err = j;
                return SYNTAX_ERROR;
            }
            j = x;
            boolean colonFound = false;
            if (at(j) == ':') {
                j++;
                colonFound = true;
            } else if (isSpace(at(j))) {
                do {
                    j++;
                } while (isSpace(at(j)));
                if (at(j) == ':') {
                    j++;
                    colonFound = true;
                }
            }
            if (!colonFound) {
                x = element(j);
                if (x != COLON) {
                    if (x != SYNTAX_ERROR) {
                        err = j;
                    }
                    return SYNTAX_ERROR;
                }
                j = err + 1;
            }
            x = element(j);
            if (x <= 0) {
                if (x != SYNTAX_ERROR) {
                    err = j;
                }
                return SYNTAX_ERROR;
            }
            j = x;
            int next = afterMember(j, '}', CLOSE_BRACE);
            if (next == SYNTAX_ERROR) {
                return SYNTAX_ERROR;
            }
            if (next < 0) {
                j = -next - 1; // the closing brace
                break;
            }
            j = next; // the comma; the loop goes on after it
            j++;
        }
        depth--;
        lastWasText = false;
        return j + 1;
    }

    /**
     * After a member or item at {@code j}: a comma gives its index, the closing character gives
     * {@code -(index + 1)}; anything else records the error and gives SYNTAX_ERROR.
     */
    private int afterMember(int j, char close, int closeResult) {
        if (at(j) == ',') {
            return j;
        }
        if (at(j) == close) {
            return -j - 1;
        }
        if (isSpace(at(j))) {
            j++;
            while (isSpace(at(j))) {
                j++;
            }
            if (at(j) == ',') {
                return j;
            }
            if (at(j) == close) {
                return -j - 1;
            }
        }
        int x = element(j);
        if (x == COMMA) {
            return err;
        }
        if (x == closeResult) {
            return -err - 1;
        }
        err = j;
        return SYNTAX_ERROR;
    }

    /** The end of a JSON5 identifier label at {@code j}, or -1 if none starts there. */
    private int unquotedLabelEnd(int j) {
        char c = at(j);
        boolean starts = isIdStart(c) || (c == '\\' && isHexEscape(j + 1));
        if (!starts) {
            return -1;
        }
        int k = j + 1;
        while (true) {
            char d = at(k);
            if ((isIdStart(d) || isDigit(d)) && json5Space(k) == 0) {
                k++;
            } else if (d == '\\' && isHexEscape(k + 1)) {
                k++;
            } else {
                return k;
            }
        }
    }

    private boolean isHexEscape(int i) {
        return at(i) == 'u' && isHex(at(i + 1)) && isHex(at(i + 2)) && isHex(at(i + 3)) && isHex(at(i + 4));
    }

    private int array(int i) {
        if (!enter(i)) {
            return SYNTAX_ERROR;
        }
        int j = i + 1;
        while (true) {
            int x = element(j);
            if (x <= 0) {
                if (x == CLOSE_BRACKET) {
                    j = err;
                    break;
                }
                if (x != SYNTAX_ERROR) {
                    err = j;
                }
                return SYNTAX_ERROR;
            }
            j = x;
            int next = afterMember(j, ']', CLOSE_BRACKET);
            if (next == SYNTAX_ERROR) {
                return SYNTAX_ERROR;
            }
            if (next < 0) {
                j = -next - 1;
                break;
            }
            j = next + 1;
        }
        depth--;
        lastWasText = false;
        return j + 1;
    }

    private int string(int i, char quote) {
        int j = i + 1;
        while (true) {
            char c = at(j);
            if (c == quote) {
                break;
            }
            if (c == '\\') {
                c = at(++j);
                if (c == '"' || c == '\\' || c == '/' || c == 'b' || c == 'f' || c == 'n' || c == 'r' || c == 't'
                        || (c == 'u' && isHex(at(j + 1)) && isHex(at(j + 2)) && isHex(at(j + 3)) && isHex(at(j + 4)))
                        || c == '\'' || c == 'v' || c == '\n' || (c == '0' && !isDigit(at(j + 1)))
                        || c == '\u2028' || c == '\u2029' || (c == 'x' && isHex(at(j + 1)) && isHex(at(j + 2)))) {
                    // an escape SQLite accepts (RFC 8259 or JSON5)
                } else if (c == '\r') {
                    if (at(j + 1) == '\n') {
                        j++;
                    }
                } else {
                    err = j;
                    return SYNTAX_ERROR;
                }
            } else if (c == 0) {
                err = j;
                return SYNTAX_ERROR;
            }
            j++;
        }
        lastWasText = true;
        return j + 1;
    }

    private int number(int i) {
        lastWasText = false;
        char c = at(i);
        int j;
        if (c == '.') {
            return numberDigits(i, true, false);
        }
        if (c <= '0') {
            if (c == '0') {
                if ((at(i + 1) == 'x' || at(i + 1) == 'X') && isHex(at(i + 2))) {
                    for (j = i + 3; isHex(at(j)); j++) {
                        // hexadecimal digits
                    }
                    return j;
                } else if (isDigit(at(i + 1))) {
                    err = i + 1;
                    return SYNTAX_ERROR;
                }
            } else {
                if (!isDigit(at(i + 1))) {
                    if ((at(i + 1) == 'I' || at(i + 1) == 'i') && s.regionMatches(true, i + 1, "inf", 0, 3)) {
                        return i + (s.regionMatches(true, i + 4, "inity", 0, 5) ? 9 : 4);
                    }
                    if (at(i + 1) == '.') {
                        return numberDigits(i, false, false);
                    }
                    err = i;
                    return SYNTAX_ERROR;
                }
                if (at(i + 1) == '0') {
                    if (isDigit(at(i + 2))) {
                        err = i + 1;
                        return SYNTAX_ERROR;
                    } else if ((at(i + 2) == 'x' || at(i + 2) == 'X') && isHex(at(i + 3))) {
                        for (j = i + 4; isHex(at(j)); j++) {
                            // hexadecimal digits
                        }
                        return j;
                    }
                }
            }
        }
        return numberDigits(i, false, false);
    }

    /** SQLite's parse_number_2: digits, one '.', one exponent, from {@code i + 1}. */
    private int numberDigits(int i, boolean real, boolean seenE) {
        int j;
        for (j = i + 1; ; j++) {
            char c = at(j);
            if (isDigit(c)) {
                continue;
            }
            if (c == '.') {
                if (real) {
                    err = j;
                    return SYNTAX_ERROR;
                }
                real = true;
                continue;
            }
            if (c == 'e' || c == 'E') {
                if (at(j - 1) < '0') {
                    if (!(at(j - 1) == '.' && j - 2 >= i && isDigit(at(j - 2)))) {
                        err = j;
                        return SYNTAX_ERROR;
                    }
                }
                if (seenE) {
                    err = j;
                    return SYNTAX_ERROR;
                }
                real = true;
                seenE = true;
                c = at(j + 1);
                if (c == '+' || c == '-') {
                    j++;
                    c = at(j + 1);
                }
                if (c < '0' || c > '9') {
                    err = j;
                    return SYNTAX_ERROR;
                }
                continue;
            }
            break;
        }
        if (at(j - 1) < '0') {
            if (!(at(j - 1) == '.' && j - 2 >= i && isDigit(at(j - 2)))) {
                err = j;
                return SYNTAX_ERROR;
            }
        }
        return j;
    }

    /** The length of the JSON5 white space and comments at {@code i} (SQLite's json5Whitespace). */
    private int json5Space(int i) {
        int n = i;
        while (true) {
            char c = at(n);
            switch (c) {
                case '\t', '\n', 0x0b, 0x0c, '\r', ' ', '\u00a0', '\u1680', '\u2028', '\u2029', '\u202f', '\u205f',
                     '\u3000', '\ufeff':
                    n++;
                    continue;
                case '/':
                    if (at(n + 1) == '*' && at(n + 2) != 0) {
                        int j = n + 3;
                        while (at(j) != '/' || at(j - 1) != '*') {
                            if (at(j) == 0) {
                                return n - i;
                            }
                            j++;
                        }
                        n = j + 1;
                        continue;
                    } else if (at(n + 1) == '/') {
                        int j = n + 2;
                        for (char d; (d = at(j)) != 0; j++) {
                            if (d == '\n' || d == '\r' || d == '\u2028' || d == '\u2029') {
                                break;
                            }
                        }
                        n = j;
                        if (at(n) != 0) {
                            n++;
                        }
                        continue;
                    }
                    return n - i;
                default:
                    if (c >= '\u2000' && c <= '\u200a') {
                        n++;
                        continue;
                    }
                    return n - i;
            }
        }
    }

    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r';
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isHex(char c) {
        return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }

    private static boolean isAlnum(char c) {
        return isDigit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    /** SQLite's sqlite3JsonId1: an ASCII letter, '_', '$' or any non-ASCII character. */
    private static boolean isIdStart(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$' || c >= 0x80;
    }
}
