package io.onelite.plan;

import io.onelite.sql.ast.Expr;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What SQLite's WHERE-clause constant propagation (select.c, propagateConstants) gives a joined
 * subquery to take in: from {@code u.a = 7} and {@code g.k = u.a} among the terms, the term
 * {@code g.k = 7}, which reads only g and so can be pushed into it ({@link PushDown}).
 *
 * <p>SQLite keeps the replaced column's affinity for the comparison and applies it to the
 * constant (EP_FixedCol); a plain constant has no affinity, so only the cases where that makes no
 * difference are derived: the constant is a literal or parameter, the binding compares under
 * BINARY, both columns have BINARY collation (or none: the rowid), and the other column is
 * numeric (NUMERIC is applied to both sides either way) or both are TEXT or both BLOB. Where
 * SQLite would still propagate (a TEXT column beside a numeric one, an expression column), the
 * subquery is computed whole, as before: slower, never different. The terms given must be the
 * WHERE clause's and the inner joins' ON terms (SQLite propagates through no LEFT JOIN's ON term,
 * and through no ON term at all beside a RIGHT JOIN).
 */
final class JoinConstants {
    private JoinConstants() {
    }

    /** The terms {@code X = constant} derived for the source in {@code slot} of {@code scope}. */
    static List<Expr> forSource(Scope scope, List<Expr> terms, int slot) {
        Map<String, Expr> fixed = new HashMap<>(); // "slot/column" of a column fixed to a constant
        for (Expr t : terms) {
            if (t instanceof Expr.Binary b && b.op() == Expr.BinaryOp.EQ) {
                fix(scope, b.left(), b.right(), fixed);
                fix(scope, b.right(), b.left(), fixed);
            }
        }
        List<Expr> out = new ArrayList<>();
        if (fixed.isEmpty()) {
            return out;
        }
        for (Expr t : terms) {
            if (!(t instanceof Expr.Binary b) || b.op() != Expr.BinaryOp.EQ) {
                continue;
            }
            Scope.Ref l = column(scope, b.left());
            Scope.Ref r = column(scope, b.right());
            if (l == null || r == null) {
                continue;
            }
            if (l.slot() == slot && r.slot() != slot && compatible(l, r) && fixed.containsKey(key(r))) {
                out.add(new Expr.Binary(Expr.BinaryOp.EQ, b.left(), fixed.get(key(r))));
            } else if (r.slot() == slot && l.slot() != slot && compatible(r, l) && fixed.containsKey(key(l))) {
                out.add(new Expr.Binary(Expr.BinaryOp.EQ, fixed.get(key(l)), b.right()));
            }
        }
        return out;
    }

    /** Records {@code column = value} when value is a constant without affinity and the comparison is BINARY. */
    private static void fix(Scope scope, Expr column, Expr value, Map<String, Expr> fixed) {
        if (!constant(value)) {
            return;
        }
        Scope.Ref c = column(scope, column);
        if (c != null && binary(c)) {
            fixed.putIfAbsent(key(c), value);
        }
    }

    /** A literal (not NULL), a parameter, or a signed number: what SQLite's propagation takes, no affinity of its own. */
    private static boolean constant(Expr e) {
        if (e instanceof Expr.Unary u && (u.op() == Expr.UnaryOp.NEGATE || u.op() == Expr.UnaryOp.PLUS)) {
            return u.operand() instanceof Expr.Literal lit && lit.value() instanceof Number;
        }
        return e instanceof Expr.Param || e instanceof Expr.Literal lit && lit.value() != null;
    }

    /**
     * Whether comparing x with y, or with the constant y is fixed to, applies the same affinity
     * and collation (y's collation is BINARY, or it would not be fixed).
     */
    private static boolean compatible(Scope.Ref x, Scope.Ref y) {
        if (!binary(x)) {
            return false;
        }
        char a = x.affinity();
        char b = y.affinity();
        // x numeric: NUMERIC is applied either way (to y's value, or to the constant, which y's
        // affinity would have made y's value); both TEXT or both BLOB: the same conversion or none
        return CExpr.isNumeric(a) && (CExpr.isNumeric(b) || b == 'A' || b == 'B') || a == b && (a == 'A' || a == 'B');
    }

    /** BINARY, or none at all: an INTEGER PRIMARY KEY, read as the rowid (SQLite counts no collation as BINARY). */
    private static boolean binary(Scope.Ref r) {
        return r.collation() == null || "BINARY".equals(r.collation());
    }

    /** The column of this query level {@code e} names ({@link Scope#levelColumn}), or null. */
    private static Scope.Ref column(Scope scope, Expr e) {
        return e instanceof Expr.ColumnRef c ? scope.levelColumn(c) : null;
    }

    private static String key(Scope.Ref r) {
        return r.slot() + "/" + r.column();
    }
}
