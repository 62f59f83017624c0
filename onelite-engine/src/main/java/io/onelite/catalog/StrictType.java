package io.onelite.catalog;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;

import java.util.List;

/**
 * The six datatypes a column of a STRICT table declares (SQLite 3.37+, stricttables.html), in the
 * order of SQLite's {@code sqlite3StdType}, and the rules CREATE TABLE ... STRICT adds.
 *
 * <p>CREATE TABLE (and ALTER TABLE ADD COLUMN) on a STRICT table, as {@code sqlite3EndTable}:
 * <ol>
 *   <li>every column declares one of the six, spelled exactly in any case (quotes allowed:
 *       {@code "int"}); else {@code missing datatype for t.c} or {@code unknown datatype for t.c:
 *       "VARCHAR(10)"} (the type as written), SQLITE_ERROR;</li>
 *   <li>an ANY column gets no affinity (BLOB), where the usual rules would give NUMERIC;</li>
 *   <li>a PRIMARY KEY column other than the rowid alias is NOT NULL.</li>
 * </ol>
 *
 * <p>What a column stores once its affinity has been applied, as {@code OP_TypeCheck} checks on
 * each write and {@code PRAGMA integrity_check} on each stored row (its {@code aStdTypeMask}):
 * <table>
 *   <tr><th>type</th><th>affinity</th><th>accepts, besides NULL</th></tr>
 *   <tr><td>ANY</td><td>none</td><td>any value, kept as given ({@code '000123'} stays TEXT)</td></tr>
 *   <tr><td>BLOB</td><td>none</td><td>BLOB</td></tr>
 *   <tr><td>INT, INTEGER</td><td>INTEGER</td><td>INTEGER</td></tr>
 *   <tr><td>REAL</td><td>REAL</td><td>REAL; INTEGER too, as a whole REAL may be stored as one on disk</td></tr>
 *   <tr><td>TEXT</td><td>TEXT</td><td>TEXT</td></tr>
 * </table>
 */
public enum StrictType {
    ANY, BLOB, INT, INTEGER, REAL, TEXT;

    /** The datatype a declared type names (case-insensitive, the whole text), or null when it is none of the six. */
    public static StrictType of(String declaredType) {
        if (declaredType == null) {
            return null;
        }
        for (StrictType t : values()) {
            if (t.name().equalsIgnoreCase(declaredType)) {
                return t;
            }
        }
        return null;
    }

    /**
     * Whether a column of this type may store {@code value} (affinity applied); NULL always may,
     * NOT NULL being checked apart.
     */
    public boolean accepts(Object value) {
        return value == null || switch (this) {
            case ANY -> true;
            case BLOB -> value instanceof byte[];
            case INT, INTEGER -> value instanceof Long;
            case REAL -> value instanceof Double || value instanceof Long;
            case TEXT -> value instanceof String;
        };
    }

    /** A value's storage class as SQLite's messages name it ({@code vdbeMemTypeName}): INT, REAL, TEXT, BLOB, NULL. */
    public static String storageClass(Object value) {
        if (value == null) {
            return "NULL";
        }
        return value instanceof Long ? "INT" : value instanceof Double ? "REAL" : value instanceof String ? "TEXT"
                : "BLOB";
    }

    /**
     * The affinity of a column declared {@code declaredType}: {@link Column#affinityOf}'s, except for
     * ANY in a STRICT table, which has none (rule 2).
     */
    public static char affinity(String declaredType, boolean strictTable) {
        return strictTable && of(declaredType) == ANY ? 'A' : Column.affinityOf(declaredType);
    }

    /** Fails unless every column of STRICT table {@code table} declares one of the six datatypes (rule 1). */
    public static void requireDatatypes(String table, List<Column> columns) {
        for (Column c : columns) {
            if (of(c.declaredType()) != null) {
                continue;
            }
            throw new OneLiteException(ResultCode.ERROR, c.declaredType().isEmpty()
                    ? "missing datatype for " + table + "." + c.name()
                    : "unknown datatype for " + table + "." + c.name() + ": \"" + c.declaredType() + "\"");
        }
    }
}
