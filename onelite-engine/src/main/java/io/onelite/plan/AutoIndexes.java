package io.onelite.plan;

import io.onelite.btree.Collation;
import io.onelite.exec.AutoIndexLevel;
import io.onelite.exec.Eval;
import io.onelite.exec.IndexLevel;
import io.onelite.exec.Level;
import io.onelite.exec.ListLevel;
import io.onelite.exec.ScanLevel;
import io.onelite.exec.ValueOps;
import io.onelite.sql.ast.Expr;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * When a join's inner source gets an automatic index ({@link AutoIndexLevel}), as SQLite's
 * {@code whereLoopAddBtree} and {@code constructAutomaticIndex} decide it. Conditions:
 * <ol>
 *   <li>{@code PRAGMA automatic_index} is on (the default);</li>
 *   <li>the source is not the outermost loop (it may be the right side of a RIGHT or FULL JOIN,
 *       where SQLite builds none: the scan of its unmatched rows walks the source itself, and the
 *       index tells its rows by the same identity, {@link AutoIndexLevel});</li>
 *   <li>it is a table (no INDEXED BY, NOT INDEXED) or an uncorrelated subquery, view or CTE;</li>
 *   <li>its access path reads it whole (no rowid or index lookup serves its terms);</li>
 *   <li>some equality term {@code col = expr} at its level compares one of its columns (not the
 *       rowid) with a value from the outer loops, under the column's affinity and collation
 *       ({@link TermConstraints});</li>
 *   <li>scanning it once per outer row costs more than filling the index once and probing it
 *       per outer row, under SQLite's estimates for tables without statistics: filling costs
 *       7 N log2 N for a table, 0.18 N log2 N for a subquery (SQLite makes it cheap so that
 *       subqueries, which can have no index of their own, get one readily), a probe log2 N + 20,
 *       a scan 3 N, N being {@link JoinOrder#TABLE_ROWS}; so a table gets one under more than
 *       about 47 outer rows, a subquery under more than one.</li>
 * </ol>
 * The key is every such column, in SQLite's order: the terms naming the column on the left
 * first, then those naming it on the right of another column (SQLite adds their commuted copies
 * last, in reverse). The terms reading only this source make the index partial.
 */
final class AutoIndexes {
    private AutoIndexes() {
    }

    private static final double LOG2_N = Math.log(JoinOrder.TABLE_ROWS) / Math.log(2);
    /** SQLite's cost units, where a full scan costs 3 N (LogEst rSize + 16). */
    private static final double SCAN = 3 * JoinOrder.TABLE_ROWS;
    private static final double PROBE = LOG2_N + 20;

    /** Functions whose value changes from call to call: a term calling one is never a partial-index condition. */
    private static final Set<String> VOLATILE = Set.of("random", "randomblob", "changes", "total_changes",
            "last_insert_rowid", "commit_seq");

    /** The one-time cost of filling an automatic index on {@code e} (SQLite's rSetup), in SQLite's units. */
    static double setup(FromPlanner.Entry e) {
        return JoinOrder.TABLE_ROWS * LOG2_N * (e.table != null ? 7 : 0.177);
    }

    /** {@link #setup} in {@link JoinOrder}'s units, where a full scan costs N. */
    static double setupInJoinOrderUnits(FromPlanner.Entry e) {
        return setup(e) * JoinOrder.TABLE_ROWS / SCAN;
    }

    /**
     * The automatic-index level for entry {@code e}, whose planned access is {@code planned},
     * under {@code outerRows} estimated rows of the loops outside it; null when one of
     * conditions (1) to (6) fails.
     */
    static AutoIndexLevel plan(Planner planner, Scope scope, FromPlanner.Entry e, List<Expr> terms, Level planned,
                               double outerRows) {
        if (!planner.automaticIndex) { // (1); (2) is the caller's
            return null;
        }
        boolean table = e.table != null;
        if (table ? e.indexedBy != null || e.notIndexed
                : e.query == null || e.queryCorrelated || e.functionRows != null) { // (3)
            return null;
        }
        boolean whole = planned instanceof ScanLevel || planned instanceof ListLevel
                || (planned instanceof IndexLevel il && il.isFullScan());
        if (!whole) { // (4)
            return null;
        }
        int slot = e.slot;
        Source src = scope.sources.get(slot);
        List<AccessPlanner.Constraint> natural = new ArrayList<>();
        List<AccessPlanner.Constraint> commuted = new ArrayList<>();
        for (Expr term : terms) {
            List<AccessPlanner.Constraint> cons = new ArrayList<>();
            TermConstraints.collect(planner, scope, slot, term, cons);
            for (AccessPlanner.Constraint c : cons) {
                if (c.op() != Expr.BinaryOp.EQ || c.multi() || c.column() < 0) {
                    continue;
                }
                boolean fromRight = term instanceof Expr.Binary b && b.left() instanceof Expr.ColumnRef
                        && b.left() == c.value();
                (fromRight ? commuted : natural).add(c);
            }
        }
        java.util.Collections.reverse(commuted);
        natural.addAll(commuted);
        List<AccessPlanner.Constraint> key = new ArrayList<>();
        BitSet seen = new BitSet();
        for (AccessPlanner.Constraint c : natural) {
            if (!seen.get(c.column())) {
                seen.set(c.column());
                key.add(c);
            }
        }
        if (key.isEmpty()) { // (5)
            return null;
        }
        if (outerRows * SCAN <= setup(e) + outerRows * PROBE) { // (6)
            return null;
        }
        int n = key.size();
        int[] columns = new int[n];
        Collation[] colls = new Collation[n];
        Eval[] probes = new Eval[n];
        String[] names = new String[n];
        boolean bloom = false;
        for (int i = 0; i < n; i++) {
            int col = key.get(i).column();
            columns[i] = col;
            String cn = src.collations()[col];
            colls[i] = cn == null ? Collation.BINARY : Collation.byName(cn);
            char aff = src.affinities()[col];
            Eval v = new ExprCompiler(planner, scope).eval(key.get(i).value());
            char a = aff == 'E' ? 'C' : aff; // REAL keeps integers exact: keys compare numerically anyway
            probes[i] = f -> ValueOps.applyAffinity(v.eval(f), a);
            names[i] = src.columnNames().get(col).replace(Flattening.INTERNAL, "");
            bloom |= aff != 'B'; // SQLite: a Bloom filter unless every key column is TEXT
        }
        // a rowid table's rows are sought by rowid when they match; other sources' rows are kept
        boolean byRowid = table && e.table.clustered() == null;
        // with the planner: a VIRTUAL generated column (a flattened view's computed one too) is computed, not NULL
        io.onelite.exec.TableAccess access = byRowid ? AccessPlanner.access(planner, e.table) : null;
        Level source = byRowid ? new ScanLevel(slot, access, false)
                : AccessPlanner.level(planner, scope, e, List.of());
        return new AutoIndexLevel(slot, source, access,
                src.columnNames().size(), columns, colls, probes, partial(planner, scope, slot, terms), src.alias(),
                names, bloom).withTieColumns(tieColumns(scope.usedColumns.get(src), columns));
    }

    /** The columns the query reads of the source ({@code used}, may be null) beside the key's, in column order. */
    private static int[] tieColumns(BitSet used, int[] key) {
        if (used == null) {
            return new int[0];
        }
        BitSet rest = (BitSet) used.clone();
        for (int c : key) {
            rest.clear(c);
        }
        return rest.stream().toArray();
    }

    /** The AND of the terms reading only this source and constants (SQLite's partial auto-index condition), or null. */
    private static Eval partial(Planner planner, Scope scope, int slot, List<Expr> terms) {
        List<Eval> parts = new ArrayList<>();
        for (Expr term : terms) {
            if (!stable(planner.functions, term)) {
                continue;
            }
            scope.innerSlotRefs.clear();
            ExprCompiler ec = new ExprCompiler(planner, scope);
            CExpr c;
            try {
                c = ec.compile(term);
            } catch (RuntimeException ex) {
                continue;
            }
            if (ec.usesOuter || !scope.innerSlotRefs.isEmpty() || ec.slotsUsed.cardinality() != 1
                    || !ec.slotsUsed.get(slot)) {
                continue;
            }
            parts.add(c.eval());
        }
        if (parts.isEmpty()) {
            return null;
        }
        return f -> {
            for (Eval p : parts) {
                if (!ValueOps.isTrue(p.eval(f))) {
                    return 0L;
                }
            }
            return 1L;
        };
    }

    /** Whether {@code e} gives the same value each time for the same row: no subquery, no volatile function. */
    private static boolean stable(io.onelite.exec.func.AppFunctions functions, Expr e) {
        if (ExprWalker.isSubquery(e) || e instanceof Expr.Raise) {
            return false;
        }
        if (e instanceof Expr.FunctionCall f && (VOLATILE.contains(f.name().toLowerCase(Locale.ROOT))
                || Determinism.variesPerCall(functions, f))) {
            return false;
        }
        for (Expr child : ExprWalker.children(e)) {
            if (!stable(functions, child)) {
                return false;
            }
        }
        return true;
    }
}
