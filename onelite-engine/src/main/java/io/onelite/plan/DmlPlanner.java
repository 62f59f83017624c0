package io.onelite.plan;

import io.onelite.catalog.Table;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.exec.ArrayRow;
import io.onelite.exec.Eval;
import io.onelite.exec.ExecContext;
import io.onelite.exec.Frame;
import io.onelite.exec.JoinLoop;
import io.onelite.exec.Level;
import io.onelite.exec.RowKey;
import io.onelite.exec.RowSource;
import io.onelite.exec.TableWriter;
import io.onelite.exec.ValueOps;
import io.onelite.sql.ast.DeleteStmt;
import io.onelite.sql.ast.Expr;
import io.onelite.sql.ast.InsertStmt;
import io.onelite.sql.ast.SetClause;
import io.onelite.sql.ast.UpdateStmt;

import java.util.ArrayList;
import java.util.List;

/**
 * Plans INSERT, UPDATE and DELETE. Rows are named by their reference ({@link TableWriter#ref}): the
 * rowid, or in a WITHOUT ROWID table the primary key, which also has no rowid to report to
 * {@code last_insert_rowid()}.
 */
public final class DmlPlanner {
    private DmlPlanner() {
    }

    /** {@link #target(Planner, io.onelite.sql.ast.QualifiedName)}, whose INDEXED BY must name one of its indexes: checked first, as SQLite's {@code sqlite3SrcListLookup}. */
    private static Table target(Planner planner, io.onelite.sql.ast.QualifiedName q, String indexedBy) {
        Table t = target(planner, q);
        if (indexedBy != null && AccessPlanner.indexedBy(t, indexedBy) == null) {
            throw new OneLiteException(ResultCode.ERROR, "no such index: " + indexedBy);
        }
        return t;
    }

    static Table target(Planner planner, io.onelite.sql.ast.QualifiedName q) {
        String name = q.name();
        Table t = planner.schema.table(q);
        if (t == null) {
            if (planner.schema.view(q) != null) {
                throw new OneLiteException(ResultCode.ERROR, "cannot modify " + name + " because it is a view");
            }
            throw planner.schema.missingTable(q, q.toString());
        }
        if (t.isSchemaTable()) {
            throw new OneLiteException(ResultCode.ERROR, "table " + name + " may not be modified");
        }
        return t;
    }

    public static Executable insert(Planner planner, InsertStmt s) {
        return planner.wholeStatement(() -> planner.withClause(s.with(), () -> InsertPlanner.plan(planner, s)));
    }

    static Long rowidOf(Object v) {
        if (v == null) {
            return null;
        }
        Object x = ValueOps.applyAffinity(v, 'D');
        if (x instanceof Long l) {
            return l;
        }
        throw new OneLiteException(ResultCode.MISMATCH, "datatype mismatch");
    }

    /** The rows of {@code t} matching {@code where}: a single-level loop using the best access path. */
    private static final class Matcher {
        final Scope scope;
        final Level level;
        /** The target's and the sources' of UPDATE ... FROM ({@link UpdateFromLoop}). */
        final Level[] levels;
        /** UPDATE ... FROM an outer join: of the source rows matching a target row, the last wins. */
        final boolean lastMatchWins;

        /**
         * {@code indexedBy}, {@code notIndexed}: the statement's INDEXED BY / NOT INDEXED, which
         * the loop honours as a SELECT's does (null / false when a LIMIT moved them into the
         * subquery that picks the rows, {@link DmlLimit}).
         */
        Matcher(Planner planner, Table t, String alias, String indexedBy, boolean notIndexed, Expr where,
                io.onelite.sql.ast.FromItem from) {
            scope = Writers.rowScope(t, alias, planner.outerScope);
            // the loop collects every row before the first write
            Plan p = planner.beforeWrites(() -> plan(planner, t, indexedBy, notIndexed, where, from, scope));
            level = p.level;
            levels = p.levels;
            lastMatchWins = p.lastMatchWins;
        }

        private record Plan(Level level, Level[] levels, boolean lastMatchWins) {
        }

        private static Plan plan(Planner planner, Table t, String indexedBy, boolean notIndexed, Expr where,
                                 io.onelite.sql.ast.FromItem from, Scope scope) {
            FromPlanner.Entry e = new FromPlanner.Entry();
            e.slot = 0;
            e.table = t;
            e.name = t.name();
            e.indexedBy = indexedBy;
            e.notIndexed = notIndexed;
            List<Expr> terms = where == null ? List.of() : CorePlanner.splitAnd(where);
            if (from == null) {
                Level level = InTermWidths.compiling(planner, new InTermWidths(terms, List.of(), TermPlacement.orColumns(List.of(e), scope)), () -> {
                    Level l = AccessPlanner.level(planner, scope, e, terms);
                    l.filter = CorePlanner.and(planner, scope, AccessPlanner.unenforced(planner, scope, 0, terms, l));
                    return l;
                });
                return new Plan(level, new Level[]{level}, false);
            }
            UpdateFromLoop loop = UpdateFromLoop.plan(planner, scope, e, terms, from);
            return new Plan(loop.target(), loop.levels(), loop.lastMatchWins());
        }
    }

    /** Computes one row's SET values into {@code values}; returns its rowid after them. */
    @FunctionalInterface
    private interface SetValues {
        Long apply(Frame f, Object[] values, Long rowid);
    }

    public static Executable update(Planner planner, UpdateStmt s) {
        return planner.wholeStatement(() -> planner.withClause(s.with(), () -> planUpdate(planner, s)));
    }

    private static Executable planUpdate(Planner planner, UpdateStmt s) {
        Limits.setList(s.set().stream().mapToInt(sc -> sc.columns().size()).sum());
        if (planner.schema.view(s.table()) != null) {
            return ViewDml.update(planner, s);
        }
        Table t = target(planner, s.table(), s.indexedBy());
        Expr where = DmlLimit.where("UPDATE", t, s.table(), s.alias(), s.indexedBy(), s.notIndexed(), s.from(),
                s.where(), s.orderBy(), s.limit(), s.offset());
        Matcher m;
        List<int[]> cols = new ArrayList<>();
        List<Eval> vals = new ArrayList<>();
        try {
            try {
                m = new Matcher(planner, t, s.alias(), s.limit() == null ? s.indexedBy() : null,
                        s.limit() == null && s.notIndexed(), where, s.from());
            } catch (OneLiteException e) {
                throw s.from() == null ? setErrorFirst(planner, t, s, e) : e;
            }
            for (SetClause sc : s.set()) { // as SQLite: each value resolved, then the column it assigns
                List<Eval> values = RowValues.assignments(new ExprCompiler(planner, m.scope), sc, true);
                for (String c : sc.columns()) {
                    cols.add(new int[]{settableColumn(t, c)});
                }
                vals.addAll(values);
            }
        } catch (OneLiteException e) {
            throw s.from() == null ? e : updateFromError(planner, t, s, e);
        }
        int n = t.columns().size();
        char[] aff = Writers.affinities(t);
        int alias = t.rowidAlias();
        java.util.Set<Integer> updated = new java.util.HashSet<>();
        for (int[] c : cols) {
            updated.add(c[0]);
        }
        boolean[] changed = Writers.changedBy(t, updated); // the constraints an UPDATE checks
        TableWriter writer = Writers.writer(planner, t, changed);
        TriggerRunner triggers = new TriggerRunner(planner, t, io.onelite.sql.ast.CreateTriggerStmt.Event.UPDATE, updated);
        ForeignKeys fks = new ForeignKeys(planner, t);
        ReplaceDeletes.attach(planner, t, writer, fks);
        boolean hasRowid = !t.withoutRowid();
        // a WITHOUT ROWID row whose primary key the SET leaves alone is rewritten in place
        boolean keyKept = t.clustered() != null
                && java.util.Arrays.stream(t.clustered().primaryKeyColumns()).noneMatch(c -> changed[c]);
        boolean readsBeforeWrite = !triggers.isEmpty() || !fks.isEmpty();
        // SET values of one row, written into values (which starts as the row); returns the new rowid
        SetValues assign = (f, values, rowid) -> {
            Long newRowid = rowid;
            Object[] computed = new Object[vals.size()];
            for (int i = 0; i < computed.length; i++) {
                computed[i] = vals.get(i).eval(f);
            }
            for (int i = 0; i < computed.length; i++) {
                int ci = cols.get(i)[0];
                if (ci == -1 || ci == alias) {
                    newRowid = computed[i] == null ? null : rowidOf(computed[i]);
                    if (ci >= 0) {
                        values[ci] = newRowid;
                    }
                } else {
                    values[ci] = ValueOps.applyAffinity(computed[i], aff[ci]);
                }
            }
            if (readsBeforeWrite) { // NEW in BEFORE triggers and the child-key checks see them; else the write computes them
                writer.computeGenerated(f.ctx, values, newRowid);
            }
            return newRowid;
        };
        /*
         * SQLite's two passes: the WHERE loop only collects the rows to change, then each row is
         * read again and its SET values computed just before it is written, so a subquery in SET
         * sees the rows changed before it (and a BEFORE trigger's work). UPDATE ... FROM computes
         * them in the first pass, beside the FROM row they read, as SQLite's updateFromSelect does.
         */
        boolean setAtWrite = m.levels.length == 1;
        boolean twoPass = setAtWrite && UpdateOrder.twoPass(t, m.level, changed, !triggers.isEmpty(),
                s.orConflict(), s.where());
        java.util.Comparator<Object[]> writeOrder = UpdateOrder.twoPassOrder(t);
        OnePassUpdate onePass = setAtWrite && (hasRowid || keyKept) && !twoPass && fks.isEmpty()
                ? new OnePassUpdate(writer, cols.stream().mapToInt(c -> c[0]).toArray(), vals, aff, alias, changed,
                        !s.returning().isEmpty())
                : null;
        DmlStatement d = new DmlStatement() {
            @Override
            void run(ExecContext ctx, List<Object[]> returned, DmlStatement.RowCount count) {
                Frame f = new Frame(ctx, outer, m.levels.length);
                JoinLoop loop = new JoinLoop(m.levels);
                // REPLACE inherited from a trigger's statement deletes rows, index entries the loop may be walking
                if (onePass != null && action(ctx) != TableWriter.OnConflict.REPLACE) {
                    onePass.run(this, ctx, f, loop, returned, count);
                    return;
                }
                List<Object[]> changes = new ArrayList<>(); // [ref, newRowid, values]; values null: at write
                // SET computed at write in a rowid table: only the rowids are kept, unboxed (no object per row)
                RowidList rowids = setAtWrite && hasRowid ? new RowidList() : null;
                java.util.Map<Object, Integer> seen = new java.util.HashMap<>(); // target row -> its change
                // the first row as the loop read it: nothing is written before it is changed (one seek, not two)
                Object[] firstStored = null;
                int collected = 0; // rows the WHERE loop gave so far, when SET is computed at write
                while (loop.next(f)) {
                    RowSource r = f.src[0];
                    Object ref = writer.ref(r, n);
                    if (setAtWrite) {
                        if (collected++ == 0) {
                            firstStored = writer.storedAt(r);
                        }
                        if (rowids != null) {
                            rowids.add((Long) ref);
                        } else {
                            changes.add(new Object[]{ref, null, null});
                        }
                        continue;
                    }
                    long rowid = ref instanceof Long l ? l : 0;
                    Integer earlier = seen.putIfAbsent(ref instanceof Object[] pk ? new RowKey(pk) : ref, changes.size());
                    if (earlier != null && !m.lastMatchWins) {
                        continue; // UPDATE ... FROM: the first matching source row wins
                    }
                    Object[] values = new Object[n];
                    for (int i = 0; i < n; i++) {
                        values[i] = r.column(i);
                    }
                    Long newRowid = assign.apply(f, values, hasRowid ? rowid : null);
                    if (earlier != null) {
                        changes.set(earlier, new Object[]{ref, newRowid, values});
                        continue;
                    }
                    changes.add(new Object[]{ref, newRowid, values});
                }
                int total = rowids != null ? rowids.size() : changes.size();
                if ((twoPass || (!fks.isEmpty() && ctx.session.foreignKeys())) && total > 1) {
                    // SQLite's two-pass UPDATE reads the rows it collected back in rowid (primary-key) order
                    if (rowids != null) {
                        rowids.sort();
                    } else {
                        changes.sort(writeOrder);
                    }
                    firstStored = null; // the first row to write may be another than the loop's first
                }
                Frame at = setAtWrite ? new Frame(ctx, outer, 1) : null;
                for (int k = 0; k < total; k++) {
                    Object[] c = rowids != null ? null : changes.get(k);
                    Object ref = c == null ? (Object) rowids.get(k) : c[0];
                    Long boxedRowid = ref instanceof Long l ? l : 0L; // boxed once for the row's every use
                    long rowid = boxedRowid;
                    Object[] old = k == 0 && firstStored != null ? firstStored : writer.read(ctx, ref);
                    if (old == null) {
                        continue; // deleted by an earlier row's trigger or REPLACE
                    }
                    Long newRowid;
                    Object[] values;
                    if (setAtWrite) {
                        Object[] row = old.clone();
                        if (alias >= 0) {
                            row[alias] = rowid; // stored as NULL: the rowid stands in
                        }
                        ArrayRow current = new ArrayRow(row);
                        current.rowid = rowid;
                        at.src[0] = current;
                        values = row.clone();
                        newRowid = assign.apply(at, values, hasRowid ? boxedRowid : null);
                    } else {
                        newRowid = (Long) c[1];
                        values = (Object[]) c[2];
                    }
                    if (!triggers.isEmpty()) {
                        try {
                            triggers.fire(ctx, io.onelite.sql.ast.CreateTriggerStmt.Time.BEFORE, old, rowid, values,
                                    newRowid == null ? rowid : newRowid);
                        } catch (io.onelite.exec.TriggerIgnore ignore) {
                            continue;
                        }
                        old = writer.read(ctx, ref);
                        if (old == null) {
                            continue;
                        }
                        // as SQLite, the columns SET leaves alone are read again: the trigger may have changed them
                        for (int i = 0; i < n; i++) {
                            if (i != alias && !updated.contains(i)) {
                                values[i] = old[i];
                            }
                        }
                    }
                    long[] counted = fks.isEmpty() ? null : ForeignKeys.counters(ctx);
                    if (!fks.isEmpty()) {
                        fks.childChange(ctx, old, rowid, values, newRowid == null ? rowid : newRowid);
                        fks.beforeParentChange(ctx, old, rowid, values, newRowid == null ? rowid : newRowid);
                    }
                    try {
                        Long id;
                        if (hasRowid ? newRowid != null && newRowid == rowid : keyKept) {
                            // same rowid or primary key: the cell is rewritten in place, only changed index entries move
                            id = writer.update(ctx, boxedRowid, old, values, action(ctx), changed);
                            if (id == null) {
                                ignored(ctx, counted);
                                continue; // IGNORE: the row was left as it was
                            }
                        } else {
                            // a new rowid, or a WITHOUT ROWID row (its primary key may change): checked
                            // beside the old row, which then makes way for the new one
                            id = writer.move(ctx, ref, values, newRowid, action(ctx), changed);
                            if (id == null) {
                                ignored(ctx, counted);
                                continue; // IGNORE: the row was left as it was
                            }
                        }
                        count.n++;
                        if (!fks.isEmpty()) {
                            fks.afterParentChange(ctx, old, rowid, values, id);
                        }
                        addReturning(ctx, values, id, alias, returned);
                        if (!triggers.isEmpty()) {
                            try {
                                triggers.fire(ctx, io.onelite.sql.ast.CreateTriggerStmt.Time.AFTER, old, rowid, values, id);
                            } catch (io.onelite.exec.TriggerIgnore ignore) {
                                // nothing left to skip
                            }
                        }
                    } catch (OneLiteException e) {
                        throw e;
                    }
                }
            }
        };
        d.compileReturning(planner, t, s.returning());
        d.orConflict = Writers.explicitAction(s.orConflict());
        d.writer = writer;
        d.loops = m.levels;
        return d;
    }

    /** SQLite's error for a SET (of UPDATE or an upsert) naming generated column {@code column}. */
    static OneLiteException generatedSet(Table t, int column) {
        return new OneLiteException(ResultCode.ERROR,
                "cannot UPDATE generated column \"" + t.columns().get(column).name() + "\"");
    }

    public static Executable delete(Planner planner, DeleteStmt s) {
        return planner.wholeStatement(() -> planner.withClause(s.with(), () -> planDelete(planner, s)));
    }

    /**
     * Puts a DELETE's rows in rowid (or WITHOUT ROWID primary key) order, {@code olds} alongside:
     * with triggers, foreign keys or RETURNING SQLite deletes in two passes, collecting the rowids
     * in a RowSet (a WITHOUT ROWID table's keys in a temporary index) and reading them back
     * sorted, so that is the order those see the rows in, whatever path the loop took.
     */
    private static void sortByRef(Table t, List<Object> refs, List<Object[]> olds) {
        java.util.Comparator<Object[]> byRef = UpdateOrder.twoPassOrder(t);
        List<Object[]> pairs = new ArrayList<>(refs.size());
        for (int i = 0; i < refs.size(); i++) {
            pairs.add(new Object[] {refs.get(i), olds.get(i)});
        }
        pairs.sort(byRef);
        for (int i = 0; i < pairs.size(); i++) {
            refs.set(i, pairs.get(i)[0]);
            olds.set(i, (Object[]) pairs.get(i)[1]);
        }
    }

    private static Executable planDelete(Planner planner, DeleteStmt s) {
        if (planner.schema.view(s.table()) != null) {
            return ViewDml.delete(planner, s);
        }
        Table t = target(planner, s.table(), s.indexedBy());
        Expr where = DmlLimit.where("DELETE", t, s.table(), s.alias(), s.indexedBy(), s.notIndexed(), null, s.where(),
                s.orderBy(), s.limit(), s.offset());
        Matcher m = new Matcher(planner, t, s.alias(), s.limit() == null ? s.indexedBy() : null,
                s.limit() == null && s.notIndexed(), where, null);
        int n = t.columns().size();
        int alias = t.rowidAlias();
        TriggerRunner triggers = new TriggerRunner(planner, t, io.onelite.sql.ast.CreateTriggerStmt.Event.DELETE, null);
        ForeignKeys fks = new ForeignKeys(planner, t);
        // SQLite's truncate optimization: no WHERE, LIMIT, RETURNING, trigger or enforced foreign key
        io.onelite.exec.TableClear clear = s.where() == null && s.limit() == null && s.returning().isEmpty()
                && triggers.isEmpty() ? new io.onelite.exec.TableClear(t.db(), t.root(),
                t.clustered() == null ? null : t.clustered().keyInfo(),
                t.indexes().stream().mapToInt(io.onelite.catalog.Index::root).toArray()) : null;
        TableWriter writer;
        OneLiteException writerError = null;
        try {
            writer = Writers.writer(planner, t, false);
        } catch (OneLiteException e) {
            if (clear == null) {
                throw e;
            }
            writer = null; // an index calling a function this connection lacks: fine while nothing reads a key
            writerError = e;
        }
        TableWriter rowWriter = writer;
        OneLiteException missing = writerError;
        /*
         * SQLite's one-pass DELETE (ONEPASS_MULTI): no trigger, foreign key or RETURNING, no
         * subquery in WHERE (it would see the rows already gone), and the loop walks the table
         * itself, whose cursor deletes each row and steps on to the next.
         */
        boolean onePass = s.returning().isEmpty() && triggers.isEmpty() && fks.isEmpty()
                && (where == null || !ExprWalker.hasSubquery(where))
                && (m.level instanceof io.onelite.exec.ScanLevel || !t.withoutRowid() && m.level instanceof io.onelite.exec.RowidLevel);
        DmlStatement d = new DmlStatement() {
            @Override
            void run(ExecContext ctx, List<Object[]> returned, DmlStatement.RowCount count) {
                if (clear != null && (fks.isEmpty() || !ctx.session.foreignKeys())) {
                    long cleared = clear.run(ctx);
                    if (cleared >= 0) {
                        count.n += cleared;
                        return;
                    }
                }
                if (missing != null) {
                    throw missing;
                }
                TableWriter writer = rowWriter;
                Frame f = new Frame(ctx, outer, 1);
                JoinLoop loop = new JoinLoop(new Level[]{m.level});
                if (onePass) {
                    while (loop.next(f)) {
                        // the statement began its write before its loop: the scan's cursor writes
                        if (!writer.deleteScanned(ctx, f.src[0])) {
                            throw new IllegalStateException("a one-pass DELETE's scan could not delete its row");
                        }
                        count.n++;
                    }
                    return;
                }
                List<Object> refs = new ArrayList<>();
                List<Object[]> olds = new ArrayList<>();
                // the first row as the loop read it, when nothing may write before its delete (one seek, not two)
                boolean keepFirst = triggers.isEmpty() && fks.isEmpty();
                Object[] firstStored = null;
                while (loop.next(f)) {
                    if (keepFirst && refs.isEmpty()) {
                        firstStored = writer.storedAt(f.src[0]);
                    }
                    refs.add(writer.ref(f.src[0], n));
                    if (returning != null || !triggers.isEmpty() || !fks.isEmpty()) {
                        Object[] v = new Object[n];
                        for (int i = 0; i < n; i++) {
                            v[i] = f.src[0].column(i);
                        }
                        olds.add(v);
                    }
                }
                if (!olds.isEmpty() && refs.size() > 1) {
                    sortByRef(t, refs, olds);
                }
                for (int i = 0; i < refs.size(); i++) {
                    long rowid = refs.get(i) instanceof Long l ? l : 0;
                    if (!triggers.isEmpty()) {
                        try {
                            triggers.fire(ctx, io.onelite.sql.ast.CreateTriggerStmt.Time.BEFORE, olds.get(i), rowid, null, 0);
                        } catch (io.onelite.exec.TriggerIgnore ignore) {
                            continue;
                        }
                    }
                    if (!fks.isEmpty()) {
                        fks.childChange(ctx, olds.get(i), rowid, null, 0);
                        fks.beforeParentChange(ctx, olds.get(i), rowid, null, 0);
                    }
                    if (i == 0 && firstStored != null ? writer.delete(ctx, refs.get(0), firstStored)
                            : writer.delete(ctx, refs.get(i))) {
                        count.n++;
                        if (!fks.isEmpty()) {
                            fks.afterParentChange(ctx, olds.get(i), rowid, null, 0);
                        }
                        if (returning != null) {
                            addReturning(ctx, olds.get(i), rowid, alias, returned);
                        }
                        if (!triggers.isEmpty()) {
                            try {
                                triggers.fire(ctx, io.onelite.sql.ast.CreateTriggerStmt.Time.AFTER, olds.get(i), rowid, null, 0);
                            } catch (io.onelite.exec.TriggerIgnore ignore) {
                                // nothing left to skip
                            }
                        }
                    }
                }
            }
        };
        d.compileReturning(planner, t, s.returning());
        d.resetsConflict = true;
        d.writer = writer;
        d.database = t.db();
        d.loops = m.levels;
        return d;
    }

    /**
     * The column an UPDATE's SET assigns by the name {@code c}: its index, the rowid alias's for a
     * rowid name, or -1 for a rowid without alias.
     *
     * @throws NoSuchAssignedColumn when the table has no such column
     */
    private static int assignedColumn(Table t, String c) {
        int ci = t.columnIndex(c);
        if (ci >= 0) {
            return ci;
        }
        if (Scope.isRowidName(c) && !t.withoutRowid()) {
            return t.rowidAlias() >= 0 ? t.rowidAlias() : -1;
        }
        throw new NoSuchAssignedColumn(c);
    }

    /**
     * The error SQLite reports for UPDATE ... FROM, whose planning failed with {@code failure}: it
     * checks the assigned columns first, then prepares the rest as one SELECT, which it expands
     * whole before it resolves a name ({@link ExpansionErrors}).
     */
    private static OneLiteException updateFromError(Planner planner, Table t, UpdateStmt s, OneLiteException failure) {
        if (!ExpansionErrors.replaceable(failure)) {
            return failure;
        }
        for (SetClause sc : s.set()) {
            for (String c : sc.columns()) {
                settableColumn(t, c);
            }
        }
        return ExpansionErrors.firstOfUpdateFrom(planner, s, failure);
    }

    /** As {@link #assignedColumn}; a generated column fails ("cannot UPDATE generated column"), as in SQLite. */
    private static int settableColumn(Table t, String c) {
        int ci = assignedColumn(t, c);
        if (ci >= 0 && t.columns().get(ci).generated() != null) {
            throw generatedSet(t, ci);
        }
        return ci;
    }

    /**
     * SQLite resolves an UPDATE's SET clauses, each value then the column it assigns, before its
     * WHERE clause: when the WHERE failed, the first SET clause that fails gives the error (an
     * unknown name in its value the one SQLite's order meets first, {@link NamePrecedence}; a
     * subquery's error as its planning reports it), else {@code whereError}. For UPDATE ... FROM
     * see {@link #updateFromError}.
     */
    private static OneLiteException setErrorFirst(Planner planner, Table t, UpdateStmt s, OneLiteException whereError) {
        if (!ExpansionErrors.replaceable(whereError)) {
            return whereError; // an error SQLite meets before it resolves the SET clauses
        }
        Scope row = Writers.rowScope(t, s.alias(), planner.outerScope);
        for (SetClause sc : s.set()) {
            try {
                RowValues.assignments(new ExprCompiler(planner, row), sc, true);
            } catch (OneLiteException valueError) {
                OneLiteException first = NamePrecedence.isNameError(valueError)
                        ? NamePrecedence.firstUnknown(planner, row, List.of(sc.value())) : null;
                return first != null ? first : valueError;
            }
            for (String c : sc.columns()) {
                settableColumn(t, c);
            }
        }
        return whereError;
    }

    /**
     * "no such column: c" for a column an UPDATE or upsert SET assigns: SQLite finds it when it
     * compiles the statement, not when it resolves names, so ALTER TABLE's schema checks
     * ({@link SchemaCheck}) let it pass.
     */
    static final class NoSuchAssignedColumn extends OneLiteException {
        NoSuchAssignedColumn(String column) {
            super(ResultCode.ERROR, "no such column: " + column);
        }
    }
}
