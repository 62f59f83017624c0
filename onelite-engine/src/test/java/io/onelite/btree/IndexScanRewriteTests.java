package io.onelite.btree;

import io.onelite.testing.ReplaySeed;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A scan of an index tree (a WITHOUT ROWID table) that rewrites each entry it walks, keeping its
 * key ({@link IndexCursor#rewriteScanned}): in place, or deleted and inserted again when the entry
 * outgrows its page; entries in interior pages too; with other cursors writing to the tree between
 * the scan's steps. Every entry is visited once, in order, and holds what was written last.
 */
class IndexScanRewriteTests {

    @Test
    void aScanRewritingEveryEntryVisitsEachOnceWhileOthersWriteTheTree() {
        Random r = new Random(ReplaySeed.announce("IndexScanRewriteTests"));
        CountingPages s = new CountingPages(MemoryPages.create(512, 0));
        int root = BTree.create(s, false);
        TreeMap<Long, String> model = new TreeMap<>();
        IndexCursor w = new IndexCursor(s, root, KeyInfo.BINARY, null);
        for (long k = 0; k < 3_000; k += 2) {
            w.insert(new Object[] {k, "v" + k});
            model.put(k, "v" + k);
        }
        IndexCursor scan = new IndexCursor(s, root, KeyInfo.BINARY, null);
        List<Long> visited = new ArrayList<>();
        int sinceLastOther = 0;
        for (boolean ok = scan.first(); ok; ok = scan.next()) {
            long k = (Long) scan.key()[0];
            visited.add(k);
            String v = switch (r.nextInt(8)) {
                case 0 -> "x".repeat(30 + r.nextInt(90)); // may not fit: delete and insert
                case 1 -> "";
                default -> "w" + k; // about the same size: in place
            };
            if (++sinceLastOther == 50) { // another cursor adds an odd key behind the scan: cells move
                sinceLastOther = 0;
                long odd = k - 1 - 2L * r.nextInt(5);
                if (odd > 0) {
                    w.insert(new Object[] {odd, "odd"});
                }
            }
            assertThat(scan.rewriteScanned(Record.encode(k, v), 1)).isTrue();
            model.put(k, v);
            assertThat(scan.key()).containsExactly(k, v);
        }
        assertThat(visited).isSorted().doesNotHaveDuplicates();
        assertThat(visited).containsAll(model.keySet().stream().filter(k -> k % 2 == 0).toList());
        IndexCursor check = new IndexCursor(s, root, KeyInfo.BINARY, null);
        for (boolean ok = check.first(); ok; ok = check.next()) {
            Object[] e = check.key();
            if ((Long) e[0] % 2 == 0) {
                assertThat(e[1]).isEqualTo(model.get((Long) e[0]));
            }
        }
    }

    @Test
    void entriesRewrittenInPlaceOneAfterTheOtherReadNoPageAboveTheLeaf() {
        CountingPages s = new CountingPages(MemoryPages.create(512, 0));
        int root = BTree.create(s, false);
        IndexCursor w = new IndexCursor(s, root, KeyInfo.BINARY, null);
        for (long k = 0; k < 2_000; k++) {
            w.insert(new Object[] {k, "value " + (k % 10)});
        }
        IndexCursor scan = new IndexCursor(s, root, KeyInfo.BINARY, null);
        assertThat(scan.first()).isTrue();
        int before = s.reads;
        int rows = 0;
        do {
            long k = (Long) scan.key()[0];
            assertThat(scan.rewriteScanned(Record.encode(k, "VALUE " + (k % 10)), 1)).isTrue();
            rows++;
        } while (scan.next());
        assertThat(rows).isEqualTo(2_000);
        // each entry's leaf read twice (to replace in place, and as it now is), the pages above only when the scan moves on
        assertThat(s.reads - before).as("page reads").isLessThan(3 * rows); // found again each time: over 4 per row
        IndexCursor check = new IndexCursor(s, root, KeyInfo.BINARY, null);
        assertThat(check.seekPrefix(new Object[] {1234L})).isTrue();
        assertThat(check.key()).containsExactly(1234L, "VALUE 4");
    }

    /**
     * A leaf copied over a later one (a damaged file): a scan whose entries outgrow their page,
     * found again by key after each rewrite, reaches the copy's entries again; it still ends,
     * done or with SQLITE_CORRUPT.
     */
    @Test
    void aScanRewritingEntriesOfACorruptTreeEnds() {
        MemoryPages s = MemoryPages.create(512, 0);
        int root = BTree.create(s, false);
        IndexCursor w = new IndexCursor(s, root, KeyInfo.BINARY, null);
        for (long k = 0; k < 400; k++) {
            w.insert(new Object[] {k, "v"});
        }
        List<Integer> leaves = new ArrayList<>();
        for (int p = 2; p <= s.pageCount(); p++) {
            if (s.read(p)[0] == 0x0a) {
                leaves.add(p);
            }
        }
        assertThat(leaves).hasSizeGreaterThan(4);
        System.arraycopy(s.read(leaves.get(1)), 0, s.write(leaves.get(3)), 0, 512);
        IndexCursor scan = new IndexCursor(s, root, KeyInfo.BINARY, null);
        int[] rewritten = {0};
        org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(20), () -> {
            try {
                for (boolean ok = scan.first(); ok; ok = scan.next()) {
                    long k = (Long) scan.key()[0];
                    scan.rewriteScanned(Record.encode(k, "x".repeat(20 + (int) (k % 30))), 1);
                    rewritten[0]++;
                }
            } catch (io.onelite.common.CorruptDatabaseException expected) {
                // as good an end as any for a damaged tree
            }
        });
        assertThat(rewritten[0]).isPositive();
    }

    /** Entries deleted through the scan's cursor ({@link IndexCursor#deleteScanned}), also after another cursor wrote the tree. */
    @Test
    void aScanDeletingEntriesStepsToTheirNeighbours() {
        Random r = new Random(ReplaySeed.announce("IndexScanRewriteTests delete"));
        MemoryPages s = MemoryPages.create(512, 0);
        int root = BTree.create(s, false);
        TreeMap<Long, String> model = new TreeMap<>();
        IndexCursor w = new IndexCursor(s, root, KeyInfo.BINARY, null);
        for (long k = 0; k < 6_000; k += 2) {
            w.insert(new Object[] {k, "value " + k});
            model.put(k, "value " + k);
        }
        IndexCursor scan = new IndexCursor(s, root, KeyInfo.BINARY, null);
        List<Long> visited = new ArrayList<>();
        for (boolean ok = scan.first(); ok; ok = scan.next()) {
            long k = (Long) scan.key()[0];
            visited.add(k);
            if (k < 4_000 || r.nextBoolean()) {
                if (k > 0 && r.nextInt(20) == 0) { // another cursor adds an odd key behind the scan: cells move
                    w.insert(new Object[] {k - 1, "odd"});
                    model.put(k - 1, "odd");
                }
                assertThat(scan.deleteScanned(() -> new Object[] {k})).isTrue();
                model.remove(k);
            }
        }
        assertThat(visited).isSorted().doesNotHaveDuplicates()
                .containsAll(java.util.stream.LongStream.range(0, 3_000).map(k -> k * 2).boxed().toList());
        List<Long> left = new ArrayList<>();
        IndexCursor check = new IndexCursor(s, root, KeyInfo.BINARY, null);
        for (boolean ok = check.first(); ok; ok = check.next()) {
            left.add((Long) check.key()[0]);
            assertThat(check.key()[1]).isEqualTo(model.get((Long) check.key()[0]));
        }
        assertThat(left).containsExactlyElementsOf(model.keySet());
        IndexCursor back = new IndexCursor(s, root, KeyInfo.BINARY, null);
        List<Long> seen = new ArrayList<>();
        for (boolean ok = back.last(); ok; ok = back.prev()) {
            long k = (Long) back.key()[0];
            seen.add(k);
            if (k % 3 == 0) {
                assertThat(back.deleteScanned(() -> new Object[] {k})).isTrue();
                model.remove(k);
            }
        }
        java.util.Collections.reverse(left);
        assertThat(seen).containsExactlyElementsOf(left);
    }

    @Test
    void aReadOnlySnapshotIsNotWrittenThrough() {
        MemoryPages s = MemoryPages.create(512, 0);
        int root = BTree.create(s, false);
        new IndexCursor(s, root, KeyInfo.BINARY, null).insert(new Object[] {1L, "a"});
        IndexCursor reader = new IndexCursor(s.readOnly(), root, KeyInfo.BINARY, null);
        assertThat(reader.first()).isTrue();
        assertThat(reader.rewriteScanned(Record.encode(1L, "b"), 1)).isFalse();
        assertThat(reader.key()).containsExactly(1L, "a");
    }
}
