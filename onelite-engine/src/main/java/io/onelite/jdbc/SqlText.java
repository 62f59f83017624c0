package io.onelite.jdbc;

import java.util.Locale;

/** Small lexical checks on SQL text that the driver needs before the engine sees it. */
final class SqlText {
    private SqlText() {
    }

    /** The first keyword, upper case, after whitespace and comments; "" if none. */
    static String firstKeyword(String sql) {
        if (sql == null) {
            return "";
        }
        int i = 0;
        int n = sql.length();
        while (i < n) {
            char c = sql.charAt(i);
            if (Character.isWhitespace(c) || c == ';') {
                i++;
            } else if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
                while (i < n && sql.charAt(i) != '\n') {
                    i++;
                }
            } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
                int end = sql.indexOf("*/", i + 2);
                i = end < 0 ? n : end + 2;
            } else {
                break;
            }
        }
        int start = i;
        while (i < n && (Character.isLetter(sql.charAt(i)) || sql.charAt(i) == '_')) {
            i++;
        }
        return sql.substring(start, i).toUpperCase(Locale.ROOT);
    }

    /** Whether {@code sql} holds anything but whitespace, comments and semicolons. */
    static boolean hasStatement(String sql) {
        if (sql == null) {
            return false;
        }
        int i = 0;
        int n = sql.length();
        while (i < n) {
            char c = sql.charAt(i);
            if (Character.isWhitespace(c) || c == ';') {
                i++;
            } else if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
                while (i < n && sql.charAt(i) != '\n') {
                    i++;
                }
            } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
                int end = sql.indexOf("*/", i + 2);
                i = end < 0 ? n : end + 2;
            } else {
                return true;
            }
        }
        return false;
    }

    /** BEGIN, COMMIT, END, ROLLBACK: statements that must not trigger the lazy BEGIN. */
    static boolean isTransactionControl(String sql) {
        return switch (firstKeyword(sql)) {
            case "BEGIN", "COMMIT", "END", "ROLLBACK" -> true;
            default -> false;
        };
    }

    /** INSERT or REPLACE: statements whose rowid {@code getGeneratedKeys()} reports. */
    static boolean isInsert(String sql) {
        String k = firstKeyword(sql);
        return k.equals("INSERT") || k.equals("REPLACE");
    }
}
