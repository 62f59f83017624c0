package io.onelite.exec.value;

import java.util.Locale;

/**
 * A column's type affinity, as SQLite section 3.1 of "Datatypes In SQLite" defines it. An
 * expression that is not a column has no affinity; this API represents that as {@code null}
 * (SQLite's {@code SQLITE_AFF_NONE}), which is different from {@link #BLOB}.
 */
public enum Affinity {
    INTEGER, TEXT, BLOB, REAL, NUMERIC;

    /** True for NUMERIC, INTEGER and REAL (SQLite's {@code sqlite3IsNumericAffinity}). */
    public boolean isNumeric() {
        return this == INTEGER || this == REAL || this == NUMERIC;
    }

    /**
     * The affinity of a declared column type, by SQLite's five rules applied in order (as
     * {@code sqlite3AffinityType}): contains "INT" → INTEGER; "CHAR", "CLOB" or "TEXT" → TEXT;
     * "BLOB" or no type at all → BLOB; "REAL", "FLOA" or "DOUB" → REAL; otherwise NUMERIC.
     *
     * @param declaredType the type name as written (may be null or empty)
     */
    public static Affinity ofDeclaredType(String declaredType) {
        if (declaredType == null || declaredType.isBlank()) {
            return BLOB;
        }
        String t = declaredType.toUpperCase(Locale.ROOT);
        if (t.contains("INT")) {
            return INTEGER;
        }
        if (t.contains("CHAR") || t.contains("CLOB") || t.contains("TEXT")) {
            return TEXT;
        }
        if (t.contains("BLOB")) {
            return BLOB;
        }
        if (t.contains("REAL") || t.contains("FLOA") || t.contains("DOUB")) {
            return REAL;
        }
        return NUMERIC;
    }
}
