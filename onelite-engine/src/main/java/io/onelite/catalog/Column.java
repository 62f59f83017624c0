package io.onelite.catalog;

import io.onelite.sql.ast.ColumnConstraint;
import io.onelite.sql.ast.ConflictAction;
import io.onelite.sql.ast.Expr;

import java.util.Locale;

/**
 * A table column.
 *
 * @param declaredType the declared type text, "" when none
 * @param affinity     SQLite's affinity letter: 'A' BLOB (none), 'B' TEXT, 'C' NUMERIC, 'D' INTEGER, 'E' REAL
 * @param defaultValue the DEFAULT expression or null
 * @param defaultText  the DEFAULT as PRAGMA table_info shows it, or null
 * @param collation    the declared COLLATE name or null (BINARY)
 * @param primaryKey   1-based position in the primary key, 0 when not part of it
 * @param notNullConflict    the NOT NULL constraint's {@code ON CONFLICT} algorithm, null when not written
 * @param primaryKeyConflict the PRIMARY KEY's {@code ON CONFLICT} algorithm when this column is in it, else null
 * @param generated    {@code AS (expr) [STORED|VIRTUAL]} of a generated column, else null
 */
public record Column(String name, String declaredType, char affinity, boolean notNull, Expr defaultValue,
                     String defaultText, String collation, int primaryKey, ConflictAction notNullConflict,
                     ConflictAction primaryKeyConflict, ColumnConstraint.Generated generated) {

    /** An ordinary (not generated) column. */
    public Column(String name, String declaredType, char affinity, boolean notNull, Expr defaultValue,
                  String defaultText, String collation, int primaryKey, ConflictAction notNullConflict,
                  ConflictAction primaryKeyConflict) {
        this(name, declaredType, affinity, notNull, defaultValue, defaultText, collation, primaryKey, notNullConflict,
                primaryKeyConflict, null);
    }

    /** A column without declared conflict algorithms. */
    public Column(String name, String declaredType, char affinity, boolean notNull, Expr defaultValue,
                  String defaultText, String collation, int primaryKey) {
        this(name, declaredType, affinity, notNull, defaultValue, defaultText, collation, primaryKey, null, null);
    }

    /** A generated column whose value is not stored in the record but computed when read. */
    public boolean isVirtual() {
        return generated != null && !generated.stored();
    }

    /** The affinity of a declared type, by SQLite's five rules (datatype3.html section 3.1). */
    public static char affinityOf(String declaredType) {
        if (declaredType == null) {
            return 'A';
        }
        String t = declaredType.toUpperCase(Locale.ROOT);
        if (t.contains("INT")) {
            return 'D';
        }
        if (t.contains("CHAR") || t.contains("CLOB") || t.contains("TEXT")) {
            return 'B';
        }
        if (t.contains("BLOB") || t.isEmpty()) {
            return 'A';
        }
        if (t.contains("REAL") || t.contains("FLOA") || t.contains("DOUB")) {
            return 'E';
        }
        return 'C';
    }
}
