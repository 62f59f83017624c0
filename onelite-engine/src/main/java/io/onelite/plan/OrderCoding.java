package io.onelite.plan;

import io.onelite.sql.ast.Expr;
import io.onelite.sql.ast.SelectCore;

/**
 * Whether SQLite codes a SELECT's ORDER BY terms, so meets the errors of their code ("row value
 * misused", a subquery of several columns) and evaluates them. It does not when the query has
 * one row at most: a SELECT without FROM (sqlite3WhereBegin finds the order already satisfied)
 * and an aggregate without GROUP BY (its ORDER BY is dropped), neither with a GROUP BY, unless a window function made
 * SQLite rewrite it as a query of a subquery. Their names still resolve, and an aggregate they
 * call is still computed.
 */
final class OrderCoding {
    private OrderCoding() {
    }

    static boolean isCoded(SelectCore.Query q, boolean aggregate, boolean windowed) {
        boolean oneRow = q.groupBy().isEmpty() && (q.from() == null || aggregate);
        return windowed || !oneRow;
    }

    /** Compiles {@code e} for its names and aggregates, dropping the errors only its code would meet. */
    static CExpr resolveOnly(Planner planner, ExprCompiler compiler, Expr e) {
        return planner.codeErrors.uncoded(() -> compiler.compile(e));
    }
}
