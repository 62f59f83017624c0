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

    boolean isEmpty() {
        return triggers.isEmpty();
    }

    private List<Compiled> compiled() {
        if (compiled == null) {
            compiled = new ArrayList<>();
            Scope scope = rowScope(table, row);
            for (Trigger tr : triggers) {
                CreateTriggerStmt s = tr.stmt();
                Planner planner = bodyPlanner(this.planner, tr);
                Eval when = s.when() == null ? null : new ExprCompiler(planner, scope).eval(s.when());
                List<Object> body = new ArrayList<>();
                try {
                    for (Stmt st : s.body()) {
                        body.add(compileStep(planner, scope, st));
                    }
                } catch (OneLiteException e) {
                    throw qualified(e, tr);
                }
                compiled.add(new Compiled(tr.name(), s.time(), when, body));
            }
        }
        return compiled;
    }

    /** The scope a trigger's WHEN and body see: OLD in slot 0 and NEW in slot 1, rows of {@code row}'s columns. */
    static Scope rowScope(Table table, Source row) {
        Scope scope = new Scope(null);
        scope.trigger = true;
        int n = row.columnNames().size();
        scope.sources.add(new Source("old", table, row.columnNames(), row.affinities(), row.collations(),
                row.hasRowid(), new boolean[n]));
        scope.sources.add(new Source("new", table, row.columnNames(), row.affinities(), row.collations(),
                row.hasRowid(), new boolean[n]));
        return scope;
    }

    /** One statement of a trigger body, compiled in the trigger's {@code scope}: an Executable, or a Query for a SELECT. */
    private static Object compileStep(Planner planner, Scope scope, Stmt st) {
        Scope saved = planner.outerScope;
        planner.outerScope = scope;
        try {
            if (st instanceof InsertStmt i) {
                return DmlPlanner.insert(planner, i);
            } else if (st instanceof UpdateStmt u) {
                return DmlPlanner.update(planner, u);
            } else if (st instanceof DeleteStmt d) {
                return DmlPlanner.delete(planner, d);
            }
            return planner.plan((SelectStmt) st, new Scope(scope, true)).query();
        } finally {
            planner.outerScope = saved;
        }
    }

    /**
     * Compiles the WHEN clause and each statement of {@code tr} (on table {@code t}, or on a view
     * whose rows are {@code row}) one by one, telling {@code failed} of each part that does not
     * compile and going on with the next, as ALTER TABLE's rename looks at every part of a trigger.
     */
    static void compileParts(Planner planner, Table t, Source row, Trigger tr,
                             java.util.function.Consumer<OneLiteException> failed) {
        Scope scope = rowScope(t, row);
        Planner body = bodyPlanner(planner, tr);
        CreateTriggerStmt s = tr.stmt();
        if (s.when() != null) {
            try {
                new ExprCompiler(body, scope).eval(s.when());
            } catch (OneLiteException e) {
                failed.accept(qualified(e, tr));
            }
        }
        for (Stmt st : s.body()) {
            if (st instanceof InsertStmt i && i.select() != null) {
                // first alone, as SQLite resolves it: an INSERT's column list is checked later, when it runs
                try {
                    compileStep(body, scope, i.select());
                } catch (OneLiteException e) {
                    failed.accept(qualified(e, tr));
                }
            }
            try {
                compileStep(body, scope, st);
            } catch (OneLiteException e) {
                failed.accept(qualified(e, tr));
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
    static Planner bodyPlanner(Planner planner, Trigger tr) {
        if (io.onelite.catalog.Schema.TEMP.equals(tr.db()) || planner.schema.databases().size() == 1) {
            return planner;
        }
        io.onelite.catalog.Schema own = planner.schema.database(tr.db());
        if (own == null) {
            return planner;
        }
        Planner bound = new Planner(own, planner.functions).boundTo("trigger " + tr.name(), tr.db());
        bound.columnRefListener = planner.columnRefListener;
        return bound;
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
