package io.onelite.btree;

import java.util.List;

/**
 * How {@link Balancer} spreads cells over sibling pages. Returns {@code [start0, end0, start1,
 * end1, ...]}: page j holds cells {@code [start_j, end_j)}. When {@code promote} is set
 * (interior pages, and index leaves) the cell at {@code end_j} between two pages moves up into
 * the parent as their divider, so {@code start_{j+1} = end_j + 1}.
 *
 * <p>First each page is filled greedily; then, from the right, cells move from a page to its
 * right neighbour while that leaves the right one no fuller than the left (as
 * {@code balance_nonroot} evens out its distribution), so no page ends up nearly empty.
 */
final class Packing {
    private Packing() {
    }

    static int[] pack(List<byte[]> items, int cap, boolean promote) {
        int n = items.size();
        int[] cost = new int[n];
        for (int i = 0; i < n; i++) {
            cost[i] = Cells.cost(items.get(i));
        }
        int[] b = new int[2 * (n + 1)];
        int pages = 0;
        int start = 0;
        do {
            int size = 0;
            int end = start;
            while (end < n && size + cost[end] <= cap) {
                size += cost[end++];
            }
            if (end == start && n > 0) {
                throw new io.onelite.common.CorruptDatabaseException("a cell of " + cost[start] + " bytes does not fit in a page of " + cap);
            }
            if (promote && end == n - 1) {
                end--; // the last cell would be a divider with nothing to its right: keep one for the next page
            }
            b[2 * pages] = start;
            b[2 * pages + 1] = end;
            pages++;
            start = promote && end < n ? end + 1 : end;
        } while (start < n);
        for (int j = pages - 1; j > 0; j--) {
            int a = b[2 * (j - 1)];
            int szL = sum(cost, a, b[2 * (j - 1) + 1]);
            int szR = sum(cost, b[2 * j], b[2 * j + 1]);
            while (true) {
                int endL = b[2 * (j - 1) + 1];
                if (endL - 1 <= a) {
                    break;
                }
                int moved = promote ? cost[endL] : cost[endL - 1];
                int lost = cost[endL - 1];
                if (szR + moved > szL - lost || szR + moved > cap) {
                    break;
                }
                szR += moved;
                szL -= lost;
                b[2 * (j - 1) + 1] = endL - 1;
                b[2 * j] = promote ? endL : endL - 1;
            }
        }
        return java.util.Arrays.copyOf(b, 2 * pages);
    }

    private static int sum(int[] cost, int from, int to) {
        int s = 0;
        for (int i = from; i < to; i++) {
            s += cost[i];
        }
        return s;
    }
}
