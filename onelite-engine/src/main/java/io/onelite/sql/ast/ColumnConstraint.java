package io.onelite.sql.ast;

/**
 * A column constraint. Each may carry a {@code CONSTRAINT name} ({@code name}, null when absent).
 * A bare {@code NULL} constraint is accepted and dropped, as SQLite does.
 */
public sealed interface ColumnConstraint permits ColumnConstraint.PrimaryKey, ColumnConstraint.NotNull,
        ColumnConstraint.Unique, ColumnConstraint.Check, ColumnConstraint.Default, ColumnConstraint.Collate,
        ColumnConstraint.References, ColumnConstraint.Generated {

    String name();

    /** {@code PRIMARY KEY [ASC|DESC] [ON CONFLICT x] [AUTOINCREMENT]}; order/onConflict null when absent. */
    record PrimaryKey(String name, SortOrder order, ConflictAction onConflict, boolean autoincrement)
            implements ColumnConstraint {
    }

    /** {@code NOT NULL [ON CONFLICT x]}. */
    record NotNull(String name, ConflictAction onConflict) implements ColumnConstraint {
    }

    /** {@code UNIQUE [ON CONFLICT x]}. */
    record Unique(String name, ConflictAction onConflict) implements ColumnConstraint {
    }

    /** {@code CHECK (expr)}; text is the expression's source text. */
    record Check(String name, Expr expr, String text) implements ColumnConstraint {
    }

    /**
     * {@code DEFAULT literal | signed-number | (expr) | identifier | CURRENT_...}.
     *
     * @param text the default as SQLite shows it in PRAGMA table_info's {@code dflt_value}: the source text
     *             (with parentheses for {@code (expr)}, with the sign for a signed number)
     */
    record Default(String name, Expr value, String text) implements ColumnConstraint {
    }

    /** {@code COLLATE name}. */
    record Collate(String name, String collation) implements ColumnConstraint {
    }

    /** {@code REFERENCES table [(cols)] [actions]}. */
    record References(String name, ForeignKeyClause foreignKey) implements ColumnConstraint {
    }

    /** {@code [GENERATED ALWAYS] AS (expr) [STORED|VIRTUAL]}; text is the expression's source text. */
    record Generated(String name, Expr expr, boolean stored, String text) implements ColumnConstraint {
    }
}
