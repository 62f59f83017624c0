package io.onelite.plan;

import io.onelite.exec.Eval;
import io.onelite.exec.Level;
import io.onelite.sql.ast.Expr;
import io.onelite.sql.ast.FromItem;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * The join loop of UPDATE ... FROM: the target (scope slot 0) joined to the FROM clause's sources
 * (slots 1 on). SQLite makes a FROM clause of several terms a subquery, so the target is joined
 * to the FROM clause as a whole: with an outer join inside, the target's loop goes innermost,
 * after the FROM clause's NULL rows are known (and run by its RIGHT JOIN phases too).
 *
 * @param levels        the loops, outermost first
 * @param target        the target's level among them
 * @param lastMatchWins whether, of the source rows matching one target row, the last one in loop
 *                      order sets it (SQLite writes the subquery's rows in turn), else the first
 */
record UpdateFromLoop(Level[] levels, Level target, boolean lastMatchWins) {

    static UpdateFromLoop plan(Planner planner, Scope scope, FromPlanner.Entry target, List<Expr> where,
                               FromItem from) {
        FromPlanner fp = new FromPlanner(planner, scope);
        fp.add(from);
        for (int i = 0; i < fp.entries.size(); i++) {
            fp.entries.get(i).slot = i + 1;
        }
        boolean outer = fp.hasRunningGroups() || fp.entries.stream().anyMatch(x -> x.leftJoin || x.rightJoin);
        List<FromPlanner.Entry> entries = new java.util.ArrayList<>(fp.entries);
        entries.add(0, target);
        InTermWidths widths = new InTermWidths(where, fp.terms.stream().map(FromPlanner.Term::expr).toList(),
                TermPlacement.orColumns(entries, scope));
        return InTermWidths.compiling(planner, widths, () -> outer ? outerJoined(planner, scope, target, where, fp)
                : targetFirst(planner, scope, target, where, fp));
    }

    /** Inner joins: the target's loop first, each term at the innermost level it reads. */
    private static UpdateFromLoop targetFirst(Planner planner, Scope scope, FromPlanner.Entry target,
                                              List<Expr> where, FromPlanner fp) {
        int n = fp.entries.size() + 1;
        List<List<Expr>> placed = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            placed.add(new ArrayList<>());
        }
        List<Expr> all = new ArrayList<>(where);
        for (FromPlanner.Term term : fp.terms) {
            all.add(term.expr());
        }
        for (Expr term : all) {
            placed.get(Math.max(0, usedSlots(planner, scope, term).length() - 1)).add(term);
        }
        Level[] levels = new Level[n];
        levels[0] = AccessPlanner.level(planner, scope, target, placed.get(0));
        for (int i = 1; i < n; i++) {
            levels[i] = AccessPlanner.level(planner, scope, fp.entries.get(i - 1), placed.get(i));
        }
        for (int i = 0; i < n; i++) {
            levels[i].filter = CorePlanner.and(planner, scope, placed.get(i));
        }
        return new UpdateFromLoop(levels, levels[0], false);
    }

    /**
     * A FROM clause with an outer join: its loops as a SELECT's ({@link TermPlacement}), then
     * the target's, which checks the WHERE terms (they all read the target or run after every
     * RIGHT JOIN phase there) and the terms that read the target from inside the FROM clause.
     */
    private static UpdateFromLoop outerJoined(Planner planner, Scope scope, FromPlanner.Entry target,
                                              List<Expr> where, FromPlanner fp) {
        TermPlacement placed = new TermPlacement(planner, scope, fp, fp.terms, t -> { });
        int k = fp.entries.size();
        Level[] levels = new Level[k + 1];
        for (int i = 0; i < k; i++) {
            FromPlanner.Entry entry = fp.entries.get(i);
            levels[i] = AccessPlanner.level(planner, scope, entry, placed.levelTerms.get(i));
            levels[i].filter = CorePlanner.and(planner, scope, placed.levelTerms.get(i));
            levels[i].postFilter = CorePlanner.and(planner, scope, placed.postTerms.get(i));
            levels[i].leftJoin = entry.leftJoin;
        }
        Level[] loop = JoinLevels.assemble(planner, scope, fp, placed, java.util.Arrays.copyOf(levels, k));
        levels = java.util.Arrays.copyOf(loop, loop.length + 1);
        List<Expr> targetTerms = new ArrayList<>(where);
        targetTerms.addAll(placed.beforeBase);
        Level t = AccessPlanner.level(planner, scope, target, targetTerms);
        List<Eval> checks = new ArrayList<>(placed.guards);
        for (Expr e : targetTerms) {
            checks.add(new ExprCompiler(planner, scope).eval(e));
        }
        t.filter = checks.isEmpty() ? null : CorePlanner.andEvals(checks);
        levels[loop.length] = t;
        return new UpdateFromLoop(levels, t, true);
    }

    private static BitSet usedSlots(Planner planner, Scope scope, Expr term) {
        scope.innerSlotRefs.clear();
        ExprCompiler ec = new ExprCompiler(planner, scope);
        ec.compile(term);
        BitSet used = (BitSet) ec.slotsUsed.clone();
        used.or(scope.innerSlotRefs);
        return used;
    }
}
