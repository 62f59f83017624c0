package io.onelite.exec;

import io.onelite.btree.Collation;

import java.util.Comparator;

/**
 * An ORDER BY over rows whose sort keys are columns: key {@code i} is column {@code keys[i]},
 * compared under {@code collations[i]}, {@code descending[i]}, NULLs first when
 * {@code nullsFirst[i]}.
 */
public record RowOrder(int[] keys, boolean[] descending, Collation[] collations, boolean[] nullsFirst)
        implements Comparator<Object[]> {
    @Override
    public int compare(Object[] a, Object[] b) {
        for (int i = 0; i < keys.length; i++) {
            int c = compareKey(a[keys[i]], b[keys[i]], descending[i], collations[i], nullsFirst[i]);
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    /** One sort key of two rows: NULLS FIRST/LAST, then the collation and the direction. */
    static int compareKey(Object x, Object y, boolean descending, Collation collation, boolean nullsFirst) {
        if (x == null || y == null) {
            if (x == y) {
                return 0;
            }
            return x == null ? (nullsFirst ? -1 : 1) : (nullsFirst ? 1 : -1);
        }
        int c = ValueOps.compare(x, y, collation);
        return descending ? -c : c;
    }
}
