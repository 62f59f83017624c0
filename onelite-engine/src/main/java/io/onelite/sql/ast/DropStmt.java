package io.onelite.sql.ast;

/** {@code DROP TABLE|INDEX|VIEW|TRIGGER [IF EXISTS] [schema.]name}. */
public record DropStmt(ObjectKind kind, boolean ifExists, QualifiedName name) implements Stmt {

    /** The kind of schema object, named as in {@code sqlite_schema.type}. */
    public enum ObjectKind {
        TABLE, INDEX, VIEW, TRIGGER;

        public String type() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }
}
