package io.onelite.sql.ast;

import java.util.List;

/**
 * {@code name [(col, ...)] AS [[NOT] MATERIALIZED] (select)}.
 *
 * @param columns the column list, empty when not written
 */
public record CommonTableExpr(String name, List<String> columns, Materialized materialized, SelectStmt select) {
    public CommonTableExpr {
        columns = List.copyOf(columns);
    }

    /** The optional MATERIALIZED hint. */
    public enum Materialized { DEFAULT, MATERIALIZED, NOT_MATERIALIZED }
}
