package io.onelite.sql;

import io.onelite.sql.ast.CommonTableExpr;
import io.onelite.sql.ast.Expr;
import io.onelite.sql.ast.FromItem;
import io.onelite.sql.ast.Join;
import io.onelite.sql.ast.NamedWindow;
import io.onelite.sql.ast.OrderingTerm;
import io.onelite.sql.ast.QualifiedName;
import io.onelite.sql.ast.ResultColumn;
import io.onelite.sql.ast.SelectCore;
import io.onelite.sql.ast.SelectStmt;
import io.onelite.sql.ast.WithClause;

import java.util.ArrayList;
import java.util.List;

/**
 * SELECT (with compounds, ORDER BY, LIMIT), VALUES, WITH clauses, result columns and FROM clauses,
 * following {@code select}, {@code oneselect}, {@code seltablist} and {@code with} in {@code parse.y}.
 */
final class SelectParser {
    /** SQLITE_MAX_COMPOUND_SELECT: the most SELECT cores one compound may join. */
    static final int MAX_COMPOUND_SELECT = 500;

    private final TokenCursor c;
    private final ExprParser exprs;

    SelectParser(TokenCursor c, ExprParser exprs) {
        this.c = c;
        this.exprs = exprs;
    }

    /** Whether a SELECT may start here (SELECT, VALUES or WITH). */
    boolean atSelectStart() {
        return c.atAny(TokenType.SELECT, TokenType.VALUES, TokenType.WITH);
    }

    /** A full select, including its own WITH clause if one starts here. */
    SelectStmt select() {
        c.enter();
        c.countSelect();
        try {
            WithClause with = c.at(TokenType.WITH) ? with() : null;
            return selectAfterWith(with);
        } finally {
            c.leave();
        }
    }

    /** The rest of a select whose WITH clause (possibly null) is already parsed. */
    SelectStmt selectAfterWith(WithClause with) {
        SelectCore first = core();
        List<SelectStmt.CompoundTerm> compounds = new ArrayList<>();
        // as in parse.y, each SELECT core may carry ORDER BY/LIMIT; only the last one's are legal
        String misplaced = null;
        while (true) {
            SelectCore current = compounds.isEmpty() ? first : compounds.get(compounds.size() - 1).core();
            List<OrderingTerm> orderBy = List.of();
            Expr[] limit = new Expr[2];
            if (current instanceof SelectCore.Query) {
                orderBy = orderBy();
                limit = limit();
            }
            if (!c.atAny(TokenType.UNION, TokenType.INTERSECT, TokenType.EXCEPT)) {
                // parserDoubleLinkSelect, when the whole select is reduced; its last message wins
                if (compounds.size() + 1 > MAX_COMPOUND_SELECT) {
                    c.deferError(TokenCursor.error("too many terms in compound SELECT"));
                } else if (misplaced != null) {
                    c.deferError(TokenCursor.error(misplaced));
                }
                return new SelectStmt(with, first, compounds, orderBy, limit[0], limit[1]);
            }
            if (!orderBy.isEmpty() || limit[0] != null) {
                String op = c.at(TokenType.UNION) ? (c.typeAt(1) == TokenType.ALL ? "UNION ALL" : "UNION")
                        : c.peek().type().name();
                // parserDoubleLinkSelect reports the one nearest the end
                misplaced = (orderBy.isEmpty() ? "LIMIT" : "ORDER BY") + " clause should come after " + op
                        + " not before";
            }
            SelectStmt.CompoundOp op;
            if (c.accept(TokenType.UNION)) {
                op = c.accept(TokenType.ALL) ? SelectStmt.CompoundOp.UNION_ALL : SelectStmt.CompoundOp.UNION;
            } else if (c.accept(TokenType.INTERSECT)) {
                op = SelectStmt.CompoundOp.INTERSECT;
            } else if (c.accept(TokenType.EXCEPT)) {
                op = SelectStmt.CompoundOp.EXCEPT;
            } else {
                throw c.syntaxError();
            }
            compounds.add(new SelectStmt.CompoundTerm(op, core()));
        }
    }

    /** {@code ORDER BY terms} or an empty list. */
    List<OrderingTerm> orderBy() {
        if (!c.at(TokenType.ORDER)) {
            return List.of();
        }
        c.advance();
        c.expect(TokenType.BY);
        return exprs.orderingTerms();
    }

    /** {@code LIMIT x [OFFSET y | , y]} as {limit, offset}; {@code LIMIT x, y} means offset x, limit y. */
    Expr[] limit() {
        if (!c.accept(TokenType.LIMIT)) {
            return new Expr[2];
        }
        Expr first = exprs.expr();
        if (c.accept(TokenType.OFFSET)) {
            return new Expr[] {first, exprs.expr()};
        }
        if (c.accept(TokenType.COMMA)) {
            return new Expr[] {exprs.expr(), first};
        }
        return new Expr[] {first, null};
    }

    /** {@code WITH [RECURSIVE] name [(cols)] AS [[NOT] MATERIALIZED] (select), ...}. */
    WithClause with() {
        c.expect(TokenType.WITH);
        boolean recursive = c.accept(TokenType.RECURSIVE);
        List<CommonTableExpr> ctes = new ArrayList<>();
        do {
            String name = c.name();
            List<String> columns = c.at(TokenType.LP) ? eidList() : List.of();
            c.expect(TokenType.AS);
            CommonTableExpr.Materialized m = CommonTableExpr.Materialized.DEFAULT;
            if (c.accept(TokenType.NOT)) {
                c.expect(TokenType.MATERIALIZED);
                m = CommonTableExpr.Materialized.NOT_MATERIALIZED;
            } else if (c.accept(TokenType.MATERIALIZED)) {
                m = CommonTableExpr.Materialized.MATERIALIZED;
            }
            c.expect(TokenType.LP);
            SelectStmt s = select();
            c.expect(TokenType.RP);
            ctes.add(new CommonTableExpr(name, columns, m, s));
        } while (c.accept(TokenType.COMMA));
        return new WithClause(recursive, ctes);
    }

    /**
     * {@code (nm [COLLATE x] [ASC|DESC], ...)}: SQLite's {@code eidlist} of view and CTE column lists, whose
     * collations and orders are accepted and ignored.
     */
    List<String> eidList() {
        c.expect(TokenType.LP);
        List<String> names = new ArrayList<>();
        do {
            names.add(c.name());
            if (c.accept(TokenType.COLLATE)) {
                exprs.collationName();
            }
            if (!c.accept(TokenType.ASC)) {
                c.accept(TokenType.DESC);
            }
        } while (c.accept(TokenType.COMMA));
        c.expect(TokenType.RP);
        return names;
    }

    /** {@code (nm, nm, ...)}. */
    List<String> nameList() {
        c.expect(TokenType.LP);
        List<String> names = new ArrayList<>();
        do {
            names.add(c.placedName());
        } while (c.accept(TokenType.COMMA));
        c.expect(TokenType.RP);
        return names;
    }

    /** Whether the FROM term being read is inside parentheses of its own FROM clause ({@code FROM a JOIN (b, c)}). */
    private boolean inParenthesisedFrom;

    private SelectCore core() {
        boolean outer = inParenthesisedFrom;
        inParenthesisedFrom = false; // a subquery's FROM is its own
        try {
            return coreInScope();
        } finally {
            inParenthesisedFrom = outer;
        }
    }

    private SelectCore coreInScope() {
        if (c.accept(TokenType.VALUES)) {
            return values();
        }
        c.expect(TokenType.SELECT);
        boolean distinct = false;
        if (c.accept(TokenType.DISTINCT)) {
            distinct = true;
        } else {
            c.accept(TokenType.ALL);
        }
        List<ResultColumn> columns = resultColumns();
        FromItem from = null;
        if (c.accept(TokenType.FROM)) {
            from = from();
        }
        Expr where = c.accept(TokenType.WHERE) ? exprs.expr() : null;
        List<Expr> groupBy = List.of();
        if (c.at(TokenType.GROUP)) {
            c.advance();
            c.expect(TokenType.BY);
            groupBy = exprs.exprList();
        }
        Expr having = c.accept(TokenType.HAVING) ? exprs.expr() : null;
        List<NamedWindow> windows = new ArrayList<>();
        if (c.accept(TokenType.WINDOW)) {
            do {
                String name = c.name();
                c.expect(TokenType.AS);
                c.expect(TokenType.LP);
                windows.add(new NamedWindow(name, exprs.windowDef()));
                c.expect(TokenType.RP);
            } while (c.accept(TokenType.COMMA));
        }
        return new SelectCore.Query(distinct, columns, from, where, groupBy, having, windows);
    }

    private SelectCore values() {
        List<List<Expr>> rows = new ArrayList<>();
        do {
            c.expect(TokenType.LP);
            List<Expr> row = exprs.exprList();
            c.expect(TokenType.RP);
            if (!rows.isEmpty() && rows.get(0).size() != row.size()) {
                c.deferError(TokenCursor.error("all VALUES must have the same number of terms"));
            }
            rows.add(row);
        } while (c.accept(TokenType.COMMA));
        return new SelectCore.Values(rows);
    }

    /** Result columns of SELECT or RETURNING. */
    List<ResultColumn> resultColumns() {
        List<ResultColumn> columns = new ArrayList<>();
        do {
            if (c.accept(TokenType.STAR)) {
                columns.add(new ResultColumn.Star());
                continue;
            }
            if (c.atName() && c.typeAt(1) == TokenType.DOT && c.typeAt(2) == TokenType.STAR
                    && !c.atAny(TokenType.CAST, TokenType.RAISE, TokenType.CURRENT_DATE, TokenType.CURRENT_TIME,
                    TokenType.CURRENT_TIMESTAMP)) {
                String table = c.name();
                c.advance();
                c.advance();
                columns.add(new ResultColumn.TableStar(table));
                continue;
            }
            int start = c.peek().start();
            Expr e = exprs.expr();
            String text = c.text(start, c.previous().end());
            columns.add(new ResultColumn.Expression(e, alias(), text));
        } while (c.accept(TokenType.COMMA));
        return columns;
    }

    /** {@code AS nm}, or an ID/STRING (fallback keywords included), or null. */
    String alias() {
        if (c.accept(TokenType.AS)) {
            return c.name();
        }
        TokenType t = c.type();
        if (t == TokenType.ID || t == TokenType.STRING || TokenType.FALLBACK_ID.contains(t)) {
            return Lexer.dequote(c.advance().text());
        }
        return null;
    }

    /** A FROM clause: items joined left to right. */
    FromItem from() {
        FromItem left = fromItem(true);
        while (true) {
            Join.JoinType type;
            boolean natural = false;
            if (c.accept(TokenType.COMMA)) {
                type = Join.JoinType.COMMA;
            } else if (c.accept(TokenType.JOIN)) {
                type = Join.JoinType.INNER;
            } else if (TokenType.JOIN_KW.contains(c.type())) {
                // joinop ::= JOIN_KW [nm [nm]] JOIN; sqlite3JoinType then vets the words
                List<Token> kws = new ArrayList<>();
                kws.add(c.advance());
                while (kws.size() < 3 && !c.at(TokenType.JOIN) && c.atName()) {
                    kws.add(c.advance());
                }
                c.expect(TokenType.JOIN);
                if (!c.atName() && !c.at(TokenType.LP)) {
                    throw c.syntaxError(); // sqlite3JoinType runs only once the next token fits
                }
                natural = kws.stream().anyMatch(k -> k.type() == TokenType.NATURAL);
                type = joinType(kws);
            } else {
                return left;
            }
            FromItem right = fromItem(false);
            Expr on = null;
            List<String> using = List.of();
            if (c.accept(TokenType.ON)) {
                on = exprs.expr();
            } else if (c.accept(TokenType.USING)) {
                using = nameList();
            }
            left = new Join(left, type, natural, right, on, using);
        }
    }

    /** As {@code sqlite3JoinType}: rejects combinations such as LEFT INNER or OUTER alone. */
    private static Join.JoinType joinType(List<Token> kws) {
        boolean inner = false, cross = false, left = false, right = false, outer = false, error = false;
        for (Token k : kws) {
            switch (k.type()) {
                case INNER -> inner = true;
                case CROSS -> { cross = true; inner = true; }
                case LEFT -> { left = true; outer = true; }
                case RIGHT -> { right = true; outer = true; }
                case FULL -> { left = true; right = true; outer = true; }
                case OUTER -> outer = true;
                case NATURAL -> { }
                default -> error = true;
            }
        }
        boolean outerOnly = outer && !left && !right;
        if ((inner && outer) || error || outerOnly) {
            StringBuilder b = new StringBuilder("unknown join type: ");
            for (int i = 0; i < kws.size(); i++) {
                b.append(i == 0 ? "" : " ").append(kws.get(i).text());
            }
            throw TokenCursor.error(b.toString());
        }
        if (left && right) {
            return Join.JoinType.FULL;
        }
        if (left) {
            return Join.JoinType.LEFT;
        }
        if (right) {
            return Join.JoinType.RIGHT;
        }
        return cross ? Join.JoinType.CROSS : Join.JoinType.INNER;
    }

    private FromItem fromItem(boolean first) {
        FromItem item;
        if (c.accept(TokenType.LP)) {
            c.enter();
            try {
                if (atSelectStart()) {
                    c.beginSelect();
                    SelectStmt s = select();
                    c.endSelect();
                    c.expect(TokenType.RP);
                    item = new FromItem.Subquery(s, alias());
                } else {
                    boolean outer = inParenthesisedFrom;
                    inParenthesisedFrom = true;
                    FromItem inner;
                    try {
                        inner = from();
                    } finally {
                        inParenthesisedFrom = outer;
                    }
                    c.expect(TokenType.RP);
                    String alias = alias();
                    item = first && alias == null ? inner : wrapAlias(inner, alias);
                }
            } finally {
                c.leave();
            }
        } else {
            QualifiedName name = exprs.qualifiedName();
            if (c.accept(TokenType.LP)) {
                List<Expr> args = c.at(TokenType.RP) ? List.of() : exprs.exprList();
                c.expect(TokenType.RP);
                item = new FromItem.TableFunction(name, args, alias());
            } else {
                String alias = alias();
                String indexedBy = null;
                boolean notIndexed = false;
                if (c.at(TokenType.INDEXED)) {
                    c.advance();
                    c.expect(TokenType.BY);
                    indexedBy = c.name();
                } else if (c.accept(TokenType.NOT)) {
                    c.expect(TokenType.INDEXED);
                    notIndexed = true;
                }
                item = new FromItem.Table(name, alias, indexedBy, notIndexed);
            }
        }
        if (first && (c.at(TokenType.ON) || c.at(TokenType.USING))) {
            // reported when the whole ON/USING clause has been read, as sqlite3SrcListAppendFromTerm
            boolean on = c.accept(TokenType.ON);
            if (on) {
                exprs.expr();
            } else {
                c.advance();
                nameList();
            }
            if (!atFromItemFollower()) {
                throw c.syntaxError();
            }
            throw TokenCursor.error("a JOIN clause is required before " + (on ? "ON" : "USING"));
        }
        return item;
    }

    /**
     * Whether the current token may follow a FROM-clause term (for errors SQLite raises on
     * reduction): inside parentheses only another term or the closing one.
     */
    private boolean atFromItemFollower() {
        if (inParenthesisedFrom) {
            return c.atAny(TokenType.COMMA, TokenType.RP, TokenType.JOIN) || TokenType.JOIN_KW.contains(c.type());
        }
        if (c.atAny(TokenType.SEMI, TokenType.EOF)) {
            return c.openParens() == 0;
        }
        return c.atAny(TokenType.COMMA, TokenType.RP, TokenType.JOIN, TokenType.WHERE, TokenType.GROUP,
                TokenType.HAVING, TokenType.WINDOW, TokenType.ORDER, TokenType.LIMIT, TokenType.UNION,
                TokenType.INTERSECT, TokenType.EXCEPT, TokenType.RETURNING)
                || TokenType.JOIN_KW.contains(c.type());
    }

    /**
     * A parenthesised FROM list that SQLite's parser does not splice into the enclosing list (it
     * does so only for the first item, without alias; {@code seltablist ::= stl_prefix LP
     * seltablist RP as on_using}). One item keeps its table, subquery or function but takes the
     * alias written after the parentheses, none else: its own alias, INDEXED BY and NOT INDEXED
     * are dropped, so {@code a JOIN (b AS q) ON q.x = a.x} has no {@code q}. A join stays a
     * {@link Join} on the right of the enclosing join without alias (the planner resolves its
     * terms as SQLite's subquery, {@code io.onelite.plan.FromJoins}), else becomes a subquery
     * {@code SELECT * FROM (...)} with that alias.
     */
    private FromItem wrapAlias(FromItem inner, String alias) {
        if (inner instanceof FromItem.Table t) {
            return new FromItem.Table(t.name(), alias, null, false);
        }
        if (inner instanceof FromItem.Subquery s) {
            return new FromItem.Subquery(s.select(), alias);
        }
        if (inner instanceof FromItem.TableFunction f) {
            return new FromItem.TableFunction(f.name(), f.args(), alias);
        }
        if (alias == null) {
            return inner;
        }
        return new FromItem.Subquery(SelectStmt.of(new SelectCore.Query(false,
                List.of(new ResultColumn.Star()), inner, null, List.of(), null, List.of())), alias);
    }
}
