package io.onelite.sql.ast;

import java.util.List;

/** A table constraint, with its optional {@code CONSTRAINT name} ({@code name}, null when absent). */
public sealed interface TableConstraint permits TableConstraint.PrimaryKey, TableConstraint.Unique,
        TableConstraint.Check, TableConstraint.ForeignKey {

    String name();

    /** {@code PRIMARY KEY (cols) [ON CONFLICT x]}; SQLite also accepts AUTOINCREMENT after a single column. */
    record PrimaryKey(String name, List<IndexedColumn> columns, ConflictAction onConflict, boolean autoincrement)
            implements TableConstraint {
        public PrimaryKey {
            columns = List.copyOf(columns);
        }
    }

    /** {@code UNIQUE (cols) [ON CONFLICT x]}. */
    record Unique(String name, List<IndexedColumn> columns, ConflictAction onConflict) implements TableConstraint {
        public Unique {
            columns = List.copyOf(columns);
        }
    }

    /** {@code CHECK (expr)}; text is the expression's source text. */
    record Check(String name, Expr expr, String text) implements TableConstraint {
    }

    /** {@code FOREIGN KEY (cols) REFERENCES ...}. */
    record ForeignKey(String name, List<String> columns, ForeignKeyClause references) implements TableConstraint {
        public ForeignKey {
            columns = List.copyOf(columns);
        }
    }
}
