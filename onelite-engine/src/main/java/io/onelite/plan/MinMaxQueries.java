package io.onelite.plan;

import io.onelite.btree.Collation;
import io.onelite.catalog.Index;
import io.onelite.catalog.Table;
import io.onelite.exec.GroupSlot;
import io.onelite.exec.IndexLevel;
import io.onelite.exec.Level;
import io.onelite.sql.ast.Expr;
import io.onelite.sql.ast.SelectCore;

import java.util.List;

/**
 * SQLite's min/max optimization ({@code minMaxQuery} in select.c): an aggregate query with no
 * GROUP BY or HAVING whose only aggregate is one {@code min(x)} or {@code max(x)} (no FILTER, no
 * ORDER BY inside the call) is planned as if it had {@code ORDER BY x} (descending for max), and
 * when the first source's walk gives that order the first row with a non-NULL x is the answer:
 * {@code SELECT max(id) FROM t} reads one rowid, {@code SELECT min(x) FROM t WHERE a = ?} one
 * entry of an index on {@code (a, x)}, past its NULLs. Bare columns come from that row, as
 * SQLite's do. EXPLAIN QUERY PLAN words every loop of such a query "SEARCH", as SQLite's.
 */
final class MinMaxQueries {
    private MinMaxQueries() {
    }

    /** The query's only aggregate, {@code call} (max when {@code max}), and the order that answers it (null: none). */
    record Extreme(Expr.FunctionCall call, boolean max, List<AccessPlanner.OrderTerm> order) {
    }

    /** The min()/max() call SQLite's optimization applies to, or null. */
    static Extreme find(Planner planner, Scope scope, SelectCore.Query q, AggregateCollector collector,
                        boolean windows) {
        if (collector == null || windows || !q.groupBy().isEmpty() || q.having() != null) {
            return null;
        }
        Expr.FunctionCall call = null;
        for (int i = 0; i < collector.slots.size(); i++) {
            GroupSlot s = collector.slots.get(i);
            if (s.accumulator() == null) {
                continue; // a bare column
            }
            if (call != null || !s.extreme() || s.filter() != null || collector.calls.get(i) == null) {
                return null;
            }
            call = collector.calls.get(i);
        }
        if (call == null || !call.orderBy().isEmpty() || call.over() != null || call.args().size() != 1) {
            return null;
        }
        boolean max = call.name().equalsIgnoreCase("max");
        List<AccessPlanner.OrderTerm> order = null;
        if (!scope.sources.isEmpty()) {
            Expr arg = call.args().get(0);
            String cn = new ExprCompiler(planner, scope).compile(arg).collation();
            Collation coll = cn == null ? Collation.BINARY : Collation.byName(cn);
            // min: ascending, its NULLs skipped (see configure); max: descending, NULLs last
            order = CoreOrders.sortOrder(scope, new Expr[] {arg}, new boolean[] {max},
                    new Collation[] {coll == null ? Collation.BINARY : coll}, new boolean[] {!max});
        }
        return new Extreme(call, max, order);
    }

    /**
     * Marks the levels for EXPLAIN QUERY PLAN and, for min() over an index walk whose key
     * column after the equalities is the argument, has that walk seek past the NULL entries.
     */
    static void configure(Extreme e, Level[] levels, boolean ordered, Scope scope, Table first) {
        for (Level l : levels) {
            l.markMinMaxQuery();
        }
        if (e.max() || !ordered || first == null || !(levels[0] instanceof IndexLevel il) || e.order() == null) {
            return;
        }
        Index ix = AccessPlanner.indexNamed(first, il.indexName());
        int pos = il.eqCount();
        if (ix == null || pos >= ix.columns().length) {
            return;
        }
        AccessPlanner.OrderTerm term = e.order().get(0);
        int c = ix.columns()[pos];
        boolean same = term.column() == -2
                ? c == -2 && term.expr().equals(IndexExprs.ofIndex(first, ix.exprs())[pos])
                : c >= 0 && c != first.rowidAlias() && c == term.column();
        if (same) {
            il.skipNullsAfterEqualities();
        }
    }
}
