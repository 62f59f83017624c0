package io.onelite.jdbc;

import java.sql.ResultSetMetaData;
import java.sql.Statement;
import java.util.List;

/** A result set over rows held in memory: metadata answers and generated keys. */
final class RowListResultSet extends BaseResultSet {
    private final List<ColumnInfo> columns;
    private final List<Object[]> rows;
    private int index = -1;

    RowListResultSet(Statement statement, List<ColumnInfo> columns, List<Object[]> rows) {
        super(statement);
        this.columns = columns;
        this.rows = rows;
    }

    @Override
    protected boolean advance() {
        if (index + 1 >= rows.size()) {
            index = rows.size();
            return false;
        }
        index++;
        return true;
    }

    @Override
    protected Object value(int column0) {
        return rows.get(index)[column0];
    }

    @Override
    protected Object upcoming(int column0) {
        return index < 0 && !rows.isEmpty() ? rows.get(0)[column0] : null;
    }

    @Override
    protected int columnCount() {
        return columns.size();
    }

    @Override
    protected String columnLabel(int column0) {
        return columns.get(column0).label();
    }

    @Override
    protected void release() {
    }

    @Override
    public ResultSetMetaData getMetaData() {
        return new OneLiteResultSetMetaData(columns, this);
    }
}
