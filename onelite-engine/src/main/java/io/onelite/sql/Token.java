package io.onelite.sql;

/**
 * One token: its type and its position {@code [start, end)} in the SQL text.
 *
 * @param text the source text of the token, as written (quotes included)
 */
public record Token(TokenType type, int start, int end, String text) {

    public boolean is(TokenType t) {
        return type == t;
    }

    @Override
    public String toString() {
        return type + "(" + text + ")@" + start;
    }
}
