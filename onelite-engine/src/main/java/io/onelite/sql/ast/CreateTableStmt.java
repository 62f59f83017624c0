package io.onelite.sql.ast;

import java.util.List;

/**
 * {@code CREATE [TEMP] TABLE [IF NOT EXISTS] [schema.]name (columns, constraints) [options]} or
 * {@code ... AS select}.
 *
 * @param columns     empty for AS SELECT
 * @param constraints the table constraints, empty when none
 * @param asSelect    the SELECT of {@code CREATE TABLE ... AS}, else null
 * @param sql         the text SQLite stores in {@code sqlite_schema.sql}: {@code "CREATE TABLE "} followed by
 *                    the source text from the table name (without schema) to the end of the statement
 *                    (no ';'); null for AS SELECT, whose stored text SQLite generates from the result columns
 */
public record CreateTableStmt(boolean temp, boolean ifNotExists, QualifiedName name, List<ColumnDef> columns,
                              List<TableConstraint> constraints, boolean withoutRowid, boolean strict,
                              SelectStmt asSelect, String sql) implements Stmt {
    public CreateTableStmt {
        columns = List.copyOf(columns);
        constraints = List.copyOf(constraints);
    }
}
