package io.onelite.plan;

import io.onelite.catalog.Table;
import io.onelite.catalog.Trigger;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.exec.ArrayRow;
import io.onelite.exec.DatatypeCheck;
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
 * The row triggers of one table or view for one statement kind: compiled on first use (a
 * trigger body may write the same table), run with {@code OLD} in slot 0 and {@code NEW} in slot
 * 1 of the frame its statements see as their enclosing query. A view has only INSTEAD OF
 * triggers, and its OLD/NEW rows have no rowid. A trigger fires itself recursively only with
 * {@code PRAGMA recursive_triggers} on; programs nest at most 1000 deep, as in SQLite.
 */
final class TriggerRunner {
    /** SQLite's SQLITE_MAX_TRIGGER_DEPTH. */
    private static final int MAX_TRIGGER_DEPTH = 1000;

    /** The trigger programs running in one statement execution: their names and how deep they nest. */
    private static final class Nesting {
        final Set<String> active = new HashSet<>();
        int depth;
    }

    private record Compiled(String name, CreateTriggerStmt.Time time, Eval when, List<Object> body) {
    }

    private final Planner planner;
    /** The table, or null for a view. */
    private final Table table;
    /** The columns of OLD and NEW (the table's, or the view's result columns). */
    private final Source row;
    private final List<Trigger> triggers = new ArrayList<>();
    private List<Compiled> compiled;
    /** A STRICT table's datatype check of NEW before BEFORE triggers fire, or null (none of either). */
    private final DatatypeCheck beforeTypes;

    TriggerRunner(Planner planner, Table t, CreateTriggerStmt.Event event, Set<Integer> updatedColumns) {
        this(planner, null, t, Writers.rowScope(t, "old").sources.get(0), event, updatedColumns);
    }

    /**
     * The triggers on table {@code t}, else on view {@code target}, for {@code event}; UPDATE OF triggers only when one of
     * {@code updatedColumns} (indexes into {@code row}'s columns; null = any) is among theirs.
     */
    TriggerRunner(Planner planner, io.onelite.catalog.View target, Table t, Source row, CreateTriggerStmt.Event event,
                  Set<Integer> updatedColumns) {
        this.planner = planner;
        this.table = t;
        this.row = row;
        for (Trigger tr : t != null ? planner.schema.triggersOn(t) : planner.schema.triggersOn(target)) {
            CreateTriggerStmt s = tr.stmt();
            if (s.event() != event) {
                continue;
            }
            if (event == CreateTriggerStmt.Event.UPDATE && !s.updateColumns().isEmpty() && updatedColumns != null) {
                boolean hit = false;
                for (String c : s.updateColumns()) {
                    hit |= updatedColumns.contains(row.columnIndex(c));
                }
                if (!hit) {
                    continue;
                }
            }
            triggers.add(tr);
        }
        // SQLite links each new trigger at the head of its table's list: the newest fires first
        java.util.Collections.reverse(triggers);
        boolean before = triggers.stream().anyMatch(tr -> tr.stmt().time() == CreateTriggerStmt.Time.BEFORE);
        this.beforeTypes = t != null && before ? DatatypeCheck.of(t) : null;
    }

    private TriggerRunner(Planner planner, Table t, Trigger only) {
        this.planner = planner;
        this.table = t;
        this.row = Writers.rowScope(t, "old").sources.get(0);
        triggers.add(only);
        this.beforeTypes = null;
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
            int n = row.columnNames().size();
            scope.sources.add(new Source("old", table, row.columnNames(), row.affinities(), row.collations(),
                    row.hasRowid(), new boolean[n]));
            scope.sources.add(new Source("new", table, row.columnNames(), row.affinities(), row.collations(),
                    row.hasRowid(), new boolean[n]));
            for (Trigger tr : triggers) {
                CreateTriggerStmt s = tr.stmt();
                Planner planner = bodyPlanner(tr);
                Eval when = s.when() == null ? null : new ExprCompiler(planner, scope).eval(s.when());
                List<Object> body = new ArrayList<>();
                Scope saved = planner.outerScope;
                planner.outerScope = scope;
                try {
                    compileBody(planner, scope, s, body);
                } catch (OneLiteException e) {
                    throw qualified(e, tr);
                } finally {
                    planner.outerScope = saved;
                }
                compiled.add(new Compiled(tr.name(), s.time(), when, body));
            }
        }
        return compiled;
    }

    private static void compileBody(Planner planner, Scope scope, CreateTriggerStmt s, List<Object> body) {
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
    }

    /**
     * SQLite binds the names in a trigger outside temp to the trigger's own database, so a missing
     * table is reported qualified ("no such table: main.t").
     */
    private static OneLiteException qualified(OneLiteException e, Trigger tr) {
        String prefix = "no such table: ";
        String m = e.getMessage();
        if (io.onelite.catalog.Schema.TEMP.equals(tr.db()) || m == null || !m.startsWith(prefix)
                || m.indexOf('.', prefix.length()) >= 0) {
            return e;
        }
        return new OneLiteException(e.resultCode(), prefix + tr.db() + "." + m.substring(prefix.length()));
    }

    /**
     * The planner a trigger's WHEN and body compile with: a trigger outside temp sees only its
     * own database's objects (SQLite's rule: "no such table: main.t" for a temp table it names),
     * a temp trigger the whole search path.
     */
    private Planner bodyPlanner(Trigger tr) {
        if (io.onelite.catalog.Schema.TEMP.equals(tr.db()) || planner.schema.databases().size() == 1) {
            return planner;
        }
        io.onelite.catalog.Schema own = planner.schema.database(tr.db());
        return own == null ? planner : new Planner(own, planner.functions).boundTo("trigger " + tr.name(), tr.db());
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
        if (time == CreateTriggerStmt.Time.BEFORE && newValues != null && beforeTypes != null) {
            beforeTypes.check(newValues); // DatatypeCheck's place 1: a wrongly typed NEW fails before the triggers
        }
        Nesting nesting = (Nesting) ctx.cached(Nesting.class);
        if (nesting == null) {
            nesting = new Nesting();
            ctx.cache(Nesting.class, nesting);
        }
        boolean recursive = ctx.session.recursiveTriggers();
        RowSource oldRow = row(oldValues, oldRowid);
        RowSource newRow = row(newValues, newRowid);
        for (Compiled c : compiled()) {
            if (c.time() != time || (!recursive && nesting.active.contains(c.name()))) {
                continue;
            }
            // as OP_Program: a trigger program entered below 1000 others fails, WHEN or not
            if (nesting.depth >= MAX_TRIGGER_DEPTH) {
                throw new OneLiteException(ResultCode.ERROR, "too many levels of trigger recursion");
            }
            nesting.depth++;
            boolean added = nesting.active.add(c.name());
            // rowids a trigger program inserts are last_insert_rowid() only while it runs
            long lastInsertRowid = ctx.session.lastInsertRowid();
            // #10: each firing gets empty caches (its uncorrelated subqueries see the rows as they
            // are now); the statement's foreign key counter stays shared, as in SQLite's frames
            var outerCaches = ctx.beginCacheScope();
            ctx.cache(Nesting.class, nesting);
            Frame tf = new Frame(ctx, null, 2);
            tf.src[0] = oldRow;
            tf.src[1] = newRow;
            try {
                if (c.when() != null && !ValueOps.isTrue(c.when().eval(tf))) {
                    continue;
                }
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
            } catch (StackOverflowError e) {
                // the thread's stack ran out before SQLite's 1000 levels: the same error, not a crash
                throw new OneLiteException(ResultCode.ERROR, "too many levels of trigger recursion");
            } finally {
                ctx.endCacheScope(outerCaches);
                nesting.depth--;
                if (added) {
                    nesting.active.remove(c.name());
                }
                ctx.session.setLastInsertRowid(lastInsertRowid);
            }
        }
    }

    private RowSource row(Object[] values, long rowid) {
        if (values == null) {
            return RowSource.NULL_ROW;
        }
        ArrayRow r = new ArrayRow(values.clone());
        r.rowid = rowid;
        if (table != null && table.rowidAlias() >= 0) {
            r.values[table.rowidAlias()] = rowid;
        }
        return r;
    }
}
