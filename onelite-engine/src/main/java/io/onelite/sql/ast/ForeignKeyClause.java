package io.onelite.sql.ast;

import java.util.List;

/**
 * {@code REFERENCES table [(cols)] [ON DELETE a] [ON UPDATE a] [MATCH name] [[NOT] DEFERRABLE [INITIALLY
 * DEFERRED|IMMEDIATE]]}.
 *
 * @param columns  the parent columns, empty when not written (the parent's primary key)
 * @param onDelete {@link Action#NO_ACTION} when absent
 * @param onUpdate {@link Action#NO_ACTION} when absent
 * @param match    the MATCH name or null (SQLite parses and ignores it)
 * @param deferred true only for {@code DEFERRABLE INITIALLY DEFERRED}
 */
public record ForeignKeyClause(String table, List<String> columns, Action onDelete, Action onUpdate, String match,
                               boolean deferred) {
    public ForeignKeyClause {
        columns = List.copyOf(columns);
    }

    public enum Action {
        NO_ACTION, RESTRICT, SET_NULL, SET_DEFAULT, CASCADE;

        public String sql() {
            return name().replace('_', ' ');
        }
    }
}
