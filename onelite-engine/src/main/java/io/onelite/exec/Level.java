package io.onelite.exec;

/**
 * One loop of a nested-loop join: a FROM source walked for each row of the loops outside it.
 * {@link #open} starts a walk for the current outer rows; {@link #next} moves to the next row
 * that passes this level's filter and publishes it in {@code f.src[slot]}.
 *
 * <p>A LEFT JOIN level ({@link #leftJoin}) yields one all-NULL row when no row passed
 * {@link #filter} (its ON terms); {@link #postFilter} holds WHERE terms that must see that row.
 */
public abstract class Level {
    public final int slot;
    /** Terms checked on each candidate row (WHERE terms, or ON terms of a LEFT JOIN). Null = none. */
    public Eval filter;
    /** Terms checked after the NULL row of a LEFT JOIN was supplied. Null = none. */
    public Eval postFilter;
    public boolean leftJoin;
    private boolean matched;
    private boolean nullRowDone;
    /** For the right side of a RIGHT/FULL JOIN: a plain scan of the same source, else null. */
    private Level unmatchedScan;
    /** The source's name in EXPLAIN QUERY PLAN's "RIGHT-JOIN name" line. */
    private String rightJoinName;
    /** The rowids of this level's rows that passed {@link #filter} (its ON terms) in this run. */
    private java.util.Set<Object> matchedRows;

    protected Level(int slot) {
        this.slot = slot;
    }

    /** Whether this loop belongs to a min()/max() query, which SQLite's EXPLAIN QUERY PLAN words "SEARCH". */
    private boolean minMaxQuery;

    /**
     * Marks this loop as part of a query SQLite answers with its min()/max() optimization: its
     * EXPLAIN QUERY PLAN line then reads "SEARCH t ..." even for a full walk, as SQLite's does.
     */
    public void markMinMaxQuery() {
        this.minMaxQuery = true;
    }

    protected boolean inMinMaxQuery() {
        return minMaxQuery;
    }

    /** Starts a new walk for the current rows of the outer loops. */
    public final void open(Frame f) {
        matched = false;
        nullRowDone = false;
        start(f);
    }

    /** The next row of this level passing its filters; false when the walk is over. */
    public final boolean next(Frame f) {
        while (true) {
            if (!nullRowDone) {
                while (advance(f)) {
                    f.ctx.checkInterrupt();
                    if (filter == null || ValueOps.isTrue(filter.eval(f))) {
                        matched = true;
                        if (matchedRows != null) {
                            matchedRows.add(rowIdentity(f));
                        }
                        if (postFilter == null || ValueOps.isTrue(postFilter.eval(f))) {
                            return true;
                        }
                    }
                }
                nullRowDone = true;
                if (leftJoin && !matched) {
                    nullRow(f);
                    matched = true;
                    if (postFilter == null || ValueOps.isTrue(postFilter.eval(f))) {
                        return true;
                    }
                }
            }
            return false;
        }
    }

    /** Puts this level's source (every source of a nested join) on its all-NULL row. */
    public void nullRow(Frame f) {
        f.src[slot] = RowSource.NULL_ROW;
    }

    /** What tells the current row from this level's others, for a RIGHT JOIN's matched set. */
    protected Object rowIdentity(Frame f) {
        return f.src[slot].identity();
    }

    /**
     * Makes this level the right side of a RIGHT or FULL JOIN: after the nested loops end,
     * {@link JoinLoop} walks {@code scan} (the same source, no filter) for the rows that never
     * passed {@link #filter}, with every outer level on its NULL row. {@code name} is the
     * source's name for EXPLAIN QUERY PLAN.
     */
    public void rightJoin(Level scan, String name) {
        this.unmatchedScan = scan;
        this.rightJoinName = name;
        this.matchedRows = new java.util.HashSet<>();
    }

    boolean isRightJoin() {
        return unmatchedScan != null;
    }

    /** Forgets the rows matched so far (a new run of the whole join). */
    void clearMatched() {
        if (matchedRows != null) {
            matchedRows.clear();
        }
    }

    /** The level yielding this RIGHT/FULL JOIN level's unmatched rows, checked by its postFilter. */
    Level unmatchedLevel() {
        Level scan = unmatchedScan;
        java.util.Set<Object> done = matchedRows;
        String text = describe();
        Level u = new Level(slot) {
            @Override
            protected void start(Frame f) {
                scan.open(f);
            }

            @Override
            protected boolean advance(Frame f) {
                while (scan.next(f)) {
                    if (!done.contains(scan.rowIdentity(f))) {
                        return true;
                    }
                }
                return false;
            }

            @Override
            public String describe() {
                return text;
            }

            @Override
            public void nullRow(Frame f) {
                scan.nullRow(f);
            }
        };
        u.postFilter = postFilter;
        return u;
    }

    /** Positions the source for a new walk. */
    protected abstract void start(Frame f);

    /** Moves to the next candidate row and sets {@code f.src[slot]}; false at the end. */
    protected abstract boolean advance(Frame f);

    /** EXPLAIN QUERY PLAN lines that come before the join loop's (a parenthesised join's own plan). */
    protected java.util.List<String> explainBefore() {
        return java.util.List.of();
    }

    /** EXPLAIN QUERY PLAN lines nested under this level's own line (a multi-index OR's lookups). */
    protected java.util.List<String> explainUnder() {
        return java.util.List.of();
    }

    /** A human description for EXPLAIN QUERY PLAN ("SCAN t", "SEARCH t USING INDEX i (a=?)"). */
    public abstract String describe();

    /** {@link #describe}, marked " LEFT-JOIN" on the right side of a LEFT or FULL JOIN, as SQLite does. */
    public final String explainLine() {
        return describe() + (leftJoin && marksLeftJoin() ? " LEFT-JOIN" : "");
    }

    /** Whether this level's own line carries the LEFT-JOIN mark (a multi-index OR's lookups do instead). */
    protected boolean marksLeftJoin() {
        return true;
    }

    /**
     * EXPLAIN QUERY PLAN lines of a join loop, as SQLite words them: one line per level, then per
     * RIGHT/FULL JOIN level a "RIGHT-JOIN name" line and the scan of its unmatched rows (SQLite
     * nests that scan under the RIGHT-JOIN line).
     */
    public static java.util.List<String> explain(Level[] levels) {
        java.util.List<String> out = new java.util.ArrayList<>();
        for (Level l : levels) {
            out.addAll(l.explainBefore());
        }
        for (Level l : levels) {
            out.add(l.explainLine());
            out.addAll(Query.nested(l.explainUnder(), 1));
        }
        for (Level l : levels) {
            if (l.unmatchedScan != null) {
                out.add("RIGHT-JOIN " + l.rightJoinName);
                out.add(Query.NEST + l.unmatchedScan.describe());
            }
        }
        return out;
    }
}
