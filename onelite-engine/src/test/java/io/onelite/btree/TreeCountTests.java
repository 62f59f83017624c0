package io.onelite.btree;

import io.onelite.common.CorruptDatabaseException;
import io.onelite.testing.ReplaySeed;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Counting entries from page cell counts (TreeCount, through the cursors' count()) gives what
 * stepping a cursor over every entry gives, for table and index trees of several levels (index
 * interior cells are entries), and a damaged child pointer is reported as corruption. Prints its seed.
 */
class TreeCountTests {
    @Test
    void countEqualsSteppingThroughRandomInsertsAndDeletes() {
        long seed = ReplaySeed.announce("TreeCountTests");
        Random r = new Random(seed);
        MemoryPages s = MemoryPages.create(512, 0);
        TableCursor table = new TableCursor(s, BTree.create(s, true), null);
        IndexCursor index = new IndexCursor(s, BTree.create(s, false), KeyInfo.BINARY, null);
        assertThat(table.count()).isZero();
        assertThat(index.count()).isZero();
        for (int round = 0; round < 8; round++) {
            for (int i = 0; i < 300; i++) {
                long rowid = r.nextInt(5000);
                table.insert(rowid, Record.encode(new Object[] {"x".repeat(r.nextInt(10) == 0 ? 2000 : r.nextInt(60))}));
                index.insert(new Object[] {IndexTreeTests.randomValue(r), rowid});
            }
            for (int i = 0; i < 100; i++) {
                table.delete(r.nextInt(5000));
            }
            assertThat(table.count()).as("seed " + seed).isEqualTo(stepTable(table));
            assertThat(index.count()).as("seed " + seed).isEqualTo(stepIndex(index));
        }
    }

    @Test
    void childPointerBackToTheRootIsCorruption() {
        MemoryPages s = MemoryPages.create(512, 0);
        int root = BTree.create(s, false);
        IndexCursor index = new IndexCursor(s, root, KeyInfo.BINARY, null);
        for (long i = 0; i < 400; i++) {
            index.insert(new Object[] {"key-" + i, i});
        }
        byte[] page = s.write(root);
        int hdr = PageHeader.headerOffset(root);
        assertThat(page[hdr + PageHeader.TYPE]).isEqualTo((byte) PageHeader.INDEX_INTERIOR);
        PageHeader.put32(page, hdr + PageHeader.RIGHT_CHILD, root);
        assertThatThrownBy(index::count).isInstanceOf(CorruptDatabaseException.class);
        // a range count whose high end lies in the right-most child, and one that spans it whole
        assertThatThrownBy(() -> index.countBetween(new Object[] {"key-1"}, true, new Object[] {"key-99"}, true))
                .isInstanceOf(CorruptDatabaseException.class);
        assertThatThrownBy(() -> index.countBetween(new Object[] {"key-1"}, true, null, true))
                .isInstanceOf(CorruptDatabaseException.class);
    }

    /** A child pointer to a page met before, inside a counted range, is corruption, not a count. */
    @Test
    void aRangeCountOverAChildMetTwiceIsCorruption() {
        MemoryPages s = MemoryPages.create(512, 0);
        int root = BTree.create(s, true);
        TableCursor table = new TableCursor(s, root, null);
        for (long i = 1; i <= 2000; i++) {
            table.insert(i, Record.encode(new Object[] {"row " + i}));
        }
        byte[] page = s.write(root);
        int hdr = PageHeader.headerOffset(root);
        assertThat(page[hdr + PageHeader.TYPE]).isEqualTo((byte) PageHeader.TABLE_INTERIOR);
        assertThat(table.countBetween(10, 1990)).isEqualTo(1981);
        // the right-most child now points at the first child: the walk would count it twice
        int firstCell = PageHeader.get16(page, hdr + 12); // an interior header is 12 bytes, then the cell pointers
        PageHeader.put32(page, hdr + PageHeader.RIGHT_CHILD, PageHeader.get32(page, firstCell));
        assertThatThrownBy(() -> table.countBetween(10, 1990)).isInstanceOf(CorruptDatabaseException.class);
    }

    private static long stepTable(TableCursor c) {
        long n = 0;
        for (boolean ok = c.first(); ok; ok = c.next()) {
            n++;
        }
        return n;
    }

    private static long stepIndex(IndexCursor c) {
        long n = 0;
        for (boolean ok = c.first(); ok; ok = c.next()) {
            n++;
        }
        return n;
    }
}
