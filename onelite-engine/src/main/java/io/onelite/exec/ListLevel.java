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

    /** EXPLAIN QUERY PLAN's line introducing the query's own plan ("CO-ROUTINE name"), or null. */
    private String planHead;
    private Query planned;

    /**
     * This level, its query's plan shown before the join loop's lines under the line
     * {@code head} (SQLite's "CO-ROUTINE v", "MATERIALIZE v"); a null {@code head} shows none.
     */
    public ListLevel explaining(String head, Query query) {
        this.planHead = head;
        this.planned = query;
        return this;
    }

    @Override
    protected List<String> explainBefore() {
        if (planHead == null) {
            return List.of();
        }
        List<String> lines = new java.util.ArrayList<>();
        lines.add(planHead);
        lines.addAll(Query.nested(planned.explain(), 1));
        return lines;
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
