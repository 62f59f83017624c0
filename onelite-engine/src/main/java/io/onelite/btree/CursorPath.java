package io.onelite.btree;

import io.onelite.common.CorruptDatabaseException;
import io.onelite.pager.PageStore;

/**
 * The stack of pages from the root to the current position, shared by {@link TableCursor} and
 * {@link IndexCursor} (SQLite's {@code apPage[]}/{@code aiIdx[]} of a {@code BtCursor}).
 *
 * <p>Invariants: (1) levels 0..depth hold the pages on the path, level 0 the root; (2) for an
 * interior level l &lt; depth, {@code idx[l]} is the child taken (0..cellCount, cellCount = the
 * right-most child); (3) when valid, the entry is cell {@code idx[depth]} of {@code pages[depth]},
 * which is a leaf, or, in an index tree only (a true B-tree whose interior cells are entries too),
 * an interior page. A path deeper than {@link PageHeader#MAX_DEPTH} is corrupt, so a cycle of
 * child pointers ends in {@link CorruptDatabaseException}.
 */
final class CursorPath {
    /** Compares the key of cell {@code i} of {@code page} with the sought key: negative, zero or positive. */
    interface Probe {
        int compare(BTreePage page, int i);
    }

    final PageStore store;
    final int root;
    /** Levels kept before the first deeper descent: a tree of a few million rows is 3 or 4 deep. */
    private static final int INITIAL_LEVELS = 6;

    /** Grown up to {@code MAX_DEPTH + 1} levels by {@link #push} (a cursor is made per statement: most never need more). */
    BTreePage[] pages = new BTreePage[INITIAL_LEVELS];
    int[] idx = new int[INITIAL_LEVELS];
    int depth = -1;
    boolean valid;
    private boolean table;
    /** The store's {@link PageStore#changeStamp} when the path was last built from the root; -1: unknown. */
    private long builtAt = -1;

    CursorPath(PageStore store, int root) {
        this.store = store;
        this.root = root;
    }

    BTreePage page() {
        return pages[depth];
    }

    int cellIndex() {
        return idx[depth];
    }

    boolean isTable() {
        return table;
    }

    /** Positions at the root page, invalid. */
    void reset() {
        builtAt = store.changeStamp();
        BTreePage p = BTreePage.read(store, root);
        table = p.isTable();
        pages[0] = p;
        idx[0] = 0;
        depth = 0;
        valid = false;
    }

    private void push(int i) {
        BTreePage parent = pages[depth];
        idx[depth] = i;
        int child = parent.child(i);
        if (depth + 1 > PageHeader.MAX_DEPTH) {
            throw new CorruptDatabaseException(parent.pgno, "tree deeper than " + PageHeader.MAX_DEPTH + " levels (a cycle?)");
        }
        if (child < 1 || child > store.pageCount() || child == root) {
            throw new CorruptDatabaseException(parent.pgno, "child page " + child + " out of range");
        }
        BTreePage p = BTreePage.read(store, child);
        if (p.isTable() != table) {
            throw new CorruptDatabaseException(child, "page kind differs from its parent " + parent.pgno);
        }
        depth++;
        ensureLevels(depth + 1);
        pages[depth] = p;
        idx[depth] = 0;
    }

    private void ensureLevels(int n) {
        if (pages.length < n) {
            int size = Math.min(PageHeader.MAX_DEPTH + 1, Math.max(n, pages.length * 2));
            pages = java.util.Arrays.copyOf(pages, size);
            idx = java.util.Arrays.copyOf(idx, size);
        }
    }

    /**
     * Descends from the root to a leaf slot: at each page the first cell whose key is {@code >=}
     * the sought key ({@code >} when {@code upper}). Leaves the cursor on that leaf slot (maybe
     * cellCount, i.e. past the end), not yet valid.
     */
    void descend(Probe probe, boolean upper) {
        reset();
        while (true) {
            BTreePage p = pages[depth];
            // a table page's rowids are distinct: an equal one is the first >=
            int lo = search(p, probe, 0, p.cellCount, upper, table && !upper);
            if (p.isLeaf()) {
                idx[depth] = lo;
                return;
            }
            push(lo);
        }
    }

    /**
     * The first cell of {@code p} in {@code [lo, hi)} whose key is {@code >=} the sought one
     * ({@code >} when {@code upper}), or {@code hi} when none is (the caller knows the answer is at
     * most {@code hi}). {@code exactStops}: keys are distinct, so an equal one is the answer.
     */
    static int search(BTreePage p, Probe probe, int lo, int hi, boolean upper, boolean exactStops) {
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            int c = probe.compare(p, mid);
            if (c == 0 && exactStops) {
                return mid;
            }
            if (c < 0 || (upper && c == 0)) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /**
     * As {@link #descend} in an index tree, from the leaf the path is on (SQLite's seek that first
     * tries the cursor's current page): only when nothing was written since the path was built and
     * the sought slot lies inside that leaf (its first key below the sought one, its last at or
     * above it; with {@code upper}, at most and above), so the descent from the root would end
     * there too. A correlated lookup for each outer row in key order, or an IN list's next key,
     * then reads one page instead of one per level. False, nothing moved, otherwise.
     *
     * <p>The slot is sought from the path's current one, in steps doubling away from it (a
     * galloping search): lookups in key order land a few cells past the last one, found in two or
     * three comparisons where a binary search of the leaf takes eight or nine.
     */
    boolean descendNear(Probe probe, boolean upper) {
        if (!nearUsable()) {
            return false;
        }
        int slot = gallop(pages[depth], probe, idx[depth], upper, false, false);
        if (slot < 0) {
            return false;
        }
        idx[depth] = slot;
        valid = false;
        return true;
    }

    /**
     * The slot of the sought key in {@code leaf} (non-empty), sought from cell {@code from} in steps
     * doubling away from it, or -1 when the slot is not inside the leaf: past its last cell, or at
     * or before its first ({@code firstIncluded}: distinct keys, upper false, so a key equal to the
     * first cell's is inside). {@code nextFirst}: the cell after {@code from} is compared first (a
     * table's rows sought in rowid order); index lookups a few cells apart gallop at once.
     */
    private static int gallop(BTreePage leaf, Probe probe, int from, boolean upper, boolean firstIncluded,
                              boolean nextFirst) {
        int n = leaf.cellCount;
        int cur = Math.min(Math.max(from, 0), n - 1);
        int c = probe.compare(leaf, cur);
        int lo;
        int hi; // the slot is in [lo, hi]: cell lo - 1 comes before it, cell hi does not
        if (before(c, upper)) {
            if (nextFirst && cur + 1 < n) { // rows sought in order, one after the other
                if (!before(probe.compare(leaf, cur + 1), upper)) {
                    return cur + 1;
                }
                cur++; // before too: gallop on from there
            }
            if (cur == n - 1 || before(probe.compare(leaf, n - 1), upper)) {
                return -1; // past the leaf's last cell
            }
            lo = cur + 1;
            hi = n - 1;
            for (int step = 1; cur + step < hi; step <<= 1) {
                int i = cur + step;
                if (!before(probe.compare(leaf, i), upper)) {
                    hi = i;
                    break;
                }
                lo = i + 1;
            }
        } else {
            if (firstIncluded && c == 0) {
                return cur; // keys are distinct: this is the one
            }
            if (cur == 0) {
                return -1;
            }
            int first = probe.compare(leaf, 0);
            if (!before(first, upper)) {
                return firstIncluded && first == 0 ? 0 : -1;
            }
            lo = 1;
            hi = cur;
            for (int step = 1; cur - step > 0; step <<= 1) {
                int i = cur - step;
                if (before(probe.compare(leaf, i), upper)) {
                    lo = i + 1;
                    break;
                }
                hi = i;
            }
        }
        return search(leaf, probe, lo, hi, upper, false);
    }

    /** Whether a cell comparing {@code c} with the sought key comes before the sought slot. */
    private static boolean before(int c, boolean upper) {
        return c < 0 || (upper && c == 0);
    }

    /** Whether the path's leaf is the root: a tree of one page. */
    boolean onePage() {
        return depth == 0;
    }

    /** The slot the path is at in its leaf (-1 before any descent). */
    int leafSlot() {
        return depth >= 0 ? idx[depth] : -1;
    }

    /** Whether the path's pages are the store's as they now are: nothing written since it was built or its leaf rewritten. */
    boolean current() {
        return builtAt >= 0 && store.changeStamp() == builtAt;
    }

    /** Whether {@link #descendNear} may look at all: an index path on a non-empty leaf, nothing written since. */
    boolean nearUsable() {
        return depth >= 0 && !table && builtAt >= 0 && store.changeStamp() == builtAt && pages[depth].isLeaf()
                && pages[depth].cellCount > 0;
    }

    /**
     * The path of the last descent in one table tree, kept so that the next descent to a rowid of
     * the same leaf, with nothing written in between, need not start at the root again (an
     * UPDATE or DELETE finds its row, reads it back and writes it: three seeks of one rowid).
     */
    static final class Hint {
        private PageStore store;
        private int root;
        private long stamp = -1;
        private int depth = -1;
        /** The leaf slot the path was at. */
        private int slot;
        private BTreePage[] pages = new BTreePage[0];
        private int[] idx = new int[0];
    }

    /** Remembers this table-tree path (current: nothing written since it was found) in {@code h}. */
    void save(Hint h) {
        long stamp = store.changeStamp();
        if (stamp < 0 || !table) {
            return;
        }
        h.store = store;
        h.root = root;
        h.stamp = stamp;
        h.depth = depth;
        h.slot = idx[depth];
        if (h.pages.length < depth + 1) {
            h.pages = new BTreePage[depth + 1];
            h.idx = new int[depth + 1];
        }
        System.arraycopy(pages, 0, h.pages, 0, depth + 1);
        System.arraycopy(idx, 0, h.idx, 0, depth);
    }

    /**
     * After a write in place to this table-tree path's leaf (no other page of the path changed: no
     * balance), takes the leaf as it now is and remembers the path in {@code h}, so that the next
     * row of the same leaf (an UPDATE's or DELETE's rows in rowid order) is found from it too.
     * The pages above the leaf are the ones the path was found on, unchanged since.
     */
    void leafRewritten(Hint h) {
        leafRewritten();
        save(h);
    }

    /**
     * After a write in place to the page at this path's end (its leaf, or the interior page an
     * index entry lies in; no other page of the path changed): that page as it now is, and the path current again, so that the next seek of an index cursor may
     * start from it ({@link #descendNear}).
     */
    void leafRewritten() {
        BTreePage leaf = pages[depth];
        byte[] now = store.read(leaf.pgno);
        // the view holds only header fields: it stays good for the same array with the same cell count
        if (now != leaf.data || PageHeader.get16(now, leaf.hdr + PageHeader.CELL_COUNT) != leaf.cellCount) {
            pages[depth] = new BTreePage(leaf.pgno, now, store.usableSize());
        }
        builtAt = store.changeStamp();
    }

    /**
     * As {@link #descend} with upper false, from the hint's path: only when the store has not
     * changed since it was saved and the sought key lies between the first and the last key of
     * its leaf, or is past the last key of the right-most leaf (rowids are unique, so the descent
     * from the root would end in that leaf too). The slot is sought from the hint's (galloping, as
     * {@link #descendNear}): rows in rowid order are found in two or three comparisons. False,
     * nothing moved, when the hint does not apply.
     */
    boolean descendFrom(Hint h, Probe probe) {
        if (!current(h)) {
            return false;
        }
        BTreePage leaf = h.pages[h.depth];
        if (leaf.cellCount == 0) {
            return false;
        }
        int slot = gallop(leaf, probe, h.slot, false, true, true);
        if (slot < 0) {
            // past the last row of the right-most leaf, the descent would end there too (an append)
            if (!rightmost(h) || probe.compare(leaf, leaf.cellCount - 1) >= 0) {
                return false;
            }
            slot = leaf.cellCount;
        }
        adopt(h);
        valid = false;
        idx[depth] = slot;
        return true;
    }

    /** Whether {@code h} was saved on this tree of this store, and nothing changed since. */
    private boolean current(Hint h) {
        return h.depth >= 0 && h.root == root && store.unchangedSince(h.store, h.stamp);
    }

    /** Takes the hint's path; the leaf slot is the caller's to set. */
    private void adopt(Hint h) {
        depth = h.depth;
        ensureLevels(depth + 1);
        System.arraycopy(h.pages, 0, pages, 0, depth + 1);
        System.arraycopy(h.idx, 0, idx, 0, depth);
        table = true;
    }

    /**
     * As {@link #last} from the hint's path when that is still valid (as {@link #descendFrom}) and
     * ends in the right-most leaf, which holds rows: a new rowid's max() after an append in place
     * reads no page. False, nothing moved, otherwise.
     */
    boolean lastFrom(Hint h) {
        if (!current(h) || h.pages[h.depth].cellCount == 0 || !rightmost(h)) {
            return false;
        }
        adopt(h);
        idx[depth] = pages[depth].cellCount - 1;
        valid = true;
        return true;
    }

    /**
     * After a table descent (upper false) that ended past the last cell of the right-most leaf,
     * which holds rows: moves to that last row, as {@link #last} would, without reading a page
     * again. False, nothing moved, when the path is elsewhere.
     */
    boolean lastAfterEnd() {
        if (depth < 0 || !table) {
            return false;
        }
        int n = pages[depth].cellCount;
        if (n == 0 || idx[depth] != n || !pages[depth].isLeaf()) {
            return false;
        }
        for (int l = 0; l < depth; l++) {
            if (idx[l] != pages[l].cellCount) {
                return false;
            }
        }
        idx[depth] = n - 1;
        return valid = true;
    }

    /** Whether the hint's path took the right-most child at every level: its leaf holds the largest keys. */
    private static boolean rightmost(Hint h) {
        for (int l = 0; l < h.depth; l++) {
            if (h.idx[l] != h.pages[l].cellCount) {
                return false;
            }
        }
        return true;
    }

    private void descendLeftmost() {
        while (!pages[depth].isLeaf()) {
            push(0);
        }
        idx[depth] = 0;
    }

    private void descendRightmost() {
        while (!pages[depth].isLeaf()) {
            push(pages[depth].cellCount);
        }
        idx[depth] = pages[depth].cellCount;
    }

    boolean first() {
        reset();
        descendLeftmost();
        return forwardFromSlot();
    }

    /**
     * SQLite's {@code sqlite3BtreeRowCountEst}, for a cursor just moved to the first entry: the
     * cell count of the page it is on times the cell count of each page above it (0 when the
     * cursor is not valid). Exact for a one-page tree; ANALYZE under a row limit and PRAGMA
     * optimize's size test use it as SQLite does.
     */
    long rowCountEstimate() {
        if (!valid) {
            return 0;
        }
        long n = pages[depth].cellCount;
        for (int i = 0; i < depth; i++) {
            n *= pages[i].cellCount;
        }
        return n;
    }

    /**
     * For a cursor just moved to the first entry: the leaf's usable bytes over its cell count,
     * the bytes an entry takes there on average, free space included (0 when not valid).
     */
    int bytesPerLeafCell() {
        return valid ? pages[depth].usable / pages[depth].cellCount : 0;
    }

    boolean last() {
        reset();
        descendRightmost();
        return backwardFromSlot();
    }

    /** From a leaf slot: the entry there, or the next one after it. */
    boolean forwardFromSlot() {
        if (idx[depth] < pages[depth].cellCount) {
            return valid = true;
        }
        return climbForward();
    }

    /** From a leaf slot: the entry before it. */
    boolean backwardFromSlot() {
        if (idx[depth] > 0) {
            idx[depth]--;
            return valid = true;
        }
        return climbBackward();
    }

    boolean next() {
        // small enough to be inlined into a scan's loop: the next cell of the same leaf
        if (valid) {
            BTreePage p = pages[depth];
            if (p.isLeaf()) {
                int i = idx[depth] + 1;
                idx[depth] = i;
                return i < p.cellCount || climbForward();
            }
        }
        return nextFromInterior();
    }

    private boolean nextFromInterior() {
        if (!valid) {
            return false;
        }
        push(idx[depth] + 1); // index tree: after interior entry i comes the subtree of child i+1
        descendLeftmost();
        return forwardFromSlot();
    }

    boolean prev() {
        if (!valid) {
            return false;
        }
        BTreePage p = pages[depth];
        if (!p.isLeaf()) {
            push(idx[depth]);
            descendRightmost();
            return backwardFromSlot();
        }
        return backwardFromSlot();
    }

    private boolean climbForward() {
        while (depth > 0) {
            depth--;
            BTreePage p = pages[depth];
            int i = idx[depth];
            if (i < p.cellCount) {
                if (!table) {
                    return valid = true; // index tree: the interior entry i follows child i's subtree
                }
                push(i + 1);
                descendLeftmost();
                if (idx[depth] < pages[depth].cellCount) {
                    return valid = true;
                }
            }
        }
        idx[0] = pages[0].cellCount;
        return valid = false;
    }

    private boolean climbBackward() {
        while (depth > 0) {
            depth--;
            int i = idx[depth];
            if (i > 0) {
                if (!table) {
                    idx[depth] = i - 1;
                    return valid = true;
                }
                push(i - 1);
                descendRightmost();
                if (idx[depth] > 0) {
                    idx[depth]--;
                    return valid = true;
                }
            }
        }
        idx[0] = 0;
        return valid = false;
    }
}
