package io.onelite.sql;

import io.onelite.sql.ast.Expr;
import io.onelite.sql.ast.Expr.BinaryOp;
import io.onelite.sql.ast.NullsOrder;
import io.onelite.sql.ast.OrderingTerm;
import io.onelite.sql.ast.QualifiedName;
import io.onelite.sql.ast.SelectStmt;
import io.onelite.sql.ast.SortOrder;
import io.onelite.sql.ast.TypeName;
import io.onelite.sql.ast.WindowDef;

import java.util.ArrayList;
import java.util.List;

/**
 * Expressions by precedence climbing over SQLite's operator table ({@code parse.y}), lowest first:
 * <pre>
 *  1  OR
 *  2  AND
 *  3  NOT (prefix; its operand binds everything from level 4 up)
 *  4  IS [NOT] [DISTINCT FROM], =, ==, !=, &lt;&gt;, [NOT] IN/LIKE/GLOB/REGEXP/MATCH/BETWEEN, ISNULL, NOTNULL, NOT NULL
 *  5  &lt; &lt;= &gt; &gt;=
 *  7  &amp; | &lt;&lt; &gt;&gt;
 *  8  + -
 *  9  * / %
 * 10  || -&gt; -&gt;&gt;
 * 11  COLLATE (postfix)
 * 12  - + ~ (prefix)
 * </pre>
 * All binary levels are left-associative and built in a loop, so long chains ({@code 1+1+...}) need no
 * recursion; their height is still checked (see {@link TokenCursor}).
 */
final class ExprParser {
    private final TokenCursor c;
    private final WindowParser windows;
    private final PrimaryParser primaries;
    SelectParser selects;

    ExprParser(TokenCursor c) {
        this.c = c;
        this.windows = new WindowParser(c, this);
        this.primaries = new PrimaryParser(c, this);
    }

    /** A full expression. */
    Expr expr() {
        return binary(1, false);
    }

    /** {@code expr, expr, ...} (at least one). */
    List<Expr> exprList() {
        List<Expr> list = new ArrayList<>();
        do {
            list.add(expr());
        } while (c.accept(TokenType.COMMA));
        return list;
    }

    /**
     * {@code x IS [NOT] TRUE} or {@code FALSE} (through a COLLATE on the right), which SQLite's
     * resolver makes a truth test (TK_TRUTH), not a comparison with 1 or 0: whether x, read as a
     * condition, is true (or false), never NULL. Written as a CASE with the same answers (2 IS
     * TRUE is 1, 'abc' IS FALSE is 1, NULL IS NOT TRUE is 1); null when {@code right} is none.
     */
    private Expr truthTest(Expr left, boolean not, Expr right) {
        Expr r = right instanceof Expr.Collate col ? col.expr() : right;
        if (!(r instanceof Expr.BoolLiteral b)) {
            return null;
        }
        Expr when = b.value() ? left : c.node(new Expr.Unary(Expr.UnaryOp.NOT, left), c.height(left));
        Expr yes = c.node(new Expr.Literal(not ? 0L : 1L, not ? "0" : "1"), 0);
        Expr no = c.node(new Expr.Literal(not ? 1L : 0L, not ? "1" : "0"), 0);
        return c.node(new Expr.Case(null, java.util.List.of(new Expr.WhenThen(when, yes)), no),
                Math.max(c.height(left), c.height(right)));
    }

    private Expr bin(BinaryOp op, Expr l, Expr r) {
        return c.node(new Expr.Binary(op, l, r), Math.max(c.height(l), c.height(r)));
    }

    /**
     * {@code l AND r}, or 0 where SQLite's parser makes it 0 (sqlite3ExprAnd): one side is false to
     * the parser ({@link TokenCursor#isParsedFalse}) and neither calls a function. Both sides are
     * dropped unresolved, so an unknown column or a faulty subquery in them is never reported,
     * and as an ORDER BY term the AND is the column number 0.
     */
    private Expr and(Expr l, Expr r) {
        if ((c.isParsedFalse(l) || c.isParsedFalse(r)) && !callsAFunction(l) && !callsAFunction(r)) {
            return c.markFalse(c.node(new Expr.Literal(0L, "0"), 0));
        }
        return bin(BinaryOp.AND, l, r);
    }

    /** @param stopAtAnd leave a top-level AND unread (the low operand of BETWEEN) */
    private Expr binary(int min, boolean stopAtAnd) {
        c.enter();
        try {
            Expr left = unary();
            while (true) {
                TokenType t = c.type();
                switch (t) {
                    case OR -> {
                        if (min > 1) {
                            return left;
                        }
                        c.advance();
                        left = bin(BinaryOp.OR, left, binary(2, false));
                    }
                    case AND -> {
                        if (min > 2 || stopAtAnd) {
                            return left;
                        }
                        c.advance();
                        left = and(left, binary(3, false));
                    }
                    case IS, EQ, NE, ISNULL, NOTNULL, IN, BETWEEN, LIKE, GLOB, REGEXP, MATCH, NOT -> {
                        if (min > 4) {
                            return left;
                        }
                        left = equality(left);
                    }
                    case LT, LE, GT, GE -> {
                        if (min > 5) {
                            return left;
                        }
                        c.advance();
                        BinaryOp op = switch (t) {
                            case LT -> BinaryOp.LT;
                            case LE -> BinaryOp.LE;
                            case GT -> BinaryOp.GT;
                            default -> BinaryOp.GE;
                        };
                        left = bin(op, left, binary(6, false));
                    }
                    case BITAND, BITOR, LSHIFT, RSHIFT -> {
                        if (min > 7) {
                            return left;
                        }
                        c.advance();
                        BinaryOp op = switch (t) {
                            case BITAND -> BinaryOp.BIT_AND;
                            case BITOR -> BinaryOp.BIT_OR;
                            case LSHIFT -> BinaryOp.SHIFT_LEFT;
                            default -> BinaryOp.SHIFT_RIGHT;
                        };
                        left = bin(op, left, binary(8, false));
                    }
                    case PLUS, MINUS -> {
                        if (min > 8) {
                            return left;
                        }
                        c.advance();
                        left = bin(t == TokenType.PLUS ? BinaryOp.ADD : BinaryOp.SUBTRACT, left, binary(9, false));
                    }
                    case STAR, SLASH, REM -> {
                        if (min > 9) {
                            return left;
                        }
                        c.advance();
                        BinaryOp op = t == TokenType.STAR ? BinaryOp.MULTIPLY
                                : t == TokenType.SLASH ? BinaryOp.DIVIDE : BinaryOp.REMAINDER;
                        left = bin(op, left, binary(10, false));
                    }
                    case CONCAT, PTR -> {
                        if (min > 10) {
                            return left;
                        }
                        Token op = c.advance();
                        BinaryOp bop = t == TokenType.CONCAT ? BinaryOp.CONCAT
                                : op.text().length() == 3 ? BinaryOp.JSON_ARROW2 : BinaryOp.JSON_ARROW;
                        left = bin(bop, left, binary(11, false));
                    }
                    case COLLATE -> {
                        if (min > 11) {
                            return left;
                        }
                        c.advance();
                        left = c.node(new Expr.Collate(left, collationName()), c.height(left));
                    }
                    default -> {
                        return left;
                    }
                }
            }
        } finally {
            c.leave();
        }
    }

    /** {@code COLLATE ids}: an ID (or fallback keyword) or a STRING; not INDEXED, which only an {@code id} may be. */
    String collationName() {
        if ((c.atId() && !c.at(TokenType.INDEXED)) || c.at(TokenType.STRING)) {
            return Lexer.dequote(c.advance().text());
        }
        throw c.syntaxError();
    }

    /** One operator of level 4 applied to {@code left}. */
    private Expr equality(Expr left) {
        Token t = c.advance();
        int lh = c.height(left);
        switch (t.type()) {
            case EQ:
                return bin(BinaryOp.EQ, left, binary(5, false));
            case NE:
                return bin(BinaryOp.NE, left, binary(5, false));
            case ISNULL:
                return c.node(new Expr.IsNull(left, false), lh);
            case NOTNULL:
                return c.node(new Expr.IsNull(left, true), lh);
            case IS: {
                boolean not = c.accept(TokenType.NOT);
                if (c.atWord("DISTINCT") || c.at(TokenType.DISTINCT)) {
                    c.advance();
                    c.expect(TokenType.FROM);
                    not = !not;
                }
                Expr right = binary(5, false);
                if (right instanceof Expr.Literal lit && lit.value() == null && lit.text().equalsIgnoreCase("NULL")) {
                    return c.node(new Expr.IsNull(left, not), lh);
                }
                Expr truth = truthTest(left, not, right);
                return truth != null ? truth : bin(not ? BinaryOp.IS_NOT : BinaryOp.IS, left, right);
            }
            case NOT: {
                TokenType n = c.type();
                if (n == TokenType.NULL) {
                    c.advance();
                    return c.node(new Expr.IsNull(left, true), lh);
                }
                if (n == TokenType.IN || n == TokenType.BETWEEN || n == TokenType.LIKE || n == TokenType.GLOB
                        || n == TokenType.REGEXP || n == TokenType.MATCH) {
                    return negatable(c.advance(), left, true);
                }
                throw c.syntaxError();
            }
            default:
                return negatable(t, left, false);
        }
    }

    /** IN, BETWEEN and the LIKE family, after their (optional) NOT. */
    private Expr negatable(Token op, Expr left, boolean not) {
        int lh = c.height(left);
        switch (op.type()) {
            case BETWEEN: {
                // the LALR parser cannot reduce the BETWEEN before its AND, so the low operand is any
                // expression up to a top-level AND (a BETWEEN b = c AND d reads b = c; b OR c AND d ... reads
                // b OR (c AND d) and then wants another AND)
                Expr low = binary(1, true);
                c.expect(TokenType.AND);
                Expr high = binary(5, false);
                return c.node(new Expr.Between(left, not, low, high),
                        Math.max(lh, Math.max(c.height(low), c.height(high))));
            }
            case IN:
                return in(left, not);
            default: {
                Expr pattern = binary(5, false);
                Expr escape = null;
                if (c.accept(TokenType.ESCAPE)) {
                    escape = binary(5, false);
                }
                int h = Math.max(lh, Math.max(c.height(pattern), c.height(escape)));
                if (op.type() == TokenType.REGEXP || op.type() == TokenType.GLOB && escape != null) {
                    // GLOB takes no ESCAPE: SQLite's glob(y, x, z) fails "wrong number of arguments to function GLOB()"
                    return regexp(op, left, not, pattern, escape, h);
                }
                Expr.LikeOp likeOp = switch (op.type()) {
                    case LIKE -> Expr.LikeOp.LIKE;
                    case GLOB -> Expr.LikeOp.GLOB;
                    default -> Expr.LikeOp.MATCH;
                };
                return c.node(new Expr.Like(left, likeOp, not, pattern, escape), h);
            }
        }
    }

    /**
     * {@code x [NOT] REGEXP y [ESCAPE z]} (and {@code x GLOB y ESCAPE z}): as SQLite's parser, the call {@code regexp(y, x[, z])}
     * named as the operator is spelled, so that without a regexp() (an extension defines it) the
     * error reads "no such function: regexp" for {@code regexp}, "REGEXP" for {@code REGEXP}.
     */
    private Expr regexp(Token op, Expr left, boolean not, Expr pattern, Expr escape, int height) {
        List<Expr> args = escape == null ? List.of(pattern, left) : List.of(pattern, left, escape);
        Expr call = c.node(Expr.FunctionCall.of(op.text(), args), height);
        return not ? c.node(new Expr.Unary(Expr.UnaryOp.NOT, call), height + 1) : call;
    }

    /** Whether {@code e} calls a function at its own level (LIKE, GLOB, CURRENT_TIME and -> are calls too). */
    private static boolean callsAFunction(Expr e) {
        if (e instanceof Expr.FunctionCall || e instanceof Expr.Like || e instanceof Expr.CurrentTime
                || e instanceof Expr.Binary b && (b.op() == BinaryOp.JSON_ARROW || b.op() == BinaryOp.JSON_ARROW2)) {
            return true; // SQLite's parser makes each of these a function call (EP_HasFunc)
        }
        for (Expr child : Expr.children(e)) {
            if (callsAFunction(child)) {
                return true;
            }
        }
        return false;
    }

    private Expr in(Expr left, boolean not) {
        int lh = c.height(left);
        if (c.accept(TokenType.LP)) {
            if (selects.atSelectStart()) {
                c.beginSelect();
                SelectStmt s = selects.select();
                int sh = c.endSelect(); // the subquery's height counts toward this node
                c.expect(TokenType.RP);
                return c.node(new Expr.InSelect(left, not, s), Math.max(lh, sh));
            }
            List<Expr> values = c.at(TokenType.RP) ? List.of() : exprList();
            c.expect(TokenType.RP);
            if (values.isEmpty() && !callsAFunction(left)) {
                // SQLite's parser makes x IN () false (NOT IN () true) and drops x unresolved, so
                // an unknown column or a faulty subquery in x is never reported; an x calling a
                // function stays, and its function is checked as anywhere else
                Expr.BoolLiteral b = c.node(new Expr.BoolLiteral(not), 0);
                return not ? b : c.markFalse(b);
            }
            if (values.size() == 1 && values.get(0) instanceof Expr.Subquery sub) {
                // SQLite's parser makes x IN ((SELECT ...)) x IN (SELECT ...): all of its rows count
                return c.node(new Expr.InSelect(left, not, sub.select()), Math.max(lh, c.height(sub) - 1));
            }
            if (left instanceof Expr.RowValue row) {
                // SQLite's parser makes the list a VALUES of the elements, each a row of the left's
                // width (a subquery is one term there), and fails here before anything is resolved
                for (Expr v : values) {
                    int n = v instanceof Expr.RowValue r ? r.values().size() : 1;
                    if (n != row.values().size()) {
                        throw TokenCursor.error("IN(...) element has " + n + (n == 1 ? " term" : " terms")
                                + " - expected " + row.values().size());
                    }
                }
            }
            int h = lh;
            for (Expr v : values) {
                h = Math.max(h, c.height(v));
            }
            return c.node(new Expr.InList(left, not, values), h);
        }
        QualifiedName table = qualifiedName();
        List<Expr> args = null;
        if (c.accept(TokenType.LP)) {
            args = c.at(TokenType.RP) ? List.of() : exprList();
            c.expect(TokenType.RP);
        }
        return c.node(new Expr.InTable(left, not, table, args), lh);
    }

    /** {@code nm [. nm]}. */
    QualifiedName qualifiedName() {
        String first = c.name();
        if (c.accept(TokenType.DOT)) {
            return new QualifiedName(first, c.name());
        }
        return QualifiedName.of(first);
    }

    private Expr unary() {
        Token t = c.peek();
        switch (t.type()) {
            case NOT: {
                c.advance();
                Expr e = binary(4, false);
                return c.node(new Expr.Unary(Expr.UnaryOp.NOT, e), c.height(e));
            }
            case MINUS: {
                c.advance();
                c.enter();
                try {
                    Expr e = unary();
                    if (e instanceof Expr.Unary plus && plus.op() == Expr.UnaryOp.PLUS) {
                        e = plus.operand(); // SQLite's parser turns +x into -x: -+0.0 is a negated REAL literal
                    }
                    if (e instanceof Expr.Literal lit && lit.value() instanceof Double
                            && lit.text().equals("9223372036854775808")) {
                        return c.node(new Expr.Literal(Long.MIN_VALUE, "-" + lit.text()), 0);
                    }
                    return c.node(new Expr.Unary(Expr.UnaryOp.NEGATE, e), c.height(e));
                } finally {
                    c.leave();
                }
            }
            case PLUS:
            case BITNOT: {
                c.advance();
                c.enter();
                try {
                    Expr e = unary();
                    if (t.type() == TokenType.PLUS && e instanceof Expr.Unary plus && plus.op() == Expr.UnaryOp.PLUS) {
                        e = plus.operand(); // + +x is one +x in SQLite's parser
                    }
                    return c.node(new Expr.Unary(t.type() == TokenType.PLUS ? Expr.UnaryOp.PLUS : Expr.UnaryOp.BIT_NOT, e),
                            c.height(e));
                } finally {
                    c.leave();
                }
            }
            default:
                return primaries.primary();
        }
    }

    /** A primary expression; see {@link PrimaryParser}. */
    Expr primary() {
        return primaries.primary();
    }

    /** {@code term [ASC|DESC] [NULLS FIRST|LAST], ...}. */
    List<OrderingTerm> orderingTerms() {
        List<OrderingTerm> terms = new ArrayList<>();
        do {
            Expr e = expr();
            SortOrder order = null;
            if (c.accept(TokenType.ASC)) {
                order = SortOrder.ASC;
            } else if (c.accept(TokenType.DESC)) {
                order = SortOrder.DESC;
            }
            NullsOrder nulls = NullsOrder.DEFAULT;
            if (c.accept(TokenType.NULLS)) {
                if (!c.atAny(TokenType.FIRST, TokenType.LAST)) {
                    throw c.syntaxError();
                }
                nulls = c.advance().type() == TokenType.FIRST ? NullsOrder.FIRST : NullsOrder.LAST;
            }
            terms.add(new OrderingTerm(e, order, nulls));
        } while (c.accept(TokenType.COMMA));
        return terms;
    }

    /** The inside of {@code OVER ( ... )} or of a WINDOW clause's {@code name AS ( ... )}. */
    WindowDef windowDef() {
        return windows.windowDef();
    }

    /** A declared type, or null when none is written; see {@link TypeNameParser}. */
    TypeName typeName() {
        return TypeNameParser.typeName(c);
    }
}
