package io.onelite.exec;

import java.util.List;

/**
 * A parenthesised join in FROM walked as one level: its own {@link JoinLoop} over its sources'
 * levels (with their RIGHT JOIN phases), so that it can be the right side of a LEFT, RIGHT or
 * FULL JOIN. Its NULL row puts every source inside on NULL; its rows are told apart by their
 * number in the walk.
 *
 * <p>When its walk reads nothing outside it (the right side of a RIGHT/FULL JOIN may not: SQLite
 * makes the parenthesised join a subquery), it is materialized as SQLite's "MATERIALIZE (join-N)":
 * the first walk of a statement execution copies every row of its sources into the execution's
 * cache ({@link ExecContext#cached}) and every later walk (one per outer row, and the RIGHT JOIN
 * phase's scan of its unmatched rows) replays that copy, so the inner loops run once, not once
 * per outer row. A walk that reads the loops outside it (a LEFT JOIN's ON terms, which serve
 * lookups inside) runs again for each outer row, as a co-routine.
 */
public final class GroupLevel extends Level {
    /** Walks of an inner join loop from its start, materializing or not (tests observe the count). */
    static final java.util.concurrent.atomic.AtomicLong INNER_WALKS = new java.util.concurrent.atomic.AtomicLong();

    private final Level[] levels;
    private final JoinLoop loop;
    private final int[] slots;
    /** Its name in EXPLAIN QUERY PLAN, "(join-N)" as SQLite's. */
    private final String name;
    /** Per slot, its source's column count (what a materialized row keeps); null: walked each time. */
    private final int[] widths;
    /** The key of this execution's materialized rows in the execution's cache, shared with {@link #plainScan}. */
    private final Object rowsKey;
    /** The materialized rows replayed by the current walk (per row, per slot, the source's row); null when walking. */
    private List<RowSource[]> rows;
    private long ordinal;

    /** A parenthesised join walked again for each outer row. */
    public GroupLevel(Level[] levels, int[] slots, String name) {
        this(levels, new JoinLoop(levels), slots, name, null, null);
    }

    /**
     * A parenthesised join materialized once per statement execution; {@code widths}: per slot,
     * the column count of its source.
     */
    public GroupLevel(Level[] levels, int[] slots, String name, int[] widths) {
        this(levels, new JoinLoop(levels), slots, name, widths.clone(), new Object());
    }

    private GroupLevel(Level[] levels, JoinLoop loop, int[] slots, String name, int[] widths, Object rowsKey) {
        super(slots[0]);
        this.levels = levels;
        this.loop = loop;
        this.slots = slots;
        this.name = name;
        this.widths = widths;
        this.rowsKey = rowsKey;
    }

    /** The same walk without this level's filters: the scan of a RIGHT JOIN's unmatched rows. */
    public GroupLevel plainScan() {
        return new GroupLevel(levels, loop, slots, name, widths, rowsKey);
    }

    @Override
    protected void start(Frame f) {
        ordinal = 0;
        if (widths == null) {
            INNER_WALKS.incrementAndGet();
            loop.reset();
        } else {
            rows = materialized(f);
        }
    }

    @Override
    protected boolean advance(Frame f) {
        if (rows == null) {
            if (loop.next(f)) {
                ordinal++;
                return true;
            }
            return false;
        }
        if (ordinal == rows.size()) {
            return false;
        }
        RowSource[] row = rows.get((int) ordinal++);
        for (int k = 0; k < slots.length; k++) {
            f.src[slots[k]] = row[k];
        }
        return true;
    }

    /** This execution's rows of the inner join, walking it the first time. */
    @SuppressWarnings("unchecked")
    private List<RowSource[]> materialized(Frame f) {
        List<RowSource[]> done = (List<RowSource[]>) f.ctx.cached(rowsKey);
        if (done != null) {
            return done;
        }
        INNER_WALKS.incrementAndGet();
        List<RowSource[]> out = new java.util.ArrayList<>();
        loop.reset();
        while (loop.next(f)) {
            RowSource[] row = new RowSource[slots.length];
            for (int k = 0; k < slots.length; k++) {
                row[k] = copy(f.src[slots[k]], widths[k]);
            }
            out.add(row);
        }
        f.ctx.cache(rowsKey, out);
        return out;
    }

    /** A source's current row as values (the cursor behind it moves on); a NULL row stays one. */
    private static RowSource copy(RowSource s, int width) {
        if (s == null || s == RowSource.NULL_ROW) {
            return s;
        }
        Object[] values = new Object[width];
        for (int c = 0; c < width; c++) {
            values[c] = s.column(c);
        }
        ArrayRow a = new ArrayRow(values);
        a.rowid = s.rowid();
        return a;
    }

    @Override
    public void nullRow(Frame f) {
        for (int s : slots) {
            f.src[s] = RowSource.NULL_ROW;
        }
    }

    @Override
    protected Object rowIdentity(Frame f) {
        return ordinal;
    }

    /** The walk's own plan, listed before the join loop it sits in (as SQLite lists a co-routine or a materialization). */
    @Override
    protected List<String> explainBefore() {
        List<String> lines = new java.util.ArrayList<>();
        lines.add((widths != null ? "MATERIALIZE " : "CO-ROUTINE ") + name);
        lines.addAll(Query.nested(Level.explain(levels), 1)); // under the line above, as SQLite's tree
        return lines;
    }

    @Override
    public String describe() {
        return "SCAN " + name;
    }
}
