package io.onelite.btree;

import java.util.List;

/**
 * Sorts the keys CREATE INDEX builds an index from, in the index's order. Keys whose columns are
 * all INTEGERs (an index of integer columns: the rowid is one too) are copied into one array of
 * longs and merge-sorted by position, which compares adjacent memory instead of chasing boxed
 * values through a comparator (50,000 keys of an integer column: about 4 ms against 15-35 ms),
 * or, when they came in rowid order and their ranges are small enough, packed one long per key
 * and sorted as longs;
 * other keys are compared as the index compares them ({@link KeyCompare#compareKeys}). Both sorts are
 * stable.
 */
public final class KeySort {
    private KeySort() {
    }

    /**
     * The positions of {@code keys} (all of one length) in the order of {@code info}: element
     * {@code i} is the index in {@code keys} of the {@code i}-th smallest key. The keys stay where
     * they are, so that what is read from them in their first order (their records, encoded before)
     * stays in memory order.
     */
    public static int[] order(List<Object[]> keys, KeyInfo info) {
        int n = keys.size();
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        if (n < 2) {
            return order;
        }
        int width = keys.get(0).length;
        long[] flat = integers(keys, width);
        if (flat == null) {
            Integer[] boxed = new Integer[n];
            for (int i = 0; i < n; i++) {
                boxed[i] = i;
            }
            java.util.Arrays.sort(boxed, (x, y) -> KeyCompare.compareKeys(keys.get(x), keys.get(y), info));
            for (int i = 0; i < n; i++) {
                order[i] = boxed[i];
            }
            return order;
        }
        boolean[] desc = new boolean[width];
        for (int c = 0; c < width; c++) {
            desc[c] = info.descending(c);
        }
        if (packedOrder(flat, n, width, desc, order)) {
            return order;
        }
        mergeSort(order, new int[n], 0, n, flat, width, desc);
        return order;
    }

    /**
     * The usual integer index of a rowid table: its keys come in rowid order, the rowid last.
     * When the last column increases strictly from key to key (ascending), a sort by the other
     * columns that keeps ties in their first order is the index's order; when those columns' ranges
     * and the keys' positions fit in 63 bits together, each key becomes one long (the columns'
     * offsets from their least value, a DESC column's from its greatest, then the position) and
     * a radix sort of those longs orders them, in adjacent memory. False (order untouched) otherwise.
     */
    private static boolean packedOrder(long[] flat, int n, int width, boolean[] desc, int[] order) {
        int last = width - 1;
        if (last < 1 || desc[last]) {
            return false;
        }
        for (int i = 1; i < n; i++) {
            if (flat[i * width + last] <= flat[(i - 1) * width + last]) {
                return false;
            }
        }
        long[] min = new long[last];
        long[] max = new long[last];
        java.util.Arrays.fill(min, Long.MAX_VALUE);
        java.util.Arrays.fill(max, Long.MIN_VALUE);
        for (int i = 0; i < n; i++) {
            for (int c = 0; c < last; c++) {
                long v = flat[i * width + c];
                min[c] = Math.min(min[c], v);
                max[c] = Math.max(max[c], v);
            }
        }
        int positionBits = 64 - Long.numberOfLeadingZeros(n - 1);
        int[] bits = new int[last];
        int total = positionBits;
        for (int c = 0; c < last; c++) {
            long range = max[c] - min[c]; // read unsigned: a range past Long.MAX_VALUE takes 64 bits
            bits[c] = 64 - Long.numberOfLeadingZeros(range);
            total += bits[c];
        }
        if (total > 63) { // the sign bit stays clear: the longs sort as unsigned values would
            return false;
        }
        long[] packed = new long[n];
        for (int i = 0; i < n; i++) {
            long p = 0;
            for (int c = 0; c < last; c++) {
                long offset = desc[c] ? max[c] - flat[i * width + c] : flat[i * width + c] - min[c];
                p = p << bits[c] | offset;
            }
            packed[i] = p << positionBits | i;
        }
        radixSortAbove(packed, positionBits, total);
        long mask = (1L << positionBits) - 1;
        for (int i = 0; i < n; i++) {
            order[i] = (int) (packed[i] & mask);
        }
        return true;
    }

    /** The keys' columns row after row, or null when a key holds anything but INTEGERs or differs in length. */
    private static long[] integers(List<Object[]> keys, int width) {
        long[] flat = new long[keys.size() * width];
        int p = 0;
        for (Object[] k : keys) {
            if (k.length != width) {
                return null;
            }
            for (Object v : k) {
                if (!(v instanceof Long l)) {
                    return null;
                }
                flat[p++] = l;
            }
        }
        return flat;
    }

    /** Bits per pass of {@link #radixSortAbove}: 2,048 counters. */
    private static final int RADIX_BITS = 11;

    /**
     * Sorts {@code a}, values of {@code bits} bits that are in order already by their low
     * {@code sortedBits} (the keys' positions): a least-significant-digit radix sort of the bits
     * above those, stable, so each pass keeps the order of the one before (two passes for an
     * integer column of up to 22 bits, against a comparison sort's n log n).
     */
    static void radixSortAbove(long[] a, int sortedBits, int bits) {
        int n = a.length;
        long[] from = a;
        long[] to = new long[n];
        int[] count = new int[1 << RADIX_BITS];
        for (int shift = sortedBits; shift < bits; shift += RADIX_BITS) {
            java.util.Arrays.fill(count, 0);
            int mask = (1 << RADIX_BITS) - 1;
            for (long v : from) {
                count[(int) (v >>> shift) & mask]++;
            }
            int sum = 0;
            for (int d = 0; d < count.length; d++) {
                int c = count[d];
                count[d] = sum;
                sum += c;
            }
            for (long v : from) {
                to[count[(int) (v >>> shift) & mask]++] = v;
            }
            long[] t = from;
            from = to;
            to = t;
        }
        if (from != a) {
            System.arraycopy(from, 0, a, 0, n);
        }
    }

    private static void mergeSort(int[] a, int[] tmp, int from, int to, long[] flat, int width, boolean[] desc) {
        if (to - from < 16) {
            for (int i = from + 1; i < to; i++) { // insertion sort: stable
                int v = a[i];
                int j = i - 1;
                while (j >= from && compare(a[j], v, flat, width, desc) > 0) {
                    a[j + 1] = a[j];
                    j--;
                }
                a[j + 1] = v;
            }
            return;
        }
        int mid = (from + to) >>> 1;
        mergeSort(a, tmp, from, mid, flat, width, desc);
        mergeSort(a, tmp, mid, to, flat, width, desc);
        if (compare(a[mid - 1], a[mid], flat, width, desc) <= 0) {
            return; // already in order
        }
        System.arraycopy(a, from, tmp, from, to - from);
        int i = from;
        int j = mid;
        for (int k = from; k < to; k++) {
            if (j >= to || (i < mid && compare(tmp[i], tmp[j], flat, width, desc) <= 0)) {
                a[k] = tmp[i++];
            } else {
                a[k] = tmp[j++];
            }
        }
    }

    private static int compare(int x, int y, long[] flat, int width, boolean[] desc) {
        int px = x * width;
        int py = y * width;
        for (int c = 0; c < width; c++) {
            int r = Long.compare(flat[px + c], flat[py + c]);
            if (r != 0) {
                return desc[c] ? -r : r;
            }
        }
        return 0;
    }
}
