package io.onelite.plan;

import io.onelite.exec.func.AppFunctions;
import io.onelite.sql.ast.Expr;
import io.onelite.sql.ast.OrderingTerm;
import io.onelite.sql.ast.WindowDef;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

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
        return first(functions, null, e, null, true) != null;
    }

    /**
     * As {@link #containsAggregate(AppFunctions, Expr)}, counting only the aggregates that belong to the query
     * of {@code scope} (not those whose arguments read only an enclosing query, {@link OuterAggregates}).
     */
    static boolean containsAggregate(Planner planner, Expr e, Scope scope) {
        return firstAggregate(planner, e, scope) != null;
    }

    /**
     * As {@link #containsAggregate(Planner, Expr, Scope)}, leaving out the aggregates inside a
     * window function call: SQLite's window rewrite moves those into a subquery, and a query
     * with no others then takes no HAVING.
     */
    static boolean containsAggregateOutsideWindows(Planner planner, Expr e, Scope scope) {
        return first(planner.functions, planner, e, scope, false) != null;
    }

    /** The first aggregate called in {@code e} at its own level that belongs to the query of {@code scope}, or null. */
    static Expr.FunctionCall firstAggregate(Planner planner, Expr e, Scope scope) {
        return first(planner.functions, planner, e, scope, true);
    }

    private static Expr.FunctionCall first(AppFunctions functions, Planner planner, Expr e, Scope scope,
                                           boolean intoWindows) {
        if (e == null) {
            return null;
        }
        List<Expr> parts;
        if (e instanceof Expr.FunctionCall fc) {
            int argc = fc.star() ? 0 : fc.args().size();
            if (fc.over() == null && FunctionCompiler.isAggregateCall(functions, fc.name(), argc)
                    && (scope == null || OuterAggregates.ownerDepth(planner, fc, scope) == 0)) {
                return fc;
            }
            if (fc.over() != null && !intoWindows) {
                return null;
            }
            parts = new ArrayList<>(fc.args());
            // a window function's FILTER, ORDER BY and PARTITION BY are read per input row: an
            // aggregate there makes the query one
            parts.add(fc.filter());
            if (fc.over() != null) {
                parts.addAll(windowTerms(fc.over(), scope));
            }
        } else {
            parts = ExprWalker.children(e);
        }
        for (Expr part : parts) {
            Expr.FunctionCall n = first(functions, planner, part, scope, intoWindows);
            if (n != null) {
                return n;
            }
        }
        return null;
    }

    /** A window's ORDER BY then PARTITION BY terms, a named window's among them when {@code scope} knows it. */
    private static List<Expr> windowTerms(WindowDef over, Scope scope) {
        WindowDef base = over.baseName() == null || scope == null ? null
                : scope.namedWindows.get(over.baseName().toLowerCase(Locale.ROOT));
        List<Expr> terms = new ArrayList<>();
        for (OrderingTerm t : over.orderBy().isEmpty() && base != null ? base.orderBy() : over.orderBy()) {
            terms.add(t.expr());
        }
        terms.addAll(base != null ? base.partitionBy() : over.partitionBy());
        return terms;
    }
}
