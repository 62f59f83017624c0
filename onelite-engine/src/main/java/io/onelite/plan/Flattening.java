package io.onelite.plan;

import io.onelite.catalog.Column;
import io.onelite.catalog.Table;
import io.onelite.sql.ast.ColumnConstraint;
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
 * leaves out becomes visible (it could make a name of the outer query ambiguous). A column the
 * view computes ({@code a + b AS s}, or a column listed a second time) is added after the
 * table's as a VIRTUAL generated column ({@link #withComputed}): computed from the row only
 * where the query reads it, as SQLite's flattener substitutes the expression. {@code *},
 * NATURAL and USING list the columns in the view's order ({@link Source#starOrder}).
 *
 * <p>Done only when the view's columns read only its table's columns (no rowid, subquery,
 * parameter, aggregate or window); it has no DISTINCT, GROUP BY, HAVING, window, ORDER BY, LIMIT or WITH, and its
 * WHERE no subquery or parameter; and it sits where its WHERE may join the outer one (on no
 * outer join's nullable side, outside a parenthesised join). Everything else is planned as a
 * query of its own, with the WHERE terms pushed into it ({@link PushDown}).
 */
final class Flattening {
    /** Starts the names of the table's columns the view leaves out (SQL text cannot hold NUL). */
    static final String INTERNAL = "\u0000";

    /**
     * @param table   the table read, with the view's computed columns after its own
     * @param item    the view's FROM item (its INDEXED BY, and its name for the query plan)
     * @param columns per view column, the column of {@code table} it reads
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

    /** {@code select} as a {@link Flat}, or null when it is not flattened (see the class comment). */
    static Flat of(Planner planner, SelectStmt select) {
        if (select.with() != null || select.cores().size() != 1 || !select.orderBy().isEmpty() || select.limit() != null
                || !(select.cores().get(0) instanceof SelectCore.Query q) || q.distinct() || !q.groupBy().isEmpty()
                || q.having() != null || !q.windows().isEmpty() || !(q.from() instanceof FromItem.Table item)
                || item.name().schema() != null || planner.columnRefListener != null) {
            return null;
        }
        String name = item.name().name();
        if (planner.cte(name) != null || planner.cteExpansion.read(item) != null
                || planner.schema.view(item.name()) != null) {
            return null;
        }
        Table table = planner.schema.table(item.name());
        if (table == null) {
            return null;
        }
        String inner = innerName(item);
        List<Integer> columns = new ArrayList<>();
        List<Expr> computed = new ArrayList<>();
        boolean[] listed = new boolean[table.columns().size()];
        for (ResultColumn rc : q.columns()) {
            if (rc instanceof ResultColumn.Star || rc instanceof ResultColumn.TableStar ts && ts.table().equalsIgnoreCase(inner)) {
                for (int i = 0; i < table.columns().size(); i++) {
                    columns.add(listed[i] ? computedColumn(table, computed, new Expr.ColumnRef(null, null,
                            table.columns().get(i).name(), false)) : i);
                    listed[i] = true;
                }
            } else if (rc instanceof ResultColumn.Expression e && e.expr() instanceof Expr.ColumnRef c
                    && tableColumn(table, inner, c) >= 0 && !listed[tableColumn(table, inner, c)]) {
                columns.add(tableColumn(table, inner, c));
                listed[tableColumn(table, inner, c)] = true;
            } else if (rc instanceof ResultColumn.Expression e && computable(planner, e.expr(), table, inner)) {
                columns.add(computedColumn(table, computed, unqualified(e.expr())));
            } else {
                return null;
            }
        }
        if (q.where() != null && !readsOnly(q.where(), table, inner)) {
            return null;
        }
        Table read = computed.isEmpty() ? table : withComputed(planner, table, computed);
        return new Flat(read, item, columns.stream().mapToInt(Integer::intValue).toArray(), q.where());
    }

    /**
     * Whether the view column {@code e}, not a plain column listed for the first time, may be
     * read as a column computed from the table's row ({@link #withComputed}): it reads only the
     * table's columns and calls no aggregate. It is computed at each reference, as SQLite's
     * flattener substitutes it: {@code random()} there gives another value each time it is read.
     */
    private static boolean computable(Planner planner, Expr e, Table table, String inner) {
        return readsOnly(e, table, inner) && !AggregateCalls.containsAggregate(planner.functions, e);
    }

    /** {@code e} with its column references unqualified: the computed column reads its own row only. */
    private static Expr unqualified(Expr e) {
        return ColumnMapper.map(e, c -> new Expr.ColumnRef(null, null, c.column(), c.quoted()));
    }

    /** Adds {@code e} to the computed columns; its column in the table read ({@link #withComputed}). */
    private static int computedColumn(Table table, List<Expr> computed, Expr e) {
        computed.add(e);
        return table.columns().size() + computed.size() - 1;
    }

    /**
     * {@code table} with the view's computed columns after its own, as VIRTUAL generated columns
     * (computed from the row when read, never stored), under names no SQL text can write. Each
     * has its expression's affinity and collation, as the view's column has (SQLite's flattener
     * keeps the expression's collation as the column's implicit one).
     */
    private static Table withComputed(Planner planner, Table table, List<Expr> computed) {
        List<Column> columns = new ArrayList<>(table.columns());
        Scope row = Writers.rowScope(table, null);
        for (int k = 0; k < computed.size(); k++) {
            Expr e = computed.get(k);
            CExpr c = new ExprCompiler(planner, row).compile(e);
            // '@' (none) where the expression has no affinity, as SQLite's subquery column: unlike
            // BLOB, it takes the other side's in a comparison
            columns.add(new Column(INTERNAL + "computed " + k, "", c.affinity(), false, null, null, c.collation(), 0,
                    null, null, new ColumnConstraint.Generated(null, e, false, null)));
        }
        return new Table(table.name(), columns, table.rowidAlias(), table.primaryKey(), table.withoutRowid(),
                table.autoincrement(), table.root(), table.sql(), table.checks(), table.foreignKeys(),
                table.indexes(), table.clustered(), table.db(), table.strict());
    }

    /**
     * Whether {@code s} is a flattened view or subquery ({@link Flat#source}): a table read under
     * the view's name, whose rowid the query cannot name.
     */
    static boolean isFlattened(Source s) {
        return s.table() != null && !s.hasRowid() && !s.table().withoutRowid();
    }

    /** Whether column {@code c} of the table read is one of the view's computed columns ({@link #withComputed}). */
    static boolean isComputed(Column c) {
        return c.generated() != null && c.name().startsWith(INTERNAL);
    }

    /** The column of {@code t} that computed column {@code c} copies ({@code SELECT a, a AS a2}), or null. */
    static Column copiedColumn(Table t, Column c) {
        int copied = copied(t, c);
        return copied >= 0 ? t.columns().get(copied) : null;
    }

    /** The position in {@code t} of the column that computed column {@code c} copies, or -1. */
    private static int copied(Table t, Column c) {
        return c.generated().expr() instanceof Expr.ColumnRef r ? t.columnIndex(r.column()) : -1;
    }

    /**
     * Whether computed column {@code column} of {@code t} is a second reference to the rowid
     * alias, which SQLite's flattener leaves without a collation, as the rowid itself.
     */
    static boolean copiesRowid(Table t, int column) {
        return t.rowidAlias() >= 0 && column < t.columns().size() && isComputed(t.columns().get(column))
                && copied(t, t.columns().get(column)) == t.rowidAlias();
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
