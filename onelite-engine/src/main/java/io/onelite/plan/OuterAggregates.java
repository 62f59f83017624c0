package io.onelite.plan;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.sql.ast.Expr;

/**
 * Which query an aggregate call belongs to, as SQLite's resolver decides it: the innermost
 * query whose FROM sources its arguments reference, walking out from the query it is written
 * in (an aggregate with no column reference, such as {@code count(*)}, stays there). So in
 * {@code SELECT a, (SELECT sum(a)) FROM t GROUP BY a} the {@code sum} is computed by the outer
 * query per group, and {@code SELECT (SELECT count(t.x)) FROM t} makes the outer query an
 * aggregate (one row).
 */
final class OuterAggregates {
    private OuterAggregates() {
    }

    /**
     * Thrown while compiling an aggregate that belongs to an enclosing query that was planned
     * as a non-aggregate: that query is planned again as an aggregate. Where nothing catches it
     * (the owner is an UPDATE or DELETE, or the aggregate sits in the owner's WHERE), it is the
     * error SQLite's code generator gives.
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
     * one). Names that do not resolve, and references to a trigger's OLD/NEW, count as this level
     * (compiling them reports any error).
     */
    static int ownerDepth(Expr.FunctionCall fc, Scope scope) {
        int[] depth = {Integer.MAX_VALUE};
        for (Expr a : fc.args()) {
            minDepth(a, scope, depth);
        }
        if (fc.filter() != null) {
            minDepth(fc.filter(), scope, depth);
        }
        for (io.onelite.sql.ast.OrderingTerm t : fc.orderBy()) {
            minDepth(t.expr(), scope, depth);
        }
        return depth[0] == Integer.MAX_VALUE ? 0 : depth[0];
    }

    private static void minDepth(Expr e, Scope scope, int[] depth) {
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
            depth[0] = r == null || r.owner().trigger ? 0 : Math.min(depth[0], r.depth());
            return;
        }
        for (Expr child : ExprWalker.children(e)) {
            minDepth(child, scope, depth);
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
}
