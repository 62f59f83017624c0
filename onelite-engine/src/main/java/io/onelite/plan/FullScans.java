package io.onelite.plan;

import io.onelite.catalog.Index;
import io.onelite.catalog.Table;
import io.onelite.exec.IndexLevel;
import io.onelite.exec.ScanLevel;
import io.onelite.exec.TableAccess;
import io.onelite.plan.AccessPlanner.Access;
import io.onelite.plan.AccessPlanner.OrderTerm;

import java.util.List;

/**
 * Reading a whole source: walking an index that yields the wanted order, or the narrowest index
 * that covers every column the query reads, or else the table itself; and whether an index covers
 * a source's reads (its index levels then never visit the table). A WITHOUT ROWID table's covering
 * walks, its primary key's among them, are weighed by SQLite's costs ({@link WithoutRowidScans}).
 */
final class FullScans {
    private FullScans() {
    }

    /** A full walk of the table or of an index in the wanted order, or null when neither gives it. */
    static Access orderedFullScan(Scope scope, Planner planner, int slot, TableAccess ta, Table t,
                                  List<Index> indexes, List<OrderTerm> order) {
        int rowidDir = t.clustered() == null ? OrderMatch.rowid(order) : OrderMatch.NO;
        if (rowidDir != OrderMatch.NO) {
            ScanLevel sl = new ScanLevel(slot, ta, rowidDir == OrderMatch.REVERSE);
            return new Access(sl, true);
        }
        Access a = fullScan(planner, scope, slot, ta, t, indexes, order);
        return a.ordered() ? a : null;
    }

    /**
     * A full scan: of an index that yields the wanted order (a covering one first, then the
     * narrowest), else of the narrowest covering index narrower than the table (SQLite's
     * covering-index scan, taken when an index row is smaller than a table row), else of a
     * partial index the terms imply (it holds fewer entries than the table rows), else of the table.
     */
    static Access fullScan(Planner planner, Scope scope, int slot, TableAccess ta, Table t,
                           List<Index> indexes, List<OrderTerm> order) {
        return fullScan(planner, scope, slot, ta, t, indexes, order, false);
    }

    /**
     * As {@link #fullScan}; with {@code prefixWalk} (no LIMIT), when no index gives the whole
     * order, a walk of the index giving the most leading terms of it, the rest sorted per run
     * (SQLite's "USE TEMP B-TREE FOR LAST TERM OF ORDER BY"), as SQLite's estimates prefer then.
     */
    static Access fullScan(Planner planner, Scope scope, int slot, TableAccess ta, Table t,
                           List<Index> indexes, List<OrderTerm> order, boolean prefixWalk) {
        Index pick = null;
        int pickDir = OrderMatch.NO;
        boolean pickCovering = false;
        if (order != null && t.clustered() != null && scope.coveringReads) {
            // WITHOUT ROWID: of the covering walks giving the order, its primary key's included, SQLite's cheapest
            List<Index> giving = new java.util.ArrayList<>();
            for (Index ix : indexes) {
                if (OrderMatch.index(ix, t, new boolean[ix.columns().length + 1], order) != OrderMatch.NO) {
                    giving.add(ix);
                }
            }
            pick = WithoutRowidScans.cheapest(scope, slot, t, giving, order);
            pickDir = pick == null ? OrderMatch.NO : OrderMatch.index(pick, t, new boolean[pick.columns().length + 1], order);
        }
        for (Index ix : pick != null ? List.<Index>of() : indexes) { // partial indexes here are implied by the terms (see AccessPlanner)
            int dir = order == null ? OrderMatch.NO
                    : OrderMatch.index(ix, t, new boolean[ix.columns().length + 1], order);
            if (dir == OrderMatch.NO) {
                continue;
            }
            boolean cov = covers(scope, slot, ix, t);
            if (pick == null || (cov && !pickCovering)
                    || (cov == pickCovering && ix.columns().length < pick.columns().length)) {
                pick = ix;
                pickDir = dir;
                pickCovering = cov;
            }
        }
        if (pick == null && prefixWalk && order != null && order.size() > 1 && OrderMatch.rowid(order) == OrderMatch.NO) {
            Index prefixIndex = null;
            int[] best = {0, OrderMatch.NO};
            for (Index ix : indexes) {
                int[] p = OrderMatch.indexPrefix(ix, t, new boolean[ix.columns().length + 1], order);
                if (p[0] > best[0]) {
                    prefixIndex = ix;
                    best = p;
                }
            }
            if (prefixIndex != null) {
                IndexLevel il = AccessPlanner.indexLevel(planner, scope, slot, ta, prefixIndex, 0, false, List.of(), t);
                il.setReverse(best[1] == OrderMatch.REVERSE);
                return new Access(il, false, prefixIndex, new boolean[prefixIndex.columns().length + 1], best[0]);
            }
        }
        if (pick == null && scope.coveringReads && t.clustered() != null) {
            Index cheapest = WithoutRowidScans.cheapest(scope, slot, t, indexes, order);
            pick = cheapest == null || cheapest.root() == t.root() ? null : cheapest; // else the table's own walk
        }
        if (pick == null && scope.coveringReads && t.clustered() == null) {
            int tableWidth = t.columns().size() + (t.rowidAlias() >= 0 ? 0 : 1);
            int pickHeld = 0;
            for (Index ix : indexes) {
                if (ix.columns().length + 1 >= tableWidth || !covers(scope, slot, ix, t)) {
                    continue;
                }
                // one holding the expressions the query reads first (none to compute), then the narrowest
                int held = expressionsHeld(scope, slot, ix, t);
                if (pick == null || held > pickHeld || (held == pickHeld && ix.columns().length < pick.columns().length)) {
                    pick = ix;
                    pickHeld = held;
                }
            }
        }
        if (pick == null && scope.coveringReads && t.clustered() == null) {
            for (Index ix : indexes) {
                if (ix.where() != null) {
                    pick = ix; // the terms imply its WHERE: fewer entries than the table has rows, as SQLite estimates
                    break;
                }
            }
        }
        if (pick == null) {
            return new Access(new ScanLevel(slot, ta, false), false);
        }
        IndexLevel il = AccessPlanner.indexLevel(planner, scope, slot, ta, pick, 0, false, List.of(), t);
        il.setReverse(pickDir == OrderMatch.REVERSE);
        return new Access(il, pickDir != OrderMatch.NO, pick, new boolean[pick.columns().length + 1]);
    }

    private static int expressionsHeld(Scope scope, int slot, Index ix, Table t) {
        int n = 0;
        for (int p : IndexedExpressionReads.positions(scope, slot, ix, t)) {
            n += p >= 0 ? 1 : 0;
        }
        return n;
    }

    /** Whether the columns the query reads from {@code slot} are all in {@code ix} (or the rowid). */
    static boolean covers(Scope scope, int slot, Index ix, Table t) {
        if (!scope.coveringReads) {
            return false;
        }
        if (t.clustered() != null) {
            return WithoutRowidScans.covers(scope, slot, ix, t); // an entry ends with the primary key, not a rowid
        }
        java.util.BitSet used = scope.usedColumns.get(scope.sources.get(slot));
        if (used == null) {
            return IndexedExpressionReads.allYielded(scope, slot, ix, t);
        }
        Object[] fixed = PartialIndexes.fixedValues(ix, t);
        for (int c = used.nextSetBit(0); c >= 0; c = used.nextSetBit(c + 1)) {
            if (c == t.rowidAlias() || (fixed != null && fixed[c] != null)) {
                continue; // the rowid, or a column the partial index's WHERE fixes
            }
            boolean found = false;
            for (int ic : ix.columns()) {
                found |= ic == c;
            }
            if (!found) {
                return false;
            }
        }
        return IndexedExpressionReads.allYielded(scope, slot, ix, t);
    }
}
