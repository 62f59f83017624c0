package io.onelite.plan;

import io.onelite.sql.ast.Expr;
import io.onelite.sql.ast.FromItem;
import io.onelite.sql.ast.OrderingTerm;
import io.onelite.sql.ast.ResultColumn;
import io.onelite.sql.ast.SelectCore;
import io.onelite.sql.ast.SelectStmt;

import java.util.ArrayList;
import java.util.List;

/**
 * SQLite's {@code convertCompoundSelectToSubquery} (select.c): a compound SELECT holding UNION,
 * INTERSECT or EXCEPT whose ORDER BY has a COLLATE in any term runs as {@code SELECT * FROM
 * (compound) ORDER BY ... LIMIT ...}, because SQLite's merge of sorted arms needs the result
 * columns' own collations. The rewrite moves the last SELECT's GROUP BY, HAVING and DISTINCT
 * onto the outer query, where they resolve against the compound's result columns; so, as in
 * SQLite, {@code SELECT 0 UNION SELECT 1 FROM t GROUP BY t.id ORDER BY 1 COLLATE NOCASE} fails
 * with "no such column: t.id" and a HAVING there with "HAVING clause on a non-aggregate query".
 * The WITH clause goes inside with the compound; the last SELECT keeps its WHERE and WINDOW.
 */
final class CompoundCollateRewrite {
    private CompoundCollateRewrite() {
    }

    /**
     * {@code s} rewritten as SQLite rewrites it, or {@code s} itself when SQLite leaves it alone.
     * {@code converted} holds the inner compounds made so far (by identity): they keep their
     * ORDER BY and are not rewritten again.
     */
    static SelectStmt apply(SelectStmt s, java.util.Set<SelectStmt> converted) {
        if (converted.contains(s) || s.compounds().isEmpty() || s.orderBy().isEmpty()
                || s.compounds().stream().allMatch(t -> t.op() == SelectStmt.CompoundOp.UNION_ALL)
                || s.orderBy().stream().map(OrderingTerm::expr).noneMatch(ExplicitCollations::hasCollate)) {
            return s;
        }
        List<SelectStmt.CompoundTerm> compounds = new ArrayList<>(s.compounds());
        SelectStmt.CompoundTerm lastTerm = compounds.get(compounds.size() - 1);
        List<Expr> groupBy = List.of();
        Expr having = null;
        boolean distinct = false;
        if (lastTerm.core() instanceof SelectCore.Query q) {
            groupBy = q.groupBy();
            having = q.having();
            distinct = q.distinct();
            compounds.set(compounds.size() - 1, new SelectStmt.CompoundTerm(lastTerm.op(),
                    new SelectCore.Query(q.distinct(), q.columns(), q.from(), q.where(), List.of(), null, q.windows())));
        }
        // the inner compound keeps the ORDER BY: SQLite resolves it there (terms must match result
        // columns, "1st ORDER BY term does not match any column in the result set")
        SelectStmt inner = new SelectStmt(s.with(), s.first(), compounds, s.orderBy(), null, null);
        converted.add(inner);
        SelectCore.Query outer = new SelectCore.Query(distinct, List.of(new ResultColumn.Star()),
                new FromItem.Subquery(inner, null), null, groupBy, having, List.of());
        return new SelectStmt(null, outer, List.of(), s.orderBy(), s.limit(), s.offset());
    }
}
