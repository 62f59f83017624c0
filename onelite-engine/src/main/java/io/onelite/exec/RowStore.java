package io.onelite.exec;

import io.onelite.catalog.ClusteredCursor;
import io.onelite.catalog.ClusteredKey;
import io.onelite.catalog.RowCursor;
import io.onelite.catalog.Storage;

/**
 * How a {@link TableWriter} keeps its table's rows; the writer keeps the constraints and the
 * secondary indexes on top of it. Two kinds, as in SQLite:
 * <ul>
 *   <li>{@link Rowid}: a table b-tree keyed by rowid; a row's reference is its rowid
 *       ({@code Long}); an index entry ends with the rowid.</li>
 *   <li>{@link Clustered}: a WITHOUT ROWID table, an index b-tree keyed by the primary key
 *       ({@link ClusteredKey}); a row's reference is its primary key ({@code Object[]}, key
 *       order); an index entry ends with the primary-key columns it lacks.</li>
 * </ul>
 * Values are in table order with affinity applied, as the writer hands them over.
 */
sealed interface RowStore permits RowStore.Rowid, RowStore.Clustered {

    /** The reference of the row that {@code values} (with {@code rowid}, for rowid tables) is. */
    Object ref(Object[] values, long rowid);

    /** The reference of a stored row with the same identity as {@code ref}, or null. */
    Object existing(ExecContext ctx, Object ref);

    /** The stored values of the row {@code ref} (as many columns as its record holds), or null. */
    Object[] read(ExecContext ctx, Object ref);

    /** Stores a row whose identity is free (the writer checked). */
    void put(ExecContext ctx, Object[] values, long rowid);

    /** Rewrites the stored row {@code ref} as {@code values}, which keep its identity (an UPDATE in place). */
    void replace(ExecContext ctx, Object ref, Object[] values, long rowid);

    /**
     * As {@link #replace} through {@code scan}, the cursor of a scan of this table on the row:
     * true when written so, the scan staying on the row; false, nothing written, when the row
     * is to be written through {@link #replace}.
     */
    default boolean replaceScanned(io.onelite.catalog.RowCursor scan, Object[] values) {
        return false;
    }

    /**
     * Deletes the row ({@code rowid}; {@code values} reads it, before anything is deleted, if the
     * row must be found again) the cursor {@code scan} of a scan of this table is on, through that
     * cursor, whose next step goes to the row after it; false, nothing deleted, when the scan's
     * cursor cannot write (a snapshot).
     */
    boolean removeScanned(io.onelite.catalog.RowCursor scan, long rowid, java.util.function.Supplier<Object[]> values);

    /** Removes the row {@code ref}; false when there is none. */
    boolean remove(ExecContext ctx, Object ref);

    /** The identity part of an index entry: the trailing rowid, or the primary-key columns the index lacks. */
    Object[] indexSuffix(TableWriter.IndexInfo ix, Object[] values, long rowid);

    /** The row an index entry {@code entry} of {@code ix} points at. */
    Object entryRef(TableWriter.IndexInfo ix, Object[] entry);

    /** Rowid tables: a table b-tree keyed by rowid. */
    record Rowid(int root, String db) implements RowStore {
        private RowCursor cursor(ExecContext ctx) {
            return (RowCursor) kept(ctx, this, db);
        }

        @Override
        public Object openCursor(Storage s) {
            return s.openTable(root);
        }

        /** A rowid for a new row (see {@link Storage#newRowid(RowCursor, int)}), through the kept cursor. */
        long newRowid(ExecContext ctx) {
            return ctx.storage(db).newRowid(cursor(ctx), root);
        }

        /** As the record's, without its generic (reflective) hashing: this is the kept cursor's cache key, sought per row. */
        @Override
        public int hashCode() {
            return 31 * root + db.hashCode();
        }

        @Override
        public Object ref(Object[] values, long rowid) {
            return rowid;
        }

        @Override
        public Object existing(ExecContext ctx, Object ref) {
            return cursor(ctx).seek((Long) ref) ? ref : null;
        }

        @Override
        public Object[] read(ExecContext ctx, Object ref) {
            RowCursor c = cursor(ctx);
            return c.seek((Long) ref) ? c.row() : null;
        }

        @Override
        public void put(ExecContext ctx, Object[] values, long rowid) {
            cursor(ctx).insert(rowid, values);
        }

        @Override
        public void replace(ExecContext ctx, Object ref, Object[] values, long rowid) {
            cursor(ctx).insert(rowid, values); // an insert of a stored rowid replaces its row
        }

        @Override
        public boolean remove(ExecContext ctx, Object ref) {
            return cursor(ctx).delete((Long) ref);
        }

        @Override
        public boolean removeScanned(io.onelite.catalog.RowCursor scan, long rowid, java.util.function.Supplier<Object[]> values) {
            return scan.deleteScanned(rowid);
        }

        /** Rewrites row {@code rowid} as the record {@code record} (SQLite's format, every stored column). */
        void putRecord(ExecContext ctx, long rowid, byte[] record) {
            cursor(ctx).insertRecord(rowid, record);
        }

        @Override
        public Object[] indexSuffix(TableWriter.IndexInfo ix, Object[] values, long rowid) {
            return new Object[]{rowid};
        }

        @Override
        public Object entryRef(TableWriter.IndexInfo ix, Object[] entry) {
            return entry[entry.length - 1] instanceof Long l ? l : null;
        }

    }

    /** A new cursor on this store's tree in the transaction {@code s} ({@link #kept} keeps it). */
    Object openCursor(Storage s);

    /**
     * One cursor ({@link #openCursor}) for every row the writers of {@code store}'s table read
     * back and write in one execution, kept in the execution's cache (never beyond it: it holds
     * the transaction's pages). Only once the transaction writes: a cursor opened before reads
     * the snapshot and could not write. Each use seeks first, so sharing it between writers and
     * nested triggers is safe, and the next row's seek starts near the last.
     */
    private static Object kept(ExecContext ctx, RowStore store, String db) {
        Storage s = ctx.storage(db);
        if (!s.isWriting()) {
            return store.openCursor(s);
        }
        if (ctx.cached(store) instanceof KeptCursor k && k.storage() == s) {
            return k.cursor();
        }
        Object c = store.openCursor(s);
        ctx.cache(store, new KeptCursor(s, c));
        return c;
    }

    /** A writing transaction's cursor on one table, kept for one execution. */
    record KeptCursor(Storage storage, Object cursor) {
    }

    /** WITHOUT ROWID tables: the rows are the keys of an index b-tree, primary key first. */
    final class Clustered implements RowStore {
        private final int root;
        private final String db;
        private final ClusteredKey layout;
        /** Per index (by identity): the primary-key positions its key appends, and where each sits in it. */
        private final java.util.Map<TableWriter.IndexInfo, int[][]> shapes = new java.util.IdentityHashMap<>();

        Clustered(int root, ClusteredKey layout, String db) {
            this.root = root;
            this.db = db;
            this.layout = layout;
        }

        private int[][] shape(TableWriter.IndexInfo ix) {
            return shapes.computeIfAbsent(ix, i -> new int[][]{
                layout.indexSuffix(i.columns(), i.keyCollations()),
                layout.primaryKeyPositions(i.columns(), i.keyCollations())});
        }

        private ClusteredCursor open(ExecContext ctx) {
            return (ClusteredCursor) kept(ctx, this, db);
        }

        @Override
        public Object openCursor(Storage s) {
            return new ClusteredCursor(s.openIndex(root, layout.keyInfo()), layout);
        }

        @Override
        public Object ref(Object[] values, long rowid) {
            return layout.primaryKey(values);
        }

        @Override
        public Object existing(ExecContext ctx, Object ref) {
            ClusteredCursor c = open(ctx);
            return c.seekKey((Object[]) ref) ? c.primaryKey() : null;
        }

        @Override
        public Object[] read(ExecContext ctx, Object ref) {
            ClusteredCursor c = open(ctx);
            return c.seekKey((Object[]) ref) ? c.row() : null;
        }

        @Override
        public void put(ExecContext ctx, Object[] values, long rowid) {
            open(ctx).keys().insert(layout.key(values));
        }

        /** One seek: the entry of the primary key is overwritten (an insert would add a second one). */
        @Override
        public void replace(ExecContext ctx, Object ref, Object[] values, long rowid) {
            ClusteredCursor c = open(ctx);
            if (!c.seekKey((Object[]) ref)) {
                throw new IllegalStateException("the row to rewrite is gone: " + java.util.Arrays.toString((Object[]) ref));
            }
            c.keys().replaceCurrent(layout.key(values));
        }

        /** A scan's entry rewritten where it is (the primary key kept), through the scan's cursor. */
        @Override
        public boolean replaceScanned(io.onelite.catalog.RowCursor scan, Object[] values) {
            return scan instanceof ClusteredCursor c
                    && c.keys().rewriteScanned(io.onelite.btree.Record.encode(layout.key(values)), layout.pkLength());
        }

        @Override
        public boolean removeScanned(io.onelite.catalog.RowCursor scan, long rowid, java.util.function.Supplier<Object[]> values) {
            return scan instanceof ClusteredCursor c && c.keys().deleteScanned(() -> layout.primaryKey(values.get()));
        }

        @Override
        public boolean remove(ExecContext ctx, Object ref) {
            ClusteredCursor c = open(ctx);
            return c.seekKey((Object[]) ref) && c.keys().delete(c.key());
        }

        @Override
        public Object[] indexSuffix(TableWriter.IndexInfo ix, Object[] values, long rowid) {
            int[] suffix = shape(ix)[0];
            Object[] out = new Object[suffix.length];
            for (int i = 0; i < suffix.length; i++) {
                out[i] = values[layout.keyColumns()[suffix[i]]];
            }
            return out;
        }

        @Override
        public Object entryRef(TableWriter.IndexInfo ix, Object[] entry) {
            int[] at = shape(ix)[1];
            Object[] pk = new Object[at.length];
            for (int i = 0; i < at.length; i++) {
                pk[i] = at[i] < entry.length ? entry[at[i]] : null;
            }
            return pk;
        }
    }
}
