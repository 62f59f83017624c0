package io.onelite.plan;

import io.onelite.catalog.Column;
import io.onelite.catalog.Index;
import io.onelite.catalog.Table;
import io.onelite.sql.ast.ConflictAction;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * Which b-tree a full scan of a WITHOUT ROWID table walks, as SQLite 3.51 chooses it. Such a
 * table has no rowid tree: its primary key is an index holding the whole row, and SQLite's
 * {@code whereLoopAddBtree} prices a full walk of every index alike, that one included, at
 * {@code rows + 1 + 15 * szIdxRow / szTabRow} ({@link RowWidths}, integer division) when the
 * index covers what the query reads. The cheapest wins; of equal costs, the index SQLite met
 * first, in its list of the table's indexes ({@link #sqliteOrder}). So a narrower index that
 * covers the query is scanned instead of the table, which shows in the rows' order and in which
 * of equal values (1 and 1.0) a DISTINCT or GROUP BY keeps.
 *
 * <p>What an index covers ({@link #covers}): the primary key, everything; an index made by
 * CREATE INDEX, its columns and the primary-key columns appended to its key; an index a UNIQUE
 * constraint of the CREATE TABLE made, only its own columns (SQLite computes which columns such
 * an index lacks before it appends the primary key, and never again).
 *
 * <p>{@code SELECT count(*)} has its own rule ({@link #countIndex}, rowid tables too): the first
 * index in that list narrower than the table and than every index before it, partial indexes aside.
 */
final class WithoutRowidScans {
    private WithoutRowidScans() {
    }

    /** Whether {@code ix}, one of the WITHOUT ROWID table {@code t}'s indexes, holds every column the query reads of {@code slot}. */
    static boolean covers(Scope scope, int slot, Index ix, Table t) {
        if (ix.root() == t.root()) {
            return true; // the primary key is the row
        }
        BitSet held = new BitSet();
        for (int c : ix.columns()) {
            if (c >= 0) {
                held.set(c);
            }
        }
        if (!"u".equals(ix.origin())) {
            for (int c : t.clustered().primaryKeyColumns()) {
                held.set(c);
            }
        }
        BitSet used = scope.usedColumns.get(scope.sources.get(slot));
        if (used == null) {
            return true;
        }
        BitSet missing = (BitSet) used.clone();
        missing.andNot(held);
        return missing.isEmpty();
    }

    /**
     * Of {@code candidates} (indexes of {@code t}, its primary key among them: either all those
     * giving the wanted order whole, or all usable ones when none does), the one whose full walk
     * SQLite's costs pick: the cheapest of those that cover the query; null when none covers.
     *
     * <p>Of equal costs, with an {@code order} wanted (ORDER BY, GROUP BY or DISTINCT), the
     * narrower entry (so SQLite 3.51 behaves; seen, not found in its source); else the one SQLite
     * meets first in its list of loops. Each index's walk is a loop, added in {@link #sqliteOrder};
     * the walks of the indexes that might help the order ({@code indexMightHelpWithOrderBy}: a key
     * column is an ORDER BY column) are kept apart, but all the others compete for one place in
     * that list, the first such walk's: a cheaper one later takes that place (so the primary key
     * may come before an index that comes before it in SQLite's index list).
     */
    static Index cheapest(Scope scope, int slot, Table t, List<Index> candidates, List<AccessPlanner.OrderTerm> order) {
        int tableWidth = RowWidths.table(t);
        List<Index> listed = sqliteOrder(t, candidates);
        // the loops in SQLite's list: each helping walk at its own place, the others' cheapest at the first one's
        List<Index> loops = new ArrayList<>();
        int shared = -1;
        for (Index ix : listed) {
            boolean apart = order != null && mightHelp(ix, order);
            if (!apart && shared >= 0) {
                Index held = loops.get(shared);
                if (covers(scope, slot, ix, t) && (!covers(scope, slot, held, t) || walkCost(ix, t, tableWidth) < walkCost(held, t, tableWidth))) {
                    loops.set(shared, ix); // a strictly cheaper walk takes the place (on a tie the first stays)
                }
                continue;
            }
            if (!apart) {
                shared = loops.size();
            }
            loops.add(ix);
        }
        Index best = null;
        for (Index ix : loops) {
            if (!covers(scope, slot, ix, t)) {
                continue; // its walk also reads the table: dearer than the primary key's
            }
            if (best == null) {
                best = ix;
                continue;
            }
            int c = Integer.compare(walkCost(ix, t, tableWidth), walkCost(best, t, tableWidth));
            if (c < 0 || (c == 0 && order != null && RowWidths.index(ix, t) < RowWidths.index(best, t))) {
                best = ix;
            }
        }
        return best;
    }

    /** A covering full walk's cost beyond the rows: {@code 1 + 15 * szIdxRow / szTabRow}, a usable partial index's 10 less. */
    static int walkCost(Index ix, Table t, int tableWidth) {
        // a usable partial index holds fewer rows: SQLite guesses half (LogEst 10 less)
        return (ix.where() != null ? -10 : 0) + 15 * RowWidths.index(ix, t) / tableWidth;
    }

    /** SQLite's {@code indexMightHelpWithOrderBy}: a key column of {@code ix} (not its primary-key tail) is an ORDER BY column. */
    private static boolean mightHelp(Index ix, List<AccessPlanner.OrderTerm> order) {
        for (AccessPlanner.OrderTerm term : order) {
            for (int c : ix.columns()) {
                if (term.expr() == null && term.column() >= 0 && c == term.column()) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * The index {@code SELECT count(*) FROM t} counts the entries of (null: the table's own
     * tree), as SQLite's {@code isSimpleCount} path picks it, for a rowid table as for a WITHOUT
     * ROWID one: the first index, in SQLite's list order, narrower than the table row and than
     * the primary key (WITHOUT ROWID) or any index picked before it, partial indexes aside.
     */
    static Index countIndex(Table t) {
        int tableWidth = RowWidths.table(t);
        int best = t.clustered() == null ? tableWidth : RowWidths.index(t.clustered().asIndex(t.name(), t.root()), t);
        Index pick = null;
        for (Index ix : sqliteOrder(t, t.indexes())) {
            int w = RowWidths.index(ix, t);
            if (ix.where() == null && w < tableWidth && w < best) {
                pick = ix;
                best = w;
            }
        }
        return pick;
    }

    /**
     * {@code indexes} in the order of SQLite's list of the table's indexes ({@code pTab->pIndex}):
     * each index is put at the head when created (the table's constraint indexes in the order of
     * their {@code sqlite_autoindex_T_N} numbers, then CREATE INDEX in schema order), except that
     * an ON CONFLICT REPLACE one goes after those that are not, as {@code sqlite3CreateIndex} keeps
     * them. The primary key is among them as {@code t.clustered()}'s index when given.
     */
    static List<Index> sqliteOrder(Table t, List<Index> indexes) {
        List<Index> created = new ArrayList<>(indexes);
        created.sort(java.util.Comparator.comparingInt(ix -> creationRank(t, ix)));
        List<Index> list = new ArrayList<>();
        for (Index ix : created) {
            if (!replaces(t, ix) || list.isEmpty() || replaces(t, list.get(0))) {
                list.add(0, ix);
            } else {
                int at = 0;
                while (at + 1 < list.size() && !replaces(t, list.get(at + 1))) {
                    at++;
                }
                list.add(at + 1, ix);
            }
        }
        return list;
    }

    private static int creationRank(Table t, Index ix) {
        String name = ix.root() == t.root() ? t.clustered().indexName() : ix.name();
        if (name.regionMatches(true, 0, "sqlite_autoindex_", 0, 17)) {
            return Index.autoindexNumber(name);
        }
        int at = t.indexes().indexOf(ix);
        return 1_000_000 + (at < 0 ? 0 : at);
    }

    private static boolean replaces(Table t, Index ix) {
        if (ix.root() == t.root()) {
            for (Column c : t.columns()) {
                if (c.primaryKey() > 0 && c.primaryKeyConflict() == ConflictAction.REPLACE) {
                    return true;
                }
            }
            return false;
        }
        return ix.onConflict() == ConflictAction.REPLACE;
    }
}
