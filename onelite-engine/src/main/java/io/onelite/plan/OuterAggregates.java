package io.onelite.plan;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.sql.ast.Expr;
import io.onelite.sql.ast.OrderingTerm;
import io.onelite.sql.ast.SelectStmt;

import java.util.ArrayList;

/**
 * Which query an aggregate call belongs to, as SQLite's resolver decides it (resolve.c, the
 * TK_FUNCTION case with {@code sqlite3ReferencesSrcList}): the innermost query whose FROM
 * sources its arguments, FILTER or ORDER BY read, walking out from the query it is written in.
 * Columns read inside a subquery of the arguments count too, unless they are that subquery's
 * own; a trigger's OLD and NEW do not count; an aggregate that reads no column, such as
 * {@code count(*)}, stays where it is written. So in {@code SELECT a, (SELECT sum(a)) FROM t
 * GROUP BY a} the {@code sum} is computed by the outer query per group, and
 * {@code SELECT (SELECT count(t.x)) FROM t} makes the outer query an aggregate (one row).
 *
 * <p>Where such an aggregate may stand, as SQLite's resolver and code generator allow it:
 * <ol>
 * <li>where it is written, aggregates must be allowed ({@link Scope#aggregatesRefused}): not in
 *     the WHERE or ON of a subquery that is no aggregate, nor inside another aggregate's
 *     arguments ("misuse of aggregate function sum()");</li>
 * <li>in the owner's result columns it makes the owner an aggregate query ({@link OwnerNotAggregate});</li>
 * <li>in the owner's GROUP BY it fails as an aggregate there does;</li>
 * <li>elsewhere in an owner that is no aggregate (WHERE, ORDER BY, an UPDATE or DELETE) it
 *     fails with "misuse of aggregate: sum()", SQLite's code generator's words, unless it sits in
 *     the result columns of a one-core EXISTS subquery, which SQLite never computes;</li>
 * <li>an owner with window functions computes its result columns and ORDER BY after its groups,
 *     where the aggregate cannot be read (SQLite moves the groups into a subquery): it fails
 *     there with "misuse of aggregate: sum()" too, but not inside a window's arguments,
 *     PARTITION BY or ORDER BY.</li>
 * </ol>
 */
final class OuterAggregates {
    private OuterAggregates() {
    }

    /** The clause of a SELECT core being compiled ({@link Scope#clause}). */
    enum Clause { FROM_WHERE, GROUP_BY, RESULT, HAVING, ORDER_BY }

    /**
     * Thrown while compiling an aggregate that belongs to an enclosing query that was planned
     * as a non-aggregate, from a subquery in its result columns: that query is planned again as
     * an aggregate.
     */
    static final class OwnerNotAggregate extends OneLiteException {
        final Scope owner;

        OwnerNotAggregate(Scope owner, String name) {
            super(ResultCode.ERROR, "misuse of aggregate: " + name + "()");
            this.owner = owner;
        }
    }

    /**
     * How many query levels out from {@code scope} the aggregate {@code fc} belongs (0: this
     * one). Names that do not resolve count as this level (compiling them reports the error).
     * A subquery in the arguments is planned once aside to learn which levels it reads.
     */
    static int ownerDepth(Planner planner, Expr.FunctionCall fc, Scope scope) {
        if (!hasEnclosingQuery(scope)) {
            return 0;
        }
        java.util.List<Expr> parts = new ArrayList<>(fc.args());
        if (fc.filter() != null) {
            parts.add(fc.filter());
        }
        for (OrderingTerm t : fc.orderBy()) {
            parts.add(t.expr());
        }
        int depth = readDepth(planner, parts, scope);
        return depth == Integer.MAX_VALUE ? 0 : depth;
    }

    private static boolean hasEnclosingQuery(Scope scope) {
        for (Scope s = levelOut(scope, 0).outer; s != null; s = s.outer) {
            if (!s.transparent && !s.trigger) {
                return true;
            }
        }
        return false;
    }

    /** The fewest levels out from {@code scope} that {@code parts} read a column of (MAX_VALUE: none). */
    private static int readDepth(Planner planner, java.util.List<Expr> parts, Scope scope) {
        int[] depth = {Integer.MAX_VALUE};
        java.util.List<SelectStmt> nested = new ArrayList<>();
        for (Expr a : parts) {
            minDepth(planner, a, scope, depth, nested);
        }
        for (int i = 0; i < nested.size() && depth[0] > 0; i++) {
            nestedDepth(planner, nested.get(i), scope, depth);
        }
        return depth[0];
    }

    private static void minDepth(Planner planner, Expr e, Scope scope, int[] depth, java.util.List<SelectStmt> nested) {
        if (depth[0] == 0) {
            return;
        }
        if (e instanceof Expr.ColumnRef c) {
            Scope.Ref r;
            try {
                r = scope.peek(c.table(), c.column());
            } catch (OneLiteException ambiguous) {
                r = null;
            }
            Scope.AliasRef alias = c.table() == null ? scope.alias(c.column(), r == null ? Integer.MAX_VALUE : r.depth()) : null;
            if (alias != null) {
                // the resolver replaces the name by the aliased expression before it looks
                var saved = alias.level().aliases;
                alias.level().aliases = null;
                try {
                    int d = readDepth(planner, java.util.List.of(alias.expr()), alias.level());
                    if (d != Integer.MAX_VALUE) {
                        depth[0] = Math.min(depth[0], alias.depth() + d);
                    }
                } finally {
                    alias.level().aliases = saved;
                }
            } else if (r == null) {
                depth[0] = 0;
            } else if (!r.owner().trigger) { // OLD and NEW are no query's columns
                depth[0] = Math.min(depth[0], r.depth());
            }
            return;
        }
        if (e instanceof Expr.Subquery s) {
            nested.add(s.select());
        } else if (e instanceof Expr.Exists x) {
            nested.add(x.select());
        } else if (e instanceof Expr.InSelect in) {
            nested.add(in.select());
        }
        for (Expr child : ExprWalker.children(e)) {
            minDepth(planner, child, scope, depth, nested);
        }
    }

    /**
     * Plans {@code select} below {@code scope} only to see which levels its names reach (its
     * own sources do not count); a failure is left for the real compilation to report.
     */
    private static void nestedDepth(Planner planner, SelectStmt select, Scope scope, int[] depth) {
        Scope probe = new Scope(scope, true);
        probe.watch = new ArrayList<>();
        try {
            planner.plan(select, probe);
        } catch (OneLiteException failed) {
            // what was read before the failure still counts; compiling the aggregate reports it
        }
        Scope here = levelOut(scope, 0);
        for (Scope owner : probe.watch) {
            if (owner.trigger) {
                continue;
            }
            int d = 0;
            for (Scope s = here; s != null && s != owner; s = s.outer) {
                if (!s.transparent) {
                    d++;
                }
            }
            depth[0] = Math.min(depth[0], d);
        }
    }

    /** The scope {@code depth} query levels out from {@code scope} (transparent probe scopes do not count). */
    static Scope levelOut(Scope scope, int depth) {
        Scope s = scope;
        while (s.transparent) {
            s = s.outer;
        }
        for (int i = 0; i < depth; i++) {
            s = s.outer;
            while (s.transparent) {
                s = s.outer;
            }
        }
        return s;
    }

    /** Whether {@code written} (inside {@code owner}) sits in the result columns of a one-core EXISTS subquery. */
    static boolean neverComputed(Scope written, Scope owner) {
        for (Scope s = written; s != null && s != owner; s = s.outer) {
            if (!s.transparent && s.clause == Clause.RESULT && s.outer != null && s.outer.existsProbe) {
                return true;
            }
        }
        return false;
    }
}
