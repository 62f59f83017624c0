package io.onelite.btree;

import io.onelite.pager.Pager;
import io.onelite.pager.PagerOptions;
import io.onelite.pager.Snapshot;
import io.onelite.pager.WriteSet;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** The trees over the real pager's write sets and snapshots. */
class PagerIntegrationTests {
    @Test
    void treesWrittenInAWriteSetReadBackFromTheNextSnapshot() {
        try (Pager pager = Pager.openMemory(PagerOptions.DEFAULTS)) {
            Snapshot base = pager.beginRead();
            WriteSet ws = pager.newWriteSet(base);
            int table = BTree.create(ws, true);
            int index = BTree.create(ws, false);
            Random r = new Random(3);
            TableCursor t = new TableCursor(ws, table, null);
            IndexCursor i = new IndexCursor(ws, index, KeyInfo.BINARY, null);
            for (long k = 1; k <= 3000; k++) {
                byte[] big = new byte[k % 50 == 0 ? 9000 : 20];
                r.nextBytes(big);
                t.insert(k, Record.encode(k, big));
                i.insert(new Object[] {"k" + (k * 7919 % 3001), k});
            }
            for (long k = 1; k <= 3000; k += 2) {
                t.delete(k);
            }
            pager.lockWrite(Duration.ofSeconds(1));
            pager.appendCommit(ws);
            pager.publish();
            pager.unlockWrite();
            pager.endRead(base);

            Snapshot snap = pager.beginRead();
            Map<Integer, KeyInfo> roots = new HashMap<>();
            roots.put(table, null);
            roots.put(index, KeyInfo.BINARY);
            assertThat(IntegrityCheck.check(snap, roots, 10)).isEmpty();
            TableCursor rt = new TableCursor(snap, table, null);
            int n = 0;
            for (boolean ok = rt.first(); ok; ok = rt.next()) {
                assertThat(rt.rowid() % 2).isZero();
                assertThat(Record.column(rt.payload(), 0)).isEqualTo(rt.rowid());
                n++;
            }
            assertThat(n).isEqualTo(1500);
            assertThat(rt.maxRowid()).isEqualTo(3000);

            WriteSet ws2 = pager.newWriteSet(snap);
            BTree.drop(ws2, index);
            BTree.clear(ws2, table);
            roots.remove(index);
            assertThat(IntegrityCheck.check(ws2, roots, 10)).isEmpty();
            assertThat(new TableCursor(ws2, table, null).first()).isFalse();
            pager.endRead(snap);
        }
    }
}
