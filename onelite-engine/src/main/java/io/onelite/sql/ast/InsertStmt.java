package io.onelite.sql.ast;

import java.util.List;

/**
 * {@code [WITH ...] INSERT [OR action] | REPLACE INTO [schema.]table [AS alias] [(cols)]
 * (VALUES ... | select | DEFAULT VALUES) [upsert ...] [RETURNING ...]}. {@code REPLACE INTO} is
 * {@code orConflict = REPLACE}. VALUES rows are a {@link SelectStmt} whose core is {@link SelectCore.Values}.
 *
 * @param orConflict null when not written
 * @param alias      null when not given
 * @param columns    empty when no column list is written
 * @param select     the rows; null for DEFAULT VALUES
 * @param upserts    the ON CONFLICT clauses in order, empty when none
 * @param returning  empty when there is no RETURNING clause
 */
public record InsertStmt(WithClause with, ConflictAction orConflict, QualifiedName table, String alias,
                         List<String> columns, SelectStmt select, List<Upsert> upserts,
                         List<ResultColumn> returning) implements Stmt {
    public InsertStmt {
        columns = List.copyOf(columns);
        upserts = List.copyOf(upserts);
        returning = List.copyOf(returning);
    }

    public boolean defaultValues() {
        return select == null;
    }
}
