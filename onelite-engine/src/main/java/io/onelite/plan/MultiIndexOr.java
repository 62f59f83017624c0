package io.onelite.plan;

import io.onelite.catalog.Table;
import io.onelite.exec.IndexLevel;
import io.onelite.exec.Level;
import io.onelite.exec.OrLevel;
import io.onelite.exec.RowidInLevel;
import io.onelite.exec.RowidLevel;
import io.onelite.sql.ast.Expr;

import java.util.ArrayList;
import java.util.List;

/**
 * SQLite's multi-index OR (where.c's whereLoopAddOr): a rowid table that would otherwise be read
 * whole, with a term {@code a OR b OR ...} each of whose branches can be looked up on its own,
 * by rowid or through an index, is read through those lookups ({@link OrLevel}). Taken only where
 * the table would be scanned: a usable term outside the OR (SQLite weighs the two by cost) keeps
 * its lookup, and the OR is then checked on the rows it finds.
 */
final class MultiIndexOr {
    private MultiIndexOr() {
    }

    /** The OR's level for {@code e}, from the first such term of {@code terms}, or null. */
    static AccessPlanner.Access plan(Planner planner, Scope scope, FromPlanner.Entry e, List<Expr> terms) {
        Table t = e.table;
        if (t == null || t.clustered() != null || e.notIndexed || e.indexedBy != null) {
            return null; // a WITHOUT ROWID table has no rowid to tell the rows apart by
        }
        for (Expr term : terms) {
            List<Expr> branches = new ArrayList<>();
            TermConstraints.splitOr(term, branches);
            if (branches.size() < 2) {
                continue;
            }
            List<Level> lookups = new ArrayList<>();
            for (Expr branch : branches) {
                Level l = AccessPlanner.plan(planner, scope, e, CorePlanner.splitAnd(branch), null, null).level();
                if (!isLookup(l)) {
                    lookups = null;
                    break;
                }
                lookups.add(l);
            }
            if (lookups != null) {
                return new AccessPlanner.Access(new OrLevel(e.slot, lookups), false);
            }
        }
        return null;
    }

    /** A level that reads only the rows a key or range finds: a rowid or index lookup. */
    private static boolean isLookup(Level l) {
        return l instanceof RowidLevel || l instanceof RowidInLevel
                || (l instanceof IndexLevel il && !il.isFullScan());
    }
}
