package io.onelite.sql;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.sql.ast.ExplainStmt;
import io.onelite.sql.ast.Stmt;
import io.onelite.sql.ast.WithClause;

/**
 * The entry point of the SQL front end: parses one statement of SQLite's dialect with a hand-written
 * recursive-descent parser. The work is split by statement family around one shared {@link TokenCursor}:
 * {@link ExprParser} (expressions, windows, type names), {@link SelectParser} (SELECT, VALUES, WITH, FROM),
 * {@link DmlParser} (INSERT, UPDATE, DELETE), {@link DdlParser} (CREATE, DROP, ALTER) and
 * {@link ControlParser} (transactions, PRAGMA and the rest). Errors follow {@code sqlite3RunParser}; see
 * {@link TokenCursor}. Thread-safe: each call has its own state.
 */
public final class Parser {
    private final TokenCursor c;
    private final ExprParser exprs;
    private final SelectParser selects;
    private final DmlParser dml;
    private final DdlParser ddl;
    private final ControlParser control;

    private Parser(String sql, int offset) {
        c = new TokenCursor(sql, offset);
        exprs = new ExprParser(c);
        selects = new SelectParser(c, exprs);
        exprs.selects = selects;
        dml = new DmlParser(c, exprs, selects);
        ddl = new DdlParser(c, exprs, selects, dml);
        control = new ControlParser(c, exprs);
    }

    /**
     * Parses the statement that starts at {@code offset} (after any whitespace, comments and empty
     * statements). Errors are {@code OneLiteException(ERROR, ...)} with SQLite's messages:
     * {@code near "x": syntax error}, {@code incomplete input}, {@code unrecognized token: "x"}.
     *
     * @return the statement (null when only whitespace, comments and ';' remain), the offset after it and
     *         its ';', and its parameters
     */
    public static ParseResult parse(String sql, int offset) {
        if (offset < 0 || offset > sql.length()) {
            throw new IllegalArgumentException("offset " + offset + " outside [0, " + sql.length() + "]");
        }
        checkLength(sql, offset, MAX_SQL_LENGTH);
        try {
            return new Parser(sql, offset).parseOne();
        } catch (TokenCursor.DeepStatement e) {
            return io.onelite.common.DeepStack.call(() -> new Parser(sql, offset).parseOne());
        } catch (StackOverflowError e) {
            // a safety net behind the depth count (TokenCursor rule 3) for threads with small stacks
            throw TokenCursor.tooDeep();
        }
    }

    /** SQLITE_MAX_SQL_LENGTH: the longest SQL text, in bytes of UTF-8, that prepare accepts. */
    public static final long MAX_SQL_LENGTH = 1_000_000_000L;

    /**
     * Fails as sqlite3_prepare does when the text from {@code offset} on is over {@code maxBytes}
     * bytes of UTF-8: SQLITE_TOOBIG, "statement too long".
     */
    static void checkLength(String sql, int offset, long maxBytes) {
        long chars = sql.length() - offset;
        if (chars * 3 <= maxBytes) {
            return; // a char is at most 3 bytes of UTF-8 (a surrogate pair is 4 for 2 chars)
        }
        long bytes = 0;
        for (int i = offset; i < sql.length() && bytes <= maxBytes; i++) {
            char ch = sql.charAt(i);
            bytes += ch < 0x80 ? 1 : ch < 0x800 || Character.isSurrogate(ch) ? 2 : 3;
        }
        if (bytes > maxBytes) {
            throw new OneLiteException(ResultCode.TOOBIG, "statement too long");
        }
    }

    /** Parses every statement of a script (convenience for tests and tools). */
    public static java.util.List<ParseResult> parseAll(String sql) {
        java.util.List<ParseResult> all = new java.util.ArrayList<>();
        int offset = 0;
        while (true) {
            ParseResult r = parse(sql, offset);
            if (r.stmt() == null) {
                return all;
            }
            all.add(r);
            offset = r.end();
        }
    }

    private ParseResult parseOne() {
        while (c.accept(TokenType.SEMI)) {
            // empty statements are skipped, as sqlite3_prepare does
        }
        if (c.at(TokenType.EOF)) {
            int end = c.peek().end();
            return new ParseResult(null, end, 0, java.util.List.of(), end, "", new java.util.IdentityHashMap<>(), 0);
        }
        int start = c.peek().start();
        Stmt stmt = statement();
        int lastEnd = c.previous().end();
        Token t = c.peek();
        if (t.type() != TokenType.SEMI && t.type() != TokenType.EOF) {
            throw c.syntaxError();
        }
        c.checkAtEnd();
        int end = t.end();
        return new ParseResult(stmt, end, c.parameterCount(), c.parameterNames(), start, c.text(start, lastEnd), c.places(),
                c.nesting());
    }

    private Stmt statement() {
        switch (c.type()) {
            case EXPLAIN: {
                c.advance();
                boolean queryPlan = false;
                if (c.at(TokenType.QUERY)) {
                    c.advance();
                    c.expect(TokenType.PLAN);
                    queryPlan = true;
                }
                return new ExplainStmt(queryPlan, command());
            }
            default:
                return command();
        }
    }

    private Stmt command() {
        switch (c.type()) {
            case SELECT:
            case VALUES:
                return selects.select();
            case WITH: {
                WithClause with = selects.with();
                return switch (c.type()) {
                    case INSERT, REPLACE -> dml.insert(with, false);
                    case UPDATE -> dml.update(with, false);
                    case DELETE -> dml.delete(with, false);
                    default -> selects.selectAfterWith(with);
                };
            }
            case INSERT:
            case REPLACE:
                return dml.insert(null, false);
            case UPDATE:
                return dml.update(null, false);
            case DELETE:
                return dml.delete(null, false);
            case CREATE:
                return ddl.create();
            case DROP:
                return ddl.drop();
            case ALTER:
                return ddl.alter();
            case BEGIN:
                return control.begin();
            case COMMIT:
            case END:
                return control.commit();
            case ROLLBACK:
                return control.rollback();
            case SAVEPOINT:
                return control.savepoint();
            case RELEASE:
                return control.release();
            case PRAGMA:
                return control.pragma();
            case VACUUM:
                return control.vacuum();
            case ANALYZE:
            case REINDEX:
                return control.analyzeOrReindex();
            case ATTACH:
                return control.attach();
            case DETACH:
                return control.detach();
            default:
                throw c.syntaxError();
        }
    }
}
