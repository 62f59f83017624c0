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
            int c = compareKey(i, a[keys[i]], b[keys[i]]);
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    /** Sort key {@code i}'s values {@code x} and {@code y}: NULLS FIRST/LAST, then the collation and the direction. */
    int compareKey(int i, Object x, Object y) {
        if (x == null || y == null) {
            if (x == y) {
                return 0;
            }
            return x == null ? (nullsFirst[i] ? -1 : 1) : (nullsFirst[i] ? 1 : -1);
        }
        int c = ValueOps.compare(x, y, collations[i]);
        return descending[i] ? -c : c;
    }
}
