package io.onelite.sql.ast;

import java.util.List;

/**
 * {@code CREATE [TEMP] VIEW [IF NOT EXISTS] [schema.]name [(cols)] AS select}.
 *
 * @param columns empty when no column list is written
 * @param sql     the text SQLite stores: {@code "CREATE VIEW "} + source text from the view name to the end
 */
public record CreateViewStmt(boolean temp, boolean ifNotExists, QualifiedName name, List<String> columns,
                             SelectStmt select, String sql) implements Stmt {
    public CreateViewStmt {
        columns = List.copyOf(columns);
    }
}
