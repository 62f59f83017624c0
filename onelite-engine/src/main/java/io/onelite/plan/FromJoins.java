package io.onelite.plan;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.sql.ast.Expr;
import io.onelite.sql.ast.Join;

import java.util.ArrayList;
import java.util.List;

/**
 * The joins of a FROM clause, for {@link FromPlanner}: marks each join's right side (LEFT, RIGHT,
 * FULL), records parenthesised joins as {@link FromPlanner.Group}s, turns USING and NATURAL into
 * terms and collects the ON terms.
 *
 * <p>A USING column is looked up among the sources of the join's own group (as SQLite, which
 * makes a parenthesised join a subquery); after a RIGHT JOIN the unqualified name reads the
 * right side's column, after a FULL JOIN coalesce(left, right), as SQLite's resolver does.
 *
 * <p>The ON and USING terms of the joins inside a parenthesised join see only its own sources
 * and the enclosing queries, never the sources beside it: SQLite makes such a join a subquery
 * ({@code SELECT * FROM (...)}), resolved with the outer query's names only. So
 * {@code a JOIN (b JOIN c ON c.x = a.y) ON 1} fails with "no such column: a.y" while
 * {@code (b JOIN c ON c.x = a.y), a} works: SQLite's parser splices a parenthesised join that
 * opens the FROM clause, without alias or ON/USING, into the list, and then it is no group
 * ({@link io.onelite.sql.SelectParser}). In UPDATE ... FROM, SQLite makes the whole FROM clause
 * such a subquery, so its ON terms do not see the table being updated.
 */
final class FromJoins {
    private final FromPlanner fp;
    /** The group being added, -1 for the FROM clause itself, and its first entry. */
    private int context = -1;
    private int contextFirst;
    /** How deep in nested joins {@link #add} is (0: done with the FROM clause). */
    private int depth;
    /** USING columns that more than one source on the left has, by group: {context, name}. */
    private final List<Object[]> doubtfulUsing = new ArrayList<>();
    /** The ON/USING terms of the joins added so far, by the group they sit in, until it is checked. */
    private final List<OwnTerm> unchecked = new ArrayList<>();

    private record OwnTerm(Expr expr, int context) {
    }

    FromJoins(FromPlanner fp) {
        this.fp = fp;
    }

    /** The group a source added now sits in directly, or -1. */
    int context() {
        return context;
    }

    void add(Join j) {
        depth++;
        try {
            addJoin(j);
        } finally {
            depth--;
        }
        if (depth == 0) {
            if (fp.base > 0) {
                checkNames(-1, fp.base, fp.base + fp.entries.size());
            }
            unchecked.clear();
            checkUsing();
            if (fp.base == 0) {
                fp.scope.nestedNames = NestedNames.of(fp, fp.scope);
            }
        }
    }

    /**
     * As sqlite3ProcessJoin: in a FROM clause (or parenthesised join) with a RIGHT or FULL JOIN, a
     * USING column must name one source on the left, or others joined by USING on that column.
     */
    private void checkUsing() {
        for (Object[] u : doubtfulUsing) {
            int group = (Integer) u[0];
            boolean rightJoin = fp.entries.stream().anyMatch(e -> e.group == group && e.rightJoin)
                    || fp.groups.stream().anyMatch(g -> g.parent == group && g.rightJoin);
            if (rightJoin) {
                throw new OneLiteException(ResultCode.ERROR, "ambiguous reference to " + u[1] + " in USING()");
            }
        }
    }

    private void addJoin(Join j) {
        fp.add(j.left());
        int before = fp.entries.size();
        FromPlanner.Group g = null;
        int outer = context;
        int outerFirst = contextFirst;
        if (j.right() instanceof Join) {
            g = new FromPlanner.Group(fp.groups.size(), context, before);
            fp.groups.add(g);
            context = g.id;
            contextFirst = before;
        }
        try {
            fp.add(j.right());
        } finally {
            context = outer;
            contextFirst = outerFirst;
        }
        if (g != null) {
            checkNames(g.id, fp.base + before, fp.base + fp.entries.size());
        }
        Join.JoinType type = j.type();
        boolean outerRight = type == Join.JoinType.RIGHT || type == Join.JoinType.FULL;
        boolean left = type == Join.JoinType.LEFT || type == Join.JoinType.FULL;
        fp.crossJoin |= type == Join.JoinType.CROSS;
        int level = fp.entries.size() - 1;
        if (g != null) {
            g.last = level;
            g.leftJoin = left;
            g.rightJoin = outerRight;
            g.runsAsLevel = left || outerRight || holdsRightJoin(before, level);
        } else {
            FromPlanner.Entry e = fp.entries.get(level);
            e.leftJoin = left;
            e.rightJoin = outerRight;
            e.crossJoin = type == Join.JoinType.CROSS;
            if (outerRight) {
                fp.rightJoins.add(level);
            }
        }
        boolean onRight = left || outerRight; // the ON terms of an outer join belong to its right side
        if (j.natural() && (j.on() != null || !j.using().isEmpty())) {
            throw new OneLiteException(ResultCode.ERROR, "a NATURAL join may not have an ON or USING clause");
        }
        List<String> using = new ArrayList<>(j.using());
        if (j.natural()) {
            for (String c : rightColumns(before, level)) {
                if (findEarlier(c, before, 0) >= 0) {
                    using.add(c);
                }
            }
        }
        List<Expr> values = new ArrayList<>();
        List<int[]> lefts = new ArrayList<>();
        List<Expr> constraints = new ArrayList<>();
        for (String c : using) {
            int ls = findEarlier(c, before, 0);
            int rs = g == null ? fp.base + level : findVisible(c, fp.base + before, fp.base + level + 1);
            Source right = rs < 0 ? null : fp.scope.sources.get(rs);
            int rc = right == null ? -1 : right.columnIndex(c);
            if (ls < 0 || rc < 0) {
                throw new OneLiteException(ResultCode.ERROR, "cannot join using column " + c
                        + " - column not present in both tables");
            }
            if (otherLeftItemHas(c, ls - fp.base, before)) {
                doubtfulUsing.add(new Object[]{context, c}); // with a RIGHT JOIN, SQLite refuses to pick
            }
            Expr rval = value(rs, rc);
            right.hidden()[rc] = true;
            for (int k = rs + 1; g != null && k <= fp.base + level; k++) {
                // SQLite passes over every column of that name in the parenthesised join
                Source other = fp.scope.sources.get(k);
                int oc = other.columnIndex(c);
                if (oc >= 0) {
                    fp.scope.passOver(k, oc);
                }
            }
            int lc = fp.scope.sources.get(ls).columnIndex(c);
            // a later USING compares with what the name means (coalesce after a FULL JOIN)
            Expr lval = value(ls, lc);
            constraints.add(new Expr.Binary(Expr.BinaryOp.EQ, lval, rval));
            Expr merged = lval;
            if (outerRight) {
                merged = type == Join.JoinType.RIGHT ? rval : Expr.FunctionCall.of("coalesce", List.of(lval, rval));
                fp.scope.mergeUsing(ls, lc, merged);
            }
            values.add(merged);
            lefts.add(new int[]{ls, lc});
        }
        if (g != null) {
            g.using = List.copyOf(using);
            g.usingValues = List.copyOf(values);
            g.usingLeft = List.copyOf(lefts);
        } else {
            fp.entries.get(level).using = List.copyOf(using);
            fp.entries.get(level).usingValues = List.copyOf(values);
            fp.entries.get(level).usingLeft = List.copyOf(lefts);
        }
        if (j.on() != null) {
            constraints.addAll(CorePlanner.splitAnd(j.on()));
        }
        for (Expr e : constraints) {
            unchecked.add(new OwnTerm(e, context));
            fp.terms.add(!onRight ? new FromPlanner.Term(e, -1, -1, level, context)
                    : g == null ? new FromPlanner.Term(e, level) : new FromPlanner.Term(e, -1, g.id, -1, context));
        }
    }

    /**
     * Compiles, for their name errors only, the terms of the joins directly in {@code group}
     * (-1: the FROM clause itself) against the slots {@code [from, to)} and the enclosing
     * queries: what SQLite's subquery sees there. The terms are compiled again where they run.
     */
    private void checkNames(int group, int from, int to) {
        Scope only = null;
        for (var it = unchecked.iterator(); it.hasNext(); ) {
            OwnTerm t = it.next();
            if (t.context() == group) {
                only = only != null ? only : fp.scope.onlySlots(from, to);
                new ExprCompiler(fp.planner, only).compile(t.expr());
                it.remove();
            }
        }
    }

    /** What an unqualified reference to (slot, column) means: a merged USING column, else the column. */
    private Expr value(int slot, int column) {
        Expr merged = fp.scope.mergedUsing(slot, column);
        if (merged != null) {
            return merged;
        }
        Source s = fp.scope.sources.get(slot);
        return new Expr.ColumnRef(null, s.alias(), s.columnNames().get(column), false);
    }

    /**
     * Whether a FROM term of this group after the one holding entry {@code left}, before entry
     * {@code before}, has the column without being joined by USING on it (as SQLite, a
     * parenthesised join counts as one term, with its USING).
     */
    private boolean otherLeftItemHas(String column, int left, int before) {
        FromPlanner.Group holder = groupIn(left);
        int i = holder == null ? left + 1 : holder.last + 1;
        while (i < before) {
            FromPlanner.Group g = groupIn(i);
            int last = g == null ? i : g.last;
            List<String> using = g == null ? fp.entries.get(i).using : g.using;
            boolean has = false;
            for (int k = i; k <= last; k++) {
                has |= fp.scope.sources.get(fp.base + k).columnIndex(column) >= 0;
            }
            if (has && using.stream().noneMatch(column::equalsIgnoreCase)) {
                return true;
            }
            i = last + 1;
        }
        return false;
    }

    /** The group directly inside the current one that holds entry {@code i}, or null when it sits here. */
    private FromPlanner.Group groupIn(int i) {
        int g = fp.entries.get(i).group;
        FromPlanner.Group found = null;
        while (g != context && g >= 0) {
            found = fp.groups.get(g);
            g = found.parent;
        }
        return found;
    }

    private boolean holdsRightJoin(int first, int last) {
        for (int i = first; i <= last; i++) {
            if (fp.entries.get(i).rightJoin) {
                return true;
            }
        }
        return fp.groups.stream().anyMatch(x -> x.rightJoin && x.first >= first && x.last <= last);
    }

    /** The visible column names of the right side (entries first..last), each once, in order. */
    private List<String> rightColumns(int first, int last) {
        List<String> out = new ArrayList<>();
        for (int s = fp.base + first; s <= fp.base + last; s++) {
            Source src = fp.scope.sources.get(s);
            for (int i = 0; i < src.columnNames().size(); i++) {
                String n = src.columnNames().get(i);
                if ((first == last ? !src.unlisted()[i] : src.shown(i)) && out.stream().noneMatch(n::equalsIgnoreCase)) {
                    out.add(n);
                }
            }
        }
        return out;
    }

    /** The first source slot, from slot {@code from} on and before entry {@code before}, with a visible column of that name in this group, or -1. */
    private int findEarlier(String column, int before, int from) {
        return findVisible(column, Math.max(from, fp.base + contextFirst), fp.base + before);
    }

    /** The first slot in {@code [from, to)} with a visible column of that name, or -1. */
    private int findVisible(String column, int from, int to) {
        for (int s = from; s < to; s++) {
            Source src = fp.scope.sources.get(s);
            int c = src.columnIndex(column);
            if (c >= 0 && src.shown(c)) {
                return s;
            }
        }
        return -1;
    }
}
