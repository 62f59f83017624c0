package io.onelite.exec;

/** Rows of one run of a {@link Query}; {@link #row} is valid after {@link #next} returned true. */
public interface RowIterator {
    boolean next();

    Object[] row();
}
