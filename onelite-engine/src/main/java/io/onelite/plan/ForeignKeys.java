package io.onelite.plan;

import io.onelite.catalog.RowCursor;
import io.onelite.catalog.Schema;
import io.onelite.catalog.Table;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.exec.ExecContext;
import io.onelite.exec.TableWriter;
import io.onelite.exec.ValueOps;
import io.onelite.sql.ast.ForeignKeyClause;

import java.util.ArrayList;
import java.util.List;

/**
 * Immediate foreign key enforcement when {@code PRAGMA foreign_keys} is on: a child row must
 * reference an existing parent row (or hold a NULL in the key), and deleting or re-keying a
 * parent row applies the child's ON DELETE / ON UPDATE action (NO ACTION and RESTRICT fail,
 * CASCADE, SET NULL, SET DEFAULT). Lookups scan the tables (correct, not fast). Deferred
 * constraints are checked immediately too.
 */
final class ForeignKeys {
    /** One foreign key: child columns referencing parent columns (-1 = rowid). */
    private record Fk(Table child, int[] childCols, Table parent, int[] parentCols, ForeignKeyClause clause) {
    }

    private final List<Fk> asChild = new ArrayList<>();
    private final List<Fk> asParent = new ArrayList<>();
    private final Planner planner;

    ForeignKeys(Planner planner, Table t) {
        this.planner = planner;
        Schema schema = planner.schema;
        for (Table.ForeignKey fk : t.foreignKeys()) {
            Fk f = resolve(schema, t, fk);
            if (f != null) {
                asChild.add(f);
            }
        }
        for (Table other : schema.tables()) {
            for (Table.ForeignKey fk : other.foreignKeys()) {
                if (fk.clause().table().equalsIgnoreCase(t.name())) {
                    Fk f = resolve(schema, other, fk);
                    if (f != null) {
                        asParent.add(f);
                    }
                }
            }
        }
    }

    private static Fk resolve(Schema schema, Table child, Table.ForeignKey fk) {
        Table parent = schema.table(fk.clause().table());
        if (parent == null) {
            return null; // SQLite reports it at write time; we skip unknown parents
        }
        int n = fk.columns().size();
        int[] cc = new int[n];
        int[] pc = new int[n];
        for (int i = 0; i < n; i++) {
            cc[i] = child.columnIndex(fk.columns().get(i));
            if (fk.clause().columns().isEmpty()) {
                pc[i] = parent.primaryKey().length > i ? parent.primaryKey()[i] : -1;
            } else {
                pc[i] = parent.columnIndex(fk.clause().columns().get(i));
            }
            if (pc[i] >= 0 && pc[i] == parent.rowidAlias()) {
                pc[i] = -1;
            }
        }
        return new Fk(child, cc, parent, pc, fk.clause());
    }

    boolean isEmpty() {
        return asChild.isEmpty() && asParent.isEmpty();
    }

    private static Object value(Object[] row, long rowid, int col, Table t) {
        return col < 0 || col == t.rowidAlias() ? (Object) rowid : col < row.length ? row[col] : null;
    }

    /** Checks a row about to be written into the child table. */
    void checkChild(ExecContext ctx, Object[] values, long rowid) {
        if (!ctx.session.foreignKeys()) {
            return;
        }
        for (Fk f : asChild) {
            Object[] key = new Object[f.childCols.length];
            boolean hasNull = false;
            for (int i = 0; i < key.length; i++) {
                key[i] = value(values, rowid, f.childCols[i], f.child);
                hasNull |= key[i] == null;
            }
            if (!hasNull && !exists(ctx, f.parent, f.parentCols, key, Long.MIN_VALUE)) {
                throw new OneLiteException(ResultCode.CONSTRAINT_FOREIGNKEY, "FOREIGN KEY constraint failed");
            }
        }
    }

    /** Applies the children's actions before a parent row is deleted ({@code newValues} null) or re-keyed. */
    void beforeParentChange(ExecContext ctx, Object[] oldValues, long rowid, Object[] newValues, long newRowid) {
        if (!ctx.session.foreignKeys()) {
            return;
        }
        for (Fk f : asParent) {
            Object[] key = new Object[f.parentCols.length];
            boolean changed = newValues == null;
            for (int i = 0; i < key.length; i++) {
                key[i] = value(oldValues, rowid, f.parentCols[i], f.parent);
                if (newValues != null && !ValueOps.sameValue(key[i], value(newValues, newRowid, f.parentCols[i],
                        f.parent), null)) {
                    changed = true;
                }
            }
            if (!changed) {
                continue;
            }
            List<Object> children = matching(ctx, f.child, f.childCols, key);
            if (children.isEmpty()) {
                continue;
            }
            ForeignKeyClause.Action action = newValues == null ? f.clause.onDelete() : f.clause.onUpdate();
            TableWriter w = Writers.writer(planner, f.child);
            switch (action) {
                case CASCADE -> {
                    for (Object id : children) {
                        if (newValues == null) {
                            w.delete(ctx, id);
                        } else {
                            Object[] v = w.read(ctx, id);
                            for (int i = 0; i < f.childCols.length; i++) {
                                v[f.childCols[i]] = value(newValues, newRowid, f.parentCols[i], f.parent);
                            }
                            w.delete(ctx, id);
                            w.insert(ctx, v, id instanceof Long l ? l : null, TableWriter.OnConflict.ABORT, true);
                        }
                    }
                }
                case SET_NULL, SET_DEFAULT -> {
                    for (Object id : children) {
                        Object[] v = w.read(ctx, id);
                        for (int c : f.childCols) {
                            v[c] = action == ForeignKeyClause.Action.SET_NULL ? null
                                    : AccessPlanner.access(f.child).defaults()[c];
                        }
                        w.delete(ctx, id);
                        w.insert(ctx, v, id instanceof Long l ? l : null, TableWriter.OnConflict.ABORT, true);
                    }
                }
                default -> throw new OneLiteException(ResultCode.CONSTRAINT_FOREIGNKEY, "FOREIGN KEY constraint failed");
            }
        }
    }

    private static boolean exists(ExecContext ctx, Table t, int[] cols, Object[] key, long exceptRowid) {
        if (cols.length == 1 && cols[0] == -1) {
            Object k = ValueOps.applyAffinity(key[0], 'D');
            return k instanceof Long l && ctx.storage.openTable(t.root()).seek(l);
        }
        return !matching(ctx, t, cols, key).isEmpty();
    }

    /** The references (rowids, or primary keys of a WITHOUT ROWID table) of the rows of {@code t} whose {@code cols} equal {@code key}. */
    private static List<Object> matching(ExecContext ctx, Table t, int[] cols, Object[] key) {
        List<Object> out = new ArrayList<>();
        RowCursor c = AccessPlanner.access(t).open(ctx.storage);
        Object[] defaults = AccessPlanner.access(t).defaults();
        for (boolean ok = c.first(); ok; ok = c.next()) {
            boolean match = true;
            for (int i = 0; i < cols.length && match; i++) {
                int col = cols[i];
                Object v = col < 0 || col == t.rowidAlias() ? (Object) c.rowid()
                        : col < c.columnCount() ? c.column(col) : defaults[col];
                char aff = col < 0 ? 'D' : t.columns().get(col).affinity();
                Object k = ValueOps.applyAffinity(key[i], aff);
                match = v != null && k != null && ValueOps.compare(v, k, null) == 0;
            }
            if (match) {
                out.add(c instanceof io.onelite.catalog.ClusteredCursor cc ? cc.primaryKey() : (Object) c.rowid());
            }
        }
        return out;
    }

}
