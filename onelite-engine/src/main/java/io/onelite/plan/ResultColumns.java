package io.onelite.plan;

import io.onelite.sql.ast.Expr;

import java.util.List;

/** A SELECT core's result columns: {@code *} and {@code t.*} expanded, and the name a column reference shows. */
final class ResultColumns {
    private ResultColumns() {
    }

    static String columnName(Scope scope, Expr.ColumnRef c) {
        Scope.Ref r = scope.peek(c.table(), c.column());
        if (r != null && r.depth() == 0 && r.column() >= 0) {
            return r.source().columnNames().get(r.column());
        }
        return c.column();
    }

    static void expand(Scope scope, int slot, List<Expr> exprs, List<String> names) {
        Source s = scope.sources.get(slot);
        for (int i = 0; i < s.columnNames().size(); i++) {
            if (s.hidden()[i]) {
                continue;
            }
            Expr merged = scope.mergedUsing(slot, i); // a RIGHT/FULL JOIN's USING column
            exprs.add(merged != null ? merged : new Expr.ColumnRef(null, s.alias(), s.columnNames().get(i), false));
            names.add(s.columnNames().get(i));
        }
    }

    static void expandAll(Scope scope, int slot, List<Expr> exprs, List<String> names) {
        Source s = scope.sources.get(slot);
        for (int i = 0; i < s.columnNames().size(); i++) {
            Expr merged = scope.mergedUsing(slot, i); // as SQLite, t.* also reads a RIGHT/FULL JOIN's USING column merged
            exprs.add(merged != null ? merged : new Expr.ColumnRef(null, s.alias(), s.columnNames().get(i), false));
            names.add(s.columnNames().get(i));
        }
    }
}
