package io.onelite.btree;

import io.onelite.testing.ReplaySeed;
import org.junit.jupiter.api.Test;

import java.util.Random;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link FreeSpace#dropSlot} stops walking the freeblock chain once the page is sure to stay a
 * third full; its answer must be the one a walk of the whole chain gives, for every cell of every
 * leaf of trees whose leaves have long chains (random deletes and replaces of other lengths).
 */
class FreeSpaceDropTests {
    @Test
    void theDropDecisionIsTheWholeChainsForEveryCellOfEveryLeaf() {
        long seed = ReplaySeed.announce("FreeSpaceDropTests");
        Random r = new Random(seed);
        int checked = 0;
        int refused = 0;
        for (int pageSize : new int[] {512, 4096, 65536}) {
            MemoryPages s = MemoryPages.create(pageSize, pageSize == 512 ? 8 : 0);
            int root = BTree.create(s, true);
            TableCursor c = new TableCursor(s, root, null);
            TreeMap<Long, byte[]> model = new TreeMap<>();
            int rows = pageSize / 4;
            for (long k = 1; k <= rows; k++) {
                byte[] p = Record.encode(k, "v".repeat(r.nextInt(30)));
                c.insert(k, p);
                model.put(k, p);
            }
            for (int round = 0; round < 8; round++) {
                for (int q = 0; q < rows / 4; q++) {
                    long k = 1 + r.nextInt(rows);
                    if (r.nextInt(3) != 0) { // mostly deletes: leaves go down towards a third full
                        assertThat(c.delete(k)).isEqualTo(model.remove(k) != null);
                    } else {
                        byte[] p = Record.encode(k, (long) q, "x".repeat(r.nextInt(40)));
                        c.insert(k, p);
                        model.put(k, p);
                    }
                }
                int[] counts = decisions(s, seed);
                checked += counts[0];
                refused += counts[1];
                WritePathTests.assertTableEquals(s, root, model);
                assertThat(IntegrityCheck.check(s, WritePathTests.tableRoots(root), 20)).as("seed %d", seed).isEmpty();
            }
            while (model.size() > 5) { // down to a root leaf: a drop from it is refused unless it is the root
                assertThat(c.delete(model.pollFirstEntry().getKey())).isTrue();
            }
            int[] counts = decisions(s, seed);
            checked += counts[0];
            refused += counts[1];
            WritePathTests.assertTableEquals(s, root, model);
            System.out.println("up to page size " + pageSize + ": " + checked + " decisions, " + refused + " refused");
        }
        assertThat(refused).as("cells whose drop would leave the leaf under a third full").isPositive();
        assertThat(refused).isLessThan(checked / 2);
    }

    /** Checks every cell of every table leaf; returns the decisions made and how many were refusals. */
    private static int[] decisions(MemoryPages s, long seed) {
        int checked = 0;
        int refused = 0;
        for (int pgno = 1; pgno <= s.pageCount(); pgno++) {
            byte[] page = s.read(pgno);
            int hdr = PageHeader.headerOffset(pgno);
            if ((page[hdr] & 0xff) != PageHeader.TABLE_LEAF) {
                continue;
            }
            BTreePage view = new BTreePage(pgno, page, s.usableSize());
            int count = PageHeader.get16(page, hdr + PageHeader.CELL_COUNT);
            for (int i = 0; i < count; i++) {
                int start = view.cellOffset(i);
                int size = view.cellAt(start).cellSize();
                for (boolean isRoot : new boolean[] {false, true}) {
                    int expected = wholeChainSlot(page, hdr, s.usableSize(), start, size, isRoot);
                    assertThat(FreeSpace.dropSlot(page, hdr, s.usableSize(), start, size, isRoot))
                            .as("seed %d, page size %d, page %d, cell %d", seed, s.pageSize(), pgno, i).isEqualTo(expected);
                    checked++;
                    refused += expected < 0 ? 1 : 0;
                }
            }
        }
        return new int[] {checked, refused};
    }

    /** The rule of {@link FreeSpace#dropSlot} by a walk of the whole chain: the slot before the cell, or -1. */
    private static int wholeChainSlot(byte[] page, int hdr, int usable, int start, int size, boolean isRoot) {
        int content = PageHeader.get16(page, hdr + PageHeader.CELL_CONTENT);
        content = content == 0 ? 65536 : content;
        int slot = hdr + PageHeader.FIRST_FREEBLOCK;
        int chain = 0;
        for (int fb = PageHeader.get16(page, slot); fb != 0; fb = PageHeader.get16(page, fb)) {
            int fbSize = PageHeader.get16(page, fb + 2);
            assertThat(fb).isGreaterThanOrEqualTo(content);
            assertThat(fb + fbSize <= start || fb >= start + size).as("a freeblock overlaps a cell").isTrue();
            if (fb < start) {
                slot = fb;
            }
            chain += fbSize;
        }
        int count = PageHeader.get16(page, hdr + PageHeader.CELL_COUNT);
        int free = content - (hdr + PageHeader.LEAF_SIZE + 2 * count) + (page[hdr + PageHeader.FRAGMENTED_BYTES] & 0xff) + chain;
        int cap = Node.capacity(page[hdr] & 0xff, usable, hdr);
        return isRoot || cap - free - size - 2 >= cap / 3 ? slot : -1;
    }
}
