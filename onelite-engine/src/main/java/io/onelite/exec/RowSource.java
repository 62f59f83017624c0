package io.onelite.exec;

/**
 * The current row of one FROM-clause source (a table cursor, a materialised subquery row, a
 * group's saved values). Column numbers are the source's own; {@code -1} is the rowid.
 */
public interface RowSource {
    Object column(int i);

    long rowid();

    /**
     * Compares column {@code i} with the integer {@code k} without boxing it: negative, zero or
     * positive when it holds a number; {@link io.onelite.btree.RecordReader#COMPARE_NULL} when it
     * is NULL; {@link io.onelite.btree.RecordReader#COMPARE_OTHER} when it holds text or a blob,
     * or the source cannot tell (the caller then compares {@link #column}'s value).
     */
    default int compareInteger(int i, long k) {
        return io.onelite.btree.RecordReader.COMPARE_OTHER;
    }

    /** What tells this row from the source's others (a RIGHT JOIN's matched set): the rowid unless overridden. */
    default Object identity() {
        return rowid();
    }

    /** The row of a LEFT JOIN's right side when nothing matched: every column NULL. */
    RowSource NULL_ROW = new RowSource() {
        @Override
        public Object column(int i) {
            return null;
        }

        @Override
        public long rowid() {
            return 0;
        }
    };
}
