package io.onelite.sql.ast;

import java.util.List;

/**
 * {@code CREATE [UNIQUE] INDEX [IF NOT EXISTS] [schema.]name ON table (cols) [WHERE expr]}.
 *
 * @param where the partial-index condition, or null
 * @param sql   the text SQLite stores: {@code "CREATE [UNIQUE ]INDEX "} + source text from the index name
 *              (without schema) to the end of the statement
 */
public record CreateIndexStmt(boolean unique, boolean ifNotExists, QualifiedName name, String table,
                              List<IndexedColumn> columns, Expr where, String sql) implements Stmt {
    public CreateIndexStmt {
        columns = List.copyOf(columns);
    }
}
