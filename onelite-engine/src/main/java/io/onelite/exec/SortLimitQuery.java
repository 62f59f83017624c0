package io.onelite.exec;

import io.onelite.btree.Collation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * ORDER BY, LIMIT and OFFSET over an input whose rows carry the result columns then hidden sort
 * keys ({@code keyColumns} names them). Sorting consumes the input (a bounded heap for a small
 * LIMIT, else {@link ExternalSorter}, which spills to a temp file past its memory budget); without
 * keys rows stream and the limit stops the input early. The output keeps only the first {@code visible} columns.
 */
public final class SortLimitQuery implements Query {
    private final Query input;
    private final int visible;
    private final int[] keyColumns;
    /** The ORDER BY over the keys. */
    private final RowOrder order;
    private final Eval limit;
    private final Eval offset;

    public SortLimitQuery(Query input, int visible, int[] keyColumns, boolean[] descending, Collation[] collations,
                          boolean[] nullsFirst, Eval limit, Eval offset) {
        this.input = input;
        this.visible = visible;
        this.keyColumns = keyColumns;
        this.order = new RowOrder(keyColumns, descending, collations, nullsFirst);
        this.limit = limit;
        this.offset = offset;
    }

    @Override
    public int columnCount() {
        return visible;
    }

    private static long integerOf(Object v, String what) {
        Object n = ValueOps.applyAffinity(v, ValueOps.AFF_INTEGER);
        if (!(n instanceof Long l)) {
            throw new io.onelite.common.OneLiteException(io.onelite.common.ResultCode.MISMATCH, "datatype mismatch");
        }
        return l;
    }

    @Override
    public RowIterator open(ExecContext ctx, Frame outer) {
        Frame kf = outer == null ? new Frame(ctx, null, 0) : outer;
        long lim = limit == null ? -1 : integerOf(limit.eval(kf), "LIMIT");
        long off = offset == null ? 0 : Math.max(0, integerOf(offset.eval(kf), "OFFSET"));
        if (lim == 0) {
            return RowIterator.of(List.of()); // as SQLite: LIMIT 0 ends the statement before the scan
        }
        RowIterator in;
        if (keyColumns.length > 0 && sortedPrefix > 0) {
            in = sortWithinRuns(input.open(ctx, outer), ctx); // LIMIT stops the input after the run it ends in
        } else if (keyColumns.length > 0) {
            long keep = lim < 0 ? -1 : (lim > Long.MAX_VALUE - off ? Long.MAX_VALUE : lim + off);
            // a bounded heap needs memory for the kept rows only; beyond the sort's budget, spill
            if (keep >= 0 && keep <= Math.min(MAX_HEAP, ExternalSorter.memoryRows())) {
                LazyRows rows = input instanceof CoreQuery core && core.lazy()
                        ? core.openLazy(ctx, outer, keyColumns) : LazyRows.of(input.open(ctx, outer));
                in = RowIterator.of(TopRows.best(rows, (int) keep, this::compare, kept -> compare(rows, kept)));
            } else {
                in = ExternalSorter.sort(input.open(ctx, outer), this::compare, ctx);
            }
        } else {
            in = input.open(ctx, outer);
        }
        RowIterator src = in;
        return new RowIterator() {
            long skipped;
            long produced;
            Object[] row;

            @Override
            public boolean next() {
                if (lim >= 0 && produced >= lim) {
                    return false;
                }
                while (skipped < off) {
                    if (!src.next()) {
                        return false;
                    }
                    skipped++;
                }
                if (!src.next()) {
                    return false;
                }
                produced++;
                Object[] r = src.row();
                row = r.length == visible ? r : Arrays.copyOf(r, visible);
                return true;
            }

            @Override
            public Object[] row() {
                return row;
            }
        };
    }

    /** How many leading sort keys the input's rows already come in (an index walk), 0 if none. */
    private int sortedPrefix;

    /**
     * Declares that the input yields rows already in the order of the first {@code n} sort keys
     * (an index walk gives them): only runs of rows equal on those keys are sorted, on the
     * rest, as SQLite's "USE TEMP B-TREE FOR LAST TERM OF ORDER BY", and a LIMIT stops reading
     * after the run it ends in.
     */
    public SortLimitQuery withSortedPrefix(int n) {
        this.sortedPrefix = n > 0 && n < keyColumns.length ? n : 0;
        return this;
    }

    /** Whether two rows are equal on the first {@link #sortedPrefix} keys. */
    private boolean sameRun(Object[] a, Object[] b) {
        for (int i = 0; i < sortedPrefix; i++) {
            if (order.compareKey(i, a[keyColumns[i]], b[keyColumns[i]]) != 0) {
                return false;
            }
        }
        return true;
    }

    /** The input with each run of rows equal on the sorted prefix sorted on all keys (spilling as a sort does). */
    private RowIterator sortWithinRuns(RowIterator rows, ExecContext ctx) {
        return new RowIterator() {
            Object[] pending; // the first row of the next run, read ahead
            boolean ended;
            RowIterator run = RowIterator.of(List.of());

            @Override
            public boolean next() {
                while (!run.next()) {
                    if (pending == null && !ended) {
                        ended = !rows.next();
                        pending = ended ? null : rows.row();
                    }
                    if (pending == null) {
                        return false;
                    }
                    // a run is sorted in memory; one longer than the sort's budget goes to a sorter that spills
                    List<Object[]> buffer = new ArrayList<>();
                    ExternalSorter.Sink sink = null;
                    Object[] first = pending;
                    buffer.add(first);
                    pending = null;
                    while (rows.next()) {
                        Object[] r = rows.row();
                        if (!sameRun(first, r)) {
                            pending = r;
                            break;
                        }
                        if (sink == null && buffer.size() >= ExternalSorter.memoryRows()) {
                            sink = new ExternalSorter.Sink(SortLimitQuery.this::compare, ctx);
                            buffer.forEach(sink::add);
                            buffer = null;
                        }
                        if (sink != null) {
                            sink.add(r);
                        } else {
                            buffer.add(r);
                        }
                    }
                    ended = pending == null;
                    if (sink != null) {
                        run = sink.sorted();
                    } else {
                        if (buffer.size() > 1) {
                            buffer.sort(SortLimitQuery.this::compare);
                        }
                        run = RowIterator.of(buffer);
                    }
                }
                return true;
            }

            @Override
            public Object[] row() {
                return run.row();
            }
        };
    }

    /** Beyond this many kept rows a bounded heap saves little over sorting everything. */
    private static final long MAX_HEAP = 1 << 20;

    private int compare(Object[] a, Object[] b) {
        return order.compare(a, b);
    }

    /**
     * The current row of {@code rows} against a kept row, reading only the keys it needs: against
     * a kept integer, a key that is a column is compared in its record, no value made (most rows
     * of {@code ORDER BY x LIMIT n} lose to the worst kept row).
     */
    private int compare(LazyRows rows, Object[] kept) {
        for (int i = 0; i < keyColumns.length; i++) {
            Object y = kept[keyColumns[i]];
            int c = y instanceof Long k ? compareToInteger(rows, i, k) : Integer.MIN_VALUE;
            if (c == Integer.MIN_VALUE) {
                c = order.compareKey(i, rows.column(keyColumns[i]), y);
            }
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    /** Sort key {@code i} of the current row of {@code rows} against the integer {@code k} in the record; MIN_VALUE: not so read. */
    private int compareToInteger(LazyRows rows, int i, long k) {
        int r = rows.compareInteger(keyColumns[i], k);
        if (r == io.onelite.btree.RecordReader.COMPARE_OTHER) {
            return Integer.MIN_VALUE;
        }
        if (r == io.onelite.btree.RecordReader.COMPARE_NULL) {
            return order.compareKey(i, null, k);
        }
        int c = Integer.signum(r);
        return order.descending()[i] ? -c : c;
    }

    /** Whether the input's plan line already names this sort ("USE TEMP B-TREE FOR DISTINCT"). */
    private boolean namedByInput;

    /**
     * Leaves the "USE TEMP B-TREE FOR ORDER BY" line out: for {@code SELECT DISTINCT x ... ORDER BY x},
     * where SQLite's one sort does both and is worded as the DISTINCT's.
     */
    public SortLimitQuery withoutOwnPlanLine(boolean named) {
        this.namedByInput = named;
        return this;
    }

    @Override
    public List<String> explain() {
        List<String> out = new ArrayList<>(input.explain());
        if (keyColumns.length > 0 && sortedPrefix > 0) {
            int rest = keyColumns.length - sortedPrefix;
            out.add(rest == 1 ? "USE TEMP B-TREE FOR LAST TERM OF ORDER BY"
                    : "USE TEMP B-TREE FOR LAST " + rest + " TERMS OF ORDER BY");
        } else if (keyColumns.length > 0 && !namedByInput) {
            out.add("USE TEMP B-TREE FOR ORDER BY");
        }
        return out;
    }
}
