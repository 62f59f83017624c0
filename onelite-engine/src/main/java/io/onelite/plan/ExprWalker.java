package io.onelite.plan;

import io.onelite.sql.ast.Expr;

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
        return Expr.children(e);
    }
}
