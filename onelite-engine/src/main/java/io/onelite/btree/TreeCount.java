package io.onelite.btree;

import io.onelite.pager.PageStore;

/**
 * Counts the entries of a b-tree from the cell counts in its page headers, decoding no cell, as
 * {@code sqlite3BtreeCount} does: a table tree's entries are its leaf cells; an index tree's are
 * the cells of every page (an interior index cell holds a key too). Each page is read once; a
 * page met twice, a child out of range, a page of the other kind or a tree deeper than
 * {@link PageHeader#MAX_DEPTH} is a {@link CorruptDatabaseException}.
 */
final class TreeCount {
    private TreeCount() {
    }

    static long entries(PageStore s, int root) {
        BTreePage top = BTreePage.read(s, root);
        java.util.BitSet seen = new java.util.BitSet();
        seen.set(root);
        return count(s, top, top.isTable(), 0, seen);
    }

    /** The entries of the subtree under {@code p} (at {@code depth} below the root), its pages marked in {@code seen}. */
    static long count(PageStore s, BTreePage p, boolean table, int depth, java.util.BitSet seen) {
        if (p.isTable() != table) {
            throw p.corrupt("page kind differs from the tree's root");
        }
        if (p.isLeaf()) {
            return p.cellCount;
        }
        if (depth >= PageHeader.MAX_DEPTH) {
            throw p.corrupt("tree deeper than " + PageHeader.MAX_DEPTH + " levels (a cycle?)");
        }
        long n = table ? 0 : p.cellCount;
        for (int i = 0; i <= p.cellCount; i++) {
            n += count(s, child(s, p, i, seen), table, depth + 1, seen);
        }
        return n;
    }

    /** Child {@code i} of interior page {@code p}, read once: a page met twice or out of range is corrupt. */
    static BTreePage child(PageStore s, BTreePage p, int i, java.util.BitSet seen) {
        int child = p.child(i);
        if (child < 1 || child > s.pageCount() || seen.get(child)) {
            throw p.corrupt("child page " + child + " out of range or met twice");
        }
        seen.set(child);
        return BTreePage.read(s, child);
    }
}
