package io.onelite.sql.ast;

/**
 * A column of CREATE INDEX, PRIMARY KEY (...), UNIQUE (...) or an upsert target:
 * {@code expr [COLLATE name] [ASC|DESC]}. A top-level COLLATE is taken out of {@link #expr}.
 *
 * @param expr      usually an {@link Expr.ColumnRef} without table; any expression for an index on expressions
 * @param collation the collation name, or null
 * @param order     ASC/DESC, or null when not written
 */
public record IndexedColumn(Expr expr, String collation, SortOrder order) {
    public boolean descending() {
        return order == SortOrder.DESC;
    }

    /** The column name when {@link #expr} is a plain column reference, else null. */
    public String columnName() {
        return expr instanceof Expr.ColumnRef c && c.table() == null ? c.column() : null;
    }
}
