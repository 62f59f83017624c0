package io.onelite.btree;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class CursorListenerTests {
    /** Records calls as strings. */
    static final class Log implements TreeAccessListener {
        final List<String> calls = new ArrayList<>();

        @Override
        public void tableRead(int root, long lo, long hi) {
            calls.add("read " + lo + ".." + hi);
        }

        @Override
        public void indexRead(int root, KeyInfo keyInfo, Object[] lo, Object[] hi) {
            calls.add("iread " + Arrays.toString(lo) + ".." + Arrays.toString(hi));
        }

        @Override
        public void tableInsert(int root, long rowid, byte[] payload, byte[] before) {
            calls.add("insert " + rowid + (before == null ? " new" : " replaces " + Record.column(before, 0)));
        }

        @Override
        public void tableDelete(int root, long rowid, byte[] before) {
            calls.add("delete " + rowid + " was " + Record.column(before, 0));
        }

        @Override
        public void indexInsert(int root, KeyInfo keyInfo, byte[] key) {
            calls.add("iinsert " + Arrays.toString(Record.decode(key)));
        }

        @Override
        public void indexDelete(int root, KeyInfo keyInfo, byte[] key) {
            calls.add("idelete " + Arrays.toString(Record.decode(key)));
        }
    }

    @Test
    void tableCursorReportsTheIntervalsItCoveredAndBeforeImages() {
        MemoryPages s = MemoryPages.create(512, 0);
        int root = BTree.create(s, true);
        Log log = new Log();
        TableCursor c = new TableCursor(s, root, log);
        c.insert(10, Record.encode("a"));
        c.insert(20, Record.encode("b"));
        c.insert(20, Record.encode("c"));
        assertThat(c.seek(15)).isFalse();
        assertThat(c.rowid()).isEqualTo(20);
        assertThat(c.seekGE(21)).isFalse();
        assertThat(c.seekLE(15)).isTrue();
        assertThat(c.next()).isTrue();
        assertThat(c.next()).isFalse();
        assertThat(c.first()).isTrue();
        assertThat(c.last()).isTrue();
        assertThat(c.prev()).isTrue();
        assertThat(c.maxRowid()).isEqualTo(20);
        assertThat(c.delete(10)).isTrue();
        assertThat(c.delete(11)).isFalse();
        assertThat(log.calls).containsExactly(
            "insert 10 new", "insert 20 new", "insert 20 replaces b",
            "read 15..15", "read 15..20", "read 21.." + Long.MAX_VALUE, "read 10..15", "read 10..20", "read 20.." + Long.MAX_VALUE,
            "read " + Long.MIN_VALUE + "..10", "read 20.." + Long.MAX_VALUE, "read 10..20",
            "delete 10 was a", "read 11..11");
    }

    @Test
    void aMissedSeekUsedOnlyAsAProbeReportsJustThatRowid() {
        // two concurrent inserts of explicit rowids 1000 and 1001 must not conflict (gh: spring report)
        MemoryPages s = MemoryPages.create(512, 0);
        int root = BTree.create(s, true);
        TableCursor writer = new TableCursor(s, root, TreeAccessListener.NONE);
        writer.insert(10, Record.encode("a"));
        Log log = new Log();
        TableCursor c = new TableCursor(s, root, log);
        assertThat(c.seek(1000)).isFalse();
        assertThat(c.seek(5)).isFalse();
        assertThat(log.calls).containsExactly("read 1000..1000", "read 5..5");
        assertThat(c.valid()).isTrue();
        assertThat(c.rowid()).isEqualTo(10);
        assertThat(log.calls).containsExactly("read 1000..1000", "read 5..5", "read 5..10");
    }

    @Test
    void indexCursorReportsKeyIntervalsWithOpenEndsAsNull() {
        MemoryPages s = MemoryPages.create(512, 0);
        int root = BTree.create(s, false);
        Log log = new Log();
        IndexCursor c = new IndexCursor(s, root, KeyInfo.BINARY, log);
        c.insert(new Object[] {"x", 1L});
        c.insert(new Object[] {"y", 2L});
        assertThat(c.seekGE(new Object[] {"x"})).isTrue();
        assertThat(c.next()).isTrue();
        assertThat(c.next()).isFalse();
        assertThat(c.seekGT(new Object[] {"y"})).isFalse();
        assertThat(c.delete(new Object[] {"x", 1L})).isTrue();
        assertThat(log.calls).containsExactly(
            "iinsert [x, 1]", "iinsert [y, 2]",
            "iread [x]..[x, 1]", "iread [x, 1]..[y, 2]", "iread [y, 2]..null", "iread [y]..null",
            "idelete [x, 1]");
    }
}
