package io.onelite.sql.ast;

/** VACUUM, ANALYZE, REINDEX, ATTACH and DETACH. */
public sealed interface MaintenanceStmt extends Stmt permits MaintenanceStmt.Vacuum, MaintenanceStmt.Analyze,
        MaintenanceStmt.Reindex, MaintenanceStmt.Attach, MaintenanceStmt.Detach {

    /** {@code VACUUM [schema] [INTO expr]}; both null when absent. */
    record Vacuum(String schema, Expr into) implements MaintenanceStmt {
    }

    /** {@code ANALYZE [[schema.]name]}; target null when absent. */
    record Analyze(QualifiedName target) implements MaintenanceStmt {
    }

    /** {@code REINDEX [[schema.]name]}; target null when absent (a collation, table or index name). */
    record Reindex(QualifiedName target) implements MaintenanceStmt {
    }

    /** {@code ATTACH [DATABASE] file AS schema [KEY key]}; key null when absent. */
    record Attach(Expr file, Expr schema, Expr key) implements MaintenanceStmt {
    }

    /** {@code DETACH [DATABASE] schema}. */
    record Detach(Expr schema) implements MaintenanceStmt {
    }
}
