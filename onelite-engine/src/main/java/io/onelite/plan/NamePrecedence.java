package io.onelite.plan;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.sql.ast.Expr;
import io.onelite.sql.ast.FromItem;
import io.onelite.sql.ast.Join;
import io.onelite.sql.ast.OrderingTerm;
import io.onelite.sql.ast.ResultColumn;
import io.onelite.sql.ast.SelectCore;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Which unknown column a SELECT with several reports first. SQLite's resolver reads a query's
 * clauses in this order: the result columns, HAVING, WHERE, the ON terms, ORDER BY, then GROUP BY
 * (LIMIT and OFFSET before all, {@code Planner.resolveLimitFirst}); the planner compiles them in
 * another. So once planning failed on a name, this looks through the clauses in SQLite's order for
 * the first column reference that resolves nowhere and reports that one instead (docs/reliability.md
 * item 25).
 *
 * <p>It only ever picks among names that cannot resolve, so it changes which error a failing
 * statement reports, never whether a statement fails: a name counts as unknown only when no source
 * of this query or an enclosing one has it and, bare, no result-column alias is spelled so;
 * double-quoted bare names (which SQLite may read as strings) and trigger bodies are left alone;
 * a subquery met on the way is planned, and its unknown name is the one reported if it has one.
 */
final class NamePrecedence {
    /** A subquery met before any unknown name failed otherwise than on a name: no name is certain then. */
    private static final OneLiteException UNCERTAIN = new OneLiteException(ResultCode.ERROR, "uncertain");

    private NamePrecedence() {
    }

    /** Whether {@code e} is an error about a column's name. */
    static boolean isNameError(OneLiteException e) {
        String m = e.getMessage();
        return e.resultCode() == ResultCode.ERROR && m != null
                && (m.startsWith("no such column: ") || m.startsWith("ambiguous column name: "));
    }

    /**
     * The error of the first column reference of {@code q} that resolves nowhere in {@code scope}
     * (the query's own scope, every FROM source in place), in SQLite's order of the clauses; null
     * when none is certain.
     */
    static OneLiteException firstUnknown(Planner planner, Scope scope, SelectCore.Query q, List<OrderingTerm> orderBy) {
        if (scope.inTrigger()) {
            return null;
        }
        List<Expr> results = new ArrayList<>();
        for (ResultColumn rc : q.columns()) {
            if (rc instanceof ResultColumn.Expression e) {
                results.add(e.expr());
            }
        }
        List<Expr> others = new ArrayList<>();
        addIfPresent(others, q.having());
        addIfPresent(others, q.where());
        if (q.from() != null) {
            onTerms(q.from(), others);
        }
        for (OrderingTerm t : orderBy) {
            others.add(t.expr());
        }
        others.addAll(q.groupBy());
        Map<String, Expr> saved = scope.aliases;
        OneLiteException found;
        try {
            scope.aliases = null; // the result columns see no alias (SELECT a AS k, k: "no such column: k")
            found = firstOf(planner, results, scope);
            if (found == null) {
                scope.aliases = ResultAliases.of(q.columns()); // the other clauses (and their subqueries) do
                found = firstOf(planner, others, scope);
            }
        } finally {
            scope.aliases = saved;
        }
        return found == UNCERTAIN ? null : found;
    }

    /** The first column reference of {@code exprs}, in order, that resolves nowhere in {@code scope} (no aliases); null when none is certain. */
    static OneLiteException firstUnknown(Planner planner, Scope scope, List<Expr> exprs) {
        OneLiteException found = scope.inTrigger() ? null : firstOf(planner, exprs, scope);
        return found == UNCERTAIN ? null : found;
    }

    /** The first unknown name in {@code exprs}, {@link #UNCERTAIN}, or null. */
    private static OneLiteException firstOf(Planner planner, List<Expr> exprs, Scope scope) {
        for (Expr e : exprs) {
            OneLiteException found = firstIn(planner, e, scope);
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    private static void addIfPresent(List<Expr> out, Expr e) {
        if (e != null) {
            out.add(e);
        }
    }

    /** The ON terms of the joins in {@code item}, left to right; subqueries in FROM keep their own. */
    private static void onTerms(FromItem item, List<Expr> out) {
        if (item instanceof Join j) {
            onTerms(j.left(), out);
            onTerms(j.right(), out);
            addIfPresent(out, j.on());
        }
    }

    private static OneLiteException firstIn(Planner planner, Expr e, Scope scope) {
        if (e instanceof Expr.ColumnRef c) {
            return unknown(c, scope);
        }
        List<Expr> parts = new ArrayList<>(ExprWalker.children(e));
        if (e instanceof Expr.FunctionCall f) { // as SQLite walks a call: arguments, FILTER, then its OVER clause
            addIfPresent(parts, f.filter());
            if (f.over() != null) { // the window's ORDER BY before its PARTITION BY
                for (OrderingTerm t : f.over().orderBy()) {
                    parts.add(t.expr());
                }
                parts.addAll(f.over().partitionBy());
            }
        }
        for (Expr part : parts) {
            OneLiteException found = firstIn(planner, part, scope);
            if (found != null) {
                return found;
            }
        }
        return ExprWalker.isSubquery(e) ? subqueryError(planner, e, scope) : null;
    }

    /**
     * A subquery in the way: SQLite resolves its names there, so it is planned (the statement
     * fails anyway, so nothing planned is kept): its unknown name, null when it has none, or
     * {@link #UNCERTAIN} when it fails otherwise (a table it names is missing, say).
     */
    private static OneLiteException subqueryError(Planner planner, Expr e, Scope scope) {
        io.onelite.sql.ast.SelectStmt select = e instanceof Expr.Subquery s ? s.select()
                : e instanceof Expr.Exists x ? x.select() : e instanceof Expr.InSelect in ? in.select() : null;
        if (select == null) {
            return UNCERTAIN;
        }
        try {
            planner.subquery(select, scope);
            return null;
        } catch (OneLiteException failed) {
            return isNameError(failed) ? failed : UNCERTAIN;
        } catch (RuntimeException other) {
            return UNCERTAIN;
        }
    }

    /** The error of {@code c} when it names nothing: no source here or further out, and, bare, no result-column alias usable ({@link Scope#aliases}). */
    private static OneLiteException unknown(Expr.ColumnRef c, Scope scope) {
        boolean bare = c.table() == null;
        if (bare && (c.quoted() || scope.alias(c.column(), Integer.MAX_VALUE) != null)) {
            return null;
        }
        try {
            if (scope.peek(c.table(), c.column()) != null) {
                return null;
            }
        } catch (OneLiteException ambiguous) {
            return ambiguous.node() == null ? ambiguous.aboutNode(c) : ambiguous;
        }
        String name = (c.schema() != null ? c.schema() + "." : "") + (bare ? "" : c.table() + ".") + c.column();
        return new OneLiteException(ResultCode.ERROR, "no such column: " + name).aboutNode(c); // its place, for the shell
    }
}
