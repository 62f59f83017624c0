package io.onelite.plan;

import io.onelite.catalog.Index;
import io.onelite.catalog.Table;
import io.onelite.sql.ast.Expr;
import io.onelite.sql.ast.NullsOrder;
import io.onelite.sql.ast.OrderingTerm;

import java.util.ArrayList;
import java.util.List;

/**
 * How a SELECT DISTINCT (not an aggregate) drops its duplicates, as SQLite's where planner
 * decides it ({@code WHERE_DISTINCT_UNIQUE / ORDERED / UNORDERED}):
 * <ul>
 *   <li>{@link Mode#REDUNDANT}: one table whose rows the outputs already tell apart (its rowid,
 *       or every column of a unique index, all NOT NULL, is an output): nothing to do;</li>
 *   <li>{@link Mode#ADJACENT}: the first loop walks an index whose leading key columns (those an
 *       equality fixes aside) are the outputs, in any order, all of them of that source: equal
 *       rows come one after another, so each is compared with the previous one only;</li>
 *   <li>{@link Mode#TEMP_TREE}: otherwise, the rows seen are kept (EXPLAIN QUERY PLAN: "USE TEMP
 *       B-TREE FOR DISTINCT").</li>
 * </ul>
 * With no ORDER BY, the outputs are the order the access path is asked for (any direction, see
 * {@link #wish}), as SQLite plans a DISTINCT as an ORDER BY of its result columns.
 */
final class DistinctPlans {
    private DistinctPlans() {
    }

    enum Mode { REDUNDANT, ADJACENT, TEMP_TREE }

    /** The outputs as an order of the first source's rows in any direction, or null when one is not of it. */
    static List<AccessPlanner.OrderTerm> wish(Scope scope, List<Expr> outputs, String[] colls) {
        List<AccessPlanner.OrderTerm> out = new ArrayList<>();
        for (int i = 0; i < outputs.size(); i++) {
            AccessPlanner.OrderTerm t = CoreOrders.term(scope, outputs.get(i), collation(colls[i]), false, true, true);
            if (t == null) {
                return null;
            }
            out.add(t);
        }
        return out;
    }

    /**
     * Whether the rows of a one-table query are already distinct ({@link Mode#REDUNDANT}); known
     * before the access path is chosen, which then need not give any order (SQLite's
     * {@code isDistinctRedundant}).
     */
    static boolean redundant(Scope scope, List<Expr> outputs, String[] colls, int nLevels) {
        List<AccessPlanner.OrderTerm> terms = wish(scope, outputs, colls);
        Table t = nLevels == 1 ? scope.sources.get(scope.slotAt(0)).table() : null;
        return terms != null && t != null && unique(t, terms);
    }

    /** How the DISTINCT of {@code outputs} (collations {@code colls}) is done over {@code first}, the first loop. */
    static Mode mode(Scope scope, List<Expr> outputs, String[] colls, AccessPlanner.Access first, int nLevels) {
        if (redundant(scope, outputs, colls, nLevels)) {
            return Mode.REDUNDANT;
        }
        List<AccessPlanner.OrderTerm> terms = wish(scope, outputs, colls);
        if (terms == null) {
            return Mode.TEMP_TREE;
        }
        Table t = scope.sources.get(scope.slotAt(0)).table();
        if (first.index() != null && t != null && adjacent(first.index(), t, first.constant(), terms)) {
            return Mode.ADJACENT;
        }
        return Mode.TEMP_TREE;
    }

    /**
     * Whether ORDER BY is the result columns themselves, in order, ascending (SQLite then runs the
     * DISTINCT as a GROUP BY: one sort, worded "USE TEMP B-TREE FOR DISTINCT").
     */
    static boolean orderIsOutputs(Scope scope, List<OrderingTerm> orderBy, Expr[] orderExprs, List<Expr> outputs) {
        if (orderExprs.length != outputs.size()) {
            return false;
        }
        for (int i = 0; i < orderExprs.length; i++) {
            OrderingTerm o = orderBy.get(i);
            if (o.descending() || (o.nulls() != null && o.nulls() != NullsOrder.DEFAULT)
                    || !sameExpr(scope, orderExprs[i], outputs.get(i))) {
                return false;
            }
        }
        return true;
    }

    private static boolean sameExpr(Scope scope, Expr a, Expr b) {
        if (a instanceof Expr.ColumnRef x && b instanceof Expr.ColumnRef y) {
            Scope.Ref rx = scope.peek(x.table(), x.column());
            Scope.Ref ry = scope.peek(y.table(), y.column());
            return rx != null && ry != null && rx.depth() == ry.depth() && rx.slot() == ry.slot()
                    && rx.column() == ry.column();
        }
        return a.equals(b);
    }

    private static String collation(String c) {
        return c == null ? "BINARY" : c;
    }

    /** Whether the outputs include the rowid, or all columns of a NOT NULL unique index under its collations. */
    private static boolean unique(Table t, List<AccessPlanner.OrderTerm> terms) {
        if (t.clustered() == null) {
            for (AccessPlanner.OrderTerm term : terms) {
                if (term.column() == -1) {
                    return true;
                }
            }
        }
        List<Index> keys = new ArrayList<>();
        if (t.clustered() != null) {
            keys.add(t.clustered().asIndex(t.name(), t.root()));
        }
        for (Index ix : t.indexes()) {
            if (ix.unique() && ix.where() == null) {
                keys.add(ix);
            }
        }
        for (Index ix : keys) {
            boolean primaryKey = t.clustered() != null && ix.root() == t.root();
            boolean all = true;
            for (int p = 0; p < ix.columns().length && all; p++) {
                int c = ix.columns()[p];
                all = c >= 0 && (primaryKey || t.columns().get(c).notNull())
                        && hasTerm(terms, c, ix.keyInfo().collation(p).name());
            }
            if (all) {
                return true;
            }
        }
        return false;
    }

    private static boolean hasTerm(List<AccessPlanner.OrderTerm> terms, int column, String collation) {
        for (AccessPlanner.OrderTerm term : terms) {
            if (term.column() == column && term.collation().equalsIgnoreCase(collation)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether walking {@code ix} (with the key positions {@code constant} fixed) brings equal
     * output rows together: the first non-fixed key columns, as many as there are outputs not
     * fixed, are those outputs in some order, each under the key column's collation.
     */
    private static boolean adjacent(Index ix, Table t, boolean[] constant, List<AccessPlanner.OrderTerm> terms) {
        int n = ix.columns().length;
        Expr[] exprs = IndexExprs.ofIndex(t, ix.exprs());
        List<AccessPlanner.OrderTerm> open = new ArrayList<>();
        for (AccessPlanner.OrderTerm term : terms) {
            boolean fixed = false;
            for (int p = 0; p < n; p++) {
                fixed |= constant[p] && matches(ix, t, exprs, p, term);
            }
            if (!fixed && open.stream().noneMatch(o -> o.equals(term))) {
                open.add(term);
            }
        }
        int p = 0;
        while (!open.isEmpty()) {
            while (p < n && constant[p]) {
                p++;
            }
            if (p > n) {
                return false;
            }
            int at = p;
            AccessPlanner.OrderTerm hit = null;
            for (AccessPlanner.OrderTerm term : open) {
                if (at == n ? term.column() == -1 : matches(ix, t, exprs, at, term)) {
                    hit = term;
                }
            }
            if (hit == null) {
                return false;
            }
            if (at == n) {
                return true; // the rowid: every entry differs from here on
            }
            open.remove(hit);
            p++;
        }
        return true;
    }

    /** Whether key position {@code p} of {@code ix} is the term's column or expression, under the term's collation. */
    private static boolean matches(Index ix, Table t, Expr[] exprs, int p, AccessPlanner.OrderTerm term) {
        int c = ix.columns()[p];
        int col = c >= 0 && c == t.rowidAlias() ? -1 : c;
        boolean same = col == term.column() && (col != -2 || (exprs[p] != null && exprs[p].equals(term.expr())));
        return same && (col == -1 || ix.keyInfo().collation(p).name().equalsIgnoreCase(term.collation()));
    }
}
