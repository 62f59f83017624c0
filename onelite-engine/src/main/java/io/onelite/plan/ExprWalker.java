package io.onelite.plan;

import io.onelite.sql.ast.Expr;

import java.util.ArrayList;
import java.util.List;

/** The direct sub-expressions of an expression at the same query level (subqueries excluded). */
final class ExprWalker {
    private ExprWalker() {
    }

    /** Whether {@code e} itself is a subquery: (SELECT ...), EXISTS, IN (SELECT ...) or IN table. */
    static boolean isSubquery(Expr e) {
        return e instanceof Expr.Subquery || e instanceof Expr.Exists || e instanceof Expr.InSelect
                || e instanceof Expr.InTable;
    }

    /** Whether {@code e} holds a subquery at this query level (see {@link #isSubquery}). */
    static boolean hasSubquery(Expr e) {
        if (isSubquery(e)) {
            return true;
        }
        for (Expr child : children(e)) {
            if (hasSubquery(child)) {
                return true;
            }
        }
        return false;
    }

    static List<Expr> children(Expr e) {
        List<Expr> out = new ArrayList<>();
        if (e instanceof Expr.Unary u) {
            out.add(u.operand());
        } else if (e instanceof Expr.Binary b) {
            out.add(b.left());
            out.add(b.right());
        } else if (e instanceof Expr.Like l) {
            out.add(l.left());
            out.add(l.pattern());
            if (l.escape() != null) {
                out.add(l.escape());
            }
        } else if (e instanceof Expr.Between b) {
            out.add(b.expr());
            out.add(b.low());
            out.add(b.high());
        } else if (e instanceof Expr.InList in) {
            out.add(in.expr());
            out.addAll(in.values());
        } else if (e instanceof Expr.InSelect in) {
            out.add(in.expr());
        } else if (e instanceof Expr.InTable in) {
            out.add(in.expr());
        } else if (e instanceof Expr.IsNull n) {
            out.add(n.expr());
        } else if (e instanceof Expr.Case c) {
            if (c.base() != null) {
                out.add(c.base());
            }
            for (Expr.WhenThen wt : c.whens()) {
                out.add(wt.when());
                out.add(wt.then());
            }
            if (c.elseExpr() != null) {
                out.add(c.elseExpr());
            }
        } else if (e instanceof Expr.Cast c) {
            out.add(c.expr());
        } else if (e instanceof Expr.Collate c) {
            out.add(c.expr());
        } else if (e instanceof Expr.FunctionCall f) {
            out.addAll(f.args());
            for (io.onelite.sql.ast.OrderingTerm t : f.orderBy()) {
                out.add(t.expr());
            }
        } else if (e instanceof Expr.RowValue r) {
            out.addAll(r.values());
        }
        return out;
    }
}
