package io.onelite.jdbc;

import io.onelite.api.Statement;

import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * A result set reading an engine {@link Statement} row by row. The statement has already been
 * stepped once when this is created (so errors and emptiness show at execute time, as in
 * sqlite-jdbc); {@code firstRow} says whether that step produced a row. When the rows end or the
 * result set closes, the owning {@link OneLiteStatement} is told, which resets the engine
 * statement (ending its read) and stops any query timeout.
 */
final class EngineResultSet extends BaseResultSet {
    private final OneLiteStatement owner;
    private final Statement stmt;
    private final List<ColumnInfo> columns;
    private final long maxRows;
    private boolean pending;
    private long delivered;
    private boolean released;

    EngineResultSet(OneLiteStatement owner, Statement stmt, boolean firstRow, long maxRows) {
        super(owner);
        this.owner = owner;
        this.stmt = stmt;
        this.pending = firstRow;
        this.maxRows = maxRows;
        this.columns = owner.columnsOf(stmt);
        if (!firstRow) {
            release(); // an empty result ends its read now, even if nobody calls next() or close()
        }
    }

    /** The result columns of {@code stmt} as it is compiled now. */
    static List<ColumnInfo> columnsOf(Statement stmt) {
        int n = stmt.columnCount();
        List<ColumnInfo> cols = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            cols.add(new ColumnInfo(stmt.columnName(i), stmt.columnDeclaredType(i), stmt.columnTableName(i)));
        }
        return List.copyOf(cols);
    }

    /** Whether {@code cols} still describes {@code stmt}: the very strings it reports now (a recompile makes new ones). */
    static boolean describes(List<ColumnInfo> cols, Statement stmt) {
        int n = stmt.columnCount();
        if (cols.size() != n) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            ColumnInfo c = cols.get(i);
            if (c.label() != stmt.columnName(i) || c.declType() != stmt.columnDeclaredType(i) || c.table() != stmt.columnTableName(i)) {
                return false;
            }
        }
        return true;
    }

    @Override
    protected boolean advance() throws SQLException {
        if (released) {
            return false;
        }
        if (maxRows > 0 && delivered >= maxRows) {
            return false;
        }
        boolean row;
        if (pending) {
            pending = false;
            row = true;
        } else {
            try {
                row = stmt.step();
            } catch (RuntimeException | StackOverflowError e) {
                SQLException ex = owner.mapError(e);
                close();
                throw ex;
            }
        }
        if (row) {
            delivered++;
        }
        return row;
    }

    @Override
    protected Object value(int column0) throws SQLException {
        try {
            return stmt.column(column0);
        } catch (RuntimeException | StackOverflowError e) {
            throw SqlErrors.of(e);
        }
    }

    /** The engine statement has stepped once already: its first row is there to read. */
    @Override
    protected Object upcoming(int column0) throws SQLException {
        return pending && !released ? value(column0) : null;
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
        if (!released) {
            released = true;
            owner.resultDone(this, stmt);
        }
    }

    @Override
    public ResultSetMetaData getMetaData() throws SQLException {
        checkOpen();
        return new OneLiteResultSetMetaData(columns, this);
    }
}
