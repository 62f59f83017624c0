package io.onelite.jdbc;

import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.util.List;

/**
 * Column metadata: labels, declared types (mapped by {@link TypeNames}), table names. Columns
 * without a declared type report the type of the current row's value (as sqlite-jdbc does).
 */
final class OneLiteResultSetMetaData implements ResultSetMetaData {
    private final List<ColumnInfo> columns;
    private final BaseResultSet rows;

    OneLiteResultSetMetaData(List<ColumnInfo> columns, BaseResultSet rows) {
        this.columns = columns;
        this.rows = rows;
    }

    private ColumnInfo col(int c) throws SQLException {
        if (c < 1 || c > columns.size()) {
            throw new SQLException("column " + c + " out of bounds [1," + columns.size() + "]");
        }
        return columns.get(c - 1);
    }

    private Object currentValue(int c) {
        return rows == null ? null : rows.peek(c - 1);
    }

    @Override
    public int getColumnCount() {
        return columns.size();
    }

    @Override
    public boolean isAutoIncrement(int c) throws SQLException {
        col(c);
        return false;
    }

    @Override
    public boolean isCaseSensitive(int c) throws SQLException {
        col(c);
        return true;
    }

    @Override
    public boolean isSearchable(int c) throws SQLException {
        col(c);
        return true;
    }

    @Override
    public boolean isCurrency(int c) throws SQLException {
        col(c);
        return false;
    }

    @Override
    public int isNullable(int c) throws SQLException {
        col(c);
        return columnNullable;
    }

    @Override
    public boolean isSigned(int c) throws SQLException {
        int t = getColumnType(c);
        return t == Types.INTEGER || t == Types.BIGINT || t == Types.SMALLINT || t == Types.TINYINT
                || t == Types.REAL || t == Types.FLOAT || t == Types.DOUBLE || t == Types.NUMERIC || t == Types.DECIMAL;
    }

    @Override
    public int getColumnDisplaySize(int c) throws SQLException {
        col(c);
        return Integer.MAX_VALUE;
    }

    @Override
    public String getColumnLabel(int c) throws SQLException {
        return col(c).label();
    }

    @Override
    public String getColumnName(int c) throws SQLException {
        return col(c).label();
    }

    @Override
    public String getSchemaName(int c) throws SQLException {
        col(c);
        return "";
    }

    @Override
    public int getPrecision(int c) throws SQLException {
        return TypeNames.precision(col(c).declType());
    }

    @Override
    public int getScale(int c) throws SQLException {
        return TypeNames.scale(col(c).declType());
    }

    @Override
    public String getTableName(int c) throws SQLException {
        String t = col(c).table();
        return t == null ? "" : t;
    }

    @Override
    public String getCatalogName(int c) throws SQLException {
        col(c);
        return "";
    }

    @Override
    public int getColumnType(int c) throws SQLException {
        String decl = col(c).declType();
        if (decl != null && !decl.isBlank()) {
            return TypeNames.jdbcType(decl);
        }
        return TypeNames.jdbcTypeOfValue(currentValue(c));
    }

    @Override
    public String getColumnTypeName(int c) throws SQLException {
        String decl = col(c).declType();
        if (decl != null && !decl.isBlank()) {
            return TypeNames.baseName(decl);
        }
        return TypeNames.nameOfValue(currentValue(c));
    }

    @Override
    public boolean isReadOnly(int c) throws SQLException {
        col(c);
        return false;
    }

    @Override
    public boolean isWritable(int c) throws SQLException {
        col(c);
        return true;
    }

    @Override
    public boolean isDefinitelyWritable(int c) throws SQLException {
        col(c);
        return false;
    }

    @Override
    public String getColumnClassName(int c) throws SQLException {
        return TypeNames.className(getColumnType(c));
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        if (iface.isInstance(this)) {
            return iface.cast(this);
        }
        throw new SQLException("not a wrapper for " + iface.getName());
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
        return iface.isInstance(this);
    }
}
