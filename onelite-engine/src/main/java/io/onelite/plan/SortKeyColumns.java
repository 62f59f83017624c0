package io.onelite.plan;

import io.onelite.sql.ast.Expr;
import io.onelite.sql.ast.OrderingTerm;
import io.onelite.sql.ast.ResultColumn;
import io.onelite.sql.ast.SelectCore;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * The result columns SQLite reads back from the ORDER BY's sort key instead of storing them
 * beside it (selectInnerLoop's iOrderByCol; not under DISTINCT): those an ORDER BY term names by
 * number or by alias (its COLLATE aside), or repeats as the same expression. The key holds the
 * ORDER BY's own copy of the expression, whose window function values carry no JSON subtype, so
 * such a column's JSON aggregates under OVER lose theirs
 * ({@code SELECT json_array(json_group_array(id) OVER (ORDER BY id)) AS a FROM t ORDER BY a}
 * quotes the array, {@code ["[1]"]}).
 *
 * <p>Not asked for a subquery, view or CTE of a FROM clause: whether SQLite keeps its ORDER BY
 * there, and reads its rows as a co-routine or from a materialized table, depends on the query
 * around it.
 */
final class SortKeyColumns {
    private SortKeyColumns() {
    }

    /**
     * The result columns ({@code exprs}, with {@code aliases} their AS names or null) that a
     * term of {@code orderBy} names in a query with {@code distinct} or not.
     */
    static BitSet of(boolean distinct, List<OrderingTerm> orderBy, List<Expr> exprs, List<String> aliases) {
        BitSet named = new BitSet();
        if (distinct) {
            return named;
        }
        for (OrderingTerm t : orderBy) {
            int k = byNumberOrAlias(t, exprs.size(), aliases);
            if (k >= 0) {
                named.set(k);
            } else {
                for (int i = 0; i < exprs.size(); i++) {
                    if (exprs.get(i).equals(t.expr())) {
                        named.set(i);
                    }
                }
            }
        }
        return named;
    }

    /**
     * The result column (of {@code n}, with {@code aliases} their AS names or null) that
     * {@code t} names by number or by AS name, its COLLATE aside, as SQLite's resolveAlias copies
     * it into the ORDER BY; else -1.
     */
    static int byNumberOrAlias(OrderingTerm t, int n, List<String> aliases) {
        Expr e = t.expr() instanceof Expr.Collate c ? c.expr() : t.expr();
        int alias = aliasIndex(e, aliases);
        if (alias >= 0) {
            return alias;
        }
        Long k = Planner.termNumber(e);
        return k != null && k >= 1 && k <= n ? (int) (k - 1) : -1;
    }

    /**
     * The columns of each arm of a compound that {@code orderBy}, the compound's, names by number
     * or by an AS name of its first SELECT (SQLite's merge hands each arm the ORDER BY by column
     * number: multiSelectOrderBy); a first SELECT with a * names none by alias.
     */
    static BitSet ofArms(List<OrderingTerm> orderBy, SelectCore first) {
        List<String> aliases = new ArrayList<>();
        if (first instanceof SelectCore.Query q) {
            for (ResultColumn rc : q.columns()) {
                if (!(rc instanceof ResultColumn.Expression e)) {
                    aliases.clear();
                    break;
                }
                aliases.add(e.alias());
            }
        }
        BitSet named = new BitSet();
        for (OrderingTerm t : orderBy) {
            int k = byNumberOrAlias(t, Integer.MAX_VALUE, aliases);
            if (k >= 0) {
                named.set(k);
            }
        }
        return named;
    }

    /** The first result column whose AS name a bare {@code e} spells, or -1 (SQLite's resolveAsName). */
    private static int aliasIndex(Expr e, List<String> aliases) {
        if (e instanceof Expr.ColumnRef c && c.table() == null) {
            for (int i = 0; i < aliases.size(); i++) {
                if (c.column().equalsIgnoreCase(aliases.get(i))) {
                    return i;
                }
            }
        }
        return -1;
    }
}
