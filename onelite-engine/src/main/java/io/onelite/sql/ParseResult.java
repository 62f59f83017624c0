package io.onelite.sql;

import io.onelite.sql.ast.Stmt;

import java.util.List;
import java.util.Map;

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
 * @param places         where some syntax-tree nodes (column references) start in the parsed text, by node
 *                       identity: an error about one of them points there ({@code OneLiteException.errorOffset});
 *                       also the names of column lists (INSERT's, SET's, UPDATE OF's), by string identity
 * @param nesting        how deeply the statement may nest: the parser's deepest recursion (parentheses, subqueries,
 *                       CASE, unary operators), its tallest expression (SQLite's heights, up to 1000) or its number
 *                       of SELECTs (a chain of CTEs), whichever is most; planning, which recurses over it, runs on a
 *                       large stack past a few dozen
 */
public record ParseResult(Stmt stmt, int end, int parameterCount, List<String> parameterNames, int start,
                          String text, Map<Object, Integer> places, int nesting) {
    public ParseResult {
        parameterNames = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(parameterNames));
        places = java.util.Collections.unmodifiableMap(places); // an identity map, shared by the parse cache's users
    }

    /**
     * Equal when everything but the places is: the places key nodes by identity, so two parses of
     * one text (a fresh one and the parse cache's) differ there while meaning the same.
     */
    @Override
    public boolean equals(Object o) {
        return o instanceof ParseResult r && java.util.Objects.equals(stmt, r.stmt) && end == r.end
                && parameterCount == r.parameterCount && parameterNames.equals(r.parameterNames) && start == r.start
                && text.equals(r.text);
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(stmt, end, parameterCount, parameterNames, start, text);
    }

    @Override
    public String toString() {
        return "ParseResult[stmt=" + stmt + ", end=" + end + ", parameterCount=" + parameterCount + ", parameterNames="
                + parameterNames + ", start=" + start + ", text=" + text + "]";
    }

    /** Without places. */
    public ParseResult(Stmt stmt, int end, int parameterCount, List<String> parameterNames, int start, String text) {
        this(stmt, end, parameterCount, parameterNames, start, text, new java.util.IdentityHashMap<>(), 0);
    }

    /** The four-component form of the team contract; start = end, text = "". */
    public ParseResult(Stmt stmt, int end, int parameterCount, List<String> parameterNames) {
        this(stmt, end, parameterCount, parameterNames, end, "");
    }
}
