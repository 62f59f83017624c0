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
    private long ordinal;

    public GroupLevel(Level[] levels, int[] slots) {
        this(levels, new JoinLoop(levels), slots);
    }

    private GroupLevel(Level[] levels, JoinLoop loop, int[] slots) {
        super(slots[0]);
        this.levels = levels;
        this.loop = loop;
        this.slots = slots;
    }

    /** The same walk without this level's filters: the scan of a RIGHT JOIN's unmatched rows. */
    public GroupLevel plainScan() {
        return new GroupLevel(levels, loop, slots);
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

    @Override
    public String describe() {
        List<String> lines = Level.explain(levels);
        return String.join("\n", lines);
    }
}
