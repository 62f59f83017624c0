package io.onelite.plan;

import io.onelite.catalog.Column;
import io.onelite.catalog.Table;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.exec.Eval;
import io.onelite.exec.ExecContext;
import io.onelite.exec.Frame;
import io.onelite.exec.Query;
import io.onelite.exec.TableWriter;
import io.onelite.exec.ValueOps;
import io.onelite.sql.ast.InsertStmt;
import io.onelite.sql.ast.SelectCore;

import java.util.List;

/**
 * Plans an INSERT (VALUES, SELECT or DEFAULT VALUES; OR-conflict clauses, upsert, RETURNING) into
 * a {@link DmlStatement}; an INSERT into a view goes to its INSTEAD OF triggers.
 */
final class InsertPlanner {
    private InsertPlanner() {
    }

    static Executable plan(Planner planner, InsertStmt s) {
        if (planner.schema.view(s.table()) != null) {
            return ViewDml.insert(planner, s);
        }
        Table t = DmlPlanner.target(planner, s.table());
        int n = t.columns().size();
        int[] targets;
        int rowidTarget = -1;
        if (s.columns().isEmpty()) {
            // every column but the generated ones, as SQLite's INSERT without a column list
            targets = java.util.stream.IntStream.range(0, n).filter(i -> t.columns().get(i).generated() == null).toArray();
        } else {
            targets = new int[s.columns().size()];
            for (int i = 0; i < targets.length; i++) {
                String c = s.columns().get(i);
                int ci = t.columnIndex(c);
                if (ci < 0 && Scope.isRowidName(c) && !t.withoutRowid()) {
                    ci = t.rowidAlias() >= 0 ? t.rowidAlias() : -1;
                    if (ci == -1) {
                        rowidTarget = i;
                    }
                } else if (ci < 0) {
                    throw new OneLiteException(ResultCode.ERROR, "table " + t.name() + " has no column named " + c);
                } else if (t.columns().get(ci).generated() != null) {
                    throw new OneLiteException(ResultCode.ERROR, "cannot INSERT into generated column \"" + t.columns().get(ci).name() + "\"");
                }
                targets[i] = ci;
            }
        }
        Query source = null;
        if (s.select() != null) {
            planner.allowCommitSeq(s.select());
            // SQLite counts a single VALUES row before planning it (so before the result-set limit)
            if (s.select().compounds().isEmpty() && s.select().first() instanceof SelectCore.Values v
                    && v.rows().size() == 1) {
                checkValueCount(t, s, targets.length, v.rows().get(0).size());
            }
            // every row of the SELECT is made before the first insert (run below: src.all)
            Planner.Planned p = planner.beforeWrites(() -> planner.insertSource(s.select(),
                    planner.outerScope == null ? null : new Scope(planner.outerScope, true)));
            checkValueCount(t, s, targets.length, p.names().size());
            source = p.query();
        }
        // SQLite analyses the ON CONFLICT clauses once the rows' SELECT is prepared
        Upserts upserts = s.upserts().isEmpty() ? null : new Upserts(planner, t, s.alias(), s.upserts());
        ExprCompiler dc = new ExprCompiler(planner, new Scope(planner.outerScope, true));
        boolean[] alwaysGiven = new boolean[n];
        for (int i = 0; source != null && i < targets.length; i++) {
            if (i != rowidTarget) {
                alwaysGiven[targets[i]] = true;
            }
        }
        Eval[] defaults = new Eval[n];
        for (int i = 0; i < n; i++) {
            Column c = t.columns().get(i);
            // as SQLite, a DEFAULT is coded only for a column the statement leaves out
            defaults[i] = c.defaultValue() == null || alwaysGiven[i] ? null : dc.eval(c.defaultValue());
            io.onelite.sql.ast.ConflictAction notNull = s.orConflict() != null ? s.orConflict() : c.notNullConflict();
            if (defaults[i] == null && c.defaultValue() != null && c.notNull()
                    && notNull == io.onelite.sql.ast.ConflictAction.REPLACE) {
                dc.eval(c.defaultValue()); // coded too where a NULL may be REPLACEd by it
            }
        }
        char[] aff = Writers.affinities(t);
        TableWriter writer = Writers.writer(planner, t);
        int alias = t.rowidAlias();
        Query src = source;
        int rowidPos = rowidTarget;
        Table seqTable = t.autoincrement() ? ParentKey.own(planner.schema, t).table("sqlite_sequence") : null;
        TriggerRunner triggers = new TriggerRunner(planner, t, io.onelite.sql.ast.CreateTriggerStmt.Event.INSERT, null);
        ForeignKeys fks = new ForeignKeys(planner, t);
        ReplaceDeletes.attach(planner, t, writer, fks);
        String tableName = t.name();
        // what sees the row's generated columns before the writer computes them: BEFORE triggers,
        // the upsert's conflict search and excluded, the child-key check
        boolean readsBeforeWrite = !triggers.isEmpty() || upserts != null || !fks.isEmpty();
        boolean hasRowid = !t.withoutRowid();
        TransferInsert transfer = TransferInsert.of(planner, s, t, !triggers.isEmpty(), !fks.isEmpty());
        DmlStatement d = new DmlStatement() {
            @Override
            void run(ExecContext ctx, List<Object[]> returned, DmlStatement.RowCount count) {
                if (transfer != null && transfer.run(ctx, action(ctx), count)) {
                    return; // the records copied as they are stored
                }
                List<Object[]> rows = src == null ? List.<Object[]>of(new Object[0]) : src.all(ctx, outer);
                Frame df = new Frame(ctx, outer, 0);
                long seq = seqTable == null ? 0 : Sequences.get(ctx.storage(seqTable.db()), seqTable.root(), tableName);
                long seqStart = seq;
                for (Object[] in : rows) {
                    Object[] values = new Object[n];
                    boolean[] given = new boolean[n];
                    Long rowid = null;
                    for (int i = 0; i < in.length; i++) {
                        if (i == rowidPos) {
                            rowid = DmlPlanner.rowidOf(in[i]);
                            continue;
                        }
                        values[targets[i]] = in[i];
                        given[targets[i]] = true;
                    }
                    for (int i = 0; i < n; i++) {
                        if (!given[i] && defaults[i] != null) {
                            values[i] = defaults[i].eval(df);
                        }
                        values[i] = ValueOps.applyAffinity(values[i], aff[i]);
                    }
                    if (alias >= 0 && values[alias] != null) {
                        rowid = DmlPlanner.rowidOf(values[alias]);
                    }
                    if (readsBeforeWrite) { // else the write computes them, once
                        writer.computeGenerated(ctx, values, rowid);
                    }
                    if (seqTable != null && rowid == null) {
                        // The shared allocator, so concurrent inserts do not both take seq + 1.
                        if (seq == Long.MAX_VALUE) {
                            throw new io.onelite.common.OneLiteException(io.onelite.common.ResultCode.FULL,
                                    "database or disk is full");
                        }
                        rowid = ctx.storage(t.db()).newRowid(ctx.storage(t.db()).openTable(writer.root()), writer.root(), seq + 1);
                    }
                    if (!triggers.isEmpty()) {
                        try {
                            triggers.fire(ctx, io.onelite.sql.ast.CreateTriggerStmt.Time.BEFORE, null, 0, values, rowid == null ? -1 : rowid);
                        } catch (io.onelite.exec.TriggerIgnore ignore) {
                            continue;
                        }
                    }
                    if (upserts != null) {
                        if (!writer.checkProposedRow(ctx, values, rowid, action(ctx))) {
                            continue; // OR IGNORE
                        }
                        Upserts.Outcome done = upserts.handle(ctx, writer, values, rowid);
                        if (done != null) {
                            if (done.values() != null) {
                                count.n++;
                                addReturning(ctx, done.values(), done.rowid(), alias, returned);
                            }
                            continue;
                        }
                    }
                    long[] counted = fks.isEmpty() ? null : ForeignKeys.counters(ctx);
                    if (!fks.isEmpty()) {
                        fks.checkChild(ctx, values, rowid == null ? -1 : rowid);
                    }
                    Long id = writer.insert(ctx, values, rowid, action(ctx));
                    if (id == null) {
                        ignored(ctx, counted);
                    }
                    if (id != null && !fks.isEmpty()) {
                        fks.afterParentInsert(ctx, values, id);
                    }
                    if (id != null) {
                        seq = Math.max(seq, id);
                        count.n++;
                        if (hasRowid) {
                            ctx.session.setLastInsertRowid(id);
                        }
                        if (!triggers.isEmpty()) {
                            try {
                                triggers.fire(ctx, io.onelite.sql.ast.CreateTriggerStmt.Time.AFTER, null, 0, values, id);
                            } catch (io.onelite.exec.TriggerIgnore ignore) {
                                // nothing left to skip
                            }
                            if (hasRowid) {
                                ctx.session.setLastInsertRowid(id);
                            }
                        }
                        addReturning(ctx, values, id, alias, returned);
                    }
                }
                if (seqTable != null && seq != seqStart) {
                    Sequences.set(ctx.storage(seqTable.db()), seqTable.root(), tableName, seq);
                }
            }
        };
        d.compileReturning(planner, t, s.returning());
        d.orConflict = Writers.explicitAction(s.orConflict());
        d.writer = writer;
        return d;
    }

    private static void checkValueCount(Table t, InsertStmt s, int targets, int got) {
        if (got != targets) {
            if (s.columns().isEmpty()) {
                throw new OneLiteException(ResultCode.ERROR, "table " + t.name() + " has " + targets
                        + " columns but " + got + " values were supplied");
            }
            throw new OneLiteException(ResultCode.ERROR, got + " values for " + targets + " columns");
        }
    }
}
