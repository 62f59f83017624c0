package io.onelite.plan;

import io.onelite.exec.AggregateQuery;
import io.onelite.exec.GroupSlot;
import io.onelite.exec.Query;
import io.onelite.sql.ast.Expr;
import io.onelite.sql.ast.FromItem;
import io.onelite.sql.ast.ResultColumn;
import io.onelite.sql.ast.SelectCore;
import io.onelite.sql.ast.SelectStmt;

import java.util.List;

/**
 * {@code SELECT min(a), max(a) FROM t [WHERE ...]}: several min()/max() aggregates, which
 * SQLite's min/max optimization leaves to a walk of every row ({@link MinMaxQueries} takes one
 * alone). Each aggregate is the answer of its own one-aggregate query
 * {@code SELECT min(a) FROM t WHERE ...}, which that optimization answers from one end of an
 * index or the rowid; when every one is answered so, the aggregate query reads those instead of
 * its rows ({@link AggregateQuery#withSlotProbes}). Its EXPLAIN QUERY PLAN stays SQLite's.
 */
final class ExtremeProbes {
    private ExtremeProbes() {
    }

    /**
     * One query per aggregate slot of {@code q}, each of its min()/max() call alone over the same
     * table and WHERE; null unless there are several, all plain min()/max() calls (no bare
     * column, FILTER, DISTINCT or ORDER BY inside), over one table with no GROUP BY, HAVING,
     * DISTINCT or window, and each answered from an index end or the rowid whose seek enforces
     * every WHERE term (SQLite reads every row and checks the terms on each: one that fails on a
     * row between the ends must fail here too, so such a query is not split).
     */
    static Query[] plan(Planner planner, Scope scope, SelectCore.Query q, AggregateCollector collector, boolean windows) {
        if (collector == null || windows || collector.slots.size() < 2 || !q.groupBy().isEmpty()
                || q.having() != null || q.distinct() || !(q.from() instanceof FromItem.Table)
                || planner.columnRefListener != null) {
            return null;
        }
        for (int i = 0; i < collector.slots.size(); i++) {
            GroupSlot s = collector.slots.get(i);
            Expr.FunctionCall call = collector.calls.get(i);
            if (s.accumulator() == null || !s.extreme() || s.filter() != null || s.distinct() || call == null
                    || !call.orderBy().isEmpty() || call.over() != null || call.args().size() != 1) {
                return null;
            }
        }
        Query[] probes = new Query[collector.slots.size()];
        for (int i = 0; i < probes.length; i++) {
            Expr.FunctionCall call = collector.calls.get(i);
            SelectCore.Query alone = new SelectCore.Query(false,
                    List.of(new ResultColumn.Expression(call, null, call.name())), q.from(), q.where(), List.of(), null,
                    List.of());
            Query p = planner.plan(SelectStmt.of(alone), new Scope(scope, true)).query();
            if (!(p instanceof AggregateQuery a) || !a.readsOnlyItsExtreme()) {
                // a walk of every row for this one: one walk for all is cheaper; or a WHERE term
                // checked on each row, which SQLite's walk of every row evaluates (and may fail) on all
                return null;
            }
            probes[i] = p;
        }
        return probes;
    }
}
