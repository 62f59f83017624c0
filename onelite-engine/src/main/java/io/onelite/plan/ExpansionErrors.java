package io.onelite.plan;

import io.onelite.catalog.Table;
import io.onelite.catalog.View;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.sql.ast.CommonTableExpr;
import io.onelite.sql.ast.Expr;
import io.onelite.sql.ast.FromItem;
import io.onelite.sql.ast.Join;
import io.onelite.sql.ast.NamedWindow;
import io.onelite.sql.ast.OrderingTerm;
import io.onelite.sql.ast.ResultColumn;
import io.onelite.sql.ast.SelectCore;
import io.onelite.sql.ast.SelectStmt;
import io.onelite.sql.ast.SetClause;
import io.onelite.sql.ast.UpdateStmt;
import io.onelite.sql.ast.WindowDef;
import io.onelite.sql.ast.WithClause;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The error SQLite reports for a SELECT whose planning failed, when it is one of the first phase
 * of SQLite's prepare. SQLite expands every SELECT of a statement first (sqlite3SelectExpand: per
 * SELECT, its FROM clause's tables, views, CTEs and subqueries looked up, then its joins checked
 * in order, NATURAL with ON or USING and USING columns missing on a side, then {@code *} and
 * {@code t.*} expanded; then the subqueries of its clauses in the order result columns, WHERE, ON,
 * GROUP BY, HAVING, ORDER BY, LIMIT, WINDOW, table-valued function arguments; a compound's arms
 * from the last to the first) and only then resolves names and functions. So an error of that
 * phase anywhere in the statement wins over any error of name resolution, while OneLite's planner
 * resolves each SELECT as it plans it.
 *
 * <p>This runs only once planning failed (nothing on the way of a statement that plans), walks
 * the statement in SQLite's order, and replaces the planner's error only with one it is sure of:
 * where it cannot tell what SQLite does (a USING column of a source whose columns it does not
 * know, such as a table-valued function's), it keeps the planner's error. A CTE read while it is
 * expanded fails as in SQLite ({@link CteExpansion}). As sqlite3ErrorMsg, a later error replaces
 * an earlier one that did not stop the walk ({@code t.*} of no table, {@code *} without FROM, an
 * ambiguous USING column, one in a recursive CTE's recursive SELECTs), and a SELECT met after an
 * error still looks its tables up (a CTE's name as a table's), then stops.
 */
final class ExpansionErrors {
    /** Ends the walk: at an error SQLite stops at, or where this cannot follow SQLite ({@link #unsure}). */
    private static final class Stop extends RuntimeException {
        Stop() {
            super(null, null, false, false);
        }
    }

    private static final Stop STOP = new Stop();

    private final Planner planner;
    /** The WITH clauses met, outermost first (those of the statements around: {@link Planner#cte}). */
    private List<Map<String, CommonTableExpr>> withs = new ArrayList<>();
    /** How many of the planner's WITH clauses ({@link Planner#ctes}) the SELECT being walked sees. */
    private int plannerWiths;
    /**
     * The CTEs whose SELECT is being expanded, and the error (its text before the name) a
     * reference to one reports meanwhile (SQLite's zCteErr); those the planner is expanding
     * around this walk are in {@link Planner#cteExpansion}.
     */
    private final Map<CommonTableExpr, String> cteErrors = new IdentityHashMap<>();
    /** A recursive CTE's references to itself in its recursive SELECTs' FROM clauses, with its columns. */
    private final Map<FromItem, List<String>> recursiveReferences = new IdentityHashMap<>();
    /** The error recorded last (a later one replaces it, as SQLite's sqlite3ErrorMsg does), or null. */
    private OneLiteException error;
    private boolean unsure;

    private ExpansionErrors(Planner planner) {
        this.planner = planner;
        this.plannerWiths = planner.ctes.size();
    }

    /** What to report for {@code select}, whose planning failed with {@code failure}. */
    static OneLiteException first(Planner planner, SelectStmt select, OneLiteException failure) {
        if (!replaceable(failure)) {
            return failure;
        }
        ExpansionErrors walk = new ExpansionErrors(planner);
        return walk.result(() -> walk.select(select), failure);
    }

    /**
     * What to report for UPDATE ... FROM, whose planning failed with {@code failure}: SQLite
     * prepares it as one SELECT of the SET values and the WHERE clause over the target and the
     * FROM clause (a parenthesised join when it has several terms).
     */
    static OneLiteException firstOfUpdateFrom(Planner planner, UpdateStmt s, OneLiteException failure) {
        if (!replaceable(failure)) {
            return failure;
        }
        ExpansionErrors walk = new ExpansionErrors(planner);
        return walk.result(() -> {
            FromLevel level = new FromLevel();
            level.add(s.from(), null); // the target's partner: one term, or a parenthesised join
            walk.expand(level);
            for (SetClause sc : s.set()) {
                walk.expr(sc.value());
            }
            walk.expr(s.where());
            walk.orderBy(s.orderBy());
            walk.expr(s.limit());
            walk.expr(s.offset());
            walk.functionArguments(level);
        }, failure);
    }

    /** What to report for RETURNING {@code columns}, which SQLite prepares as a SELECT of them. */
    static OneLiteException firstOfReturning(Planner planner, List<ResultColumn> columns, OneLiteException failure) {
        if (!replaceable(failure)) {
            return failure;
        }
        ExpansionErrors walk = new ExpansionErrors(planner);
        return walk.result(() -> {
            for (ResultColumn rc : columns) {
                if (rc instanceof ResultColumn.Expression e) {
                    walk.expr(e.expr());
                }
            }
        }, failure);
    }

    /**
     * Whether SQLite may meet {@code e} after expansion: an SQLITE_ERROR, not its fixer's (which
     * runs first), nor the signal that plans an enclosing query again as an aggregate.
     */
    static boolean replaceable(OneLiteException e) {
        return e.resultCode() == ResultCode.ERROR && !(e instanceof Planner.OtherDatabaseReference)
                && !(e instanceof OuterAggregates.OwnerNotAggregate);
    }

    private OneLiteException result(Runnable walk, OneLiteException failure) {
        try {
            walk.run();
        } catch (Stop stop) {
            // the error stands, or unsure
        } catch (RuntimeException | StackOverflowError other) {
            return failure; // planning a view for its columns failed otherwise than SQLite can: keep the planner's word
        }
        return unsure || error == null ? failure : error;
    }

    /** Stops the walk at an error SQLite's walk stops at. */
    private Stop fail(OneLiteException e) {
        error = e;
        return STOP;
    }

    private Stop fail(String message) {
        return fail(new OneLiteException(ResultCode.ERROR, message));
    }

    /** Records an error SQLite's walk goes on after. */
    private void record(String message) {
        error = new OneLiteException(ResultCode.ERROR, message);
    }

    private Stop unsure() {
        unsure = true;
        return STOP;
    }

    // ---- SELECT ----

    /** Expands {@code s}; the names of its columns (its first arm's), null when not known here. */
    private List<String> select(SelectStmt s) {
        return arms(s, 0, s.cores().size());
    }

    /** Expands arms {@code [from, to)} of {@code s}, the last first, its WITH clause in force; arm {@code from}'s names. */
    private List<String> arms(SelectStmt s, int from, int to) {
        List<Map<String, CommonTableExpr>> saved = withs;
        if (s.with() != null) {
            withs = new ArrayList<>(withs);
            withs.add(ctes(s.with()));
        }
        try {
            List<String> names = null;
            for (int i = to - 1; i >= from; i--) {
                names = arm(s, i);
            }
            return names;
        } finally {
            withs = saved;
        }
    }

    private static Map<String, CommonTableExpr> ctes(WithClause with) {
        Map<String, CommonTableExpr> m = new java.util.HashMap<>();
        for (CommonTableExpr c : with.ctes()) {
            m.put(c.name().toLowerCase(Locale.ROOT), c);
        }
        return m;
    }

    /** Expands arm {@code i} of {@code s} (the last holds the ORDER BY and LIMIT); its column names, null: unknown. */
    private List<String> arm(SelectStmt s, int i) {
        boolean last = i == s.cores().size() - 1;
        SelectCore core = s.cores().get(i);
        List<String> names;
        if (core instanceof SelectCore.Values v) {
            // each row is a SELECT of its own (joined by UNION ALL), the last expanded first
            for (int row = v.rows().size() - 1; row >= 0; row--) {
                stopOnError();
                for (Expr e : v.rows().get(row)) {
                    expr(e);
                }
                if (last && row == v.rows().size() - 1) {
                    limits(s);
                }
            }
            names = new ArrayList<>();
            for (int k = 1; k <= v.rows().get(0).size(); k++) {
                names.add("column" + k);
            }
        } else {
            SelectCore.Query q = (SelectCore.Query) core;
            FromLevel level = from(q.from());
            names = resultNames(q, level);
            for (ResultColumn rc : q.columns()) {
                if (rc instanceof ResultColumn.Expression e) {
                    expr(e.expr());
                }
            }
            expr(q.where());
            onTerms(level);
            for (Expr e : q.groupBy()) {
                expr(e);
            }
            expr(q.having());
            if (last) {
                limits(s);
            }
            for (NamedWindow w : q.windows()) {
                window(w.def());
            }
            functionArguments(level);
        }
        return names;
    }

    /** The ORDER BY, LIMIT and OFFSET of a SELECT, which SQLite holds on its last arm. */
    private void limits(SelectStmt s) {
        orderBy(s.orderBy());
        expr(s.limit());
        expr(s.offset());
    }

    private void stopOnError() {
        if (error != null) {
            throw STOP; // selectExpander stops after its lookups once an error is recorded
        }
    }

    // ---- FROM ----

    /**
     * A FROM clause or parenthesised join as SQLite's SrcList: its terms in order, the join each
     * is the right side of (null for the first), its columns (null when not known here) and the
     * USING columns of its join (a NATURAL join's once made).
     */
    private static final class FromLevel {
        final List<FromItem> items = new ArrayList<>();
        final List<Join> joins = new ArrayList<>();
        final List<List<String>> columns = new ArrayList<>();
        final List<List<String>> using = new ArrayList<>();

        void add(FromItem item, Join join) {
            items.add(item);
            joins.add(join);
            columns.add(null);
            using.add(join == null ? List.of() : join.using());
        }

        /** Flattens a join chain; a join on the right side of one is a parenthesised join, a term of its own. */
        void flatten(FromItem f) {
            if (f instanceof Join j) {
                flatten(j.left());
                add(j.right(), j);
            } else if (f != null) {
                add(f, null);
            }
        }

        boolean hasRightJoin() {
            for (Join j : joins) {
                if (j != null && (j.type() == Join.JoinType.RIGHT || j.type() == Join.JoinType.FULL)) {
                    return true;
                }
            }
            return false;
        }
    }

    /** Looks up the terms of {@code from} (null: none), then checks its joins, as selectExpander. */
    private FromLevel from(FromItem from) {
        FromLevel level = new FromLevel();
        level.flatten(from);
        return expand(level);
    }

    private FromLevel expand(FromLevel level) {
        for (int i = 0; i < level.items.size(); i++) {
            level.columns.set(i, lookUp(level.items.get(i)));
        }
        stopOnError();
        joins(level);
        return level;
    }

    /** The columns of a FROM term once looked up (null: not known here); a subquery, CTE or parenthesised join expanded. */
    private List<String> lookUp(FromItem item) {
        if (item instanceof Join group) {
            // SQLite makes it a subquery SELECT * FROM (...) whose WHERE takes its ON terms
            FromLevel inner = from(group);
            onTerms(inner);
            functionArguments(inner);
            return concat(inner.columns);
        }
        if (item instanceof FromItem.Subquery s) {
            return select(s.select());
        }
        if (item instanceof FromItem.TableFunction tf) {
            return tableFunction(tf);
        }
        FromItem.Table t = (FromItem.Table) item;
        if (recursiveReferences.containsKey(item)) {
            return recursiveReferences.get(item);
        }
        CteExpansion.WorkingRead read = planner.cteExpansion.read(item);
        if (read != null) {
            return read.names(); // the recursive CTE being planned reads its working table here
        }
        if (t.name().schema() == null && error == null) { // once an error is recorded, SQLite looks no CTE up
            CteRef cte = cte(t.name().name());
            if (cte != null) {
                checkReference(cte.cte());
                if (t.indexedBy() != null) {
                    throw fail("no such index: \"" + t.indexedBy() + "\"");
                }
                return cte(cte);
            }
        }
        try {
            planner.checkBound(t.name().schema());
        } catch (Planner.OtherDatabaseReference e) {
            throw unsure();
        }
        Table table = planner.schema.table(t.name());
        if (table != null) {
            if (t.indexedBy() != null && AccessPlanner.indexedBy(table, t.indexedBy()) == null) {
                throw fail("no such index: " + t.indexedBy());
            }
            List<String> names = new ArrayList<>(table.columns().size());
            table.columns().forEach(c -> names.add(c.name()));
            return names;
        }
        View v = planner.schema.view(t.name());
        if (v != null) {
            if (t.indexedBy() != null) {
                throw unsure();
            }
            try {
                return planner.viewColumns(v).names(); // SQLite prepares the view for its columns here
            } catch (OneLiteException e) {
                throw fail(e);
            }
        }
        if (TableFunctions.isEponymous(planner, t.name())) {
            return null;
        }
        throw fail(FromPlanner.missingTable(planner, t.name()));
    }

    private List<String> tableFunction(FromItem.TableFunction tf) {
        CteRef cte = tf.name().schema() == null && error == null ? cte(tf.name().name()) : null;
        if (cte != null) { // looked up first, a CTE takes no arguments
            checkReference(cte.cte());
            throw fail("'" + tf.name().name() + "' is not a function");
        }
        if (tf.name().schema() != null) {
            throw unsure();
        }
        if (TableFunctions.isEponymous(planner, tf.name())) {
            return null; // hidden columns: not known here
        }
        if (planner.schema.table(tf.name()) != null || planner.schema.view(tf.name()) != null) {
            throw fail("'" + tf.name().name() + "' is not a function");
        }
        if (planner.schema.virtualTable(tf.name()) != null) {
            throw unsure();
        }
        throw fail("no such table: " + tf.name());
    }

    private static List<String> concat(List<List<String>> columns) {
        List<String> all = new ArrayList<>();
        for (List<String> c : columns) {
            if (c == null) {
                return null;
            }
            all.addAll(c);
        }
        return all;
    }

    /**
     * The checks of SQLite's sqlite3ProcessJoin, join by join: a NATURAL join with ON or USING,
     * a USING column missing on either side, and after a RIGHT or FULL JOIN a USING column on
     * the left in several terms not joined by USING on it (recorded, the walk goes on).
     */
    private void joins(FromLevel level) {
        boolean rightJoin = level.hasRightJoin();
        for (int i = 1; i < level.items.size(); i++) {
            Join j = level.joins.get(i);
            if (j.natural()) {
                if (j.on() != null || !j.using().isEmpty()) {
                    throw fail("a NATURAL join may not have an ON or USING clause");
                }
                List<String> common = new ArrayList<>();
                for (String c : known(level.columns.get(i))) {
                    if (leftTermWith(level, c, 0, i) >= 0) {
                        common.add(c);
                    }
                }
                level.using.set(i, common);
                stopOnError();
            }
            for (String c : level.using.get(i)) {
                if (Scope.isRowidName(c)) {
                    throw unsure(); // a parenthesised join's subquery has rowid columns of its own
                }
                List<String> right = level.columns.get(i);
                boolean missing = right != null && right.stream().noneMatch(c::equalsIgnoreCase);
                int left = missing ? -1 : leftTermWith(level, c, 0, i);
                if (left < 0) {
                    throw fail("cannot join using column " + c + " - column not present in both tables");
                }
                known(right);
                if (rightJoin && error == null) {
                    for (int k = leftTermWith(level, c, left + 1, i); k >= 0; k = leftTermWith(level, c, k + 1, i)) {
                        if (level.using.get(k).stream().noneMatch(c::equalsIgnoreCase)) {
                            record("ambiguous reference to " + c + " in USING()");
                            break;
                        }
                    }
                }
            }
        }
    }

    /** The first term in {@code [from, to)} with a column {@code c}; -1 when none. */
    private int leftTermWith(FromLevel level, String c, int from, int to) {
        for (int k = from; k < to; k++) {
            if (known(level.columns.get(k)).stream().anyMatch(c::equalsIgnoreCase)) {
                return k;
            }
        }
        return -1;
    }

    /** {@code columns}, which a join check needs: stops unsure when they are not known here. */
    private List<String> known(List<String> columns) {
        if (columns == null) {
            throw unsure();
        }
        return columns;
    }

    /** Walks the ON terms of a FROM clause's joins, in order: SQLite has moved them behind its WHERE clause. */
    private void onTerms(FromLevel level) {
        for (Join j : level.joins) {
            if (j != null) {
                expr(j.on());
            }
        }
    }

    /** Walks the arguments of a FROM clause's table-valued functions, the last part of a SELECT SQLite's walker reads. */
    private void functionArguments(FromLevel level) {
        for (FromItem item : level.items) {
            if (item instanceof FromItem.TableFunction tf) {
                for (Expr e : tf.args()) {
                    expr(e);
                }
            }
        }
    }

    // ---- CTEs ----

    /**
     * A CTE, how many of {@link #withs} were in force where it was written (none for one of the
     * planner's WITH clauses, around the walk), and how many of the planner's its SELECT sees.
     */
    private record CteRef(CommonTableExpr cte, int depth, int plannerWiths) {
    }

    private CteRef cte(String name) {
        String key = name.toLowerCase(Locale.ROOT);
        for (int d = withs.size() - 1; d >= 0; d--) {
            CommonTableExpr c = withs.get(d).get(key);
            if (c != null) {
                return new CteRef(c, d + 1, plannerWiths);
            }
        }
        Planner.CteRef c = planner.cteRef(name, plannerWiths);
        return c == null ? null : new CteRef(c.cte(), 0, c.depth());
    }

    /** Fails as SQLite at a reference to {@code cte} while it is expanded (circular, or a second recursive one). */
    private void checkReference(CommonTableExpr cte) {
        String during = cteErrors.containsKey(cte) ? cteErrors.get(cte) : planner.cteExpansion.error(cte);
        if (during != null) {
            throw fail(during + cte.name());
        }
    }

    /**
     * Expands a CTE where the statement reads it, as SQLite's resolveFromTermToCte: its SELECT
     * with the WITH clauses in force where the CTE was written; a recursive CTE's initial SELECTs
     * first, then its recursive ones reading its columns. Its columns: its column list, which
     * must have as many names as its first SELECT has columns, else that SELECT's. An error in
     * the recursive SELECTs is recorded and the FROM clause reading the CTE goes on, as SQLite
     * ignores what that second walk returns.
     */
    private List<String> cte(CteRef ref) {
        CommonTableExpr cte = ref.cte();
        SelectStmt s = cte.select();
        int recursiveFrom;
        try {
            recursiveFrom = RecursiveArms.first(s, cte.name());
        } catch (OneLiteException multiple) {
            throw fail(multiple);
        }
        List<Map<String, CommonTableExpr>> saved = withs;
        int savedPlannerWiths = plannerWiths;
        withs = new ArrayList<>(withs.subList(0, ref.depth()));
        plannerWiths = ref.plannerWiths();
        List<FromItem> references = new ArrayList<>();
        try {
            List<String> names = expanding(cte, CteExpansion.CIRCULAR, () -> arms(s, 0, recursiveFrom));
            List<String> columns = cte.columns().isEmpty() ? names : cte.columns();
            if (!cte.columns().isEmpty()) {
                if (names == null) {
                    throw unsure();
                }
                if (names.size() != cte.columns().size()) {
                    throw fail("table " + cte.name() + " has " + names.size() + " values for "
                            + cte.columns().size() + " columns");
                }
            }
            if (recursiveFrom < s.cores().size()) {
                for (int i = recursiveFrom; i < s.cores().size(); i++) {
                    references.addAll(RecursiveArms.directReferences(s.cores().get(i), cte.name()));
                }
                for (FromItem item : references) {
                    recursiveReferences.put(item, columns == null ? null : List.copyOf(columns));
                }
                try {
                    expanding(cte, CteExpansion.MULTIPLE_RECURSIVE, () -> arms(s, recursiveFrom, s.cores().size()));
                } catch (Stop stop) {
                    if (unsure || error == null) {
                        throw stop;
                    }
                }
            }
            return columns;
        } finally {
            references.forEach(recursiveReferences::remove);
            withs = saved;
            plannerWiths = savedPlannerWiths;
        }
    }

    /** Runs {@code walk} with a reference to {@code cte} failing with {@code during}. */
    private List<String> expanding(CommonTableExpr cte, String during, java.util.function.Supplier<List<String>> walk) {
        String saved = cteErrors.put(cte, during);
        try {
            return walk.get();
        } finally {
            if (saved == null) {
                cteErrors.remove(cte);
            } else {
                cteErrors.put(cte, saved);
            }
        }
    }

    // ---- result columns ----

    /**
     * The names of {@code q}'s columns as sqlite3ColumnsFromExprList gives them after {@code *}
     * and {@code t.*} are expanded (null when a source's columns are not known here); records
     * "no tables specified" and "no such table: t" as SQLite's selectExpander, which goes on.
     */
    private List<String> resultNames(SelectCore.Query q, FromLevel level) {
        List<String> names = new ArrayList<>();
        boolean known = true;
        for (ResultColumn rc : q.columns()) {
            if (rc instanceof ResultColumn.Star) {
                if (level.items.isEmpty()) {
                    record("no tables specified");
                }
                for (int k = 0; k < level.items.size(); k++) {
                    List<String> cols = level.columns.get(k);
                    if (cols == null || level.items.get(k) instanceof Join) {
                        known = false; // a parenthesised join lists its USING columns once: not modelled
                        continue;
                    }
                    List<String> using = level.using.get(k);
                    for (String c : cols) {
                        if (k == 0 || using.stream().noneMatch(c::equalsIgnoreCase)) {
                            names.add(c);
                        }
                    }
                }
            } else if (rc instanceof ResultColumn.TableStar ts) {
                boolean seen = false;
                for (int k = 0; k < level.items.size(); k++) {
                    FromItem item = level.items.get(k);
                    if (answersTo(item, ts.table())) {
                        seen = true;
                        List<String> cols = level.columns.get(k);
                        if (cols == null || item instanceof Join) {
                            known = false;
                        } else {
                            names.addAll(cols);
                        }
                    }
                }
                if (!seen) {
                    record("no such table: " + ts.table());
                }
            } else {
                ResultColumn.Expression e = (ResultColumn.Expression) rc;
                names.add(e.alias() != null ? e.alias() : exprName(e));
            }
        }
        return known ? FromPlanner.uniqueNames(names) : null;
    }

    /** An unaliased result column's name: a column's name (under COLLATE or likely()), else its text. */
    private static String exprName(ResultColumn.Expression rc) {
        Expr e = CorePlanner.skipCollateAndLikely(rc.expr());
        return e instanceof Expr.ColumnRef c ? c.column() : rc.text();
    }

    /** Whether {@code t.*} names the FROM term {@code item} (or a term inside it, for a parenthesised join). */
    private static boolean answersTo(FromItem item, String name) {
        if (item instanceof Join j) {
            FromLevel inner = new FromLevel();
            inner.flatten(j);
            return inner.items.stream().anyMatch(i -> answersTo(i, name));
        }
        String own = item instanceof FromItem.Table t ? (t.alias() != null ? t.alias() : t.name().name())
                : item instanceof FromItem.TableFunction tf ? (tf.alias() != null ? tf.alias() : tf.name().name())
                : ((FromItem.Subquery) item).alias();
        return own != null && own.equalsIgnoreCase(name);
    }

    // ---- expressions ----

    /** Expands the subqueries of {@code e} in the order SQLite's walker meets them. */
    private void expr(Expr e) {
        if (e == null) {
            return;
        }
        if (e instanceof Expr.Subquery s) {
            select(s.select());
        } else if (e instanceof Expr.Exists x) {
            select(x.select());
        } else if (e instanceof Expr.InSelect in) {
            expr(in.expr());
            select(in.select());
        } else if (e instanceof Expr.InList in && in.expr() instanceof Expr.RowValue left && !in.values().isEmpty()) {
            // SQLite's parser makes the list of a row value's IN a SELECT, as VALUES: one SELECT per
            // element (each a row of the left's width, as the parser checked), joined by UNION ALL,
            // which a walk after an error meets and stops at
            expr(left);
            List<List<Expr>> rows = new ArrayList<>();
            for (Expr v : in.values()) {
                rows.add(((Expr.RowValue) v).values());
            }
            select(SelectStmt.of(new SelectCore.Values(rows)));
        } else if (e instanceof Expr.InTable in) {
            expr(in.expr());
            // SQLite's parser reads "x IN t" as "x IN (SELECT * FROM t)"
            FromItem item = in.args() == null ? new FromItem.Table(in.table(), null, null, false)
                    : new FromItem.TableFunction(in.table(), in.args(), null);
            select(SelectStmt.of(new SelectCore.Query(false, List.of(new ResultColumn.Star()), item, null, List.of(),
                    null, List.of())));
        } else if (e instanceof Expr.Like l) {
            // SQLite makes it a call like(pattern, left[, escape])
            expr(l.pattern());
            expr(l.left());
            expr(l.escape());
        } else if (e instanceof Expr.FunctionCall f) {
            orderBy(f.orderBy()); // an aggregate's ORDER BY is walked before its arguments
            for (Expr a : f.args()) {
                expr(a);
            }
            if (f.over() != null) {
                orderBy(f.over().orderBy());
                for (Expr p : f.over().partitionBy()) {
                    expr(p);
                }
                expr(f.filter());
                frame(f.over());
            } else {
                expr(f.filter());
            }
        } else {
            for (Expr c : Expr.children(e)) {
                expr(c);
            }
            if (e instanceof Expr.Raise r) {
                expr(r.message());
            }
        }
    }

    private void orderBy(List<OrderingTerm> terms) {
        for (OrderingTerm t : terms) {
            expr(t.expr());
        }
    }

    /** A WINDOW clause's definition, as SQLite's walker reads a window: ORDER BY, PARTITION BY, then its frame. */
    private void window(WindowDef w) {
        orderBy(w.orderBy());
        for (Expr p : w.partitionBy()) {
            expr(p);
        }
        frame(w);
    }

    private void frame(WindowDef w) {
        if (w.frame() != null) {
            expr(w.frame().start() == null ? null : w.frame().start().offset());
            expr(w.frame().end() == null ? null : w.frame().end().offset());
        }
    }
}
