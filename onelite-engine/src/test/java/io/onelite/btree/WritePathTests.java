package io.onelite.btree;

import io.onelite.testing.ReplaySeed;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;

class WritePathTests {
    @TempDir
    Path dir;

    static byte[] payload(Random r, long rowid) {
        int kind = r.nextInt(10);
        int size = kind < 6 ? r.nextInt(40) : kind < 9 ? 100 + r.nextInt(600) : 1000 + r.nextInt(30000);
        byte[] blob = new byte[size];
        r.nextBytes(blob);
        return Record.encode(rowid, blob, kind == 0 ? null : "t" + rowid);
    }

    @Test
    void tableTreeMatchesATreeMapThroughRandomInsertsDeletesAndReplaces() {
        long seed = System.nanoTime();
        System.out.println("tableTree seed " + seed);
        Random r = new Random(seed);
        for (int[] cfg : new int[][] {{512, 0}, {1024, 8}, {4096, 0}, {65536, 0}}) {
            MemoryPages s = MemoryPages.create(cfg[0], cfg[1]);
            int root = BTree.create(s, true);
            TreeMap<Long, byte[]> model = new TreeMap<>();
            TableCursor c = new TableCursor(s, root, null);
            int range = cfg[0] == 65536 ? 3000 : 1500;
            for (int batch = 0; batch < 12; batch++) {
                int ops = 150 + r.nextInt(150);
                boolean deleting = batch % 4 == 3;
                for (int k = 0; k < ops; k++) {
                    long rowid = r.nextInt(8) == 0 ? r.nextLong() : r.nextInt(range) - 100;
                    if (deleting || r.nextInt(5) == 0) {
                        Long victim = r.nextBoolean() ? model.ceilingKey(rowid) : Long.valueOf(rowid);
                        if (victim == null) {
                            continue;
                        }
                        assertThat(c.delete(victim)).isEqualTo(model.remove(victim) != null);
                    } else {
                        byte[] p = payload(r, rowid);
                        c.insert(rowid, p);
                        model.put(rowid, p);
                        assertThat(c.rowid()).isEqualTo(rowid);
                    }
                }
                assertTableEquals(s, root, model);
                assertThat(IntegrityCheck.check(s, tableRoots(root), 20)).as("seed " + seed).isEmpty();
                TreeShape shape = TreeShape.of(s, root);
                assertThat(shape.emptyNonRoot()).isZero();
                assertThat(shape.pages() < 4 || shape.fill() > 0.3).as("pages about full: " + shape).isTrue();
            }
            for (Long k : new ArrayList<>(model.keySet())) {
                assertThat(c.delete(k)).isTrue();
            }
            assertThat(c.first()).isFalse();
            assertThat(IntegrityCheck.check(s, tableRoots(root), 20)).isEmpty();
            assertThat(s.pageCount() - freelistCount(s)).isEqualTo(2);
        }
    }

    @Test
    void sameSizeReplacesAreWrittenInPlaceAndBigOnesStillSpill() {
        MemoryPages s = MemoryPages.create(1024, 0);
        int root = BTree.create(s, true);
        TableCursor c = new TableCursor(s, root, null);
        TreeMap<Long, byte[]> model = new TreeMap<>();
        for (long k = 1; k <= 500; k++) {
            byte[] p = Record.encode(k, 1000L + k, "name");
            c.insert(k, p);
            model.put(k, p);
        }
        int pages = s.pageCount();
        for (long k = 1; k <= 500; k += 2) {
            byte[] p = Record.encode(k, 2000L + k, "NAME");
            c.insert(k, p);
            model.put(k, p);
        }
        assertThat(s.pageCount()).isEqualTo(pages);
        for (long k = 2; k <= 500; k += 50) {
            byte[] p = Record.encode(k, new byte[5000]);
            c.insert(k, p); // grows into an overflow chain
            model.put(k, p);
        }
        for (long k = 2; k <= 500; k += 100) {
            byte[] p = Record.encode(k, 7L, "tiny");
            c.insert(k, p); // shrinks: the chain is freed
            model.put(k, p);
        }
        assertTableEquals(s, root, model);
        assertThat(IntegrityCheck.check(s, tableRoots(root), 20)).isEmpty();
    }

    @Test
    void replacesOfAnotherLengthAreWrittenInPlaceWhileTheGapHoldsThem() {
        long seed = ReplaySeed.announce("WritePathTests replace");
        Random r = new Random(seed);
        for (int pageSize : new int[] {512, 4096, 65536}) {
            MemoryPages s = MemoryPages.create(pageSize, pageSize == 512 ? 8 : 0);
            int root = BTree.create(s, true);
            TableCursor c = new TableCursor(s, root, null);
            TreeMap<Long, byte[]> model = new TreeMap<>();
            int rows = pageSize / 8;
            for (long k = 1; k <= rows; k++) {
                byte[] p = Record.encode(k, "name-" + k);
                c.insert(k, p);
                model.put(k, p);
            }
            // pages built by inserts have no freeblocks: one appears only where a cell was replaced in place
            assertThat(pagesWithFreeblocks(s, root)).isZero();
            for (int q = 0; q < 3 * rows; q++) {
                long k = 1 + r.nextInt(rows);
                int len = r.nextInt(20) == 0 ? r.nextInt(3 * pageSize) : r.nextInt(40); // now and then one spills
                byte[] p = Record.encode(k, (long) q, "x".repeat(len));
                c.insert(k, p);
                model.put(k, p);
                if (q % 50 == 0) {
                    assertThat(IntegrityCheck.check(s, tableRoots(root), 20)).as("seed %d, page size %d", seed, pageSize).isEmpty();
                }
            }
            assertTableEquals(s, root, model);
            assertThat(IntegrityCheck.check(s, tableRoots(root), 20)).as("seed %d, page size %d", seed, pageSize).isEmpty();
            assertThat(pagesWithFreeblocks(s, root)).as("leaves that kept an in-place replace's free space").isPositive();
        }
    }

    /**
     * A leaf whose gap is used up: a replace by a cell of another length still goes in place
     * when the old cell's own bytes hold the new one, or a freeblock does (not a rebuild). The
     * leaf stays intact (integrity check after every replace), its rows equal a model, and both
     * ways are taken. A replace is always in place when the new cell is not longer than the old.
     */
    @Test
    void replacesOnceTheGapIsUsedUpTakeTheOldCellsPlaceOrAFreeblock() {
        long seed = ReplaySeed.announce("WritePathTests free-space replace");
        Random r = new Random(seed);
        for (int pageSize : new int[] {512, 4096, 65536}) {
            int ownPlace = 0;
            int freeblock = 0;
            // a fresh full leaf until both ways were taken: a small page may split before a seed's
            // replaces happen to need one of them
            for (int leafNo = 0; leafNo < 20 && (ownPlace == 0 || freeblock == 0); leafNo++) {
                MemoryPages s = MemoryPages.create(pageSize, pageSize == 512 ? 8 : 0);
                int root = BTree.create(s, true);
                TableCursor c = new TableCursor(s, root, null);
                TreeMap<Long, byte[]> model = new TreeMap<>();
                long rows = 0;
                for (int len = 40; len >= 0; len = gap(s, root) >= 2 + 3 + 3 + 40 ? 40 : len - 1) {
                    byte[] p = Record.encode(rows + 1, "x".repeat(len));
                    if (2 + Cells.tableLeaf(s, rows + 1, p).length <= gap(s, root)) {
                        c.insert(++rows, p);
                        model.put(rows, p);
                    }
                }
                assertThat(gap(s, root)).isLessThan(8);
                for (int q = 0; q < Math.min(40 * (int) rows, 1500) && isLeaf(s, root); q++) {
                    long k = 1 + r.nextInt((int) rows);
                    byte[] p = Record.encode(k, (long) q, "y".repeat(r.nextInt(41)));
                    byte[] cell = Cells.tableLeaf(s, k, p);
                    BTreePage leaf = BTreePage.read(s, root);
                    int i = 0;
                    while (leaf.rowid(i) != k) {
                        i++;
                    }
                    int oldSize = leaf.cellAt(leaf.cellOffset(i)).cellSize();
                    int size = Math.max(PageHeader.MIN_CELL_SIZE, cell.length);
                    int frag = s.read(root)[PageHeader.FRAGMENTED_BYTES] & 0xff;
                    boolean gapHolds = gap(s, root) >= size;
                    boolean same = oldSize == cell.length;
                    boolean done = !same && FreeSpace.replaceLeafCell(s, root, i, cell);
                    if (!same && size <= oldSize && (oldSize - size >= 4 || frag + oldSize - size <= 60)) {
                        assertThat(done).as("seed %d, page size %d: a cell not longer than the old one fits in place", seed, pageSize).isTrue();
                    }
                    if (done && !gapHolds) {
                        if (size <= oldSize) {
                            ownPlace++;
                        } else {
                            freeblock++;
                        }
                    }
                    if (!done) {
                        c.insert(k, p); // the same length (overwritten), or a rebuild
                    }
                    model.put(k, p);
                    assertThat(IntegrityCheck.check(s, tableRoots(root), 20)).as("seed %d, page size %d, step %d", seed, pageSize, q).isEmpty();
                }
                assertTableEquals(s, root, model);
            }
            assertThat(ownPlace).as("seed %d, page size %d: replaces into the old cell's place", seed, pageSize).isPositive();
            assertThat(freeblock).as("seed %d, page size %d: replaces into a freeblock", seed, pageSize).isPositive();
        }
    }

    /** The unallocated bytes between a leaf's cell pointers and its content area. */
    private static int gap(MemoryPages s, int pgno) {
        byte[] page = s.read(pgno);
        int hdr = PageHeader.headerOffset(pgno);
        int content = PageHeader.get16(page, hdr + PageHeader.CELL_CONTENT);
        return (content == 0 ? 65536 : content) - (hdr + PageHeader.LEAF_SIZE + 2 * PageHeader.get16(page, hdr + PageHeader.CELL_COUNT));
    }

    private static boolean isLeaf(MemoryPages s, int pgno) {
        return PageHeader.isLeaf(s.read(pgno)[PageHeader.headerOffset(pgno)] & 0xff);
    }

    private static int pagesWithFreeblocks(MemoryPages s, int root) {
        int n = 0;
        for (int pgno = 1; pgno <= s.pageCount(); pgno++) {
            byte[] page = s.read(pgno);
            int hdr = PageHeader.headerOffset(pgno);
            int type = page[hdr] & 0xff;
            if (type == PageHeader.TABLE_LEAF && PageHeader.get16(page, hdr + PageHeader.FIRST_FREEBLOCK) != 0) {
                n++;
            }
        }
        return n;
    }

    static Map<Integer, KeyInfo> tableRoots(int... roots) {
        Map<Integer, KeyInfo> m = new HashMap<>();
        for (int root : roots) {
            m.put(root, null);
        }
        return m;
    }

    static int freelistCount(MemoryPages s) {
        return io.onelite.pager.FileHeader.getInt(s.read(1), io.onelite.pager.FileHeader.FREELIST_COUNT);
    }

    static void assertTableEquals(MemoryPages s, int root, TreeMap<Long, byte[]> model) {
        TableCursor c = new TableCursor(s, root, null);
        List<Long> keys = new ArrayList<>();
        for (boolean ok = c.first(); ok; ok = c.next()) {
            keys.add(c.rowid());
            assertThat(c.payload()).isEqualTo(model.get(c.rowid()));
        }
        assertThat(keys).containsExactlyElementsOf(model.keySet());
    }
}
