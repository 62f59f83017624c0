package io.onelite.btree;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;

class IndexTreeTests {
    static Object randomValue(Random r) {
        return switch (r.nextInt(6)) {
            case 0 -> null;
            case 1 -> (long) r.nextInt(200) - 100;
            case 2 -> r.nextInt(100) / 8.0;
            case 3 -> "s" + "xY".repeat(r.nextInt(3)) + r.nextInt(500);
            case 4 -> r.nextInt(10) == 0 ? "big".repeat(100 + r.nextInt(4000)) : "S" + r.nextInt(300);
            default -> {
                byte[] b = new byte[r.nextInt(r.nextInt(10) == 0 ? 5000 : 20)];
                r.nextBytes(b);
                yield b;
            }
        };
    }

    @Test
    void indexTreeMatchesASortedSetThroughRandomInsertsAndDeletes() {
        long seed = System.nanoTime();
        System.out.println("indexTree seed " + seed);
        Random r = new Random(seed);
        KeyInfo[] infos = {
            KeyInfo.BINARY,
            new KeyInfo(new Collation[] {Collation.NOCASE, Collation.RTRIM}, new boolean[] {true, false}),
        };
        for (int[] cfg : new int[][] {{512, 0}, {1024, 32}, {4096, 0}}) {
            for (KeyInfo ki : infos) {
                MemoryPages s = MemoryPages.create(cfg[0], cfg[1]);
                int root = BTree.create(s, false);
                TreeSet<Object[]> model = new TreeSet<>((a, b) -> KeyCompare.compareKeys(a, b, ki));
                IndexCursor c = new IndexCursor(s, root, ki, null);
                long rowid = 0;
                for (int batch = 0; batch < 10; batch++) {
                    boolean deleting = batch % 3 == 2;
                    for (int k = 0; k < 250; k++) {
                        if ((deleting || r.nextInt(5) == 0) && !model.isEmpty()) {
                            Object[] probe = {randomValue(r)};
                            Object[] victim = model.ceiling(probe);
                            if (victim == null) {
                                victim = model.first();
                            }
                            assertThat(c.delete(victim)).isTrue();
                            model.remove(victim);
                            assertThat(c.delete(victim)).isFalse();
                        } else {
                            Object[] key = {randomValue(r), randomValue(r), ++rowid};
                            c.insert(key);
                            model.add(key);
                        }
                    }
                    List<Object[]> actual = new ArrayList<>();
                    for (boolean ok = c.first(); ok; ok = c.next()) {
                        actual.add(c.key());
                    }
                    ReadPathTests.assertRowsEqual(actual, new ArrayList<>(model));
                    List<Object[]> back = new ArrayList<>();
                    for (boolean ok = c.last(); ok; ok = c.prev()) {
                        back.add(0, c.key());
                    }
                    ReadPathTests.assertRowsEqual(back, new ArrayList<>(model));
                    assertThat(IntegrityCheck.check(s, Map.of(root, ki), 20)).as("seed " + seed).isEmpty();
                    TreeShape shape = TreeShape.of(s, root);
                    assertThat(shape.emptyNonRoot()).isZero();
                assertThat(shape.pages() < 4 || shape.fill() > 0.3).as("pages about full: " + shape).isTrue();
                    for (int q = 0; q < 50 && !model.isEmpty(); q++) {
                        Object[] prefix = {randomValue(r)};
                        Object[] ge = firstWithPrefixAtLeast(model, prefix, ki);
                        assertThat(c.seekGE(prefix)).isEqualTo(ge != null);
                        if (ge != null) {
                            ReadPathTests.assertKey(c.key(), ge);
                        }
                    }
                }
                for (Object[] key : new ArrayList<>(model)) {
                    assertThat(c.delete(key)).isTrue();
                }
                assertThat(c.first()).isFalse();
                assertThat(IntegrityCheck.check(s, Map.of(root, ki), 20)).isEmpty();
                assertThat(s.pageCount() - WritePathTests.freelistCount(s)).isEqualTo(2);
            }
        }
    }

    /**
     * Seeks of every kind in ascending key order (each one near the last: the cursor's own leaf
     * answers it without a descent from the root), in random order, and right after writes that
     * change the leaf the cursor is on, each against a sorted set.
     */
    @Test
    void seeksFromTheCurrentLeafFindWhatADescentFinds() {
        long seed = System.nanoTime();
        System.out.println("seeksFromTheCurrentLeaf seed " + seed);
        Random r = new Random(seed);
        KeyInfo ki = KeyInfo.BINARY;
        MemoryPages s = MemoryPages.create(512, 0);
        int root = BTree.create(s, false);
        TreeSet<Object[]> model = new TreeSet<>((a, b) -> KeyCompare.compareKeys(a, b, ki));
        IndexCursor c = new IndexCursor(s, root, ki, null);
        long rowid = 0;
        for (int i = 0; i < 3000; i++) {
            Object[] key = {(long) r.nextInt(1500), ++rowid}; // duplicates of the first column span leaves
            c.insert(key);
            model.add(key);
        }
        List<Object[]> probes = new ArrayList<>();
        for (long v = -2; v < 1503; v++) {
            probes.add(new Object[] {v});
            probes.add(new Object[] {v, (long) r.nextInt(3000)});
        }
        for (int pass = 0; pass < 3; pass++) {
            if (pass == 1) {
                java.util.Collections.shuffle(probes, r);
            }
            for (Object[] probe : probes) {
                if (pass == 2 && r.nextInt(4) == 0) {
                    Object[] key = {probe[0], ++rowid}; // a write on the leaf about to be searched
                    c.insert(key);
                    model.add(key);
                }
                checkSeeks(c, model, ki, probe, seed);
            }
        }
    }

    /**
     * {@code countBetween} counts what a seek to the low end and steps up to the high end visit,
     * for every kind of end (a whole key or a prefix, inclusive or not, open), over keys of mixed
     * types with duplicates spanning pages, ascending and DESC first columns; a range of a few
     * entries reads the pages of two descents, not the tree.
     */
    @Test
    void countBetweenCountsWhatASeekAndItsStepsVisit() {
        long seed = System.nanoTime();
        System.out.println("countBetween seed " + seed);
        Random r = new Random(seed);
        for (boolean desc : new boolean[] {false, true}) {
            KeyInfo ki = new KeyInfo(new Collation[] {Collation.BINARY, Collation.BINARY}, new boolean[] {desc, false});
            MemoryPages s = MemoryPages.create(512, 0);
            int root = BTree.create(s, false);
            List<Object[]> model = new ArrayList<>();
            IndexCursor c = new IndexCursor(s, root, ki, null);
            for (long rowid = 1; rowid <= 4000; rowid++) {
                Object[] key = {mixedValue(r), rowid};
                c.insert(key);
                model.add(key);
                if (r.nextInt(5) == 0) {
                    Object[] gone = model.remove(r.nextInt(model.size()));
                    assertThat(c.delete(gone)).isTrue();
                }
            }
            int depth = depth(s, root);
            for (int q = 0; q < 3000; q++) {
                Object[] lo = r.nextInt(6) == 0 ? null : end(r, model);
                Object[] hi = r.nextInt(6) == 0 ? null : end(r, model);
                boolean loIncl = r.nextBoolean();
                boolean hiIncl = r.nextBoolean();
                long expected = model.stream().filter(k -> after(k, lo, loIncl, ki) && before(k, hi, hiIncl, ki)).count();
                s.reads = 0;
                assertThat(c.countBetween(lo, loIncl, hi, hiIncl))
                        .as("seed %d desc %s: %s %s .. %s %s", seed, desc, Arrays.toString(lo), loIncl,
                                Arrays.toString(hi), hiIncl)
                        .isEqualTo(expected);
                if (expected <= 3 && lo != null && hi != null) {
                    assertThat(s.reads).as("pages read for %d entries", expected).isLessThanOrEqualTo(2 * depth + 3);
                }
            }
        }
    }

    private static int depth(MemoryPages s, int root) {
        int d = 1;
        for (BTreePage p = BTreePage.read(s, root); !p.isLeaf(); p = BTreePage.read(s, p.child(0))) {
            d++;
        }
        return d;
    }

    /** An integer (many duplicates), a real or a text: the three sort classes of a key column. */
    private static Object mixedValue(Random r) {
        return switch (r.nextInt(4)) {
            case 0 -> (long) r.nextInt(300);
            case 1 -> r.nextInt(300) + 0.5;
            case 2 -> "s" + r.nextInt(200);
            default -> r.nextInt(10) == 0 ? null : (long) r.nextInt(20);
        };
    }

    /** A range end: a one-column prefix or a whole key, near the model's keys. */
    private static Object[] end(Random r, List<Object[]> model) {
        Object[] k = model.get(r.nextInt(model.size()));
        return r.nextBoolean() ? new Object[] {k[0]} : new Object[] {k[0], (long) k[1] + r.nextInt(3) - 1};
    }

    private static int comparePrefix(Object[] key, Object[] end, KeyInfo ki) {
        return KeyCompare.compareKeys(Arrays.copyOf(key, end.length), end, ki);
    }

    private static boolean after(Object[] key, Object[] lo, boolean incl, KeyInfo ki) {
        int c = lo == null ? 1 : comparePrefix(key, lo, ki);
        return c > 0 || (c == 0 && incl);
    }

    private static boolean before(Object[] key, Object[] hi, boolean incl, KeyInfo ki) {
        int c = hi == null ? -1 : comparePrefix(key, hi, ki);
        return c < 0 || (c == 0 && incl);
    }

    /** {@code TableCursor.countBetween} against a sorted set of rowids, after inserts and deletes. */
    @Test
    void rowidCountBetweenCountsTheRowsInTheInterval() {
        long seed = System.nanoTime();
        System.out.println("rowidCountBetween seed " + seed);
        Random r = new Random(seed);
        MemoryPages s = MemoryPages.create(512, 0);
        int root = BTree.create(s, true);
        TableCursor c = new TableCursor(s, root, null);
        TreeSet<Long> model = new TreeSet<>();
        for (int i = 0; i < 6000; i++) {
            long rowid = r.nextInt(20_000) - 2_000;
            if (r.nextInt(4) == 0 && model.remove(rowid)) {
                assertThat(c.delete(rowid)).isTrue();
            } else if (model.add(rowid)) {
                c.insert(rowid, Record.encode(new Object[] {"row " + rowid}));
            }
        }
        long[] edges = {Long.MIN_VALUE, Long.MAX_VALUE, -2_001, 18_000};
        for (int q = 0; q < 3000; q++) {
            long lo = r.nextInt(8) == 0 ? edges[r.nextInt(edges.length)] : r.nextInt(21_000) - 2_500;
            long hi = r.nextInt(8) == 0 ? edges[r.nextInt(edges.length)] : r.nextInt(21_000) - 2_500;
            long expected = lo > hi ? 0 : model.subSet(lo, true, hi, true).size();
            assertThat(c.countBetween(lo, hi)).as("seed %d: [%d, %d]", seed, lo, hi).isEqualTo(expected);
        }
    }

    /** A one-column probe stands for the keys starting with it: below or above every rowid. */
    private static void checkSeeks(IndexCursor c, TreeSet<Object[]> model, KeyInfo ki, Object[] probe, long seed) {
        Object[] low = probe.length == 2 ? probe : new Object[] {probe[0], Long.MIN_VALUE};
        Object[] high = probe.length == 2 ? probe : new Object[] {probe[0], Long.MAX_VALUE};
        String what = "seed " + seed + " probe " + Arrays.toString(probe);
        Object[] ge = model.ceiling(low);
        assertThat(c.seekGE(probe)).as(what).isEqualTo(ge != null);
        if (ge != null) {
            ReadPathTests.assertKey(c.key(), ge);
        }
        Object[] gt = model.higher(high);
        assertThat(c.seekGT(probe)).as(what).isEqualTo(gt != null);
        if (gt != null) {
            ReadPathTests.assertKey(c.key(), gt);
        }
        Object[] le = model.floor(high);
        assertThat(c.seekLE(probe)).as(what).isEqualTo(le != null);
        if (le != null) {
            ReadPathTests.assertKey(c.key(), le);
        }
        Object[] lt = model.lower(low);
        assertThat(c.seekLT(probe)).as(what).isEqualTo(lt != null);
        if (lt != null) {
            ReadPathTests.assertKey(c.key(), lt);
        }
    }

    private static Object[] firstWithPrefixAtLeast(TreeSet<Object[]> model, Object[] prefix, KeyInfo ki) {
        for (Object[] k : model) {
            if (KeyCompare.compareKeys(k, prefix, ki) >= 0) {
                return k;
            }
        }
        return null;
    }

    @Test
    void equalKeyInsertReplacesAndPrefixSeeksSpanDuplicates() {
        MemoryPages s = MemoryPages.create(512, 0);
        int root = BTree.create(s, false);
        IndexCursor c = new IndexCursor(s, root, KeyInfo.BINARY, null);
        for (long i = 1; i <= 300; i++) {
            c.insert(new Object[] {i % 3, "v" + i, i});
        }
        c.insert(new Object[] {1L, "v1", 1L});
        int n = 0;
        for (boolean ok = c.seekGE(new Object[] {1L}); ok && ((Long) c.key()[0]) == 1L; ok = c.next()) {
            n++;
        }
        assertThat(n).isEqualTo(100);
        assertThat(c.seekLE(new Object[] {1L})).isTrue();
        assertThat(c.key()[0]).isEqualTo(1L);
        assertThat(c.seekGT(new Object[] {1L})).isTrue();
        assertThat(c.key()[0]).isEqualTo(2L);
        assertThat(c.seekLT(new Object[] {1L})).isTrue();
        assertThat(c.key()[0]).isEqualTo(0L);
        assertThat(Arrays.asList(c.key())).hasSize(3);
    }

    /**
     * Lookups in key order (a correlated lookup per outer row read in order) find their entry in
     * the leaf the last one ended on, reading only that page; lookups in no order stop trying the
     * leaf first after a few misses, and go back to it within a few lookups once the order returns.
     */
    @Test
    void lookupsInKeyOrderReadOneLeafAndRandomOnesDoNotKeepTryingIt() {
        MemoryPages s = MemoryPages.create(512, 0);
        int root = BTree.create(s, false);
        IndexCursor c = new IndexCursor(s, root, KeyInfo.BINARY, null);
        for (long k = 0; k < 6000; k++) {
            c.insert(new Object[] {k * 2, k}); // even keys: an odd key lies between two entries
        }
        int depth = depth(s, root);
        assertThat(depth).isGreaterThanOrEqualTo(3);
        assertThat(c.seekGE(new Object[] {1000L})).isTrue();
        s.reads = 0;
        for (long k = 1001; k < 1101; k++) {
            assertThat(c.seekGE(new Object[] {k})).isTrue();
            assertThat(c.key()[0]).isEqualTo(k % 2 == 0 ? k : k + 1);
        }
        assertThat(s.reads).as("100 lookups in key order").isLessThan(100 + 10 * depth);
        Random r = new Random(5);
        for (int q = 0; q < 200; q++) { // no order: each lookup descends from the root
            long k = r.nextInt(12_000);
            assertThat(c.seekGE(new Object[] {k})).isEqualTo(k <= 11_998);
            if (k <= 11_998) {
                assertThat(c.key()[0]).isEqualTo(k % 2 == 0 ? k : k + 1);
            }
        }
        assertThat(c.seekGE(new Object[] {3000L})).isTrue();
        for (long k = 3001; k < 3040; k++) {
            assertThat(c.seekGE(new Object[] {k})).isTrue(); // the order is back: the leaf is tried again
        }
        s.reads = 0;
        for (long k = 3040; k < 3140; k++) {
            assertThat(c.seekGE(new Object[] {k})).isTrue();
            assertThat(c.key()[0]).isEqualTo(k % 2 == 0 ? k : k + 1);
        }
        assertThat(s.reads).as("100 lookups in key order after random ones").isLessThan(100 + 10 * depth);
    }
}
