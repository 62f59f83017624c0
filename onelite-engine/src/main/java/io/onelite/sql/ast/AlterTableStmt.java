package io.onelite.sql.ast;

/** {@code ALTER TABLE [schema.]table action}. */
public record AlterTableStmt(QualifiedName table, Action action) implements Stmt {

    public sealed interface Action permits RenameTable, RenameColumn, AddColumn, DropColumn {
    }

    /** {@code RENAME TO newName}. */
    public record RenameTable(String newName) implements Action {
    }

    /**
     * {@code RENAME [COLUMN] oldName TO newName}.
     *
     * @param newNameQuoted whether the new name was written quoted: SQLite then writes it quoted
     *                      wherever it puts it
     */
    public record RenameColumn(String oldName, String newName, boolean newNameQuoted) implements Action {
        /** A new name written bare. */
        public RenameColumn(String oldName, String newName) {
            this(oldName, newName, false);
        }
    }

    /** {@code ADD [COLUMN] column-def}; the definition's {@link ColumnDef#text()} is its source text. */
    public record AddColumn(ColumnDef column) implements Action {
    }

    /** {@code DROP [COLUMN] name}. */
    public record DropColumn(String column) implements Action {
    }
}
