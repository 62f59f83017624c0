package io.onelite.sql.ast;

import java.util.List;

/**
 * A column definition: {@code name [type] [constraint ...]}.
 *
 * @param type null when no type is declared
 * @param text the definition's source text (ALTER TABLE ADD COLUMN splices it into the stored CREATE TABLE)
 */
public record ColumnDef(String name, TypeName type, List<ColumnConstraint> constraints, String text) {
    public ColumnDef {
        constraints = List.copyOf(constraints);
    }

    /** The declared type text, "" when none (what PRAGMA table_info reports). */
    public String declaredType() {
        return type == null ? "" : type.text();
    }

    /** The first constraint of the given kind, or null. */
    public <T extends ColumnConstraint> T constraint(Class<T> kind) {
        for (ColumnConstraint c : constraints) {
            if (kind.isInstance(c)) {
                return kind.cast(c);
            }
        }
        return null;
    }
}
