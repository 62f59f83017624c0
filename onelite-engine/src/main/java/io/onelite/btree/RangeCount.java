package io.onelite.btree;

import io.onelite.pager.PageStore;

import java.util.BitSet;

/**
 * Counts the entries of a b-tree between two seek positions, reading only the pages the range
 * spans and decoding only the cells the two descents compare: each page on a boundary is
 * searched as a seek searches it; the subtrees wholly inside the range are counted from their
 * cell counts, as {@link TreeCount} counts a whole tree (SQLite walks such a range entry by
 * entry; the count is the same). Corruption is detected as in {@link TreeCount}.
 */
final class RangeCount {
    /** A range end: the probe of its key, and whether its slot lies after the equal keys (a seek's "upper"). */
    record End(CursorPath.Probe probe, boolean upper) {
    }

    private final PageStore store;
    private final boolean table;
    private final BitSet seen = new BitSet();

    private RangeCount(PageStore store, boolean table) {
        this.store = store;
        this.table = table;
    }

    /**
     * The entries from the slot {@code lo} seeks to (null: the first entry) up to, not including,
     * the slot {@code hi} seeks to (null: past the last); 0 when {@code hi}'s slot comes first.
     */
    static long between(PageStore s, int root, End lo, End hi) {
        BTreePage top = BTreePage.read(s, root);
        RangeCount rc = new RangeCount(s, top.isTable());
        rc.seen.set(root);
        return rc.count(top, lo, hi, 0);
    }

    private long count(BTreePage p, End lo, End hi, int depth) {
        if (lo == null && hi == null) {
            return TreeCount.count(store, p, table, depth, seen);
        }
        if (p.isTable() != table) {
            throw p.corrupt("page kind differs from the tree's root");
        }
        int from = lo == null ? 0 : slot(p, lo);
        int to = hi == null ? p.cellCount : slot(p, hi);
        if (p.isLeaf()) {
            return Math.max(0, to - from);
        }
        if (depth >= PageHeader.MAX_DEPTH) {
            throw p.corrupt("tree deeper than " + PageHeader.MAX_DEPTH + " levels (a cycle?)");
        }
        if (from >= to) {
            // both ends fall in child `from` (an end after the other's slot leaves nothing)
            return from == to ? count(TreeCount.child(store, p, from, seen), lo, hi, depth + 1) : 0;
        }
        // child `from` from lo on, the children between whole, child `to` up to hi; in an index
        // tree the interior cells from .. to-1 lie between them and are entries too
        long n = count(TreeCount.child(store, p, from, seen), lo, null, depth + 1);
        for (int i = from + 1; i < to; i++) {
            n += TreeCount.count(store, TreeCount.child(store, p, i, seen), table, depth + 1, seen);
        }
        n += count(TreeCount.child(store, p, to, seen), null, hi, depth + 1);
        return table ? n : n + (to - from);
    }

    /** The first cell of {@code p} whose key is at or after the end ({@code >=}, or {@code >} when upper), as a seek's descent. */
    private static int slot(BTreePage p, End e) {
        return CursorPath.search(p, e.probe(), 0, p.cellCount, e.upper(), false);
    }
}
