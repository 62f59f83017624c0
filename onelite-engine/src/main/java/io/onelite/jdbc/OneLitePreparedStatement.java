package io.onelite.jdbc;

import io.onelite.common.ResultCode;

import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.net.URL;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.Date;
import java.sql.NClob;
import java.sql.ParameterMetaData;
import java.sql.PreparedStatement;
import java.sql.Ref;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLXML;
import java.sql.Time;
import java.sql.Timestamp;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Calendar;
import java.util.List;
import java.util.Locale;

/**
 * A prepared statement: the first statement of its SQL, compiled once when created (errors show
 * then, as in SQLite), with parameters kept here and bound at each execution. Values bind as
 * {@link Values#bindValue} says (dates and times as INTEGER milliseconds, as sqlite-jdbc).
 */
final class OneLitePreparedStatement extends OneLiteStatement implements PreparedStatement {
    private final String sql;
    private final io.onelite.api.Statement stmt;
    private final Object[] params;         // 1-based; params[0] unused
    private final List<Object[]> batch = new ArrayList<>();

    OneLitePreparedStatement(OneLiteConnection conn, String sql, boolean keysRequested, String keyLabel) throws SQLException {
        super(conn, keyLabel);
        this.sql = sql;
        try {
            this.stmt = conn.session().prepare(sql);
        } catch (RuntimeException | StackOverflowError e) {
            conn.unregister(this);
            throw SqlErrors.of(e);
        }
        this.params = new Object[stmt.parameterCount() + 1];
    }

    private void bindAll(Object[] values) throws SQLException {
        try {
            stmt.reset();
            stmt.clearBindings();
            for (int i = 1; i < values.length; i++) {
                if (values[i] != null) {
                    stmt.bind(i, values[i]);
                }
            }
        } catch (RuntimeException | StackOverflowError e) {
            throw SqlErrors.of(e);
        }
    }

    private void prepareRun() throws SQLException {
        beginExecution();
        conn.beforeStatement(sql);
        checkWritable(stmt);
    }

    @Override
    public boolean execute() throws SQLException {
        prepareRun();
        bindAll(params);
        return run(stmt, false);
    }

    @Override
    public ResultSet executeQuery() throws SQLException {
        if (!execute()) {
            throw new SQLException("query does not return ResultSet", null, ResultCode.DONE.code());
        }
        return current;
    }

    @Override
    public int executeUpdate() throws SQLException {
        return (int) Math.min(Integer.MAX_VALUE, executeLargeUpdate());
    }

    /** A DML statement with RETURNING is run to its end; a query fails, as JDBC requires. */
    @Override
    public long executeLargeUpdate() throws SQLException {
        if (stmt.columnCount() > 0 && stmt.isReadOnly()) {
            throw new SQLException("Query returns results", null, ResultCode.MISUSE.code());
        }
        prepareRun();
        bindAll(params);
        updateCount = runToEnd(stmt, false);
        return updateCount;
    }

    @Override
    public void addBatch() throws SQLException {
        checkOpen();
        batch.add(params.clone());
    }

    @Override
    public void clearBatch() throws SQLException {
        checkOpen();
        batch.clear();
    }

    @Override
    public long[] executeLargeBatch() throws SQLException {
        beginExecution();
        List<Object[]> items = new ArrayList<>(batch);
        batch.clear();
        long[] counts = new long[items.size()];
        for (int i = 0; i < items.size(); i++) {
            try {
                conn.beforeStatement(sql);
                checkWritable(stmt);
                bindAll(items.get(i));
                counts[i] = runToEnd(stmt, false);
            } catch (SQLException e) {
                throw batchFailure(e, Arrays.copyOf(counts, i));
            }
        }
        updateCount = -1;
        return counts;
    }

    @Override
    public int[] executeBatch() throws SQLException {
        return toInts(executeLargeBatch());
    }

    @Override
    public void close() throws SQLException {
        if (isClosed()) {
            return;
        }
        super.close();
        try {
            stmt.close();
        } catch (RuntimeException | StackOverflowError e) {
            throw SqlErrors.of(e);
        }
    }

    // ---- parameters ------------------------------------------------------------------------

    private void set(int index, Object value) throws SQLException {
        checkOpen();
        if (index < 1 || index >= params.length) {
            throw new SQLException("parameter index " + index + " out of range [1," + (params.length - 1) + "]",
                    null, ResultCode.RANGE.code());
        }
        params[index] = value;
    }

    @Override
    public void clearParameters() throws SQLException {
        checkOpen();
        Arrays.fill(params, null);
    }

    @Override
    public void setNull(int i, int sqlType) throws SQLException {
        set(i, null);
    }

    @Override
    public void setNull(int i, int sqlType, String typeName) throws SQLException {
        set(i, null);
    }

    @Override
    public void setBoolean(int i, boolean x) throws SQLException {
        set(i, x ? 1L : 0L);
    }

    @Override
    public void setByte(int i, byte x) throws SQLException {
        set(i, (long) x);
    }

    @Override
    public void setShort(int i, short x) throws SQLException {
        set(i, (long) x);
    }

    @Override
    public void setInt(int i, int x) throws SQLException {
        set(i, (long) x);
    }

    @Override
    public void setLong(int i, long x) throws SQLException {
        set(i, x);
    }

    @Override
    public void setFloat(int i, float x) throws SQLException {
        set(i, (double) x);
    }

    @Override
    public void setDouble(int i, double x) throws SQLException {
        set(i, x);
    }

    @Override
    public void setBigDecimal(int i, BigDecimal x) throws SQLException {
        set(i, Values.bindValue(x));
    }

    @Override
    public void setString(int i, String x) throws SQLException {
        set(i, x);
    }

    @Override
    public void setNString(int i, String x) throws SQLException {
        set(i, x);
    }

    @Override
    public void setBytes(int i, byte[] x) throws SQLException {
        set(i, x);
    }

    @Override
    public void setDate(int i, Date x) throws SQLException {
        set(i, Values.bindValue(x));
    }

    @Override
    public void setTime(int i, Time x) throws SQLException {
        set(i, Values.bindValue(x));
    }

    @Override
    public void setTimestamp(int i, Timestamp x) throws SQLException {
        set(i, Values.bindValue(x));
    }

    @Override
    public void setDate(int i, Date x, Calendar cal) throws SQLException {
        setDate(i, x);
    }

    @Override
    public void setTime(int i, Time x, Calendar cal) throws SQLException {
        setTime(i, x);
    }

    @Override
    public void setTimestamp(int i, Timestamp x, Calendar cal) throws SQLException {
        setTimestamp(i, x);
    }

    @Override
    public void setAsciiStream(int i, InputStream x, int length) throws SQLException {
        setAsciiStream(i, x, (long) length);
    }

    @Override
    public void setAsciiStream(int i, InputStream x, long length) throws SQLException {
        set(i, x == null ? null : new String(Values.readAll(x, length), java.nio.charset.StandardCharsets.US_ASCII));
    }

    @Override
    public void setAsciiStream(int i, InputStream x) throws SQLException {
        setAsciiStream(i, x, -1L);
    }

    @Override
    @Deprecated
    public void setUnicodeStream(int i, InputStream x, int length) throws SQLException {
        throw Unsupported.feature("PreparedStatement.setUnicodeStream");
    }

    @Override
    public void setBinaryStream(int i, InputStream x, int length) throws SQLException {
        setBinaryStream(i, x, (long) length);
    }

    @Override
    public void setBinaryStream(int i, InputStream x, long length) throws SQLException {
        set(i, x == null ? null : Values.readAll(x, length));
    }

    @Override
    public void setBinaryStream(int i, InputStream x) throws SQLException {
        setBinaryStream(i, x, -1L);
    }

    @Override
    public void setCharacterStream(int i, Reader r, int length) throws SQLException {
        setCharacterStream(i, r, (long) length);
    }

    @Override
    public void setCharacterStream(int i, Reader r, long length) throws SQLException {
        set(i, r == null ? null : Values.readAll(r, length));
    }

    @Override
    public void setCharacterStream(int i, Reader r) throws SQLException {
        setCharacterStream(i, r, -1L);
    }

    @Override
    public void setNCharacterStream(int i, Reader r, long length) throws SQLException {
        setCharacterStream(i, r, length);
    }

    @Override
    public void setNCharacterStream(int i, Reader r) throws SQLException {
        setCharacterStream(i, r, -1L);
    }

    @Override
    public void setBlob(int i, Blob x) throws SQLException {
        set(i, Values.bindValue(x));
    }

    @Override
    public void setBlob(int i, InputStream x, long length) throws SQLException {
        setBinaryStream(i, x, length);
    }

    @Override
    public void setBlob(int i, InputStream x) throws SQLException {
        setBinaryStream(i, x, -1L);
    }

    @Override
    public void setClob(int i, Clob x) throws SQLException {
        set(i, Values.bindValue(x));
    }

    @Override
    public void setClob(int i, Reader r, long length) throws SQLException {
        setCharacterStream(i, r, length);
    }

    @Override
    public void setClob(int i, Reader r) throws SQLException {
        setCharacterStream(i, r, -1L);
    }

    @Override
    public void setNClob(int i, NClob x) throws SQLException {
        set(i, Values.bindValue(x));
    }

    @Override
    public void setNClob(int i, Reader r, long length) throws SQLException {
        setCharacterStream(i, r, length);
    }

    @Override
    public void setNClob(int i, Reader r) throws SQLException {
        setCharacterStream(i, r, -1L);
    }

    @Override
    public void setObject(int i, Object x) throws SQLException {
        set(i, Values.bindValue(x));
    }

    /**
     * Converts text given for a numeric or boolean target type (so that {@code "5"} with
     * {@code Types.INTEGER} binds as INTEGER) and numbers or booleans given for a character type
     * (bound as their text); everything else binds as {@link #setObject(int, Object)}.
     */
    @Override
    public void setObject(int i, Object x, int targetSqlType) throws SQLException {
        set(i, convert(x, targetSqlType));
    }

    @Override
    public void setObject(int i, Object x, int targetSqlType, int scaleOrLength) throws SQLException {
        setObject(i, x, targetSqlType);
    }

    private static Object convert(Object x, int type) throws SQLException {
        Object v = Values.bindValue(x);
        if (v == null) {
            return null;
        }
        switch (type) {
            case Types.TINYINT, Types.SMALLINT, Types.INTEGER, Types.BIGINT -> {
                if (v instanceof String s) {
                    try {
                        return Long.parseLong(s.trim());
                    } catch (NumberFormatException e) {
                        return v;
                    }
                }
                if (v instanceof Double d) {
                    return d.longValue();
                }
            }
            case Types.REAL, Types.FLOAT, Types.DOUBLE -> {
                if (v instanceof String s) {
                    try {
                        return Double.parseDouble(s.trim());
                    } catch (NumberFormatException e) {
                        return v;
                    }
                }
                if (v instanceof Long l) {
                    return l.doubleValue();
                }
            }
            case Types.BOOLEAN, Types.BIT -> {
                if (v instanceof String s) {
                    String t = s.trim().toLowerCase(Locale.ROOT);
                    if (t.equals("true") || t.equals("false")) {
                        return t.equals("true") ? 1L : 0L;
                    }
                }
            }
            case Types.CHAR, Types.VARCHAR, Types.LONGVARCHAR, Types.NCHAR, Types.NVARCHAR, Types.LONGNVARCHAR, Types.CLOB -> {
                if (v instanceof Long || v instanceof Double) {
                    return Values.toText(v);
                }
            }
            default -> {
            }
        }
        return v;
    }

    @Override
    public void setURL(int i, URL x) throws SQLException {
        set(i, x == null ? null : x.toString());
    }

    @Override
    public void setRef(int i, Ref x) throws SQLException {
        throw Unsupported.feature("PreparedStatement.setRef");
    }

    @Override
    public void setArray(int i, Array x) throws SQLException {
        throw Unsupported.feature("PreparedStatement.setArray");
    }

    @Override
    public void setRowId(int i, RowId x) throws SQLException {
        throw Unsupported.feature("PreparedStatement.setRowId");
    }

    @Override
    public void setSQLXML(int i, SQLXML x) throws SQLException {
        throw Unsupported.feature("PreparedStatement.setSQLXML");
    }

    // ---- metadata --------------------------------------------------------------------------

    /** The result columns, known before execution (types from declared types only). */
    @Override
    public ResultSetMetaData getMetaData() throws SQLException {
        checkOpen();
        if (current instanceof EngineResultSet rs && !rs.isClosed()) {
            return rs.getMetaData();
        }
        int n = stmt.columnCount();
        List<ColumnInfo> cols = new ArrayList<>(n);
        for (int c = 0; c < n; c++) {
            cols.add(new ColumnInfo(stmt.columnName(c), stmt.columnDeclaredType(c), stmt.columnTableName(c)));
        }
        return new OneLiteResultSetMetaData(cols, null);
    }

    @Override
    public ParameterMetaData getParameterMetaData() throws SQLException {
        checkOpen();
        return new OneLiteParameterMetaData(params.clone());
    }

    // ---- the text-taking methods JDBC forbids on a PreparedStatement -----------------------

    private static SQLException textNotAllowed() {
        return new SQLException("not allowed on a PreparedStatement: methods taking SQL text");
    }

    @Override
    public ResultSet executeQuery(String sql) throws SQLException {
        throw textNotAllowed();
    }

    @Override
    public int executeUpdate(String sql) throws SQLException {
        throw textNotAllowed();
    }

    @Override
    public boolean execute(String sql) throws SQLException {
        throw textNotAllowed();
    }

    @Override
    public void addBatch(String sql) throws SQLException {
        throw textNotAllowed();
    }

    @Override
    public long executeLargeUpdate(String sql) throws SQLException {
        throw textNotAllowed();
    }
}
