package io.onelite.btree;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A seek that starts from the leaf the path is on ({@link CursorPath#descendNear}) lands on the
 * entry a descent from the root lands on, for lookups in key order, in reverse order, repeated,
 * and in no order, lower and upper bounds alike; and lookups a few cells apart in key order cost
 * a few comparisons, not a binary search of the leaf.
 */
class NearSeekTests {
    private static final int VALUES = 4000;

    /** An index of each multiple of 3 below 3 x VALUES, twice (two rowids), on 4 KiB pages. */
    private static MemoryPages tree(int[] rootOut) {
        MemoryPages s = MemoryPages.create(4096, 0);
        int root = BTree.create(s, false);
        IndexCursor c = new IndexCursor(s, root, KeyInfo.BINARY, null);
        for (long k = 0; k < 2L * VALUES; k++) {
            c.insert(new Object[] {(k / 2) * 3, k});
        }
        rootOut[0] = root;
        return s;
    }

    private static final class CountingProbe implements CursorPath.Probe {
        final MemoryPages store;
        final RecordHeader scratch = new RecordHeader();
        Object[] target;
        long compares;

        CountingProbe(MemoryPages store) {
            this.store = store;
        }

        @Override
        public int compare(BTreePage page, int i) {
            compares++;
            return KeyCompare.compareCell(store, page, i, target, null, KeyInfo.BINARY, scratch);
        }
    }

    /** The entry the path's slot leads to, as (value, rowid), or null past the last entry. */
    private static List<Object> landing(CursorPath p, MemoryPages s) {
        if (!p.forwardFromSlot()) {
            return null;
        }
        RecordHeader h = new RecordHeader();
        long local = p.page().localPayload(p.cellIndex());
        h.reset(p.page().data, (int) (local >>> 32), (int) local);
        return List.of(h.value(0), h.value(1));
    }

    @Test
    void aSeekFromTheCurrentLeafLandsWhereADescentFromTheRootDoes() {
        int[] root = new int[1];
        MemoryPages s = tree(root);
        Random r = new Random(11);
        List<long[]> orders = new ArrayList<>();
        long[] ascending = new long[3000];
        long[] descending = new long[3000];
        long[] repeated = new long[3000];
        long[] random = new long[3000];
        for (int i = 0; i < 3000; i++) {
            ascending[i] = i * 4L - 5; // from below the first key, through gaps and equal keys
            descending[i] = 3L * VALUES + 5 - i * 4L;
            repeated[i] = 300 + (i / 7) * 2L;
            random[i] = r.nextInt(3 * VALUES + 10) - 5;
        }
        orders.add(ascending);
        orders.add(descending);
        orders.add(repeated);
        orders.add(random);
        long nearUsed = 0;
        for (long[] keys : orders) {
            for (boolean upper : new boolean[] {false, true}) {
                CursorPath near = new CursorPath(s, root[0]);
                CursorPath full = new CursorPath(s, root[0]);
                CountingProbe probe = new CountingProbe(s);
                for (long k : keys) {
                    probe.target = new Object[] {k};
                    if (near.descendNear(probe, upper)) {
                        nearUsed++;
                    } else {
                        near.descend(probe, upper);
                    }
                    full.descend(probe, upper);
                    assertThat(landing(near, s)).as("key %d, upper %s", k, upper).isEqualTo(landing(full, s));
                }
            }
        }
        assertThat(nearUsed).as("lookups served from the current leaf").isGreaterThan(10_000);
    }

    @Test
    void lookupsAFewCellsApartInKeyOrderCompareAFewCells() {
        int[] root = new int[1];
        MemoryPages s = tree(root);
        CursorPath path = new CursorPath(s, root[0]);
        CountingProbe probe = new CountingProbe(s);
        probe.target = new Object[] {0L};
        path.descend(probe, false);
        assertThat(path.page().cellCount).as("cells per leaf").isGreaterThan(200);
        probe.compares = 0;
        int lookups = 0;
        for (long k = 1; k < 3L * VALUES; k += 4) { // about every third entry
            probe.target = new Object[] {k};
            if (!path.descendNear(probe, false)) {
                path.descend(probe, false);
            }
            lookups++;
        }
        // a binary search of a leaf of 200+ cells alone takes 8 comparisons, each descent more
        assertThat((double) probe.compares / lookups).isLessThan(5.0);
    }

    /**
     * In a tree of one page every key lies in the leaf the path is on, so lookups in no order
     * would all gallop there, a long way each, costlier than a binary search: after a few
     * gallops over more than {@link IndexCursor#NEAR_CELLS_ONE_PAGE} cells the cursor descends from the
     * root instead (a page read each, counted by the store), and goes back to seeking from its
     * slot once lookups come a few cells apart again. Every lookup lands on the right entry.
     */
    @Test
    void lookupsFarApartInAOneLeafTreeGoBackToBinarySearches() {
        MemoryPages s = MemoryPages.create(4096, 0);
        int root = BTree.create(s, false);
        IndexCursor c = new IndexCursor(s, root, KeyInfo.BINARY, null);
        for (long k = 0; k < 150; k++) {
            c.insert(new Object[] {k * 2, k});
        }
        assertThat(c.seekGE(new Object[] {0L})).isTrue();
        Random r = new Random(3);
        s.reads = 0;
        for (int i = 0; i < 1000; i++) {
            long k = r.nextInt(299);
            assertThat(c.seekGE(new Object[] {k})).isTrue();
            assertThat(c.key()[0]).as("lookup of %d", k).isEqualTo((k + 1) / 2 * 2);
        }
        int randomReads = s.reads;
        s.reads = 0;
        for (long k = 0; k < 299; k++) {
            assertThat(c.seekGE(new Object[] {k})).isTrue();
            assertThat(c.key()[0]).as("lookup of %d", k).isEqualTo((k + 1) / 2 * 2);
        }
        assertThat(randomReads).as("random lookups: descents from the root").isGreaterThan(800);
        assertThat(s.reads).as("lookups in key order: from the path's slot").isLessThan(30);
    }
}
