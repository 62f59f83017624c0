package io.onelite.catalog;

import io.onelite.sql.ast.CreateTriggerStmt;

/**
 * A trigger, kept as its parsed CREATE TRIGGER.
 *
 * @param db the schema holding the trigger; a trigger outside temp fires on, and its body reads,
 *           its own database's tables only (SQLite's rule), a temp trigger may sit on any table
 */
public record Trigger(String name, String table, CreateTriggerStmt stmt, String sql, String db) {
    public Trigger(String name, String table, CreateTriggerStmt stmt, String sql) {
        this(name, table, stmt, sql, Table.MAIN);
    }
}
