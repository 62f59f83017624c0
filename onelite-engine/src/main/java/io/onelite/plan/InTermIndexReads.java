package io.onelite.plan;

import io.onelite.common.OneLiteException;
import io.onelite.sql.ast.Expr;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * The {@code x IN (SELECT ...)} terms of a query's WHERE and ON clauses that SQLite's planner may
 * not use to look x up in an index of its table, so that it evaluates them and the subquery's own
 * COLLATE decides the comparison ({@link InCompiler}). SQLite lets a term constrain a table of an
 * outer join (the right of a LEFT JOIN, either side of a RIGHT or FULL JOIN, as left after the
 * WHERE clause simplified the joins: {@link PushDown#sides}) only when it is that table's own ON
 * term (where.c, tag-20191211-001), and an outer join's ON term only the table it joins.
 */
final class InTermIndexReads {
    private InTermIndexReads() {
    }

    /** Of {@code terms}, the IN terms (by identity) that are evaluated, never read through their column's index. */
    static Set<Expr> evaluated(Scope scope, FromPlanner from, List<FromPlanner.Term> terms) {
        Set<Expr> out = Collections.newSetFromMap(new IdentityHashMap<>());
        for (FromPlanner.Term t : terms) {
            if (!(t.expr() instanceof Expr.InSelect in) || in.not() || !(in.expr() instanceof Expr.ColumnRef c)) {
                continue;
            }
            if (t.onGroup() >= 0 || t.onLevel() < 0 && t.context() >= 0) {
                continue; // a parenthesised join's: SQLite pushes them into the subquery it makes of it
            }
            int slot = slotOf(scope, c) - from.base;
            if (slot < 0 || slot >= from.entries.size()) {
                continue;
            }
            boolean usable = t.onLevel() >= 0 ? t.onLevel() == slot : from.entries.get(slot).whereConstrains;
            if (!usable) {
                out.add(in);
            }
        }
        return out;
    }

    /** The scope slot of this query's source that {@code c} names, or -1. */
    private static int slotOf(Scope scope, Expr.ColumnRef c) {
        try {
            Scope.Ref r = scope.peek(c.table(), c.column());
            return r == null || r.depth() != 0 ? -1 : r.slot();
        } catch (OneLiteException ambiguous) {
            return -1;
        }
    }
}
