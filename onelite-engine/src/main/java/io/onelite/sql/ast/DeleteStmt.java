package io.onelite.sql.ast;

import java.util.List;

/**
 * {@code [WITH ...] DELETE FROM [schema.]table [AS alias] [INDEXED BY i | NOT INDEXED] [WHERE ...]
 * [RETURNING ...] [ORDER BY ...] [LIMIT ... [OFFSET ...]]}.
 */
public record DeleteStmt(WithClause with, QualifiedName table, String alias, String indexedBy, boolean notIndexed,
                         Expr where, List<ResultColumn> returning, List<OrderingTerm> orderBy, Expr limit,
                         Expr offset) implements Stmt {
    public DeleteStmt {
        returning = List.copyOf(returning);
        orderBy = List.copyOf(orderBy);
    }
}
