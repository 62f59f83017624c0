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
 * wins; on a tie the order written is kept. Larger joins are ordered as SQLite's path solver
 * orders them, one loop at a time from the cheapest partial orders ({@link #bestPaths}).
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
    /** Joins of more tables are ordered by {@link #bestPaths}, up to this many (SQLite's limit of a join). */
    static final int MAX_REORDERED = 64;
    /** The partial orders {@link #bestPaths} follows (SQLite 3.51 follows 12, 18 for a star query). */
    private static final int PATHS = 12;
    private static final double SEEK = 20;

    private JoinOrder() {
    }

    /** The loop order (positions to slots) for {@code from}'s sources, given each term's slots. */
    static int[] choose(Planner planner, Scope scope, FromPlanner from, List<Term> terms) {
        int n = from.entries.size();
        int[] best = n <= MAX_TABLES ? everyOrder(planner, scope, from, terms) : bestPaths(planner, scope, from, terms);
        scope.setLoopOrder(best);
        return best;
    }

    /** Up to {@link #MAX_TABLES} tables: the cheapest of every order. */
    private static int[] everyOrder(Planner planner, Scope scope, FromPlanner from, List<Term> terms) {
        int n = from.entries.size();
        int[] best = identity(n);
        double bestCost = cost(planner, scope, from, terms, best);
        for (int[] perm : permutations(n)) {
            if (!allowed(from, perm)) {
                continue;
            }
            double c = cost(planner, scope, from, terms, perm);
            if (c < bestCost * 0.999) {
                bestCost = c;
                best = perm;
            }
        }
        return best;
    }

    /**
     * More tables: as SQLite's path solver, the order is built one loop at a time from the
     * {@link #PATHS} cheapest partial orders so far (of two with the same tables, the cheaper
     * one), so the work grows with the square of the tables, not their factorial.
     */
    private static int[] bestPaths(Planner planner, Scope scope, FromPlanner from, List<Term> terms) {
        int n = from.entries.size();
        List<Path> paths = List.of(new Path(new int[0], new BitSet(), 1, 0));
        for (int pos = 0; pos < n; pos++) {
            List<Path> next = new ArrayList<>();
            for (Path p : paths) {
                for (int slot = 0; slot < n; slot++) {
                    if (!p.placed.get(slot) && mayFollow(from, p.placed, slot)) {
                        int[] perm = p.then(slot, n);
                        scope.setLoopOrder(perm);
                        double[] step = step(planner, scope, from, terms, perm, pos, p.rows);
                        keepCheaper(next, p.extend(slot, step[0], step[1]));
                    }
                }
            }
            next.sort(java.util.Comparator.comparingDouble(Path::cost)); // stable: the order written first on a tie
            paths = next.size() > PATHS ? next.subList(0, PATHS) : next;
        }
        return paths.get(0).order;
    }

    /** Adds {@code q} to {@code paths} unless a path over the same tables is as cheap; replaces a dearer one. */
    private static void keepCheaper(List<Path> paths, Path q) {
        for (int i = 0; i < paths.size(); i++) {
            Path p = paths.get(i);
            if (p.placed.equals(q.placed)) {
                if (q.cost < p.cost * 0.999) {
                    paths.set(i, q);
                }
                return;
            }
        }
        paths.add(q);
    }

    /** A partial loop order: the slots placed in order, the rows its loops yield and their cost. */
    private record Path(int[] order, BitSet placed, double rows, double cost) {
        Path extend(int slot, double levelRows, double levelCost) {
            int[] o = java.util.Arrays.copyOf(order, order.length + 1);
            o[order.length] = slot;
            BitSet b = (BitSet) placed.clone();
            b.set(slot);
            return new Path(o, b, rows * levelRows, cost + rows * levelCost);
        }

        /** A whole order: this path, then {@code slot}, then the others as written. */
        int[] then(int slot, int n) {
            int[] perm = java.util.Arrays.copyOf(order, n);
            int pos = order.length;
            perm[pos++] = slot;
            for (int s = 0; s < n; s++) {
                if (s != slot && !placed.get(s)) {
                    perm[pos++] = s;
                }
            }
            return perm;
        }
    }

    private static double cost(Planner planner, Scope scope, FromPlanner from, List<Term> terms, int[] perm) {
        scope.setLoopOrder(perm);
        double rows = 1;
        double total = 0;
        for (int pos = 0; pos < perm.length; pos++) {
            double[] step = step(planner, scope, from, terms, perm, pos, rows);
            total += rows * step[1];
            rows *= step[0];
        }
        return total;
    }

    /**
     * {rows, cost} of the level at {@code pos} of {@code perm} (the scope's loop order), walked once
     * for each of the {@code outerRows} rows of the loops outside it; an automatic index's filling,
     * paid once, is folded into the cost per walk.
     */
    private static double[] step(Planner planner, Scope scope, FromPlanner from, List<Term> terms,
                                 int[] perm, int pos, double outerRows) {
        FromPlanner.Entry e = from.entries.get(perm[pos]);
        List<Expr> here = new ArrayList<>();
        for (Term t : terms) {
            // an outer join's right side is looked up by its ON terms only: WHERE terms see its NULL rows
            if (!t.used.isEmpty() && scope.lastLoopPosition(t.used) == pos && (!e.leftJoin || t.onLevel == perm[pos])) {
                here.add(t.expr);
            }
        }
        Level level = AccessPlanner.plan(planner, scope, e, here, null, null).level();
        double setup = 0;
        if (pos > 0) {
            Level auto = AutoIndexes.plan(planner, scope, e, EquivalenceTerms.stated(scope, here), level, outerRows);
            if (auto != null) {
                level = auto;
                setup = AutoIndexes.setupInJoinOrderUnits(e); // filled once, not per outer row
            }
        }
        double[] est = estimate(level, e.table);
        double rows = setup > 0 ? est[0] : filtered(planner, scope, e, here, level, est[0]);
        return new double[] {rows, est[1] + setup / outerRows};
    }

    /** A term's chance of being true when nothing better is known: SQLite's LogEst -1, 93.75%. */
    private static final double TRUTH = Math.pow(2, -0.1);

    /**
     * The rows {@code level} yields after the terms it does not seek with, as SQLite's
     * whereLoopOutputAdjust estimates them: each such term keeps 93.75% of the rows, and an
     * equality {@code x = expr} keeps at most a quarter of the table (half when expr is -1, 0
     * or 1, perhaps a flag's common value).
     */
    private static double filtered(Planner planner, Scope scope, FromPlanner.Entry e, List<Expr> here, Level level,
                                   double rows) {
        double cap = TABLE_ROWS;
        // SQLite's transitive constraints are no terms of its WHERE clause: only the stated ones count
        for (Expr t : AccessPlanner.checked(planner, scope, e.slot, e.table, EquivalenceTerms.stated(scope, here), level)) {
            rows *= TRUTH;
            if (t instanceof Expr.Binary b && (b.op() == Expr.BinaryOp.EQ || b.op() == Expr.BinaryOp.IS)
                    && !(b.right() instanceof Expr.Literal l && l.value() == null)) {
                cap = Math.min(cap, smallInteger(b.right()) ? TABLE_ROWS / 2 : TABLE_ROWS / 4);
            }
        }
        return Math.min(rows, cap);
    }

    /** Whether {@code x} is the integer -1, 0 or 1 (SQLite's sqlite3ExprIsInteger, which also reads -1). */
    private static boolean smallInteger(Expr x) {
        if (x instanceof Expr.Unary u && u.op() == Expr.UnaryOp.NEGATE && u.operand() instanceof Expr.Literal l) {
            return l.value() instanceof Long v && v == 1;
        }
        return x instanceof Expr.Literal l && l.value() instanceof Long v && v >= -1 && v <= 1;
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

    /** A term of the join: its expression, the slots it reads, and its outer join's right side (-1: none). */
    record Term(Expr expr, BitSet used, int onLevel) {
    }

    /**
     * Whether the entry may loop next after the entries {@code placed}, as SQLite's
     * whereLoopAddAll allows: the right side of an outer join only after every entry written
     * before it (the inner joins around it move freely).
     */
    static boolean mayFollow(FromPlanner from, BitSet placed, int slot) {
        return !from.entries.get(slot).leftJoin || placed.nextClearBit(0) >= slot;
    }

    /** Whether every entry of {@code perm} {@link #mayFollow} those before it. */
    private static boolean allowed(FromPlanner from, int[] perm) {
        BitSet placed = new BitSet();
        for (int slot : perm) {
            if (!mayFollow(from, placed, slot)) {
                return false;
            }
            placed.set(slot);
        }
        return true;
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
