package io.onelite.plan;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.exec.Eval;
import io.onelite.sql.ast.Expr;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * Where each WHERE and ON term of a SELECT core is checked in the join loop: at the innermost
 * level it reads (as a level filter, or after the NULL row of a LEFT JOIN level), or once as a
 * guard when it reads no level.
 *
 * <p>RIGHT and FULL JOINs ({@link io.onelite.exec.JoinLoop}) add two rules, both from the join
 * the term belongs to ({@link FromPlanner.Term#nodeEnd}): a term must not be checked before a
 * RIGHT/FULL JOIN level inside that join (it would hide rows from the level's matched set, and
 * would not see the unmatched rows the level adds with NULLs on its left), so it moves after the
 * last such level; and a term of a join that sits in the left operand of a RIGHT/FULL JOIN is
 * never a guard (an empty left operand still yields the right side's rows).
 */
final class TermPlacement {
    /** Per loop position: the filter terms and the terms checked after a LEFT JOIN's NULL row. */
    final List<List<Expr>> levelTerms = new ArrayList<>();
    final List<List<Expr>> postTerms = new ArrayList<>();
    /** The same per group ({@link FromPlanner.Group#id}), for the groups that run as a level. */
    final List<List<Expr>> groupTerms = new ArrayList<>();
    final List<List<Expr>> groupPostTerms = new ArrayList<>();
    /**
     * The groups run as a level whose own loop has a term reading outside the group (a source
     * around it, or an enclosing query): their walk depends on the rows outside, so it cannot be
     * materialized once ({@link io.onelite.exec.GroupLevel}).
     */
    final BitSet groupsReadingOutside = new BitSet();
    /** Terms reading no level, checked once per run. */
    final List<Eval> guards = new ArrayList<>();
    /** Terms reading a source before the FROM clause's own (UPDATE's target): the caller places them. */
    final List<Expr> beforeBase = new ArrayList<>();
    private final FromPlanner from;
    private final Scope scope;

    /** {@code check} vets each term (misplaced aggregates) before it is placed. */
    TermPlacement(Planner planner, Scope scope, FromPlanner from, List<FromPlanner.Term> terms,
                  java.util.function.Consumer<FromPlanner.Term> check) {
        this.from = from;
        this.scope = scope;
        for (int i = 0; i < from.entries.size(); i++) {
            levelTerms.add(new ArrayList<>());
            postTerms.add(new ArrayList<>());
        }
        for (int i = 0; i < from.groups.size(); i++) {
            groupTerms.add(new ArrayList<>());
            groupPostTerms.add(new ArrayList<>());
        }
        int mark = planner.codeErrors.mark();
        InTermWidths widths = inTermWidths(from, scope, terms);
        InTermWidths outer = planner.inTermWidths;
        planner.inTermWidths = widths;
        try {
            for (FromPlanner.Term t : terms) {
                check.accept(t);
                place(planner, t);
            }
        } finally {
            planner.inTermWidths = outer;
        }
        widths.note(planner.codeErrors, mark);
    }

    /** The IN terms of {@code terms}: the ON clauses' first ({@code from.terms}), then the WHERE clause's. */
    static InTermWidths inTermWidths(FromPlanner from, Scope scope, List<FromPlanner.Term> terms) {
        List<Expr> exprs = terms.stream().map(FromPlanner.Term::expr).toList();
        int on = Math.min(from.terms.size(), exprs.size());
        return new InTermWidths(exprs.subList(on, exprs.size()), exprs.subList(0, on), orColumns(from.entries, scope));
    }

    /**
     * Where the clause's column names resolve, for the walk SQLite's analysis makes into an OR's
     * disjuncts ({@link OrTermAnalysis}): followed when the FROM clause reads tables alone, none
     * with an index on an expression (SQLite's analysis then indexes other terms than columns'),
     * and no subquery or view (which SQLite may flatten into other tables); null otherwise.
     */
    static OrTermAnalysis.Columns orColumns(List<FromPlanner.Entry> entries, Scope scope) {
        for (FromPlanner.Entry e : entries) {
            if (e.table == null || e.query != null || IndexExprs.hasExpressionColumn(e.table)) {
                return null;
            }
        }
        return c -> {
            try {
                Scope.Ref r = scope.peek(c.table(), c.column());
                return r == null || r.depth() != 0 ? -1 : r.slot();
            } catch (OneLiteException ambiguous) {
                return -1;
            }
        };
    }

    private void place(Planner planner, FromPlanner.Term t) {
        scope.innerSlotRefs.clear();
        ExprCompiler ec = new ExprCompiler(planner, scope);
        ec.compile(t.expr());
        BitSet used = (BitSet) ec.slotsUsed.clone();
        used.or(scope.innerSlotRefs);
        int base = from.base;
        int lastRead = used.length() - 1 - base;
        if (t.onGroup() >= 0 || t.onLevel() >= 0) {
            int right = t.onGroup() >= 0 ? from.groups.get(t.onGroup()).last : t.onLevel();
            if (lastRead > right) {
                throw new OneLiteException(ResultCode.ERROR, "ON clause references tables to its right");
            }
            FromPlanner.Group g = t.onGroup() >= 0 ? from.groups.get(t.onGroup()) : null;
            if (ec.usesOuter) {
                // checked in the loop around its right side: that loop's walk reads the enclosing query
                markReadingOutside(from.runningGroup(g != null ? g.parent : from.entries.get(t.onLevel()).group));
            }
            if (g != null && !g.rightJoin) {
                // a LEFT JOIN's ON terms only choose the parenthesised join's rows: checked inside
                // it as its own terms, they can serve its lookups (q.x = p.x through an index on q)
                place(planner, new FromPlanner.Term(t.expr(), -1, -1, g.last, g.id));
            } else {
                (g != null ? groupTerms.get(g.id) : levelTerms.get(position(t.onLevel()))).add(t.expr());
            }
            return;
        }
        if (base > 0 && !used.isEmpty() && used.nextSetBit(0) < base) {
            beforeBase.add(t.expr());
            return;
        }
        int context = from.runningGroup(t.context());
        List<Integer> items = items(context);
        // the innermost item of the term's loop that it reads; sources outside that loop are fixed during it
        int level = -1;
        boolean readsOutside = ec.usesOuter;
        for (int s = used.nextSetBit(0); s >= 0; s = used.nextSetBit(s + 1)) {
            Integer item = itemOf(context, s - base);
            if (item == null) {
                readsOutside = true;
            } else {
                level = Math.max(level, items.indexOf(item));
            }
        }
        if (readsOutside) {
            markReadingOutside(context);
        }
        int end = t.nodeEnd() < 0 ? items.size() - 1 : items.indexOf(itemOf(context, t.nodeEnd()));
        boolean rightJoinAfter = false;
        for (int i = end + 1; i < items.size(); i++) {
            rightJoinAfter |= isRightJoin(items.get(i));
        }
        boolean perRow = !items.isEmpty() && Determinism.variesPerRow(planner.functions, t.expr());
        // a term of no table is checked once before the loops, unless it holds a subquery: SQLite
        // 3.51 checks that one in the outer loop, in its place among the terms, so `a > 5 AND
        // (SELECT ...) = 1` never runs the subquery (nor raises its error) when no a passes
        if (level < 0 && context < 0 && !perRow
                && (items.isEmpty() || !readsOutside && !rightJoinAfter && !ExprWalker.hasSubquery(t.expr()))) {
            guards.add(new ExprCompiler(planner, scope).eval(t.expr()));
            return;
        }
        int at = Math.max(level, 0);
        int rj = -1;
        for (int i = 0; i <= end; i++) {
            rj = isRightJoin(items.get(i)) ? i : rj;
        }
        if (rj >= at) {
            post(items.get(rj)).add(t.expr()); // sees the RIGHT JOIN's matches and its NULL-extended rows
        } else if (isLeftJoin(items.get(at))) {
            post(items.get(at)).add(t.expr());
        } else {
            int item = items.get(at);
            (item >= 0 ? levelTerms.get(position(item)) : groupTerms.get(-item - 1)).add(t.expr());
        }
    }

    /** Marks the running group {@code g} (-1: none) and those around it as reading outside them. */
    private void markReadingOutside(int g) {
        for (; g >= 0; g = from.runningGroup(from.groups.get(g).parent)) {
            groupsReadingOutside.set(g);
        }
    }

    /**
     * The items of the join loop of {@code context} (a group run as a level, or -1 for the
     * query's own loop), in loop order: an entry (>= 0) or a group inside that runs as a
     * level ({@code -(id + 1)}).
     */
    private List<Integer> items(int context) {
        List<Integer> out = new ArrayList<>();
        for (int p = 0; p < from.entries.size(); p++) {
            Integer item = itemOf(context, from.base == 0 ? scope.slotAt(p) : p);
            if (item != null && (out.isEmpty() || !out.get(out.size() - 1).equals(item))) {
                out.add(item);
            }
        }
        return out;
    }

    /** The item of {@code context}'s loop that holds the entry, or null when it is outside that loop. */
    private Integer itemOf(int context, int entry) {
        int g = from.runningGroup(from.entries.get(entry).group);
        if (g == context) {
            return entry;
        }
        while (g >= 0) {
            int parent = from.runningGroup(from.groups.get(g).parent);
            if (parent == context) {
                return -(g + 1);
            }
            g = parent;
        }
        return null;
    }

    private boolean isRightJoin(int item) {
        return item >= 0 ? from.entries.get(item).rightJoin : from.groups.get(-item - 1).rightJoin;
    }

    private boolean isLeftJoin(int item) {
        return item >= 0 ? from.entries.get(item).leftJoin : from.groups.get(-item - 1).leftJoin;
    }

    private List<Expr> post(int item) {
        return item >= 0 ? postTerms.get(position(item)) : groupPostTerms.get(-item - 1);
    }

    /** The loop position of an entry (UPDATE ... FROM keeps the FROM order). */
    private int position(int entry) {
        return from.base == 0 ? scope.positionOf(entry) : entry;
    }
}
