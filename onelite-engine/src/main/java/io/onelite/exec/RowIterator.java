package io.onelite.exec;

/** Rows of one run of a {@link Query}; {@link #row} is valid after {@link #next} returned true. */
public interface RowIterator {
    boolean next();

    Object[] row();

    /** The rows of a list, in order. */
    static RowIterator of(java.util.List<Object[]> rows) {
        var it = rows.iterator();
        return new RowIterator() {
            Object[] r;

            @Override
            public boolean next() {
                if (!it.hasNext()) {
                    return false;
                }
                r = it.next();
                return true;
            }

            @Override
            public Object[] row() {
                return r;
            }
        };
    }
}
