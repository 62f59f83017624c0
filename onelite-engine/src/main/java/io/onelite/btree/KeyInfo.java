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
