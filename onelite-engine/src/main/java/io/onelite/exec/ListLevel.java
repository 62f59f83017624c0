package io.onelite.exec;

import java.util.List;
import java.util.function.Function;

/** A source of materialised rows: a subquery or view in FROM, a CTE, VALUES. */
public final class ListLevel extends Level {
    private final Function<Frame, PulledRows> rows;
    private final String name;
    private PulledRows current;
    private int pos;
    private final ArrayRow row = new ArrayRow(new Object[0]);

    public ListLevel(int slot, String name, Function<Frame, List<Object[]>> rows) {
        this(name, slot, f -> PulledRows.of(rows.apply(f)));
    }

    private ListLevel(String name, int slot, Function<Frame, PulledRows> rows) {
        super(slot);
        this.name = name;
        this.rows = rows;
    }

    /** A level over rows read from their query as the walk goes (see {@link PulledRows}). */
    public static ListLevel pulled(int slot, String name, Function<Frame, PulledRows> rows) {
        return new ListLevel(name, slot, rows);
    }

    @Override
    protected void start(Frame f) {
        current = rows.apply(f);
        pos = 0;
    }

    @Override
    protected boolean advance(Frame f) {
        Object[] next = current.get(pos);
        if (next == null) {
            return false;
        }
        row.values = next;
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
