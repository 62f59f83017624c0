package io.onelite.btree;

import io.onelite.testing.ReplaySeed;
import org.junit.jupiter.api.Test;

import java.util.Random;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Table cursors sharing a {@link TableCursor.Hint} start a seek from the leaf where the last one
 * ended while nothing changed but rows of that leaf written in place through them, and the rowid
 * lies within that leaf (or past the end of the right-most one): an UPDATE's rows, each found,
 * read back and written, read the pages above a leaf once per leaf. Counted here as page reads of the store;
 * the positions must be those of a seek from the root.
 */
class SeekHintTests {

    @Test
    void aSeekInTheLeafOfTheLastSeekReadsNoPageAboveIt() {
        CountingPages s = new CountingPages(MemoryPages.create(512, 0));
        int root = twentyThousandRows(s);
        TableCursor.Hint hint = new TableCursor.Hint();
        TableCursor a = new TableCursor(s, root, null, hint);
        TableCursor b = new TableCursor(s, root, null, hint);
        int before = s.reads;
        assertThat(a.seek(2500)).isTrue();
        int fromRoot = s.reads - before;
        assertThat(fromRoot).as("20,000 rows in 512-byte pages: 3 levels at least").isGreaterThanOrEqualTo(3);
        before = s.reads;
        assertThat(b.seek(2500)).isTrue();
        assertThat(b.rowid()).isEqualTo(2500);
        assertThat(s.reads - before).as("the same row again: no page read").isZero();
        // a write from the hint reads what a write from the root reads, less the descent, plus the
        // leaf read again afterwards: the row was written in place, so the hint stays, on the leaf as it now is
        before = s.reads;
        b.insert(2500, Record.encode(2500L, "row 2501"));
        int hintedWrite = s.reads - before;
        before = s.reads;
        assertThat(a.seek(2501)).isTrue();
        assertThat(a.rowid()).isEqualTo(2501);
        assertThat(s.reads - before).as("the next row of the leaf after a write in place: no page read").isZero();
        before = s.reads;
        new TableCursor(s, root, null).insert(2600, Record.encode(2600L, "row 2601"));
        int plainWrite = s.reads - before;
        assertThat(hintedWrite).isEqualTo(plainWrite - fromRoot + 1);
        // a write through a cursor without the hint changed the stamp: the next seek descends from the root
        before = s.reads;
        assertThat(a.seek(2502)).isTrue();
        assertThat(s.reads - before).isEqualTo(fromRoot);
    }

    @Test
    void appendsAndTheLargestRowidComeFromTheRightMostLeafOfTheHint() {
        CountingPages s = new CountingPages(MemoryPages.create(512, 0));
        int root = twentyThousandRows(s);
        TableCursor.Hint hint = new TableCursor.Hint();
        TableCursor c = new TableCursor(s, root, null, hint);
        int before = s.reads;
        assertThat(c.seek(20_000)).isTrue();
        int fromRoot = s.reads - before;
        before = s.reads;
        assertThat(new TableCursor(s, root, null, hint).maxRowid()).isEqualTo(20_000);
        assertThat(s.reads - before).as("max() from the right-most leaf of the hint").isZero();
        // appends: found past the last row of the right-most leaf, written in place, the hint kept;
        // only the one in ~30 that fills the leaf (512-byte pages) rebuilds it and descends again
        int cheap = 0;
        for (long k = 20_001; k <= 20_100; k++) {
            before = s.reads;
            c.insert(k, Record.encode(k, "x"));
            if (s.reads - before == 2) { // the leaf to write, and again for the hint (page 1's auto-vacuum flag: once per cursor)
                cheap++;
            }
            assertThat(new TableCursor(s, root, null, hint).maxRowid()).isEqualTo(k);
        }
        assertThat(cheap).as("appends that read only the leaf").isGreaterThanOrEqualTo(90);
        before = s.reads;
        assertThat(c.seek(20_100)).isTrue();
        assertThat(s.reads - before).isZero();
        // a rowid past the end of a leaf that is not the right-most: from the root
        assertThat(c.seek(100)).isTrue();
        before = s.reads;
        assertThat(c.seek(5000)).isTrue();
        assertThat(s.reads - before).isEqualTo(fromRoot);
        WritePathTests.assertTableEquals(s.inner, root, expectedRows());
    }

    @Test
    void aMissedSeekPastTheLargestRowidRestsOnTheLastRowWithoutADescent() {
        CountingPages s = new CountingPages(MemoryPages.create(512, 0));
        int root = twentyThousandRows(s);
        TableCursor.Hint hint = new TableCursor.Hint();
        TableCursor c = new TableCursor(s, root, null, hint);
        assertThat(c.seek(20_000)).isTrue(); // the hint: the right-most leaf
        int before = s.reads;
        assertThat(c.seek(30_000)).as("an insert's check of a new rowid").isFalse();
        assertThat(s.reads - before).as("from the hint's right-most leaf, no descent to find the last row").isZero();
        assertThat(c.rowid()).isEqualTo(20_000);
        TableCursor plain = new TableCursor(s, root, null);
        assertThat(plain.seek(30_000)).isFalse();
        assertThat(plain.rowid()).as("where a descent from the root rests too").isEqualTo(20_000);
        assertThat(plain.prev()).isTrue();
        assertThat(plain.rowid()).isEqualTo(19_999);
        assertThat(c.prev()).isTrue();
        assertThat(c.rowid()).isEqualTo(19_999);
    }

    /** A table of rows 1 to 20,000 ("row k") in {@code s}, at least 3 levels deep in 512-byte pages; its root. */
    private static int twentyThousandRows(CountingPages s) {
        int root = BTree.create(s, true);
        TableCursor w = new TableCursor(s, root, null);
        for (long k = 1; k <= 20_000; k++) {
            w.insert(k, Record.encode(k, "row " + k));
        }
        return root;
    }

    private static TreeMap<Long, byte[]> expectedRows() {
        TreeMap<Long, byte[]> m = new TreeMap<>();
        for (long k = 1; k <= 20_100; k++) {
            m.put(k, k > 20_000 ? Record.encode(k, "x") : Record.encode(k, "row " + k));
        }
        return m;
    }

    @Test
    void seeksThroughASharedHintLandWhereSeeksFromTheRootDo() {
        long seed = ReplaySeed.announce("SeekHintTests");
        Random r = new Random(seed);
        CountingPages s = new CountingPages(MemoryPages.create(512, 0));
        int root = BTree.create(s, true);
        TreeMap<Long, byte[]> model = new TreeMap<>();
        TableCursor plain = new TableCursor(s, root, null);
        for (long k = 0; k < 3000; k += 1 + r.nextInt(3)) {
            byte[] p = Record.encode(k, "v" + k);
            plain.insert(k, p);
            model.put(k, p);
        }
        TableCursor.Hint hint = new TableCursor.Hint();
        TableCursor hinted = new TableCursor(s, root, null, hint);
        long last = 1500;
        for (int q = 0; q < 3000; q++) {
            long k = r.nextInt(4) == 0 ? r.nextInt(3100) - 50 : last + r.nextInt(7) - 3; // mostly near the last one
            boolean found = hinted.seek(k);
            assertThat(found).as("seek %d, seed %d", k, seed).isEqualTo(model.containsKey(k));
            Long expected = model.ceilingKey(k) != null ? model.ceilingKey(k) : model.lastKey();
            assertThat(hinted.rowid()).as("position after seek %d, seed %d", k, seed).isEqualTo(expected);
            int op = r.nextInt(20);
            if (op < 2) {
                byte[] p = Record.encode(k, "w" + q);
                hinted.insert(k, p);
                model.put(k, p);
            } else if (op < 4 && model.size() > 1) {
                assertThat(hinted.delete(k)).as("delete %d, seed %d", k, seed).isEqualTo(model.remove(k) != null);
            } else if (op == 4) {
                long append = model.lastKey() + 1 + r.nextInt(3); // past the right-most leaf's last row
                byte[] p = Record.encode(append, "a" + q);
                hinted.insert(append, p);
                model.put(append, p);
            } else if (op == 5) {
                assertThat(new TableCursor(s, root, null, hint).maxRowid()).as("max, seed %d", seed).isEqualTo(model.lastKey());
            }
            last = k;
        }
        WritePathTests.assertTableEquals(s.inner, root, model);
    }
}
