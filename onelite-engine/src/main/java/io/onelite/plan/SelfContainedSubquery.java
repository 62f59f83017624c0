package io.onelite.plan;

import io.onelite.sql.ast.CommonTableExpr;
import io.onelite.sql.ast.Expr;
import io.onelite.sql.ast.FromItem;
import io.onelite.sql.ast.Join;
import io.onelite.sql.ast.OrderingTerm;
import io.onelite.sql.ast.ResultColumn;
import io.onelite.sql.ast.SelectCore;
import io.onelite.sql.ast.SelectStmt;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Whether a subquery cannot refer to anything outside it: every column it names is qualified by
 * a table or alias of its own FROM clauses (or of the FROM clauses of the subqueries inside it),
 * or unqualified and a column of one of those tables (the innermost name wins, so one that shadows
 * an outer name is its own); a CTE of a WITH clause inside it counts as such a table, with the
 * columns its column list or its first SELECT's result columns name, its own SELECT checked as
 * the subquery's; no view, CTE of an outer WITH, table-valued function or function whose result
 * varies from call to call. A WHERE term
 * holding such a subquery may be copied into a compound subquery's arms as SQLite's
 * pushDownWhereTerms copies terms with non-correlated subqueries; a subquery this check is not
 * sure of keeps the term where it is.
 */
final class SelfContainedSubquery {
    private final Planner planner;
    private final Set<String> names = new HashSet<>();
    /** The columns of the tables declared: an unqualified name among them resolves inside. */
    private final Set<String> columns = new HashSet<>();
    /** The CTEs of the WITH clauses inside, by name: the column names known of each. */
    private final Map<String, List<String>> ownCtes = new HashMap<>();

    private SelfContainedSubquery(Planner planner) {
        this.planner = planner;
    }

    static boolean check(Planner planner, SelectStmt select) {
        SelfContainedSubquery c = new SelfContainedSubquery(planner);
        return c.declare(select) && c.reads(select);
    }

    /** Collects every FROM name of {@code s} and the subqueries in its FROM clauses; false on what is not followed. */
    private boolean declare(SelectStmt s) {
        if (s.with() != null) {
            for (CommonTableExpr cte : s.with().ctes()) {
                ownCtes.put(cte.name().toLowerCase(Locale.ROOT), columnsOf(cte));
                if (!declare(cte.select())) {
                    return false;
                }
            }
        }
        for (SelectCore core : cores(s)) {
            if (core instanceof SelectCore.Query q && q.from() != null && !declare(q.from())) {
                return false;
            }
        }
        return true;
    }

    private boolean declare(FromItem f) {
        if (f instanceof FromItem.Table t) {
            String name = t.name().name().toLowerCase(Locale.ROOT);
            List<String> cteColumns = t.name().schema() == null ? ownCtes.get(name) : null;
            if (cteColumns != null) {
                names.add((t.alias() != null ? t.alias() : t.name().name()).toLowerCase(Locale.ROOT));
                cteColumns.forEach(c -> columns.add(c.toLowerCase(Locale.ROOT)));
                return true;
            }
            io.onelite.catalog.Table table = planner.schema.table(t.name());
            if (table == null || t.name().schema() == null && planner.ctes.stream().anyMatch(m -> m.containsKey(name))) {
                return false; // a view or a CTE: its columns are not followed here
            }
            names.add((t.alias() != null ? t.alias() : t.name().name()).toLowerCase(Locale.ROOT));
            table.columns().forEach(c -> columns.add(c.name().toLowerCase(Locale.ROOT)));
            return true;
        }
        if (f instanceof FromItem.Subquery q) {
            if (q.alias() != null) {
                names.add(q.alias().toLowerCase(Locale.ROOT));
            }
            return declare(q.select());
        }
        if (f instanceof Join j) {
            return declare(j.left()) && declare(j.right());
        }
        return false; // a table-valued function
    }

    /**
     * The columns of {@code cte} as far as they are known without resolving it: its column list,
     * else what SQLite names its first SELECT's result columns (alias, column name, or the text
     * written); none for a {@code *}, so that an unqualified name is never taken as the CTE's
     * when it might not be.
     */
    private static List<String> columnsOf(CommonTableExpr cte) {
        if (!cte.columns().isEmpty()) {
            return cte.columns();
        }
        List<String> out = new ArrayList<>();
        if (cte.select().first() instanceof SelectCore.Query q) {
            for (ResultColumn c : q.columns()) {
                if (c instanceof ResultColumn.Expression e) {
                    out.add(e.alias() != null ? e.alias()
                            : e.expr() instanceof Expr.ColumnRef ref ? ref.column() : e.text());
                }
            }
        }
        return out;
    }

    /** Whether every expression of {@code s} names only declared sources. */
    private boolean reads(SelectStmt s) {
        if (s.with() != null) {
            for (CommonTableExpr cte : s.with().ctes()) {
                if (!reads(cte.select())) {
                    return false;
                }
            }
        }
        for (SelectCore core : cores(s)) {
            if (core instanceof SelectCore.Values v) {
                for (List<Expr> row : v.rows()) {
                    if (!all(row)) {
                        return false;
                    }
                }
            } else if (core instanceof SelectCore.Query q) {
                for (ResultColumn c : q.columns()) {
                    if (c instanceof ResultColumn.Expression e && !reads(e.expr())) {
                        return false;
                    }
                }
                if (!q.windows().isEmpty() || !reads(q.from()) || !reads(q.where()) || !all(q.groupBy())
                        || !reads(q.having())) {
                    return false;
                }
            }
        }
        for (OrderingTerm t : s.orderBy()) {
            if (!reads(t.expr())) {
                return false;
            }
        }
        return reads(s.limit()) && reads(s.offset());
    }

    private boolean reads(FromItem f) {
        if (f instanceof FromItem.Subquery q) {
            return reads(q.select());
        }
        if (f instanceof Join j) {
            return j.using().isEmpty() && !j.natural() && reads(j.left()) && reads(j.right()) && reads(j.on());
        }
        return true;
    }

    private boolean all(List<Expr> exprs) {
        for (Expr e : exprs) {
            if (!reads(e)) {
                return false;
            }
        }
        return true;
    }

    private boolean reads(Expr e) {
        if (e == null) {
            return true;
        }
        if (e instanceof Expr.ColumnRef c) {
            return c.schema() == null && (c.table() != null ? names.contains(c.table().toLowerCase(Locale.ROOT))
                    : columns.contains(c.column().toLowerCase(Locale.ROOT)));
        }
        if (e instanceof Expr.FunctionCall f && (f.over() != null || Determinism.variesPerCall(planner.functions, f))) {
            return false;
        }
        if (e instanceof Expr.Subquery q) {
            return declare(q.select()) && reads(q.select());
        }
        if (e instanceof Expr.Exists x) {
            return declare(x.select()) && reads(x.select());
        }
        if (e instanceof Expr.InSelect in) {
            return reads(in.expr()) && declare(in.select()) && reads(in.select());
        }
        return all(ExprWalker.children(e));
    }

    private static List<SelectCore> cores(SelectStmt s) {
        return s.cores();
    }
}
