package io.onelite.jdbc;

import javax.sql.rowset.serial.SerialBlob;
import javax.sql.rowset.serial.SerialClob;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.Date;
import java.sql.NClob;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.Calendar;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A forward-only, read-only result set over rows of engine values. Subclasses supply the rows
 * ({@link #advance()}, {@link #value(int)}); this class does the getters with SQLite's conversions
 * ({@link Values}), {@code wasNull}, and the case-insensitive {@code findColumn}.
 */
abstract class BaseResultSet extends ReadOnlyResultSetMethods {
    private final Statement statement;
    private Map<String, Integer> columnIndex;
    private boolean wasNull;
    private boolean closed;
    private int row;            // 0 before the first row, then 1, 2, ...
    private boolean afterLast;
    private int fetchSize;

    BaseResultSet(Statement statement) {
        this.statement = statement;
    }

    /** Moves to the next row; false when there is none. */
    protected abstract boolean advance() throws SQLException;

    /** The value of a column (0-based) of the current row. */
    protected abstract Object value(int column0) throws SQLException;

    protected abstract int columnCount();

    protected abstract String columnLabel(int column0);

    /** Releases what the rows come from (called once, at close or after the last row). */
    protected abstract void release();

    @Override
    public boolean next() throws SQLException {
        checkOpen();
        if (afterLast) {
            return false;
        }
        if (advance()) {
            row++;
            return true;
        }
        afterLast = true;
        release();
        return false;
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            release();
        }
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    void checkOpen() throws SQLException {
        if (closed) {
            throw SqlErrors.closed("result set");
        }
    }

    /** The value of 1-based {@code column} on the current row; records wasNull. */
    Object get(int column) throws SQLException {
        checkOpen();
        if (column < 1 || column > columnCount()) {
            throw new SQLException("column " + column + " out of bounds [1," + columnCount() + "]");
        }
        if (row == 0 || afterLast) {
            throw new SQLException(row == 0 ? "no current row: call next() first" : "no current row: past the last row");
        }
        Object v = value(column - 1);
        wasNull = v == null;
        return v;
    }

    /**
     * The current row's value of a column (0-based), for metadata: before {@link #next()}, the
     * first row's when it is known already ({@link #upcoming}), as sqlite-jdbc, which has stepped
     * the statement once, types an expression's column by it; else null.
     */
    Object peek(int column0) {
        if (closed || afterLast) {
            return null;
        }
        try {
            return row == 0 ? upcoming(column0) : value(column0);
        } catch (SQLException | RuntimeException e) {
            return null;
        }
    }

    /** Before the first {@link #next()}: the first row's value of a column (0-based) if known, else null. */
    protected Object upcoming(int column0) throws SQLException {
        return null;
    }

    @Override
    public boolean wasNull() throws SQLException {
        checkOpen();
        return wasNull;
    }

    @Override
    public int findColumn(String label) throws SQLException {
        checkOpen();
        if (columnIndex == null) {
            Map<String, Integer> m = new HashMap<>();
            for (int i = columnCount() - 1; i >= 0; i--) {
                m.put(columnLabel(i).toLowerCase(Locale.ROOT), i + 1); // the first of equal labels wins
            }
            columnIndex = m;
        }
        Integer i = columnIndex.get(label == null ? null : label.toLowerCase(Locale.ROOT));
        if (i == null) {
            throw new SQLException("no such column: '" + label + "'");
        }
        return i;
    }

    // ---- getters by index ------------------------------------------------------------------

    @Override
    public String getString(int c) throws SQLException {
        return Values.toText(get(c));
    }

    @Override
    public boolean getBoolean(int c) throws SQLException {
        return Values.toLong(get(c)) != 0;
    }

    @Override
    public byte getByte(int c) throws SQLException {
        return (byte) Values.toLong(get(c));
    }

    @Override
    public short getShort(int c) throws SQLException {
        return (short) Values.toLong(get(c));
    }

    @Override
    public int getInt(int c) throws SQLException {
        return (int) Values.toLong(get(c));
    }

    @Override
    public long getLong(int c) throws SQLException {
        return Values.toLong(get(c));
    }

    @Override
    public float getFloat(int c) throws SQLException {
        return (float) Values.toDouble(get(c));
    }

    @Override
    public double getDouble(int c) throws SQLException {
        return Values.toDouble(get(c));
    }

    @Override
    @Deprecated
    public BigDecimal getBigDecimal(int c, int scale) throws SQLException {
        BigDecimal d = getBigDecimal(c);
        return d == null ? null : d.setScale(scale, RoundingMode.HALF_EVEN);
    }

    @Override
    public BigDecimal getBigDecimal(int c) throws SQLException {
        return Values.toBigDecimal(get(c));
    }

    @Override
    public byte[] getBytes(int c) throws SQLException {
        return Values.toBytes(get(c));
    }

    @Override
    public Date getDate(int c) throws SQLException {
        return getDate(c, null);
    }

    @Override
    public Time getTime(int c) throws SQLException {
        return getTime(c, null);
    }

    @Override
    public Timestamp getTimestamp(int c) throws SQLException {
        return getTimestamp(c, null);
    }

    @Override
    public Date getDate(int c, Calendar cal) throws SQLException {
        Long ms = Values.toMillis(get(c), cal);
        return ms == null ? null : new Date(ms);
    }

    @Override
    public Time getTime(int c, Calendar cal) throws SQLException {
        Long ms = Values.toMillis(get(c), cal);
        return ms == null ? null : new Time(ms);
    }

    @Override
    public Timestamp getTimestamp(int c, Calendar cal) throws SQLException {
        Object v = get(c);
        if (v instanceof String s) {
            try {
                java.time.LocalDateTime ldt = Values.parseDateTime(s.trim());
                if (cal == null) {
                    return Timestamp.valueOf(ldt); // keeps nanoseconds
                }
            } catch (java.time.format.DateTimeParseException e) {
                // other shapes: through milliseconds below
            }
        }
        Long ms = Values.toMillis(v, cal);
        return ms == null ? null : new Timestamp(ms);
    }

    @Override
    public InputStream getAsciiStream(int c) throws SQLException {
        String s = getString(c);
        return s == null ? null : new ByteArrayInputStream(s.getBytes(StandardCharsets.US_ASCII));
    }

    @Override
    public InputStream getBinaryStream(int c) throws SQLException {
        byte[] b = getBytes(c);
        return b == null ? null : new ByteArrayInputStream(b);
    }

    @Override
    public Reader getCharacterStream(int c) throws SQLException {
        String s = getString(c);
        return s == null ? null : new StringReader(s);
    }

    @Override
    public Reader getNCharacterStream(int c) throws SQLException {
        return getCharacterStream(c);
    }

    @Override
    public String getNString(int c) throws SQLException {
        return getString(c);
    }

    @Override
    public Blob getBlob(int c) throws SQLException {
        byte[] b = getBytes(c);
        return b == null ? null : new SerialBlob(b);
    }

    @Override
    public Clob getClob(int c) throws SQLException {
        String s = getString(c);
        return s == null ? null : new SerialClob(s.toCharArray());
    }

    @Override
    public NClob getNClob(int c) throws SQLException {
        throw Unsupported.feature("ResultSet.getNClob");
    }

    @Override
    public URL getURL(int c) throws SQLException {
        String s = getString(c);
        try {
            return s == null ? null : new URL(s);
        } catch (MalformedURLException e) {
            throw new SQLException("not a URL: " + s, e);
        }
    }

    /**
     * As sqlite-jdbc: INTEGER as {@link Integer} when it fits, else {@link Long}; REAL as
     * {@link Double}; TEXT as {@link String}; BLOB as {@code byte[]}.
     */
    @Override
    public Object getObject(int c) throws SQLException {
        Object v = get(c);
        if (v instanceof Long l && l == (int) (long) l) {
            return (int) (long) l;
        }
        return v;
    }

    @Override
    public Object getObject(int c, Map<String, Class<?>> map) throws SQLException {
        return getObject(c);
    }

    @Override
    public <T> T getObject(int c, Class<T> type) throws SQLException {
        if (type == null) {
            throw new SQLException("type must not be null");
        }
        return Values.as(get(c), type);
    }

    // ---- getters by label ------------------------------------------------------------------

    @Override
    public String getString(String l) throws SQLException {
        return getString(findColumn(l));
    }

    @Override
    public boolean getBoolean(String l) throws SQLException {
        return getBoolean(findColumn(l));
    }

    @Override
    public byte getByte(String l) throws SQLException {
        return getByte(findColumn(l));
    }

    @Override
    public short getShort(String l) throws SQLException {
        return getShort(findColumn(l));
    }

    @Override
    public int getInt(String l) throws SQLException {
        return getInt(findColumn(l));
    }

    @Override
    public long getLong(String l) throws SQLException {
        return getLong(findColumn(l));
    }

    @Override
    public float getFloat(String l) throws SQLException {
        return getFloat(findColumn(l));
    }

    @Override
    public double getDouble(String l) throws SQLException {
        return getDouble(findColumn(l));
    }

    @Override
    @Deprecated
    public BigDecimal getBigDecimal(String l, int scale) throws SQLException {
        return getBigDecimal(findColumn(l), scale);
    }

    @Override
    public BigDecimal getBigDecimal(String l) throws SQLException {
        return getBigDecimal(findColumn(l));
    }

    @Override
    public byte[] getBytes(String l) throws SQLException {
        return getBytes(findColumn(l));
    }

    @Override
    public Date getDate(String l) throws SQLException {
        return getDate(findColumn(l));
    }

    @Override
    public Time getTime(String l) throws SQLException {
        return getTime(findColumn(l));
    }

    @Override
    public Timestamp getTimestamp(String l) throws SQLException {
        return getTimestamp(findColumn(l));
    }

    @Override
    public Date getDate(String l, Calendar cal) throws SQLException {
        return getDate(findColumn(l), cal);
    }

    @Override
    public Time getTime(String l, Calendar cal) throws SQLException {
        return getTime(findColumn(l), cal);
    }

    @Override
    public Timestamp getTimestamp(String l, Calendar cal) throws SQLException {
        return getTimestamp(findColumn(l), cal);
    }

    @Override
    public InputStream getAsciiStream(String l) throws SQLException {
        return getAsciiStream(findColumn(l));
    }

    @Override
    public InputStream getBinaryStream(String l) throws SQLException {
        return getBinaryStream(findColumn(l));
    }

    @Override
    public Reader getCharacterStream(String l) throws SQLException {
        return getCharacterStream(findColumn(l));
    }

    @Override
    public Reader getNCharacterStream(String l) throws SQLException {
        return getNCharacterStream(findColumn(l));
    }

    @Override
    public String getNString(String l) throws SQLException {
        return getNString(findColumn(l));
    }

    @Override
    public Blob getBlob(String l) throws SQLException {
        return getBlob(findColumn(l));
    }

    @Override
    public Clob getClob(String l) throws SQLException {
        return getClob(findColumn(l));
    }

    @Override
    public NClob getNClob(String l) throws SQLException {
        return getNClob(findColumn(l));
    }

    @Override
    public URL getURL(String l) throws SQLException {
        return getURL(findColumn(l));
    }

    @Override
    public Object getObject(String l) throws SQLException {
        return getObject(findColumn(l));
    }

    @Override
    public Object getObject(String l, Map<String, Class<?>> map) throws SQLException {
        return getObject(findColumn(l), map);
    }

    @Override
    public <T> T getObject(String l, Class<T> type) throws SQLException {
        return getObject(findColumn(l), type);
    }

    // ---- state -----------------------------------------------------------------------------

    @Override
    public SQLWarning getWarnings() throws SQLException {
        checkOpen();
        return null;
    }

    @Override
    public void clearWarnings() throws SQLException {
        checkOpen();
    }

    @Override
    public boolean isBeforeFirst() throws SQLException {
        checkOpen();
        return row == 0 && !afterLast;
    }

    @Override
    public boolean isAfterLast() throws SQLException {
        checkOpen();
        return afterLast && row > 0;
    }

    @Override
    public boolean isFirst() throws SQLException {
        checkOpen();
        return row == 1 && !afterLast;
    }

    @Override
    public int getRow() throws SQLException {
        checkOpen();
        return afterLast ? 0 : row;
    }

    @Override
    public void setFetchDirection(int direction) throws SQLException {
        checkOpen();
        if (direction != FETCH_FORWARD) {
            throw new SQLException("only FETCH_FORWARD is supported");
        }
    }

    @Override
    public int getFetchDirection() throws SQLException {
        checkOpen();
        return FETCH_FORWARD;
    }

    @Override
    public void setFetchSize(int rows) throws SQLException {
        checkOpen();
        if (rows < 0) {
            throw new SQLException("fetch size must be >= 0");
        }
        fetchSize = rows;
    }

    @Override
    public int getFetchSize() throws SQLException {
        checkOpen();
        return fetchSize;
    }

    @Override
    public int getType() throws SQLException {
        checkOpen();
        return TYPE_FORWARD_ONLY;
    }

    @Override
    public int getConcurrency() throws SQLException {
        checkOpen();
        return CONCUR_READ_ONLY;
    }

    @Override
    public int getHoldability() throws SQLException {
        checkOpen();
        return CLOSE_CURSORS_AT_COMMIT;
    }

    @Override
    public Statement getStatement() throws SQLException {
        checkOpen();
        return statement;
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
