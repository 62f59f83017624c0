package io.onelite.exec;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.function.ToIntFunction;

/**
 * The first {@code n} rows of an input in a given order, as a full stable sort followed by a
 * limit would give them, kept in a bounded max-heap of n entries (O(rows log n) time, O(n)
 * memory). Ties are broken by input position, so equal rows come out in input order. Once the
 * heap is full a row is first compared with the worst kept row through its sort keys alone
 * ({@link LazyRows}): a row that does not enter is neither copied nor read any further.
 */
final class TopRows {
    private TopRows() {
    }

    private record Entry(Object[] row, long seq) {
    }

    /**
     * Consumes {@code in} entirely (so evaluation errors surface as with a full sort) and returns
     * its best {@code n} rows in order. {@code order} compares two kept rows; {@code versus}
     * compares the input's current row with a kept row in the same order.
     */
    static List<Object[]> best(LazyRows in, int n, Comparator<Object[]> order, ToIntFunction<Object[]> versus) {
        Comparator<Entry> byOrderThenSeq = (a, b) -> {
            int c = order.compare(a.row, b.row);
            return c != 0 ? c : Long.compare(a.seq, b.seq);
        };
        // the heap's head is the worst kept row
        PriorityQueue<Entry> heap = new PriorityQueue<>(Math.max(1, Math.min(n, 1024)) + 1,
                byOrderThenSeq.reversed());
        long seq = 0;
        Object[] worst = null;
        while (in.next()) {
            long s = seq++;
            if (n == 0) {
                continue;
            }
            if (heap.size() < n) {
                heap.add(new Entry(in.row(), s));
                if (heap.size() == n) {
                    worst = heap.peek().row;
                }
            } else if (versus.applyAsInt(worst) < 0) {
                // strictly better only: a tie with the worst kept row comes later in input order
                heap.poll();
                heap.add(new Entry(in.row(), s));
                worst = heap.peek().row;
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
