package io.onelite.btree;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** {@link KeySort}: the primitive sort of integer keys orders them as the index's comparator does, stably. */
class KeySortTests {
    @Test
    void integerKeysSortAsTheIndexOrdersThemStably() {
        Random random = new Random(20261207);
        for (int round = 0; round < 40; round++) {
            int width = 1 + random.nextInt(3);
            boolean[] desc = new boolean[width];
            for (int c = 0; c < width; c++) {
                desc[c] = random.nextBoolean();
            }
            KeyInfo info = new KeyInfo(new Collation[width], desc);
            List<Object[]> keys = new ArrayList<>();
            int n = random.nextInt(300);
            for (int i = 0; i < n; i++) {
                Object[] k = new Object[width];
                for (int c = 0; c < width; c++) {
                    k[c] = (long) (random.nextInt(7) - 3) * (random.nextBoolean() ? 1 : Long.MAX_VALUE / 4);
                }
                keys.add(k);
            }
            assertThat(KeySort.order(keys, info)).containsExactly(comparatorOrder(keys, info));
        }
    }

    /**
     * Keys in rowid order (the last column increasing, as CREATE INDEX on a rowid table reads
     * them) are packed into one long each when their ranges allow: ties, DESC columns, negative
     * values, ranges at the packing's limit and past it (sorted the other way) all come out in
     * the comparator's order.
     */
    @Test
    void keysInRowidOrderSortAsTheIndexOrdersThem() {
        Random random = new Random(20261208);
        // up to 4,096 keys (12 bits of position) beside one column of 51-54 bits: at the 63 bits' limit and past it
        long[] spans = {1, 3, 1000, 1L << 20, 1L << 40, 1L << 51, 1L << 52, 1L << 53, Long.MAX_VALUE};
        for (int round = 0; round < 200; round++) {
            int width = 2 + random.nextInt(3);
            boolean[] desc = new boolean[width];
            for (int c = 0; c < width - 1; c++) {
                desc[c] = random.nextBoolean();
            }
            desc[width - 1] = round % 10 == 9; // now and then a DESC rowid: not packed
            KeyInfo info = new KeyInfo(new Collation[width], desc);
            long[] span = new long[width - 1];
            long[] base = new long[width - 1];
            for (int c = 0; c < width - 1; c++) {
                span[c] = spans[random.nextInt(spans.length)];
                base[c] = random.nextBoolean() ? 0 : random.nextLong() / 2;
            }
            List<Object[]> keys = new ArrayList<>();
            int n = 2 + random.nextInt(4095);
            long rowid = random.nextInt(100) - 50;
            for (int i = 0; i < n; i++) {
                Object[] k = new Object[width];
                for (int c = 0; c < width - 1; c++) {
                    k[c] = span[c] == Long.MAX_VALUE ? random.nextLong() : base[c] + Math.floorMod(random.nextLong(), span[c]);
                }
                rowid += round % 7 == 6 && i == n / 2 ? 0 : 1 + random.nextInt(3); // now and then a repeat: not packed
                k[width - 1] = rowid;
                keys.add(k);
            }
            assertThat(KeySort.order(keys, info)).as("round %d", round).containsExactly(comparatorOrder(keys, info));
        }
    }

    /** The positions of {@code keys} in the index comparator's order, equal keys in their first order. */
    private static int[] comparatorOrder(List<Object[]> keys, KeyInfo info) {
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < keys.size(); i++) {
            order.add(i);
        }
        order.sort((x, y) -> KeyCompare.compareKeys(keys.get(x), keys.get(y), info)); // List.sort is stable
        return order.stream().mapToInt(Integer::intValue).toArray();
    }

    @Test
    void keysOfOtherTypesSortThroughTheComparator() {
        KeyInfo nocase = new KeyInfo(new Collation[] {Collation.NOCASE}, new boolean[] {false});
        List<Object[]> keys = new ArrayList<>(List.of(new Object[] {"b", 1L}, new Object[] {"A", 2L},
                new Object[] {null, 3L}, new Object[] {2.5, 4L}, new Object[] {"a", 5L}, new Object[] {7L, 6L},
                new Object[] {new byte[] {1}, 7L}));
        int[] order = KeySort.order(keys, nocase);
        assertThat(order).containsExactly(2, 3, 5, 1, 4, 0, 6); // NULL, numbers, texts (NOCASE, 'A' before 'a' by rowid), blobs
    }
}
