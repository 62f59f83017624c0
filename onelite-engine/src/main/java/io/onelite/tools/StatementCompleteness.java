package io.onelite.tools;

import java.util.Locale;

/**
 * Whether text ends a complete SQL statement, as {@code sqlite3_complete}: the last token outside
 * strings, quoted identifiers and comments is a semicolon; inside {@code CREATE [TEMP] TRIGGER}
 * the semicolon must follow {@code END}. The shell reads lines until this is true.
 */
final class StatementCompleteness {
    private StatementCompleteness() {
    }

    static boolean isComplete(String sql) {
        boolean trigger = false;
        int tokens = 0;              // significant tokens seen in the current statement
        String[] first = new String[3];
        String previous = null;       // the last significant token before the current one
        boolean lastWasSemicolon = false;
        int i = 0;
        int n = sql.length();
        while (i < n) {
            char c = sql.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
                continue;
            }
            if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
                while (i < n && sql.charAt(i) != '\n') {
                    i++;
                }
                continue;
            }
            if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
                int end = sql.indexOf("*/", i + 2);
                if (end < 0) {
                    return false;
                }
                i = end + 2;
                continue;
            }
            String token;
            if (c == '\'' || c == '"' || c == '`' || c == '[') {
                char close = c == '[' ? ']' : c;
                int j = i + 1;
                while (true) {
                    if (j >= n) {
                        return false; // unterminated quote
                    }
                    if (sql.charAt(j) == close) {
                        if (close != ']' && j + 1 < n && sql.charAt(j + 1) == close) {
                            j += 2;
                            continue;
                        }
                        break;
                    }
                    j++;
                }
                token = "q";
                i = j + 1;
            } else if (Character.isLetterOrDigit(c) || c == '_' || c == '$') {
                int j = i;
                while (j < n && (Character.isLetterOrDigit(sql.charAt(j)) || sql.charAt(j) == '_' || sql.charAt(j) == '$')) {
                    j++;
                }
                token = sql.substring(i, j).toUpperCase(Locale.ROOT);
                i = j;
            } else {
                token = String.valueOf(c);
                i++;
            }
            if (token.equals(";")) {
                if (tokens == 0) {
                    lastWasSemicolon = true;  // an empty statement
                    continue;
                }
                if (!trigger || "END".equals(previous)) {
                    trigger = false;
                    tokens = 0;
                    previous = null;
                    lastWasSemicolon = true;
                    continue;
                }
                lastWasSemicolon = false;
                previous = token;
                continue;
            }
            lastWasSemicolon = false;
            if (tokens < 3) {
                first[tokens] = token;
            }
            tokens++;
            if (tokens == 2 && first[0].equals("CREATE") && token.equals("TRIGGER")) {
                trigger = true;
            }
            if (tokens == 3 && first[0].equals("CREATE") && (first[1].equals("TEMP") || first[1].equals("TEMPORARY"))
                    && token.equals("TRIGGER")) {
                trigger = true;
            }
            previous = token;
        }
        return lastWasSemicolon;
    }
}
