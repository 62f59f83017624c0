package io.onelite.plan;

import io.onelite.exec.func.AppFunctions;
import io.onelite.sql.ast.Expr;

/**
 * Finds the aggregate calls of one query level (not those inside a subquery): whether a query is
 * an aggregate query, and the call an error about a misplaced aggregate names.
 */
final class AggregateCalls {
    private AggregateCalls() {
    }

    /**
     * Whether an expression calls an aggregate at this query level (not inside a subquery);
     * {@code functions} are the connection's, which may make a name an aggregate or a scalar.
     */
    static boolean containsAggregate(AppFunctions functions, Expr e) {
        return first(functions, null, e, null) != null;
    }

    /**
     * As {@link #containsAggregate(AppFunctions, Expr)}, counting only the aggregates that belong to the query
     * of {@code scope} (not those whose arguments read only an enclosing query, {@link OuterAggregates}).
     */
    static boolean containsAggregate(Planner planner, Expr e, Scope scope) {
        return firstAggregate(planner, e, scope) != null;
    }

    /** The first aggregate called in {@code e} at its own level that belongs to the query of {@code scope}, or null. */
    static Expr.FunctionCall firstAggregate(Planner planner, Expr e, Scope scope) {
        return first(planner.functions, planner, e, scope);
    }

    private static Expr.FunctionCall first(AppFunctions functions, Planner planner, Expr e, Scope scope) {
        if (e == null) {
            return null;
        }
        if (e instanceof Expr.FunctionCall fc) {
            int argc = fc.star() ? 0 : fc.args().size();
            if (fc.over() == null && FunctionCompiler.isAggregateCall(functions, fc.name(), argc)
                    && (scope == null || OuterAggregates.ownerDepth(planner, fc, scope) == 0)) {
                return fc;
            }
            for (Expr a : fc.args()) {
                Expr.FunctionCall n = first(functions, planner, a, scope);
                if (n != null) {
                    return n;
                }
            }
            // a window function's FILTER is read per input row: an aggregate there makes the query one
            return first(functions, planner, fc.filter(), scope);
        }
        for (Expr c : ExprWalker.children(e)) {
            Expr.FunctionCall n = first(functions, planner, c, scope);
            if (n != null) {
                return n;
            }
        }
        return null;
    }
}
