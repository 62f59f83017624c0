package io.onelite.plan;

import io.onelite.catalog.Table;
import io.onelite.sql.ast.Expr;
import io.onelite.sql.ast.IndexedColumn;
import io.onelite.sql.ast.Upsert;

import java.util.ArrayList;
import java.util.List;

/**
 * The names of an ON CONFLICT target, resolved as SQLite's sqlite3UpsertAnalyzeTarget resolves
 * them before it looks for the constraint the target names: against the table alone (no
 * "excluded"), the terms then the target's WHERE. So an unknown name is the error reported
 * ("no such column: x"), not the constraint the target then misses, and {@code t.a} or
 * {@code rowid} name what they name anywhere else.
 */
final class UpsertTargets {
    /** A term that is an expression, not a column: it matches no constraint of plain columns. */
    static final int EXPRESSION = -3;
    /** A term naming the rowid by one of its names. */
    static final int ROWID = -1;

    private UpsertTargets() {
    }

    /**
     * The column each term of {@code u}'s target names ({@link #ROWID}, {@link #EXPRESSION});
     * throws the error of a name that resolves nowhere. A term that is the plain name of a
     * column is taken as it is; only the others are compiled.
     */
    static List<Integer> columns(Planner planner, Table t, String alias, Upsert u) {
        Scope scope = null;
        List<Integer> columns = new ArrayList<>();
        for (IndexedColumn term : u.target()) {
            String name = term.columnName();
            int c = name == null ? -1 : t.columnIndex(name);
            if (c < 0) {
                scope = scope != null ? scope : Writers.rowScope(t, alias);
                new ExprCompiler(planner, scope).compile(term.expr());
                c = term.expr() instanceof Expr.ColumnRef ref ? columnOf(scope, ref) : EXPRESSION;
            }
            columns.add(c);
        }
        if (u.targetWhere() != null) {
            new ExprCompiler(planner, scope != null ? scope : Writers.rowScope(t, alias)).compile(u.targetWhere());
        }
        return columns;
    }

    /** The column {@code ref}, which compiled in {@code scope}, names; a double-quoted string is an expression. */
    private static int columnOf(Scope scope, Expr.ColumnRef ref) {
        Scope.Ref r = scope.peek(ref.table(), ref.column());
        return r == null ? EXPRESSION : r.column() < 0 ? ROWID : r.column();
    }
}
