package io.onelite.sql;

import io.onelite.sql.ast.Expr;
import io.onelite.sql.ast.OrderingTerm;
import io.onelite.sql.ast.SelectStmt;
import io.onelite.sql.ast.TypeName;
import io.onelite.sql.ast.WindowDef;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * Primary expressions ({@code term} and the non-operator {@code expr} rules of {@code parse.y}): literals,
 * parameters, names, function calls with DISTINCT/ORDER BY/FILTER/OVER, parenthesised expressions, row
 * values and subqueries, CASE, CAST, EXISTS and RAISE. Heights are recorded through {@link TokenCursor#node}.
 */
final class PrimaryParser {
    /** SQLITE_LIMIT_FUNCTION_ARG as sqlite-jdbc (the test oracle) sets it. */
    static final int MAX_FUNCTION_ARG = 100;

    private final TokenCursor c;
    private final ExprParser exprs;

    PrimaryParser(TokenCursor c, ExprParser exprs) {
        this.c = c;
        this.exprs = exprs;
    }

    /** A primary expression (a literal, name, call, parenthesised expression, CASE, CAST, ...). */
    Expr primary() {
        Token t = c.peek();
        switch (t.type()) {
            case INTEGER:
                c.advance();
                return c.node(zeroMarked(integer(t)), 0);
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
                return c.node(zeroMarked(integer(new Token(TokenType.INTEGER, t.start(), t.end(), digits))), 0);
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
                return c.place(c.node(new Expr.CurrentTime(k), 0), t.start()); // an error about it points here
            }
            case LP:
                return parenthesized();
            case CAST: {
                c.advance();
                c.expect(TokenType.LP);
                Expr e = exprs.expr();
                c.expect(TokenType.AS);
                TypeName type = exprs.typeName(); // optional: CAST(x AS) has an empty type
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
                SelectStmt s = exprs.selects.select();
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

    /** An integer literal 0 is false to SQLite's parser ({@link TokenCursor#isParsedFalse}). */
    private Expr.Literal zeroMarked(Expr.Literal l) {
        return l.value() instanceof Long v && v == 0 ? c.markFalse(l) : l;
    }

    private Expr.Literal integer(Token t) {
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
        // no enter() here: the select() or expr() below counts this level
        if (exprs.selects.atSelectStart()) {
            c.beginSelect();
            SelectStmt s = exprs.selects.select();
            int sh = c.endSelect();
            c.expect(TokenType.RP);
            return c.node(new Expr.Subquery(s), sh);
        }
        Expr e = exprs.expr();
        if (c.at(TokenType.COMMA)) {
            List<Expr> values = new ArrayList<>();
            values.add(e);
            int h = c.height(e);
            while (c.accept(TokenType.COMMA)) {
                Expr v = exprs.expr();
                h = Math.max(h, c.height(v));
                values.add(v);
            }
            c.expect(TokenType.RP);
            return c.node(new Expr.RowValue(values), h);
        }
        c.expect(TokenType.RP);
        return e;
    }

    private Expr caseExpr() {
        c.advance();
        Expr base = c.at(TokenType.WHEN) ? null : exprs.expr();
        int h = c.height(base);
        List<Expr.WhenThen> whens = new ArrayList<>();
        if (!c.at(TokenType.WHEN)) {
            throw c.syntaxError();
        }
        while (c.accept(TokenType.WHEN)) {
            Expr w = exprs.expr();
            c.expect(TokenType.THEN);
            Expr th = exprs.expr();
            h = Math.max(h, Math.max(c.height(w), c.height(th)));
            whens.add(new Expr.WhenThen(w, th));
        }
        Expr elseExpr = null;
        if (c.accept(TokenType.ELSE)) {
            elseExpr = exprs.expr();
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
            message = exprs.expr();
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
                return c.place(c.node(new Expr.ColumnRef(a, b, col, third.text().startsWith("\"")), 0), first.start());
            }
            return c.place(c.node(new Expr.ColumnRef(null, a, b, second.text().startsWith("\"")), 0), first.start());
        }
        if (first.type() == TokenType.ID && (first.text().equalsIgnoreCase("true") || first.text().equalsIgnoreCase("false"))) {
            return c.node(new Expr.BoolLiteral(first.text().equalsIgnoreCase("true")), 0);
        }
        return c.place(c.node(new Expr.ColumnRef(null, null, a, first.text().startsWith("\"")), 0), first.start());
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
            args = c.at(TokenType.RP) || c.at(TokenType.ORDER) ? List.of() : exprs.exprList();
            if (c.at(TokenType.ORDER)) {
                c.advance();
                c.expect(TokenType.BY);
                orderBy = exprs.orderingTerms();
                if (args.isEmpty()) {
                    orderBy = List.of(); // as SQLite: ORDER BY on a call without arguments is ignored
                }
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
            filter = exprs.expr();
            c.expect(TokenType.RP);
        }
        WindowDef over = null;
        if (c.at(TokenType.OVER)) {
            c.advance();
            if (c.accept(TokenType.LP)) {
                over = exprs.windowDef();
                c.expect(TokenType.RP);
            } else {
                over = new WindowDef(c.name(), List.of(), List.of(), null);
            }
            if (distinct) { // sqlite3WindowAttach, in the grammar action
                c.deferError(TokenCursor.error("DISTINCT is not supported for window functions"));
            }
        }
        // where the call starts: an error about it (no such function, misuse of aggregate) points there
        return c.place(c.node(new Expr.FunctionCall(name, distinct, args, star, orderBy, filter, over), h),
                nameToken.start());
    }
}
