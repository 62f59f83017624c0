package io.onelite.sql;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.sql.ast.Expr;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The token stream shared by the parser classes of one {@link Parser#parse} call, with the state that
 * spans them: parameter numbering, expression heights and the recursion depth.
 *
 * <p>Error rules, as SQLite's {@code sqlite3RunParser}:
 * <ol>
 *   <li>An ILLEGAL token fails with {@code unrecognized token: "x"} as soon as the parser looks at it as
 *       its current token (look-ahead past it is harmless).</li>
 *   <li>A syntax error names the current token: {@code near "x": syntax error}; at the end of the text
 *       the message is {@code incomplete input}.</li>
 *   <li>An expression taller than {@link #MAX_EXPR_DEPTH} nodes fails with {@code Expression tree is too
 *       large (maximum depth 1000)} ({@code sqlite3ExprCheckHeight}). The parser's recursion is counted
 *       too, so deep nesting never overflows the Java stack: on the caller's thread it stops at
 *       {@link #CALLER_DEPTH} levels ({@link DeepStatement}, and the parse starts again on a thread with a
 *       large stack, {@link io.onelite.common.DeepStack}), there at {@link #DEEP_DEPTH} with the same
 *       message (SQLite grows its parser's stack and accepts any number of parentheses).</li>
 * </ol>
 */
final class TokenCursor {
    /** SQLite's SQLITE_MAX_EXPR_DEPTH. */
    static final int MAX_EXPR_DEPTH = 1000;
    /**
     * The parser's recursion on the caller's stack: some 100 kB of it at most (a level is a few
     * frames), whatever the JIT has compiled; deeper statements are parsed on a large stack.
     */
    static final int CALLER_DEPTH = 64;
    /** The parser's recursion on a large stack: above SQLite's heights, so parentheses rather than heights stop here. */
    static final int DEEP_DEPTH = 20 * MAX_EXPR_DEPTH;
    /** SQLITE_MAX_VARIABLE_NUMBER as sqlite-jdbc (the test oracle) builds SQLite; the stock default is 32766. */
    static final int MAX_VARIABLE_NUMBER = 250000;

    private final String sql;
    private final Lexer lexer;
    private final List<Token> tokens = new ArrayList<>();
    private int index;
    private int depth;
    private final int depthLimit = io.onelite.common.DeepStack.active() ? DEEP_DEPTH : CALLER_DEPTH;
    /** The deepest recursion and the tallest expression so far: {@link ParseResult#nesting()}. */
    private int nesting;
    private int selects;
    private OneLiteException pending;
    private OneLiteException endError;
    private int openParens;
    private int pendingIndex;

    private final List<String> parameterNames = new ArrayList<>();
    private int parameterCount;

    private final Map<Expr, Integer> heights = new IdentityHashMap<>();
    /** What SQLite's parser marks false (EP_IsFalse): an integer literal 0, {@code x IN ()}, an AND made 0. */
    private final java.util.Set<Expr> parsedFalse = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
    /** Where column references start in the text, for errors about them (see {@link ParseResult#places()}). */
    private final Map<Object, Integer> places = new IdentityHashMap<>();
    private final ArrayList<int[]> selectHeights = new ArrayList<>();

    TokenCursor(String sql, int offset) {
        this.sql = sql;
        this.lexer = new Lexer(sql, offset);
    }

    String sql() {
        return sql;
    }

    private Token fill(int i) {
        while (tokens.size() <= i) {
            if (!tokens.isEmpty() && tokens.get(tokens.size() - 1).type() == TokenType.EOF) {
                return tokens.get(tokens.size() - 1);
            }
            tokens.add(lexer.next());
        }
        return tokens.get(i);
    }

    /** The current token; fails on an ILLEGAL one (rule 1). */
    Token peek() {
        Token t = fill(index);
        if (t.type() == TokenType.ILLEGAL) {
            throw new OneLiteException(ResultCode.ERROR, "unrecognized token: \"" + t.text() + "\"");
        }
        return t;
    }

    /** The token {@code k} places after the current one, without checking it. */
    Token peek(int k) {
        return fill(index + k);
    }

    TokenType type() {
        return peek().type();
    }

    boolean at(TokenType t) {
        return peek().type() == t;
    }

    boolean atAny(TokenType... ts) {
        TokenType cur = peek().type();
        for (TokenType t : ts) {
            if (cur == t) {
                return true;
            }
        }
        return false;
    }

    /** The type {@code k} tokens ahead. */
    TokenType typeAt(int k) {
        return peek(k).type();
    }

    Token advance() {
        Token t = peek();
        if (t.type() != TokenType.EOF) {
            checkPending();
            index++;
            countParen(t.type());
        }
        return t;
    }

    boolean accept(TokenType t) {
        if (at(t)) {
            checkPending();
            index++;
            countParen(t);
            return true;
        }
        return false;
    }

    private void countParen(TokenType t) {
        if (t == TokenType.LP) {
            openParens++;
        } else if (t == TokenType.RP) {
            openParens--;
        }
    }

    /** How many '(' consumed so far are still open (a ';' or the end cannot end the statement then). */
    int openParens() {
        return openParens;
    }

    /**
     * Defers an error SQLite raises in a grammar action, i.e. only once the next token turns out to fit
     * (if it does not, the syntax error at that token is reported instead). The error fires when that
     * token is consumed, or at the end of the statement.
     */
    void deferError(OneLiteException e) {
        if (pending == null) {
            pending = e;
            pendingIndex = index;
        }
    }

    /**
     * Defers an error SQLite raises only when it generates code, after the whole statement parsed
     * (e.g. {@code hex literal too big}); thrown by {@link #checkPending} at the end of the statement.
     */
    void deferToEnd(OneLiteException e) {
        if (endError == null) {
            endError = e;
        }
    }

    /** At the end of a statement: the deferred errors, in the order SQLite would raise them. */
    void checkAtEnd() {
        index = Math.max(index, pendingIndex);
        checkPending();
        if (endError != null) {
            throw endError;
        }
    }

    /** Throws a deferred error whose token has been accepted. */
    void checkPending() {
        if (pending != null && index >= pendingIndex) {
            OneLiteException e = pending;
            pending = null;
            throw e;
        }
    }

    Token expect(TokenType t) {
        if (!at(t)) {
            throw syntaxError();
        }
        return advance();
    }

    /** The last consumed token (for spans). */
    Token previous() {
        return tokens.get(index - 1);
    }

    /** A syntax error at the current token (rule 2). */
    OneLiteException syntaxError() {
        Token t = peek();
        return syntaxErrorAt(t);
    }

    static OneLiteException syntaxErrorAt(Token t) {
        if (t.type() == TokenType.EOF) {
            return new OneLiteException(ResultCode.ERROR, "incomplete input");
        }
        return new OneLiteException(ResultCode.ERROR, "near \"" + t.text() + "\": syntax error").atOffset(t.start());
    }

    static OneLiteException error(String message) {
        return new OneLiteException(ResultCode.ERROR, message);
    }

    // ---- names

    /** Whether the current token can be an {@code nm}: ID, STRING, JOIN_KW, INDEXED or a fallback keyword. */
    boolean atName() {
        return type().isNameLike();
    }

    /** Whether the current token is an {@code id}: ID, INDEXED or a fallback keyword. */
    boolean atId() {
        return type().isId();
    }

    /** Consumes an {@code nm} and returns it dequoted. */
    String name() {
        if (!atName()) {
            throw syntaxError();
        }
        return Lexer.dequote(advance().text());
    }

    /** Whether the current token is an unquoted identifier spelled {@code word} (any case). */
    boolean atWord(String word) {
        Token t = peek();
        return t.type() == TokenType.ID && t.text().equalsIgnoreCase(word);
    }

    /** The source text between two offsets. */
    String text(int start, int end) {
        return sql.substring(start, end);
    }

    // ---- parameters (sqlite3ExprAssignVarNumber)

    /** Numbers a VARIABLE token as SQLite does. */
    Expr.Param parameter(Token t) {
        String text = t.text();
        int number;
        String name;
        if (text.charAt(0) == '?') {
            if (text.length() == 1) {
                number = ++parameterCount;
                name = null;
            } else {
                long n;
                try {
                    n = Long.parseLong(text.substring(1));
                } catch (NumberFormatException e) {
                    n = -1;
                }
                if (n < 1 || n > MAX_VARIABLE_NUMBER) {
                    deferError(error("variable number must be between ?1 and ?" + MAX_VARIABLE_NUMBER));
                    return new Expr.Param(1, text);
                }
                number = (int) n;
                name = text;
                if (number > parameterCount) {
                    parameterCount = number;
                }
                if (nameAt(number) == null) {
                    setName(number, name);
                }
            }
        } else {
            if (text.charAt(0) == '#' && text.length() > 1 && Lexer.isDigit(text.charAt(1))) {
                throw syntaxErrorAt(t); // #N is a register reference, allowed only in nested parses
            }
            int found = parameterNames.indexOf(text);
            if (found >= 0) {
                number = found + 1;
            } else {
                number = ++parameterCount;
                setName(number, text);
            }
            name = text;
        }
        if (number > MAX_VARIABLE_NUMBER) {
            throw error("too many SQL variables");
        }
        return place(new Expr.Param(number, name), t.start()); // an error about it points there
    }

    private String nameAt(int number) {
        return number <= parameterNames.size() ? parameterNames.get(number - 1) : null;
    }

    private void setName(int number, String name) {
        while (parameterNames.size() < number) {
            parameterNames.add(null);
        }
        parameterNames.set(number - 1, name);
    }

    int parameterCount() {
        return parameterCount;
    }

    List<String> parameterNames() {
        List<String> names = new ArrayList<>(parameterNames);
        while (names.size() < parameterCount) {
            names.add(null);
        }
        return names;
    }

    // ---- depth and heights (rule 3)

    void enter() {
        if (++depth > depthLimit) {
            throw depthLimit == CALLER_DEPTH ? DeepStatement.INSTANCE : tooDeep();
        }
        nesting = Math.max(nesting, depth);
    }

    /**
     * How deeply the statement parsed so far may nest: its deepest recursion, its tallest
     * expression or its number of SELECTs.
     */
    int nesting() {
        return nesting;
    }

    /**
     * Thrown where the parser's recursion passes {@link #CALLER_DEPTH} on a thread with an ordinary
     * stack: {@link Parser#parse} starts again on a large one. A signal, not an error: no stack
     * trace, one instance.
     */
    static final class DeepStatement extends RuntimeException {
        static final DeepStatement INSTANCE = new DeepStatement();

        private DeepStatement() {
            super("statement nested deeper than the caller's stack is trusted with", null, false, false);
        }
    }

    void leave() {
        depth--;
    }

    static OneLiteException tooDeep() {
        return error("Expression tree is too large (maximum depth " + MAX_EXPR_DEPTH + ")");
    }

    /** Records that {@code e} starts at {@code offset} of the text. */
    <E extends Expr> E place(E e, int offset) {
        places.put(e, offset);
        return e;
    }

    /**
     * Consumes an {@code nm}, as {@link #name()}, and records where it starts, keyed by the returned
     * string itself (a new instance per token): ALTER TABLE RENAME COLUMN finds the names of column
     * lists (INSERT's, SET's, UPDATE OF's) in the stored text through it.
     */
    String placedName() {
        int start = peek().start();
        String name = name();
        places.put(name, start);
        return name;
    }

    /** The places recorded so far. */
    Map<Object, Integer> places() {
        return places;
    }

    /** The height of a parsed expression (1 for a leaf). */
    int height(Expr e) {
        if (e == null) {
            return 0;
        }
        Integer h = heights.get(e);
        return h == null ? 1 : h;
    }

    /** Marks {@code e} as one SQLite's parser knows to be false (see {@link #isParsedFalse}). */
    <E extends Expr> E markFalse(E e) {
        parsedFalse.add(e);
        return e;
    }

    /**
     * Whether {@code e} is false as SQLite's parser sees it (EP_IsFalse): an integer literal 0, an
     * {@code x IN ()}, or an AND made 0 from one of those; not the keyword FALSE, which is a name
     * until resolved.
     */
    boolean isParsedFalse(Expr e) {
        return parsedFalse.contains(e);
    }

    /** Records the height of a new node: one more than its tallest child; fails above the limit. */
    <E extends Expr> E node(E e, int childHeight) {
        int h = childHeight + 1;
        if (h > MAX_EXPR_DEPTH) {
            throw tooDeep();
        }
        if (h > 1) {
            heights.put(e, h);
            nesting = Math.max(nesting, h);
        }
        if (!selectHeights.isEmpty()) {
            int[] top = selectHeights.get(selectHeights.size() - 1);
            top[0] = Math.max(top[0], h);
        }
        return e;
    }

    /** Starts collecting the tallest expression of a SELECT (heightOfSelect). */
    void beginSelect() {
        selectHeights.add(new int[1]);
    }

    /** Counts a SELECT: a chain of CTEs, each reading the one before, nests as deeply when planned. */
    void countSelect() {
        nesting = Math.max(nesting, ++selects);
    }

    /** Ends {@link #beginSelect} and returns the tallest expression seen in it. */
    int endSelect() {
        return selectHeights.remove(selectHeights.size() - 1)[0];
    }
}
