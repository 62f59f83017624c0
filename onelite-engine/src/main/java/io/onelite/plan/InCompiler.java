package io.onelite.plan;

import io.onelite.btree.Collation;
import io.onelite.catalog.Index;
import io.onelite.catalog.Table;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.exec.Eval;
import io.onelite.exec.Frame;
import io.onelite.exec.InTableLookup;
import io.onelite.exec.Query;
import io.onelite.exec.ValueOps;
import io.onelite.sql.ast.Expr;
import io.onelite.sql.ast.ResultColumn;
import io.onelite.sql.ast.SelectCore;
import io.onelite.sql.ast.SelectStmt;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code x IN (list)} and {@code x IN (SELECT ...)} for a scalar left operand (row values go to
 * {@link RowValues}), with SQLite's three-valued result: NULL when no value matched but one was
 * NULL. A subquery's rows are fetched once per statement unless it is correlated.
 */
final class InCompiler {
    private InCompiler() {
    }

    static CExpr inList(ExprCompiler ec, Expr.InList in) {
        if (in.expr() instanceof Expr.RowValue) {
            return RowValues.inList(ec, in);
        }
        if (in.expr() instanceof Expr.Subquery && in.values().size() == 1
                && ParsedConstants.isConstant(ec.planner.functions, in.values().get(0))) {
            // SQLite's parser makes x IN (constant) x = +constant: a subquery of several columns
            // is then a row value misused as that comparison resolves
            Expr eq = new Expr.Binary(Expr.BinaryOp.EQ, in.expr(), new Expr.Unary(Expr.UnaryOp.PLUS, in.values().get(0)));
            return ec.compile(in.not() ? new Expr.Unary(Expr.UnaryOp.NOT, eq) : eq);
        }
        CExpr x = ec.inListLeft(in);
        List<Eval> eqs = new ArrayList<>();
        List<CExpr> values = new ArrayList<>();
        RowElements rows = new RowElements();
        for (Expr v : in.values()) {
            values.add(v instanceof Expr.RowValue r ? rows.resolve(ec, r) : ec.compile(v));
        }
        if (x == null) {
            return CExpr.of(f -> null); // a stand-in that never runs: the left's width error is noted
        }
        if (rows.any) {
            rows.noteMisused(ec, values);
            return CExpr.of(f -> null);
        }
        // SQLite's parser turns "a IN (constant)" into "a = +constant" (either side's collation
        // may then apply); any other list compares under the left operand's collation alone
        // (sqlite3ExprCodeIN), so 'ABC' IN (nocase_col, 1) is false where 'ABC' = nocase_col is true.
        boolean singleConstant = values.size() == 1 && values.get(0).constant();
        for (CExpr cv : values) {
            // "a IN (x, y)" is "a = +x OR a = +y": the list values carry no affinity.
            CExpr vv = singleConstant ? new CExpr(cv.eval(), '@', cv.collation(), cv.explicitColl(), cv.constant())
                    : new CExpr(cv.eval(), '@', null, false, cv.constant());
            eqs.add(Comparisons.comparison(Expr.BinaryOp.EQ, x, vv).eval());
        }
        Eval xe = x.eval();
        boolean not = in.not();
        Eval[] arr = eqs.toArray(new Eval[0]);
        return CExpr.of(f -> {
            if (arr.length == 0) {
                return not ? 1L : 0L;
            }
            if (xe.eval(f) == null) {
                return null;
            }
            boolean sawNull = false;
            for (Eval e : arr) {
                Object r = e.eval(f);
                if (r == null) {
                    sawNull = true;
                } else if ((Long) r != 0) {
                    return not ? 0L : 1L;
                }
            }
            return sawNull ? null : not ? 1L : 0L;
        });
    }

    /**
     * The row values in a list {@code x IN (list)} whose x is no row value: each resolved as
     * SQLite resolves them, then a "row value misused" as SQLite meets it when it codes them.
     */
    private static final class RowElements {
        boolean any;
        boolean allConstant = true;

        /** Compiles the row's values (their names must resolve); a stand-in for the row. */
        CExpr resolve(ExprCompiler ec, Expr.RowValue r) {
            any = true;
            for (Expr v : r.values()) {
                allConstant &= ec.compile(v).constant();
            }
            return CExpr.constant(f -> null);
        }

        /**
         * SQLite codes a list of up to two values, or one not all constant, as comparisons, one
         * value after the other, a constant one factored out to the end of the statement's code,
         * where no error of its own code came first; a longer list of constants fills a temporary
         * table in place. A row value meets "row value misused" as it is coded, a message that
         * replaces any before it.
         */
        void noteMisused(ExprCompiler ec, List<CExpr> values) {
            OneLiteException e = new OneLiteException(ResultCode.ERROR, "row value misused");
            boolean listConstant = values.stream().allMatch(CExpr::constant);
            if (allConstant && (values.size() <= 2 || !listConstant)) {
                ec.planner.codeErrors.noteLast(e);
            } else {
                ec.planner.codeErrors.noteOverriding(e);
            }
        }
    }

    /**
     * The rows of an IN (SELECT ...) right-hand side: run once per statement and cached under
     * {@code key}, unless the subquery is correlated and must run again for every outer row.
     */
    static List<Object[]> subqueryRows(Frame f, Query q, boolean correlated, Object key) {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = correlated ? null : (List<Object[]>) f.ctx.cached(key);
        if (rows == null) {
            rows = q.all(f.ctx, f);
            if (!correlated) {
                f.ctx.cache(key, rows);
            }
        }
        return rows;
    }

    /**
     * The values of an IN subquery, under the comparison's affinity: {@code sorted} by its
     * collation for binary search ({@code longs} instead when every one is an integer, the
     * common case, sorted without boxing), else in row order to walk; whether one was NULL;
     * whether there were no rows at all (then IN is false even for a NULL left operand).
     */
    private record ValueSet(Object[] values, long[] longs, boolean sorted, boolean hasNull, boolean empty) {
        static ValueSet of(List<Object[]> rows, char affinity, Collation coll, Collation distinctUnder, boolean sort) {
            List<Object> values = new ArrayList<>(rows.size());
            boolean hasNull = false;
            boolean allLongs = true;
            for (Object[] row : rows) {
                Object b = row[0];
                if (b == null) {
                    hasNull = true;
                } else {
                    b = affinity != 0 ? ValueOps.applyAffinity(b, affinity) : b;
                    allLongs &= b instanceof Long;
                    values.add(b);
                }
            }
            if (distinctUnder != null && !allLongs) {
                values = lastOfEach(values, distinctUnder);
            }
            if (!sort) {
                return new ValueSet(values.toArray(), null, false, hasNull, rows.isEmpty());
            }
            if (allLongs) {
                long[] longs = new long[values.size()];
                for (int i = 0; i < longs.length; i++) {
                    longs[i] = (Long) values.get(i);
                }
                java.util.Arrays.sort(longs);
                return new ValueSet(null, longs, true, hasNull, rows.isEmpty());
            }
            Object[] sorted = values.toArray();
            java.util.Arrays.sort(sorted, (p, q) -> ValueOps.compare(p, q, coll));
            return new ValueSet(sorted, null, true, hasNull, rows.isEmpty());
        }

        /** Of the values equal under {@code c}, the last one (a stable sort keeps them in order). */
        private static List<Object> lastOfEach(List<Object> values, Collation c) {
            List<Object> sorted = new ArrayList<>(values);
            sorted.sort((p, q) -> ValueOps.compare(p, q, c));
            List<Object> out = new ArrayList<>(sorted.size());
            for (int i = 0; i < sorted.size(); i++) {
                if (i + 1 == sorted.size() || ValueOps.compare(sorted.get(i), sorted.get(i + 1), c) != 0) {
                    out.add(sorted.get(i));
                }
            }
            return out;
        }

        boolean contains(Object a, Collation coll) {
            if (!sorted) {
                for (Object b : values) {
                    if (ValueOps.compare(a, b, coll) == 0) {
                        return true;
                    }
                }
                return false;
            }
            if (longs == null) {
                return java.util.Arrays.binarySearch(values, a, (p, q) -> ValueOps.compare(p, q, coll)) >= 0;
            }
            Long k = ValueOps.integerEqualTo(a);
            return k != null && java.util.Arrays.binarySearch(longs, k) >= 0;
        }
    }

    /**
     * Whether result column {@code i} of the subquery's last SELECT has a COLLATE of its own
     * (SQLite's EP_Collate on the expression): SQLite compares {@code x IN (SELECT y ...)} under
     * the binary-comparison rule with y as the right operand, so {@code x IN (SELECT b COLLATE
     * NOCASE FROM t)} compares under NOCASE, where a FROM subquery's column that merely carries a
     * collation does not decide. False when a {@code *} comes first or the SELECT is VALUES.
     */
    static boolean explicitCollation(SelectStmt select, int i) {
        SelectCore last = select.cores().get(select.cores().size() - 1);
        if (!(last instanceof SelectCore.Query q) || i >= q.columns().size()) {
            return false;
        }
        for (int k = 0; k <= i; k++) {
            if (!(q.columns().get(k) instanceof ResultColumn.Expression)) {
                return false;
            }
        }
        return ExplicitCollations.hasCollate(((ResultColumn.Expression) q.columns().get(i)).expr());
    }

    /**
     * Whether SQLite reads {@code x IN (SELECT ...)} through an index on x, which it does in WHERE
     * or ON, for an IN that is a term there (not under OR, NOT or CASE; the caller checks),
     * when x is a column of this query's table and a whole (not partial) index, or a WITHOUT
     * ROWID table's primary key, starts with it under x's own collation, and the IN's comparison
     * affinity {@code cmpAff} lets a lookup use it (SQLite's {@code sqlite3IndexAffinityOk}: none,
     * or TEXT on a TEXT column, or numeric on a numeric one): the lookups then compare under that
     * collation, whatever COLLATE the subquery's column carries (without such an index SQLite's own
     * rule lets that COLLATE decide; docs/sql.md).
     */
    private static boolean readThroughIndex(ExprCompiler ec, Expr left, CExpr x, char cmpAff) {
        if (!(left instanceof Expr.ColumnRef c) || ec.scope.clause != OuterAggregates.Clause.FROM_WHERE) {
            return false;
        }
        Scope.Ref r;
        try {
            r = ec.scope.peek(c.table(), c.column());
        } catch (OneLiteException ambiguous) {
            return false;
        }
        Table t = r == null || r.depth() != 0 ? null : r.source().table();
        if (t == null || r.column() < 0) {
            return false;
        }
        if (!Comparisons.indexAffinityOk(cmpAff, t.columns().get(r.column()).affinity())) {
            return false; // SQLite's planner cannot look the IN up in that index
        }
        String coll = x.collation() == null ? "BINARY" : x.collation();
        for (Index ix : AccessPlanner.indexesOf(t)) {
            if (ix.where() == null && ix.columns().length > 0 && ix.columns()[0] == r.column()
                    && ix.collations()[0].name().equalsIgnoreCase(coll)) {
                return true;
            }
        }
        return false;
    }

    static CExpr inSelect(ExprCompiler ec, Expr.InSelect in) {
        if (RowValues.isVector(in.expr())) {
            return RowValues.inSelect(ec, in);
        }
        boolean aTerm = ec.compilingATerm(); // read before the operand is compiled
        CExpr x = ec.compile(in.expr());
        int mark = ec.planner.codeErrors.mark();
        Planner.InPlan plan = ec.planner.inSubquery(in, ec.scope);
        Query q = plan.query();
        if (q.columnCount() != 1) {
            return ec.subselectWidth(q.columnCount(), 1, mark, in);
        }
        boolean correlated = plan.correlated();
        ec.usesOuter |= plan.usesOuter();
        char subAff = plan.affinity();
        String subColl = plan.collation();
        boolean explicit = explicitCollation(in.select(), 0);
        // NOT IN never reads through an index (SQLite tests membership in the subquery's rows)
        char both = Comparisons.inAffinity(x.affinity(), subAff);
        boolean throughIndex = explicit && !in.not() && aTerm && !ec.scope.evaluatedIns.contains(in)
                && readThroughIndex(ec, in.expr(), x, both);
        boolean rhsDecides = explicit && !throughIndex;
        CExpr rhs = new CExpr(null, subAff, subColl, rhsDecides, false);
        char[] affs = {both, both};
        Collation coll = Comparisons.collationOf(x, rhs);
        // read through the index, the rows are first made distinct under their own COLLATE (SQLite
        // keeps them in a temporary index in that collation, the later of two equal rows replacing
        // the earlier), then looked up under the index's
        Collation distinctUnder = throughIndex && subColl != null ? Collation.byName(subColl) : null;
        Eval xe = x.eval();
        boolean not = in.not();
        Object key = correlated ? null : plan.rowsKey();
        Object setKey = new Object();
        // x is looked up in the subquery's table as each row asks, as in SQLite; while the statement
        // writes, every test looks up (live), seeing what it wrote so far
        InTableLookup lookup = correlated ? null
                : InLookupPlanner.find(ec.planner, in.select(), both, coll, !ec.planner.beforeWrites);
        // else uncorrelated: the same rows for every outer row, sorted once, then each test a
        // binary search (a walk made "id NOT IN (SELECT ...)" cost rows x subquery rows);
        // correlated: new rows for each outer row, walked
        java.util.function.Function<Frame, ValueSet> sets = correlated
                ? f -> ValueSet.of(subqueryRows(f, q, true, null), affs[1], coll, distinctUnder, false)
                : f -> {
                    ValueSet set = (ValueSet) f.ctx.cached(setKey);
                    if (set == null) {
                        List<Object[]> rows = lookup != null ? lookup.state(f).values() : subqueryRows(f, q, false, key);
                        set = ValueSet.of(rows, affs[1], coll, distinctUnder, true);
                        f.ctx.cache(setKey, set);
                    }
                    return set;
                };
        return CExpr.of(f -> {
            if (lookup != null) {
                InTableLookup.State s = lookup.state(f);
                if (s.lookingUp()) {
                    Object a = xe.eval(f);
                    if (a == null) {
                        return s.empty() ? (not ? 1L : 0L) : null;
                    }
                    if (affs[0] != 0) {
                        a = ValueOps.applyAffinity(a, affs[0]);
                    }
                    if (s.contains(a)) {
                        return not ? 0L : 1L;
                    }
                    return s.hasNull() ? null : not ? 1L : 0L;
                }
            }
            ValueSet set = sets.apply(f);
            if (set.empty()) {
                return not ? 1L : 0L;
            }
            Object a = xe.eval(f);
            if (a == null) {
                return null;
            }
            if (affs[0] != 0) {
                a = ValueOps.applyAffinity(a, affs[0]);
            }
            if (set.contains(a, coll)) {
                return not ? 0L : 1L;
            }
            return set.hasNull() ? null : not ? 1L : 0L;
        });
    }
}
