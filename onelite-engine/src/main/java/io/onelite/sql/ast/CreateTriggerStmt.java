package io.onelite.sql.ast;

import java.util.List;

/**
 * {@code CREATE [TEMP] TRIGGER [IF NOT EXISTS] [schema.]name [BEFORE|AFTER|INSTEAD OF] event ON table
 * [FOR EACH ROW] [WHEN expr] BEGIN stmt; ... END}.
 *
 * @param time          BEFORE when not written (SQLite's default)
 * @param updateColumns the columns of {@code UPDATE OF ...}, empty otherwise
 * @param tableSchema   the schema written before the table ({@code ON main.t}), or null
 * @param when          null when absent
 * @param body          INSERT, UPDATE, DELETE and SELECT statements
 * @param sql           the text SQLite stores: {@code "CREATE TRIGGER "} + source text from the trigger name
 *                      to the closing END
 */
public record CreateTriggerStmt(boolean temp, boolean ifNotExists, QualifiedName name, Time time, Event event,
                                List<String> updateColumns, String table, String tableSchema, boolean forEachRow, Expr when,
                                List<Stmt> body, String sql) implements Stmt {
    public CreateTriggerStmt {
        updateColumns = List.copyOf(updateColumns);
        body = List.copyOf(body);
    }

    public enum Time { BEFORE, AFTER, INSTEAD_OF }

    public enum Event { DELETE, INSERT, UPDATE }
}
