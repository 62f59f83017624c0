package io.onelite.plan;

import io.onelite.catalog.Column;
import io.onelite.catalog.Schema;
import io.onelite.catalog.Table;
import io.onelite.sql.ast.Expr;
import io.onelite.sql.ast.FromItem;
import io.onelite.sql.ast.Join;
import io.onelite.sql.ast.SelectCore;

import java.util.ArrayList;
import java.util.List;

/**
 * SQLite's LEFT JOIN simplification: a LEFT JOIN whose right table the WHERE clause cannot
 * accept as all NULLs (a term like {@code s.carrier = 'ups'} is never true for a NULL-extended
 * row) returns the rows of an inner join, so it is planned as one, as sqlite3Select does with
 * {@code sqlite3ExprImpliesNonNullRow}: its ON terms may then serve lookups in any loop order,
 * and its WHERE terms lookups of its table. Applied to a FROM clause joined left to right
 * without RIGHT or FULL JOIN whose LEFT JOINs have plain tables on their right (a subquery, view
 * or CTE may stand elsewhere; an ON term on such a source alone then reaches it as a WHERE term
 * does, as in SQLite); the test is SQLite's walk of the WHERE clause ({@link #impliesNonNullRow}).
 */
final class LeftJoinSimplification {
    private LeftJoinSimplification() {
    }

    /** {@code q} with each LEFT JOIN its WHERE clause makes inner turned into an inner join (or {@code q} itself). */
    static SelectCore.Query apply(Schema schema, SelectCore.Query q) {
        if (q.where() == null || !(q.from() instanceof Join)) {
            return q;
        }
        List<Source> sources = new ArrayList<>();
        if (!collect(schema, q.from(), sources)) {
            return q;
        }
        FromItem from = rewrite(q.from(), q.where(), sources);
        return from == q.from() ? q : new SelectCore.Query(q.distinct(), q.columns(), from, q.where(), q.groupBy(),
                q.having(), q.windows());
    }

    /**
     * A source of the FROM clause: the name it is known by, its table (null for a subquery, view
     * or CTE, whose columns are not known here), the USING names of its join.
     */
    private record Source(String name, Table table, List<String> using) {
        boolean known() {
            return table != null;
        }

        boolean has(String column) {
            if (table == null) {
                return false;
            }
            for (Column c : table.columns()) {
                if (c.name().equalsIgnoreCase(column)) {
                    return true;
                }
            }
            return false;
        }
    }

    /** Lists the sources of a left-deep join whose LEFT JOINs have plain tables on their right; false for any other shape. */
    private static boolean collect(Schema schema, FromItem item, List<Source> out) {
        if (item instanceof FromItem.Table t) {
            // a view, a CTE or an unknown name has no known columns
            out.add(new Source(t.alias() != null ? t.alias() : t.name().name(), schema.table(t.name()), List.of()));
            return true;
        }
        if (item instanceof FromItem.Subquery sq) {
            out.add(new Source(sq.alias(), null, List.of()));
            return true;
        }
        if (item instanceof Join j && j.type() != Join.JoinType.RIGHT && j.type() != Join.JoinType.FULL
                && !(j.right() instanceof Join) && !j.natural() && collect(schema, j.left(), out)
                && collect(schema, j.right(), out)
                && (j.type() != Join.JoinType.LEFT || out.get(out.size() - 1).known())) {
            Source right = out.remove(out.size() - 1);
            out.add(new Source(right.name, right.table, j.using()));
            return true;
        }
        return false;
    }

    private static FromItem rewrite(FromItem item, Expr where, List<Source> sources) {
        if (!(item instanceof Join j)) {
            return item;
        }
        FromItem left = rewrite(j.left(), where, sources);
        Source right = sources.get(count(left));
        boolean inner = j.type() == Join.JoinType.LEFT && impliesNonNullRow(where, right, sources);
        if (left == j.left() && !inner) {
            return j;
        }
        return new Join(left, inner ? Join.JoinType.INNER : j.type(), j.natural(), j.right(), j.on(), j.using());
    }

    private static int count(FromItem item) {
        return item instanceof Join j ? count(j.left()) + 1 : 1;
    }

    /**
     * Whether {@code where} is false or NULL whenever every column of {@code t} is NULL, as
     * SQLite's sqlite3ExprImpliesNonNullRow decides it: one AND term that does; an IS NOT NULL
     * of one of its columns; or a walk that meets one of its columns, going into operators and
     * comparisons but not into functions (LIKE and GLOB are functions there), CASE, IS, IS NULL,
     * IS NOT NULL inside, row values or subqueries, into only the left operand of IN (a list not
     * empty) and BETWEEN, and needing both sides of an AND or OR.
     */
    private static boolean impliesNonNullRow(Expr where, Source t, List<Source> sources) {
        Expr p = CorePlanner.skipCollateAndLikely(where);
        if (p instanceof Expr.IsNull n && n.not()) {
            return refers(n.expr(), t, sources);
        }
        while (p instanceof Expr.Binary b && b.op() == Expr.BinaryOp.AND) {
            if (impliesNonNullRow(b.left(), t, sources)) {
                return true;
            }
            p = CorePlanner.skipCollateAndLikely(b.right());
        }
        return refers(p, t, sources);
    }

    /** SQLite's impliesNotNullRow walk: whether {@code e} meets a column of {@code t} where a NULL makes it NULL. */
    private static boolean refers(Expr e, Source t, List<Source> sources) {
        if (e instanceof Expr.ColumnRef c) {
            return isColumnOf(c, t, sources);
        }
        if (e instanceof Expr.Binary b) {
            return switch (b.op()) {
                case IS, IS_NOT, JSON_ARROW, JSON_ARROW2 -> false;
                case AND, OR -> refers(b.left(), t, sources) && refers(b.right(), t, sources);
                default -> refers(b.left(), t, sources) || refers(b.right(), t, sources);
            };
        }
        if (e instanceof Expr.Unary u) {
            return refers(u.operand(), t, sources);
        }
        if (e instanceof Expr.Collate c) {
            return refers(c.expr(), t, sources);
        }
        if (e instanceof Expr.Cast c) {
            return refers(c.expr(), t, sources);
        }
        if (e instanceof Expr.InList in) {
            return !in.values().isEmpty() && refers(in.expr(), t, sources);
        }
        if (e instanceof Expr.Between b) {
            return refers(b.expr(), t, sources);
        }
        return false; // functions, LIKE, CASE, IS [NOT] NULL, row values, subqueries, literals
    }

    /** Whether the reference names a column (or the rowid) of {@code t}, as the FROM clause resolves it. */
    private static boolean isColumnOf(Expr.ColumnRef c, Source t, List<Source> sources) {
        if (c.schema() != null) {
            return false; // schema.table.column: left alone
        }
        if (c.table() != null) {
            return c.table().equalsIgnoreCase(t.name) && (t.has(c.column()) || Scope.isRowidName(c.column()));
        }
        if (!t.has(c.column())) {
            return false;
        }
        for (Source s : sources) {
            if (s != t && (!s.known() || s.has(c.column())) || containsIgnoreCase(s.using, c.column())) {
                return false; // another table's (perhaps: a source of unknown columns), or a USING column
            }
        }
        return true;
    }

    private static boolean containsIgnoreCase(List<String> names, String name) {
        for (String n : names) {
            if (n.equalsIgnoreCase(name)) {
                return true;
            }
        }
        return false;
    }
}
