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
    /**
     * A path found in a snapshot holds in a write set made on it until the first change
     * (PageStore.unchangedSince): the table cursors' hint then carries an UPDATE's find of its
     * row over to its write. After any change, or for another snapshot, it must not.
     */
    @Test
    void aWriteSetIsUnchangedSinceItsSnapshotOnlyUntilItsFirstChange() {
        try (Pager pager = Pager.openMemory(PagerOptions.DEFAULTS)) {
            Snapshot empty = pager.beginRead();
            WriteSet setup = pager.newWriteSet(empty);
            int table = BTree.create(setup, true);
            TableCursor w = new TableCursor(setup, table, null);
            for (long k = 1; k <= 2000; k++) {
                w.insert(k, Record.encode(k, "row " + k));
            }
            pager.lockWrite(Duration.ofSeconds(1));
            pager.appendCommit(setup);
            pager.publish();
            pager.unlockWrite();
            pager.endRead(empty);

            Snapshot snap = pager.beginRead();
            Snapshot other = pager.beginRead();
            WriteSet ws = pager.newWriteSet(snap);
            assertThat(ws.unchangedSince(snap, snap.changeStamp())).isTrue();
            assertThat(ws.unchangedSince(other, other.changeStamp())).isFalse();
            assertThat(ws.unchangedSince(ws, ws.changeStamp())).isTrue();

            // found in the snapshot, rewritten through the write set with the same hint
            TableCursor.Hint hint = new TableCursor.Hint();
            TableCursor reader = new TableCursor(snap, table, null, hint);
            assertThat(reader.seek(1234)).isTrue();
            TableCursor writer = new TableCursor(ws, table, null, hint);
            writer.insert(1234, Record.encode(1234L, "rewritten"));
            assertThat(ws.unchangedSince(snap, snap.changeStamp())).isFalse();
            // a path the snapshot finds now is not the write set's: the next write must not start from it
            assertThat(reader.seek(1235)).isTrue();
            writer.insert(1233, Record.encode(1233L, "x".repeat(3000)));
            writer.insert(1235, Record.encode(1235L, "also rewritten"));
            long seen = 0;
            TableCursor check = new TableCursor(ws, table, null);
            for (boolean ok = check.first(); ok; ok = check.next()) {
                Object[] row = Record.decode(check.payload());
                String expected = switch ((int) check.rowid()) {
                    case 1233 -> "x".repeat(3000);
                    case 1234 -> "rewritten";
                    case 1235 -> "also rewritten";
                    default -> "row " + check.rowid();
                };
                assertThat(row[row.length - 1]).as("row %d", check.rowid()).isEqualTo(expected);
                seen++;
            }
            assertThat(seen).isEqualTo(2000);
            Map<Integer, KeyInfo> roots = new HashMap<>();
            roots.put(table, null);
            assertThat(IntegrityCheck.check(ws, roots, 10)).isEmpty();
            pager.endRead(other);
            pager.endRead(snap);
        }
    }
}
