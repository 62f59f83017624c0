package io.onelite.plan;

import io.onelite.catalog.Table;
import io.onelite.catalog.Trigger;
import io.onelite.exec.ArrayRow;
import io.onelite.exec.Eval;
import io.onelite.exec.ExecContext;
import io.onelite.exec.Frame;
import io.onelite.exec.Query;
import io.onelite.exec.RowIterator;
import io.onelite.exec.RowSource;
import io.onelite.exec.ValueOps;
import io.onelite.sql.ast.CreateTriggerStmt;
import io.onelite.sql.ast.DeleteStmt;
import io.onelite.sql.ast.InsertStmt;
import io.onelite.sql.ast.SelectStmt;
import io.onelite.sql.ast.Stmt;
import io.onelite.sql.ast.UpdateStmt;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The row triggers of one table for one statement kind: compiled on first use (a trigger body
 * may write the same table), run with {@code OLD} in slot 0 and {@code NEW} in slot 1 of the
 * frame its statements see as their enclosing query. A trigger does not fire itself
 * recursively (SQLite's default, recursive_triggers off).
 */
final class TriggerRunner {
    private record Compiled(String name, CreateTriggerStmt.Time time, Eval when, List<Object> body) {
    }

    private final Planner planner;
    private final Table table;
    private final List<Trigger> triggers = new ArrayList<>();
    private List<Compiled> compiled;

    TriggerRunner(Planner planner, Table t, CreateTriggerStmt.Event event, Set<Integer> updatedColumns) {
        this.planner = planner;
        this.table = t;
        for (Trigger tr : planner.schema.triggersOn(t.name())) {
            CreateTriggerStmt s = tr.stmt();
            if (s.event() != event) {
                continue;
            }
            if (event == CreateTriggerStmt.Event.UPDATE && !s.updateColumns().isEmpty() && updatedColumns != null) {
                boolean hit = false;
                for (String c : s.updateColumns()) {
                    hit |= updatedColumns.contains(t.columnIndex(c));
                }
                if (!hit) {
                    continue;
                }
            }
            triggers.add(tr);
        }
    }

    private TriggerRunner(Planner planner, Table t, Trigger only) {
        this.planner = planner;
        this.table = t;
        triggers.add(only);
    }

    /** Compiles one trigger's WHEN clause and body (ALTER TABLE's schema checks); throws what compiling throws. */
    static void compileOne(Planner planner, Table t, Trigger tr) {
        new TriggerRunner(planner, t, tr).compiled();
    }

    boolean isEmpty() {
        return triggers.isEmpty();
    }

    private List<Compiled> compiled() {
        if (compiled == null) {
            compiled = new ArrayList<>();
            Scope scope = new Scope(null);
            scope.trigger = true;
            Scope rowScope = Writers.rowScope(table, "old");
            Source old = rowScope.sources.get(0);
            scope.sources.add(old);
            scope.sources.add(new Source("new", table, old.columnNames(), old.affinities(), old.collations(),
                    !table.withoutRowid(),
                    new boolean[old.columnNames().size()]));
            for (Trigger tr : triggers) {
                CreateTriggerStmt s = tr.stmt();
                Eval when = s.when() == null ? null : new ExprCompiler(planner, scope).eval(s.when());
                List<Object> body = new ArrayList<>();
                Scope saved = planner.outerScope;
                planner.outerScope = scope;
                try {
                    for (Stmt st : s.body()) {
                        if (st instanceof InsertStmt i) {
                            body.add(DmlPlanner.insert(planner, i));
                        } else if (st instanceof UpdateStmt u) {
                            body.add(DmlPlanner.update(planner, u));
                        } else if (st instanceof DeleteStmt d) {
                            body.add(DmlPlanner.delete(planner, d));
                        } else if (st instanceof SelectStmt sel) {
                            body.add(planner.plan(sel, new Scope(scope, true)).query());
                        }
                    }
                } finally {
                    planner.outerScope = saved;
                }
                compiled.add(new Compiled(tr.name(), s.time(), when, body));
            }
        }
        return compiled;
    }

    /**
     * Fires the triggers of one timing for one row. {@code oldValues}/{@code newValues} are
     * null when the event has no such row. RAISE(IGNORE) propagates as TriggerIgnore.
     */
    void fire(ExecContext ctx, CreateTriggerStmt.Time time, Object[] oldValues, long oldRowid, Object[] newValues,
              long newRowid) {
        if (triggers.isEmpty()) {
            return;
        }
        @SuppressWarnings("unchecked")
        Set<String> active = (Set<String>) ctx.cached(TriggerRunner.class);
        if (active == null) {
            active = new HashSet<>();
            ctx.cache(TriggerRunner.class, active);
        }
        Frame tf = new Frame(ctx, null, 2);
        tf.src[0] = row(oldValues, oldRowid);
        tf.src[1] = row(newValues, newRowid);
        for (Compiled c : compiled()) {
            if (c.time() != time || active.contains(c.name())) {
                continue;
            }
            if (c.when() != null && !ValueOps.isTrue(c.when().eval(tf))) {
                continue;
            }
            active.add(c.name());
            var outerCaches = ctx.beginCacheScope(); // #10: no result of an earlier firing is reused
            ctx.cache(TriggerRunner.class, active);
            try {
                for (Object b : c.body()) {
                    if (b instanceof Executable e) {
                        RowIterator it = e.execute(ctx, tf);
                        while (it.next()) {
                            // RETURNING rows of a trigger statement are discarded
                        }
                    } else {
                        RowIterator it = ((Query) b).open(ctx, tf);
                        while (it.next()) {
                            // a SELECT runs for its side effects (RAISE)
                        }
                    }
                }
            } finally {
                ctx.endCacheScope(outerCaches);
                active.remove(c.name());
            }
        }
    }

    private RowSource row(Object[] values, long rowid) {
        if (values == null) {
            return RowSource.NULL_ROW;
        }
        ArrayRow r = new ArrayRow(values.clone());
        r.rowid = rowid;
        if (table.rowidAlias() >= 0) {
            r.values[table.rowidAlias()] = rowid;
        }
        return r;
    }
}
