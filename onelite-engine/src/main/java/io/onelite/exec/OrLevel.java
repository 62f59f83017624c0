package io.onelite.exec;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * SQLite's multi-index OR: a table read for {@code a OR b OR ...} where every branch can be
 * looked up on its own (by rowid, primary key or through an index). The branches' lookups run one
 * after the other and a row is yielded the first time one finds it (its rowid, or a WITHOUT ROWID
 * table's primary key, remembered), so a row that several branches find comes once. The level's filter still checks the whole term.
 */
public final class OrLevel extends Level {
    private final Level[] branches;
    private final Set<Object> seen = new HashSet<>();
    private int branch;

    /** {@code branches}: levels on the same slot, without filters of their own. */
    public OrLevel(int slot, List<Level> branches) {
        super(slot);
        this.branches = branches.toArray(new Level[0]);
    }

    /** The branches' lookups, in order. */
    public List<Level> branches() {
        return List.of(branches);
    }

    @Override
    protected void start(Frame f) {
        seen.clear();
        branch = 0;
        branches[0].open(f);
    }

    @Override
    protected boolean advance(Frame f) {
        while (true) {
            if (branches[branch].next(f)) {
                if (seen.add(f.src[slot].identity())) {
                    return true;
                }
            } else if (++branch < branches.length) {
                branches[branch].open(f);
            } else {
                branch = branches.length - 1; // stays at the end until the next start
                return false;
            }
        }
    }

    /** SQLite's line; on a LEFT JOIN's right side its lookups carry the mark, not this line. */
    @Override
    public String describe() {
        return "MULTI-INDEX OR";
    }

    @Override
    protected boolean marksLeftJoin() {
        return false;
    }

    /** SQLite's lines: "INDEX n" per branch, its lookup under it. */
    @Override
    protected List<String> explainUnder() {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < branches.length; i++) {
            out.add("INDEX " + (i + 1));
            out.add(Query.NEST + branches[i].describe() + (leftJoin ? " LEFT-JOIN" : ""));
        }
        return out;
    }
}
