package io.onelite.sql.ast;

/**
 * A term of ORDER BY (in a SELECT, an aggregate's arguments, a window, UPDATE/DELETE ... ORDER BY).
 * A {@code COLLATE} stays inside {@link #expr} as {@link Expr.Collate}.
 *
 * @param order ASC/DESC, or null when not written
 */
public record OrderingTerm(Expr expr, SortOrder order, NullsOrder nulls) {
    public boolean descending() {
        return order == SortOrder.DESC;
    }
}
