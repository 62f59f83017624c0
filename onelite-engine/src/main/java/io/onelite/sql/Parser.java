package io.onelite.sql;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;

/**
 * The entry point of the SQL front end: parses one statement of SQLite's dialect. See the package
 * documentation for the split into {@code ExprParser}, {@code SelectParser}, {@code DmlParser} and
 * {@code DdlParser} around a shared {@code TokenCursor}.
 */
public final class Parser {
    private Parser() {
    }

    /**
     * Parses the statement that starts at {@code offset} (after any whitespace, comments and empty
     * statements). Errors are {@code OneLiteException(ERROR, ...)} with SQLite's messages:
     * {@code near "x": syntax error}, {@code incomplete input}, {@code unrecognized token: "x"}.
     */
    public static ParseResult parse(String sql, int offset) {
        throw new OneLiteException(ResultCode.ERROR, "parser not implemented yet");
    }
}
