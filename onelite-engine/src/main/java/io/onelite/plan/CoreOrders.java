package io.onelite.plan;

import io.onelite.btree.Collation;
import io.onelite.exec.Eval;
import io.onelite.sql.ast.Expr;

import java.util.ArrayList;
import java.util.List;

/**
 * ORDER BY and GROUP BY of one SELECT core seen as orders of its first source's rows, which
 * {@link AccessPlanner} may then satisfy with a rowid or index walk instead of a sort, and the
 * GROUP BY keys folded under their collations; also the DISTINCT collations and which outputs a
 * top-N sort may leave unread.
 */
final class CoreOrders {
    private CoreOrders() {
    }

    /** The column of the first source in loop order (-1 = rowid) that {@code e} names, or null. */
    static Integer firstSourceColumn(Scope scope, Expr e) {
        while (e instanceof Expr.Collate c) {
            e = c.expr();
        }
        if (!(e instanceof Expr.ColumnRef c)) {
            return null;
        }
        Scope.Ref r = scope.peek(c.table(), c.column());
        if (r == null || r.depth() != 0 || r.slot() != scope.slotAt(0) || r.source().table() == null) {
            return null;
        }
        return r.column() < 0 || r.column() == r.source().table().rowidAlias() ? -1 : r.column();
    }

    /** ORDER BY as an order of the first source's rows, or null when a term is not one of its columns. */
    static List<AccessPlanner.OrderTerm> sortOrder(Scope scope, Expr[] orderExprs, boolean[] desc,
                                                   Collation[] colls, boolean[] nullsFirst) {
        if (orderExprs.length == 0) {
            return null;
        }
        List<AccessPlanner.OrderTerm> out = new ArrayList<>();
        for (int i = 0; i < orderExprs.length; i++) {
            AccessPlanner.OrderTerm t = term(scope, orderExprs[i], colls[i].name(), desc[i], nullsFirst[i], false);
            if (t == null) {
                return null;
            }
            out.add(t);
        }
        return out;
    }

    /**
     * The leading ORDER BY terms that are columns (or indexed expressions) of the first source,
     * as an order of its rows, or null when the first term is not: a walk giving them leaves the
     * rest (other sources' columns among them) to sort per run.
     */
    static List<AccessPlanner.OrderTerm> sortOrderPrefix(Scope scope, Expr[] orderExprs, boolean[] desc,
                                                         Collation[] colls, boolean[] nullsFirst) {
        List<AccessPlanner.OrderTerm> out = new ArrayList<>();
        for (int i = 0; i < orderExprs.length; i++) {
            AccessPlanner.OrderTerm t = term(scope, orderExprs[i], colls[i].name(), desc[i], nullsFirst[i], false);
            if (t == null) {
                break;
            }
            out.add(t);
        }
        return out.isEmpty() ? null : out;
    }

    /** {@code e} as an order of the first source's rows (a column, or an expression an index may hold), or null. */
    static AccessPlanner.OrderTerm term(Scope scope, Expr e, String collation, boolean desc, boolean nullsFirst,
                                        boolean anyDirection) {
        Integer c = firstSourceColumn(scope, e);
        if (c != null) {
            return new AccessPlanner.OrderTerm(c, collation, desc, nullsFirst, anyDirection);
        }
        Expr x = firstSourceExpression(scope, e);
        return x == null ? null : new AccessPlanner.OrderTerm(-2, collation, desc, nullsFirst, anyDirection, x);
    }

    /**
     * An expression over the first source's columns only, in canonical form (an index on that
     * expression may give its order; see {@link IndexExprs}), or null.
     */
    private static Expr firstSourceExpression(Scope scope, Expr e) {
        while (e instanceof Expr.Collate c) {
            e = c.expr();
        }
        if (scope.sources.isEmpty() || e instanceof Expr.ColumnRef || e instanceof Expr.Literal) {
            return null; // no FROM (SELECT DISTINCT 1 GROUP BY NULL ORDER BY NULL): no index order
        }
        int slot = scope.slotAt(0);
        io.onelite.catalog.Table t = scope.sources.get(slot).table();
        return t == null ? null : IndexExprs.ofQuery(scope, slot, t, e);
    }

    /**
     * GROUP BY as an order of the first source's rows under each term's collation (groups, whose
     * keys {@link #groupKey} folds, are then runs), or null. Terms that ORDER BY also sorts on
     * keep their direction ({@code groupDesc}) so that runs come out in ORDER BY order.
     */
    static List<AccessPlanner.OrderTerm> groupOrder(Scope scope, List<Expr> groupExprs,
                                                    List<Collation> groupColls, boolean[] groupDesc,
                                                    int fixedCount) {
        if (groupExprs.isEmpty()) {
            return null;
        }
        List<AccessPlanner.OrderTerm> out = new ArrayList<>();
        for (int i = 0; i < groupExprs.size(); i++) {
            // a term ORDER BY also names keeps its direction; the others may go either way; an
            // expression may be one an index holds (GROUP BY lower(b) walks an index on it)
            AccessPlanner.OrderTerm t = term(scope, groupExprs.get(i), groupColls.get(i).name(), groupDesc[i],
                    !groupDesc[i], i >= fixedCount);
            if (t == null) {
                return null;
            }
            out.add(t);
        }
        return out;
    }

    /**
     * A GROUP BY term's key: text folded as its collation compares it (NOCASE: ASCII lower case,
     * RTRIM: no trailing spaces), so that equal keys, hashed and sorted as BINARY, are the values
     * SQLite puts in one group, and groups sort in the collation's order.
     */
    static Eval groupKey(Eval e, Collation coll) {
        if (coll == Collation.BINARY) {
            return e;
        }
        return f -> io.onelite.exec.RowKey.fold(e.eval(f), coll);
    }

    /**
     * Whether ORDER BY names the first GROUP BY terms, under their collation, with NULLs where
     * their direction puts them: the groups can then be emitted in ORDER BY order (sorted so, or
     * as an index walk yields them), as SQLite's GROUP BY sorter does.
     */
    static boolean orderMatchesGroups(Scope scope, List<Expr> groupExprs, List<Collation> groupColls,
                                      Expr[] orderExprs, boolean[] desc, Collation[] colls, boolean[] nullsFirst) {
        if (groupExprs.isEmpty() || orderExprs.length > groupExprs.size()) {
            return false;
        }
        for (int i = 0; i < orderExprs.length; i++) {
            if (nullsFirst[i] == desc[i] || colls[i] != groupColls.get(i)) {
                return false;
            }
            if (!(groupExprs.get(i) instanceof Expr.ColumnRef g) || !(orderExprs[i] instanceof Expr.ColumnRef o)) {
                // the same expression (GROUP BY lower(b) ORDER BY lower(b)), reading no subquery
                if (groupExprs.get(i) instanceof Expr.ColumnRef || !groupExprs.get(i).equals(orderExprs[i])
                        || firstSourceExpression(scope, groupExprs.get(i)) == null) {
                    return false;
                }
                continue;
            }
            Scope.Ref rg = scope.peek(g.table(), g.column());
            Scope.Ref ro = scope.peek(o.table(), o.column());
            if (rg == null || ro == null || rg.depth() != 0 || ro.depth() != 0 || rg.slot() != ro.slot()
                    || rg.column() != ro.column()) {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code e} (already compiled in {@code scope}) reads a column of a FROM source and nothing else. */
    static boolean isColumnRead(Scope scope, Expr e) {
        return e instanceof Expr.ColumnRef cr && scope.aggregates == null && scope.peek(cr.table(), cr.column()) != null;
    }
}
