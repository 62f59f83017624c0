package io.onelite.jdbc;

import io.onelite.api.Session;
import io.onelite.common.ResultCode;

import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLNonTransientException;
import java.sql.SQLWarning;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A JDBC statement running SQL text on the connection's engine session.
 *
 * <p>Text with several statements: {@code executeUpdate} runs them all and returns the sum of
 * their counts (as sqlite-jdbc); {@code execute} and {@code executeQuery} run them all too and
 * report the last one's result (sqlite-jdbc runs only the first; see docs/jdbc.md).
 *
 * <p>Generated keys: after each INSERT or REPLACE that changed rows, {@code last_insert_rowid()}
 * is recorded; {@link #getGeneratedKeys()} returns every key recorded by the last execution
 * (all of a batch), in a column labelled {@code last_insert_rowid()} (or the first column name
 * given to {@code prepareStatement(sql, String[])}).
 *
 * <p>{@link #setQueryTimeout} and {@link #cancel()} interrupt the session
 * ({@link Session#interrupt()}); a timed-out statement fails with {@code SQLTimeoutException}.
 */
class OneLiteStatement implements java.sql.Statement {
    private static final ScheduledExecutorService TIMER = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "onelite-query-timeout");
        t.setDaemon(true);
        return t;
    });

    final OneLiteConnection conn;
    final Session session;
    private boolean closed;
    BaseResultSet current;
    long updateCount = -1;
    private final List<Long> keys = new ArrayList<>();
    private final String keyLabel;
    private long maxRows;
    private int queryTimeout;
    private int fetchSize;
    private boolean closeOnCompletion;
    private boolean poolable;
    private final List<String> batch = new ArrayList<>();
    private io.onelite.api.Statement ownedEngineStatement;
    private volatile boolean timedOut;
    private ScheduledFuture<?> timer;
    private io.onelite.api.Statement lastColumnsOf;
    private List<ColumnInfo> lastColumns;
    private String insertCheckedSql;
    private boolean insertChecked;

    OneLiteStatement(OneLiteConnection conn) {
        this(conn, null);
    }

    OneLiteStatement(OneLiteConnection conn, String keyLabel) {
        this.conn = conn;
        this.session = conn.session();
        this.keyLabel = keyLabel == null ? "last_insert_rowid()" : keyLabel;
        conn.register(this);
    }

    void checkOpen() throws SQLException {
        if (closed) {
            throw SqlErrors.closed("statement");
        }
        conn.checkOpen();
    }

    SQLException mapError(Throwable e) {
        stopTimer();
        return SqlErrors.of(e, timedOut);
    }

    // ---- running ---------------------------------------------------------------------------

    /** Starts a new execution: closes the previous result and forgets its keys and count. */
    void beginExecution() throws SQLException {
        checkOpen();
        closeResults();
        keys.clear();
        updateCount = -1;
    }

    io.onelite.api.Statement prepare(String sql) throws SQLException {
        try {
            return session.prepare(sql);
        } catch (RuntimeException | StackOverflowError e) {
            throw SqlErrors.of(e);
        }
    }

    /** Refuses a writing statement on a read-only connection. */
    void checkWritable(io.onelite.api.Statement st) throws SQLException {
        if (conn.readOnlyFlag() && !st.writesNothingNow()) {
            String k = SqlText.firstKeyword(st.sql());
            if (!SqlText.isTransactionControl(st.sql()) && !k.equals("SAVEPOINT") && !k.equals("RELEASE")) {
                throw new SQLNonTransientException("[SQLITE_READONLY] attempt to write a readonly database",
                        "25006", ResultCode.READONLY.code());
            }
        }
    }

    /**
     * Steps a bound, reset statement once. With result columns, {@link #current} becomes its
     * result set and true is returned; otherwise the statement ran to completion,
     * {@link #updateCount} is set and false is returned.
     */
    boolean run(io.onelite.api.Statement st, boolean owned) throws SQLException {
        long before = session.totalChanges();
        startTimer();
        boolean row;
        try {
            row = st.step();
        } catch (RuntimeException | StackOverflowError e) {
            SQLException ex = mapError(e);
            finish(st, owned);
            throw ex;
        }
        if (st.columnCount() > 0) {
            if (owned) {
                ownedEngineStatement = st;
            }
            current = new EngineResultSet(this, st, row, maxRows);
            return true;
        }
        stopTimer();
        updateCount = changesSince(before);
        noteKey(st.sql(), updateCount);
        finish(st, owned);
        return false;
    }

    /** Steps a bound, reset statement to its end, discarding rows; returns its update count. */
    long runToEnd(io.onelite.api.Statement st, boolean owned) throws SQLException {
        long before = session.totalChanges();
        startTimer();
        try {
            while (st.step()) {
                // rows of a statement whose result nobody reads (RETURNING in a batch, or not the last)
            }
        } catch (RuntimeException | StackOverflowError e) {
            SQLException ex = mapError(e);
            finish(st, owned);
            throw ex;
        }
        stopTimer();
        long n = changesSince(before);
        noteKey(st.sql(), n);
        finish(st, owned);
        return n;
    }

    private static void finish(io.onelite.api.Statement st, boolean owned) {
        try {
            if (owned) {
                st.close();
            } else {
                st.reset();
            }
        } catch (RuntimeException ignored) {
            // reset reports the statement's last error again, which was already thrown
        }
    }

    /** {@code changes()} if the statement changed rows, else 0 (DDL and SELECT leave changes() stale). */
    long changesSince(long totalBefore) {
        return session.totalChanges() == totalBefore ? 0 : session.changes();
    }

    void noteKey(String sql, long count) {
        if (count > 0 && isInsert(sql)) {
            keys.add(session.lastInsertRowid());
        }
    }

    /**
     * The result columns of {@code st}, the list of its last result set again while they are
     * unchanged (re-executing a prepared query then builds no column list).
     */
    List<ColumnInfo> columnsOf(io.onelite.api.Statement st) {
        List<ColumnInfo> c = lastColumns;
        if (c != null && lastColumnsOf == st && EngineResultSet.describes(c, st)) {
            return c;
        }
        c = EngineResultSet.columnsOf(st);
        lastColumns = c;
        lastColumnsOf = st;
        return c;
    }

    /** {@link SqlText#isInsert}, remembered for the last text asked about (a prepared statement asks every execution). */
    private boolean isInsert(String sql) {
        if (sql != insertCheckedSql) {
            insertChecked = SqlText.isInsert(sql);
            insertCheckedSql = sql;
        }
        return insertChecked;
    }

    /** The engine result set ended or closed: end its read, stop its timer. */
    void resultDone(EngineResultSet rs, io.onelite.api.Statement st) {
        stopTimer();
        boolean owned = st == ownedEngineStatement;
        if (isInsert(st.sql())) {
            keys.add(session.lastInsertRowid());
        }
        finish(st, owned);
        if (owned) {
            ownedEngineStatement = null;
        }
        if (closeOnCompletion && rs == current) {
            try {
                close();
            } catch (SQLException ignored) {
                // nothing left to release
            }
        }
    }

    /** Closes the open result set, if any (re-execution, commit, close). */
    void closeResults() {
        BaseResultSet rs = current;
        current = null;
        if (rs != null) {
            rs.close();
        }
    }

    private void startTimer() {
        timedOut = false;
        if (queryTimeout > 0) {
            timer = TIMER.schedule(() -> {
                timedOut = true;
                session.interrupt();
            }, queryTimeout, TimeUnit.SECONDS);
        }
    }

    private void stopTimer() {
        ScheduledFuture<?> t = timer;
        timer = null;
        if (t != null) {
            t.cancel(false);
        }
    }

    /** Runs every statement in {@code sql}; the last one's result is this statement's result. */
    boolean executeText(String sql) throws SQLException {
        beginExecution();
        String rest = sql;
        while (SqlText.hasStatement(rest)) {
            conn.beforeStatement(rest);
            io.onelite.api.Statement st = prepare(rest);
            if (st.isEmpty()) {
                st.close();
                break;
            }
            String tail = st.tail();
            try {
                checkWritable(st);
            } catch (SQLException e) {
                st.close();
                throw e;
            }
            if (!SqlText.hasStatement(tail)) {
                return run(st, true);
            }
            runToEnd(st, true);
            rest = tail;
        }
        updateCount = 0;
        return false;
    }

    /** Runs every statement in {@code sql}; the sum of their update counts. */
    long updateText(String sql) throws SQLException {
        beginExecution();
        String rest = sql;
        long total = 0;
        while (SqlText.hasStatement(rest)) {
            conn.beforeStatement(rest);
            io.onelite.api.Statement st = prepare(rest);
            if (st.isEmpty()) {
                st.close();
                break;
            }
            rest = st.tail();
            try {
                checkWritable(st);
            } catch (SQLException e) {
                st.close();
                throw e;
            }
            total += runToEnd(st, true);
        }
        updateCount = total;
        return total;
    }

    // ---- java.sql.Statement ----------------------------------------------------------------

    @Override
    public ResultSet executeQuery(String sql) throws SQLException {
        if (!executeText(sql)) {
            throw new SQLException("query does not return ResultSet", null, ResultCode.DONE.code());
        }
        return current;
    }

    @Override
    public int executeUpdate(String sql) throws SQLException {
        return (int) updateText(sql);
    }

    @Override
    public long executeLargeUpdate(String sql) throws SQLException {
        return updateText(sql);
    }

    @Override
    public boolean execute(String sql) throws SQLException {
        return executeText(sql);
    }

    @Override
    public void close() throws SQLException {
        if (closed) {
            return;
        }
        closeResults();
        closed = true;
        stopTimer();
        conn.unregister(this);
    }

    @Override
    public int getMaxFieldSize() throws SQLException {
        checkOpen();
        return 0;
    }

    @Override
    public void setMaxFieldSize(int max) throws SQLException {
        checkOpen();
        if (max < 0) {
            throw new SQLException("max field size must be >= 0");
        }
    }

    @Override
    public int getMaxRows() throws SQLException {
        checkOpen();
        return (int) Math.min(Integer.MAX_VALUE, maxRows);
    }

    @Override
    public void setMaxRows(int max) throws SQLException {
        setLargeMaxRows(max);
    }

    @Override
    public long getLargeMaxRows() throws SQLException {
        checkOpen();
        return maxRows;
    }

    @Override
    public void setLargeMaxRows(long max) throws SQLException {
        checkOpen();
        if (max < 0) {
            throw new SQLException("max rows must be >= 0");
        }
        maxRows = max;
    }

    @Override
    public void setEscapeProcessing(boolean enable) throws SQLException {
        checkOpen();
    }

    @Override
    public int getQueryTimeout() throws SQLException {
        checkOpen();
        return queryTimeout;
    }

    @Override
    public void setQueryTimeout(int seconds) throws SQLException {
        checkOpen();
        if (seconds < 0) {
            throw new SQLException("query timeout must be >= 0");
        }
        queryTimeout = seconds;
    }

    /** Interrupts the statement running on this connection's session (any thread may call it). */
    @Override
    public void cancel() throws SQLException {
        checkOpen();
        session.interrupt();
    }

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
    public void setCursorName(String name) throws SQLException {
        throw Unsupported.feature("Statement.setCursorName");
    }

    @Override
    public ResultSet getResultSet() throws SQLException {
        checkOpen();
        return current;
    }

    @Override
    public int getUpdateCount() throws SQLException {
        checkOpen();
        return (int) Math.min(Integer.MAX_VALUE, current != null ? -1 : updateCount);
    }

    @Override
    public long getLargeUpdateCount() throws SQLException {
        checkOpen();
        return current != null ? -1 : updateCount;
    }

    @Override
    public boolean getMoreResults() throws SQLException {
        checkOpen();
        closeResults();
        updateCount = -1;
        return false;
    }

    @Override
    public boolean getMoreResults(int current) throws SQLException {
        return getMoreResults();
    }

    @Override
    public void setFetchDirection(int direction) throws SQLException {
        checkOpen();
        if (direction != ResultSet.FETCH_FORWARD) {
            throw new SQLException("only FETCH_FORWARD is supported");
        }
    }

    @Override
    public int getFetchDirection() throws SQLException {
        checkOpen();
        return ResultSet.FETCH_FORWARD;
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
    public int getResultSetConcurrency() throws SQLException {
        checkOpen();
        return ResultSet.CONCUR_READ_ONLY;
    }

    @Override
    public int getResultSetType() throws SQLException {
        checkOpen();
        return ResultSet.TYPE_FORWARD_ONLY;
    }

    @Override
    public void addBatch(String sql) throws SQLException {
        checkOpen();
        batch.add(sql);
    }

    @Override
    public void clearBatch() throws SQLException {
        checkOpen();
        batch.clear();
    }

    @Override
    public int[] executeBatch() throws SQLException {
        return toInts(executeLargeBatch());
    }

    @Override
    public long[] executeLargeBatch() throws SQLException {
        beginExecution();
        List<String> items = new ArrayList<>(batch);
        batch.clear();
        long[] counts = new long[items.size()];
        List<Long> allKeys = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            try {
                counts[i] = updateText(items.get(i));
                allKeys.addAll(keys);
            } catch (SQLException e) {
                throw batchFailure(e, Arrays.copyOf(counts, i));
            }
        }
        keys.clear();
        keys.addAll(allKeys);
        updateCount = -1;
        return counts;
    }

    static BatchUpdateException batchFailure(SQLException e, long[] done) {
        return new BatchUpdateException(e.getMessage(), e.getSQLState(), e.getErrorCode(), done, e);
    }

    static int[] toInts(long[] counts) {
        int[] out = new int[counts.length];
        for (int i = 0; i < counts.length; i++) {
            out[i] = (int) Math.min(Integer.MAX_VALUE, counts[i]);
        }
        return out;
    }

    /** Keys recorded during a batch must survive the per-item {@link #beginExecution()}. */
    List<Long> keys() {
        return keys;
    }

    @Override
    public Connection getConnection() throws SQLException {
        checkOpen();
        return conn;
    }

    @Override
    public ResultSet getGeneratedKeys() throws SQLException {
        checkOpen();
        List<Object[]> rows = new ArrayList<>(keys.size());
        for (Long k : keys) {
            rows.add(new Object[]{k});
        }
        return new RowListResultSet(this, List.of(new ColumnInfo(keyLabel, "INTEGER", null)), rows);
    }

    @Override
    public int executeUpdate(String sql, int autoGeneratedKeys) throws SQLException {
        return executeUpdate(sql);
    }

    @Override
    public int executeUpdate(String sql, int[] columnIndexes) throws SQLException {
        return executeUpdate(sql);
    }

    @Override
    public int executeUpdate(String sql, String[] columnNames) throws SQLException {
        return executeUpdate(sql);
    }

    @Override
    public long executeLargeUpdate(String sql, int autoGeneratedKeys) throws SQLException {
        return executeLargeUpdate(sql);
    }

    @Override
    public long executeLargeUpdate(String sql, int[] columnIndexes) throws SQLException {
        return executeLargeUpdate(sql);
    }

    @Override
    public long executeLargeUpdate(String sql, String[] columnNames) throws SQLException {
        return executeLargeUpdate(sql);
    }

    @Override
    public boolean execute(String sql, int autoGeneratedKeys) throws SQLException {
        return execute(sql);
    }

    @Override
    public boolean execute(String sql, int[] columnIndexes) throws SQLException {
        return execute(sql);
    }

    @Override
    public boolean execute(String sql, String[] columnNames) throws SQLException {
        return execute(sql);
    }

    @Override
    public int getResultSetHoldability() throws SQLException {
        checkOpen();
        return ResultSet.CLOSE_CURSORS_AT_COMMIT;
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    @Override
    public void setPoolable(boolean poolable) throws SQLException {
        checkOpen();
        this.poolable = poolable;
    }

    @Override
    public boolean isPoolable() throws SQLException {
        checkOpen();
        return poolable;
    }

    @Override
    public void closeOnCompletion() throws SQLException {
        checkOpen();
        closeOnCompletion = true;
    }

    @Override
    public boolean isCloseOnCompletion() throws SQLException {
        checkOpen();
        return closeOnCompletion;
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
