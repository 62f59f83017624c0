package io.onelite.exec;

import io.onelite.btree.KeyInfo;
import io.onelite.catalog.KeyCursor;
import io.onelite.catalog.RecordLayout;
import io.onelite.catalog.RowCursor;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.exec.value.SqlValues;

import java.util.ArrayList;
import java.util.List;

/**
 * Writes rows of one rowid table and keeps its indexes in step: NOT NULL, CHECK, UNIQUE and
 * PRIMARY KEY checks with SQLite's messages and extended codes, and the conflict actions
 * ABORT/FAIL/ROLLBACK (an error; FAIL and ROLLBACK as a {@link ConstraintHalt}), IGNORE (skip
 * the row) and REPLACE (delete the conflicting rows, through a {@link ReplaceDelete} if set).
 * A STRICT table's rows also pass its {@link DatatypeCheck}, where that class says.
 */
public final class TableWriter {
    /** One index as the writer maintains it. */
    public record IndexInfo(String name, int root, KeyInfo keyInfo, int[] columns, Eval[] exprs, boolean unique,
                            boolean primaryKey, String constraintColumns, Eval where, OnConflict onConflict) {
        /** The collations of the indexed columns (the key's first {@code columns.length} fields). */
        io.onelite.btree.Collation[] keyCollations() {
            io.onelite.btree.Collation[] c = new io.onelite.btree.Collation[columns.length];
            for (int i = 0; i < c.length; i++) {
                c[i] = keyInfo.collation(i);
            }
            return c;
        }
    }

    /**
     * The conflict resolution of a statement or constraint. A write given null (a statement
     * without {@code OR ...}) uses each constraint's own {@code ON CONFLICT}, else ABORT.
     */
    public enum OnConflict { ABORT, FAIL, ROLLBACK, IGNORE, REPLACE }

    /** The statement's resolution if it has one, else the constraint's, else ABORT (SQLite's OE_Default). */
    private static OnConflict resolve(OnConflict statement, OnConflict declared) {
        return statement != null ? statement : declared != null ? declared : OnConflict.ABORT;
    }

    private final String table;
    private final int root;
    /** The database holding the table (see {@link io.onelite.catalog.Table#db()}). */
    private final String db;
    private final RowStore rows;
    /**
     * The order of the uniqueness checks, as SQLite's: -1 is the rowid or primary key, else an
     * index of {@link #indexes}. The rowid comes first; the unique indexes newest first, with a
     * WITHOUT ROWID table's primary key where it was created among them.
     */
    private final int[] checkOrder;
    /** "t.a" or "t.a, t.b": the primary key as a UNIQUE message names it. */
    private final String primaryKeyName;
    private final int rowidAlias;
    private final String[] columnNames;
    private final boolean[] notNull;
    private final List<IndexInfo> indexes;
    private final List<Eval> checks;
    private final List<String> checkNames;

    /**
     * A writer of the table {@code table}; {@code clustered} is the key layout of a WITHOUT ROWID
     * table (its rows are then kept by primary key), null for a rowid table; {@code olderThanPrimaryKey}
     * is how many of {@code indexes} (in creation order) were created before that primary key.
     */
    public TableWriter(String table, int root, int rowidAlias, io.onelite.catalog.ClusteredKey clustered,
                       int olderThanPrimaryKey, String[] columnNames, boolean[] notNull, List<IndexInfo> indexes,
                       List<Eval> checks, List<String> checkNames, String db) {
        this.table = table;
        this.root = root;
        this.db = db;
        this.rows = clustered == null ? new RowStore.Rowid(root, db) : new RowStore.Clustered(root, clustered, db);
        StringBuilder pk = new StringBuilder();
        if (clustered == null) {
            pk.append(table).append('.').append(rowidAlias >= 0 ? columnNames[rowidAlias] : "rowid");
        } else {
            for (int c : clustered.primaryKeyColumns()) {
                pk.append(pk.length() > 0 ? ", " : "").append(table).append('.').append(columnNames[c]);
            }
        }
        this.primaryKeyName = pk.toString();
        int n = indexes.size();
        int pkAt = clustered == null ? 0 : n - olderThanPrimaryKey;
        this.checkOrder = new int[n + 1];
        for (int i = 0, next = n - 1; i <= n; i++) {
            checkOrder[i] = i == pkAt ? -1 : next--;
        }
        this.rowidAlias = rowidAlias;
        this.columnNames = columnNames;
        this.notNull = notNull;
        this.indexes = indexes;
        this.checks = checks;
        this.checkNames = checkNames;
        this.declaredOrder = declaredOrder();
        this.indexesReadFrame = indexes.stream().anyMatch(ix -> ix.where() != null
                || java.util.Arrays.stream(ix.columns()).anyMatch(c -> c == -2));
    }

    /** Whether a partial index's WHERE or an expression key is evaluated on the row written (its frame). */
    private final boolean indexesReadFrame;

    public int root() {
        return root;
    }

    /**
     * Deletes, for REPLACE, a row that conflicts with the one being written, running what a
     * DELETE of it runs (SQLite's sqlite3GenerateRowDelete on the REPLACE path: the DELETE
     * triggers under recursive_triggers, the foreign keys).
     */
    public interface ReplaceDelete {
        /**
         * Deletes row {@code ref} (or leaves it, if a trigger said IGNORE); false when nothing
         * special applies and the writer should delete it itself.
         */
        boolean delete(ExecContext ctx, Object ref);
    }

    private ReplaceDelete replaceDelete;
    /** Per column, its NOT NULL constraint's ON CONFLICT, or null. */
    private OnConflict[] notNullConflicts = new OnConflict[0];
    /** The rowid alias's or WITHOUT ROWID primary key's ON CONFLICT, or null. */
    private OnConflict primaryKeyConflict;
    /** {@link #checkOrder(OnConflict)} for a statement without an OR clause, worked out once. */
    private int[] declaredOrder;

    /** Sets the ON CONFLICT algorithms CREATE TABLE gave the NOT NULL constraints and the rowid / primary key. */
    public TableWriter withDeclaredConflicts(OnConflict[] notNull, OnConflict primaryKey) {
        this.notNullConflicts = notNull;
        this.primaryKeyConflict = primaryKey;
        this.declaredOrder = declaredOrder();
        return this;
    }

    /** Per column, its DEFAULT (affinity applied) or null: what REPLACE writes for a NULL in a NOT NULL column. */
    private Eval[] replaceDefaults = new Eval[0];

    /** Sets the defaults REPLACE uses for NULLs in NOT NULL columns ({@link #replaceDefaults}). */
    public TableWriter withReplaceDefaults(Eval[] d) {
        this.replaceDefaults = d;
        return this;
    }

    /** A STRICT table's datatype check, or null. */
    private DatatypeCheck datatypes;
    /** The columns of REAL affinity, whose whole REALs are stored as INTEGERs (none: empty). */
    private int[] realColumns = new int[0];

    /** The table's columns of REAL affinity ({@code real[i]}: column i's affinity is REAL). */
    public TableWriter withRealColumns(boolean[] real) {
        this.realColumns = java.util.stream.IntStream.range(0, real.length).filter(i -> real[i]).toArray();
        return this;
    }

    /** {@code row} (table order) as its record and index entries hold it: whole REALs of REAL columns as INTEGERs. */
    private Object[] withRealsStored(Object[] row) {
        if (realColumns.length == 0) {
            return row;
        }
        Object[] out = row.clone();
        storeReals(out);
        return out;
    }

    /**
     * {@code row} (table order) as SQL reads it: a whole REAL that a REAL column stored as an
     * INTEGER reads as REAL again (SQLite's OP_RealAffinity), so that SET expressions, triggers'
     * OLD, RETURNING and index expressions see {@code 4.0}, not {@code 4}. A copy when a value
     * changes (the caller's array is left as it was), else {@code row}.
     */
    private Object[] realsRead(Object[] row) {
        Object[] out = row;
        for (int c : realColumns) {
            if (c < row.length && row[c] instanceof Long l) {
                if (out == row) {
                    out = row.clone();
                }
                out[c] = (double) l;
            }
        }
        return out;
    }

    private void storeReals(Object[] row) {
        for (int c : realColumns) {
            if (c < row.length) {
                row[c] = SqlValues.storedInRealColumn(row[c]);
            }
        }
    }

    /** Checks the datatypes of the rows written, as a STRICT table's ({@code d} null: not STRICT). */
    public TableWriter withDatatypes(DatatypeCheck d) {
        this.datatypes = d;
        return this;
    }

    /** Has REPLACE delete conflicting rows through {@code d}. */
    public TableWriter withReplaceDelete(ReplaceDelete d) {
        this.replaceDelete = d;
        return this;
    }

    /** The database holding the table. */
    public String db() {
        return db;
    }

    private final List<CommitSeq.Pending> pending = new ArrayList<>();
    /** Values of columns added by ALTER TABLE ADD COLUMN after a row was stored. */
    private Object[] defaults = new Object[0];

    public TableWriter withDefaults(Object[] d) {
        this.defaults = d == null ? new Object[0] : d;
        return this;
    }

    private Object[] pad(Object[] v) {
        return layout.row(v, defaults, columnNames.length);
    }

    /** Where each column is stored (VIRTUAL generated columns are not). */
    private RecordLayout layout = RecordLayout.allStored();
    /** The table's generated columns, or null. */
    private GeneratedColumns generated;

    /** Sets how the table stores its columns and computes its generated ones ({@code generated} null: none). */
    public TableWriter withGenerated(RecordLayout layout, GeneratedColumns generated) {
        this.layout = layout;
        this.generated = generated;
        return this;
    }

    /**
     * Computes the generated columns of a row about to be written ({@code values} in table order,
     * the others final, affinity applied), in place: what BEFORE triggers, the checks, the indexes
     * and RETURNING see. {@code rowid} is the rowid alias's value when known, else null.
     */
    public void computeGenerated(ExecContext ctx, Object[] values, Long rowid) {
        if (generated != null) {
            generated.computeAll(ctx, values, rowid);
        }
    }

    /**
     * A stored row ({@code stored}, as a cursor or {@link RowStore#read} gives it) in table order:
     * the defaults of columns added after it was written, its VIRTUAL columns computed.
     */
    public Object[] fullRow(ExecContext ctx, Object[] stored, long rowid) {
        Object[] row = realsRead(pad(stored));
        if (generated != null && layout.hasVirtual()) {
            row = row == stored ? row.clone() : row;
            generated.computeVirtual(ctx, row, rowid, layout);
        }
        return row;
    }

    /**
     * Registers, when this statement wrote {@code commit_seq()} values, the commit hook that fills
     * them in; clears the list. Called once at the end of each statement execution.
     */
    public void registerCommitSeq(ExecContext ctx) {
        if (pending.isEmpty()) {
            return;
        }
        if (rows instanceof RowStore.Clustered) {
            pending.clear();
            throw new OneLiteException(ResultCode.ERROR, "commit_seq() is not supported in WITHOUT ROWID tables");
        }
        if (generated != null) {
            pending.clear(); // the hook rewrites the record alone: a generated column would not follow
            throw new OneLiteException(ResultCode.ERROR, "commit_seq() is not supported in tables with generated columns");
        }
        ctx.storage(db).onCommit(CommitSeq.hook(root, columnNames.length, indexes, rowidAlias, pending));
        pending.clear();
    }

    /** Per CHECK constraint, the columns it reads (-1: the rowid); null: treat each as reading every column. */
    private int[][] checkColumns;

    /** Sets the columns each CHECK constraint reads, in {@code checks}' order (an UPDATE checks those it changes). */
    public TableWriter withCheckColumns(int[][] columns) {
        this.checkColumns = columns;
        return this;
    }

    private boolean readsChanged(int[] columns, boolean[] changed) {
        if (columns == null) {
            return true;
        }
        for (int c : columns) {
            if (c < 0 ? changed[changed.length - 1] : changed[c]) {
                return true;
            }
        }
        return false;
    }

    /** A frame whose slot 0 is the given row, for CHECK, partial-index and expression-index evaluation. */
    private Frame rowFrame(ExecContext ctx, Object[] values, long rowid) {
        Frame f = new Frame(ctx, null, 1);
        ArrayRow r = new ArrayRow(values);
        r.rowid = rowid;
        f.src[0] = new RowSource() {
            @Override
            public Object column(int i) {
                return i < 0 || i == rowidAlias ? (Object) rowid : r.column(i);
            }

            @Override
            public long rowid() {
                return rowid;
            }
        };
        return f;
    }

    /** {@link #rowFrame} for the CHECK constraints and index expressions, null when there are none to read it. */
    private Frame expressionFrame(ExecContext ctx, Object[] values, long rowid) {
        return indexesReadFrame || !checks.isEmpty() ? rowFrame(ctx, values, rowid) : null;
    }

    /**
     * Inserts a row ({@code values} in column order, affinity applied; the rowid alias slot is
     * ignored). {@code rowid} null = allocate. Returns the rowid, or null when IGNORE skipped it.
     */
    public Long insert(ExecContext ctx, Object[] values, Long rowid, OnConflict onConflict) {
        return insert(ctx, values, rowid, onConflict, false);
    }

    /**
     * As {@link #insert(ExecContext, Object[], Long, OnConflict)}; {@code rowidFree} says the caller
     * knows no row has that rowid (an UPDATE that just deleted it), so no lookup is made (in
     * BEGIN CONCURRENT a lookup that misses is traced as a read of the gap around it).
     */
    public Long insert(ExecContext ctx, Object[] values, Long rowid, OnConflict onConflict, boolean rowidFree) {
        return write(ctx, values, rowid, onConflict, rowidFree, null, null);
    }

    /**
     * Rewrites row {@code rowid} (which exists, read as {@code old} by {@link #read}) with
     * {@code values}, keeping its rowid. The table cell is replaced in place, and only the index
     * entries whose key (or partial-index membership) changes are deleted and re-inserted, as
     * SQLite leaves alone the indexes an UPDATE does not touch; a changed UNIQUE key is checked as
     * on insert. Returns the rowid, or null when IGNORE skipped the row (nothing was changed).
     * A WITHOUT ROWID row too when its primary key stays ({@code rowid} unused): its entry is
     * overwritten where it is, as SQLite's UPDATE that does not change the key.
     */
    public Long update(ExecContext ctx, Long rowid, Object[] old, Object[] values, OnConflict onConflict) {
        return update(ctx, rowid, old, values, onConflict, null);
    }

    /**
     * As {@link #update(ExecContext, Long, Object[], Object[], OnConflict)} for an UPDATE that sets
     * the columns {@code changed} says (see {@link #write}); null checks every constraint.
     */
    public Long update(ExecContext ctx, Long rowid, Object[] old, Object[] values, OnConflict onConflict,
                       boolean[] changed) {
        return write(ctx, values, rowid, onConflict, true, old, null, changed, null);
    }

    /**
     * As {@link #update(ExecContext, Long, Object[], Object[], OnConflict, boolean[])} of the row
     * the scan {@code at} of this table is on: a WITHOUT ROWID row keeping its primary key is
     * rewritten through the scan's own cursor, which stays on it (SQLite's one-pass UPDATE).
     */
    public Long updateScanned(ExecContext ctx, Long rowid, Object[] old, Object[] values, OnConflict onConflict,
                              boolean[] changed, RowSource at) {
        return write(ctx, values, rowid, onConflict, true, old, null, changed, at);
    }

    /**
     * The row the scan {@code at} of this table is on, as {@link #read} gives it; null when
     * {@code at} is not such a scan.
     */
    public Object[] scannedRow(RowSource at) {
        if (rows instanceof RowStore.Rowid) {
            return storedAt(at);
        }
        if (!(at instanceof CursorRow c) || !c.scansTable(root, db)) {
            return null;
        }
        Object[] row = new Object[columnNames.length];
        for (int i = 0; i < row.length; i++) {
            row[i] = c.column(i); // defaults, REALs and VIRTUAL columns as a read gives them
        }
        return row;
    }

    /**
     * Rewrites row {@code oldRef} as {@code values} under another rowid ({@code rowid}; null =
     * allocate) or, in a WITHOUT ROWID table, a primary key that may change. The checks run
     * while the old row is still stored (it never conflicts with itself, and a REPLACE trigger
     * still sees it), as SQLite's UPDATE checks before it deletes the old record; then the old
     * row goes and the new one is written. Returns the rowid, or null when IGNORE left the row
     * as it was.
     */
    public Long move(ExecContext ctx, Object oldRef, Object[] values, Long rowid, OnConflict onConflict) {
        return move(ctx, oldRef, values, rowid, onConflict, null);
    }

    /** As {@link #move(ExecContext, Object, Object[], Long, OnConflict)} for an UPDATE setting {@code changed}. */
    public Long move(ExecContext ctx, Object oldRef, Object[] values, Long rowid, OnConflict onConflict,
                     boolean[] changed) {
        return write(ctx, values, rowid, onConflict, false, null, oldRef, changed);
    }

    /**
     * Insert ({@code old} and {@code moveFrom} null), in-place update ({@code old} = the stored
     * row) or move ({@code moveFrom} = the reference of the row it replaces) of one row. An UPDATE
     * gives {@code changed}: per column (and, last, the rowid) whether its SET changes it (generated
     * columns reading a changed one included); as SQLite, NOT NULL is then checked on changed
     * columns only, and a CHECK constraint only when it reads one.
     */
    private Long write(ExecContext ctx, Object[] values, Long rowid, OnConflict onConflict, boolean rowidFree,
                       Object[] old, Object moveFrom) {
        return write(ctx, values, rowid, onConflict, rowidFree, old, moveFrom, null);
    }

    private Long write(ExecContext ctx, Object[] values, Long rowid, OnConflict onConflict, boolean rowidFree,
                       Object[] old, Object moveFrom, boolean[] changed) {
        return write(ctx, values, rowid, onConflict, rowidFree, old, moveFrom, changed, null);
    }

    /** {@code at}: the scan of this table the row is on, through which an in-place update may write it; or null. */
    private Long write(ExecContext ctx, Object[] values, Long rowid, OnConflict onConflict, boolean rowidFree,
                       Object[] old, Object moveFrom, boolean[] changed, RowSource at) {
        List<Integer> pendingColumns = null;
        for (int i = 0; i < values.length; i++) {
            if (values[i] == CommitSeq.PENDING) {
                if (pendingColumns == null) {
                    pendingColumns = new ArrayList<>();
                    values = values.clone();
                }
                pendingColumns.add(i);
                values[i] = null; // NULL until commit: no NOT NULL or UNIQUE conflict
            }
        }
        boolean byRowid = rows instanceof RowStore.Rowid;
        if (generated != null) {
            if (byRowid && rowid == null && rowidAlias >= 0) {
                // a generated column may read the INTEGER PRIMARY KEY: the new row's, as SQLite
                rowid = ((RowStore.Rowid) rows).newRowid(ctx);
                rowidFree = true; // allocated: no row has it (no lookup, as for one allocated below)
            }
            generated.computeAll(ctx, values, rowid);
        }
        if (!checkNotNull(ctx, values, rowid, onConflict, pendingColumns, changed)) {
            return null;
        }
        long id = !byRowid ? 0 : rowid != null ? rowid : ((RowStore.Rowid) rows).newRowid(ctx);
        Frame rf = expressionFrame(ctx, values, id);
        boolean typesAfterRowid = datatypes != null
                && typesAfterRowidCheck(ctx, byRowid && rowid != null && !rowidFree, id, moveFrom, onConflict);
        if (datatypes != null && !typesAfterRowid) {
            datatypes.check(values, pendingColumns);
        }
        if (!checkChecks(rf, onConflict, changed)) {
            return null;
        }
        Object ref = byRowid && rowid != null && rowid == id ? rowid : rows.ref(values, id); // the caller's box, not another
        List<Object[]> keys = indexes.isEmpty() ? List.of() : new ArrayList<>();
        List<Object[]> oldKeys = old == null ? null : indexes.isEmpty() ? List.of() : new ArrayList<>();
        Frame oldFrame = old == null || !indexesReadFrame ? null : rowFrame(ctx, old, id);
        for (IndexInfo ix : indexes) {
            boolean excluded = ix.where() != null && !ValueOps.isTrue(ix.where().eval(rf));
            Object[] key = excluded ? null : key(ix, values, id, rf);
            if (old != null) {
                // in-place UPDATE: an entry whose key (and partial-index membership) stays is left alone
                Object[] oldKey = ix.where() != null && !ValueOps.isTrue(ix.where().eval(oldFrame)) ? null
                        : key(ix, old, id, oldFrame);
                if (oldKey != null && key != null && sameKey(oldKey, key)) {
                    oldKey = null;
                    key = null;
                }
                oldKeys.add(oldKey);
            }
            keys.add(key);
        }
        Object self = old != null ? ref : moveFrom;
        // a row rewritten in place keeps its rowid or primary key: no other row can have it
        if (!checkUnique(ctx, ref, self, old != null || byRowid && (rowid == null || rowidFree), keys, onConflict)) {
            return null;
        }
        if (typesAfterRowid) {
            datatypes.check(values, pendingColumns); // a rowid REPLACE has deleted the other row
        }
        if (moveFrom != null) {
            delete(ctx, moveFrom);
        }
        Object[] stored = values.clone();
        if (rowidAlias >= 0) {
            stored[rowidAlias] = null;
        }
        storeReals(stored);
        if (oldKeys != null) {
            for (int i = 0; i < indexes.size(); i++) {
                if (oldKeys.get(i) != null) {
                    ctx.storage(db).openIndex(indexes.get(i).root(), indexes.get(i).keyInfo()).delete(oldKeys.get(i));
                }
            }
        }
        if (old != null) {
            Object[] kept = layout.stored(stored, byRowid);
            if (!(at instanceof CursorRow c && c.scansTable(root, db) && rows.replaceScanned(c.cursor(), kept))) {
                rows.replace(ctx, ref, kept, id);
            }
        } else {
            rows.put(ctx, layout.stored(stored, byRowid), id);
        }
        for (int i = 0; i < indexes.size(); i++) {
            if (keys.get(i) != null) {
                ctx.storage(db).openIndex(indexes.get(i).root(), indexes.get(i).keyInfo()).insert(keys.get(i));
            }
        }
        if (pendingColumns != null) {
            for (int col : pendingColumns) {
                pending.add(new CommitSeq.Pending(id, col));
            }
        }
        return id;
    }

    /**
     * Whether a STRICT table's datatype check waits for the rowid check ({@link DatatypeCheck}, place
     * 3): the table has no CHECK constraint, the rowid ({@code id}, when {@code lookup}) is checked
     * first and another row than {@code self} has it. That check then fails, skips the row (IGNORE)
     * or deletes the other row (REPLACE) before the datatypes are looked at, as in SQLite.
     */
    private boolean typesAfterRowidCheck(ExecContext ctx, boolean lookup, long id, Object self, OnConflict onConflict) {
        if (!lookup || !checks.isEmpty() || checkOrder(onConflict)[0] != -1) {
            return false;
        }
        Object other = rows.existing(ctx, id);
        return other != null && !sameRef(other, self);
    }

    /**
     * The rowid / primary key and UNIQUE checks of a row about to be written ({@code ref}; an
     * in-place update when {@code update}), in {@link #checkOrder}. Returns false when IGNORE
     * skips the row. REPLACE deletes the conflicting rows; when a {@link ReplaceDelete} ran
     * triggers for them, everything is checked once more with ABORT, as SQLite rechecks after
     * REPLACE triggers (one may have kept the row, or written another that conflicts).
     */
    private boolean checkUnique(ExecContext ctx, Object ref, Object self, boolean skipRowid, List<Object[]> keys,
                                OnConflict onConflict) {
        boolean recheck = false;
        for (int step : checkOrder(onConflict)) {
            OnConflict action = actionOf(step, onConflict);
            Object other;
            ResultCode code;
            String columns;
            if (step < 0) {
                if (skipRowid) {
                    continue; // a rowid the caller knows is free needs no lookup; a primary key is always checked
                }
                other = rows.existing(ctx, ref);
                if (other != null && sameRef(other, self)) {
                    other = null; // a WITHOUT ROWID row moved to its own key (or one equal under its collation)
                }
                code = ResultCode.CONSTRAINT_PRIMARYKEY;
                columns = primaryKeyName;
            } else {
                IndexInfo ix = indexes.get(step);
                if (!ix.unique() || keys.get(step) == null) {
                    continue;
                }
                other = conflict(ctx, ix, keys.get(step), self);
                code = ix.primaryKey() ? ResultCode.CONSTRAINT_PRIMARYKEY : ResultCode.CONSTRAINT_UNIQUE;
                columns = ix.constraintColumns();
            }
            if (other != null) {
                switch (action) {
                    case IGNORE:
                        return false;
                    case REPLACE:
                        if (replaceDelete != null && replaceDelete.delete(ctx, other)) {
                            recheck = true;
                        } else {
                            delete(ctx, other);
                        }
                        break;
                    default:
                        throw ConstraintHalt.of(action, code, "UNIQUE constraint failed: " + columns);
                }
            }
        }
        return !recheck || checkUnique(ctx, ref, self, skipRowid, keys, OnConflict.ABORT);
    }

    /**
     * The NOT NULL constraints of a row about to be written; false when IGNORE skips it. REPLACE
     * puts the column's default in (the row's NEW and RETURNING see it), as SQLite.
     */
    private boolean checkNotNull(ExecContext ctx, Object[] values, Long rowid, OnConflict onConflict,
                                 List<Integer> pending, boolean[] changed) {
        boolean replaced = false;
        for (int i = 0; i < values.length; i++) {
            if (notNull[i] && values[i] == null && i != rowidAlias && (pending == null || !pending.contains(i))
                    && (changed == null || changed[i])) {
                OnConflict action = resolve(onConflict, i < notNullConflicts.length ? notNullConflicts[i] : null);
                if (action == OnConflict.IGNORE) {
                    return false;
                }
                if (action == OnConflict.REPLACE && i < replaceDefaults.length && replaceDefaults[i] != null) {
                    values[i] = replaceDefaults[i].eval(rowFrame(ctx, values, 0));
                    if (values[i] != null) {
                        replaced = true;
                        continue;
                    }
                }
                throw ConstraintHalt.of(action == OnConflict.REPLACE ? OnConflict.ABORT : action, ResultCode.CONSTRAINT_NOTNULL,
                        "NOT NULL constraint failed: " + table + "." + columnNames[i]);
            }
        }
        if (replaced && generated != null) {
            generated.computeAll(ctx, values, rowid); // a default put in may be read by a generated column, as SQLite recomputes
        }
        return true;
    }

    /** The CHECK constraints of a row about to be written (in {@code rf}); false when IGNORE skips it. */
    private boolean checkChecks(Frame rf, OnConflict onConflict, boolean[] changed) {
        for (int i = 0; i < checks.size() && !rf.ctx.session.ignoreCheckConstraints(); i++) {
            if (changed != null && checkColumns != null && !readsChanged(checkColumns[i], changed)) {
                continue; // an UPDATE leaving every column it reads alone
            }
            Object v = checks.get(i).eval(rf);
            if (v != null && !ValueOps.isTrue(v)) {
                OnConflict action = resolve(onConflict, null); // a CHECK has no ON CONFLICT of its own
                if (action == OnConflict.IGNORE) {
                    return false;
                }
                throw ConstraintHalt.of(action, ResultCode.CONSTRAINT_CHECK, "CHECK constraint failed: " + checkNames.get(i));
            }
        }
        return true;
    }

    /**
     * The NOT NULL and CHECK constraints of a row an upsert proposes, before its conflict is looked
     * for, as SQLite checks them before the uniqueness constraints an upsert handles: a row that
     * fails them fails even when DO UPDATE or DO NOTHING would have taken it. False when IGNORE
     * skips the row. A NOT NULL ON CONFLICT REPLACE puts its default in ({@code excluded} sees it).
     */
    public boolean checkProposedRow(ExecContext ctx, Object[] values, Long rowid, OnConflict onConflict) {
        return checkNotNull(ctx, values, rowid, onConflict, null, null)
                && checkChecks(rowFrame(ctx, values, rowid == null ? 0 : rowid), onConflict, null);
    }

    /** The resolution of uniqueness check {@code step} (see {@link #checkOrder}) under the statement's. */
    private OnConflict actionOf(int step, OnConflict onConflict) {
        return resolve(onConflict, step < 0 ? primaryKeyConflict : indexes.get(step).onConflict());
    }

    /**
     * {@link #checkOrder} as SQLite runs it when the statement has no OR clause: the REPLACE
     * checks of indexes after the others (no row is deleted for a write another constraint then
     * refuses), and a rowid's declared REPLACE after all of them (sqlite3GenerateConstraintChecks'
     * "defer IPK REPLACE until last").
     */
    private int[] checkOrder(OnConflict onConflict) {
        if (onConflict != null) {
            return checkOrder; // one resolution for every check
        }
        return declaredOrder;
    }

    private int[] declaredOrder() {
        boolean anyReplace = false;
        for (int step : checkOrder) {
            anyReplace |= actionOf(step, null) == OnConflict.REPLACE;
        }
        if (!anyReplace || indexes.isEmpty()) {
            return checkOrder;
        }
        int[] out = new int[checkOrder.length];
        int n = 0;
        boolean rowidLast = rows instanceof RowStore.Rowid && primaryKeyConflict == OnConflict.REPLACE;
        for (int pass = 0; pass < 3; pass++) {
            for (int step : checkOrder) {
                int stepPass = step < 0 && rowidLast ? 2 : actionOf(step, null) == OnConflict.REPLACE ? 1 : 0;
                if (stepPass == pass) {
                    out[n++] = step;
                }
            }
        }
        return out;
    }

    private Object[] key(IndexInfo ix, Object[] values, long rowid, Frame rf) {
        int n = ix.columns().length;
        values = withRealsStored(values);
        Object[] suffix = rows.indexSuffix(ix, values, rowid);
        Object[] key = new Object[n + suffix.length];
        System.arraycopy(suffix, 0, key, n, suffix.length);
        for (int i = 0; i < n; i++) {
            int col = ix.columns()[i];
            key[i] = col == -2 ? ix.exprs()[i].eval(rf) : col < 0 || col == rowidAlias ? (Object) rowid : values[col];
        }
        return key;
    }

    /**
     * Whether two index keys would be stored as the same record: same storage class and value
     * (1 and 1.0, or 'a' and 'A' under NOCASE, compare equal but are stored differently).
     */
    private static boolean sameKey(Object[] a, Object[] b) {
        for (int i = 0; i < a.length; i++) {
            Object x = a[i];
            Object y = b[i];
            if (x == null || y == null) {
                if (x != y) {
                    return false;
                }
            } else if (x instanceof byte[] bx) {
                if (!(y instanceof byte[] by) || !java.util.Arrays.equals(bx, by)) {
                    return false;
                }
            } else if (x.getClass() != y.getClass() || !x.equals(y)) {
                return false;
            }
        }
        return true;
    }

    /**
     * A stored row other than {@code self} (null on insert) with the same unique key (its
     * reference), or null (keys with a NULL never conflict). On a delete-and-insert UPDATE the
     * row being written is never among them (it was deleted first); an in-place UPDATE names it.
     */
    private Object conflict(ExecContext ctx, IndexInfo ix, Object[] key, Object self) {
        int n = ix.columns().length;
        for (int i = 0; i < n; i++) {
            if (key[i] == null) {
                return null;
            }
        }
        KeyCursor kc = ctx.storage(db).openIndex(ix.root(), ix.keyInfo());
        Object[] prefix = java.util.Arrays.copyOf(key, n);
        // a point probe first (BEGIN CONCURRENT then reads only this key's range), then the
        // other entries with the same key, if any
        for (boolean ok = kc.seekPrefix(prefix); ok; ok = kc.next()) {
            for (int i = 0; i < n; i++) {
                if (ValueOps.compare(kc.column(i), prefix[i], ix.keyInfo().collation(i)) != 0) {
                    return null;
                }
            }
            Object other = rows.entryRef(ix, kc.key());
            if (other != null && !sameRef(other, self)) {
                return other;
            }
        }
        return null;
    }

    /** Whether two row references (rowids, or WITHOUT ROWID primary keys) name the same row; {@code b} may be null. */
    private static boolean sameRef(Object a, Object b) {
        if (b == null) {
            return false;
        }
        return a instanceof Object[] x && b instanceof Object[] y ? java.util.Arrays.deepEquals(x, y) : a.equals(b);
    }

    /**
     * The reference of an existing row that inserting {@code values} would conflict with, through
     * the rowid or primary key (when {@code checkRowid}; a rowid only when {@code rowid} is given)
     * or a unique index whose name is in {@code indexNames} (null = any); null when there is none.
     */
    public Object conflictingRow(ExecContext ctx, Object[] values, Long rowid, boolean checkRowid,
                                 java.util.Set<String> indexNames) {
        boolean byRowid = rows instanceof RowStore.Rowid;
        long id = !byRowid || rowid == null ? Long.MIN_VALUE : rowid;
        Object ref = byRowid && rowid == null ? null : rows.ref(values, id);
        if (ref != null && checkRowid) {
            if (datatypes != null && (!byRowid || !checks.isEmpty())) {
                datatypes.check(values); // a primary key is an index, and CHECK constraints come before the rowid
            }
            Object same = rows.existing(ctx, ref);
            if (same != null) {
                return same;
            }
        }
        if (datatypes != null) {
            datatypes.check(values); // before the first index, as an insert checks
        }
        Frame rf = expressionFrame(ctx, values, id);
        for (IndexInfo ix : indexes) {
            if (!ix.unique() || (indexNames != null && !indexNames.contains(ix.name()))) {
                continue;
            }
            if (ix.where() != null && !ValueOps.isTrue(ix.where().eval(rf))) {
                continue;
            }
            Object other = conflict(ctx, ix, key(ix, values, id, rf), null);
            if (other != null) {
                return other;
            }
        }
        return null;
    }

    /**
     * Adds an existing row's entries to this writer's indexes (CREATE INDEX on a filled table),
     * checking UNIQUE; the table row is not touched.
     */
    public void indexRow(ExecContext ctx, Object[] values, long rowid) {
        Frame rf = rowFrame(ctx, values, rowid);
        for (IndexInfo ix : indexes) {
            if (ix.where() != null && !ValueOps.isTrue(ix.where().eval(rf))) {
                continue;
            }
            Object[] key = key(ix, values, rowid, rf);
            if (ix.unique() && conflict(ctx, ix, key, null) != null) {
                throw new OneLiteException(ix.primaryKey() ? ResultCode.CONSTRAINT_PRIMARYKEY
                        : ResultCode.CONSTRAINT_UNIQUE, "UNIQUE constraint failed: " + ix.constraintColumns());
            }
            ctx.storage(db).openIndex(ix.root(), ix.keyInfo()).insert(key);
        }
    }

    /**
     * CREATE INDEX, the writer's one index: the index key of a row, or null when a partial index's
     * WHERE leaves the row out.
     */
    public Object[] indexKey(ExecContext ctx, Object[] values, long rowid) {
        IndexInfo ix = indexes.get(0);
        Frame rf = rowFrame(ctx, values, rowid);
        if (ix.where() != null && !ValueOps.isTrue(ix.where().eval(rf))) {
            return null;
        }
        return key(ix, values, rowid, rf);
    }

    /**
     * CREATE INDEX: the stored columns the key of the writer's one index reads, when that is all it
     * reads (plain columns of a rowid table without generated columns, no partial-index WHERE),
     * so the rest of each row need not be decoded; null when the key may read any column.
     */
    public int[] indexReadColumns() {
        IndexInfo ix = indexes.get(0);
        if (generated != null || ix.where() != null || !(rows instanceof RowStore.Rowid)) {
            return null;
        }
        int[] reads = new int[ix.columns().length];
        int n = 0;
        for (int col : ix.columns()) {
            if (col == -2) {
                return null; // an expression
            }
            if (col >= 0 && col != rowidAlias) {
                reads[n++] = col;
            }
        }
        return java.util.Arrays.copyOf(reads, n);
    }

    /** CREATE INDEX: the key order of the writer's one index (its collations and directions). */
    public io.onelite.btree.KeyInfo indexKeyInfo() {
        return indexes.get(0).keyInfo();
    }

    /**
     * CREATE UNIQUE INDEX, the writer's one index: fails as a UNIQUE constraint when two of the
     * keys adjacent in the index's order ({@code order}: their positions in {@code keys}) agree on
     * every indexed column (a NULL equals nothing).
     */
    public void requireUnique(List<Object[]> keys, int[] order) {
        IndexInfo ix = indexes.get(0);
        if (!ix.unique()) {
            return;
        }
        int n = ix.columns().length;
        for (int k = 1; k < order.length; k++) {
            Object[] a = keys.get(order[k - 1]);
            Object[] b = keys.get(order[k]);
            boolean same = true;
            for (int i = 0; i < n && same; i++) {
                same = a[i] != null && b[i] != null && ValueOps.compare(a[i], b[i], ix.keyInfo().collation(i)) == 0;
            }
            if (same) {
                throw new OneLiteException(ResultCode.CONSTRAINT_UNIQUE, "UNIQUE constraint failed: " + ix.constraintColumns());
            }
        }
    }

    /**
     * Whether an UPDATE setting the columns {@code changed} (as {@link #update}'s) may write a row
     * by patching its record ({@link #patch}): a table (a WITHOUT ROWID one keeping its primary
     * key, as a one-pass UPDATE does) neither STRICT nor with generated columns, whose CHECK
     * constraints and indexes read none of the changed columns (an index with an expression or a
     * WHERE counts as reading every column), so nothing but NOT NULL and the record itself
     * depends on the new values.
     */
    public boolean patchable(boolean[] changed) {
        if (generated != null || datatypes != null || changed[changed.length - 1]) {
            return false;
        }
        for (int i = 0; i < checks.size(); i++) {
            if (checkColumns == null || readsChanged(checkColumns[i], changed)) {
                return false;
            }
        }
        for (IndexInfo ix : indexes) {
            if (ix.where() != null) {
                return false;
            }
            for (int c : ix.columns()) {
                if (c < 0 || changed[c]) {
                    return false; // an expression (-2) or the rowid (-1, which the UPDATE keeps) is read alike
                }
            }
        }
        return true;
    }

    /**
     * Rewrites row {@code rowid} (0 in a WITHOUT ROWID table), the one the scan of this table
     * {@code at} is on, with columns {@code columns[k]} set to {@code values[k]} (affinity
     * applied) by patching the record as
     * stored: the other columns are copied, not decoded and encoded again, as only an UPDATE
     * {@link #patchable} for these columns may ask. False, nothing written, when the row needs
     * {@link #update}: {@code at} is not such a scan, a NOT NULL column gets NULL (its conflict
     * action decides), a value is {@code commit_seq()}'s, or the record is older than a column it
     * sets. {@code values} may be changed (whole REALs of REAL columns stored as INTEGERs). The
     * record is written through the scan's cursor where it fits its page, else through this
     * writer's, the scan then staying on the row ({@link #stayOn}).
     */
    public boolean patch(ExecContext ctx, RowSource at, long rowid, int[] columns, Object[] values) {
        if (!(at instanceof CursorRow c) || !c.scansTable(root, db)) {
            return false;
        }
        for (int k = 0; k < columns.length; k++) {
            Object v = values[k];
            if (v == CommitSeq.PENDING || v == null && notNull[columns[k]]) {
                return false;
            }
        }
        for (int k = 0; k < columns.length; k++) {
            for (int r : realColumns) {
                if (r == columns[k]) {
                    values[k] = SqlValues.storedInRealColumn(values[k]);
                }
            }
        }
        RowCursor scan = c.cursor();
        if (scan.patchInPlace(rowid, columns, values)) {
            return true; // the values' bytes overwritten in the page
        }
        byte[] record = scan.patchedRecord(columns, values); // every column stored: no generated ones
        if (record == null) {
            return false;
        }
        if (!scan.rewriteCurrent(rowid, record)) {
            if (!(rows instanceof RowStore.Rowid r)) {
                return false; // a WITHOUT ROWID scan of a snapshot: the whole write, through the writer's cursor
            }
            r.putRecord(ctx, rowid, record);
            scan.stayOn(rowid);
        }
        return true;
    }

    /**
     * After row {@code rowid}, the one {@code at} is on, was written: a scan of this table stays
     * on it and steps on from there ({@link io.onelite.catalog.RowCursor#stayOn}), as the write
     * may have moved it within its page or to another.
     */
    public void stayOn(RowSource at, long rowid) {
        if (at instanceof CursorRow c && c.scans(root, db)) {
            c.cursor().stayOn(rowid);
        }
    }

    /** The reference of a row read through a table cursor: its rowid, or its primary key. */
    public Object ref(RowSource r, int columnCount) {
        if (rows instanceof RowStore.Rowid) {
            return r.rowid();
        }
        Object[] values = new Object[columnCount];
        for (int i = 0; i < columnCount; i++) {
            values[i] = r.column(i);
        }
        return rows.ref(values, 0);
    }

    /** Deletes a row ({@code ref}: its rowid or primary key) and its index entries; false when it does not exist. */
    public boolean delete(ExecContext ctx, Object ref) {
        if (indexes.isEmpty()) {
            return rows.remove(ctx, ref); // no index entry to find: the row is not read first
        }
        return delete(ctx, ref, read(ctx, ref));
    }

    /**
     * Deletes the row the scan {@code at} of this table is on, and its index entries, through the
     * scan's own cursor, whose next step goes to the row after it (SQLite's one-pass DELETE);
     * false, nothing deleted, when {@code at} is not such a scan or reads a snapshot.
     */
    public boolean deleteScanned(ExecContext ctx, RowSource at) {
        if (!(at instanceof CursorRow c) || !c.scansTable(root, db)) {
            return false;
        }
        boolean byRowid = rows instanceof RowStore.Rowid;
        long rowid = byRowid ? at.rowid() : 0;
        // read before the row goes: for its index entries, else only if the scan must find it again
        Object[] values = indexes.isEmpty() ? null : scannedRow(at);
        if (!rows.removeScanned(c.cursor(), rowid, values != null ? () -> values : () -> scannedRow(at))) {
            return false;
        }
        if (!indexes.isEmpty()) {
            deleteIndexEntries(ctx, values, rowid);
        }
        return true;
    }

    /**
     * As {@link #delete(ExecContext, Object)} for a row whose values the caller holds ({@link #read}
     * or {@link #storedAt}, read with nothing written since), so it is not looked up a second time.
     */
    public boolean delete(ExecContext ctx, Object ref, Object[] values) {
        if (values == null) {
            return false;
        }
        long rowid = ref instanceof Long l ? l : 0;
        deleteIndexEntries(ctx, values, rowid);
        rows.remove(ctx, ref);
        return true;
    }

    /** Deletes the index entries of the row {@code values} ({@code rowid}, for a rowid table). */
    private void deleteIndexEntries(ExecContext ctx, Object[] values, long rowid) {
        Frame rf = indexesReadFrame ? rowFrame(ctx, values, rowid) : null;
        for (IndexInfo ix : indexes) {
            if (ix.where() != null && !ValueOps.isTrue(ix.where().eval(rf))) {
                continue;
            }
            ctx.storage(db).openIndex(ix.root(), ix.keyInfo()).delete(key(ix, values, rowid, rf));
        }
    }

    /**
     * The values of a row ({@code ref}: its rowid or primary key) in table order, defaults filled
     * in, VIRTUAL columns computed; or null.
     */
    public Object[] read(ExecContext ctx, Object ref) {
        Object[] stored = rows.read(ctx, ref);
        return stored == null ? null : fullRow(ctx, stored, ref instanceof Long l ? l : 0);
    }

    /**
     * The stored values of the row a scan of this (rowid) table is on, as {@link #read} would
     * return them while nothing is written (the record as stored, defaults filled in); null when
     * {@code r} is not such a scan (an index, a WITHOUT ROWID table, a materialised row). An
     * UPDATE or DELETE of one row keeps them from its WHERE loop and so seeks the row once
     * before writing it, as SQLite's one-pass plans do.
     */
    public Object[] storedAt(RowSource r) {
        if (!(rows instanceof RowStore.Rowid) || !(r instanceof CursorRow c) || !c.scans(root, db)) {
            return null;
        }
        return realsRead(c.values());
    }
}
