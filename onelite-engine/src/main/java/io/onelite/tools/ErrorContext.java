package io.onelite.tools;

/**
 * The two lines {@code sqlite3} 3.40 adds under an error that names a place in the statement
 * ({@code sqlite3_error_offset}; here {@link io.onelite.common.OneLiteException#errorOffset()}):
 * the statement from its start, or from 50 characters before the place when that is further in,
 * at most 78 characters with every whitespace character shown as a space, then a marker under
 * the place, {@code ^--- error here} when it is among the first 25 characters shown, else
 * {@code error here ---^}.
 */
final class ErrorContext {
    private static final int LEAD = 50;
    private static final int WIDTH = 78;
    private static final int MARKER_AFTER = 25;
    private static final String TRAILING_MARKER = "error here ---^";

    private ErrorContext() {
    }

    /** The lines to append to the error message ("" when {@code offset} is negative or past the text). */
    static String of(String sql, int offset) {
        if (offset < 0 || offset > sql.length()) {
            return "";
        }
        int from = Math.max(0, offset - LEAD);
        int at = offset - from;
        String shown = sql.substring(from, Math.min(sql.length(), from + WIDTH));
        StringBuilder code = new StringBuilder(shown.length());
        for (int i = 0; i < shown.length(); i++) {
            char c = shown.charAt(i);
            code.append(Character.isWhitespace(c) ? ' ' : c);
        }
        String marker = at < MARKER_AFTER ? " ".repeat(at) + "^--- error here"
                : " ".repeat(at - (TRAILING_MARKER.length() - 1)) + TRAILING_MARKER;
        return "\n  " + code + "\n  " + marker;
    }
}
