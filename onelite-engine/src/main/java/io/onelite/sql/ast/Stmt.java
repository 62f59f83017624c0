package io.onelite.sql.ast;

/** One SQL statement. */
public sealed interface Stmt permits SelectStmt, InsertStmt, UpdateStmt, DeleteStmt,
        CreateTableStmt, CreateVirtualTableStmt, CreateIndexStmt, CreateViewStmt, CreateTriggerStmt, DropStmt, AlterTableStmt,
        TransactionStmt, PragmaStmt, ExplainStmt, MaintenanceStmt {
}
