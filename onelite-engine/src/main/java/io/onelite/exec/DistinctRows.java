package io.onelite.exec;

import io.onelite.btree.Collation;

import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.Set;

/**
 * SELECT DISTINCT over a stream: each row whose first {@code visible} values were not seen before
 * (NULLs equal, text under each column's collation, as SQLite's ephemeral DISTINCT index
 * compares) comes out once, the first of its kind, in input order.
 *
 * <p>The rows seen are kept in a hash set of {@link RowKey#folded} keys until the sorter's
 * budget ({@link ExternalSorter#memoryRows()} keys, about {@link ExternalSorter#memoryBytes()}
 * bytes) is reached. From then on a row whose key is in the set is a duplicate, and any other row
 * is deferred: it goes into a sort by key (stable, so the first of each kind leads its run), the
 * first of each run goes into a second sort by arrival, and {@link #deferred} streams those back.
 * Every deferred row arrived after every row admitted at once, so the output order is the same as
 * with an unbounded set.
 */
final class DistinctRows {
    private final int visible;
    private final Collation[] collations;
    private final ExecContext ctx;
    private final Set<RowKey> seen = new HashSet<>();
    private final int budgetRows = ExternalSorter.memoryRows();
    private final long budgetBytes = ExternalSorter.memoryBytes();
    private long seenBytes;
    private ExternalSorter.Sink pending;
    private long arrival;

    /** {@code collations[i]} is the collation of result column i (null or short: BINARY). */
    DistinctRows(int visible, Collation[] collations, ExecContext ctx) {
        this.visible = visible;
        this.collations = collations;
        this.ctx = ctx;
    }

    /** Whether {@code row} comes out now; false for a duplicate and for a deferred row. */
    boolean admit(Object[] row) {
        Object[] key = Arrays.copyOf(row, visible);
        RowKey k = RowKey.folded(key, collations);
        if (pending == null) {
            if (seen.contains(k)) {
                return false;
            }
            long size = ExternalSorter.sizeOf(key);
            if (seen.size() < budgetRows && (seen.isEmpty() || seenBytes + size <= budgetBytes)) {
                seen.add(k);
                seenBytes += size;
                return true;
            }
            pending = new ExternalSorter.Sink(byKey(), ctx);
        } else if (seen.contains(k)) {
            return false;
        }
        Object[] tagged = Arrays.copyOf(row, row.length + 1);
        tagged[row.length] = arrival++;
        pending.add(tagged);
        return false;
    }

    /** The deferred rows that are new, in input order; call once, after the input ended. */
    RowIterator deferred() {
        if (pending == null) {
            return RowIterator.of(java.util.List.of());
        }
        RowIterator byKey = pending.sorted();
        ExternalSorter.Sink byArrival = new ExternalSorter.Sink(
                Comparator.comparingLong((Object[] r) -> (Long) r[r.length - 1]), ctx);
        Comparator<Object[]> sameKey = byKey();
        Object[] previous = null;
        while (byKey.next()) {
            Object[] r = byKey.row();
            if (previous == null || sameKey.compare(previous, r) != 0) {
                byArrival.add(r);
            }
            previous = r;
        }
        RowIterator out = byArrival.sorted();
        return new RowIterator() {
            Object[] row;

            @Override
            public boolean next() {
                if (!out.next()) {
                    return false;
                }
                Object[] r = out.row();
                row = Arrays.copyOf(r, r.length - 1);
                return true;
            }

            @Override
            public Object[] row() {
                return row;
            }
        };
    }

    /**
     * {@code rows}, whose equal rows (first {@code visible} values, under {@code collations}) come
     * one after another, without duplicates: each row is compared with the previous one only.
     */
    static RowIterator adjacent(RowIterator rows, int visible, Collation[] collations) {
        return new RowIterator() {
            RowKey previous;

            @Override
            public boolean next() {
                while (rows.next()) {
                    RowKey k = RowKey.folded(Arrays.copyOf(rows.row(), visible), collations);
                    if (!k.equals(previous)) {
                        previous = k;
                        return true;
                    }
                }
                return false;
            }

            @Override
            public Object[] row() {
                return rows.row();
            }
        };
    }

    /**
     * {@code rows} without duplicates: the rows {@link #admit} lets out as they come, then, when
     * {@code rows} ends, the {@link #deferred} ones. A null {@code seen} passes every row.
     */
    static RowIterator filter(RowIterator rows, DistinctRows seen) {
        if (seen == null) {
            return rows;
        }
        return new RowIterator() {
            Object[] row;
            RowIterator deferred;

            @Override
            public boolean next() {
                while (deferred == null && rows.next()) {
                    if (seen.admit(rows.row())) {
                        row = rows.row();
                        return true;
                    }
                }
                if (deferred == null) {
                    deferred = seen.deferred(); // the input ended: the rows DISTINCT had to sort
                }
                if (!deferred.next()) {
                    return false;
                }
                row = deferred.row();
                return true;
            }

            @Override
            public Object[] row() {
                return row;
            }
        };
    }

    private Comparator<Object[]> byKey() {
        return (a, b) -> compareColumns(a, b, visible, collations);
    }

    /** Compares the first {@code n} values, NULLs equal and first, text under {@code collations}. */
    static int compareColumns(Object[] a, Object[] b, int n, Collation[] collations) {
        for (int i = 0; i < n; i++) {
            Collation c = collations != null && i < collations.length ? collations[i] : null;
            int x = ValueOps.compare(a[i], b[i], c);
            if (x != 0) {
                return x;
            }
        }
        return 0;
    }
}
