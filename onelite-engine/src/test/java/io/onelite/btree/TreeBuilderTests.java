package io.onelite.btree;

import io.onelite.testing.ReplaySeed;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link TreeBuilder}: copies of random table and index trees (overflow, several levels, tiny
 * and empty trees, reserved bytes) pass {@link IntegrityCheck}, hold the same entries in the
 * same order, and take no more pages than the source; a sqlite_schema tree built on page 1
 * splits below its 100-byte header.
 */
class TreeBuilderTests {
    private static final int[][] GEOMETRIES = {{512, 0}, {1024, 8}, {4096, 0}};

    @Test
    void copiesOfRandomTreesAreValidEqualAndNoBigger() {
        long seed = ReplaySeed.announce("TreeBuilderTests");
        Random rnd = new Random(seed);
        for (int[] g : GEOMETRIES) {
            for (int n : new int[] {0, 1, 7, 300, 3000}) {
                MemoryPages src = MemoryPages.create(g[0], g[1]);
                int table = BTree.create(src, true);
                int index = BTree.create(src, false);
                TableCursor tc = new TableCursor(src, table, TreeAccessListener.NONE);
                IndexCursor ic = new IndexCursor(src, index, KeyInfo.BINARY, TreeAccessListener.NONE);
                for (int i = 0; i < n; i++) {
                    byte[] blob = new byte[rnd.nextInt(10) == 0 ? rnd.nextInt(3 * g[0]) : rnd.nextInt(60)];
                    rnd.nextBytes(blob);
                    tc.insert(rnd.nextInt(1_000_000), Record.encode(blob, (long) i));
                    ic.insert(new Object[] {"k".repeat(rnd.nextInt(rnd.nextInt(8) == 0 ? g[0] : 20)) + rnd.nextInt(100_000), (long) i});
                }
                for (int i = 0; i < n / 3; i++) { // deletes leave free space and free pages behind
                    tc.seekGE(rnd.nextInt(1_000_000));
                    if (tc.valid()) {
                        tc.delete(tc.rowid());
                    }
                }
                MemoryPages dst = MemoryPages.create(g[0], g[1]);
                int tableCopy = dst.allocate();
                int indexCopy = dst.allocate();
                TreeBuilder.copy(src, table, dst, tableCopy);
                TreeBuilder.copy(src, index, dst, indexCopy);
                String what = "seed " + seed + " page " + g[0] + " reserved " + g[1] + " n " + n;
                Map<Integer, KeyInfo> roots = new java.util.HashMap<>();
                roots.put(tableCopy, null); // a table tree
                roots.put(indexCopy, KeyInfo.BINARY);
                assertThat(IntegrityCheck.check(dst, roots, 20))
                        .as(what).isEmpty();
                assertThat(rows(dst, tableCopy)).as(what).isEqualTo(rows(src, table));
                assertThat(keys(dst, indexCopy)).as(what).isEqualTo(keys(src, index));
                assertThat(dst.pageCount()).as(what).isLessThanOrEqualTo(src.pageCount());
            }
        }
    }

    @Test
    void aSchemaTreeOnPageOneSplitsBelowItsHeader() {
        for (int[] g : GEOMETRIES) {
            for (int n : new int[] {1, 2, 5, 40, 400}) {
                MemoryPages dst = MemoryPages.create(g[0], g[1]);
                List<TreeBuilder.Row> rows = new ArrayList<>();
                for (int i = 1; i <= n; i++) {
                    rows.add(new TreeBuilder.Row(i, Record.encode("table", "t" + i, "t" + i, 0L,
                            "CREATE TABLE t" + i + "(" + "c, ".repeat(i % 40) + "x)")));
                }
                TreeBuilder.writeTable(dst, 1, rows);
                assertThat(IntegrityCheck.check(dst, Map.of(), 20)).as(g[0] + "/" + n).isEmpty();
                TableCursor c = new TableCursor(dst, 1, TreeAccessListener.NONE);
                int seen = 0;
                for (boolean ok = c.first(); ok; ok = c.next()) {
                    seen++;
                    assertThat(c.rowid()).isEqualTo(seen);
                    assertThat(Record.decode(c.payload())[1]).isEqualTo("t" + seen);
                }
                assertThat(seen).isEqualTo(n);
            }
        }
    }

    private static List<String> rows(MemoryPages s, int root) {
        List<String> out = new ArrayList<>();
        TableCursor c = new TableCursor(s, root, TreeAccessListener.NONE);
        for (boolean ok = c.first(); ok; ok = c.next()) {
            out.add(c.rowid() + ":" + java.util.HexFormat.of().formatHex(c.payload()));
        }
        return out;
    }

    private static List<String> keys(MemoryPages s, int root) {
        List<String> out = new ArrayList<>();
        IndexCursor c = new IndexCursor(s, root, KeyInfo.BINARY, TreeAccessListener.NONE);
        for (boolean ok = c.first(); ok; ok = c.next()) {
            out.add(java.util.HexFormat.of().formatHex(c.keyRecord()));
        }
        return out;
    }
}
