package io.onelite.exec;

import java.util.List;
import java.util.function.Function;

/** A source of materialised rows: a subquery or view in FROM, a CTE, VALUES. */
public final class ListLevel extends Level {
    private final Function<Frame, List<Object[]>> rows;
    private final String name;
    private List<Object[]> current;
    private int pos;
    private final ArrayRow row = new ArrayRow(new Object[0]);

    public ListLevel(int slot, String name, Function<Frame, List<Object[]>> rows) {
        super(slot);
        this.name = name;
        this.rows = rows;
    }

    @Override
    protected void start(Frame f) {
        current = rows.apply(f);
        pos = 0;
    }

    @Override
    protected boolean advance(Frame f) {
        if (pos >= current.size()) {
            return false;
        }
        row.values = current.get(pos);
        row.rowid = ++pos;
        f.src[slot] = row;
        return true;
    }

    /** Rows of a list as an iterator. */
    public static RowIterator iterate(List<Object[]> rows) {
        return RowIterator.of(rows);
    }

    @Override
    public String describe() {
        return "SCAN " + name;
    }
}
