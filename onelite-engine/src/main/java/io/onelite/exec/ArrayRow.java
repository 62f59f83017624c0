package io.onelite.exec;

/** A materialised row; column {@code -1} (the rowid) is column {@code rowidColumn} or absent. */
public final class ArrayRow implements RowSource {
    public Object[] values;
    public long rowid;

    public ArrayRow(Object[] values) {
        this.values = values;
    }

    @Override
    public Object column(int i) {
        if (i < 0) {
            return rowid;
        }
        return i < values.length ? values[i] : null;
    }

    @Override
    public long rowid() {
        return rowid;
    }
}
