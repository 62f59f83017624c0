package io.onelite.exec;

import java.util.List;

/**
 * A parenthesised join in FROM walked as one level: its own {@link JoinLoop} over its sources'
 * levels (with their RIGHT JOIN phases), so that it can be the right side of a LEFT, RIGHT or
 * FULL JOIN. Its NULL row puts every source inside on NULL; its rows are told apart by their
 * number in the walk (the walk does not depend on the loops outside, as the right side of a
 * RIGHT JOIN may not read them).
 */
public final class GroupLevel extends Level {
    private final Level[] levels;
    private final JoinLoop loop;
    private final int[] slots;
    /** Its name in EXPLAIN QUERY PLAN, "(join-N)" as SQLite's. */
    private final String name;
    private long ordinal;

    public GroupLevel(Level[] levels, int[] slots, String name) {
        this(levels, new JoinLoop(levels), slots, name);
    }

    private GroupLevel(Level[] levels, JoinLoop loop, int[] slots, String name) {
        super(slots[0]);
        this.levels = levels;
        this.loop = loop;
        this.slots = slots;
        this.name = name;
    }

    /** The same walk without this level's filters: the scan of a RIGHT JOIN's unmatched rows. */
    public GroupLevel plainScan() {
        return new GroupLevel(levels, loop, slots, name);
    }

    @Override
    protected void start(Frame f) {
        loop.reset();
        ordinal = 0;
    }

    @Override
    protected boolean advance(Frame f) {
        if (loop.next(f)) {
            ordinal++;
            return true;
        }
        return false;
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

    /** The walk's own plan, listed before the join loop it sits in (as SQLite lists a co-routine). */
    @Override
    protected List<String> explainBefore() {
        List<String> lines = new java.util.ArrayList<>();
        lines.add("CO-ROUTINE " + name);
        lines.addAll(Level.explain(levels));
        return lines;
    }

    @Override
    public String describe() {
        return "SCAN " + name;
    }
}
