package io.onelite.sql.ast;

import java.util.List;

/**
 * An expression. Parentheses leave no node (except a row value {@code (a, b)}); {@code x IS NULL},
 * {@code x ISNULL}, {@code x NOTNULL}, {@code x NOT NULL} and {@code x IS NOT NULL} all become
 * {@link IsNull}, as SQLite turns {@code IS NULL} into {@code TK_ISNULL}. {@code IS [NOT] DISTINCT FROM}
 * becomes {@link BinaryOp#IS_NOT} / {@link BinaryOp#IS}.
 */
public sealed interface Expr permits Expr.Literal, Expr.BoolLiteral, Expr.CurrentTime, Expr.Param,
        Expr.ColumnRef, Expr.Unary, Expr.Binary, Expr.Like, Expr.Between, Expr.InList, Expr.InSelect,
        Expr.InTable, Expr.IsNull, Expr.Case, Expr.Cast, Expr.Collate, Expr.Exists, Expr.Subquery,
        Expr.FunctionCall, Expr.Raise, Expr.RowValue {

    /**
     * A literal: {@code null} (NULL), {@code Long} (integer, also hex {@code 0x..}), {@code Double} (real,
     * or an integer literal too large for a long, as SQLite), {@code String} (text) or {@code byte[]}
     * (blob {@code X'..'}). {@code -9223372036854775808} is folded to {@code Long.MIN_VALUE}.
     *
     * @param text the literal's source text (for messages and default-value text)
     */
    record Literal(Object value, String text) implements Expr {
        public static Literal ofNull() {
            return new Literal(null, "NULL");
        }
    }

    /** {@code TRUE} / {@code FALSE} (SQLite: 1 / 0, with {@code x IS TRUE} meaning "x is truthy"). */
    record BoolLiteral(boolean value) implements Expr {
    }

    /** {@code CURRENT_TIME}, {@code CURRENT_DATE}, {@code CURRENT_TIMESTAMP}. */
    record CurrentTime(Kind kind) implements Expr {
        public enum Kind { TIME, DATE, TIMESTAMP }
    }

    /**
     * A bound parameter.
     *
     * @param index 1-based, numbered as SQLite does ({@code ?} = largest so far + 1, {@code ?NNN} = NNN,
     *              a named one gets the next number the first time and the same number after)
     * @param name  the parameter as written ({@code "?5"}, {@code ":a"}, {@code "@a"}, {@code "$a"}), null for {@code ?}
     */
    record Param(int index, String name) implements Expr {
    }

    /**
     * {@code [[schema.]table.]column}, dequoted. A bare identifier may also be a string literal in
     * SQLite's double-quoted-string fallback; the resolver decides.
     *
     * @param quoted whether the column was written as a double-quoted identifier (for the fallback)
     */
    record ColumnRef(String schema, String table, String column, boolean quoted) implements Expr {
        public static ColumnRef of(String column) {
            return new ColumnRef(null, null, column, false);
        }
    }

    /** {@code -x}, {@code +x}, {@code ~x}, {@code NOT x}. */
    record Unary(UnaryOp op, Expr operand) implements Expr {
    }

    enum UnaryOp { NEGATE, PLUS, BIT_NOT, NOT }

    /** A binary operator (arithmetic, bit, comparison, IS, logical, {@code ||}, {@code ->}, {@code ->>}). */
    record Binary(BinaryOp op, Expr left, Expr right) implements Expr {
    }

    enum BinaryOp {
        CONCAT("||"), JSON_ARROW("->"), JSON_ARROW2("->>"),
        MULTIPLY("*"), DIVIDE("/"), REMAINDER("%"), ADD("+"), SUBTRACT("-"),
        SHIFT_LEFT("<<"), SHIFT_RIGHT(">>"), BIT_AND("&"), BIT_OR("|"),
        LT("<"), LE("<="), GT(">"), GE(">="), EQ("="), NE("!="), IS("IS"), IS_NOT("IS NOT"),
        AND("AND"), OR("OR");

        private final String sql;

        BinaryOp(String sql) {
            this.sql = sql;
        }

        public String sql() {
            return sql;
        }

        public boolean isComparison() {
            return ordinal() >= LT.ordinal() && ordinal() <= IS_NOT.ordinal();
        }
    }

    /**
     * {@code left [NOT] LIKE|GLOB|MATCH pattern [ESCAPE escape]}; escape null when absent. REGEXP
     * parses as SQLite's does, as the call {@code regexp(pattern, left)} (a {@link FunctionCall}).
     */
    record Like(Expr left, LikeOp op, boolean not, Expr pattern, Expr escape) implements Expr {
    }

    enum LikeOp { LIKE, GLOB, MATCH }

    /** {@code expr [NOT] BETWEEN low AND high}. */
    record Between(Expr expr, boolean not, Expr low, Expr high) implements Expr {
    }

    /** {@code expr [NOT] IN (v, ...)}; {@code IN ()} gives an empty list. */
    record InList(Expr expr, boolean not, List<Expr> values) implements Expr {
        public InList {
            values = List.copyOf(values);
        }
    }

    /** {@code expr [NOT] IN (select)}. */
    record InSelect(Expr expr, boolean not, SelectStmt select) implements Expr {
    }

    /**
     * {@code expr [NOT] IN [schema.]table} or {@code expr [NOT] IN [schema.]func(args)}.
     *
     * @param args null for a table, the arguments for a table-valued function
     */
    record InTable(Expr expr, boolean not, QualifiedName table, List<Expr> args) implements Expr {
        public InTable {
            args = args == null ? null : List.copyOf(args);
        }
    }

    /** {@code expr IS NULL} ({@code not} = false) or {@code expr IS NOT NULL / NOTNULL / NOT NULL} ({@code not} = true). */
    record IsNull(Expr expr, boolean not) implements Expr {
    }

    /** {@code CASE [base] WHEN .. THEN .. ... [ELSE ..] END}; base and elseExpr null when absent. */
    record Case(Expr base, List<WhenThen> whens, Expr elseExpr) implements Expr {
        public Case {
            whens = List.copyOf(whens);
        }
    }

    record WhenThen(Expr when, Expr then) {
    }

    /** {@code CAST(expr AS type)}. */
    record Cast(Expr expr, TypeName type) implements Expr {
    }

    /**
     * {@code expr COLLATE name} (name dequoted). {@code implicit}: not written in the SQL but
     * added by the planner, as SQLite's push-down adds one to a term it copies into a compound's
     * arm (substExpr): it gives {@code expr} the collation a column has, which yields to an
     * explicit COLLATE and to a column on the left of a comparison, and is no COLLATE that
     * decides an enclosing expression's collation (SQLite clears its EP_Collate).
     */
    record Collate(Expr expr, String collation, boolean implicit) implements Expr {
        public Collate(Expr expr, String collation) {
            this(expr, collation, false);
        }
    }

    /** {@code EXISTS (select)}; {@code NOT EXISTS} is {@code Unary(NOT, Exists)}. */
    record Exists(SelectStmt select) implements Expr {
    }

    /** A scalar subquery {@code (select)}. */
    record Subquery(SelectStmt select) implements Expr {
    }

    /**
     * A function call.
     *
     * @param name     as written (dequoted); SQLite matches function names case-insensitively
     * @param distinct {@code f(DISTINCT x)}
     * @param star     {@code f(*)} (args empty)
     * @param orderBy  {@code f(x ORDER BY y)} inside an aggregate's arguments; empty when absent
     * @param filter   {@code FILTER (WHERE ...)} or null
     * @param over     {@code OVER ...} or null
     */
    record FunctionCall(String name, boolean distinct, List<Expr> args, boolean star, List<OrderingTerm> orderBy,
                        Expr filter, WindowDef over) implements Expr {
        public FunctionCall {
            args = List.copyOf(args);
            orderBy = List.copyOf(orderBy);
        }

        public static FunctionCall of(String name, List<Expr> args) {
            return new FunctionCall(name, false, args, false, List.of(), null, null);
        }
    }

    /** {@code RAISE(IGNORE)} (message null) or {@code RAISE(ROLLBACK|ABORT|FAIL, message)}. */
    record Raise(RaiseKind kind, Expr message) implements Expr {
    }

    enum RaiseKind { IGNORE, ROLLBACK, ABORT, FAIL }

    /** A row value {@code (a, b, ...)} with two or more elements. */
    record RowValue(List<Expr> values) implements Expr {
        public RowValue {
            values = List.copyOf(values);
        }
    }

    /** The direct sub-expressions of {@code e} at its query level (a subquery's SELECT is not one). */
    static List<Expr> children(Expr e) {
        List<Expr> out = new java.util.ArrayList<>();
        if (e instanceof Unary u) {
            out.add(u.operand());
        } else if (e instanceof Binary b) {
            out.add(b.left());
            out.add(b.right());
        } else if (e instanceof Like l) {
            out.add(l.left());
            out.add(l.pattern());
            if (l.escape() != null) {
                out.add(l.escape());
            }
        } else if (e instanceof Between b) {
            out.add(b.expr());
            out.add(b.low());
            out.add(b.high());
        } else if (e instanceof InList in) {
            out.add(in.expr());
            out.addAll(in.values());
        } else if (e instanceof InSelect in) {
            out.add(in.expr());
        } else if (e instanceof InTable in) {
            out.add(in.expr());
        } else if (e instanceof IsNull n) {
            out.add(n.expr());
        } else if (e instanceof Case c) {
            if (c.base() != null) {
                out.add(c.base());
            }
            for (WhenThen wt : c.whens()) {
                out.add(wt.when());
                out.add(wt.then());
            }
            if (c.elseExpr() != null) {
                out.add(c.elseExpr());
            }
        } else if (e instanceof Cast c) {
            out.add(c.expr());
        } else if (e instanceof Collate c) {
            out.add(c.expr());
        } else if (e instanceof FunctionCall f) {
            out.addAll(f.args());
            for (OrderingTerm t : f.orderBy()) {
                out.add(t.expr());
            }
        } else if (e instanceof RowValue r) {
            out.addAll(r.values());
        }
        return out;
    }
}
