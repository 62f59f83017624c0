package io.onelite.plan;

import io.onelite.btree.Collation;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.exec.Eval;
import io.onelite.exec.Query;
import io.onelite.exec.ValueOps;
import io.onelite.sql.ast.Expr;
import io.onelite.sql.ast.SetClause;

import java.util.ArrayList;
import java.util.List;

/**
 * Row values, as SQLite's rowvalue.html describes them: a comparison whose sides are row values
 * {@code (a, b)} or multi-column subqueries, {@code (a, b) [NOT] IN ((x, y), ...)} and
 * {@code IN (SELECT x, y ...)}, and the {@code SET (a, b) = (...)} assignments of UPDATE and
 * upsert. BETWEEN and CASE over row values become comparisons in {@link ExprCompiler}.
 *
 * <p>Each element pair is compared with the affinity and collation SQLite's binary comparison
 * would pick for it. {@code =} / {@code <>} are false / true as soon as one pair differs, else
 * NULL if a pair holds a NULL; {@code <}, {@code <=}, {@code >}, {@code >=} are decided by the
 * first pair that is not equal, and are NULL when a pair before it holds a NULL. IN is the OR of
 * the row equalities (NULL when none is true and one is NULL), so {@code (NULL, 1) IN ((2, 3))}
 * is false, as in SQLite.
 */
final class RowValues {
    private RowValues() {
    }

    /**
     * One side of a row-value operation.
     *
     * @param elements each element's affinity and collation; its eval reads that element alone
     * @param row      evaluates every element at once (a subquery runs once), as an {@code Object[]}
     * @param isRow    whether it was written as a row value {@code (a, b, ...)}
     */
    private record Vector(CExpr[] elements, Eval row, boolean isRow) {
        int width() {
            return elements.length;
        }
    }

    /** How one element pair compares: the affinity applied to both sides (as IN does, or as a comparison does) and the collation. */
    private record PairComparison(char affinity, boolean asIn, Collation collation) {
        static PairComparison of(CExpr l, CExpr r) {
            return new PairComparison(Comparisons.comparisonAffinity(l, r), false, Comparisons.collationOf(l, r));
        }

        /**
         * For IN: SQLite converts both sides with one affinity (the values go through an index
         * with that affinity), chosen from the left side's and the right column's as
         * {@code sqlite3CompareAffinity} does.
         */
        static PairComparison forIn(CExpr l, CExpr r) {
            char aff = Comparisons.inAffinity(l.affinity(), r.affinity());
            return new PairComparison(aff, true, Comparisons.collationOf(l, r));
        }

        /** The sign of the comparison, or null when either value is NULL. */
        Integer compare(Object a, Object b) {
            if (a == null || b == null) {
                return null;
            }
            if (!asIn) {
                return Integer.signum(Comparisons.compare(a, b, affinity, collation));
            }
            if (affinity != 0) {
                a = ValueOps.applyAffinity(a, affinity);
                b = ValueOps.applyAffinity(b, affinity);
            }
            return Integer.signum(ValueOps.compare(a, b, collation));
        }
    }

    /** Whether a comparison with this operand is compiled here (it may be wider than one column). */
    static boolean isVector(Expr e) {
        return e instanceof Expr.RowValue || e instanceof Expr.Subquery;
    }

    private static Vector vector(ExprCompiler c, Expr e) {
        if (e instanceof Expr.RowValue rv) {
            int n = rv.values().size();
            CExpr[] els = new CExpr[n];
            Eval[] evals = new Eval[n];
            for (int i = 0; i < n; i++) {
                els[i] = c.compile(rv.values().get(i));
                evals[i] = els[i].eval();
            }
            return new Vector(els, f -> {
                Object[] out = new Object[n];
                for (int i = 0; i < n; i++) {
                    out[i] = evals[i].eval(f);
                }
                return out;
            }, true);
        }
        if (e instanceof Expr.Subquery s) {
            return subquery(c, s);
        }
        CExpr x = c.compile(e);
        Eval xe = x.eval();
        return new Vector(new CExpr[]{x}, f -> new Object[]{xe.eval(f)}, false);
    }

    /** A scalar subquery read as a row: its first row, or all NULLs when it has none. */
    private static Vector subquery(ExprCompiler c, Expr.Subquery s) {
        // as the scalar subquery ExprCompiler plans (one plan for both): SQLite limits a row subquery alike
        Query q = c.planner.sharedSubquery(s, c.scope,
                () -> c.planner.subquery(ExprCompiler.scalarLimit(s.select()), c.scope));
        boolean correlated = c.planner.lastSubqueryCorrelated;
        c.usesOuter |= c.planner.lastSubqueryUsesOuterOfParent;
        char[] affs = c.planner.lastSubqueryTailAffinities;
        String[] colls = c.planner.lastSubqueryInCollations;
        int n = q.columnCount();
        Object key = new Object();
        Eval row = f -> {
            Object[] r = correlated ? null : (Object[]) f.ctx.cached(key);
            if (r == null) {
                var it = q.open(f.ctx, f);
                r = it.next() ? it.row().clone() : new Object[n];
                if (!correlated) {
                    f.ctx.cache(key, r);
                }
            }
            return r;
        };
        CExpr[] els = new CExpr[n];
        for (int i = 0; i < n; i++) {
            int col = i;
            // a scalar subquery compares by its affinity alone; a row subquery's elements are its
            // last SELECT's column expressions (sqlite3VectorFieldSubexpr), with their collations
            boolean collated = n > 1 && i < colls.length;
            els[i] = new CExpr(f -> ((Object[]) row.eval(f))[col], i < affs.length ? affs[i] : '@',
                    collated ? colls[i] : null, collated && InCompiler.explicitCollation(s.select(), i), false);
        }
        return new Vector(els, row, false);
    }

    /** {@code l op r} where a side is a row value or a subquery (of any width). */
    static CExpr compare(ExprCompiler c, Expr.Binary b) {
        Vector l = vector(c, b.left());
        Vector r = vector(c, b.right());
        if (l.width() != r.width()) {
            throw misused();
        }
        if (l.width() == 1) {
            return Comparisons.comparison(b.op(), l.elements()[0], r.elements()[0]);
        }
        PairComparison[] pairs = pairs(l.elements(), r.elements());
        Expr.BinaryOp op = b.op();
        Eval le = l.row();
        Eval re = r.row();
        return CExpr.of(f -> compareRows(op, pairs, (Object[]) le.eval(f), (Object[]) re.eval(f)));
    }

    private static PairComparison[] pairs(CExpr[] l, CExpr[] r) {
        PairComparison[] out = new PairComparison[l.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = PairComparison.of(l[i], r[i]);
        }
        return out;
    }

    private static PairComparison[] inPairs(CExpr[] l, CExpr[] r) {
        PairComparison[] out = new PairComparison[l.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = PairComparison.forIn(l[i], r[i]);
        }
        return out;
    }

    /**
     * With no row equal, a vector IN is NULL when some row is, column by column, NULL on either
     * side or equal, and SQLite's search for such a row (sqlite3ExprCodeIN's last step) compares
     * under the left operand's own collation only, not the one the pair compares under: a NOCASE
     * column beside a subquery column with COLLATE RTRIM finds 'ABC' and 'abc' equal there.
     */
    private static PairComparison[] nullSearchPairs(CExpr[] l, PairComparison[] pairs) {
        PairComparison[] out = new PairComparison[pairs.length];
        for (int i = 0; i < out.length; i++) {
            String own = l[i].collation();
            out[i] = new PairComparison(pairs[i].affinity(), pairs[i].asIn(),
                    own == null ? Collation.BINARY : Collation.byName(own));
        }
        return out;
    }

    /**
     * The rows SQLite's temporary index of the subquery keeps: it is keyed by every column under
     * the pairs' collations, NULL equal to NULL, and a row equal to one already there replaces it
     * (so of 'abc' and 'abc ' under RTRIM only the later is left for the NULL search to see).
     * Cached under {@code key} unless {@code perRun} (a correlated subquery, a list).
     */
    private static List<Object[]> keptRows(io.onelite.exec.Frame f, List<Object[]> rows, PairComparison[] pairs,
                                           boolean perRun, Object key) {
        @SuppressWarnings("unchecked")
        List<Object[]> kept = perRun ? null : (List<Object[]>) f.ctx.cached(key);
        if (kept != null) {
            return kept;
        }
        Integer[] order = new Integer[rows.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        java.util.Comparator<Integer> byKey = (x, y) -> keyCompare(pairs, rows.get(x), rows.get(y));
        java.util.Arrays.sort(order, byKey); // stable: equal keys stay in insertion order
        kept = new ArrayList<>();
        for (int i = 0; i < order.length; i++) {
            if (i + 1 == order.length || byKey.compare(order[i], order[i + 1]) != 0) {
                kept.add(rows.get(order[i])); // the last of a run of equal keys
            }
        }
        if (!perRun) {
            f.ctx.cache(key, kept);
        }
        return kept;
    }

    /** Two rows compared as index keys under the pairs: NULL first and equal to NULL. */
    private static int keyCompare(PairComparison[] pairs, Object[] a, Object[] b) {
        for (int i = 0; i < pairs.length; i++) {
            if (a[i] == null || b[i] == null) {
                if (a[i] != b[i]) {
                    return a[i] == null ? -1 : 1;
                }
                continue;
            }
            int c = pairs[i].compare(a[i], b[i]);
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    /** Whether each column of {@code a} and {@code b} is NULL on either side or equal. */
    private static boolean nullOrEqual(PairComparison[] pairs, Object[] a, Object[] b) {
        for (int i = 0; i < pairs.length; i++) {
            Integer cmp = pairs[i].compare(a[i], b[i]);
            if (cmp != null && cmp != 0) {
                return false;
            }
        }
        return true;
    }

    /** The three-valued result of comparing two rows of the same width (1, 0 or null). */
    private static Long compareRows(Expr.BinaryOp op, PairComparison[] pairs, Object[] a, Object[] b) {
        switch (op) {
            case EQ, NE -> {
                boolean sawNull = false;
                for (int i = 0; i < pairs.length; i++) {
                    Integer cmp = pairs[i].compare(a[i], b[i]);
                    if (cmp == null) {
                        sawNull = true;
                    } else if (cmp != 0) {
                        return op == Expr.BinaryOp.EQ ? 0L : 1L;
                    }
                }
                return sawNull ? null : op == Expr.BinaryOp.EQ ? 1L : 0L;
            }
            case IS, IS_NOT -> {
                for (int i = 0; i < pairs.length; i++) {
                    boolean same = a[i] == null || b[i] == null ? a[i] == null && b[i] == null
                            : pairs[i].compare(a[i], b[i]) == 0;
                    if (!same) {
                        return op == Expr.BinaryOp.IS ? 0L : 1L;
                    }
                }
                return op == Expr.BinaryOp.IS ? 1L : 0L;
            }
            default -> {
                for (int i = 0; i < pairs.length; i++) {
                    Integer cmp = pairs[i].compare(a[i], b[i]);
                    if (cmp == null) {
                        return null;
                    }
                    if (cmp != 0) {
                        boolean less = op == Expr.BinaryOp.LT || op == Expr.BinaryOp.LE;
                        return (less ? cmp < 0 : cmp > 0) ? 1L : 0L;
                    }
                }
                return op == Expr.BinaryOp.LE || op == Expr.BinaryOp.GE ? 1L : 0L;
            }
        }
    }

    /** {@code (a, b) [NOT] IN ((x, y), ...)}: every element must be a row of the same width. */
    static CExpr inList(ExprCompiler c, Expr.InList in) {
        Vector l = vector(c, in.expr());
        int w = l.width();
        List<Vector> rows = new ArrayList<>();
        for (Expr v : in.values()) {
            Vector r = vector(c, v);
            if (r.width() != w) {
                throw new OneLiteException(ResultCode.ERROR, "IN(...) element has " + r.width()
                        + (r.width() == 1 ? " term" : " terms") + " - expected " + w);
            }
            rows.add(r);
        }
        // SQLite turns the list into VALUES: every row compares with the last row's affinities and collations
        PairComparison[] pairs = rows.isEmpty() ? null : inPairs(l.elements(), rows.get(rows.size() - 1).elements());
        PairComparison[] nullSearch = pairs == null ? null : nullSearchPairs(l.elements(), pairs);
        boolean not = in.not();
        Eval le = l.row();
        return CExpr.of(f -> {
            if (rows.isEmpty()) {
                return not ? 1L : 0L;
            }
            Object[] a = (Object[]) le.eval(f);
            List<Object[]> values = new ArrayList<>(rows.size());
            for (Vector row : rows) {
                values.add((Object[]) row.row().eval(f));
            }
            return inResult(f, pairs, nullSearch, a, values, not, true, null);
        });
    }

    /**
     * A vector IN's three-valued result over the right side's {@code rows} (not empty): true when
     * a row equals {@code a} under the pairs, else NULL when a row SQLite's temporary index keeps
     * is NULL or equal column by column under {@code nullSearch} ({@link #nullSearchPairs}), else
     * false; NOT IN inverts it. {@code keptKey}: where the kept rows are cached when not {@code perRun}.
     */
    private static Long inResult(io.onelite.exec.Frame f, PairComparison[] pairs, PairComparison[] nullSearch,
                                 Object[] a, List<Object[]> rows, boolean not, boolean perRun, Object keptKey) {
        for (Object[] row : rows) {
            Long eq = compareRows(Expr.BinaryOp.EQ, pairs, a, row);
            if (eq != null && eq == 1) {
                return not ? 0L : 1L;
            }
        }
        for (Object[] row : keptRows(f, rows, pairs, perRun, keptKey)) {
            if (nullOrEqual(nullSearch, a, row)) {
                return null;
            }
        }
        return not ? 1L : 0L;
    }

    /** {@code lhs [NOT] IN (SELECT ...)} with a row value or subquery on the left: widths must agree. */
    static CExpr inSelect(ExprCompiler c, Expr.InSelect in) {
        Vector l = vector(c, in.expr());
        int mark = c.planner.codeErrors.mark();
        Query q = c.planner.sharedSubquery(in, c.scope, () -> c.planner.subqueryOfIn(in.select(), c.scope));
        if (q.columnCount() != l.width()) {
            return c.subselectWidth(q.columnCount(), l.width(), mark, in);
        }
        boolean correlated = c.planner.lastSubqueryCorrelated;
        c.usesOuter |= c.planner.lastSubqueryUsesOuterOfParent;
        char[] affs = c.planner.lastSubqueryInAffinities;
        String[] colls = c.planner.lastSubqueryInCollations;
        CExpr[] rhs = new CExpr[l.width()];
        for (int i = 0; i < rhs.length; i++) {
            rhs[i] = new CExpr(null, affs[i], colls[i], InCompiler.explicitCollation(in.select(), i), false);
        }
        PairComparison[] pairs = inPairs(l.elements(), rhs);
        PairComparison[] nullSearch = nullSearchPairs(l.elements(), pairs);
        boolean not = in.not();
        Eval le = l.row();
        Object key = new Object();
        Object keptKey = new Object();
        return CExpr.of(f -> {
            List<Object[]> rows = InCompiler.subqueryRows(f, q, correlated, key);
            if (rows.isEmpty()) {
                return not ? 1L : 0L;
            }
            return inResult(f, pairs, nullSearch, (Object[]) le.eval(f), rows, not, correlated, keptKey);
        });
    }

    /**
     * The values one SET clause assigns, one per column: {@code a = x}, {@code (a, b) = (x, y)} or
     * {@code (a, b) = (SELECT x, y ...)} (NULLs when the subquery has no row). The evals must run
     * in order for each row: the first runs the subquery, the others read its row.
     * {@code commitSeq}: whether a whole value may be {@code commit_seq()} (a table's row, not a view's).
     */
    static List<Eval> assignments(ExprCompiler c, SetClause sc, boolean commitSeq) {
        int n = sc.columns().size();
        Expr value = sc.value();
        if (n == 1) {
            if (commitSeq) {
                c.planner.allowCommitSeq(value);
            }
            return List.of(c.eval(value));
        }
        List<Eval> out = new ArrayList<>();
        if (value instanceof Expr.RowValue rv) {
            if (rv.values().size() != n) {
                throw assignedError(n, rv.values().size());
            }
            for (Expr e : rv.values()) {
                if (commitSeq) {
                    c.planner.allowCommitSeq(e);
                }
                out.add(c.eval(e));
            }
            return out;
        }
        if (!(value instanceof Expr.Subquery s)) {
            throw assignedError(n, 1);
        }
        Vector v = subquery(c, s);
        if (v.width() != n) {
            throw assignedError(n, v.width());
        }
        Eval row = v.row();
        Object[][] current = new Object[1][];
        out.add(f -> {
            current[0] = (Object[]) row.eval(f);
            return current[0][0];
        });
        for (int i = 1; i < n; i++) {
            int col = i;
            out.add(f -> current[0][col]);
        }
        return out;
    }

    private static OneLiteException assignedError(int columns, int values) {
        return new OneLiteException(ResultCode.ERROR, columns + " columns assigned " + values + " values");
    }

    private static OneLiteException misused() {
        return new OneLiteException(ResultCode.ERROR, "row value misused");
    }
}
