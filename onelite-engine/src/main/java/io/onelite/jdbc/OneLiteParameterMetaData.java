package io.onelite.jdbc;

import java.sql.ParameterMetaData;
import java.sql.SQLException;
import java.sql.Types;

/**
 * Parameters of a prepared statement. SQLite parameters have no type: a bound parameter reports
 * its value's type, an unbound one VARCHAR (so that {@code setNull} with the reported type works).
 */
final class OneLiteParameterMetaData implements ParameterMetaData {
    private final Object[] params; // 1-based

    OneLiteParameterMetaData(Object[] params) {
        this.params = params;
    }

    private Object param(int i) throws SQLException {
        if (i < 1 || i >= params.length) {
            throw new SQLException("parameter index " + i + " out of range [1," + (params.length - 1) + "]");
        }
        return params[i];
    }

    @Override
    public int getParameterCount() {
        return params.length - 1;
    }

    @Override
    public int isNullable(int i) throws SQLException {
        param(i);
        return parameterNullable;
    }

    @Override
    public boolean isSigned(int i) throws SQLException {
        Object v = param(i);
        return v instanceof Long || v instanceof Double;
    }

    @Override
    public int getPrecision(int i) throws SQLException {
        param(i);
        return 0;
    }

    @Override
    public int getScale(int i) throws SQLException {
        param(i);
        return 0;
    }

    @Override
    public int getParameterType(int i) throws SQLException {
        Object v = param(i);
        return v == null ? Types.VARCHAR : TypeNames.jdbcTypeOfValue(v);
    }

    @Override
    public String getParameterTypeName(int i) throws SQLException {
        Object v = param(i);
        return v == null ? "VARCHAR" : TypeNames.nameOfValue(v);
    }

    @Override
    public String getParameterClassName(int i) throws SQLException {
        Object v = param(i);
        return v == null ? "java.lang.String" : v.getClass().getName();
    }

    @Override
    public int getParameterMode(int i) throws SQLException {
        param(i);
        return parameterModeIn;
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
