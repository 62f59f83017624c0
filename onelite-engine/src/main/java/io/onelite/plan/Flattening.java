package io.onelite.plan;

import io.onelite.catalog.Column;
import io.onelite.catalog.Table;
import io.onelite.sql.ast.Expr;
import io.onelite.sql.ast.FromItem;
import io.onelite.sql.ast.ResultColumn;
import io.onelite.sql.ast.SelectCore;
import io.onelite.sql.ast.SelectStmt;

import java.util.ArrayList;
import java.util.List;

/**
 * A view, FROM subquery or CTE read straight from its table, as SQLite's flattener does for a
 * query of one table that only picks and renames columns and filters rows ({@code SELECT id, a AS
 * x FROM t WHERE a > 0}): the FROM clause then reads the table itself under the view's name, its
 * WHERE joins the outer query's, and a join on the view's key seeks the table instead of
 * computing the view whole.
 *
 * <p>The source keeps the table's columns at the table's positions: those the view lists, under the
 * view's names, and the others under names no SQL text can write ({@link #INTERNAL}, left out of
 * {@code *}, NATURAL and USING), which only the moved WHERE reads. So name resolution, {@code *}
 * and result names see the view's columns as before, and no name of the table that the view
 * leaves out becomes visible (it could make a name of the outer query ambiguous).
 *
 * <p>Done only when the view's columns are plain columns of its table, each once (in the
 * table's order when the query has a NATURAL or USING join; {@code *} lists them in the view's
 * order, {@link Source#starOrder}); it has no DISTINCT, GROUP BY, HAVING, window, ORDER BY, LIMIT or WITH, and its
 * WHERE no subquery or parameter; and it sits where its WHERE may join the outer one (on no
 * outer join's nullable side, outside a parenthesised join). Everything else is planned as a
 * query of its own, as before.
 */
final class Flattening {
    /** Starts the names of the table's columns the view leaves out (SQL text cannot hold NUL). */
    static final String INTERNAL = "\u0000";

    /**
     * @param table   the table read
     * @param item    the view's FROM item (its INDEXED BY, and its name for the query plan)
     * @param columns per view column, the table column it reads
     * @param where   the view's WHERE, or null
     */
    record Flat(Table table, FromItem.Table item, int[] columns, Expr where) {
        /** The source under {@code alias}: the table's columns, the view's under {@code names}. */
        Source source(String alias, List<String> names) {
            int n = table.columns().size();
            List<String> all = new ArrayList<>(n);
            char[] affinities = new char[n];
            String[] collations = new String[n];
            boolean[] unlisted = new boolean[n];
            for (int i = 0; i < n; i++) {
                Column c = table.columns().get(i);
                all.add(INTERNAL + c.name());
                affinities[i] = c.affinity();
                collations[i] = c.collation();
                unlisted[i] = true;
            }
            int[] order = new int[n];
            for (int k = 0; k < columns.length; k++) {
                all.set(columns[k], names.get(k));
                unlisted[columns[k]] = false;
                order[k] = columns[k];
            }
            for (int i = 0, k = columns.length; i < n; i++) {
                if (unlisted[i]) {
                    order[k++] = i; // the unnamed ones after the view's, never listed
                }
            }
            // a view has no rowid to name
            return new Source(alias, table, all, affinities, collations, false, new boolean[n], unlisted, order);
        }

        /** The view's WHERE terms, each column named through the source {@code source}. */
        List<Expr> whereTerms(Source source) {
            if (where == null) {
                return List.of();
            }
            Expr moved = ColumnMapper.map(where, c -> new Expr.ColumnRef(null, source.alias(),
                    source.columnNames().get(table.columnIndex(c.column())), false));
            return CorePlanner.splitAnd(moved);
        }

        /** How the query plan names the table read, as SQLite shows a flattened view: by its own FROM item's name. */
        String planName() {
            return innerName(item);
        }
    }

    private Flattening() {
    }

    /**
     * {@code select} as a {@link Flat}, or null when it is not flattened (see the class comment);
     * {@code reorderable}: the query has no NATURAL or USING join, which list columns in their
     * source's order, so the view's columns may come in another order than its table's.
     */
    static Flat of(Planner planner, SelectStmt select, boolean reorderable) {
        if (select.with() != null || select.cores().size() != 1 || !select.orderBy().isEmpty() || select.limit() != null
                || !(select.cores().get(0) instanceof SelectCore.Query q) || q.distinct() || !q.groupBy().isEmpty()
                || q.having() != null || !q.windows().isEmpty() || !(q.from() instanceof FromItem.Table item)
                || item.name().schema() != null || planner.columnRefListener != null) {
            return null;
        }
        String name = item.name().name();
        if (planner.cte(name) != null || planner.working.containsKey(name.toLowerCase(java.util.Locale.ROOT))
                || planner.schema.view(item.name()) != null) {
            return null;
        }
        Table table = planner.schema.table(item.name());
        if (table == null) {
            return null;
        }
        String inner = innerName(item);
        List<Integer> columns = new ArrayList<>();
        for (ResultColumn rc : q.columns()) {
            if (rc instanceof ResultColumn.Star || rc instanceof ResultColumn.TableStar ts && ts.table().equalsIgnoreCase(inner)) {
                for (int i = 0; i < table.columns().size(); i++) {
                    columns.add(i);
                }
            } else if (rc instanceof ResultColumn.Expression e && e.expr() instanceof Expr.ColumnRef c
                    && tableColumn(table, inner, c) >= 0) {
                columns.add(tableColumn(table, inner, c));
            } else {
                return null;
            }
        }
        if (columns.stream().distinct().count() < columns.size()) {
            return null; // a column listed twice: the source names each column once
        }
        for (int k = 1; k < columns.size(); k++) {
            if (!reorderable && columns.get(k) <= columns.get(k - 1)) {
                return null; // NATURAL and USING read the source in the table's order
            }
        }
        if (q.where() != null && !readsOnly(q.where(), table, inner)) {
            return null;
        }
        return new Flat(table, item, columns.stream().mapToInt(Integer::intValue).toArray(), q.where());
    }

    private static String innerName(FromItem.Table item) {
        return item.alias() != null ? item.alias() : item.name().name();
    }

    /** The column of {@code table} (named {@code inner} in its query) that {@code c} names, or -1. */
    private static int tableColumn(Table table, String inner, Expr.ColumnRef c) {
        if (c.schema() != null || c.table() != null && !c.table().equalsIgnoreCase(inner)) {
            return -1;
        }
        return table.columnIndex(c.column());
    }

    /** Whether {@code e} reads only columns of the table (no rowid, subquery, parameter or window). */
    private static boolean readsOnly(Expr e, Table table, String inner) {
        if (e instanceof Expr.ColumnRef c) {
            return tableColumn(table, inner, c) >= 0;
        }
        if (ExprWalker.isSubquery(e) || e instanceof Expr.Param || e instanceof Expr.Raise
                || e instanceof Expr.FunctionCall f && (f.over() != null || f.filter() != null)) {
            return false;
        }
        for (Expr c : ExprWalker.children(e)) {
            if (!readsOnly(c, table, inner)) {
                return false;
            }
        }
        return true;
    }
}
