package io.onelite.plan;

import io.onelite.exec.func.AppFunctions;
import io.onelite.sql.ast.Expr;

/**
 * Finds the aggregate calls of one query level (not those inside a subquery): whether a query is
 * an aggregate query, and the name an error about a misplaced aggregate gives.
 */
final class AggregateCalls {
    private AggregateCalls() {
    }

    /**
     * Whether an expression calls an aggregate at this query level (not inside a subquery);
     * {@code functions} are the connection's, which may make a name an aggregate or a scalar.
     */
    static boolean containsAggregate(AppFunctions functions, Expr e) {
        return aggregateName(functions, e) != null;
    }

    /**
     * As {@link #containsAggregate(Expr)}, counting only the aggregates that belong to the query
     * of {@code scope} (not those whose arguments read only an enclosing query, {@link OuterAggregates}).
     */
    static boolean containsAggregate(AppFunctions functions, Expr e, Scope scope) {
        return aggregateName(functions, e, scope) != null;
    }

    static String aggregateName(AppFunctions functions, Expr e) {
        return aggregateName(functions, e, null);
    }

    /** The first aggregate called in {@code e} at its own level; with a scope, only one that belongs to that query. */
    static String aggregateName(AppFunctions functions, Expr e, Scope scope) {
        if (e == null) {
            return null;
        }
        if (e instanceof Expr.FunctionCall fc) {
            int argc = fc.star() ? 0 : fc.args().size();
            if (fc.over() == null && FunctionCompiler.isAggregateCall(functions, fc.name(), argc)
                    && (scope == null || OuterAggregates.ownerDepth(fc, scope) == 0)) {
                return fc.name();
            }
            for (Expr a : fc.args()) {
                String n = aggregateName(functions, a, scope);
                if (n != null) {
                    return n;
                }
            }
            return null;
        }
        for (Expr c : ExprWalker.children(e)) {
            String n = aggregateName(functions, c, scope);
            if (n != null) {
                return n;
            }
        }
        return null;
    }
}
