package io.onelite.btree;

import io.onelite.common.CorruptDatabaseException;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.pager.PageStore;

/**
 * A cursor over an index b-tree (a true B-tree: interior cells are entries too). Keys are
 * records: the indexed columns then the rowid. Seeks take a key that may be a prefix. Not
 * thread-safe; reports intervals and writes to the {@link TreeAccessListener} as its javadoc
 * says (an open end is {@code null}).
 */
public final class IndexCursor {
    private final PageStore store;
    private final int root;
    private final KeyInfo keyInfo;
    private final TreeAccessListener listener;
    /** False for {@link TreeAccessListener#NONE}: then no key is decoded just to be reported. */
    private final boolean tracing;
    private final CursorPath path;
    private Object[] target;
    private byte[][] targetUtf8;
    private boolean reposition;
    /** The entry a seek finds again on the next access; null while only {@link #repositionRecord} holds it. */
    private Object[] repositionTo;
    /** The record of the entry {@link #deleteScanned} removed, decoded into {@link #repositionTo} only if needed. */
    private byte[] repositionRecord;
    private final CursorPath.Probe probe;
    /** Parsed into by each key comparison of a seek (one header for the cursor's life). */
    private final RecordHeader scratch = new RecordHeader();

    /**
     * After this many seeks in a row whose key lay outside the leaf the path was on, or far from
     * its slot (lookups in no key order: an outer loop over another index), {@link
     * CursorPath#descendNear} is tried only every {@link #NEAR_RETRY}th seek: each try compares a
     * cell or two for nothing, and a long gallop costs more than a descent. A path a write made
     * stale is no miss (nothing was compared).
     */
    private static final int NEAR_MISSES = 4;
    /**
     * Far, in a tree of one page: a gallop over more cells (8 comparisons and more) costs what a
     * binary search of the whole leaf does; there every key lies in the leaf, so lookups in no
     * order would otherwise all gallop.
     */
    static final int NEAR_CELLS_ONE_PAGE = 8;
    /** Far, in a deeper tree: a descent binary-searches a page per level (16 comparisons and more). */
    static final int NEAR_CELLS = 64;
    private static final int NEAR_RETRY = 16;
    private int nearMisses;
    private int seeksSinceNear;

    public IndexCursor(PageStore s, int root, KeyInfo keyInfo, TreeAccessListener l) {
        this.store = s;
        this.root = root;
        this.keyInfo = keyInfo == null ? KeyInfo.BINARY : keyInfo;
        this.listener = l == null ? TreeAccessListener.NONE : l;
        this.tracing = this.listener != TreeAccessListener.NONE;
        this.path = new CursorPath(s, root);
        this.probe = (p, i) -> KeyCompare.compareCell(store, p, i, target, targetUtf8, this.keyInfo, scratch);
    }

    private void checkIndex() {
        if (path.isTable()) {
            throw new CorruptDatabaseException(root, "an index cursor on a table tree");
        }
    }

    private void report(Object[] lo, Object[] hi) {
        listener.indexRead(root, keyInfo, lo, hi);
    }

    /** The current key for a report, or null (never read) when nobody listens. */
    private Object[] keyIfTraced(boolean ok) {
        return ok && tracing ? key() : null;
    }

    /**
     * The number of entries, from the pages' cell counts (nothing decoded; see {@link TreeCount});
     * reported as a read of the whole key range. Leaves the cursor's position undefined.
     */
    public long count() {
        reposition = false;
        if (tracing) {
            report(null, null);
        }
        return TreeCount.entries(store, root);
    }

    /**
     * The number of entries from {@code lo} to {@code hi} in key order (a prefix key stands for
     * every entry starting with it; null = open end): those {@link #seekGE} ({@link #seekGT}
     * when not {@code loInclusive}) and then steps would visit while {@code <= hi} ({@code < hi}).
     * Only the pages the range spans are read, and only the cells the two descents compare are
     * decoded ({@link RangeCount}); reported as a read of {@code [lo, hi]}. Leaves the cursor's
     * position undefined.
     */
    public long countBetween(Object[] lo, boolean loInclusive, Object[] hi, boolean hiInclusive) {
        reposition = false;
        if (tracing) {
            report(lo, hi);
        }
        return RangeCount.between(store, root, end(lo, !loInclusive), end(hi, hiInclusive));
    }

    private RangeCount.End end(Object[] key, boolean upper) {
        if (key == null) {
            return null;
        }
        byte[][] utf8 = KeyCompare.utf8(key);
        RecordHeader h = new RecordHeader();
        return new RangeCount.End((p, i) -> KeyCompare.compareCell(store, p, i, key, utf8, keyInfo, h), upper);
    }

    /**
     * Moves to the first entry and estimates the number of entries from the page cell counts on
     * the way there ({@link CursorPath#rowCountEstimate}, SQLite's {@code OP_Count} with P3=1
     * after a rewind); reported as a read of the whole key range, as {@link #count()}.
     */
    public long countEstimate() {
        long n = sizeEstimate();
        if (tracing) {
            report(null, null);
        }
        return n;
    }

    /** {@link #countEstimate} without reporting a read: for a plan's choice, on which no result depends. */
    public long sizeEstimate() {
        return firstUnreported() ? path.rowCountEstimate() : 0;
    }

    public boolean first() {
        boolean ok = firstUnreported();
        if (tracing) {
            report(null, keyIfTraced(ok));
        }
        return ok;
    }

    /** Moves to the first entry; the caller reports the read, if any. */
    private boolean firstUnreported() {
        deleted = false;
        reposition = false;
        boolean ok = path.first();
        checkIndex();
        return ok;
    }

    public boolean last() {
        deleted = false;
        reposition = false;
        boolean ok = path.last();
        checkIndex();
        if (tracing) {
            report(keyIfTraced(ok), null);
        }
        return ok;
    }

    public boolean next() {
        if (deleted) { // the entry after the one deleted is the step
            deleted = false;
            Object[] gone = tracing ? repositionKey() : null;
            settle();
            if (tracing) {
                report(gone, keyIfTraced(path.valid));
            }
            return path.valid;
        }
        settle();
        if (!path.valid) {
            return false;
        }
        Object[] from = keyIfTraced(true);
        boolean ok = path.next();
        if (tracing) {
            report(from, keyIfTraced(ok));
        }
        return ok;
    }

    public boolean prev() {
        if (deleted) { // the entry before the one deleted is the step
            deleted = false;
            Object[] gone = repositionKey();
            boolean ok;
            if (reposition && slotAfterDelete && path.current()) { // dropped in its leaf, nothing written since: the slot before
                reposition = false;
                ok = path.backwardFromSlot();
            } else {
                find(gone, true);
                ok = path.backwardFromSlot();
            }
            if (tracing) {
                report(keyIfTraced(ok), gone);
            }
            return ok;
        }
        settle();
        if (!path.valid) {
            return false;
        }
        Object[] from = keyIfTraced(true);
        boolean ok = path.prev();
        if (tracing) {
            report(keyIfTraced(ok), from);
        }
        return ok;
    }

    public boolean valid() {
        settle();
        return path.valid;
    }

    /** A seek: a deleted entry's step ({@link #deleted}) ends. */
    private void locate(Object[] key, boolean upper) {
        deleted = false;
        find(key, upper);
    }

    /** Puts the path where {@code key} is or would go, near the last entry when it can. */
    private void find(Object[] key, boolean upper) {
        reposition = false;
        target = key;
        targetUtf8 = KeyCompare.utf8(key);
        if (path.nearUsable() && (nearMisses < NEAR_MISSES || ++seeksSinceNear >= NEAR_RETRY)) {
            seeksSinceNear = 0;
            int from = path.leafSlot();
            if (path.descendNear(probe, upper)) {
                int far = path.onePage() ? NEAR_CELLS_ONE_PAGE : NEAR_CELLS;
                nearMisses = Math.abs(path.leafSlot() - from) > far ? Math.min(nearMisses + 1, NEAR_MISSES) : 0;
                checkIndex();
                return;
            }
            nearMisses = Math.min(nearMisses + 1, NEAR_MISSES);
        }
        path.descend(probe, upper);
        checkIndex();
    }

    /** Positions on the first entry {@code >= key}; false if none. */
    public boolean seekGE(Object[] key) {
        locate(key, false);
        boolean ok = path.forwardFromSlot();
        if (tracing) {
            report(key, keyIfTraced(ok));
        }
        return ok;
    }

    /**
     * Positions on the first entry starting with {@code prefix}; false when no entry does (the
     * cursor is then not on a matching entry). A point probe, as a UNIQUE or primary-key check:
     * it reports only {@code [prefix, prefix]}, every key starting with it (the same array at
     * both ends), since the entries around that range did not steer the answer.
     */
    public boolean seekPrefix(Object[] prefix) {
        locate(prefix, false);
        boolean ok = path.forwardFromSlot();
        if (ok) { // compared in the page, as the seek compared: no key decoded
            ok = KeyCompare.compareCell(store, path.page(), path.cellIndex(), prefix, targetUtf8, keyInfo, scratch) == 0;
        }
        if (tracing) {
            report(prefix, prefix);
        }
        return ok;
    }

    /** Positions on the first entry {@code > key} (after every entry starting with a prefix key); false if none. */
    public boolean seekGT(Object[] key) {
        locate(key, true);
        boolean ok = path.forwardFromSlot();
        if (tracing) {
            report(key, keyIfTraced(ok));
        }
        return ok;
    }

    /** Positions on the last entry {@code <= key} (prefix keys: the last entry starting with it); false if none. */
    public boolean seekLE(Object[] key) {
        locate(key, true);
        boolean ok = path.backwardFromSlot();
        if (tracing) {
            report(keyIfTraced(ok), key);
        }
        return ok;
    }

    /** Positions on the last entry {@code < key}; false if none. */
    public boolean seekLT(Object[] key) {
        locate(key, false);
        boolean ok = path.backwardFromSlot();
        if (tracing) {
            report(keyIfTraced(ok), key);
        }
        return ok;
    }

    /** The current entry decoded (read in place from the page when it has no overflow). */
    public Object[] key() {
        RecordHeader h = currentHeader();
        Object[] out = new Object[h.columnCount()];
        for (int i = 0; i < out.length; i++) {
            out[i] = h.value(i);
        }
        return out;
    }

    /** Column {@code i} of the current entry, NULL past its last; no other column decoded. */
    public Object column(int i) {
        RecordHeader h = currentHeader();
        return h.has(i) ? h.value(i) : null;
    }

    /** The header of the current entry, parsed into the scratch header (read in place without overflow). */
    private RecordHeader currentHeader() {
        settleOnEntry();
        BTreePage p = path.page();
        long local = p.localPayload(path.cellIndex());
        return local >= 0 ? scratch.reset(p.data, (int) (local >>> 32), (int) local)
                : scratch.reset(Overflow.payload(store, p, p.cell(path.cellIndex())));
    }

    /**
     * Whether the current entry's first {@code prefix.length} columns equal {@code prefix} under
     * the index's collations, compared in the page as a seek compares (an integer first column
     * read straight from the record): an index lookup checks that the entry it stepped to still
     * has its key without decoding the entry.
     */
    public boolean startsWith(Object[] prefix) {
        settleOnEntry();
        // a walk checks one prefix on every entry it steps to, mostly the key it sought: its text
        // is made UTF-8 once, not per entry (an array passed again is the same key: see KeyCursor)
        byte[][] utf8;
        if (prefix == target) {
            utf8 = targetUtf8;
        } else {
            if (prefix != checkedPrefix) {
                checkedPrefix = prefix;
                checkedUtf8 = KeyCompare.utf8(prefix);
            }
            utf8 = checkedUtf8;
        }
        return KeyCompare.compareCell(store, path.page(), path.cellIndex(), prefix, utf8, keyInfo, scratch) == 0;
    }

    /** The prefix {@link #startsWith} checked last (when not the sought key) and its UTF-8 text. */
    private Object[] checkedPrefix;
    private byte[][] checkedUtf8;

    /** The current entry as an encoded record, overflow content included. */
    public byte[] keyRecord() {
        settleOnEntry();
        BTreePage p = path.page();
        return Overflow.payload(store, p, p.cell(path.cellIndex()));
    }

    private void settleOnEntry() {
        settle();
        if (!path.valid) {
            throw new IllegalStateException("cursor is not on an entry");
        }
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

    /** Inserts the entry (indexed columns + rowid); an equal entry is replaced. Reports indexInsert. */
    public void insert(Object[] key) {
        requireWritable();
        byte[] record = Record.encode(key);
        locate(key, false);
        Balancer b = new Balancer(store, path); // the leaf slot where a new entry goes
        int slot = path.cellIndex();
        if (path.forwardFromSlot() && isExactly(key)) {
            new Balancer(store, path).removeEntry(path.depth, path.cellIndex());
            locate(key, false);
            b = new Balancer(store, path);
            slot = path.cellIndex();
        }
        b.putLeafCell(slot, Cells.indexLeaf(store, record), false);
        listener.indexInsert(root, keyInfo, record);
        repositionTo = key;
        repositionRecord = null;
        slotAfterDelete = false;
        path.valid = true; // lazily: the next access seeks the inserted entry again
        reposition = true;
    }

    /**
     * Replaces the entry the cursor is on (just found, nothing written since) by {@code key}, which
     * sorts in its place (a WITHOUT ROWID row rewritten with the same primary key): in place when
     * the entry is a leaf cell, neither it nor the new one spills to overflow pages and the page
     * holds the new cell (as SQLite overwrites the entry its cursor is on); else the entry is
     * deleted and {@code key} inserted. Reports the delete and the insert either way.
     */
    public void replaceCurrent(Object[] key) {
        requireWritable();
        settleOnEntry();
        if (overwriteInPlace(Record.encode(key))) {
            path.valid = false;
            return;
        }
        delete(key());
        insert(key);
    }

    /**
     * Overwrites the entry the cursor is on with {@code record} where it is, when neither it nor
     * the new one spills and the page holds the new cell (an interior entry: one of its size);
     * reports the delete and the insert, and refreshes the page (the next seek starts from it).
     * False, nothing written, otherwise.
     */
    private boolean overwriteInPlace(byte[] record) {
        BTreePage p = path.page();
        if (!p.isLeaf()) {
            return overwriteInteriorInPlace(p, record);
        }
        if (PageHeader.localSize(PageHeader.INDEX_LEAF, store.usableSize(), record.length) != record.length) {
            return false;
        }
        byte[] before = tracing ? keyRecord() : null;
        // all local: building the cell allocates no overflow page that a failed attempt would leave behind
        if (!Balancer.putInPlace(store, p.pgno, path.cellIndex(), Cells.indexLeaf(store, record), true)) {
            return false;
        }
        return overwritten(before, record);
    }

    /** After an overwrite in place of the entry {@code before} by {@code record}: both reported, the page refreshed. */
    private boolean overwritten(byte[] before, byte[] record) {
        listener.indexDelete(root, keyInfo, before); // a write even when the bytes are the same, for a traced transaction's conflicts
        listener.indexInsert(root, keyInfo, record);
        path.leafRewritten();
        return true;
    }

    /**
     * The current entry's record with column {@code positions[k]} set to {@code values[k]}, the
     * others' bytes copied ({@link RecordHeader#patched}); null when the entry has no column at
     * one of the positions.
     */
    public byte[] patchedCurrent(int[] positions, Object[] values) {
        return currentHeader().patchedIfHeld(positions, values);
    }

    /**
     * Patches the entry a scan through this cursor is on where it lies (in a leaf or an interior page), column
     * {@code positions[k]} (none of the columns that order the entry) set to {@code values[k]},
     * when no byte moves ({@link RecordHeader#patchableInPlace}): nothing built, the cursor still
     * on the entry. False, nothing written, otherwise: anything written since the cursor moved,
     * part of it on overflow pages, writes traced, a read-only snapshot.
     */
    public boolean patchScannedInPlace(int[] positions, Object[] values) {
        if (tracing || reposition || !store.writable()) {
            return false;
        }
        if (!path.valid || !path.current()) {
            return false;
        }
        BTreePage p = path.page(); // a leaf, or an interior page: an index keeps entries there too
        requireWritable();
        if (!p.patchInPlace(store, path.cellIndex(), patchHeader, positions, values)) {
            return false;
        }
        path.leafRewritten();
        return true;
    }

    /**
     * {@link RecordReader#compareInteger} of column {@code i} of the current entry read in place
     * in its page, no key decoded: {@link RecordReader#COMPARE_LOAD} when the entry is not one
     * {@link RecordHeader#peekCompareInteger} reads, or overflows its page. A filter such as
     * {@code g = 4} over a WITHOUT ROWID table asks this of every entry.
     */
    public int compareIntegerInPlace(int i, long k) {
        settleOnEntry();
        return path.page().compareIntegerInPlace(path.cellIndex(), i, k);
    }

    /** {@link #patchScannedInPlace}'s view of the entry it patches. */
    private final RecordHeader patchHeader = new RecordHeader();

    /**
     * {@link #overwriteInPlace} of an entry of interior page {@code p}, as SQLite's
     * btreeOverwriteCell: only a record of the entry's size, all on the page, whose bytes are
     * written over the old ones (none when they are the same) behind the cell's child pointer.
     */
    private boolean overwriteInteriorInPlace(BTreePage p, byte[] record) {
        int i = path.cellIndex();
        long local = p.localPayload(i);
        if (local < 0 || (int) local != record.length) {
            return false;
        }
        int at = (int) (local >>> 32);
        byte[] before = tracing ? keyRecord() : null;
        if (!java.util.Arrays.equals(p.data, at, at + record.length, record, 0, record.length)) {
            System.arraycopy(record, 0, store.write(p.pgno), at, record.length);
        }
        return overwritten(before, record);
    }

    /**
     * As {@link #replaceCurrent} for the entry a scan through this cursor is on (SQLite's one-pass
     * UPDATE of a WITHOUT ROWID row that keeps its primary key: the new {@code record} has the
     * entry's first {@code unique} columns, which no other entry has): the cursor stays on the entry and its
     * next move steps on from there. The entry is found again by those columns first when the
     * store changed since the cursor moved (a write through another cursor may have moved it).
     * False, nothing written, when the store is a read-only snapshot: the caller writes through
     * another cursor, and the scan, which no write changes, goes on.
     */
    public boolean rewriteScanned(byte[] record, int unique) {
        if (!store.writable()) {
            return false;
        }
        requireWritable();
        settleOnEntry();
        if (!path.current() && !seekPrefix(java.util.Arrays.copyOf(Record.decode(record), unique))) {
            throw new CorruptDatabaseException(root, "the entry a scan is on is gone");
        }
        if (overwriteInPlace(record)) {
            return true; // still on the entry
        }
        delete(key());
        insert(Record.decode(record)); // leaves the cursor to find the entry again on its next move
        return true;
    }

    /**
     * Deletes the entry a scan through this cursor is on (SQLite's one-pass DELETE of a WITHOUT
     * ROWID row), {@code prefix} giving its first columns (asked only when the entry must be
     * found again), which no other entry has: the next
     * {@link #next} moves to the entry after it, {@link #prev} to the one before. The entry is
     * found again by {@code prefix} first when anything was written since the cursor moved.
     * False, nothing deleted, when the store is a read-only snapshot.
     */
    public boolean deleteScanned(java.util.function.Supplier<Object[]> prefix) {
        if (!store.writable()) {
            return false;
        }
        requireWritable();
        settle();
        if (!(path.valid && path.current()) && !seekPrefix(prefix.get())) {
            throw new CorruptDatabaseException(root, "the entry a scan is on is gone");
        }
        if (!path.valid) {
            throw new IllegalStateException("cursor is not on an entry");
        }
        byte[] record = keyRecord(); // its bytes, decoded only if the entry must be sought again
        slotAfterDelete = removeCurrent();
        repositionTo = null;
        repositionRecord = record;
        reposition = true;
        path.valid = true;
        deleted = true;
        return true;
    }

    /**
     * {@link #deleteScanned} dropped the entry in its leaf: while nothing has been written since
     * (the path current), the path's slot holds the entry after it.
     */
    private boolean slotAfterDelete;

    /** The entry to find again ({@link #reposition}), decoded from its record when {@link #deleteScanned} left only that. */
    private Object[] repositionKey() {
        if (repositionTo == null) {
            repositionTo = Record.decode(repositionRecord);
        }
        return repositionTo;
    }

    /** Whether the entry {@link #repositionTo} is was deleted by {@link #deleteScanned}: the next move is to its neighbour. */
    private boolean deleted;

    /**
     * Re-seeks the entry an insert left the cursor on, silently, when first needed; after
     * {@link #deleteScanned} dropped the entry in its leaf with nothing written since, the entry
     * after it is already in the slot (or past the leaf's end: the next one up), no seek needed.
     */
    private void settle() {
        if (reposition) {
            if (slotAfterDelete && path.current()) {
                reposition = false;
                path.forwardFromSlot();
                return;
            }
            find(repositionKey(), false);
            path.forwardFromSlot();
        }
    }

    /** Deletes the entry equal to {@code key} (all columns, rowid included). Reports indexDelete; false if absent. */
    public boolean delete(Object[] key) {
        requireWritable();
        if (!findExact(key)) {
            path.valid = false;
            report(key, key);
            return false;
        }
        removeCurrent();
        path.valid = false;
        return true;
    }

    /** Removes the entry the path is on, in its leaf where it can; reports indexDelete. */
    /** Removes the entry the path is on; true when it was dropped in its leaf, the path kept current. */
    private boolean removeCurrent() {
        byte[] before = tracing ? keyRecord() : null;
        BTreePage p = path.page();
        boolean inLeaf = p.isLeaf() && FreeSpace.dropLeafCell(store, p.pgno, path.cellIndex(), path.depth == 0);
        if (inLeaf) {
            path.leafRewritten(); // in place: the next seek (the next row a DELETE removes) starts from this leaf
        } else {
            new Balancer(store, path).removeEntry(path.depth, path.cellIndex());
        }
        listener.indexDelete(root, keyInfo, before);
        return inLeaf;
    }

    /** Positions on the entry equal to {@code key} over all its columns and the record's, if any. */
    private boolean findExact(Object[] key) {
        locate(key, false);
        return path.forwardFromSlot() && isExactly(key);
    }

    /** Whether the current entry equals {@code key} (the target of the last locate), compared in place first. */
    private boolean isExactly(Object[] key) {
        if (KeyCompare.compareCell(store, path.page(), path.cellIndex(), key, targetUtf8, keyInfo, scratch) != 0) {
            return false;
        }
        return Record.columnCount(keyRecord()) == key.length;
    }
}
