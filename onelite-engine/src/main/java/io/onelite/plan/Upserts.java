package io.onelite.plan;

import io.onelite.catalog.Index;
import io.onelite.catalog.Table;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.exec.ArrayRow;
import io.onelite.exec.Eval;
import io.onelite.exec.ExecContext;
import io.onelite.exec.Frame;
import io.onelite.exec.TableWriter;
import io.onelite.exec.ValueOps;
import io.onelite.sql.ast.SetClause;
import io.onelite.sql.ast.Upsert;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The ON CONFLICT clauses of an INSERT (UPSERT): for a row that would violate the target's
 * uniqueness, DO NOTHING skips it and DO UPDATE updates the existing row, where
 * {@code excluded.x} names the value the insert proposed.
 */
final class Upserts {
    /** One compiled clause. */
    private record Clause(boolean anyTarget, boolean rowidTarget, Set<String> indexes, boolean doNothing,
                          int[] columns, Eval[] values, Eval where, TriggerRunner triggers) {
    }

    /** What {@link #handle} did with a row: {@code values} null when it was skipped, else the row DO UPDATE wrote. */
    record Outcome(Object[] values, long rowid) {
        static final Outcome SKIPPED = new Outcome(null, 0);
    }

    private final List<Clause> clauses = new ArrayList<>();
    private final Table table;
    private final ForeignKeys fks;

    Upserts(Planner planner, Table t, String alias, List<Upsert> upserts) {
        this.table = t;
        this.fks = new ForeignKeys(planner, t);
        // as SQLite, every target is resolved and matched to its constraint before any DO UPDATE compiles
        List<Set<String>> targets = new ArrayList<>();
        List<Boolean> rowidTargets = new ArrayList<>();
        for (int k = 0; k < upserts.size(); k++) {
            Upsert u = upserts.get(k);
            boolean rowid = false;
            Set<String> names = new HashSet<>();
            if (!u.target().isEmpty()) {
                List<Integer> cols = UpsertTargets.columns(planner, t, alias, u);
                int only = cols.size() == 1 ? cols.get(0) : UpsertTargets.EXPRESSION;
                if (only == UpsertTargets.ROWID || only >= 0 && only == t.rowidAlias()) {
                    rowid = true;
                }
                if (t.clustered() != null && new HashSet<>(cols).equals(primaryKeySet(t))) {
                    rowid = true; // the primary key of a WITHOUT ROWID table plays the rowid's part
                }
                for (Index ix : t.indexes()) {
                    if (!ix.unique() || ix.columns().length != cols.size()) {
                        continue;
                    }
                    Set<Integer> a = new HashSet<>();
                    for (int c : ix.columns()) {
                        a.add(c);
                    }
                    if (a.equals(new HashSet<>(cols))) {
                        names.add(ix.name());
                    }
                }
                if (!rowid && names.isEmpty()) {
                    // of several clauses, SQLite names the one ("2nd ON CONFLICT clause ...")
                    throw new OneLiteException(ResultCode.ERROR, (upserts.size() > 1 ? Planner.ordinal(k + 1) + " " : "")
                            + "ON CONFLICT clause does not match any PRIMARY KEY or UNIQUE constraint");
                }
            }
            targets.add(names);
            rowidTargets.add(rowid);
        }
        for (int k = 0; k < upserts.size(); k++) {
            Upsert u = upserts.get(k);
            boolean any = u.target().isEmpty();
            boolean rowid = rowidTargets.get(k);
            Set<String> names = targets.get(k);
            Scope scope = Writers.rowScope(t, alias);
            Source excluded = scope.sources.get(0);
            boolean[] hidden = new boolean[excluded.columnNames().size()];
            java.util.Arrays.fill(hidden, true); // only excluded.x names them
            scope.sources.add(new Source("excluded", null, excluded.columnNames(), excluded.affinities(),
                    excluded.collations(), false, hidden));
            List<Integer> setCols = new ArrayList<>();
            List<Eval> setVals = new ArrayList<>();
            for (SetClause sc : u.set()) {
                for (String c : sc.columns()) {
                    int ci = t.columnIndex(c);
                    if (ci < 0) {
                        throw new DmlPlanner.NoSuchAssignedColumn(c);
                    }
                    if (t.columns().get(ci).generated() != null) {
                        throw DmlPlanner.generatedSet(t, ci);
                    }
                    setCols.add(ci);
                }
                setVals.addAll(RowValues.assignments(new ExprCompiler(planner, scope), sc, true));
            }
            Eval where = u.where() == null ? null : new ExprCompiler(planner, scope).eval(u.where());
            // DO UPDATE is an UPDATE of the existing row: it fires UPDATE [OF its columns] triggers
            TriggerRunner triggers = u.doNothing() ? null : new TriggerRunner(planner, t,
                    io.onelite.sql.ast.CreateTriggerStmt.Event.UPDATE, new HashSet<>(setCols));
            clauses.add(new Clause(any, rowid, any ? null : names, u.doNothing(),
                    setCols.stream().mapToInt(Integer::intValue).toArray(), setVals.toArray(new Eval[0]), where,
                    triggers));
        }
    }

    /** As in UPDATE, the columns SET leaves alone come from the row as a BEFORE trigger left it. */
    private void reloadUnset(Object[] nv, Object[] stored, int[] setColumns) {
        boolean[] set = new boolean[nv.length];
        for (int col : setColumns) {
            set[col] = true;
        }
        for (int i = 0; i < nv.length; i++) {
            if (!set[i] && i != table.rowidAlias()) {
                nv[i] = stored[i];
            }
        }
    }

    private static Set<Integer> primaryKeySet(Table t) {
        Set<Integer> out = new HashSet<>();
        for (int c : t.clustered().primaryKeyColumns()) {
            out.add(c);
        }
        return out;
    }

    /**
     * Handles a row before its insert: returns null when the insert should go ahead, else what an
     * ON CONFLICT clause did (skipped it, or updated the existing row: BEFORE UPDATE triggers,
     * foreign keys, the write, AFTER UPDATE triggers, as SQLite's UPDATE of that row).
     */
    Outcome handle(ExecContext ctx, TableWriter writer, Object[] values, Long rowid) {
        for (Clause c : clauses) {
            Object existing = writer.conflictingRow(ctx, values, rowid, c.anyTarget || c.rowidTarget,
                    c.anyTarget ? null : c.indexes);
            if (existing == null) {
                continue;
            }
            if (c.doNothing) {
                return Outcome.SKIPPED;
            }
            Object[] old = writer.read(ctx, existing);
            if (table.rowidAlias() >= 0) {
                old[table.rowidAlias()] = existing;
            }
            Frame f = new Frame(ctx, null, 2);
            ArrayRow cur = new ArrayRow(old);
            Long existingRowid = existing instanceof Long l ? l : null;
            if (existingRowid != null) {
                cur.rowid = existingRowid;
            }
            ArrayRow ex = new ArrayRow(values.clone());
            if (table.rowidAlias() >= 0 && rowid != null) {
                ex.values[table.rowidAlias()] = rowid;
            }
            f.src[0] = cur;
            f.src[1] = ex;
            if (c.where != null && !ValueOps.isTrue(c.where.eval(f))) {
                return Outcome.SKIPPED;
            }
            Object[] nv = old.clone();
            Long newRowid = existingRowid;
            for (int i = 0; i < c.columns.length; i++) {
                int col = c.columns[i];
                Object v = c.values[i].eval(f);
                if (col == table.rowidAlias()) {
                    newRowid = DmlPlanner.rowidOf(v);
                    nv[col] = newRowid;
                } else {
                    nv[col] = ValueOps.applyAffinity(v, table.columns().get(col).affinity());
                }
            }
            long oldRowid = existingRowid == null ? 0 : existingRowid;
            long nextRowid = newRowid == null ? oldRowid : newRowid;
            Object[] stored = writer.read(ctx, existing); // as stored: the rowid alias NULL
            writer.computeGenerated(ctx, nv, nextRowid); // NEW in BEFORE triggers holds them
            if (!c.triggers.isEmpty()) {
                try {
                    c.triggers.fire(ctx, io.onelite.sql.ast.CreateTriggerStmt.Time.BEFORE, stored, oldRowid, nv, nextRowid);
                } catch (io.onelite.exec.TriggerIgnore ignore) {
                    return Outcome.SKIPPED;
                }
                stored = writer.read(ctx, existing);
                if (stored == null) {
                    return Outcome.SKIPPED; // the trigger deleted it
                }
                reloadUnset(nv, stored, c.columns);
            }
            if (!fks.isEmpty()) {
                fks.childChange(ctx, stored, oldRowid, nv, nextRowid);
                fks.beforeParentChange(ctx, stored, oldRowid, nv, nextRowid);
            }
            if (existingRowid != null && newRowid != null && newRowid.longValue() == existingRowid) {
                // a rowid table keeping its rowid: in place (a WITHOUT ROWID row goes by delete and insert)
                writer.update(ctx, existingRowid, stored, nv, TableWriter.OnConflict.ABORT,
                        Writers.changedBy(table, java.util.Arrays.stream(c.columns).boxed().toList()));
            } else {
                writer.delete(ctx, existing);
                writer.insert(ctx, nv, newRowid, TableWriter.OnConflict.ABORT);
            }
            if (!fks.isEmpty()) {
                fks.afterParentChange(ctx, stored, oldRowid, nv, nextRowid);
            }
            if (!c.triggers.isEmpty()) {
                try {
                    c.triggers.fire(ctx, io.onelite.sql.ast.CreateTriggerStmt.Time.AFTER, stored, oldRowid, nv, nextRowid);
                } catch (io.onelite.exec.TriggerIgnore ignore) {
                    // nothing left to skip
                }
            }
            return new Outcome(nv, nextRowid);
        }
        return null;
    }
}
