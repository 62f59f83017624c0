package io.onelite.btree;

import io.onelite.testing.ReplaySeed;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A scan that rewrites the rows it walks, as SQLite's one-pass UPDATE: through its own cursor
 * where the new cell fits the leaf ({@link TableCursor#rewriteCurrent}), else through another
 * cursor, the scan then staying on the row ({@link TableCursor#stayOn}) while leaves split under
 * it. Every row is visited once, in rowid order, and the tree holds the rows as written.
 */
class ScanRewriteTests {
    @Test
    void aScanRewritingEveryRowVisitsEachOnceWhileLeavesSplitUnderIt() {
        Random r = new Random(ReplaySeed.announce("ScanRewriteTests"));
        MemoryPages s = MemoryPages.create(512, 0);
        int root = BTree.create(s, true);
        TreeMap<Long, byte[]> model = new TreeMap<>();
        TableCursor w = new TableCursor(s, root, null);
        for (long k = 1; k <= 5_000; k++) {
            long rowid = k * 3; // gaps between rowids
            byte[] rec = Record.encode(rowid, "row " + k);
            w.insert(rowid, rec);
            model.put(rowid, rec);
        }
        TableCursor.Hint hint = new TableCursor.Hint();
        TableCursor scan = new TableCursor(s, root, null, hint);
        TableCursor other = new TableCursor(s, root, null, hint);
        List<Long> visited = new ArrayList<>();
        int inPlace = 0;
        int elsewhere = 0;
        for (boolean ok = scan.first(); ok; ok = scan.next()) {
            long rowid = scan.rowid();
            visited.add(rowid);
            // the same size, shorter, or longer (a tenth past what a 512-byte leaf has room for)
            int len = switch (r.nextInt(10)) {
                case 0 -> 40 + r.nextInt(60);
                case 1, 2 -> r.nextInt(4);
                default -> ("row " + rowid / 3).length() - 4;
            };
            byte[] rec = Record.encode(rowid, "row " + "x".repeat(len));
            if (scan.rewriteCurrent(rowid, rec)) {
                inPlace++;
            } else {
                other.insert(rowid, rec); // may split the leaf the scan is on
                scan.stayOn(rowid);
                elsewhere++;
            }
            model.put(rowid, rec);
            assertThat(scan.rowid()).isEqualTo(rowid);
        }
        assertThat(visited).containsExactlyElementsOf(model.keySet());
        assertThat(inPlace).as("rows rewritten through the scan's cursor").isGreaterThan(3_500);
        assertThat(elsewhere).as("rows that did not fit their leaf").isGreaterThan(50);
        WritePathTests.assertTableEquals(s, root, model);
    }

    /**
     * A leaf copied over a later one (a damaged file): the rewriting scan, found again by rowid
     * after each write, would walk the copy's rows round and round; it stops with SQLITE_CORRUPT.
     */
    @Test
    void aScanRewritingRowsOfACorruptTreeStopsInsteadOfGoingRound() {
        MemoryPages s = MemoryPages.create(512, 0);
        int root = BTree.create(s, true);
        TableCursor w = new TableCursor(s, root, null);
        for (long k = 1; k <= 300; k++) {
            w.insert(k, Record.encode(k, "row " + k));
        }
        List<Integer> leaves = new ArrayList<>();
        for (int p = 2; p <= s.pageCount(); p++) {
            if (s.read(p)[0] == 0x0d) {
                leaves.add(p);
            }
        }
        assertThat(leaves).hasSizeGreaterThan(4);
        System.arraycopy(s.read(leaves.get(1)), 0, s.write(leaves.get(3)), 0, 512);
        TableCursor scan = new TableCursor(s, root, null);
        TableCursor other = new TableCursor(s, root, null);
        org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(20), () ->
                org.assertj.core.api.Assertions.assertThatThrownBy(() -> {
                    for (boolean ok = scan.first(); ok; ok = scan.next()) {
                        long rowid = scan.rowid();
                        other.insert(rowid, Record.encode(rowid, "rewritten " + rowid));
                        scan.stayOn(rowid);
                    }
                }).isInstanceOf(io.onelite.common.CorruptDatabaseException.class));
    }

    /**
     * A scan deleting rows through its own cursor ({@link TableCursor#deleteScanned}) steps to the
     * row after each (or before, walking back), also when leaves empty and merge, and when
     * another cursor wrote to the tree since the scan moved (the row is found again first; a
     * cursor that moves on without writing must seek again after such a write, as any other).
     */
    @Test
    void aScanDeletingRowsStepsToTheirNeighbours() {
        Random r = new Random(ReplaySeed.announce("ScanRewriteTests delete"));
        MemoryPages s = MemoryPages.create(512, 0);
        int root = BTree.create(s, true);
        TreeMap<Long, byte[]> model = new TreeMap<>();
        TableCursor w = new TableCursor(s, root, null);
        for (long k = 1; k <= 4_000; k++) {
            byte[] rec = Record.encode(k * 2, "row " + k);
            w.insert(k * 2, rec);
            model.put(k * 2, rec);
        }
        TableCursor scan = new TableCursor(s, root, null, new TableCursor.Hint());
        List<Long> visited = new ArrayList<>();
        for (boolean ok = scan.first(); ok; ok = scan.next()) {
            long rowid = scan.rowid();
            visited.add(rowid);
            if (rowid < 6_000 || r.nextBoolean()) { // the first three quarters all go: leaves empty
                if (r.nextInt(20) == 0) { // another cursor adds an odd row behind the scan: cells move
                    long odd = rowid - 1;
                    byte[] rec = Record.encode(odd, "odd");
                    w.insert(odd, rec);
                    model.put(odd, rec);
                }
                assertThat(scan.deleteScanned(rowid)).isTrue();
                model.remove(rowid);
            }
        }
        assertThat(visited).isSorted().doesNotHaveDuplicates()
                .containsAll(java.util.stream.LongStream.rangeClosed(1, 4_000).map(k -> k * 2).boxed().toList());
        WritePathTests.assertTableEquals(s, root, model);
        // walking back
        TableCursor back = new TableCursor(s, root, null);
        List<Long> seen = new ArrayList<>();
        for (boolean ok = back.last(); ok; ok = back.prev()) {
            seen.add(back.rowid());
            if (back.rowid() % 4 == 0) {
                model.remove(back.rowid());
                assertThat(back.deleteScanned(back.rowid())).isTrue();
            }
        }
        assertThat(seen).isSortedAccordingTo(java.util.Comparator.reverseOrder()).doesNotHaveDuplicates();
        WritePathTests.assertTableEquals(s, root, model);
        assertThat(new TableCursor(s.readOnly(), root, null).deleteScanned(1)).isFalse();
    }

    @Test
    void aCursorRewritesOnlyTheRowItIsOnWhileItsPathIsCurrent() {
        MemoryPages s = MemoryPages.create(512, 0);
        int root = BTree.create(s, true);
        TableCursor w = new TableCursor(s, root, null);
        for (long k = 1; k <= 1_000; k++) {
            w.insert(k, Record.encode(k, "row"));
        }
        TableCursor scan = new TableCursor(s, root, null);
        assertThat(scan.seek(500)).isTrue();
        assertThat(scan.rewriteCurrent(501, Record.encode(501L, "new"))).as("another row than its own").isFalse();
        assertThat(scan.rewriteCurrent(500, Record.encode(500L, "new"))).isTrue();
        assertThat(scan.next()).isTrue();
        assertThat(scan.rowid()).isEqualTo(501);
        // a write through another cursor: the scan's pages may be stale, it does not write
        w.insert(2_000, Record.encode(2_000L, "appended"));
        assertThat(scan.rewriteCurrent(501, Record.encode(501L, "new"))).isFalse();
        assertThat(scan.seek(10_000)).as("a missed seek").isFalse();
        assertThat(scan.rewriteCurrent(2_000, Record.encode(2_000L, "new"))).isFalse();
        assertThat(scan.seek(501)).isTrue();
        assertThat(scan.rewriteCurrent(501, Record.encode(501L, "new"))).isTrue();
        TableCursor check = new TableCursor(s, root, null);
        assertThat(check.seek(500)).isTrue();
        assertThat(Record.decode(check.payload())).containsExactly(500L, "new");
        assertThat(check.seek(501)).isTrue();
        assertThat(Record.decode(check.payload())).containsExactly(501L, "new");
        assertThat(check.seek(502)).isTrue();
        assertThat(Record.decode(check.payload())).containsExactly(502L, "row");
        // a read-only store: nothing is written, and staying on a row changes nothing
        TableCursor reader = new TableCursor(s.readOnly(), root, null);
        assertThat(reader.seek(700)).isTrue();
        assertThat(reader.rewriteCurrent(700, Record.encode(700L, "new"))).isFalse();
        reader.stayOn(700);
        assertThat(reader.next()).isTrue();
        assertThat(reader.rowid()).isEqualTo(701);
    }
}
