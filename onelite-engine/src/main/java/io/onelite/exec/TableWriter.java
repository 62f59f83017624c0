package io.onelite.exec;

import io.onelite.btree.KeyInfo;
import io.onelite.catalog.KeyCursor;
import io.onelite.catalog.RowCursor;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;

import java.util.ArrayList;
import java.util.List;

/**
 * Writes rows of one rowid table and keeps its indexes in step: NOT NULL, CHECK, UNIQUE and
 * PRIMARY KEY checks with SQLite's messages and extended codes, and the conflict actions
 * ABORT/FAIL/ROLLBACK (an error), IGNORE (skip the row) and REPLACE (delete the conflicting rows).
 */
public final class TableWriter {
    /** One index as the writer maintains it. */
    public record IndexInfo(String name, int root, KeyInfo keyInfo, int[] columns, Eval[] exprs, boolean unique,
                            boolean primaryKey, String constraintColumns, Eval where) {
    }

    /** The conflict resolution of a statement or constraint. */
    public enum OnConflict { ABORT, FAIL, ROLLBACK, IGNORE, REPLACE }

    private final String table;
    private final int root;
    private final int rowidAlias;
    private final String[] columnNames;
    private final boolean[] notNull;
    private final List<IndexInfo> indexes;
    private final List<Eval> checks;
    private final List<String> checkNames;

    public TableWriter(String table, int root, int rowidAlias, String[] columnNames, boolean[] notNull,
                       List<IndexInfo> indexes, List<Eval> checks, List<String> checkNames) {
        this.table = table;
        this.root = root;
        this.rowidAlias = rowidAlias;
        this.columnNames = columnNames;
        this.notNull = notNull;
        this.indexes = indexes;
        this.checks = checks;
        this.checkNames = checkNames;
    }

    public int root() {
        return root;
    }

    private final List<CommitSeq.Pending> pending = new ArrayList<>();
    /** Values of columns added by ALTER TABLE ADD COLUMN after a row was stored. */
    private Object[] defaults = new Object[0];

    public TableWriter withDefaults(Object[] d) {
        this.defaults = d == null ? new Object[0] : d;
        return this;
    }

    private Object[] pad(Object[] v) {
        if (v.length >= columnNames.length) {
            return v;
        }
        Object[] out = java.util.Arrays.copyOf(v, columnNames.length);
        for (int i = v.length; i < out.length; i++) {
            out[i] = i < defaults.length ? defaults[i] : null;
        }
        return out;
    }

    /**
     * Registers, when this statement wrote {@code commit_seq()} values, the commit hook that fills
     * them in; clears the list. Called once at the end of each statement execution.
     */
    public void registerCommitSeq(ExecContext ctx) {
        if (pending.isEmpty()) {
            return;
        }
        ctx.storage.onCommit(CommitSeq.hook(root, columnNames.length, indexes, rowidAlias, pending));
        pending.clear();
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
        return write(ctx, values, rowid, onConflict, rowidFree, null);
    }

    /**
     * Rewrites row {@code rowid} (which exists, stored as {@code old}, defaults filled) with
     * {@code values}, keeping its rowid. The table cell is replaced in place, and only the index
     * entries whose key (or partial-index membership) changes are deleted and re-inserted, as
     * SQLite leaves alone the indexes an UPDATE does not touch; a changed UNIQUE key is checked as
     * on insert. Returns the rowid, or null when IGNORE skipped the row (nothing was changed).
     */
    public Long update(ExecContext ctx, long rowid, Object[] old, Object[] values, OnConflict onConflict) {
        return write(ctx, values, rowid, onConflict, true, pad(old));
    }

    /** Insert ({@code old} null) or in-place update ({@code old} = the stored row) of one row. */
    private Long write(ExecContext ctx, Object[] values, Long rowid, OnConflict onConflict, boolean rowidFree,
                       Object[] old) {
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
        for (int i = 0; i < values.length; i++) {
            if (notNull[i] && values[i] == null && i != rowidAlias && (pendingColumns == null || !pendingColumns.contains(i))) {
                if (onConflict == OnConflict.IGNORE) {
                    return null;
                }
                throw new OneLiteException(ResultCode.CONSTRAINT_NOTNULL,
                        "NOT NULL constraint failed: " + table + "." + columnNames[i]);
            }
        }
        RowCursor c = ctx.storage.openTable(root);
        long id = rowid != null ? rowid : ctx.storage.newRowid(c, root);
        Frame rf = rowFrame(ctx, values, id);
        for (int i = 0; i < checks.size(); i++) {
            Object v = checks.get(i).eval(rf);
            if (v != null && !ValueOps.isTrue(v)) {
                if (onConflict == OnConflict.IGNORE) {
                    return null;
                }
                throw new OneLiteException(ResultCode.CONSTRAINT_CHECK, "CHECK constraint failed: " + checkNames.get(i));
            }
        }
        if (rowid != null && !rowidFree && c.seek(id)) {
            switch (onConflict) {
                case IGNORE:
                    return null;
                case REPLACE:
                    delete(ctx, id);
                    break;
                default:
                    throw new OneLiteException(ResultCode.CONSTRAINT_PRIMARYKEY, "UNIQUE constraint failed: "
                            + table + "." + (rowidAlias >= 0 ? columnNames[rowidAlias] : "rowid"));
            }
        }
        List<Object[]> keys = new ArrayList<>();
        List<Object[]> oldKeys = old == null ? null : new ArrayList<>();
        Frame oldFrame = old == null ? null : rowFrame(ctx, old, id);
        for (IndexInfo ix : indexes) {
            Object[] oldKey = null;
            if (old != null) {
                oldKey = ix.where() != null && !ValueOps.isTrue(ix.where().eval(oldFrame)) ? null
                        : key(ix, old, id, oldFrame);
            }
            if (ix.where() != null && !ValueOps.isTrue(ix.where().eval(rf))) {
                keys.add(null);
                if (old != null) {
                    oldKeys.add(oldKey);
                }
                continue;
            }
            Object[] key = key(ix, values, id, rf);
            if (old != null) {
                if (oldKey != null && sameKey(oldKey, key)) {
                    keys.add(null); // the entry stays as it is
                    oldKeys.add(null);
                    continue;
                }
                oldKeys.add(oldKey);
            }
            keys.add(key);
            if (ix.unique()) {
                Long other = conflict(ctx, ix, key, id);
                if (other != null) {
                    switch (onConflict) {
                        case IGNORE:
                            return null;
                        case REPLACE:
                            delete(ctx, other);
                            break;
                        default:
                            throw new OneLiteException(ix.primaryKey() ? ResultCode.CONSTRAINT_PRIMARYKEY
                                    : ResultCode.CONSTRAINT_UNIQUE, "UNIQUE constraint failed: " + ix.constraintColumns());
                    }
                }
            }
        }
        Object[] stored = values.clone();
        if (rowidAlias >= 0) {
            stored[rowidAlias] = null;
        }
        if (oldKeys != null) {
            for (int i = 0; i < indexes.size(); i++) {
                if (oldKeys.get(i) != null) {
                    ctx.storage.openIndex(indexes.get(i).root(), indexes.get(i).keyInfo()).delete(oldKeys.get(i));
                }
            }
        }
        c = ctx.storage.openTable(root);
        c.insert(id, stored);
        for (int i = 0; i < indexes.size(); i++) {
            if (keys.get(i) != null) {
                ctx.storage.openIndex(indexes.get(i).root(), indexes.get(i).keyInfo()).insert(keys.get(i));
            }
        }
        if (pendingColumns != null) {
            for (int col : pendingColumns) {
                pending.add(new CommitSeq.Pending(id, col));
            }
        }
        return id;
    }

    private Object[] key(IndexInfo ix, Object[] values, long rowid, Frame rf) {
        int n = ix.columns().length;
        Object[] key = new Object[n + 1];
        for (int i = 0; i < n; i++) {
            int col = ix.columns()[i];
            key[i] = col == -2 ? ix.exprs()[i].eval(rf) : col < 0 || col == rowidAlias ? (Object) rowid : values[col];
        }
        key[n] = rowid;
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

    /** The rowid of another row with the same unique key, or null (keys with a NULL never conflict). */
    private Long conflict(ExecContext ctx, IndexInfo ix, Object[] key, long rowid) {
        int n = key.length - 1;
        for (int i = 0; i < n; i++) {
            if (key[i] == null) {
                return null;
            }
        }
        KeyCursor kc = ctx.storage.openIndex(ix.root(), ix.keyInfo());
        Object[] prefix = java.util.Arrays.copyOf(key, n);
        for (boolean ok = kc.seekGE(prefix); ok; ok = kc.next()) {
            for (int i = 0; i < n; i++) {
                if (ValueOps.compare(kc.column(i), prefix[i], ix.keyInfo().collation(i)) != 0) {
                    return null;
                }
            }
            Object r = kc.column(n);
            if (r instanceof Long l && l != rowid) {
                return l;
            }
        }
        return null;
    }

    /**
     * The rowid of an existing row that inserting {@code values} would conflict with, through the
     * rowid (when {@code rowid} is given and {@code checkRowid}) or a unique index whose name is
     * in {@code indexNames} (null = any); null when there is none.
     */
    public Long conflictingRow(ExecContext ctx, Object[] values, Long rowid, boolean checkRowid,
                               java.util.Set<String> indexNames) {
        if (rowid != null && checkRowid && ctx.storage.openTable(root).seek(rowid)) {
            return rowid;
        }
        long id = rowid == null ? Long.MIN_VALUE : rowid;
        Frame rf = rowFrame(ctx, values, id);
        for (IndexInfo ix : indexes) {
            if (!ix.unique() || (indexNames != null && !indexNames.contains(ix.name()))) {
                continue;
            }
            if (ix.where() != null && !ValueOps.isTrue(ix.where().eval(rf))) {
                continue;
            }
            Long other = conflict(ctx, ix, key(ix, values, id, rf), id);
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
            if (ix.unique() && conflict(ctx, ix, key, rowid) != null) {
                throw new OneLiteException(ix.primaryKey() ? ResultCode.CONSTRAINT_PRIMARYKEY
                        : ResultCode.CONSTRAINT_UNIQUE, "UNIQUE constraint failed: " + ix.constraintColumns());
            }
            ctx.storage.openIndex(ix.root(), ix.keyInfo()).insert(key);
        }
    }

    /** Deletes a row and its index entries; false when it does not exist. */
    public boolean delete(ExecContext ctx, long rowid) {
        RowCursor c = ctx.storage.openTable(root);
        if (!c.seek(rowid)) {
            return false;
        }
        Object[] values = pad(c.row());
        Frame rf = rowFrame(ctx, values, rowid);
        for (IndexInfo ix : indexes) {
            if (ix.where() != null && !ValueOps.isTrue(ix.where().eval(rf))) {
                continue;
            }
            ctx.storage.openIndex(ix.root(), ix.keyInfo()).delete(key(ix, values, rowid, rf));
        }
        c.delete(rowid);
        return true;
    }

    /** The stored values of a row (defaults filled by the caller), or null. */
    public Object[] read(ExecContext ctx, long rowid) {
        RowCursor c = ctx.storage.openTable(root);
        if (!c.seek(rowid)) {
            return null;
        }
        return pad(c.row());
    }
}
