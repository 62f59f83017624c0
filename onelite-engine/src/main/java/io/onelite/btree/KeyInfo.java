package io.onelite.btree;

import java.util.Arrays;

/**
 * How the keys of an index tree compare: one collation and sort order per key column (the
 * trailing rowid or primary-key columns compare as BINARY ascending when not listed).
 *
 * @param collations one per column; shorter than the record means BINARY for the rest
 * @param descending one per column; shorter means ascending for the rest
 */
public record KeyInfo(Collation[] collations, boolean[] descending) {
    /** BINARY, ascending, for every column. */
    public static final KeyInfo BINARY = new KeyInfo(new Collation[0], new boolean[0]);

    /** Compares two decoded keys in this index's order, over the columns of the shorter. */
    public int compareKeys(Object[] a, Object[] b) {
        return KeyCompare.compareKeys(a, b, this);
    }

    /**
     * {@link #compareKeys} for sorting many keys of {@code columns} columns (CREATE INDEX): the
     * collations and directions looked up once, two INTEGERs compared without dispatch.
     */
    public java.util.Comparator<Object[]> keyOrder(int columns) {
        Collation[] c = new Collation[columns];
        boolean[] desc = new boolean[columns];
        for (int i = 0; i < columns; i++) {
            c[i] = collation(i);
            desc[i] = descending(i);
        }
        return (a, b) -> {
            int n = Math.min(Math.min(a.length, b.length), columns);
            for (int i = 0; i < n; i++) {
                Object x = a[i];
                Object y = b[i];
                int r = x instanceof Long p && y instanceof Long q ? Long.compare(p, q) : ValueOrder.compare(x, y, c[i]);
                if (r != 0) {
                    return desc[i] ? -r : r;
                }
            }
            return 0;
        };
    }

    public Collation collation(int column) {
        return column < collations.length && collations[column] != null ? collations[column] : Collation.BINARY;
    }

    public boolean descending(int column) {
        return column < descending.length && descending[column];
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof KeyInfo k && Arrays.equals(collations, k.collations) && Arrays.equals(descending, k.descending);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(collations) + Arrays.hashCode(descending);
    }

    @Override
    public String toString() {
        return "KeyInfo" + Arrays.toString(collations) + Arrays.toString(descending);
    }
}
