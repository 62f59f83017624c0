package io.onelite.sql.ast;

/**
 * {@code [schema.]name}, both dequoted.
 *
 * @param schema the schema ({@code main}, {@code temp}, an attached name) or null when not given
 * @param name   the object name
 */
public record QualifiedName(String schema, String name) {
    public QualifiedName {
        java.util.Objects.requireNonNull(name, "name");
    }

    public static QualifiedName of(String name) {
        return new QualifiedName(null, name);
    }

    @Override
    public String toString() {
        return schema == null ? name : schema + "." + name;
    }
}
