package io.onelite.plan;

import io.onelite.sql.ast.Expr;
import io.onelite.sql.ast.FromItem;
import io.onelite.sql.ast.Join;
import io.onelite.sql.ast.NamedWindow;
import io.onelite.sql.ast.SelectCore;
import io.onelite.sql.ast.SelectStmt;
import io.onelite.sql.ast.WindowDef;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * SQLite's WHERE-clause push-down into a subquery or view ({@code pushDownWhereTerms} in
 * {@code select.c}): a WHERE term of the outer query that reads only the subquery's columns is
 * copied into the WHERE of each arm (a subquery of one SELECT is one arm, see
 * {@link #intoSelect}), with each column replaced by that arm's expression; so
 * {@code SELECT * FROM v WHERE id = 5} reads one row of v's table through its key. The
 * outer term stays, so a row must pass both; where the arms differ in affinity the copy compares
 * with the arm's own affinity ({@code (SELECT x ... UNION SELECT 7) WHERE x > 6} with x TEXT
 * drops x = '5', as SQLite). Done, as in SQLite, only when the compound has no LIMIT and, if not
 * all UNION ALL, only BINARY columns, and no window function in any arm; an aggregate arm gets
 * the copy in its HAVING. A VALUES arm is taken as SQLite's parser shapes it: one row is a SELECT
 * without FROM, several rows a {@code SELECT * FROM (VALUES ...)} (the rows before a first
 * VALUES' co-routine SELECTs of their own, {@link Planner#coroutineFrom}). OneLite leaves alone
 * terms with subqueries it cannot show to be non-correlated ({@link SelfContainedSubquery}) or
 * with calls of functions that may give another value each time.
 * In a join, the subquery must not be on an outer join's nullable side, or there the term must be
 * one that rejects its NULL row (SQLite then makes the join an inner one); a term with a bare name,
 * and ON terms, go once the whole FROM clause is in place ({@link FromPlanner#pushJoinTerms}).
 */
final class PushDown {
    private PushDown() {
    }

    /**
     * The compound {@code select} (planned as {@code planned}, read as {@code alias} with
     * columns {@code names}) with the pushable {@code terms} added to its arms; null if none is.
     */
    static SelectStmt into(Planner planner, SelectStmt select, Planner.Planned planned, String alias,
                           List<String> names, List<Expr> terms, boolean qualifiedOnly, boolean nullRejectingOnly) {
        List<SubqueryColumnTypes.Arm> arms = planned.arms();
        if (terms.isEmpty() || select.limit() != null) {
            return null;
        }
        if (select.cores().size() == 1) {
            return intoSelect(planner, select, arms.get(0), alias, names, terms, qualifiedOnly, nullRejectingOnly);
        }
        // the compound as SQLite's parser makes it: the rows of a first VALUES before its
        // co-routine (Planner#valuesSubqueryFrom, one arm each in the plan) are SELECTs joined by
        // UNION ALL, and the rest a VALUES subquery
        List<SelectCore> cores = new ArrayList<>(select.cores());
        List<SelectStmt.CompoundOp> ops = new ArrayList<>();
        for (SelectStmt.CompoundTerm t : select.compounds()) {
            ops.add(t.op());
        }
        int leadingRows = arms.size() - cores.size(); // rows of a first VALUES planned as SELECTs of their own
        if (leadingRows > 0 && cores.get(0) instanceof SelectCore.Values v && leadingRows < v.rows().size()) {
            // every row its own (the co-routine would have a row after it), or those before the co-routine
            List<SelectCore> parts = selectsOf(v, leadingRows == v.rows().size() - 1 ? -1 : leadingRows);
            cores.remove(0);
            cores.addAll(0, parts);
            for (int r = 1; r < parts.size(); r++) {
                ops.add(0, SelectStmt.CompoundOp.UNION_ALL);
            }
        }
        if (arms.size() != cores.size()) {
            return null;
        }
        boolean allUnionAll = ops.stream().allMatch(op -> op == SelectStmt.CompoundOp.UNION_ALL);
        List<SelectCore.Query> queries = new ArrayList<>();
        List<SubqueryColumnTypes.Arm> substituted = new ArrayList<>();
        for (int i = 0; i < cores.size(); i++) {
            SelectCore.Query q = asQuery(cores.get(i));
            SubqueryColumnTypes.Arm arm = arms.get(i);
            if (q == null && cores.get(i) instanceof SelectCore.Values v && v.rows().size() > 1) {
                // SQLite's parser makes it SELECT * FROM (VALUES ...): the copy reads its columns
                String name = "values" + i;
                q = new SelectCore.Query(false, List.of(new io.onelite.sql.ast.ResultColumn.Star()),
                        new FromItem.Subquery(valuesSubquery(v, !planner.ctes.isEmpty()), name),
                        null, List.of(), null, List.of());
                List<Expr> columns = new ArrayList<>();
                for (int k = 0; k < arm.columns().size(); k++) {
                    columns.add(new Expr.ColumnRef(null, name, "column" + (k + 1), false));
                }
                arm = new SubqueryColumnTypes.Arm(columns, arm.affinities(), arm.collations(), arm.dataTypes(), arm.casts());
            }
            if (q == null || !q.windows().isEmpty() || windows(arm.columns())
                    || (!allUnionAll && !binary(arm.collations()))) {
                return null;
            }
            queries.add(q);
            substituted.add(arm);
        }
        List<Expr> pushed = new ArrayList<>();
        for (Expr t : terms) {
            if (readsOnly(planner, t, alias, names) && (!qualifiedOnly || qualified(t)) && (!nullRejectingOnly || rejectsNull(t))) {
                pushed.add(t);
            }
        }
        if (pushed.isEmpty()) {
            return null;
        }
        List<SelectCore> out = new ArrayList<>();
        for (int i = 0; i < queries.size(); i++) {
            SelectCore.Query q = queries.get(i);
            SubqueryColumnTypes.Arm arm = substituted.get(i);
            boolean aggregate = !q.groupBy().isEmpty() || aggregates(planner, arm.columns());
            Expr where = q.where();
            Expr having = q.having();
            for (Expr t : pushed) {
                Expr copy = substituteInArm(t, alias, names, arm, substituted.get(0));
                if (filtersGroups(aggregate, q, t, alias, names, arm)) {
                    having = and(having, copy);
                } else {
                    where = and(where, copy);
                }
            }
            out.add(new SelectCore.Query(q.distinct(), q.columns(), q.from(), where, q.groupBy(), having, q.windows()));
        }
        List<SelectStmt.CompoundTerm> compounds = new ArrayList<>();
        for (int i = 0; i < ops.size(); i++) {
            compounds.add(new SelectStmt.CompoundTerm(ops.get(i), out.get(i + 1)));
        }
        return new SelectStmt(select.with(), out.get(0), compounds, select.orderBy(), select.limit(), select.offset());
    }

    /**
     * As {@link #into} for a subquery of one SELECT (SQLite pushes into any subquery it did not
     * flatten: an aggregate, a window, DISTINCT...). A window subquery takes only terms on its
     * PARTITION BY (restriction 6c: dropping whole partitions changes no window), so no term that
     * reads a column when it has no PARTITION BY or windows of different ones (6a). An aggregate
     * one takes a term on its GROUP BY in its WHERE (where SQLite's havingToWhere moves it), any
     * other in its HAVING. A key must be of BINARY collation, as in sqlite3ExprIsConstantOrGroupBy.
     */
    private static SelectStmt intoSelect(Planner planner, SelectStmt select, SubqueryColumnTypes.Arm arm, String alias,
                                         List<String> names, List<Expr> terms, boolean qualifiedOnly,
                                         boolean nullRejectingOnly) {
        if (!(select.cores().get(0) instanceof SelectCore.Query q)) {
            return null; // restriction (11): not into VALUES
        }
        boolean oneTable = q.from() instanceof FromItem.Table;
        List<Expr> partition = partition(q, select); // empty: no column is a key, only constants go in
        boolean aggregate = !q.groupBy().isEmpty() || aggregates(planner, arm.columns());
        Expr where = q.where();
        Expr having = q.having();
        boolean pushed = false;
        for (Expr t : terms) {
            if (!readsOnly(planner, t, alias, names) || qualifiedOnly && !qualified(t) || nullRejectingOnly && !rejectsNull(t)
                    || partition != null && !onKeys(t, alias, names, arm, partition, oneTable)) {
                continue;
            }
            Expr copy = substituteInArm(t, alias, names, arm, arm);
            if (filtersGroups(aggregate, q, t, alias, names, arm)) {
                having = and(having, copy);
            } else {
                where = and(where, copy);
            }
            pushed = true;
        }
        if (!pushed) {
            return null;
        }
        return new SelectStmt(select.with(), new SelectCore.Query(q.distinct(), q.columns(), q.from(), where,
                q.groupBy(), having, q.windows()), List.of(), select.orderBy(), null, null);
    }

    /**
     * The PARTITION BY shared by every window of {@code q} (its result columns and its
     * statement's ORDER BY); null without windows, empty when one has none or they differ.
     */
    private static List<Expr> partition(SelectCore.Query q, SelectStmt select) {
        List<WindowDef> windows = new ArrayList<>();
        for (io.onelite.sql.ast.ResultColumn rc : q.columns()) {
            if (rc instanceof io.onelite.sql.ast.ResultColumn.Expression e) {
                collectWindows(e.expr(), windows);
            }
        }
        for (io.onelite.sql.ast.OrderingTerm o : select.orderBy()) {
            collectWindows(o.expr(), windows);
        }
        List<Expr> shared = null;
        for (WindowDef w : windows) {
            List<Expr> p = w.partitionBy();
            if (w.baseName() != null) {
                p = null;
                for (NamedWindow n : q.windows()) {
                    if (n.name().equalsIgnoreCase(w.baseName())) {
                        p = n.def().partitionBy();
                    }
                }
                if (p == null) {
                    return List.of(); // an unknown window: planning reports it
                }
            }
            if (shared == null) {
                shared = p;
            } else if (!shared.equals(p)) {
                return List.of(); // restriction (6a)
            }
        }
        return shared;
    }

    private static void collectWindows(Expr e, List<WindowDef> out) {
        if (e instanceof Expr.FunctionCall f && f.over() != null) {
            out.add(f.over());
        }
        if (e instanceof Expr.Subquery || e instanceof Expr.Exists || e instanceof Expr.InSelect) {
            return; // its windows are its own
        }
        for (Expr c : ExprWalker.children(e)) {
            collectWindows(c, out);
        }
    }

    /**
     * Whether each subquery column {@code t} reads is one of {@code keys} (a GROUP BY or PARTITION
     * BY) of BINARY collation; a bare and a qualified name of the one table in FROM are the same key.
     */
    private static boolean onKeys(Expr t, String alias, List<String> names, SubqueryColumnTypes.Arm arm,
                                  List<Expr> keys, boolean oneTable) {
        if (t instanceof Expr.ColumnRef c) {
            int k = column(c, alias, names);
            String coll = arm.collations()[k];
            if (coll != null && !coll.equalsIgnoreCase("BINARY")) {
                return false;
            }
            Expr e = arm.columns().get(k);
            for (Expr key : keys) {
                if (sameKey(e, key, oneTable)) {
                    return true;
                }
            }
            return false;
        }
        for (Expr c : ExprWalker.children(t)) {
            if (!onKeys(c, alias, names, arm, keys, oneTable)) {
                return false;
            }
        }
        return true;
    }

    private static boolean sameKey(Expr a, Expr b, boolean oneTable) {
        if (oneTable && a instanceof Expr.ColumnRef x && b instanceof Expr.ColumnRef y && x.schema() == null && y.schema() == null) {
            return x.column().equalsIgnoreCase(y.column())
                    && (x.table() == null || y.table() == null || x.table().equalsIgnoreCase(y.table()));
        }
        return a.equals(b);
    }

    /**
     * A VALUES of several rows as SQLite's parser makes the subquery of an arm: where rows come
     * before its co-routine ({@link Planner#coroutineFrom}) they are SELECTs joined by UNION ALL,
     * and the copy goes on into them (where a CAST gives one an affinity). A VALUES whose every row
     * is a SELECT of its own (a WITH came before, a row is not constant) SQLite leaves whole.
     */
    private static SelectStmt valuesSubquery(SelectCore.Values v, boolean hasWith) {
        int from = Planner.coroutineFrom(v, hasWith);
        if (from <= 0) {
            return new SelectStmt(null, v, List.of(), List.of(), null, null);
        }
        List<SelectCore> parts = selectsOf(v, from);
        List<SelectStmt.CompoundTerm> rest = new ArrayList<>();
        for (SelectCore part : parts.subList(1, parts.size())) {
            rest.add(new SelectStmt.CompoundTerm(SelectStmt.CompoundOp.UNION_ALL, part));
        }
        return new SelectStmt(null, parts.get(0), rest, List.of(), null, null);
    }

    /**
     * The SELECTs, joined by UNION ALL, that SQLite's parser makes of a VALUES of several rows:
     * a one-row VALUES for each row before its co-routine at row {@code coroutine}, then the
     * co-routine's rows as one VALUES; a one-row VALUES for every row when it has none (-1).
     */
    private static List<SelectCore> selectsOf(SelectCore.Values v, int coroutine) {
        List<List<Expr>> rows = v.rows();
        int single = coroutine < 0 ? rows.size() : coroutine;
        List<SelectCore> out = new ArrayList<>();
        for (int r = 0; r < single; r++) {
            out.add(new SelectCore.Values(List.of(rows.get(r))));
        }
        if (coroutine >= 0) {
            out.add(new SelectCore.Values(rows.subList(coroutine, rows.size())));
        }
        return out;
    }

    /**
     * A core as a SELECT: itself, or a one-row VALUES (a SELECT without FROM in SQLite, whose
     * columns are named column1, column2...); null for a VALUES of several rows.
     */
    private static SelectCore.Query asQuery(SelectCore core) {
        if (core instanceof SelectCore.Query q) {
            return q;
        }
        SelectCore.Values v = (SelectCore.Values) core;
        if (v.rows().size() != 1) {
            return null;
        }
        List<io.onelite.sql.ast.ResultColumn> columns = new ArrayList<>();
        for (int i = 0; i < v.rows().get(0).size(); i++) {
            columns.add(new io.onelite.sql.ast.ResultColumn.Expression(v.rows().get(0).get(i), null, "column" + (i + 1)));
        }
        return new SelectCore.Query(false, columns, null, null, List.of(), null, List.of());
    }

    private static boolean aggregates(Planner planner, List<Expr> columns) {
        for (Expr e : columns) {
            if (AggregateCalls.containsAggregate(planner.functions, e)) {
                return true;
            }
        }
        return false;
    }

    private static boolean windows(List<Expr> columns) {
        return columns.stream().anyMatch(WindowCompiler::callsWindow);
    }

    private static boolean binary(String[] collations) {
        for (String c : collations) {
            if (c != null && !c.equalsIgnoreCase("BINARY")) {
                return false;
            }
        }
        return true;
    }

    /** The subquery column {@code c} names, or -1 (another source's, an outer query's, a rowid). */
    private static int column(Expr.ColumnRef c, String alias, List<String> names) {
        if (c.schema() != null || (c.table() != null && !c.table().equalsIgnoreCase(alias))) {
            return -1;
        }
        for (int i = 0; i < names.size(); i++) {
            if (names.get(i).equalsIgnoreCase(c.column())) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Whether every column {@code e} reads is qualified: in a join a bare name may be another
     * source's, which is known only once the whole FROM clause is in place.
     */
    static boolean qualified(Expr e) {
        if (e instanceof Expr.ColumnRef c) {
            return c.table() != null;
        }
        for (Expr c : ExprWalker.children(e)) {
            if (!qualified(c)) {
                return false;
            }
        }
        return true;
    }

    /** Where a joined subquery sits, for the push-down ({@link #sides}). */
    enum Side {
        /** On no outer join's nullable side: any term may go in. */
        FREE,
        /**
         * The right of a LEFT JOIN or the left of a RIGHT JOIN: only a term that is false or NULL
         * when the subquery's columns are NULL, which makes SQLite turn the join into an inner one.
         */
        NULLABLE
    }

    /**
     * The FROM items of {@code from} a WHERE term may be pushed into, and on what condition; an
     * item absent takes none. As SQLite, which first simplifies outer joins by the WHERE clause
     * ({@code whereTerms}): a term that is false or NULL when an item's columns are NULL makes a
     * LEFT JOIN to that item an inner one, a RIGHT JOIN after it an inner one, and a FULL JOIN
     * a LEFT or RIGHT one. Then it pushes into no item on an outer join's nullable side (but the
     * NULL-rejecting terms), and never into the right-hand item of a RIGHT JOIN (its
     * pushDownWhereTerms restriction (10)), which is also what a FULL JOIN's right side is when
     * only a term on that side made the join a RIGHT one.
     */
    static Map<FromItem, Side> sides(FromItem from, List<Expr> whereTerms) {
        Map<FromItem, Side> out = new IdentityHashMap<>();
        collect(from, Side.FREE, out, whereTerms);
        return out;
    }

    private static void collect(FromItem item, Side side, Map<FromItem, Side> out, List<Expr> where) {
        if (side == null) {
            return;
        }
        if (!(item instanceof Join j)) {
            out.put(item, side);
            return;
        }
        Join.JoinType type = j.type();
        boolean leftKept = type == Join.JoinType.RIGHT || type == Join.JoinType.FULL ? nonNullRow(j.left(), where) : true;
        boolean rightKept = type == Join.JoinType.LEFT || type == Join.JoinType.FULL ? nonNullRow(j.right(), where) : true;
        Side left;
        Side right;
        switch (type) {
            case LEFT -> {
                left = side;
                right = rightKept ? side : nullable(side);
            }
            case RIGHT -> {
                left = leftKept ? side : nullable(side);
                right = leftKept ? side : null; // restriction (10), unless the join became an inner one
            }
            case FULL -> {
                left = leftKept ? side : null;
                right = leftKept && rightKept ? side : leftKept ? nullable(side) : null;
            }
            default -> {
                left = side;
                right = side;
            }
        }
        collect(j.left(), left, out, where);
        collect(j.right(), right, out, where);
    }

    /** Whether a WHERE term is false or NULL when the columns of an item of {@code item} are NULL (qualified references only). */
    private static boolean nonNullRow(FromItem item, List<Expr> where) {
        java.util.Set<String> names = new java.util.HashSet<>();
        leafNames(item, names);
        for (Expr term : where) {
            if (rejectsNull(term, names)) {
                return true;
            }
        }
        return false;
    }

    private static void leafNames(FromItem item, java.util.Set<String> names) {
        if (item instanceof Join j) {
            leafNames(j.left(), names);
            leafNames(j.right(), names);
        } else if (item instanceof FromItem.Table t) {
            names.add((t.alias() != null ? t.alias() : t.name().name()).toLowerCase(java.util.Locale.ROOT));
        } else if (item instanceof FromItem.Subquery q && q.alias() != null) {
            names.add(q.alias().toLowerCase(java.util.Locale.ROOT));
        } else if (item instanceof FromItem.TableFunction f) {
            names.add((f.alias() != null ? f.alias() : f.name().name()).toLowerCase(java.util.Locale.ROOT));
        }
    }

    private static Side nullable(Side side) {
        return side == Side.FREE ? Side.NULLABLE : null;
    }

    /**
     * Whether {@code e} is false or NULL whenever the subquery's columns are NULL, as SQLite's
     * {@code sqlite3ExprImpliesNonNullRow} finds it: a comparison, LIKE, BETWEEN, IN list or
     * IS NOT NULL with one of the columns as its operand, an AND with such a side, an OR with two.
     */
    static boolean rejectsNull(Expr e) {
        return rejectsNull(e, null);
    }

    /** As {@link #rejectsNull(Expr)}, the column qualified by one of {@code names} (any column when null). */
    private static boolean rejectsNull(Expr e, java.util.Set<String> names) {
        if (e instanceof Expr.Binary b) {
            return switch (b.op()) {
                case AND -> rejectsNull(b.left(), names) || rejectsNull(b.right(), names);
                case OR -> rejectsNull(b.left(), names) && rejectsNull(b.right(), names);
                case EQ, NE, LT, LE, GT, GE -> isColumn(b.left(), names) || isColumn(b.right(), names);
                default -> false;
            };
        }
        if (e instanceof Expr.Unary u && u.op() == Expr.UnaryOp.NOT && u.operand() instanceof Expr.Binary b) {
            // SQLite's walker goes through NOT: NOT of a comparison is NULL too (not of AND/OR, whose sides it needs both of then)
            return switch (b.op()) {
                case EQ, NE, LT, LE, GT, GE -> rejectsNull(b, names);
                default -> false;
            };
        }
        if (e instanceof Expr.Like l) {
            return !l.not() && (isColumn(l.left(), names) || isColumn(l.pattern(), names));
        }
        if (e instanceof Expr.Between b) {
            return !b.not() && isColumn(b.expr(), names);
        }
        if (e instanceof Expr.InList in) {
            return isColumn(in.expr(), names) && !(in.not() && in.values().isEmpty()); // NULL NOT IN () is true
        }
        if (e instanceof Expr.IsNull n) {
            return n.not() && isColumn(n.expr(), names);
        }
        return false;
    }

    private static boolean isColumn(Expr e, java.util.Set<String> names) {
        Expr c = e instanceof Expr.Collate col ? col.expr() : e;
        return c instanceof Expr.ColumnRef ref && (names == null
                || ref.table() != null && ref.schema() == null && names.contains(ref.table().toLowerCase(java.util.Locale.ROOT)));
    }

    /**
     * Whether {@code e} is built of operators, literals, parameters, calls of functions that give
     * one value for the same arguments, and the subquery's columns only (SQLite's
     * sqlite3ExprIsTableConstant: a call needs {@code EP_ConstFunc}).
     */
    private static boolean readsOnly(Planner planner, Expr e, String alias, List<String> names) {
        if (e instanceof Expr.ColumnRef c) {
            return column(c, alias, names) >= 0;
        }
        if (e instanceof Expr.Subquery q) { // SQLite pushes terms with non-correlated subqueries too
            return SelfContainedSubquery.check(planner, q.select());
        }
        if (e instanceof Expr.InSelect in) { // and with IN (SELECT ...), whose left side is then the arm's
            return readsOnly(planner, in.expr(), alias, names) && SelfContainedSubquery.check(planner, in.select());
        }
        if (e instanceof Expr.Exists x) {
            return SelfContainedSubquery.check(planner, x.select());
        }
        if (e instanceof Expr.FunctionCall f && (f.over() != null || f.filter() != null || !f.orderBy().isEmpty()
                || Determinism.variesPerCall(planner.functions, f) || AggregateCalls.containsAggregate(planner.functions, f))) {
            return false;
        }
        if (!(e instanceof Expr.FunctionCall || e instanceof Expr.Literal || e instanceof Expr.BoolLiteral || e instanceof Expr.Param
                || e instanceof Expr.Unary || e instanceof Expr.Binary || e instanceof Expr.Like
                || e instanceof Expr.Between || e instanceof Expr.InList || e instanceof Expr.IsNull
                || e instanceof Expr.Case || e instanceof Expr.Cast || e instanceof Expr.Collate
                || e instanceof Expr.RowValue)) {
            return false;
        }
        for (Expr c : ExprWalker.children(e)) {
            if (!readsOnly(planner, c, alias, names)) {
                return false;
            }
        }
        return true;
    }

    /**
     * {@code e} with each subquery column replaced by arm {@code arm}'s expression for it, as
     * SQLite's substExpr copies a term into a subquery or a compound's arm ({@code leftmost}: the
     * compound's first arm, or the subquery itself): where that expression is not a
     * column, or is a column of another collation than the leftmost arm's, it goes under an
     * implicit COLLATE of the leftmost arm's collation (BINARY when it has none), so the copy
     * compares as the compound's column did in the outer query; a COLLATE of that collation
     * stays, made implicit (SQLite clears the copy's EP_Collate).
     */
    private static Expr substituteInArm(Expr e, String alias, List<String> names, SubqueryColumnTypes.Arm arm,
                                        SubqueryColumnTypes.Arm leftmost) {
        return ColumnMapper.map(e, c -> {
            int k = column(c, alias, names);
            Expr x = arm.columns().get(k);
            String want = collation(leftmost.collations()[k]);
            if (x instanceof Expr.Collate xc && collation(xc.collation()).equals(want)) {
                return new Expr.Collate(xc.expr(), xc.collation(), true); // SQLite clears its EP_Collate
            }
            if (x instanceof Expr.ColumnRef && collation(arm.collations()[k]).equals(want)) {
                return x;
            }
            return new Expr.Collate(x, want, true);
        });
    }

    private static String collation(String c) {
        return c == null ? "BINARY" : c.toUpperCase(Locale.ROOT);
    }

    /**
     * Whether the copy of {@code t} goes into the HAVING of {@code q}: an aggregate query filters
     * its groups, or its rows when the term reads only its GROUP BY keys (SQLite's havingToWhere).
     */
    private static boolean filtersGroups(boolean aggregate, SelectCore.Query q, Expr t, String alias, List<String> names,
                                         SubqueryColumnTypes.Arm arm) {
        return aggregate && (q.groupBy().isEmpty()
                || !onKeys(t, alias, names, arm, q.groupBy(), q.from() instanceof FromItem.Table));
    }

    /** {@code filter AND term}, or {@code term} when there is no filter. */
    private static Expr and(Expr filter, Expr term) {
        return filter == null ? term : new Expr.Binary(Expr.BinaryOp.AND, filter, term);
    }

}
