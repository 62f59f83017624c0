package io.onelite.sql.ast;

/** {@code EXPLAIN stmt} or {@code EXPLAIN QUERY PLAN stmt}. */
public record ExplainStmt(boolean queryPlan, Stmt stmt) implements Stmt {
}
