package io.onelite.plan;

import io.onelite.catalog.View;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.exec.ArrayRow;
import io.onelite.exec.Eval;
import io.onelite.exec.ExecContext;
import io.onelite.exec.Frame;
import io.onelite.exec.Query;
import io.onelite.exec.TriggerIgnore;
import io.onelite.sql.ast.CreateTriggerStmt;
import io.onelite.sql.ast.DeleteStmt;
import io.onelite.sql.ast.Expr;
import io.onelite.sql.ast.FromItem;
import io.onelite.sql.ast.InsertStmt;
import io.onelite.sql.ast.Join;
import io.onelite.sql.ast.QualifiedName;
import io.onelite.sql.ast.ResultColumn;
import io.onelite.sql.ast.SelectCore;
import io.onelite.sql.ast.SelectStmt;
import io.onelite.sql.ast.SetClause;
import io.onelite.sql.ast.UpdateStmt;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * INSERT, UPDATE and DELETE on a view, as SQLite's INSTEAD OF triggers: each affected row runs
 * the view's triggers for the statement kind with NEW (the values given, or the old row with
 * the SET values) and OLD (a row of the view matching WHERE); nothing else is written, so
 * {@code changes()} stays 0. RETURNING reads NEW (OLD for DELETE). Without a matching trigger
 * the statement fails with "cannot modify v because it is a view". OLD and NEW have no rowid,
 * and values keep the type they were given (a view column applies no affinity).
 */
final class ViewDml {
    private ViewDml() {
    }

    static Executable insert(Planner planner, InsertStmt s) {
        View v = planner.schema.view(s.table());
        Source row = columns(planner, v);
        TriggerRunner triggers = new TriggerRunner(planner, v, null, row, CreateTriggerStmt.Event.INSERT, null);
        if (triggers.isEmpty()) {
            throw cannotModify(v);
        }
        if (!s.upserts().isEmpty()) {
            throw new OneLiteException(ResultCode.ERROR, "cannot UPSERT a view");
        }
        int n = row.columnNames().size();
        int[] targets = new int[s.columns().isEmpty() ? n : s.columns().size()];
        for (int i = 0; i < targets.length; i++) {
            if (s.columns().isEmpty()) {
                targets[i] = i;
                continue;
            }
            String c = s.columns().get(i);
            targets[i] = row.columnIndex(c);
            if (targets[i] < 0 && !Scope.isRowidName(c)) {
                throw new OneLiteException(ResultCode.ERROR, "table " + v.name() + " has no column named " + c);
            }
        }
        Query source = null;
        if (s.select() != null) {
            Planner.Planned p = planner.insertSource(s.select(), enclosing(planner));
            int got = p.names().size();
            if (got != targets.length) {
                throw new OneLiteException(ResultCode.ERROR, s.columns().isEmpty()
                        ? "table " + v.name() + " has " + n + " columns but " + got + " values were supplied"
                        : got + " values for " + targets.length + " columns");
            }
            source = p.query();
        }
        Query src = source;
        DmlStatement d = new DmlStatement() {
            @Override
            void run(ExecContext ctx, List<Object[]> returned, DmlStatement.RowCount count) {
                List<Object[]> rows = src == null ? List.<Object[]>of(new Object[0]) : src.all(ctx, outer);
                for (Object[] in : rows) {
                    Object[] values = new Object[n];
                    for (int i = 0; i < in.length; i++) {
                        if (targets[i] >= 0) {
                            values[targets[i]] = in[i];
                        }
                    }
                    if (fire(ctx, triggers, null, values)) {
                        addReturning(ctx, values, 0, -1, returned);
                    }
                }
            }
        };
        d.orConflict = Writers.explicitAction(s.orConflict());
        d.compileReturning(planner, rowScope(row), s.returning());
        return d;
    }

    static Executable update(Planner planner, UpdateStmt s) {
        View v = planner.schema.view(s.table());
        Source row = columns(planner, v);
        List<Integer> cols = new ArrayList<>();
        for (SetClause sc : s.set()) {
            for (String c : sc.columns()) {
                cols.add(row.columnIndex(c));
            }
        }
        Set<Integer> updated = new HashSet<>(cols);
        TriggerRunner triggers = new TriggerRunner(planner, v, null, row, CreateTriggerStmt.Event.UPDATE, updated);
        if (triggers.isEmpty()) {
            throw cannotModify(v);
        }
        int k = 0;
        for (SetClause sc : s.set()) {
            for (String c : sc.columns()) {
                if (cols.get(k++) < 0) {
                    throw new OneLiteException(ResultCode.ERROR, "no such column: " + c);
                }
            }
        }
        Query matches;
        List<Eval> vals = new ArrayList<>();
        int n = row.columnNames().size();
        if (s.from() == null) {
            matches = planner.plan(selectAll(v, s.where(), s.orderBy(), s.limit(), s.offset()), enclosing(planner)).query();
            Scope setScope = new Scope(planner.outerScope);
            setScope.sources.add(row);
            for (SetClause sc : s.set()) {
                vals.addAll(RowValues.assignments(new ExprCompiler(planner, setScope), sc, false));
            }
        } else {
            // SELECT v.*, <SET values> FROM v, <from> WHERE ...: the values see the FROM sources
            List<ResultColumn> out = new ArrayList<>();
            out.add(new ResultColumn.TableStar(v.name()));
            for (SetClause sc : s.set()) {
                for (Expr e : setValues(sc)) {
                    out.add(new ResultColumn.Expression(e, null, "?"));
                }
            }
            FromItem from = new Join(table(v), Join.JoinType.COMMA, false, s.from(), null, List.of());
            matches = planner.plan(new SelectStmt(null, new SelectCore.Query(false, out, from, s.where(), List.of(), null,
                    List.of()), List.of(), s.orderBy(), s.limit(), s.offset()), enclosing(planner)).query();
            for (int i = 0; i < cols.size(); i++) {
                int col = n + i;
                vals.add(f -> f.src[0].column(col));
            }
        }
        int[] target = cols.stream().mapToInt(Integer::intValue).toArray();
        Eval[] value = vals.toArray(new Eval[0]);
        DmlStatement d = new DmlStatement() {
            @Override
            void run(ExecContext ctx, List<Object[]> returned, DmlStatement.RowCount count) {
                Frame f = new Frame(ctx, outer, 1);
                for (Object[] old : matches.all(ctx, outer)) {
                    f.src[0] = new ArrayRow(old);
                    Object[] values = java.util.Arrays.copyOf(old, n);
                    Object[] computed = new Object[value.length];
                    for (int i = 0; i < value.length; i++) {
                        computed[i] = value[i].eval(f); // in order: a row-value subquery's first column runs it
                    }
                    for (int i = 0; i < value.length; i++) {
                        values[target[i]] = computed[i];
                    }
                    if (fire(ctx, triggers, java.util.Arrays.copyOf(old, n), values)) {
                        addReturning(ctx, values, 0, -1, returned);
                    }
                }
            }
        };
        d.orConflict = Writers.explicitAction(s.orConflict());
        d.compileReturning(planner, rowScope(row), s.returning());
        return d;
    }

    /** The expressions of one SET clause of UPDATE ... FROM, one per column. */
    private static List<Expr> setValues(SetClause sc) {
        int n = sc.columns().size();
        if (n == 1) {
            return List.of(sc.value());
        }
        if (sc.value() instanceof Expr.RowValue rv) {
            if (rv.values().size() != n) {
                throw new OneLiteException(ResultCode.ERROR, n + " columns assigned " + rv.values().size() + " values");
            }
            return rv.values();
        }
        if (sc.value() instanceof Expr.Subquery) {
            throw new OneLiteException(ResultCode.ERROR,
                    "row value assignments from subqueries in UPDATE ... FROM on a view are not supported");
        }
        throw new OneLiteException(ResultCode.ERROR, n + " columns assigned 1 values");
    }

    static Executable delete(Planner planner, DeleteStmt s) {
        View v = planner.schema.view(s.table());
        Source row = columns(planner, v);
        TriggerRunner triggers = new TriggerRunner(planner, v, null, row, CreateTriggerStmt.Event.DELETE, null);
        if (triggers.isEmpty()) {
            throw cannotModify(v);
        }
        Query matches = planner.plan(selectAll(v, s.where(), s.orderBy(), s.limit(), s.offset()), enclosing(planner)).query();
        DmlStatement d = new DmlStatement() {
            @Override
            void run(ExecContext ctx, List<Object[]> returned, DmlStatement.RowCount count) {
                for (Object[] old : matches.all(ctx, outer)) {
                    if (fire(ctx, triggers, old, null)) {
                        addReturning(ctx, old, 0, -1, returned);
                    }
                }
            }
        };
        d.resetsConflict = true;
        d.compileReturning(planner, rowScope(row), s.returning());
        return d;
    }

    /** Runs the INSTEAD OF triggers for one row; false when RAISE(IGNORE) abandoned it. */
    private static boolean fire(ExecContext ctx, TriggerRunner triggers, Object[] old, Object[] values) {
        try {
            triggers.fire(ctx, CreateTriggerStmt.Time.INSTEAD_OF, old, 0, values, 0);
            return true;
        } catch (TriggerIgnore ignore) {
            return false;
        }
    }

    /**
     * The view's columns, as a source named by the view (no rowid). As SQLite, a view that does
     * not compile fails here, before "cannot modify"; a column list of another length than its
     * SELECT fails only where the view's rows are read.
     */
    static Source columns(Planner planner, View v) {
        Planner.ViewColumns columns = planner.viewColumns(v);
        int n = columns.names().size();
        char[] affinities = new char[n];
        String[] collations = new String[n];
        if (columns.typed()) {
            affinities = columns.planned().tableAffinities().clone();
            collations = columns.planned().collations().clone();
        } else {
            java.util.Arrays.fill(affinities, io.onelite.exec.ValueOps.AFF_NONE);
        }
        return new Source(v.name(), null, columns.names(), affinities, collations, false, new boolean[n]);
    }

    private static Scope rowScope(Source row) {
        Scope scope = new Scope(null);
        scope.sources.add(row);
        return scope;
    }

    /** The scope a statement inside a trigger program sees OLD/NEW of its trigger through, or null. */
    private static Scope enclosing(Planner planner) {
        return planner.outerScope == null ? null : new Scope(planner.outerScope, true);
    }

    /**
     * {@code SELECT * FROM v [WHERE where] [ORDER BY ...] [LIMIT ...]}: the view's rows a statement
     * on it affects, in the order its INSTEAD OF triggers fire (SQLite's sqlite3MaterializeView).
     */
    private static SelectStmt selectAll(View v, Expr where, List<io.onelite.sql.ast.OrderingTerm> orderBy, Expr limit,
                                        Expr offset) {
        return new SelectStmt(null, new SelectCore.Query(false, List.of(new ResultColumn.Star()), table(v), where,
                List.of(), null, List.of()), List.of(), orderBy, limit, offset);
    }

    private static FromItem table(View v) {
        return new FromItem.Table(new QualifiedName(null, v.name()), null, null, false);
    }

    private static OneLiteException cannotModify(View v) {
        return new OneLiteException(ResultCode.ERROR, "cannot modify " + v.name() + " because it is a view");
    }
}
