package io.onelite.btree;

import io.onelite.pager.PageStore;

import java.util.Arrays;

/** Page numbers a whole-tree clear or drop frees, kept in order and freed together ({@link PageStore#freeAll}). */
final class FreedPages {
    private int[] pgnos = new int[64];
    private int count;

    void add(int pgno) {
        if (count == pgnos.length) {
            pgnos = Arrays.copyOf(pgnos, count * 2);
        }
        pgnos[count++] = pgno;
    }

    void freeAll(PageStore s) {
        s.freeAll(pgnos, count);
    }
}
