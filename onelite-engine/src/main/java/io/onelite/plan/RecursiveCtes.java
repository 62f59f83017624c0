package io.onelite.plan;

import io.onelite.btree.Collation;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.exec.Query;
import io.onelite.exec.RecursiveQuery;
import io.onelite.exec.SortLimitQuery;
import io.onelite.sql.ast.CommonTableExpr;
import io.onelite.sql.ast.FromItem;
import io.onelite.sql.ast.ResultColumn;
import io.onelite.sql.ast.SelectCore;
import io.onelite.sql.ast.SelectStmt;

import java.util.ArrayList;
import java.util.List;

/**
 * Plans a recursive CTE ({@link RecursiveArms}) as SQLite expands and codes it: its initial
 * SELECT first, during which a reference to the CTE is circular; then its recursive arms, whose
 * own references read the working table and any other reference is a second recursive one.
 * Both see the WITH clause the CTE is written in (and those around) and the CTE's own.
 */
final class RecursiveCtes {
    private RecursiveCtes() {
    }

    /** The CTE of {@code ref}, whose arms from {@code firstRecursive} are recursive, read in scope {@code outer}. */
    static Planner.Planned plan(Planner planner, Planner.CteRef ref, int firstRecursive, Scope outer) {
        SelectStmt s = ref.cte().select();
        return planner.seeingCtes(ref.depth(), () -> {
            planner.countCteUses(s);
            return planner.withClause(s.with(), () -> plan(planner, ref.cte(), firstRecursive, outer));
        });
    }

    private static Planner.Planned plan(Planner planner, CommonTableExpr cte, int split, Scope outer) {
        SelectStmt s = cte.select();
        List<SelectCore> cores = s.cores();
        CteExpansion expansion = planner.cteExpansion;
        SelectStmt initialArms = new SelectStmt(null, cores.get(0), s.compounds().subList(0, split - 1), List.of(), null, null);
        Planner.Planned initial = expansion.expanding(cte, CteExpansion.CIRCULAR, () -> planner.plan(initialArms, outer));
        int width = initial.names().size();
        if (!cte.columns().isEmpty() && cte.columns().size() != width) {
            throw new OneLiteException(ResultCode.ERROR, "table " + cte.name() + " has " + width + " values for "
                    + cte.columns().size() + " columns");
        }
        List<String> names = cte.columns().isEmpty() ? initial.tableNames() : cte.columns();
        RecursiveQuery.WorkingTable rows = new RecursiveQuery.WorkingTable();
        List<FromItem> reads = new ArrayList<>();
        for (SelectCore core : cores.subList(split, cores.size())) {
            reads.addAll(RecursiveArms.directReferences(core, cte.name()));
        }
        SelectStmt recursiveArms = new SelectStmt(null, cores.get(split), s.compounds().subList(split, s.compounds().size()),
                List.of(), null, null);
        Planner.Planned recursive = expansion.expanding(cte, CteExpansion.MULTIPLE_RECURSIVE, () -> expansion.reading(
                reads, new CteExpansion.WorkingRead(rows, names, initial), () -> planner.plan(recursiveArms, outer)));
        SelectStmt.CompoundOp op = s.compounds().get(split - 1).op();
        if (recursive.names().size() != width) {
            throw new OneLiteException(ResultCode.ERROR, "SELECTs to the left and right of " + op.sql()
                    + " do not have the same number of result columns");
        }
        checkCodable(planner, cores.subList(split, cores.size()));
        Query q = new RecursiveQuery(initial.query(), recursive.query(), op == SelectStmt.CompoundOp.UNION_ALL, rows, width,
                queueOrder(s, initial, recursive, width));
        if (!s.orderBy().isEmpty() || s.limit() != null) { // LIMIT and OFFSET count the rows as the queue gives them
            ExprCompiler ec = new ExprCompiler(planner, Scope.limitClause(outer));
            q = new SortLimitQuery(q, width, new int[0], new boolean[0], new Collation[0], new boolean[0],
                    s.limit() == null ? null : ec.eval(s.limit()), s.offset() == null ? null : ec.eval(s.offset()));
        }
        return new Planner.Planned(q, names, initial.declTypes(), initial.tables(), initial.affinities(),
                initial.collations(), Planner.arms(List.of(initial, recursive)));
    }

    /**
     * The order the CTE's ORDER BY gives its queue (null without one): each term a result column,
     * by number or name as a compound's ORDER BY ("1st ORDER BY term does not match any column in
     * the result set" otherwise), under its COLLATE or the column's collation (the initial
     * SELECT's, else the recursive one's, as SQLite's multiSelectCollSeq takes the left-most).
     */
    private static io.onelite.exec.RowOrder queueOrder(SelectStmt s, Planner.Planned initial, Planner.Planned recursive,
                                                       int width) {
        List<io.onelite.sql.ast.OrderingTerm> order = s.orderBy();
        if (order.isEmpty()) {
            return null;
        }
        Limits.byTerms(order.size(), "ORDER");
        int[] keys = new int[order.size()];
        boolean[] desc = new boolean[keys.length];
        Collation[] colls = new Collation[keys.length];
        boolean[] nullsFirst = new boolean[keys.length];
        for (int i = 0; i < keys.length; i++) {
            io.onelite.sql.ast.OrderingTerm t = order.get(i);
            io.onelite.sql.ast.Expr e = t.expr();
            String coll = null;
            if (e instanceof io.onelite.sql.ast.Expr.Collate c) {
                coll = c.collation();
                e = c.expr();
            }
            int k = Planner.resultIndex(e, initial.names(), width, i + 1);
            if (k < 0) {
                throw new OneLiteException(ResultCode.ERROR, Planner.ordinal(i + 1)
                        + " ORDER BY term does not match any column in the result set");
            }
            keys[i] = k;
            desc[i] = t.descending();
            String cn = coll != null ? coll : initial.collations()[k] != null ? initial.collations()[k] : recursive.collations()[k];
            colls[i] = cn == null ? Collation.BINARY : Collation.byName(cn);
            nullsFirst[i] = t.nulls() == null || t.nulls() == io.onelite.sql.ast.NullsOrder.DEFAULT
                    ? !desc[i] : t.nulls() == io.onelite.sql.ast.NullsOrder.FIRST;
        }
        return new io.onelite.exec.RowOrder(keys, desc, colls, nullsFirst);
    }

    /**
     * What SQLite refuses as it codes the recursive arms (generateWithRecursiveQuery): a window
     * function in the last one, then an aggregate in any; noted for the end of planning
     * ({@link CodeErrors}), as SQLite resolves every name of the statement first.
     */
    private static void checkCodable(Planner planner, List<SelectCore> recursiveArms) {
        if (recursiveArms.get(recursiveArms.size() - 1) instanceof SelectCore.Query last
                && last.columns().stream().anyMatch(rc -> rc instanceof ResultColumn.Expression e
                && WindowCompiler.callsWindow(e.expr()))) {
            planner.codeErrors.note(new OneLiteException(ResultCode.ERROR, "cannot use window functions in recursive queries"));
            return;
        }
        for (SelectCore arm : recursiveArms) {
            if (arm instanceof SelectCore.Query q && (!q.groupBy().isEmpty()
                    || q.columns().stream().anyMatch(rc -> rc instanceof ResultColumn.Expression e
                    && AggregateCalls.containsAggregate(planner.functions, e.expr()))
                    || q.having() != null && AggregateCalls.containsAggregate(planner.functions, q.having()))) {
                planner.codeErrors.note(new OneLiteException(ResultCode.ERROR, "recursive aggregate queries not supported"));
                return;
            }
        }
    }
}
