package io.onelite.plan;

import io.onelite.exec.func.AppFunctions;
import io.onelite.sql.ast.Expr;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;

/**
 * A WHERE or ON term with the result-column aliases it names written out, as SQLite's resolver
 * replaces such a name by a copy of the aliased expression ({@code resolveAlias}): the term then
 * reads the columns themselves, so it can seek an index or be pushed into a compound's arms
 * ({@link PushDown}) as SQLite does. A name that is a column of the query's own sources stays
 * (SQLite looks at them first). Aliases of window functions or aggregates are left to
 * {@link ExprCompiler}, which reports their misuse with SQLite's words; so is a name under a node
 * this class does not rebuild (a function call, a subquery), which compiles the same either way.
 */
final class ResultAliases {
    private ResultAliases() {
    }

    /** The query's aliases (lower-cased name to expression), the first of each name. */
    static Map<String, Expr> of(List<io.onelite.sql.ast.ResultColumn> columns) {
        Map<String, Expr> out = new java.util.HashMap<>();
        for (io.onelite.sql.ast.ResultColumn rc : columns) {
            if (rc instanceof io.onelite.sql.ast.ResultColumn.Expression e && e.alias() != null) {
                out.putIfAbsent(e.alias().toLowerCase(Locale.ROOT), e.expr());
            }
        }
        return out;
    }

    /**
     * {@code e} with each name that is not a column ({@code isColumn}) and names one of
     * {@code aliases} replaced by the aliased expression.
     */
    static Expr expand(Expr e, Map<String, Expr> aliases, Predicate<String> isColumn, AppFunctions functions) {
        if (aliases.isEmpty()) {
            return e;
        }
        return rewrite(e, name -> {
            Expr x = aliases.get(name.toLowerCase(Locale.ROOT));
            if (x == null || isColumn.test(name) || WindowCompiler.callsWindow(x)
                    || AggregateCalls.containsAggregate(functions, x)) {
                return null;
            }
            return x;
        });
    }

    private static Expr rewrite(Expr e, java.util.function.Function<String, Expr> alias) {
        if (e == null) {
            return null;
        }
        if (e instanceof Expr.ColumnRef c) {
            Expr x = c.table() == null ? alias.apply(c.column()) : null;
            return x == null ? e : x;
        }
        if (e instanceof Expr.Unary u) {
            return new Expr.Unary(u.op(), rewrite(u.operand(), alias));
        }
        if (e instanceof Expr.Binary b) {
            return new Expr.Binary(b.op(), rewrite(b.left(), alias), rewrite(b.right(), alias));
        }
        if (e instanceof Expr.Like l) {
            return new Expr.Like(rewrite(l.left(), alias), l.op(), l.not(), rewrite(l.pattern(), alias),
                    rewrite(l.escape(), alias));
        }
        if (e instanceof Expr.Between b) {
            return new Expr.Between(rewrite(b.expr(), alias), b.not(), rewrite(b.low(), alias), rewrite(b.high(), alias));
        }
        if (e instanceof Expr.InList in) {
            List<Expr> values = new ArrayList<>(in.values().size());
            for (Expr v : in.values()) {
                values.add(rewrite(v, alias));
            }
            return new Expr.InList(rewrite(in.expr(), alias), in.not(), values);
        }
        if (e instanceof Expr.InSelect in) {
            return new Expr.InSelect(rewrite(in.expr(), alias), in.not(), in.select());
        }
        if (e instanceof Expr.IsNull n) {
            return new Expr.IsNull(rewrite(n.expr(), alias), n.not());
        }
        if (e instanceof Expr.Case c) {
            List<Expr.WhenThen> whens = new ArrayList<>();
            for (Expr.WhenThen wt : c.whens()) {
                whens.add(new Expr.WhenThen(rewrite(wt.when(), alias), rewrite(wt.then(), alias)));
            }
            return new Expr.Case(rewrite(c.base(), alias), whens, rewrite(c.elseExpr(), alias));
        }
        if (e instanceof Expr.Cast c) {
            return new Expr.Cast(rewrite(c.expr(), alias), c.type());
        }
        if (e instanceof Expr.Collate c) {
            return new Expr.Collate(rewrite(c.expr(), alias), c.collation(), c.implicit());
        }
        return e; // literals, parameters, function calls, subqueries, row values...: as written
    }
}
