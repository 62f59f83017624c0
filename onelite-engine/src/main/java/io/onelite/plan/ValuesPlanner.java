package io.onelite.plan;

import io.onelite.btree.Collation;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.exec.Eval;
import io.onelite.exec.Query;
import io.onelite.exec.SortLimitQuery;
import io.onelite.exec.ValuesQuery;
import io.onelite.sql.ast.Expr;
import io.onelite.sql.ast.OrderingTerm;
import io.onelite.sql.ast.SelectCore;

import java.util.ArrayList;
import java.util.List;

/**
 * A {@code VALUES (...), (...)} core: each row's terms compiled once, the columns named
 * column1..columnN with the last row's affinities (SQLite builds VALUES as a compound of one-row
 * SELECTs), then ORDER BY / LIMIT on result columns.
 */
final class ValuesPlanner {
    private ValuesPlanner() {
    }

    static Planner.Planned plan(Planner planner, SelectCore.Values v, List<OrderingTerm> orderBy,
                                Expr limit, Expr offset, Scope outer) {
        Scope scope = new Scope(outer);
        ExprCompiler ec = new ExprCompiler(planner, scope);
        int n = v.rows().get(0).size();
        Limits.resultColumns(n);
        Limits.byTerms(orderBy.size(), "ORDER");
        List<Eval[]> rows = new ArrayList<>();
        List<SubqueryColumnTypes.Arm> arms = new ArrayList<>();
        // SQLite builds VALUES as a compound of one-row SELECTs and a co-routine: as a subquery its
        // columns have the first row's collations (its leftmost SELECT's), its result the last
        // arm's affinities (a row's, or the co-routine's: none)
        char[] affs = new char[n];
        for (List<Expr> r : v.rows()) {
            if (r.size() != n) {
                throw new OneLiteException(ResultCode.ERROR, "all VALUES must have the same number of terms");
            }
            Eval[] row = new Eval[n];
            String[] rowColls = new String[n];
            for (int i = 0; i < n; i++) {
                CExpr c = ec.compile(r.get(i));
                row[i] = c.eval();
                affs[i] = c.affinity();
                rowColls[i] = c.collation();
            }
            rows.add(row);
            arms.add(SubqueryColumnTypes.Arm.of(r, affs.clone(), rowColls, scope, ec));
        }
        int coroutine = Planner.coroutineFrom(v, !planner.ctes.isEmpty());
        if (coroutine >= 0) { // the rows before it are arms of their own, the co-routine one more
            arms = new ArrayList<>(arms.subList(0, coroutine + 1));
            arms.set(coroutine, SubqueryColumnTypes.Arm.coroutine(arms.get(coroutine), n));
            java.util.Arrays.fill(affs, '@');
        }
        List<String> names = new ArrayList<>();
        List<String> nulls = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            names.add("column" + (i + 1));
            nulls.add(null);
        }
        Query q = new ValuesQuery(rows, n);
        if (!orderBy.isEmpty() || limit != null) {
            int[] keys = new int[orderBy.size()];
            boolean[] desc = new boolean[keys.length];
            Collation[] orderColls = new Collation[keys.length];
            boolean[] nf = new boolean[keys.length];
            for (int i = 0; i < keys.length; i++) {
                keys[i] = Planner.resultIndex(orderBy.get(i).expr(), names, n, i + 1);
                if (keys[i] < 0) {
                    throw new OneLiteException(ResultCode.ERROR, Planner.ordinal(i + 1)
                            + " ORDER BY term does not match any column in the result set");
                }
                desc[i] = orderBy.get(i).descending();
                orderColls[i] = Collation.BINARY;
                nf[i] = !desc[i];
            }
            ExprCompiler lc = new ExprCompiler(planner, Scope.limitClause(outer));
            q = new SortLimitQuery(q, n, keys, desc, orderColls, nf, limit == null ? null : lc.eval(limit),
                    offset == null ? null : lc.eval(offset));
        }
        // the first row's collations (arm 0 is that row, or the co-routine that starts with it)
        return new Planner.Planned(q, names, nulls, nulls, affs, arms.get(0).collations(), arms);
    }
}
