package io.onelite.exec;

import java.util.ArrayList;
import java.util.List;

/**
 * The rows of a FROM-clause subquery, view or CTE, read from its query only as far as the loops
 * ask and kept for later walks. SQLite runs such a query as a co-routine when it is the outer
 * loop, so {@code WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT x FROM c
 * LIMIT 3} ends; materialising the whole query first would never end (#10). DML statements
 * collect their matches before they write, so a query read on demand never sees their changes.
 */
public final class PulledRows {
    private final RowIterator source;
    private final List<Object[]> rows;
    private boolean done;

    private PulledRows(RowIterator source, List<Object[]> rows, boolean done) {
        this.source = source;
        this.rows = rows;
        this.done = done;
    }

    /** The rows {@code source} yields, read when first asked for. */
    public static PulledRows from(RowIterator source) {
        return new PulledRows(source, new ArrayList<>(), false);
    }

    /**
     * The rows {@code source} yields, none kept: row {@code i} must be asked for in order, right
     * after row {@code i - 1} (as a {@link ListLevel} walks them), so that a long series costs no
     * memory.
     */
    public static PulledRows streamed(RowIterator source) {
        return new PulledRows(source, null, false);
    }

    /** Rows already in memory. */
    public static PulledRows of(List<Object[]> rows) {
        return new PulledRows(null, rows, true);
    }

    /** Row {@code i}, reading on from the query when needed; null past the last row. */
    public Object[] get(int i) {
        if (rows == null) {
            return streamedRow(i);
        }
        while (!done && rows.size() <= i) {
            if (source.next()) {
                rows.add(source.row());
            } else {
                done = true;
            }
        }
        return i < rows.size() ? rows.get(i) : null;
    }

    /** Rows handed out by {@link #streamed} so far. */
    private int streamedCount;

    private Object[] streamedRow(int i) {
        if (i != streamedCount) {
            throw new IllegalStateException("streamed rows are read in order: asked for " + i + " after " + streamedCount);
        }
        if (done || !source.next()) {
            done = true;
            return null;
        }
        streamedCount++;
        return source.row();
    }
}
