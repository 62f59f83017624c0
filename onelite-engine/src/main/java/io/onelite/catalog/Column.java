package io.onelite.catalog;

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
 */
public record Column(String name, String declaredType, char affinity, boolean notNull, Expr defaultValue,
                     String defaultText, String collation, int primaryKey) {

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
