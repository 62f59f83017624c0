package io.onelite.sql.ast;

import java.util.List;

/**
 * {@code col = expr} or {@code (a, b) = expr} in UPDATE and upsert. With several columns the value is
 * a {@link Expr.RowValue} or a {@link Expr.Subquery} returning as many columns.
 */
public record SetClause(List<String> columns, Expr value) {
    public SetClause {
        columns = List.copyOf(columns);
    }
}
