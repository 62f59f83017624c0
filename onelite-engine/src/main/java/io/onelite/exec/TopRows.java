package io.onelite.exec;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * The first {@code n} rows of an input in a given order, as a full stable sort followed by a
 * limit would give them, kept in a bounded max-heap of n entries (O(rows log n) time, O(n)
 * memory). Ties are broken by input position, so equal rows come out in input order.
 */
final class TopRows {
    private TopRows() {
    }

    private record Entry(Object[] row, long seq) {
    }

    /**
     * Consumes {@code in} entirely (so evaluation errors surface as with a full sort) and returns
     * its best {@code n} rows in order.
     */
    static List<Object[]> best(RowIterator in, int n, Comparator<Object[]> order) {
        Comparator<Entry> byOrderThenSeq = (a, b) -> {
            int c = order.compare(a.row, b.row);
            return c != 0 ? c : Long.compare(a.seq, b.seq);
        };
        // the heap's head is the worst kept row
        PriorityQueue<Entry> heap = new PriorityQueue<>(Math.max(1, Math.min(n, 1024)) + 1,
                byOrderThenSeq.reversed());
        long seq = 0;
        while (in.next()) {
            Object[] row = in.row();
            long s = seq++;
            if (n == 0) {
                continue;
            }
            if (heap.size() < n) {
                heap.add(new Entry(row, s));
            } else if (order.compare(row, heap.peek().row) < 0) {
                // strictly better only: a tie with the worst kept row comes later in input order
                heap.poll();
                heap.add(new Entry(row, s));
            }
        }
        List<Entry> kept = new ArrayList<>(heap);
        kept.sort(byOrderThenSeq);
        List<Object[]> out = new ArrayList<>(kept.size());
        for (Entry e : kept) {
            out.add(e.row);
        }
        return out;
    }
}
