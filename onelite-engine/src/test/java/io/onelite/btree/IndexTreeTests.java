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
}
