package io.onelite.tx;

import io.onelite.btree.KeyInfo;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class TraceTests {

    @Test
    void serializableTraceKeepsReadsAndWritesInOrder() {
        Trace t = new Trace(true);
        t.tableRead(2, 1, 10);
        t.tableRead(2, 10, 20);
        t.indexRead(3, KeyInfo.BINARY, new Object[] {"a"}, new Object[] {"b"});
        t.indexRead(3, KeyInfo.BINARY, new Object[] {"b"}, new Object[] {"c"});
        t.tableInsert(2, 5, new byte[] {1}, null);
        t.tableDelete(2, 6, new byte[] {2});
        assertThat(t.tableReads().get(2).toString()).isEqualTo("{[1..20]}");
        assertThat(t.indexReads().get(3).intervals()).hasSize(1);
        assertThat(t.writes()).extracting(Object::toString).containsExactly("Insert[2, 5]", "Delete[2, 6]");
        assertThat(t.unmergeable()).isNull();
    }

    @Test
    void snapshotTraceKeepsOnlyTheIndexPrefixesSeeksProbedFor() {
        Trace t = new Trace(false);
        t.tableRead(2, 1, 10);
        t.indexRead(3, KeyInfo.BINARY, new Object[] {"a", 1L}, new Object[] {"b", 2L}); // a step
        t.indexRead(3, KeyInfo.BINARY, new Object[] {"x"}, new Object[] {"y", 7L});    // a probe for "x"
        assertThat(t.tableReads()).isEmpty();
        assertThat(t.indexReads().get(3).intervals()).singleElement()
                .satisfies(r -> assertThat(r.hi()).containsExactly("x"));
    }

    @Test
    void rollbackToASavepointForgetsLaterWritesButKeepsReads() {
        Trace t = new Trace(true);
        t.tableInsert(2, 1, new byte[0], null);
        int mark = t.mark();
        t.tableRead(2, 5, 5);
        t.tableInsert(2, 2, new byte[0], null);
        t.rollbackTo(mark);
        assertThat(t.writes()).hasSize(1);
        assertThat(t.tableReads()).containsKey(2);
    }

    @Test
    void writesToTheSchemaTableMakeTheTraceUnmergeable() {
        Trace t = new Trace(true);
        t.tableInsert(1, 3, new byte[0], null);
        assertThat(t.unmergeable()).isEqualTo("schema change");
    }

    @Test
    void aTraceOverItsLimitStopsRecordingAndSaysSo() {
        Trace t = new Trace(true, 10);
        for (int i = 0; i < 11; i++) {
            t.tableInsert(2, i, new byte[0], null);
        }
        assertThat(t.overflowed()).isTrue();
        assertThat(t.writes()).isEmpty();
        t.tableInsert(2, 99, new byte[0], null);
        assertThat(t.size()).isZero();
    }
}
