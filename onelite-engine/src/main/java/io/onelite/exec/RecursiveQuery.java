package io.onelite.exec;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Set;

/**
 * A recursive common table expression: the initial select's rows go to a queue; each row taken
 * from the queue is output and becomes the one-row working table the recursive select reads,
 * whose rows join the queue (UNION drops rows already seen). A LIMIT stops the recursion. With
 * the CTE's ORDER BY the queue gives its rows in that order, rows of equal keys first in, first
 * out (SQLite's queue is an index on the ORDER BY terms and a sequence number): `ORDER BY depth
 * DESC` walks a tree depth first.
 */
public final class RecursiveQuery implements Query {
    /** The working table the recursive select's FROM reads (one row per step). */
    public static final class WorkingTable {
        List<Object[]> rows = List.of();

        public List<Object[]> rows() {
            return rows;
        }
    }

    private final Query initial;
    private final Query recursive;
    private final boolean unionAll;
    private final WorkingTable working;
    private final int columns;
    /** The ORDER BY the queue gives its rows in; null: first in, first out. */
    private final RowOrder queueOrder;

    public RecursiveQuery(Query initial, Query recursive, boolean unionAll, WorkingTable working, int columns,
                          RowOrder queueOrder) {
        this.initial = initial;
        this.recursive = recursive;
        this.unionAll = unionAll;
        this.working = working;
        this.columns = columns;
        this.queueOrder = queueOrder;
    }

    /** A row in the queue and when it joined it (ties of the ORDER BY leave first in, first out). */
    private record Queued(Object[] row, long seq) {
    }

    /** The queue: FIFO, or ordered by {@link #queueOrder} then by arrival. */
    private java.util.Queue<Queued> newQueue() {
        if (queueOrder == null) {
            return new ArrayDeque<>();
        }
        Comparator<Queued> byKeys = (a, b) -> queueOrder.compare(a.row(), b.row());
        return new PriorityQueue<>(byKeys.thenComparingLong(Queued::seq));
    }

    @Override
    public int columnCount() {
        return columns;
    }

    @Override
    public RowIterator open(ExecContext ctx, Frame outer) {
        java.util.Queue<Queued> queue = newQueue();
        Set<RowKey> seen = unionAll ? null : new HashSet<>();
        long[] arrivals = {0};
        for (Object[] r : initial.all(ctx, outer)) {
            if (seen == null || seen.add(new RowKey(r))) {
                queue.add(new Queued(r, arrivals[0]++));
            }
        }
        return new RowIterator() {
            Object[] row;

            @Override
            public boolean next() {
                if (queue.isEmpty()) {
                    return false;
                }
                row = queue.poll().row();
                working.rows = List.<Object[]>of(row);
                List<Object[]> next = new ArrayList<>(recursive.all(ctx, outer));
                for (Object[] r : next) {
                    ctx.checkInterrupt();
                    if (seen == null || seen.add(new RowKey(r))) {
                        queue.add(new Queued(r, arrivals[0]++));
                    }
                }
                return true;
            }

            @Override
            public Object[] row() {
                return row;
            }
        };
    }
}
