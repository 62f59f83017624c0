package io.onelite.exec;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A recursive common table expression: the initial select's rows go to a queue; each row taken
 * from the queue is output and becomes the one-row working table the recursive select reads,
 * whose rows join the queue (UNION drops rows already seen). A LIMIT stops the recursion.
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

    public RecursiveQuery(Query initial, Query recursive, boolean unionAll, WorkingTable working, int columns) {
        this.initial = initial;
        this.recursive = recursive;
        this.unionAll = unionAll;
        this.working = working;
        this.columns = columns;
    }

    @Override
    public int columnCount() {
        return columns;
    }

    @Override
    public RowIterator open(ExecContext ctx, Frame outer) {
        ArrayDeque<Object[]> queue = new ArrayDeque<>();
        Set<RowKey> seen = unionAll ? null : new HashSet<>();
        for (Object[] r : initial.all(ctx, outer)) {
            if (seen == null || seen.add(new RowKey(r))) {
                queue.add(r);
            }
        }
        return new RowIterator() {
            Object[] row;

            @Override
            public boolean next() {
                if (queue.isEmpty()) {
                    return false;
                }
                row = queue.poll();
                working.rows = List.<Object[]>of(row);
                List<Object[]> next = new ArrayList<>(recursive.all(ctx, outer));
                for (Object[] r : next) {
                    ctx.checkInterrupt();
                    if (seen == null || seen.add(new RowKey(r))) {
                        queue.add(r);
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
