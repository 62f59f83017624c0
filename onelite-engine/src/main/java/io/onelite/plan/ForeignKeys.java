package io.onelite.plan;

import io.onelite.btree.Collation;
import io.onelite.catalog.Index;
import io.onelite.catalog.KeyCursor;
import io.onelite.catalog.RowCursor;
import io.onelite.catalog.Schema;
import io.onelite.catalog.Table;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.exec.ExecContext;
import io.onelite.exec.TableWriter;
import io.onelite.exec.ValueOps;
import io.onelite.exec.TriggerIgnore;
import io.onelite.sql.ast.CreateTriggerStmt;
import io.onelite.sql.ast.ForeignKeyClause;

import java.util.ArrayList;
import java.util.List;

/**
 * Foreign key enforcement when {@code PRAGMA foreign_keys} is on, as SQLite's {@code fkey.c}:
 * a child row must reference an existing parent row (or hold a NULL in the key), and deleting or
 * re-keying a parent row applies the child's ON DELETE / ON UPDATE action (CASCADE, SET NULL,
 * SET DEFAULT run at once; RESTRICT fails at once; NO ACTION fails unless deferred).
 *
 * <p>Violations are counted, as SQLite counts them: a counter goes up for each violation a
 * change makes and down for each one it resolves, and a change can only lower it while it is
 * non-zero ({@code OP_FkIfZero}). An immediate constraint counts in the statement's counter
 * ({@link ExecContext#statementViolations()}, SQLite's {@code nFkConstraint}), checked when the
 * statement ends, so a statement may break and then repair it; a deferred one
 * ({@code DEFERRABLE INITIALLY DEFERRED}, or every constraint under
 * {@code PRAGMA defer_foreign_keys}, which also defers RESTRICT) in the connection's
 * (SQLite's {@code nDeferredCons}), checked at COMMIT.
 *
 * <p>Parent rows are found through the rowid or the parent's unique index ({@link ParentKey});
 * child rows through an index whose first columns are the child key (BINARY), a WITHOUT ROWID
 * child's primary key among them, else a scan. Rows are named by their reference: the rowid, or
 * a WITHOUT ROWID table's primary key (their triggers see rowid 0).
 */
final class ForeignKeys {
    /**
     * One foreign key: child columns referencing parent columns (-1 = rowid).
     *
     * @param key      the parent key lookup, null when it cannot be located
     * @param mismatch the error using this key raises ("foreign key mismatch"), or null
     * @param childIndex a child index whose leading key columns are {@code childCols}, or null
     */
    private record Fk(Table child, int[] childCols, Table parent, int[] parentCols, ForeignKeyClause clause,
                      ParentKey key, OneLiteException mismatch, Index childIndex) {
    }

    private final List<Fk> asChild = new ArrayList<>();
    private final List<Fk> asParent = new ArrayList<>();
    private final Planner planner;
    private final Table table;

    ForeignKeys(Planner planner, Table t) {
        this.planner = planner;
        this.table = t;
        Schema schema = planner.schema;
        for (Table.ForeignKey fk : t.foreignKeys()) {
            Fk f = resolve(schema, t, fk);
            if (f != null) {
                asChild.add(f);
            }
        }
        for (Table other : ParentKey.own(schema, t).tables()) {
            for (Table.ForeignKey fk : other.foreignKeys()) {
                if (fk.clause().table().equalsIgnoreCase(t.name())) {
                    Fk f = resolve(schema, other, fk);
                    if (f != null) {
                        asParent.add(f);
                    }
                }
            }
        }
        // SQLite links each new foreign key at the head of its parent's list (sqlite3FkReferences):
        // the newest one's action runs first
        java.util.Collections.reverse(asParent);
    }

    private static Fk resolve(Schema schema, Table child, Table.ForeignKey fk) {
        Table parent = ParentKey.own(schema, child).table(fk.clause().table());
        if (parent == null) {
            return null; // SQLite reports it at write time; we skip unknown parents
        }
        ParentKey key = null;
        OneLiteException mismatch = null;
        try {
            key = ParentKey.locate(schema, child, fk);
        } catch (OneLiteException e) {
            mismatch = e; // raised only when the key is used with foreign_keys on, as SQLite
        }
        int n = fk.columns().size();
        int[] cc = new int[n];
        int[] pc = new int[n];
        for (int i = 0; i < n; i++) {
            cc[i] = child.columnIndex(fk.columns().get(i));
            if (key != null) {
                pc[i] = key.parentCols()[i];
            } else if (fk.clause().columns().isEmpty()) {
                pc[i] = parent.primaryKey().length > i ? parent.primaryKey()[i] : -1;
            } else {
                pc[i] = parent.columnIndex(fk.clause().columns().get(i));
            }
            if (pc[i] >= 0 && pc[i] == parent.rowidAlias()) {
                pc[i] = -1;
            }
        }
        return new Fk(child, cc, parent, pc, fk.clause(), key, mismatch, childIndex(child, cc));
    }

    /**
     * An index of the child whose first key columns are the child key in order, compared BINARY;
     * a WITHOUT ROWID child's own primary-key tree first.
     */
    private static Index childIndex(Table child, int[] cols) {
        List<Index> candidates = new ArrayList<>();
        if (child.clustered() != null) {
            candidates.add(child.clustered().asIndex(child.name(), child.root()));
        }
        candidates.addAll(child.indexes());
        for (Index ix : candidates) {
            if (ix.columns().length < cols.length || ix.where() != null) {
                continue;
            }
            boolean ok = true;
            for (int i = 0; i < cols.length && ok; i++) {
                ok = ix.columns()[i] == cols[i] && cols[i] >= 0 && ix.collations()[i] == Collation.BINARY;
            }
            if (ok) {
                return ix;
            }
        }
        return null;
    }

    boolean isEmpty() {
        return asChild.isEmpty() && asParent.isEmpty();
    }

    private static Object value(Object[] row, long rowid, int col, Table t) {
        return col < 0 || col == t.rowidAlias() ? (Object) rowid : col < row.length ? row[col] : null;
    }

    /** Whether violations of {@code f} count toward COMMIT instead of failing the statement. */
    private static boolean deferred(ExecContext ctx, Fk f) {
        return f.clause.deferred() || ctx.session.deferForeignKeys();
    }

    /** The counter {@code f}'s violations go to. */
    private static long counter(ExecContext ctx, Fk f) {
        return deferred(ctx, f) ? ctx.session.deferredViolations() : ctx.statementViolations();
    }

    private static void count(ExecContext ctx, Fk f, long n) {
        if (deferred(ctx, f)) {
            ctx.session.addDeferredViolations(n);
        } else {
            ctx.addStatementViolations(n);
        }
    }

    private static OneLiteException violation() {
        return new OneLiteException(ResultCode.CONSTRAINT_FOREIGNKEY, "FOREIGN KEY constraint failed");
    }

    /** The child key of a row, or null when a part of it is NULL (such a row references nothing). */
    private static Object[] childKey(Fk f, Object[] values, long rowid) {
        Object[] key = new Object[f.childCols.length];
        for (int i = 0; i < key.length; i++) {
            key[i] = value(values, rowid, f.childCols[i], f.child);
            if (key[i] == null) {
                return null;
            }
        }
        return key;
    }

    private static boolean parentExists(ExecContext ctx, Fk f, Object[] key) {
        if (f.mismatch != null) {
            throw f.mismatch;
        }
        return f.key.exists(ctx.storage, key);
    }

    /**
     * The violation counters (statement, deferred) before a row's checks, so that
     * {@link #takeBack} can undo what they counted when OR IGNORE then skips the row (SQLite
     * runs its constraint checks, and so the IGNORE, before the foreign key checks).
     */
    static long[] counters(ExecContext ctx) {
        return new long[]{ctx.statementViolations(), ctx.session.deferredViolations()};
    }

    /** Sets the counters back to {@code before} ({@link #counters}). */
    static void takeBack(ExecContext ctx, long[] before) {
        ctx.addStatementViolations(before[0] - ctx.statementViolations());
        ctx.session.addDeferredViolations(before[1] - ctx.session.deferredViolations());
    }

    /** Counts a row about to be inserted into the child table. */
    void checkChild(ExecContext ctx, Object[] values, long rowid) {
        childChange(ctx, null, 0, values, rowid);
    }

    /**
     * A child row changes: {@code oldValues} (null on insert) stops referencing its parent, and
     * {@code newValues} (null on delete) starts to. Foreign keys whose columns keep their values
     * are left alone, as SQLite's {@code fkChildIsModified}.
     */
    void childChange(ExecContext ctx, Object[] oldValues, long oldRowid, Object[] newValues, long newRowid) {
        if (!ctx.session.foreignKeys()) {
            return;
        }
        for (Fk f : asChild) {
            Object[] oldKey = oldValues == null ? null : childKey(f, oldValues, oldRowid);
            Object[] newKey = newValues == null ? null : childKey(f, newValues, newRowid);
            if (oldValues != null && newValues != null && sameKey(oldValues, oldRowid, newValues, newRowid, f)) {
                continue;
            }
            if (f.mismatch != null) {
                throw f.mismatch; // even for a NULL key, as SQLite's prepare
            }
            if (oldKey != null && counter(ctx, f) != 0 && !parentExists(ctx, f, oldKey)) {
                count(ctx, f, -1); // the orphan goes away
            }
            if (newKey != null && !parentExists(ctx, f, newKey)) {
                count(ctx, f, 1);
            }
        }
    }

    private static boolean sameKey(Object[] a, long aRowid, Object[] b, long bRowid, Fk f) {
        for (int c : f.childCols) {
            if (!ValueOps.sameValue(value(a, aRowid, c, f.child), value(b, bRowid, c, f.child), null)) {
                return false;
            }
        }
        return true;
    }

    /**
     * After a row was inserted into the parent table: children waiting for it (counted
     * violations) are resolved, one count each, as SQLite's {@code fkScanChildren} with -1.
     */
    void afterParentInsert(ExecContext ctx, Object[] values, long rowid) {
        if (!ctx.session.foreignKeys()) {
            return;
        }
        for (Fk f : asParent) {
            if (deferred(ctx, f) && f.mismatch != null) {
                throw f.mismatch; // SQLite locates the key only for deferred ones here
            }
            if (f.mismatch != null || counter(ctx, f) == 0) {
                continue;
            }
            Object[] key = parentKey(f, values, rowid);
            if (key != null) {
                count(ctx, f, -matching(ctx, f, key).size());
            }
        }
    }

    /**
     * An action that would write the child's key (SET NULL and SET DEFAULT; CASCADE on UPDATE)
     * cannot where a key column is generated: SQLite refuses such a statement when it prepares
     * it ("cannot UPDATE generated column"); here the first parent row it changes refuses it,
     * before anything is written for that row (the statement's changes roll back).
     */
    private static void refuseWritingGenerated(Fk f, ForeignKeyClause.Action action, boolean delete) {
        boolean writesKey = action == ForeignKeyClause.Action.SET_NULL || action == ForeignKeyClause.Action.SET_DEFAULT
                || (!delete && action == ForeignKeyClause.Action.CASCADE);
        if (!writesKey) {
            return;
        }
        for (int c : f.childCols) {
            if (c >= 0 && f.child.columns().get(c).generated() != null) {
                throw new OneLiteException(ResultCode.ERROR,
                        "cannot UPDATE generated column \"" + f.child.columns().get(c).name() + "\"");
            }
        }
    }

    private static Object[] parentKey(Fk f, Object[] values, long rowid) {
        Object[] key = new Object[f.parentCols.length];
        for (int i = 0; i < key.length; i++) {
            key[i] = value(values, rowid, f.parentCols[i], f.parent);
            if (key[i] == null) {
                return null;
            }
        }
        return key;
    }

    /**
     * Counts, before a parent row is deleted ({@code newValues} null) or re-keyed, the children
     * that lose their parent (each key whose values change), as SQLite's {@code sqlite3FkCheck}
     * with fkScanChildren(+1), the row itself not among them; RESTRICT fails here. On a re-key
     * the children already holding the new key are resolved (-1 each while the counter is
     * non-zero). The CASCADE / SET NULL / SET DEFAULT actions that repair the count run later,
     * in {@link #afterParentChange}, once the parent row is written.
     */
    void beforeParentChange(ExecContext ctx, Object[] oldValues, long rowid, Object[] newValues, long newRowid) {
        if (!ctx.session.foreignKeys() || asParent.isEmpty()) {
            return;
        }
        java.util.Set<String> changing = changing(ctx);
        Object self = table.clustered() == null ? (Object) rowid : table.clustered().primaryKey(oldValues);
        for (Fk f : asParent) {
            Object[] key = changedKey(f, oldValues, rowid, newValues, newRowid);
            if (key == null) {
                continue;
            }
            ForeignKeyClause.Action action = newValues == null ? f.clause.onDelete() : f.clause.onUpdate();
            refuseWritingGenerated(f, action, newValues == null);
            List<Object> children = new ArrayList<>(matching(ctx, f, key));
            children.removeIf(ref -> changing.contains(rowName(f.child, ref))
                    || (f.child == table && sameRef(ref, self)));
            if (action == ForeignKeyClause.Action.RESTRICT && !children.isEmpty()) {
                if (!ctx.session.deferForeignKeys()) {
                    throw violation(); // RESTRICT does not wait for COMMIT, even when deferrable
                }
                ctx.session.addDeferredViolations(children.size());
                continue;
            }
            if (newValues != null && counter(ctx, f) != 0) {
                Object[] newKey = parentKey(f, newValues, newRowid);
                if (newKey != null) {
                    count(ctx, f, -matching(ctx, f, newKey).size()); // children of the new key
                }
            }
            count(ctx, f, children.size());
        }
    }

    /**
     * Runs the children's ON DELETE ({@code newValues} null) or ON UPDATE actions after the
     * parent row was deleted or re-keyed, as SQLite runs its action triggers once the row is
     * written (a child trigger reading the parent table no longer sees the old row). A child row
     * changed by CASCADE, SET NULL or SET DEFAULT goes through its own table's foreign keys in
     * turn (its parents are counted, its children acted on); a row already being changed further
     * up is left alone, so cycles end.
     */
    void afterParentChange(ExecContext ctx, Object[] oldValues, long rowid, Object[] newValues, long newRowid) {
        if (!ctx.session.foreignKeys() || asParent.isEmpty()) {
            return;
        }
        java.util.Set<String> changing = changing(ctx);
        String self = rowName(table, table.clustered() == null ? rowid : table.clustered().primaryKey(oldValues));
        if (!changing.add(self)) {
            return;
        }
        try {
            for (Fk f : asParent) {
                Object[] key = changedKey(f, oldValues, rowid, newValues, newRowid);
                if (key == null) {
                    continue;
                }
                List<Object> children = new ArrayList<>(matching(ctx, f, key));
                children.removeIf(ref -> changing.contains(rowName(f.child, ref)));
                act(ctx, f, children, newValues, newRowid);
            }
        } finally {
            changing.remove(self);
        }
    }

    /** The old parent key of {@code f} when the change touches it (a delete always does), else null. */
    private static Object[] changedKey(Fk f, Object[] oldValues, long rowid, Object[] newValues, long newRowid) {
        Object[] key = new Object[f.parentCols.length];
        boolean changed = newValues == null;
        for (int i = 0; i < key.length; i++) {
            key[i] = value(oldValues, rowid, f.parentCols[i], f.parent);
            if (newValues != null && !ValueOps.sameValue(key[i], value(newValues, newRowid, f.parentCols[i],
                    f.parent), null)) {
                changed = true;
            }
        }
        if (changed && f.mismatch != null) {
            throw f.mismatch;
        }
        return changed ? key : null;
    }

    private static boolean sameRef(Object a, Object b) {
        return a instanceof Object[] x && b instanceof Object[] y ? java.util.Arrays.equals(x, y) : a.equals(b);
    }

    /** A row as {@link #changing} names it: root:rowid, or root:[primary key] in a WITHOUT ROWID table. */
    private static String rowName(Table t, Object ref) {
        return t.root() + ":" + (ref instanceof Object[] pk ? java.util.Arrays.deepToString(pk) : ref);
    }

    /** The rows ({@link #rowName}) whose parent-side actions are running in this statement. */
    @SuppressWarnings("unchecked")
    private static java.util.Set<String> changing(ExecContext ctx) {
        java.util.Set<String> s = (java.util.Set<String>) ctx.cached(ForeignKeys.class);
        if (s == null) {
            s = new java.util.HashSet<>();
            ctx.cache(ForeignKeys.class, s);
        }
        return s;
    }

    private final java.util.Map<String, ForeignKeys> others = new java.util.HashMap<>();

    /** The foreign keys of another table, built on first use (tables may reference each other). */
    private ForeignKeys of(Table t) {
        return others.computeIfAbsent(t.key(), k -> new ForeignKeys(planner, t));
    }

    private final java.util.Map<String, TriggerRunner> childTriggers = new java.util.HashMap<>();

    /**
     * Deletes ({@code replacement} null) or rewrites a child row as an action, as the DELETE or
     * UPDATE SQLite's action trigger runs: the child table's row triggers fire around it (a
     * BEFORE trigger's RAISE(IGNORE) skips the row) and its own foreign keys apply.
     */
    private void actOnChild(ExecContext ctx, Fk f, TableWriter w, Object ref, Object[] old, Object[] replacement) {
        long id = ref instanceof Long l ? l : 0; // a WITHOUT ROWID row has no rowid for its triggers
        CreateTriggerStmt.Event event = replacement == null ? CreateTriggerStmt.Event.DELETE
                : CreateTriggerStmt.Event.UPDATE;
        TriggerRunner triggers = childTriggers.computeIfAbsent(f.child.key() + " " + event, k -> {
            java.util.Set<Integer> updated = new java.util.HashSet<>();
            for (int c : f.childCols) {
                updated.add(c);
            }
            return new TriggerRunner(planner, f.child, event, updated);
        });
        if (!triggers.isEmpty()) {
            try {
                triggers.fire(ctx, CreateTriggerStmt.Time.BEFORE, old, id, replacement, id);
            } catch (TriggerIgnore ignore) {
                return; // the row keeps referencing the parent key that went away: its count stays
            }
        }
        ForeignKeys next = of(f.child);
        next.childChange(ctx, old, id, replacement, id);
        next.beforeParentChange(ctx, old, id, replacement, id);
        w.delete(ctx, ref);
        if (replacement != null) {
            w.insert(ctx, replacement, ref instanceof Long l ? l : null, TableWriter.OnConflict.ABORT, true);
        }
        next.afterParentChange(ctx, old, id, replacement, id);
        if (!triggers.isEmpty()) {
            try {
                triggers.fire(ctx, CreateTriggerStmt.Time.AFTER, old, id, replacement, id);
            } catch (TriggerIgnore ignore) {
                // nothing left to skip
            }
        }
    }

    /** Runs {@code f}'s ON DELETE ({@code newValues} null) or ON UPDATE action on the children. */
    private void act(ExecContext ctx, Fk f, List<Object> children, Object[] newValues, long newRowid) {
        if (children.isEmpty()) {
            return;
        }
        ForeignKeyClause.Action action = newValues == null ? f.clause.onDelete() : f.clause.onUpdate();
        TableWriter w = Writers.writer(planner, f.child);
        switch (action) {
            case CASCADE -> {
                for (Object id : children) {
                    Object[] old = w.read(ctx, id);
                    if (old == null) {
                        continue; // already gone through another path of the cascade
                    }
                    Object[] v = null;
                    if (newValues != null) {
                        v = old.clone();
                        for (int i = 0; i < f.childCols.length; i++) {
                            v[f.childCols[i]] = value(newValues, newRowid, f.parentCols[i], f.parent);
                        }
                    }
                    actOnChild(ctx, f, w, id, old, v);
                }
            }
            case SET_NULL, SET_DEFAULT -> {
                for (Object id : children) {
                    Object[] old = w.read(ctx, id);
                    if (old == null) {
                        continue;
                    }
                    Object[] v = old.clone();
                    for (int c : f.childCols) {
                        v[c] = action == ForeignKeyClause.Action.SET_NULL ? null
                                : AccessPlanner.access(f.child).defaults()[c];
                    }
                    actOnChild(ctx, f, w, id, old, v);
                }
            }
            default -> {
                // NO ACTION and RESTRICT were counted (or failed) before the parent row changed
            }
        }
    }

    /**
     * The references (rowids, or primary keys of a WITHOUT ROWID child) of the child rows whose
     * key equals {@code key} (parent values, in key order).
     */
    private List<Object> matching(ExecContext ctx, Fk f, Object[] key) {
        Table t = f.child;
        int[] cols = f.childCols;
        Object[] k = new Object[cols.length];
        for (int i = 0; i < cols.length; i++) {
            char aff = cols[i] < 0 ? 'D' : t.columns().get(cols[i]).affinity();
            k[i] = ValueOps.applyAffinity(key[i], aff);
            if (k[i] == null) {
                return List.of();
            }
        }
        List<Object> out = new ArrayList<>();
        if (f.childIndex != null) {
            Index ix = f.childIndex;
            boolean clustered = t.clustered() != null && ix.root() == t.root(); // the child's own tree
            KeyCursor kc = ctx.storage(t.db()).openIndex(ix.root(), clustered ? t.clustered().keyInfo() : ix.keyInfo());
            // after the index's own columns: the rowid, or the primary-key columns it lacks
            int[] pkAt = clustered ? java.util.stream.IntStream.range(0, t.clustered().pkLength()).toArray()
                    : t.clustered() == null ? null : t.clustered().primaryKeyPositions(ix.columns(), ix.collations());
            for (boolean ok = kc.seekGE(k); ok; ok = kc.next()) {
                for (int i = 0; i < k.length; i++) {
                    if (ValueOps.compare(kc.column(i), k[i], null) != 0) {
                        return out;
                    }
                }
                if (pkAt != null) {
                    Object[] pk = new Object[pkAt.length];
                    for (int j = 0; j < pk.length; j++) {
                        pk[j] = kc.column(pkAt[j]);
                    }
                    out.add(pk);
                } else if (kc.column(ix.columns().length) instanceof Long rowid) {
                    out.add(rowid);
                }
            }
            return out;
        }
        // with the planner: a key of VIRTUAL generated columns is computed from the row, as SQLite's
        io.onelite.exec.TableAccess access = AccessPlanner.access(planner, t);
        RowCursor c = access.open(ctx.storage);
        io.onelite.exec.CursorRow row = access.row(c, ctx); // defaults of later columns, the record layout
        for (boolean ok = c.first(); ok; ok = c.next()) {
            boolean match = true;
            for (int i = 0; i < cols.length && match; i++) {
                int col = cols[i];
                Object v = col < 0 || col == t.rowidAlias() ? (Object) c.rowid() : row.column(col);
                match = v != null && ValueOps.compare(v, k[i], null) == 0;
            }
            if (match) {
                out.add(c instanceof io.onelite.catalog.ClusteredCursor cc ? cc.primaryKey() : (Object) c.rowid());
            }
        }
        return out;
    }
}
