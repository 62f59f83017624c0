package io.onelite.btree;

import io.onelite.common.CorruptDatabaseException;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.pager.PageStore;

/**
 * A cursor over a table (INTKEY) b-tree: rowid keys, record payloads in the leaves. Not
 * thread-safe. Every movement reports the rowid interval it covered to the
 * {@link TreeAccessListener} (see its javadoc); writes report before-images. After an insert or
 * delete through any cursor of the same tree, other cursors must seek again; this cursor stays
 * on the inserted row after {@link #insert} and is invalid after {@link #delete}.
 */
public final class TableCursor {
    private final PageStore store;
    private final int root;
    private final TreeAccessListener listener;
    /** A missed seek's rowid whose gap to the current entry is not reported yet. */
    private long gapFrom;
    private boolean gapPending;
    private final CursorPath path;
    private long target;
    private boolean reposition;
    private long repositionTo;
    private final CursorPath.Probe probe = (p, i) -> Long.compare(p.rowid(i), target);

    /** Where the last seek of the cursors sharing it ended; see {@link #TableCursor(PageStore, int, TreeAccessListener, Hint)}. */
    public static final class Hint {
        private final CursorPath.Hint path = new CursorPath.Hint();
    }

    private final CursorPath.Hint hint;

    public TableCursor(PageStore s, int root, TreeAccessListener l) {
        this(s, root, l, null);
    }

    /**
     * A cursor whose seeks start from where the last seek through {@code hint} (shared by the
     * cursors of one transaction) ended when that is still valid: same store, same tree,
     * nothing written since but rows of that leaf rewritten in place by such a cursor (an
     * UPDATE's or DELETE's rows, one after the other), the rowid within that leaf or past the
     * end of the right-most one. Positions and reports are the same as from the root; only the
     * pages above the leaf are not read again.
     */
    public TableCursor(PageStore s, int root, TreeAccessListener l, Hint hint) {
        this.store = s;
        this.root = root;
        this.listener = l == null ? TreeAccessListener.NONE : l;
        this.path = new CursorPath(s, root);
        this.hint = hint == null ? null : hint.path;
    }

    private void checkTable() {
        if (!path.isTable()) {
            throw new CorruptDatabaseException(root, "a table cursor on an index tree");
        }
    }

    /**
     * The number of rows, from the pages' cell counts (nothing decoded; see {@link TreeCount});
     * reported as a read of the whole rowid range. Leaves the cursor's position undefined.
     */
    public long count() {
        reposition = false;
        gapPending = false;
        listener.tableRead(root, Long.MIN_VALUE, Long.MAX_VALUE);
        return TreeCount.entries(store, root);
    }

    /**
     * The number of rows whose rowid lies in {@code [lo, hi]}, reading only the pages the range
     * spans ({@link RangeCount}); reported as a read of that interval. Leaves the cursor's
     * position undefined.
     */
    public long countBetween(long lo, long hi) {
        reposition = false;
        gapPending = false;
        listener.tableRead(root, lo, hi);
        if (lo > hi) {
            return 0;
        }
        return RangeCount.between(store, root, lo == Long.MIN_VALUE ? null : rowidEnd(lo, false),
                hi == Long.MAX_VALUE ? null : rowidEnd(hi, true));
    }

    private static RangeCount.End rowidEnd(long rowid, boolean upper) {
        return new RangeCount.End((p, i) -> Long.compare(p.rowid(i), rowid), upper);
    }

    /**
     * Moves to the first row and estimates the number of rows from the page cell counts on the
     * way there ({@link CursorPath#rowCountEstimate}); reported as a read of the whole rowid
     * range, as {@link #count()}.
     */
    public long countEstimate() {
        long n = sizeEstimate();
        listener.tableRead(root, Long.MIN_VALUE, Long.MAX_VALUE);
        return n;
    }

    /** {@link #countEstimate} without reporting a read: for a plan's choice, on which no result depends. */
    public long sizeEstimate() {
        return firstUnreported() ? path.rowCountEstimate() : 0;
    }

    /**
     * The bytes a row takes on the first leaf page, on average (0 when the table is empty): a
     * width for a plan's choice, without reporting a read, as {@link #sizeEstimate}.
     */
    public int rowBytesEstimate() {
        return firstUnreported() ? path.bytesPerLeafCell() : 0;
    }

    public boolean first() {
        boolean ok = firstUnreported();
        listener.tableRead(root, Long.MIN_VALUE, ok ? rowid() : Long.MAX_VALUE);
        return ok;
    }

    /** Moves to the first row; the caller reports the read, if any. */
    private boolean firstUnreported() {
        ordered = false;
        deleted = false;
        reposition = false;
        gapPending = false;
        boolean ok = path.first();
        checkTable();
        return ok;
    }

    public boolean last() {
        ordered = false;
        deleted = false;
        reposition = false;
        gapPending = false;
        boolean ok = path.last();
        checkTable();
        listener.tableRead(root, ok ? rowid() : Long.MIN_VALUE, Long.MAX_VALUE);
        return ok;
    }

    public boolean next() {
        if (deleted) { // the row after the one deleted is the step
            deleted = false;
            settle();
            boolean ok = path.valid;
            listener.tableRead(root, repositionTo, ok ? rowid() : Long.MAX_VALUE);
            return ok;
        }
        settle();
        if (!path.valid) {
            return false;
        }
        if (listener == TreeAccessListener.NONE && !ordered) {
            return path.next(); // nobody to tell the rowids stepped over (a plain read)
        }
        long from = rowid();
        boolean ok = path.next();
        if (ok && ordered && rowid() <= from) {
            throw outOfOrder(from);
        }
        listener.tableRead(root, from, ok ? rowid() : Long.MAX_VALUE);
        return ok;
    }

    public boolean prev() {
        if (deleted) { // the row before the one deleted is the step
            deleted = false;
            find(repositionTo, true);
            boolean ok = path.backwardFromSlot();
            listener.tableRead(root, ok ? rowid() : Long.MIN_VALUE, repositionTo);
            return ok;
        }
        settle();
        if (!path.valid) {
            return false;
        }
        if (listener == TreeAccessListener.NONE && !ordered) {
            return path.prev();
        }
        long from = rowid();
        boolean ok = path.prev();
        if (ok && ordered && rowid() >= from) {
            throw outOfOrder(from);
        }
        listener.tableRead(root, ok ? rowid() : Long.MIN_VALUE, from);
        return ok;
    }

    private CorruptDatabaseException outOfOrder(long from) {
        return new CorruptDatabaseException(root, "rowid " + rowid() + " next to " + from + " in a scan");
    }

    /**
     * Seeks {@code rowid}: true when positioned on it; else positioned on the nearest entry
     * (the next larger one, or the largest when none is larger), {@link #valid()} false if the
     * tree is empty.
     */
    public boolean seek(long rowid) {
        locate(rowid, false);
        boolean found;
        if (path.lastAfterEnd()) {
            found = false; // past the largest rowid (an insert's check of a new one): resting on the last row
        } else {
            found = path.forwardFromSlot() && path.page().rowid(path.cellIndex()) == rowid;
            if (!found && !path.valid) {
                path.last();
            }
        }
        // A probe observes only whether this rowid exists. The gap up to the nearest entry is
        // reported later, and only if the caller goes on to use that position (gapFrom).
        listener.tableRead(root, rowid, rowid);
        gapPending = !found;
        gapFrom = rowid;
        return found;
    }

    /** After a missed {@link #seek}, reports the gap to the entry the cursor rests on once it is used. */
    private void reportGap() {
        if (gapPending) {
            gapPending = false;
            if (path.valid) {
                long r = path.page().rowid(path.cellIndex());
                listener.tableRead(root, Math.min(r, gapFrom), Math.max(r, gapFrom));
            }
        }
    }

    /** Positions on the smallest rowid {@code >= rowid}; false if there is none. */
    public boolean seekGE(long rowid) {
        locate(rowid, false);
        boolean ok = path.forwardFromSlot();
        listener.tableRead(root, rowid, ok ? rowid() : Long.MAX_VALUE);
        return ok;
    }

    /** Positions on the largest rowid {@code <= rowid}; false if there is none. */
    public boolean seekLE(long rowid) {
        locate(rowid, true);
        boolean ok = path.backwardFromSlot();
        listener.tableRead(root, ok ? rowid() : Long.MIN_VALUE, rowid);
        return ok;
    }

    /** A seek: the rewriting scan's state ends ({@link #ordered}, {@link #deleted}). */
    private void locate(long rowid, boolean upper) {
        ordered = false;
        deleted = false;
        find(rowid, upper);
    }

    /** Puts the path where {@code rowid} is or would be, from the hint when it holds. */
    private void find(long rowid, boolean upper) {
        reposition = false;
        gapPending = false;
        target = rowid;
        if (hint == null) {
            path.descend(probe, upper);
            checkTable();
        } else if (upper || !path.descendFrom(hint, probe)) {
            path.descend(probe, upper);
            checkTable();
            path.save(hint);
        }
    }

    public boolean valid() {
        settle();
        return path.valid;
    }

    private void requireValid() {
        if (!path.valid) {
            throw new IllegalStateException("cursor is not on a row");
        }
    }

    public long rowid() {
        settle();
        requireValid();
        return path.page().rowid(path.cellIndex());
    }

    /** The record of the current row, overflow content included. */
    public byte[] payload() {
        settle();
        requireValid();
        BTreePage p = path.page();
        return Overflow.payload(store, p, p.cell(path.cellIndex()));
    }

    /**
     * Hands the record of the current row to {@code into}: read in place in the page when the
     * store is a read-only snapshot (whose page arrays never change) and the record all local,
     * else copied (into the reader's kept buffer when all local: a writable store's pages change
     * under later writes).
     */
    void loadPayload(RecordReader into) {
        settle();
        requireValid();
        BTreePage p = path.page();
        long local = p.localPayload(path.cellIndex());
        int start;
        int size;
        if (local >= 0) { // the usual case: no CellInfo made per row
            start = (int) (local >>> 32);
            size = (int) local;
        } else {
            CellInfo c = p.cell(path.cellIndex());
            if (c.hasOverflow()) {
                byte[] all = Overflow.payload(store, p, c);
                into.set(all, 0, all.length);
                return;
            }
            start = c.payloadStart();
            size = c.localSize();
        }
        if (!store.writable()) {
            into.set(p.data, start, size);
        } else {
            byte[] out = into.bufferFor(size);
            System.arraycopy(p.data, start, out, 0, size);
            into.set(out, 0, size);
        }
    }

    /**
     * {@link RecordReader#compareInteger} of column {@code i} of the current row read in place in
     * its page, whatever the store (nothing is kept that a later write could change), with no
     * record loaded: {@link RecordReader#COMPARE_LOAD} when the record is not one
     * {@link RecordHeader#peekCompareInteger} reads, or overflows its page.
     */
    public int compareIntegerInPlace(int i, long k) {
        settle();
        requireValid();
        return path.page().compareIntegerInPlace(path.cellIndex(), i, k);
    }

    /** The largest rowid, 0 when the table is empty; not reported as a read. */
    public long maxRowid() {
        reposition = false;
        gapPending = false;
        boolean ok = hint != null && path.lastFrom(hint) || path.last();
        checkTable();
        return ok ? rowid() : 0;
    }

    private void requireWritable() {
        if (!store.writable()) {
            throw new OneLiteException(ResultCode.READONLY, "attempt to write a readonly database");
        }
        if (!autoVacuumChecked) { // the file header's flag does not change while a cursor lives
            BTree.requireNoAutoVacuum(store);
            autoVacuumChecked = true;
        }
    }

    private boolean autoVacuumChecked;

    /** Inserts the row, or replaces the row with that rowid; reports tableInsert with the old payload. */
    public void insert(long rowid, byte[] payload) {
        requireWritable();
        locate(rowid, false);
        BTreePage leaf = path.page();
        int i = path.cellIndex();
        boolean exists = i < leaf.cellCount && leaf.rowid(i) == rowid;
        // the before-image is read only for a listener that keeps it
        byte[] before = exists && listener != TreeAccessListener.NONE ? Overflow.payload(store, leaf, leaf.cell(i)) : null;
        byte[] cell = Cells.tableLeaf(store, rowid, payload);
        if (!Balancer.putInPlace(store, leaf.pgno, i, cell, exists)) {
            if (exists || !Balancer.appendQuick(store, path, i, cell)) {
                new Balancer(store, path).putLeafCell(i, cell, exists);
            }
        } else if (hint != null) {
            path.leafRewritten(hint);
        }
        listener.tableInsert(root, rowid, payload, before);
        repositionTo = rowid;
        path.valid = true; // lazily: the next access seeks the inserted row again
        reposition = true;
    }

    /**
     * The row {@code rowid} this cursor is on was rewritten through another cursor of the tree (an
     * UPDATE writing each row its scan is on, as SQLite's one-pass UPDATE): the cursor stays on
     * it, found again (silently: it is the row the cursor was on) on its next move, for the write
     * may have moved cells between pages. A cursor on a read-only snapshot, which no write
     * changes, stays as it is.
     */
    public void stayOn(long rowid) {
        if (store.writable()) {
            repositionTo = rowid;
            path.valid = true;
            reposition = true;
            ordered = true;
        }
    }

    /**
     * Whether this cursor's scan rewrites the rows it walks ({@link #stayOn} since its last seek):
     * each step must then go on in rowid order. In a corrupt tree (cells out of order, a page
     * twice) the row written may be found again elsewhere, and such a scan would go round
     * forever: SQLITE_CORRUPT instead.
     */
    private boolean ordered;

    /**
     * Rewrites the current row, {@code rowid}, as {@code payload} through this cursor when that
     * can be done in its leaf, as SQLite's one-pass UPDATE writes through the cursor of its scan:
     * a writable store, the cursor on that row with its path as the store now is (nothing written
     * through another cursor since it moved), the new cell fitting the page. The cursor stays on
     * the row, and its next move steps on from it. False, nothing written, otherwise.
     */
    public boolean rewriteCurrent(long rowid, byte[] payload) {
        if (reposition || gapPending || !path.valid || !store.writable() || !path.current()) {
            return false;
        }
        BTreePage leaf = path.page();
        int i = path.cellIndex();
        if (i >= leaf.cellCount || leaf.rowid(i) != rowid) {
            return false;
        }
        requireWritable();
        byte[] before = listener != TreeAccessListener.NONE ? Overflow.payload(store, leaf, leaf.cell(i)) : null;
        if (!Balancer.replaceInPlace(store, leaf, i, Cells.tableLeaf(store, rowid, payload))) {
            return false;
        }
        if (hint != null) {
            path.leafRewritten(hint);
        } else {
            path.leafRewritten();
        }
        listener.tableInsert(root, rowid, payload, before);
        return true;
    }

    /**
     * As {@link #rewriteCurrent} with the record of the current row patched
     * ({@link RecordHeader#patched}) where it lies in the leaf, when no byte moves: each value set
     * takes as many bytes as the one it replaces (an integer within its size, a REAL, a text of
     * the same length) and every serial type is one byte. No record or cell is built. False,
     * nothing written, otherwise, or when writes are traced (a listener sees whole payloads).
     */
    public boolean patchInPlace(long rowid, int[] positions, Object[] values) {
        if (listener != TreeAccessListener.NONE || reposition || gapPending || !path.valid || !store.writable()
                || !path.current()) {
            return false;
        }
        BTreePage leaf = path.page();
        int i = path.cellIndex();
        if (i >= leaf.cellCount || leaf.rowid(i) != rowid) {
            return false;
        }
        requireWritable();
        if (!leaf.patchInPlace(store, i, patchHeader, positions, values)) {
            return false;
        }
        if (hint != null) {
            path.leafRewritten(hint);
        } else {
            path.leafRewritten();
        }
        return true;
    }

    /** {@link #patchInPlace}'s view of the record it patches. */
    private final RecordHeader patchHeader = new RecordHeader();

    /**
     * Deletes the current row, {@code rowid}, through this cursor, as SQLite's one-pass DELETE
     * deletes through the cursor of its scan: the next {@link #next} moves to the row after it,
     * {@link #prev} to the one before. The row is found again first when anything was written
     * since the cursor moved. False, nothing deleted, when the store is a read-only snapshot.
     */
    public boolean deleteScanned(long rowid) {
        if (!store.writable()) {
            return false;
        }
        requireWritable();
        settle();
        if (!(path.valid && path.current() && path.page().rowid(path.cellIndex()) == rowid)) {
            find(rowid, false);
            if (!path.forwardFromSlot() || path.page().rowid(path.cellIndex()) != rowid) {
                throw new CorruptDatabaseException(root, "the row " + rowid + " a scan is on is gone");
            }
        }
        removeCurrent(rowid);
        repositionTo = rowid;
        reposition = true;
        path.valid = true;
        deleted = true;
        return true;
    }

    /** Whether the row {@link #repositionTo} names was deleted by {@link #deleteScanned}: the next move is to its neighbour. */
    private boolean deleted;

    /** Re-seeks the row an insert left the cursor on, silently, when first needed. */
    private void settle() {
        reportGap();
        if (reposition) {
            find(repositionTo, false);
            path.forwardFromSlot();
        }
    }

    /** Deletes the row; reports tableDelete with its payload. False (reported as a read) if absent. */
    public boolean delete(long rowid) {
        requireWritable();
        locate(rowid, false);
        BTreePage leaf = path.page();
        int i = path.cellIndex();
        if (i >= leaf.cellCount || leaf.rowid(i) != rowid) {
            path.valid = false;
            listener.tableRead(root, rowid, rowid);
            return false;
        }
        removeCurrent(rowid);
        path.valid = false;
        return true;
    }

    /** Removes the row the path is on, {@code rowid}, in its leaf where it can; reports tableDelete with its payload. */
    private void removeCurrent(long rowid) {
        BTreePage leaf = path.page();
        int i = path.cellIndex();
        byte[] before = listener != TreeAccessListener.NONE ? Overflow.payload(store, leaf, leaf.cell(i)) : null;
        if (!FreeSpace.dropLeafCell(store, leaf.pgno, i, path.depth == 0)) {
            new Balancer(store, path).removeEntry(path.depth, i);
        } else if (hint != null) {
            path.leafRewritten(hint); // the next row is found from this leaf
        }
        listener.tableDelete(root, rowid, before);
    }
}
