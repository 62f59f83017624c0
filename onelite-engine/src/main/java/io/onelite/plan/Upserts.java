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
import io.onelite.sql.ast.IndexedColumn;
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
                          int[] columns, Eval[] values, Eval where) {
    }

    private final List<Clause> clauses = new ArrayList<>();
    private final Table table;

    Upserts(Planner planner, Table t, String alias, List<Upsert> upserts) {
        this.table = t;
        for (Upsert u : upserts) {
            boolean any = u.target().isEmpty();
            boolean rowid = false;
            Set<String> names = new HashSet<>();
            if (!any) {
                List<Integer> cols = new ArrayList<>();
                for (IndexedColumn ic : u.target()) {
                    String n = ic.columnName();
                    int c = n == null ? -3 : t.columnIndex(n);
                    cols.add(c);
                }
                if (cols.size() == 1 && cols.get(0) >= 0 && cols.get(0) == t.rowidAlias()) {
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
                    throw new OneLiteException(ResultCode.ERROR,
                            "ON CONFLICT clause does not match any PRIMARY KEY or UNIQUE constraint");
                }
            }
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
                        throw new OneLiteException(ResultCode.ERROR, "no such column: " + c);
                    }
                    setCols.add(ci);
                }
                setVals.addAll(RowValues.assignments(new ExprCompiler(planner, scope), sc, true));
            }
            Eval where = u.where() == null ? null : new ExprCompiler(planner, scope).eval(u.where());
            clauses.add(new Clause(any, rowid, any ? null : names, u.doNothing(),
                    setCols.stream().mapToInt(Integer::intValue).toArray(), setVals.toArray(new Eval[0]), where));
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
     * Handles a row before its insert: returns true when an ON CONFLICT clause took care of it
     * (skipped it or updated the existing row), false when the insert should go ahead.
     */
    boolean handle(ExecContext ctx, TableWriter writer, Object[] values, Long rowid, long[] changed) {
        for (Clause c : clauses) {
            Object existing = writer.conflictingRow(ctx, values, rowid, c.anyTarget || c.rowidTarget,
                    c.anyTarget ? null : c.indexes);
            if (existing == null) {
                continue;
            }
            if (c.doNothing) {
                return true;
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
                return true;
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
            if (existingRowid != null && newRowid != null && newRowid.longValue() == existingRowid) {
                // a rowid table keeping its rowid: in place (a WITHOUT ROWID row goes by delete and insert)
                writer.update(ctx, existingRowid, old, nv, TableWriter.OnConflict.ABORT);
            } else {
                writer.delete(ctx, existing);
                writer.insert(ctx, nv, newRowid, TableWriter.OnConflict.ABORT);
            }
            changed[0]++;
            return true;
        }
        return false;
    }
}
