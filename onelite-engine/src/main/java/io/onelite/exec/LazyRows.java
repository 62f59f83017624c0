package io.onelite.exec;

/**
 * The rows of a query one at a time, each output evaluated when first asked for, for a top-N
 * sort ({@link TopRows}) that compares a row's sort keys with its worst kept row and drops most
 * rows having evaluated nothing else. As in SQLite (whose sorter checks the keys against its
 * last entry before coding the result columns), the sort keys are evaluated for every row and
 * the other result columns only for the rows the sort keeps: an error in a result column of a
 * dropped row does not surface.
 */
interface LazyRows {
    /** Moves to the next row; false at the end. */
    boolean next();

    /** Output {@code i} of the current row. */
    Object column(int i);

    /**
     * Output {@code i} of the current row compared with the integer {@code k}, its value not made
     * where it is a column read in the record ({@link Eval#compareInteger});
     * {@code RecordReader.COMPARE_OTHER}: compare {@link #column}'s value instead.
     */
    default int compareInteger(int i, long k) {
        return io.onelite.btree.RecordReader.COMPARE_OTHER;
    }

    /** Every output of the current row, in a new array the caller keeps. */
    Object[] row();

    /** A row iterator's rows (whole rows, nothing deferred). */
    static LazyRows of(RowIterator in) {
        return new LazyRows() {
            Object[] r;

            @Override
            public boolean next() {
                if (!in.next()) {
                    return false;
                }
                r = in.row();
                return true;
            }

            @Override
            public Object column(int i) {
                return r[i];
            }

            @Override
            public Object[] row() {
                return r;
            }
        };
    }
}
