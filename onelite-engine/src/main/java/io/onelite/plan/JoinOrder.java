package io.onelite.plan;

import io.onelite.catalog.Index;
import io.onelite.catalog.Table;
import io.onelite.exec.AutoIndexLevel;
import io.onelite.exec.IndexLevel;
import io.onelite.exec.Level;
import io.onelite.exec.RowidInLevel;
import io.onelite.exec.RowidLevel;
import io.onelite.sql.ast.Expr;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * Picks the nested-loop order of an inner join, as SQLite's query planner does, by estimated
 * cost: every order of up to {@link #MAX_TABLES} tables is planned with the access path each
 * table would get there (terms on the tables before it become lookup keys), and the cheapest
 * wins; on a tie the order written is kept.
 *
 * <p>The estimates are SQLite's for tables without statistics: {@link #TABLE_ROWS} rows a
 * table, one row for a rowid or whole-UNIQUE-key equality, ten for another index equality, a
 * quarter of the rows for one range bound and 1/64 for two. A level's cost is a seek plus the
 * rows it yields (twenty times that when each row needs a table lookup), paid once per row of
 * the loops outside it. An inner table that would be scanned may get an automatic index
 * ({@link AutoIndexes}): its filling is paid once, then each probe yields 20 rows.
 */
final class JoinOrder {
    /** SQLite's row estimate for a table without sqlite_stat1 (LogEst 200). */
    static final double TABLE_ROWS = 1_048_576;
    /** Orders tried: every permutation up to this many tables (4! = 24). */
    static final int MAX_TABLES = 4;
    private static final double SEEK = 20;

    private JoinOrder() {
    }

    /** The loop order (positions to slots) for {@code from}'s sources, given each term's slots. */
    static int[] choose(Planner planner, Scope scope, FromPlanner from, List<Expr> terms, List<BitSet> used) {
        int n = from.entries.size();
        int[] best = identity(n);
        double bestCost = cost(planner, scope, from, terms, used, best);
        for (int[] perm : permutations(n)) {
            double c = cost(planner, scope, from, terms, used, perm);
            if (c < bestCost * 0.999) {
                bestCost = c;
                best = perm;
            }
        }
        scope.setLoopOrder(best);
        return best;
    }

    private static double cost(Planner planner, Scope scope, FromPlanner from, List<Expr> terms, List<BitSet> used,
                               int[] perm) {
        scope.setLoopOrder(perm);
        double rows = 1;
        double total = 0;
        for (int pos = 0; pos < perm.length; pos++) {
            List<Expr> here = new ArrayList<>();
            for (int i = 0; i < terms.size(); i++) {
                if (!used.get(i).isEmpty() && scope.lastLoopPosition(used.get(i)) == pos) {
                    here.add(terms.get(i));
                }
            }
            FromPlanner.Entry e = from.entries.get(perm[pos]);
            Level level = AccessPlanner.plan(planner, scope, e, here, null, null).level();
            if (pos > 0) {
                Level auto = AutoIndexes.plan(planner, scope, e, here, level, rows);
                if (auto != null) {
                    level = auto;
                    total += AutoIndexes.setupInJoinOrderUnits(e); // filled once, not per outer row
                }
            }
            double[] est = estimate(level, e.table);
            total += rows * est[1];
            rows *= est[0];
        }
        return total;
    }

    /** {rows, cost} of one walk of a level (an automatic index: SQLite's 20 rows a probe). */
    static double[] estimate(Level level, Table t) {
        if (level instanceof AutoIndexLevel) {
            return new double[] {20, SEEK + 20};
        }
        if (level instanceof RowidLevel r) {
            if (r.isEquality()) {
                return new double[] {1, 1};
            }
            double rows = r.bounds() == 2 ? TABLE_ROWS / 64 : TABLE_ROWS / 4;
            return new double[] {rows, SEEK + rows};
        }
        if (level instanceof io.onelite.exec.OrLevel or) {
            double rows = 0;
            double cost = 0;
            for (Level b : or.branches()) {
                double[] one = estimate(b, t);
                rows += one[0];
                cost += one[1];
            }
            return new double[] {rows, cost};
        }
        if (level instanceof RowidInLevel r) {
            return new double[] {r.valueCount(), r.valueCount() * SEEK};
        }
        if (level instanceof IndexLevel il) {
            double rows = TABLE_ROWS;
            // a WITHOUT ROWID table's primary key is a unique index holding the whole row
            boolean pk = il.onTablePrimaryKey();
            if (il.eqCount() > 0) {
                Index ix = pk ? t.clustered().asIndex(t.name(), t.root()) : null;
                for (Index x : pk ? List.<Index>of() : t.indexes()) {
                    if (x.name().equalsIgnoreCase(il.indexName())) {
                        ix = x;
                    }
                }
                rows = ix != null && ix.unique() && il.eqCount() == ix.columns().length ? 1 : 10;
            }
            rows /= il.bounds() == 2 ? 64 : il.bounds() == 1 ? 4 : 1;
            rows = Math.max(1, rows);
            return new double[] {rows, SEEK + rows * (il.isCovering() || pk ? 1 : SEEK)};
        }
        return new double[] {TABLE_ROWS, TABLE_ROWS};
    }

    private static int[] identity(int n) {
        int[] p = new int[n];
        for (int i = 0; i < n; i++) {
            p[i] = i;
        }
        return p;
    }

    private static List<int[]> permutations(int n) {
        List<int[]> out = new ArrayList<>();
        permute(new int[n], new boolean[n], 0, out);
        return out;
    }

    private static void permute(int[] cur, boolean[] taken, int pos, List<int[]> out) {
        if (pos == cur.length) {
            out.add(cur.clone());
            return;
        }
        for (int s = 0; s < cur.length; s++) {
            if (!taken[s]) {
                taken[s] = true;
                cur[pos] = s;
                permute(cur, taken, pos + 1, out);
                taken[s] = false;
            }
        }
    }
}
