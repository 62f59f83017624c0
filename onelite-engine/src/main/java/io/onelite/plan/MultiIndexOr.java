package io.onelite.plan;

import io.onelite.catalog.Index;
import io.onelite.catalog.Table;
import io.onelite.exec.IndexLevel;
import io.onelite.exec.Level;
import io.onelite.exec.OrLevel;
import io.onelite.exec.RowidInLevel;
import io.onelite.exec.RowidLevel;
import io.onelite.sql.ast.Expr;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * SQLite's multi-index OR (where.c's whereLoopAddOr): a table that would otherwise be read
 * whole, with a term {@code a OR b OR ...} each of whose branches can be looked up on its own,
 * by rowid, primary key or through an index, is read through those lookups ({@link OrLevel}).
 * Taken only where the table would be scanned: a usable term outside the OR (SQLite weighs the
 * two by cost) keeps its lookup, and the OR is then checked on the rows it finds. Not for the
 * right side of a RIGHT or FULL JOIN, which SQLite scans.
 *
 * <p>A WITHOUT ROWID table's rows are told apart by their primary key (SQLite collects the keys
 * in an ephemeral index where it collects a rowid table's rowids). Its branches read the row
 * itself, not an index entry alone: SQLite's {@code whereLoopAddBtree} lets an index of such a
 * table cover what the query reads only for a SELECT's own WHERE, and a branch is planned as a
 * WHERE of its own, so EXPLAIN QUERY PLAN shows "USING INDEX" and the cheapest index that serves
 * is taken ({@link WithoutRowidSeeks}); only an index holding every column of the table (its
 * {@code isCovering}) is read alone, "USING COVERING INDEX". As SQLite, NOT INDEXED does not
 * keep such a table from its indexes here either.
 */
final class MultiIndexOr {
    private MultiIndexOr() {
    }

    /** The OR's level for {@code e}, from the first such term of {@code terms}, or null. */
    static AccessPlanner.Access plan(Planner planner, Scope scope, FromPlanner.Entry e, List<Expr> terms) {
        Table t = e.table;
        boolean clustered = t != null && t.clustered() != null;
        if (t == null || (e.notIndexed && !clustered) || e.indexedBy != null || e.rightJoin) {
            return null;
        }
        for (Expr term : terms) {
            List<Expr> branches = new ArrayList<>();
            TermConstraints.splitOr(term, branches);
            if (branches.size() < 2) {
                continue;
            }
            List<Level> lookups = lookups(planner, scope, e, branches, alongside(planner, scope, e.slot, terms, term),
                    clustered);
            if (lookups != null && (!clustered || cheaperThanAScan(scope, e.slot, t, lookups))) {
                return new AccessPlanner.Access(new OrLevel(e.slot, lookups), false);
            }
        }
        return null;
    }

    /**
     * The terms besides {@code or} that each branch's lookup may also use, as SQLite's
     * {@code codeOneLoopStart} adds the WHERE clause's other indexable terms to each branch's
     * WHERE ({@code (a = 1 OR b = 2) AND c > 3} seeks {@code (a=? AND c>?)} over an index on
     * {@code (a, c)}): those a lookup can use, subqueries aside. The OR's rows are checked
     * against every term anyway.
     */
    private static List<Expr> alongside(Planner planner, Scope scope, int slot, List<Expr> terms, Expr or) {
        List<Expr> out = new ArrayList<>();
        for (Expr term : terms) {
            if (term == or || ExprWalker.hasSubquery(term)) {
                continue;
            }
            List<AccessPlanner.Constraint> cons = new ArrayList<>();
            TermConstraints.collect(planner, scope, slot, term, cons);
            if (!cons.isEmpty()) {
                out.add(term);
            }
        }
        return out;
    }

    /** Each branch's lookup (with the terms {@code alongside} it), or null when one of them would read the whole table. */
    private static List<Level> lookups(Planner planner, Scope scope, FromPlanner.Entry e, List<Expr> branches,
                                       List<Expr> alongside, boolean clustered) {
        Source src = scope.sources.get(e.slot);
        BitSet used = scope.usedColumns.get(src);
        if (clustered) {
            // a WITHOUT ROWID branch reads its rows unless the entry holds every column (see above)
            BitSet all = new BitSet();
            all.set(0, e.table.columns().size());
            scope.usedColumns.put(src, all);
        }
        try {
            List<Level> lookups = new ArrayList<>();
            for (Expr branch : branches) {
                List<Expr> branchTerms = new ArrayList<>(CorePlanner.splitAnd(branch));
                branchTerms.addAll(alongside);
                Level l = AccessPlanner.plan(planner, scope, e, branchTerms, null, null).level();
                if (!isLookup(l)) {
                    return null;
                }
                lookups.add(l);
            }
            return lookups;
        } finally {
            if (clustered && used != null) {
                scope.usedColumns.put(src, used);
            } else if (clustered) {
                scope.usedColumns.remove(src);
            }
        }
    }

    /**
     * Whether SQLite's costs put a WITHOUT ROWID table's OR lookups before its cheapest full walk
     * ({@link WithoutRowidSeeks}): the branches' costs summed (in LogEst) against {@code rows + 1 +
     * 15 * szIdxRow / szTabRow} of the narrowest covering walk (the primary key's at least, also
     * for UPDATE and DELETE); of equal costs the walk, which SQLite meets first. Ranges on two
     * branches come to about as much as the walk. An IN list counts as one value here.
     */
    private static boolean cheaperThanAScan(Scope scope, int slot, Table t, List<Level> lookups) {
        int tableWidth = RowWidths.table(t);
        int scan = Integer.MAX_VALUE;
        for (Index ix : AccessPlanner.indexesOf(t)) {
            if (ix.root() == t.root() || (ix.where() == null && FullScans.covers(scope, slot, ix, t))) {
                scan = Math.min(scan, WithoutRowidSeeks.TABLE_ROWS + 1 + WithoutRowidScans.walkCost(ix, t, tableWidth));
            }
        }
        int or = -1;
        for (Level l : lookups) {
            IndexLevel il = (IndexLevel) l;
            Index ix = AccessPlanner.indexNamed(t, il.indexName());
            int one = WithoutRowidSeeks.cost(ix, t, holdsEveryColumn(ix, t), il.eqCount(), il.bounds(), new int[il.eqCount()]);
            or = or < 0 ? one : Optimize.logEstAdd(or, one);
        }
        return or < scan;
    }

    /** Whether an entry of {@code ix} holds every column of the WITHOUT ROWID table {@code t} (SQLite's isCovering). */
    private static boolean holdsEveryColumn(Index ix, Table t) {
        if (ix.root() == t.root()) {
            return true;
        }
        BitSet held = new BitSet();
        for (int c : ix.columns()) {
            if (c >= 0) {
                held.set(c);
            }
        }
        for (int c : t.clustered().primaryKeyColumns()) {
            held.set(c);
        }
        return held.cardinality() == t.columns().size() && !"u".equals(ix.origin());
    }

    /** A level that reads only the rows a key or range finds: a rowid or index lookup. */
    private static boolean isLookup(Level l) {
        return l instanceof RowidLevel || l instanceof RowidInLevel
                || (l instanceof IndexLevel il && !il.isFullScan());
    }
}
