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
import java.util.HexFormat;
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
    /** SQLITE_LIMIT_FUNCTION_ARG as sqlite-jdbc (the test oracle) sets it. */
    static final int MAX_FUNCTION_ARG = 100;

    private final TokenCursor c;
    SelectParser selects;

    ExprParser(TokenCursor c) {
        this.c = c;
    }

    /** A full expression. */
    Expr expr() {
        return binary(1);
    }

    /** {@code expr, expr, ...} (at least one). */
    List<Expr> exprList() {
        List<Expr> list = new ArrayList<>();
        do {
            list.add(expr());
        } while (c.accept(TokenType.COMMA));
        return list;
    }

    private Expr bin(BinaryOp op, Expr l, Expr r) {
        return c.node(new Expr.Binary(op, l, r), Math.max(c.height(l), c.height(r)));
    }

    private Expr binary(int min) {
        return binary(min, false);
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
                        left = bin(BinaryOp.OR, left, binary(2));
                    }
                    case AND -> {
                        if (min > 2 || stopAtAnd) {
                            return left;
                        }
                        c.advance();
                        left = bin(BinaryOp.AND, left, binary(3));
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
                        left = bin(op, left, binary(6));
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
                        left = bin(op, left, binary(8));
                    }
                    case PLUS, MINUS -> {
                        if (min > 8) {
                            return left;
                        }
                        c.advance();
                        left = bin(t == TokenType.PLUS ? BinaryOp.ADD : BinaryOp.SUBTRACT, left, binary(9));
                    }
                    case STAR, SLASH, REM -> {
                        if (min > 9) {
                            return left;
                        }
                        c.advance();
                        BinaryOp op = t == TokenType.STAR ? BinaryOp.MULTIPLY
                                : t == TokenType.SLASH ? BinaryOp.DIVIDE : BinaryOp.REMAINDER;
                        left = bin(op, left, binary(10));
                    }
                    case CONCAT, PTR -> {
                        if (min > 10) {
                            return left;
                        }
                        Token op = c.advance();
                        BinaryOp bop = t == TokenType.CONCAT ? BinaryOp.CONCAT
                                : op.text().length() == 3 ? BinaryOp.JSON_ARROW2 : BinaryOp.JSON_ARROW;
                        left = bin(bop, left, binary(11));
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

    /** {@code COLLATE ids}: an ID (or fallback keyword) or a STRING. */
    String collationName() {
        if (c.atId() || c.at(TokenType.STRING)) {
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
                return bin(BinaryOp.EQ, left, binary(5));
            case NE:
                return bin(BinaryOp.NE, left, binary(5));
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
                Expr right = binary(5);
                if (right instanceof Expr.Literal lit && lit.value() == null && lit.text().equalsIgnoreCase("NULL")) {
                    return c.node(new Expr.IsNull(left, not), lh);
                }
                return bin(not ? BinaryOp.IS_NOT : BinaryOp.IS, left, right);
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
                Expr high = binary(5);
                return c.node(new Expr.Between(left, not, low, high),
                        Math.max(lh, Math.max(c.height(low), c.height(high))));
            }
            case IN:
                return in(left, not);
            default: {
                Expr.LikeOp likeOp = switch (op.type()) {
                    case LIKE -> Expr.LikeOp.LIKE;
                    case GLOB -> Expr.LikeOp.GLOB;
                    case REGEXP -> Expr.LikeOp.REGEXP;
                    default -> Expr.LikeOp.MATCH;
                };
                Expr pattern = binary(5);
                Expr escape = null;
                if (c.accept(TokenType.ESCAPE)) {
                    escape = binary(5);
                }
                return c.node(new Expr.Like(left, likeOp, not, pattern, escape),
                        Math.max(lh, Math.max(c.height(pattern), c.height(escape))));
            }
        }
    }

    private Expr in(Expr left, boolean not) {
        int lh = c.height(left);
        if (c.accept(TokenType.LP)) {
            if (selects.atSelectStart()) {
                c.beginSelect();
                SelectStmt s;
                try {
                    s = selects.select();
                } finally {
                    // the height of the subquery counts toward this node
                }
                int sh = c.endSelect();
                c.expect(TokenType.RP);
                return c.node(new Expr.InSelect(left, not, s), Math.max(lh, sh));
            }
            List<Expr> values = c.at(TokenType.RP) ? List.of() : exprList();
            c.expect(TokenType.RP);
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
                Expr e = binary(4);
                return c.node(new Expr.Unary(Expr.UnaryOp.NOT, e), c.height(e));
            }
            case MINUS: {
                c.advance();
                c.enter();
                try {
                    Expr e = unary();
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
                    return c.node(new Expr.Unary(t.type() == TokenType.PLUS ? Expr.UnaryOp.PLUS : Expr.UnaryOp.BIT_NOT, e),
                            c.height(e));
                } finally {
                    c.leave();
                }
            }
            default:
                return primary();
        }
    }

    /** A primary expression (a literal, name, call, parenthesised expression, CASE, CAST, ...). */
    Expr primary() {
        Token t = c.peek();
        switch (t.type()) {
            case INTEGER:
                c.advance();
                return c.node(integer(t), 0);
            case FLOAT:
                c.advance();
                return c.node(new Expr.Literal(Double.parseDouble(t.text()), t.text()), 0);
            case QNUMBER: {
                c.advance();
                String digits = Lexer.stripSeparators(t.text());
                if (digits == null) {
                    // SQLite reports this when the term is reduced, i.e. only if the next token fits
                    c.deferError(TokenCursor.error("unrecognized token: \"" + t.text() + "\""));
                    return c.node(new Expr.Literal(0L, t.text()), 0);
                }
                boolean hex = digits.length() > 1 && (digits.charAt(1) == 'x' || digits.charAt(1) == 'X');
                if (!hex && (digits.contains(".") || digits.contains("e") || digits.contains("E"))) {
                    return c.node(new Expr.Literal(Double.parseDouble(digits), t.text()), 0);
                }
                return c.node(integer(new Token(TokenType.INTEGER, t.start(), t.end(), digits)), 0);
            }
            case STRING:
                if (c.typeAt(1) == TokenType.DOT) {
                    return columnOrFunction();
                }
                c.advance();
                return c.node(new Expr.Literal(Lexer.dequote(t.text()), t.text()), 0);
            case BLOB: {
                c.advance();
                String hex = t.text().substring(2, t.text().length() - 1);
                return c.node(new Expr.Literal(HexFormat.of().parseHex(hex), t.text()), 0);
            }
            case NULL:
                c.advance();
                return c.node(new Expr.Literal(null, t.text()), 0);
            case VARIABLE:
                c.advance();
                return c.node(c.parameter(t), 0);
            case CURRENT_TIME:
            case CURRENT_DATE:
            case CURRENT_TIMESTAMP: {
                c.advance();
                Expr.CurrentTime.Kind k = t.type() == TokenType.CURRENT_TIME ? Expr.CurrentTime.Kind.TIME
                        : t.type() == TokenType.CURRENT_DATE ? Expr.CurrentTime.Kind.DATE : Expr.CurrentTime.Kind.TIMESTAMP;
                return c.node(new Expr.CurrentTime(k), 0);
            }
            case LP:
                return parenthesized();
            case CAST: {
                c.advance();
                c.expect(TokenType.LP);
                Expr e = expr();
                c.expect(TokenType.AS);
                TypeName type = typeName(); // optional: CAST(x AS) has an empty type
                if (type == null) {
                    type = new TypeName("", List.of(), "");
                }
                c.expect(TokenType.RP);
                return c.node(new Expr.Cast(e, type), c.height(e));
            }
            case EXISTS: {
                c.advance();
                c.expect(TokenType.LP);
                c.beginSelect();
                SelectStmt s = selects.select();
                int sh = c.endSelect();
                c.expect(TokenType.RP);
                return c.node(new Expr.Exists(s), sh);
            }
            case CASE:
                return caseExpr();
            case RAISE:
                return raise();
            default:
                if (t.type().isNameLike()) {
                    return columnOrFunction();
                }
                throw c.syntaxError();
        }
    }

    private Expr integer(Token t) {
        String text = t.text();
        if (text.length() > 2 && (text.charAt(1) == 'x' || text.charAt(1) == 'X')) {
            String digits = text.substring(2).replaceFirst("^0+(?=.)", "");
            if (digits.length() > 16) {
                c.deferToEnd(TokenCursor.error("hex literal too big: " + text)); // a code-generation error
                return new Expr.Literal(0L, text);
            }
            return new Expr.Literal(Long.parseUnsignedLong(digits, 16), text);
        }
        try {
            return new Expr.Literal(Long.parseLong(text), text);
        } catch (NumberFormatException e) {
            return new Expr.Literal(Double.parseDouble(text), text);
        }
    }

    private Expr parenthesized() {
        c.advance();
        c.enter();
        try {
            if (selects.atSelectStart()) {
                c.beginSelect();
                SelectStmt s = selects.select();
                int sh = c.endSelect();
                c.expect(TokenType.RP);
                return c.node(new Expr.Subquery(s), sh);
            }
            Expr e = expr();
            if (c.at(TokenType.COMMA)) {
                List<Expr> values = new ArrayList<>();
                values.add(e);
                int h = c.height(e);
                while (c.accept(TokenType.COMMA)) {
                    Expr v = expr();
                    h = Math.max(h, c.height(v));
                    values.add(v);
                }
                c.expect(TokenType.RP);
                return c.node(new Expr.RowValue(values), h);
            }
            c.expect(TokenType.RP);
            return e;
        } finally {
            c.leave();
        }
    }

    private Expr caseExpr() {
        c.advance();
        Expr base = c.at(TokenType.WHEN) ? null : expr();
        int h = c.height(base);
        List<Expr.WhenThen> whens = new ArrayList<>();
        if (!c.at(TokenType.WHEN)) {
            throw c.syntaxError();
        }
        while (c.accept(TokenType.WHEN)) {
            Expr w = expr();
            c.expect(TokenType.THEN);
            Expr th = expr();
            h = Math.max(h, Math.max(c.height(w), c.height(th)));
            whens.add(new Expr.WhenThen(w, th));
        }
        Expr elseExpr = null;
        if (c.accept(TokenType.ELSE)) {
            elseExpr = expr();
            h = Math.max(h, c.height(elseExpr));
        }
        c.expect(TokenType.END);
        return c.node(new Expr.Case(base, whens, elseExpr), h);
    }

    private Expr raise() {
        c.advance();
        c.expect(TokenType.LP);
        Expr.RaiseKind kind;
        Expr message = null;
        switch (c.type()) {
            case IGNORE -> kind = Expr.RaiseKind.IGNORE;
            case ROLLBACK -> kind = Expr.RaiseKind.ROLLBACK;
            case ABORT -> kind = Expr.RaiseKind.ABORT;
            case FAIL -> kind = Expr.RaiseKind.FAIL;
            default -> throw c.syntaxError();
        }
        c.advance();
        if (kind != Expr.RaiseKind.IGNORE) {
            c.expect(TokenType.COMMA);
            message = expr();
        }
        c.expect(TokenType.RP);
        return c.node(new Expr.Raise(kind, message), c.height(message));
    }

    /** {@code nm}, {@code nm.nm}, {@code nm.nm.nm}, {@code TRUE}/{@code FALSE}, or a function call. */
    private Expr columnOrFunction() {
        Token first = c.advance();
        if (c.at(TokenType.LP) && first.type() != TokenType.STRING) {
            return functionCall(first);
        }
        String a = Lexer.dequote(first.text());
        if (c.accept(TokenType.DOT)) {
            Token second = c.peek();
            String b = c.name();
            if (c.accept(TokenType.DOT)) {
                Token third = c.peek();
                String col = c.name();
                return c.node(new Expr.ColumnRef(a, b, col, third.text().startsWith("\"")), 0);
            }
            return c.node(new Expr.ColumnRef(null, a, b, second.text().startsWith("\"")), 0);
        }
        if (first.type() == TokenType.ID && (first.text().equalsIgnoreCase("true") || first.text().equalsIgnoreCase("false"))) {
            return c.node(new Expr.BoolLiteral(first.text().equalsIgnoreCase("true")), 0);
        }
        return c.node(new Expr.ColumnRef(null, null, a, first.text().startsWith("\"")), 0);
    }

    private Expr functionCall(Token nameToken) {
        String name = Lexer.dequote(nameToken.text());
        c.expect(TokenType.LP);
        boolean distinct = false;
        boolean star = false;
        List<Expr> args = List.of();
        List<OrderingTerm> orderBy = List.of();
        int h = 0;
        if (c.accept(TokenType.STAR)) {
            star = true;
        } else if (!c.at(TokenType.RP)) {
            if (c.accept(TokenType.DISTINCT)) {
                distinct = true;
            } else {
                c.accept(TokenType.ALL);
            }
            // exprlist may be empty after DISTINCT/ALL: count(DISTINCT) parses (and fails later)
            args = c.at(TokenType.RP) || c.at(TokenType.ORDER) ? List.of() : exprList();
            if (c.at(TokenType.ORDER)) {
                c.advance();
                c.expect(TokenType.BY);
                orderBy = orderingTerms();
            }
        }
        c.expect(TokenType.RP);
        if (args.size() > MAX_FUNCTION_ARG) {
            c.deferError(TokenCursor.error("too many arguments on function " + nameToken.text()));
        }
        for (Expr a : args) {
            h = Math.max(h, c.height(a));
        }
        Expr filter = null;
        if (c.at(TokenType.FILTER)) {
            c.advance();
            c.expect(TokenType.LP);
            c.expect(TokenType.WHERE);
            filter = expr();
            c.expect(TokenType.RP);
        }
        WindowDef over = null;
        if (c.at(TokenType.OVER)) {
            c.advance();
            if (c.accept(TokenType.LP)) {
                over = windowDef();
                c.expect(TokenType.RP);
            } else {
                over = new WindowDef(c.name(), List.of(), List.of(), null);
            }
        }
        return c.node(new Expr.FunctionCall(name, distinct, args, star, orderBy, filter, over), h);
    }

    /** The inside of {@code OVER ( ... )} or of a WINDOW clause's {@code name AS ( ... )}. */
    WindowDef windowDef() {
        String base = null;
        if (c.atName() && !isWindowClauseKeyword()) {
            base = c.name();
        }
        List<Expr> partition = List.of();
        if (c.accept(TokenType.PARTITION)) {
            c.expect(TokenType.BY);
            partition = exprList();
        }
        List<OrderingTerm> orderBy = List.of();
        if (c.at(TokenType.ORDER)) {
            c.advance();
            c.expect(TokenType.BY);
            orderBy = orderingTerms();
        }
        WindowDef.FrameSpec frame = null;
        if (c.atAny(TokenType.ROWS, TokenType.RANGE, TokenType.GROUPS)) {
            frame = frame();
        }
        return new WindowDef(base, partition, orderBy, frame);
    }

    private boolean isWindowClauseKeyword() {
        return switch (c.type()) {
            case PARTITION, ROWS, RANGE, GROUPS -> true;
            default -> false;
        };
    }

    private WindowDef.FrameSpec frame() {
        Token u = c.advance();
        WindowDef.FrameUnit unit = switch (u.type()) {
            case ROWS -> WindowDef.FrameUnit.ROWS;
            case RANGE -> WindowDef.FrameUnit.RANGE;
            default -> WindowDef.FrameUnit.GROUPS;
        };
        WindowDef.FrameBound start;
        WindowDef.FrameBound end;
        if (c.accept(TokenType.BETWEEN)) {
            start = frameBound(true);
            c.expect(TokenType.AND);
            end = frameBound(false);
        } else {
            start = frameBound(true);
            end = new WindowDef.FrameBound(WindowDef.BoundKind.CURRENT_ROW, null);
        }
        WindowDef.FrameExclude exclude = WindowDef.FrameExclude.NO_OTHERS;
        if (c.accept(TokenType.EXCLUDE)) {
            if (c.accept(TokenType.NO)) {
                c.expect(TokenType.OTHERS);
            } else if (c.accept(TokenType.CURRENT)) {
                c.expect(TokenType.ROW);
                exclude = WindowDef.FrameExclude.CURRENT_ROW;
            } else if (c.accept(TokenType.GROUP)) {
                exclude = WindowDef.FrameExclude.GROUP;
            } else {
                c.expect(TokenType.TIES);
                exclude = WindowDef.FrameExclude.TIES;
            }
        }
        return new WindowDef.FrameSpec(unit, start, end, exclude);
    }

    private WindowDef.FrameBound frameBound(boolean isStart) {
        if (c.at(TokenType.UNBOUNDED)) {
            c.advance();
            if (isStart) {
                c.expect(TokenType.PRECEDING);
                return new WindowDef.FrameBound(WindowDef.BoundKind.UNBOUNDED_PRECEDING, null);
            }
            c.expect(TokenType.FOLLOWING);
            return new WindowDef.FrameBound(WindowDef.BoundKind.UNBOUNDED_FOLLOWING, null);
        }
        if (c.accept(TokenType.CURRENT)) {
            c.expect(TokenType.ROW);
            return new WindowDef.FrameBound(WindowDef.BoundKind.CURRENT_ROW, null);
        }
        Expr e = expr();
        if (c.accept(TokenType.PRECEDING)) {
            return new WindowDef.FrameBound(WindowDef.BoundKind.PRECEDING, e);
        }
        c.expect(TokenType.FOLLOWING);
        return new WindowDef.FrameBound(WindowDef.BoundKind.FOLLOWING, e);
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

    /**
     * {@code typetoken}: type words (ID, STRING or fallback keywords) with an optional
     * {@code (n)} or {@code (n, m)} of signed numbers; null when there is none. The text is the source span,
     * dequoted when it starts with a quote, as {@code sqlite3AddColumn}.
     */
    TypeName typeName() {
        if (!isTypeWord()) {
            return null;
        }
        int start = c.peek().start();
        List<String> words = new ArrayList<>();
        while (isTypeWord()) {
            words.add(Lexer.dequote(c.advance().text()));
        }
        List<String> args = new ArrayList<>();
        if (c.accept(TokenType.LP)) {
            args.add(signedNumber());
            if (c.accept(TokenType.COMMA)) {
                args.add(signedNumber());
            }
            c.expect(TokenType.RP);
        }
        String text = c.text(start, c.previous().end());
        return new TypeName(String.join(" ", words), args, Lexer.dequote(text));
    }

    private boolean isTypeWord() {
        TokenType t = c.type();
        return t == TokenType.ID || t == TokenType.STRING || TokenType.FALLBACK_ID.contains(t);
    }

    /** {@code [+|-] number}, returned as written without spaces. */
    String signedNumber() {
        String sign = "";
        if (c.at(TokenType.PLUS) || c.at(TokenType.MINUS)) {
            sign = c.advance().text();
        }
        if (!c.atAny(TokenType.INTEGER, TokenType.FLOAT)) {
            throw c.syntaxError();
        }
        return sign + c.advance().text();
    }
}
