package io.onelite.sql;

import io.onelite.sql.ast.Stmt;

import java.util.List;

/**
 * The outcome of {@link Parser#parse(String, int)}.
 *
 * @param stmt           the statement, or null when only whitespace, comments and semicolons were left
 * @param end            the offset just after the statement and its ';' (or the end of the text); parse the next
 *                       statement from here
 * @param parameterCount the largest parameter number used (SQLite's {@code sqlite3_bind_parameter_count})
 * @param parameterNames index i holds the name of parameter i + 1 as written ({@code ":a"}, {@code "?3"}), or null
 *                       for a nameless {@code ?} and unused numbers
 * @param start          the offset of the statement's first token ({@code end} when stmt is null)
 * @param text           the statement's source text from its first token to its last (no ';'), "" when stmt is null
 */
public record ParseResult(Stmt stmt, int end, int parameterCount, List<String> parameterNames, int start,
                          String text) {
    public ParseResult {
        parameterNames = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(parameterNames));
    }

    /** The four-component form of the team contract; start = end, text = "". */
    public ParseResult(Stmt stmt, int end, int parameterCount, List<String> parameterNames) {
        this(stmt, end, parameterCount, parameterNames, end, "");
    }
}
