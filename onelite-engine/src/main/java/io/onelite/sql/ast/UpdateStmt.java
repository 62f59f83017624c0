package io.onelite.sql.ast;

import java.util.List;

/**
 * {@code [WITH ...] UPDATE [OR action] [schema.]table [AS alias] [INDEXED BY i | NOT INDEXED] SET ...
 * [FROM ...] [WHERE ...] [RETURNING ...] [ORDER BY ...] [LIMIT ... [OFFSET ...]]}.
 *
 * @param orConflict null when not written
 * @param from       null when absent
 */
public record UpdateStmt(WithClause with, ConflictAction orConflict, QualifiedName table, String alias,
                         String indexedBy, boolean notIndexed, List<SetClause> set, FromItem from, Expr where,
                         List<ResultColumn> returning, List<OrderingTerm> orderBy, Expr limit, Expr offset)
        implements Stmt {
    public UpdateStmt {
        set = List.copyOf(set);
        returning = List.copyOf(returning);
        orderBy = List.copyOf(orderBy);
    }
}
