package io.onelite.catalog;

import io.onelite.sql.ast.CreateTriggerStmt;

/** A trigger, kept as its parsed CREATE TRIGGER. */
public record Trigger(String name, String table, CreateTriggerStmt stmt, String sql) {
}
