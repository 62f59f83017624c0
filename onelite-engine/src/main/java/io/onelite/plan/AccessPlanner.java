package io.onelite.plan;

import io.onelite.catalog.Column;
import io.onelite.catalog.Index;
import io.onelite.catalog.RecordLayout;
import io.onelite.catalog.Table;
import io.onelite.exec.Eval;
import io.onelite.exec.Frame;
import io.onelite.exec.IndexLevel;
import io.onelite.exec.Level;
import io.onelite.exec.ListLevel;
import io.onelite.exec.PulledRows;
import io.onelite.exec.RowidLevel;
import io.onelite.exec.ScanLevel;
import io.onelite.exec.TableAccess;
import io.onelite.exec.ValueOps;
import io.onelite.sql.ast.Expr;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Chooses how a FROM source is read: by rowid ({@code =} or a range), through an index
 * ({@code =}/{@code IN} on a prefix of its columns, then a range), or by a full scan, from the
 * terms placed at its level whose other side only reads outer levels. An index column may be an
 * expression ({@link IndexExprs}); a partial index is a candidate only when those terms imply its
 * WHERE ({@link PartialIndexes}). The level's filter keeps every term the path does not enforce
 * whole ({@link #checked}), so an access path only has to return a superset of the rows those
 * terms match (but never miss one).
 */
final class AccessPlanner {
    private AccessPlanner() {
    }

    /**
     * A usable term: column {@code column} of this source compared with {@code value} (or with
     * each of {@code inValues}, or each row of the IN subquery {@code subquery}). Column -2: the
     * expression {@code indexed} (canonical, see {@link IndexExprs}), usable on an index column
     * with that expression and collation {@code collation}; the lookup value then takes affinity
     * {@code affinity}.
     */
    record Constraint(int column, Expr.BinaryOp op, Expr value, List<Expr> inValues, Expr indexed, char affinity,
                      String collation, Expr.InSelect subquery) {
        Constraint(int column, Expr.BinaryOp op, Expr value, List<Expr> inValues) {
            this(column, op, value, inValues, null, (char) 0, null, null);
        }

        Constraint(int column, Expr.BinaryOp op, Expr value, List<Expr> inValues, Expr indexed, char affinity,
                   String collation) {
            this(column, op, value, inValues, indexed, affinity, collation, null);
        }

        /** An IN term: several values to look up, each an equality. */
        boolean multi() {
            return inValues != null || subquery != null;
        }

        /**
         * How many values the lookup takes: the list's length, or for a subquery SQLite's guess
         * of 25 rows (where.c's "IN (SELECT ...)" estimate).
         */
        int valueCount() {
            return inValues != null ? Math.max(1, inValues.size()) : subquery != null ? 25 : 1;
        }

        /** Whether this constrains key column {@code pos} of {@code ix} (canonical expressions {@code exprs}). */
        boolean on(Index ix, int pos, Expr[] exprs) {
            int c = ix.columns()[pos];
            if (c != column) {
                return false;
            }
            return c != -2 || (exprs[pos] != null && exprs[pos].equals(indexed)
                    && ix.collations()[pos].name().equalsIgnoreCase(collation));
        }
    }

    /** How to read {@code t}'s rows, its VIRTUAL generated columns computed as they are read. */
    static TableAccess access(Planner planner, Table t) {
        TableAccess a = access(t);
        if (!a.layout().hasVirtual()) {
            return a;
        }
        return new TableAccess(a.name(), a.root(), a.rowidAlias(), a.realColumns(), a.defaults(), a.clustered(),
                a.db(), a.layout(), GeneratedColumnPlans.compile(planner, t));
    }

    /** How to read {@code t}'s stored columns (a VIRTUAL generated column reads as NULL). */
    static TableAccess access(Table t) {
        int n = t.columns().size();
        boolean[] real = new boolean[n];
        Object[] defaults = new Object[n];
        for (int i = 0; i < n; i++) {
            Column c = t.columns().get(i);
            real[i] = c.affinity() == 'E';
            if (c.defaultValue() instanceof Expr.Literal l) {
                defaults[i] = ValueOps.applyAffinity(l.value(), c.affinity());
            } else if (c.defaultValue() instanceof Expr.Unary u && u.operand() instanceof Expr.Literal l
                    && u.op() == Expr.UnaryOp.NEGATE) {
                defaults[i] = ValueOps.negateLiteral(l.value());
            }
        }
        return new TableAccess(t.name(), t.root(), t.rowidAlias(), real, defaults, t.clustered(), t.db(),
                RecordLayout.of(t), null);
    }

    /**
     * A wanted order of the first source's rows (ORDER BY or GROUP BY terms): a column (-1 = the
     * rowid; -2 = the canonical expression {@code expr}) under a collation, descending or not,
     * NULLs first or last.
     */
    record OrderTerm(int column, String collation, boolean desc, boolean nullsFirst, boolean anyDirection, Expr expr) {
        OrderTerm(int column, String collation, boolean desc, boolean nullsFirst, boolean anyDirection) {
            this(column, collation, desc, nullsFirst, anyDirection, null);
        }

        OrderTerm(int column, String collation, boolean desc, boolean nullsFirst) {
            this(column, collation, desc, nullsFirst, false, null);
        }
    }

    /**
     * A source's level and whether walking it yields the wanted order (the sort can be skipped);
     * for an index walk, the index and which of its key positions a single-valued equality fixes
     * (else null), so that other orders can be checked against the walk ({@link DistinctPlans}).
     */
    record Access(Level level, boolean ordered, Index index, boolean[] constant, int sortedPrefix) {
        Access(Level level, boolean ordered) {
            this(level, ordered, null, null, 0);
        }

        Access(Level level, boolean ordered, Index index, boolean[] constant) {
            this(level, ordered, index, constant, 0);
        }
    }

    /**
     * The terms a level's filter must still check: all of {@code terms} but the rowid equality a
     * {@link RowidLevel} seeks (the first term giving one, as {@link #plan} picks it). Its seek
     * finds exactly the rows that term accepts (the value under INTEGER affinity is the rowid, or
     * no row matches), and SQLite, too, evaluates such a term once (it codes no test for it).
     */
    static List<Expr> unenforced(Planner planner, Scope scope, int slot, List<Expr> terms, Level level) {
        if (!(level instanceof RowidLevel rl) || !rl.isEquality()) {
            return terms;
        }
        List<Constraint> cons = new ArrayList<>();
        for (int i = 0; i < terms.size(); i++) {
            cons.clear();
            TermConstraints.collect(planner, scope, slot, terms.get(i), cons);
            for (Constraint c : cons) {
                if (c.column == -1 && c.op == Expr.BinaryOp.EQ && !c.multi()) {
                    List<Expr> rest = new ArrayList<>(terms);
                    rest.remove(i);
                    return rest;
                }
            }
        }
        return terms;
    }

    /** The terms {@code level}'s filter must still check: those it does not enforce whole ({@link #enforcedBy}). */
    static List<Expr> checked(Planner planner, Scope scope, int slot, Table t, List<Expr> terms, Level level) {
        java.util.BitSet enforced = enforcedBy(planner, scope, slot, t, terms, level);
        List<Expr> rest = new ArrayList<>();
        for (int i = 0; i < terms.size(); i++) {
            if (!enforced.get(i)) {
                rest.add(terms.get(i));
            }
        }
        return rest;
    }

    /**
     * Which of {@code terms} (by position) {@code level}, as {@link #plan} built it from them,
     * enforces whole, so that its filter need not check them: every constraint of such a term is one the level seeks or bounds with, on the
     * rowid or a plain column, a value, an IN list or an IN subquery's rows (no indexed
     * expression), which {@link TermConstraints} only collects when the lookup compares as the
     * term does (the subquery's rows, like a list's values, are sought once each: the level
     * drops repeated keys, and a NULL key finds nothing, as NULL IN makes no row true). SQLite
     * likewise codes no test for such terms.
     */
    static java.util.BitSet enforcedBy(Planner planner, Scope scope, int slot, Table t, List<Expr> terms, Level level) {
        java.util.BitSet enforced = new java.util.BitSet();
        List<List<Constraint>> perTerm = new ArrayList<>();
        List<Constraint> cons = new ArrayList<>();
        for (Expr term : terms) {
            List<Constraint> mine = new ArrayList<>();
            TermConstraints.collect(planner, scope, slot, term, mine);
            perTerm.add(mine);
            cons.addAll(mine);
        }
        List<Constraint> used = usedConstraints(cons, t, level);
        if (used == null) {
            return enforced;
        }
        for (int i = 0; i < terms.size(); i++) {
            boolean all = !perTerm.get(i).isEmpty(); // a term no seek can take is checked
            for (Constraint c : perTerm.get(i)) {
                all &= c.column != -2 && used.contains(c)
                        && TermConstraints.exact(planner, scope, slot, c);
            }
            enforced.set(i, all);
        }
        return enforced;
    }

    /** The constraints among {@code cons} that {@code level} seeks or bounds with, as {@link #plan} picked them; null when not a rowid or index level. */
    private static List<Constraint> usedConstraints(List<Constraint> cons, Table t, Level level) {
        List<Constraint> used = new ArrayList<>();
        if (level instanceof RowidLevel rl) {
            if (rl.isEquality()) {
                used.add(first(cons, c -> c.column == -1 && c.op == Expr.BinaryOp.EQ && !c.multi()));
            } else {
                used.add(first(cons, c -> c.column == -1 && !c.multi() && isLower(c.op)));
                used.add(first(cons, c -> c.column == -1 && !c.multi() && isUpper(c.op)));
            }
            return used;
        }
        if (!(level instanceof IndexLevel il) || t == null) {
            return null;
        }
        Index ix = indexNamed(t, il.indexName());
        if (ix == null) {
            return null;
        }
        int eqCount = il.eqCount();
        for (int pos = 0; pos < eqCount; pos++) {
            used.add(find(cons, ix, pos, true, t));
        }
        if (il.bounds() > 0 && eqCount < ix.columns().length) {
            Expr[] exprs = IndexExprs.ofIndex(t, ix.exprs());
            Index index = ix;
            used.add(first(cons, c -> c.on(index, eqCount, exprs) && !c.multi() && isLower(c.op)));
            used.add(first(cons, c -> c.on(index, eqCount, exprs) && !c.multi() && isUpper(c.op)));
        }
        return used;
    }

    private static Constraint first(List<Constraint> cons, java.util.function.Predicate<Constraint> p) {
        for (Constraint c : cons) {
            if (p.test(c)) {
                return c;
            }
        }
        return null;
    }

    private static boolean isLower(Expr.BinaryOp op) {
        return op == Expr.BinaryOp.GT || op == Expr.BinaryOp.GE;
    }

    private static boolean isUpper(Expr.BinaryOp op) {
        return op == Expr.BinaryOp.LT || op == Expr.BinaryOp.LE;
    }

    static Level level(Planner planner, Scope scope, FromPlanner.Entry e, List<Expr> terms) {
        return plan(planner, scope, e, terms, null, null).level();
    }

    /**
     * As {@link #level}, also trying to yield rows in {@code order} (null = no wish): a rowid or
     * index walk whose order matches is walked in the needed direction, and a full scan becomes
     * a walk of an index that gives the order, as SQLite prefers an index walk to a sort. A full
     * scan with no wanted order reads a covering index narrower than the table instead.
     *
     * <p>SQLite weighs a sort against an index walk by cost; without statistics it estimates
     * that one bound keeps a quarter of the rows, two bounds 1/64 and an equality a few rows.
     * What that comes to, and what is followed here: a path with a single bound and no
     * equality ({@code a > ?}, {@code rowid < ?}) gives way to a full walk of an index in the
     * wanted order, unless the query's LIMIT is a small constant (under {@link #INDEX_RANGE_WALK_LIMIT}
     * rows for an index range, {@link #ROWID_RANGE_WALK_LIMIT} for a rowid range: SQLite 3.51's
     * costs then put the sort of the range's rows first; with a larger or unknown LIMIT the walk
     * stops after that many rows); other paths keep their sort. {@code limit}: the query's LIMIT
     * expression, or null.
     */
    static Access plan(Planner planner, Scope scope, FromPlanner.Entry e, List<Expr> terms, List<OrderTerm> order,
                       Expr limit) {
        return plan(planner, scope, e, terms, order, limit, false);
    }

    /** The smallest constant LIMIT at which an index range gives way to an ordered walk. */
    static final long INDEX_RANGE_WALK_LIMIT = 7;
    /** The smallest constant LIMIT at which a rowid range gives way to an ordered walk. */
    static final long ROWID_RANGE_WALK_LIMIT = 9;

    /** Whether {@code limit} is a constant below {@code walkFrom} rows (a parameter or none: no). */
    private static boolean limitBelow(Expr limit, long walkFrom) {
        return limit instanceof Expr.Literal l && l.value() instanceof Long n && n >= 0 && n < walkFrom;
    }

    /**
     * As {@link #plan(Planner, Scope, FromPlanner.Entry, List, List, Expr)}; {@code sortable}: the
     * order is an ORDER BY, whose terms a walk does not give can be sorted within its runs
     * ({@link Access#sortedPrefix}), so a walk giving only its leading terms also serves.
     */
    static Access plan(Planner planner, Scope scope, FromPlanner.Entry e, List<Expr> terms, List<OrderTerm> order,
                       Expr limit, boolean sortable) {
        int slot = e.slot;
        boolean limited = limit != null;
        if (e.functionRows != null) {
            return new Access(ListLevel.pulled(slot, e.name, e.functionRows), false);
        }
        if (e.table == null) {
            var q = e.query;
            boolean correlated = e.queryCorrelated;
            Object key = new Object();
            Function<Frame, PulledRows> rows = f -> {
                if (!correlated) {
                    PulledRows c = (PulledRows) f.ctx.cached(key);
                    if (c != null) {
                        return c;
                    }
                }
                PulledRows r = PulledRows.from(q.open(f.ctx, f.outer)); // read as the loops go (#10)
                if (!correlated) {
                    f.ctx.cache(key, r);
                }
                return r;
            };
            return new Access(ListLevel.pulled(slot, e.name, rows).explaining(e.subplan, q), false);
        }
        Table t = e.table;
        // EXPLAIN QUERY PLAN names a source by its alias, as SQLite ("SEARCH c USING ...")
        TableAccess ta = access(planner, t).named(e.shownAs != null ? e.shownAs : scope.sources.get(slot).alias());
        List<Index> indexes = new ArrayList<>();
        for (Index ix : candidates(e, t)) {
            if (PartialIndexes.usable(scope, slot, t, ix, terms)) {
                indexes.add(ix); // a partial index only when the terms imply its WHERE
            }
        }
        List<Constraint> cons = new ArrayList<>();
        for (Expr term : terms) {
            TermConstraints.collect(planner, scope, slot, term, cons);
        }
        // 1. rowid equality
        for (Constraint c : cons) {
            if (c.column == -1 && c.op == Expr.BinaryOp.EQ && !c.multi()) {
                // at most one row: any order holds
                return new Access(new RowidLevel(slot, ta, compile(planner, scope, c.value), null, false, null, false),
                        true);
            }
        }
        for (Constraint c : cons) {
            if (c.column == -1 && c.multi()) {
                return new Access(new io.onelite.exec.RowidInLevel(slot, ta, values(planner, scope, c, (char) 0),
                        c.valueCount()), false);
            }
        }
        // 2. an index with the longest equality prefix (then a range on the next column)
        Index best = null;
        int bestEq = 0;
        boolean bestRange = false;
        for (Index ix : indexes) {
            int eq = 0;
            while (eq < ix.columns().length && collationMatches(ix, eq, t)
                    && find(cons, ix, eq, true, t) != null) {
                eq++;
            }
            boolean range = eq < ix.columns().length && collationMatches(ix, eq, t)
                    && find(cons, ix, eq, false, t) != null;
            boolean tie = eq == bestEq && range == bestRange && best != null && (eq > 0 || range);
            if (eq > bestEq || (eq == bestEq && range && !bestRange)
                    || (tie && t.clustered() != null && cheaperSeek(scope, slot, t, cons, ix, best, eq, range))
                    || (tie && t.clustered() == null
                    && FullScans.covers(scope, slot, ix, t) && !FullScans.covers(scope, slot, best, t))) {
                // (on a tie, a covering index, as SQLite's lower cost makes it; a WITHOUT ROWID
                // table's by SQLite's costs)
                best = ix;
                bestEq = eq;
                bestRange = range;
            }
        }
        boolean rowidRange = false;
        for (Constraint c : cons) {
            if (c.column == -1 && c.op != Expr.BinaryOp.EQ && !c.multi()) {
                rowidRange = true;
            }
        }
        if (best != null && (bestEq > 0 || (bestRange && !rowidRange))) {
            IndexLevel il = indexLevel(planner, scope, slot, ta, best, bestEq, bestRange, cons, t);
            boolean[] constant = new boolean[best.columns().length + 1];
            for (int i = 0; i < bestEq; i++) {
                constant[i] = !find(cons, best, i, true, t).multi();
            }
            int dir = OrderMatch.index(best, t, constant, order);
            if (dir == OrderMatch.NO && order != null && !limitBelow(limit, INDEX_RANGE_WALK_LIMIT) && bestEq == 0
                    && bounds(cons, best, 0, t) == 1) {
                Access walk = FullScans.orderedFullScan(scope, planner, slot, ta, t, indexes, order);
                if (walk != null) {
                    return walk;
                }
            }
            if (dir == OrderMatch.NO && order != null && sortable) {
                int[] prefix = OrderMatch.indexPrefix(best, t, constant, order);
                if (prefix[0] > 0) {
                    // the walk yields the first ORDER BY terms: only the rest is sorted, per run
                    il.setReverse(prefix[1] == OrderMatch.REVERSE);
                    return new Access(il, false, best, constant, prefix[0]);
                }
            }
            il.setReverse(dir == OrderMatch.REVERSE);
            return new Access(il, dir != OrderMatch.NO, best, constant);
        }
        int rowidDir = OrderMatch.rowid(order);
        if (rowidRange && rowidDir == OrderMatch.NO && order != null && !limitBelow(limit, ROWID_RANGE_WALK_LIMIT)
                && rowidBounds(cons) == 1) {
            Access walk = FullScans.orderedFullScan(scope, planner, slot, ta, t, indexes, order);
            if (walk != null) {
                return walk;
            }
        }
        if (rowidRange) {
            Eval lo = null;
            Eval hi = null;
            boolean loIncl = false;
            boolean hiIncl = false;
            for (Constraint c : cons) {
                if (c.column != -1 || c.multi()) {
                    continue;
                }
                switch (c.op) {
                    case GT, GE -> {
                        if (lo == null) {
                            lo = compile(planner, scope, c.value);
                            loIncl = c.op == Expr.BinaryOp.GE;
                        }
                    }
                    case LT, LE -> {
                        if (hi == null) {
                            hi = compile(planner, scope, c.value);
                            hiIncl = c.op == Expr.BinaryOp.LE;
                        }
                    }
                    default -> {
                    }
                }
            }
            RowidLevel rl = new RowidLevel(slot, ta, null, lo, loIncl, hi, hiIncl);
            rl.setReverse(rowidDir == OrderMatch.REVERSE);
            return new Access(rl, rowidDir != OrderMatch.NO);
        }
        Access or = MultiIndexOr.plan(planner, scope, e, terms); // lookups and a sort before a whole walk in order
        if (or != null) {
            return or;
        }
        if (rowidDir != OrderMatch.NO) {
            ScanLevel sl = new ScanLevel(slot, ta, false);
            sl.setReverse(rowidDir == OrderMatch.REVERSE);
            return new Access(sl, true);
        }
        if (e.indexedBy != null && !indexes.isEmpty()) {
            // INDEXED BY with no usable term: a walk of that index, as SQLite does
            Index ix = indexes.get(0);
            IndexLevel il = indexLevel(planner, scope, slot, ta, ix, 0, false, List.of(), t);
            boolean[] none = new boolean[ix.columns().length + 1];
            int dir = OrderMatch.index(ix, t, none, order);
            il.setReverse(dir == OrderMatch.REVERSE);
            return new Access(il, dir != OrderMatch.NO, ix, none);
        }
        return FullScans.fullScan(planner, scope, slot, ta, t, indexes, order, sortable && !limited);
    }

    /**
     * Whether SQLite's costs seek {@code ix} before {@code best} on a WITHOUT ROWID table, both
     * serving {@code eq} equalities and {@code range} alike ({@link WithoutRowidSeeks}).
     */
    private static boolean cheaperSeek(Scope scope, int slot, Table t, List<Constraint> cons, Index ix, Index best,
                                       int eq, boolean range) {
        int c = Integer.compare(seekCost(scope, slot, t, cons, ix, eq, range), seekCost(scope, slot, t, cons, best, eq, range));
        if (c != 0) {
            return c < 0;
        }
        List<Index> listed = WithoutRowidScans.sqliteOrder(t, List.of(ix, best));
        return listed.get(0) == ix;
    }

    private static int seekCost(Scope scope, int slot, Table t, List<Constraint> cons, Index ix, int eq, boolean range) {
        int[] in = new int[eq];
        for (int i = 0; i < eq; i++) {
            Constraint c = find(cons, ix, i, true, t);
            in[i] = c.multi() ? c.valueCount() : 0;
        }
        return WithoutRowidSeeks.cost(ix, t, FullScans.covers(scope, slot, ix, t), eq,
                range ? bounds(cons, ix, eq, t) : 0, in);
    }

    /**
     * The most key tuples the IN lists of one index seek may multiply to: the tuples are built in
     * memory, so {@code a IN (2000 values) AND b IN (2000 values) ...} keeps only the leading key
     * columns that stay under it (the level's filter still checks every term).
     */
    private static final long MAX_KEY_TUPLES = 100_000;

    /**
     * The indexes a source may be read through: none with NOT INDEXED, only the named one with
     * INDEXED BY. A WITHOUT ROWID table's primary key (its own tree) comes first otherwise, so it
     * wins ties, as in SQLite; with NOT INDEXED such a table keeps all of its indexes, as SQLite's
     * {@code whereLoopAddBtree} walks a WITHOUT ROWID table's whole index list whatever the clause.
     */
    private static List<Index> candidates(FromPlanner.Entry e, Table t) {
        if (e.notIndexed) {
            return t.clustered() == null ? List.of() : indexesOf(t);
        }
        if (e.indexedBy != null) {
            Index named = indexedBy(t, e.indexedBy);
            if (named != null) {
                return List.of(named);
            }
            throw new io.onelite.common.OneLiteException(io.onelite.common.ResultCode.ERROR,
                    "no such index: " + e.indexedBy);
        }
        return indexesOf(t);
    }

    /** The index of {@code t} named {@code name} (a WITHOUT ROWID table's primary key included), or null. */
    static Index indexNamed(Table t, String name) {
        for (Index ix : indexesOf(t)) {
            if (ix.name().equalsIgnoreCase(name)) {
                return ix;
            }
        }
        return null;
    }

    /**
     * The index {@code INDEXED BY name} names on {@code t}, or null: a WITHOUT ROWID table's
     * primary key by its {@code sqlite_autoindex_T_N} name, as SQLite finds it there.
     */
    static Index indexedBy(Table t, String name) {
        if (t.clustered() != null && t.clustered().indexName().equalsIgnoreCase(name)) {
            return indexesOf(t).get(0);
        }
        for (Index ix : t.indexes()) {
            if (ix.name().equalsIgnoreCase(name)) {
                return ix;
            }
        }
        return null;
    }

    /** Every index of {@code t}: a WITHOUT ROWID table's primary key first, then its other indexes. */

    static List<Index> indexesOf(Table t) {
        if (t.clustered() == null) {
            return t.indexes();
        }
        List<Index> all = new ArrayList<>();
        all.add(t.clustered().asIndex(t.name(), t.root()));
        all.addAll(t.indexes());
        return all;
    }

    /** How many of the two bounds (lower, upper) the range terms on key column {@code pos} of {@code ix} give. */
    private static int bounds(List<Constraint> cons, Index ix, int pos, Table t) {
        Expr[] exprs = IndexExprs.ofIndex(t, ix.exprs());
        boolean lo = false;
        boolean hi = false;
        for (Constraint c : cons) {
            if (c.on(ix, pos, exprs) && !c.multi()) {
                lo |= isLower(c.op);
                hi |= isUpper(c.op);
            }
        }
        return (lo ? 1 : 0) + (hi ? 1 : 0);
    }

    /** How many of the two bounds the rowid range terms give. */
    private static int rowidBounds(List<Constraint> cons) {
        boolean lo = false;
        boolean hi = false;
        for (Constraint c : cons) {
            if (c.column == -1 && !c.multi()) {
                lo |= isLower(c.op);
                hi |= isUpper(c.op);
            }
        }
        return (lo ? 1 : 0) + (hi ? 1 : 0);
    }

    /** Where each column of {@code t} sits in the key of {@code ix}, or -1. */
    private static int[] keyPositions(Index ix, Table t) {
        int[] pos = new int[t.columns().size()];
        java.util.Arrays.fill(pos, -1);
        for (int p = ix.columns().length - 1; p >= 0; p--) {
            int c = ix.columns()[p];
            if (c >= 0 && c != t.rowidAlias()) {
                pos[c] = p;
            }
        }
        return pos;
    }

    /**
     * The walk whose entries {@code SELECT count(*)} of the table of {@code e} counts: the index
     * SQLite's count picks ({@link WithoutRowidScans#countIndex}), or null for the table's own
     * tree (always under NOT INDEXED); INDEXED BY changes nothing, as in SQLite's count.
     */
    static IndexLevel countWalk(Planner planner, Scope scope, FromPlanner.Entry e) {
        if (e.notIndexed) {
            return null;
        }
        Table t = e.table;
        Index ix = WithoutRowidScans.countIndex(t);
        if (ix == null) {
            return null;
        }
        TableAccess ta = access(planner, t).named(e.shownAs != null ? e.shownAs : scope.sources.get(e.slot).alias());
        return indexLevel(planner, scope, e.slot, ta, ix, 0, false, List.of(), t);
    }

    /** As {@link #keyPositions} for a WITHOUT ROWID table's index: its own columns, then the primary key at {@code pkAt}. */
    private static int[] clusteredKeyPositions(Index ix, Table t, int[] pkAt) {
        int[] pos = keyPositions(ix, t);
        int[] pk = t.clustered().primaryKeyColumns();
        for (int j = 0; j < pk.length; j++) {
            if (pos[pk[j]] < 0) {
                pos[pk[j]] = pkAt[j];
            }
        }
        return pos;
    }

    static IndexLevel indexLevel(Planner planner, Scope scope, int slot, TableAccess ta, Index ix,
                                 int eqUsable, boolean rangeUsable, List<Constraint> cons, Table t) {
        int used = eqUsable;
        long tupleCount = 1;
        for (int i = 0; i < eqUsable; i++) {
            Constraint c = find(cons, ix, i, true, t);
            tupleCount *= c.valueCount();
            if (i > 0 && tupleCount > MAX_KEY_TUPLES) { // #10
                used = i;
                break;
            }
        }
        int eqCount = used;
        boolean range = rangeUsable && eqCount == eqUsable;
        Eval[] single = new Eval[eqCount]; // a key column's one value, or null when it has an IN list
        List<Function<Frame, Object[]>> lists = new ArrayList<>(); // per key column: its IN values, or null
        boolean oneTuple = true;
        boolean[] nullMatches = new boolean[eqCount]; // x IS ?: a NULL value finds the NULL entries
        boolean anyIs = false;
        for (int i = 0; i < eqCount; i++) {
            Constraint c = find(cons, ix, i, true, t);
            nullMatches[i] = c.op == Expr.BinaryOp.IS;
            anyIs |= nullMatches[i];
            char aff = keyAffinity(ix, i, c, t);
            if (c.multi()) {
                lists.add(values(planner, scope, c, aff));
                oneTuple = false;
            } else {
                single[i] = withAffinity(compile(planner, scope, c.value), aff);
                lists.add(null);
            }
        }
        Function<Frame, List<Object[]>> tuples = oneTuple ? f -> { // no IN list: one key, built directly (per execution)
            Object[] k = new Object[eqCount];
            for (int i = 0; i < eqCount; i++) {
                k[i] = single[i].eval(f);
            }
            return java.util.Collections.singletonList(k);
        } : f -> {
            List<Object[]> out = new ArrayList<>();
            out.add(new Object[eqCount]);
            for (int i = 0; i < eqCount; i++) {
                Object[] vals = lists.get(i) != null ? lists.get(i).apply(f) : new Object[] {single[i].eval(f)};
                List<Object[]> next = new ArrayList<>(out.size() * vals.length);
                for (Object[] prefix : out) {
                    for (Object v : vals) {
                        Object[] k = prefix.clone();
                        k[i] = v;
                        next.add(k);
                    }
                }
                out = next;
            }
            return out;
        };
        Eval lo = null;
        Eval hi = null;
        boolean loIncl = false;
        boolean hiIncl = false;
        if (range) {
            Expr[] exprs = IndexExprs.ofIndex(t, ix.exprs());
            for (Constraint c : cons) {
                if (!c.on(ix, eqCount, exprs) || c.multi()) {
                    continue;
                }
                char aff = keyAffinity(ix, eqCount, c, t);
                switch (c.op) {
                    case GT, GE -> {
                        if (lo == null) {
                            lo = withAffinity(compile(planner, scope, c.value), aff);
                            loIncl = c.op == Expr.BinaryOp.GE;
                        }
                    }
                    case LT, LE -> {
                        if (hi == null) {
                            hi = withAffinity(compile(planner, scope, c.value), aff);
                            hiIncl = c.op == Expr.BinaryOp.LE;
                        }
                    }
                    default -> {
                    }
                }
            }
        }
        String[] names = new String[ix.columns().length];
        for (int i = 0; i < names.length; i++) {
            int col = ix.columns()[i];
            names[i] = col >= 0 ? t.columns().get(col).name() : col == -1 ? "rowid" : "<expr>";
        }
        IndexLevel level = new IndexLevel(slot, ta, ix.root(), ix.name(), ix.keyInfo(), eqCount == 0 ? null : tuples,
                eqCount, lo, loIncl, hi, hiIncl, false).withColumnNames(names);
        if (anyIs) {
            level.nullsMatch(nullMatches);
        }
        if (ix.unique() && eqCount == ix.columns().length) {
            level.uniqueLookup();
        }
        if (t.clustered() != null) {
            if (ix.root() == t.root()) {
                return level.onPrimaryKey();
            }
            int[] pkAt = t.clustered().primaryKeyPositions(ix.columns(), ix.collations());
            level.withPrimaryKeyAt(pkAt);
            return FullScans.covers(scope, slot, ix, t) ? level.withKeyPositions(clusteredKeyPositions(ix, t, pkAt), true)
                    : level;
        }
        return level.withKeyPositions(keyPositions(ix, t), FullScans.covers(scope, slot, ix, t))
                .withExpressionPositions(IndexedExpressionReads.positions(scope, slot, ix, t))
                .withFixedValues(scope.coveringReads ? PartialIndexes.fixedValues(ix, t) : null);
    }

    /** An index column is usable for the column's comparisons only under the column's own collation. */
    private static boolean collationMatches(Index ix, int pos, Table t) {
        int c = ix.columns()[pos];
        if (c < 0) {
            return true;
        }
        String cc = t.columns().get(c).collation();
        return ix.collations()[pos].name().equalsIgnoreCase(cc == null ? "BINARY" : cc);
    }

    /**
     * The values an IN term looks up, each under affinity {@code aff} (0: none): its list's
     * values, or the rows of its subquery (run once per execution unless correlated).
     */
    private static Function<Frame, Object[]> values(Planner planner, Scope scope, Constraint c, char aff) {
        char a = aff == 'E' ? 'C' : aff; // as withAffinity: keys compare numerically anyway
        if (c.inValues != null) {
            Eval[] vals = new Eval[c.inValues.size()];
            for (int j = 0; j < vals.length; j++) {
                vals[j] = compile(planner, scope, c.inValues.get(j));
            }
            return f -> {
                Object[] out = new Object[vals.length];
                for (int j = 0; j < vals.length; j++) {
                    Object v = vals[j].eval(f);
                    out[j] = a == 0 ? v : ValueOps.applyAffinity(v, a);
                }
                return out;
            };
        }
        Planner.InPlan plan = planner.inSubquery(c.subquery, scope); // the one the term's check runs
        io.onelite.exec.Query q = plan.query();
        boolean correlated = plan.correlated();
        Object key = correlated ? null : plan.rowsKey(); // the term's check reads the same rows
        // the rows first take the IN's own affinity, as SQLite keeps them in a table of it: REAL
        // there makes 9223372036854775807 the real 2^63, which a REAL column's 2^63 then equals
        char rowAff = Comparisons.inAffinity(aff, plan.affinity());
        return f -> {
            List<Object[]> rows = InCompiler.subqueryRows(f, q, correlated, key);
            Object[] out = new Object[rows.size()];
            for (int j = 0; j < out.length; j++) {
                Object v = rows.get(j)[0];
                v = rowAff == 0 ? v : ValueOps.applyAffinity(v, rowAff);
                out[j] = a == 0 ? v : ValueOps.applyAffinity(v, a);
            }
            return out;
        };
    }

    private static Eval withAffinity(Eval e, char aff) {
        // REAL keeps integers exact (2^63 - 1 must not round to 2^63): keys compare numerically anyway
        char a = aff == 'E' ? 'C' : aff;
        return f -> ValueOps.applyAffinity(e.eval(f), a);
    }

    private static Eval compile(Planner planner, Scope scope, Expr e) {
        return new ExprCompiler(planner, scope).eval(e);
    }

    /** The affinity a lookup value for key column {@code pos} takes: the column's, the rowid's, or the expression's. */
    private static char keyAffinity(Index ix, int pos, Constraint c, Table t) {
        int col = ix.columns()[pos];
        return col == -2 ? c.affinity : col < 0 ? 'D' : t.columns().get(col).affinity();
    }

    /** The first equality ({@code eq}) or range constraint on key column {@code pos} of {@code ix}, or null. */
    private static Constraint find(List<Constraint> cons, Index ix, int pos, boolean eq, Table t) {
        Expr[] exprs = ix.columns()[pos] == -2 ? IndexExprs.ofIndex(t, ix.exprs()) : null;
        for (Constraint c : cons) {
            if (!c.on(ix, pos, exprs)) {
                continue;
            }
            boolean isEq = c.op == Expr.BinaryOp.EQ || c.op == Expr.BinaryOp.IS;
            if (eq == isEq) {
                return c;
            }
        }
        return null;
    }
}
