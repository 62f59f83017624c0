package io.onelite.btree;

import io.onelite.pager.PageStore;

/** The shape of a tree for tests: page counts, empty non-root pages, how full non-root pages are. */
record TreeShape(int pages, int emptyNonRoot, double fill) {
    static TreeShape of(PageStore s, int root) {
        int[] counts = new int[2];
        long[] used = new long[1];
        walk(s, root, root, counts, used);
        int nonRoot = counts[0] - 1;
        long cap = (long) nonRoot * (s.usableSize() - 8);
        return new TreeShape(counts[0], counts[1], nonRoot == 0 ? 1.0 : (double) used[0] / cap);
    }

    private static void walk(PageStore s, int root, int pgno, int[] counts, long[] used) {
        BTreePage p = BTreePage.read(s, pgno);
        counts[0]++;
        if (pgno != root) {
            if (p.cellCount == 0) {
                counts[1]++;
            }
            for (int i = 0; i < p.cellCount; i++) {
                used[0] += p.cellSize(i) + 2;
            }
        }
        if (!p.isLeaf()) {
            for (int i = 0; i <= p.cellCount; i++) {
                walk(s, root, p.child(i), counts, used);
            }
        }
    }
}
