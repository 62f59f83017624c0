package io.onelite.jdbc;

import java.sql.Types;
import java.util.Locale;

/**
 * JDBC types for SQLite declared types and values, as sqlite-jdbc reports them: the declared
 * type's name decides ({@code BIGINT} -> BIGINT, {@code VARCHAR(20)} -> VARCHAR with precision
 * 20, {@code NUMERIC(10,2)} -> NUMERIC 10/2, {@code DATETIME} -> TIMESTAMP...), then SQLite's
 * affinity rules; without a declared type the current value's storage class decides.
 */
final class TypeNames {
    private TypeNames() {
    }

    /** The declared type without its {@code (p,s)} part, upper case; "" for none. */
    static String baseName(String decl) {
        if (decl == null) {
            return "";
        }
        int p = decl.indexOf('(');
        return (p < 0 ? decl : decl.substring(0, p)).trim().toUpperCase(Locale.ROOT);
    }

    static int jdbcType(String decl) {
        String b = baseName(decl);
        switch (b) {
            case "BOOLEAN", "BOOL": return Types.BOOLEAN;
            case "TINYINT": return Types.TINYINT;
            case "SMALLINT", "INT2": return Types.SMALLINT;
            case "BIGINT", "INT8", "UNSIGNED BIG INT": return Types.BIGINT;
            case "INT", "INTEGER", "MEDIUMINT": return Types.INTEGER;
            case "DATE": return Types.DATE;
            case "TIME": return Types.TIME;
            case "DATETIME", "TIMESTAMP": return Types.TIMESTAMP;
            case "REAL": return Types.REAL;
            case "DOUBLE", "DOUBLE PRECISION": return Types.DOUBLE;
            case "FLOAT": return Types.FLOAT;
            case "DECIMAL": return Types.DECIMAL;
            case "NUMERIC": return Types.NUMERIC;
            case "CHAR", "CHARACTER", "NCHAR", "NATIVE CHARACTER": return Types.CHAR;
            case "CLOB": return Types.CLOB;
            case "BLOB": return Types.BLOB;
            case "BINARY": return Types.BINARY;
            case "VARBINARY": return Types.VARBINARY;
            default:
        }
        if (b.contains("INT")) {
            return Types.INTEGER;
        }
        if (b.contains("CHAR") || b.contains("CLOB") || b.contains("TEXT")) {
            return Types.VARCHAR;
        }
        if (b.contains("BLOB")) {
            return Types.BLOB;
        }
        if (b.contains("REAL") || b.contains("FLOA") || b.contains("DOUB")) {
            return Types.REAL;
        }
        return Types.NUMERIC;
    }

    /** The type of a value when no type is declared. */
    static int jdbcTypeOfValue(Object v) {
        if (v instanceof Long l) {
            return l == (int) (long) l ? Types.INTEGER : Types.BIGINT;
        }
        if (v instanceof Double) {
            return Types.FLOAT;
        }
        if (v instanceof String) {
            return Types.VARCHAR;
        }
        if (v instanceof byte[]) {
            return Types.BLOB;
        }
        return Types.NUMERIC;
    }

    static String nameOfValue(Object v) {
        if (v instanceof Long) {
            return "INTEGER";
        }
        if (v instanceof Double) {
            return "FLOAT";
        }
        if (v instanceof String) {
            return "TEXT";
        }
        if (v instanceof byte[]) {
            return "BLOB";
        }
        return "NUMERIC";
    }

    /** The first number in the declared type's parentheses, or 0. */
    static int precision(String decl) {
        int[] ps = params(decl);
        return ps.length > 0 ? ps[0] : 0;
    }

    static int scale(String decl) {
        int[] ps = params(decl);
        return ps.length > 1 ? ps[1] : 0;
    }

    private static int[] params(String decl) {
        if (decl == null) {
            return new int[0];
        }
        int open = decl.indexOf('(');
        int close = decl.indexOf(')', open + 1);
        if (open < 0 || close < 0) {
            return new int[0];
        }
        String[] parts = decl.substring(open + 1, close).split(",");
        int[] out = new int[parts.length];
        try {
            for (int i = 0; i < parts.length; i++) {
                out[i] = Integer.parseInt(parts[i].trim());
            }
        } catch (NumberFormatException e) {
            return new int[0];
        }
        return out;
    }

    static String className(int jdbcType) {
        return switch (jdbcType) {
            case Types.BOOLEAN -> "java.lang.Boolean";
            case Types.TINYINT, Types.SMALLINT, Types.INTEGER -> "java.lang.Integer";
            case Types.BIGINT -> "java.lang.Long";
            case Types.REAL, Types.DOUBLE, Types.FLOAT -> "java.lang.Double";
            case Types.VARCHAR, Types.CHAR, Types.CLOB -> "java.lang.String";
            case Types.BLOB, Types.BINARY, Types.VARBINARY -> "[B";
            case Types.DECIMAL, Types.NUMERIC -> "java.math.BigDecimal";
            case Types.DATE -> "java.sql.Date";
            case Types.TIME -> "java.sql.Time";
            case Types.TIMESTAMP -> "java.sql.Timestamp";
            default -> "java.lang.Object";
        };
    }
}
