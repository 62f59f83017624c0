package io.onelite.jdbc;

import io.onelite.api.DatabaseStatus;
import io.onelite.api.FunctionDefinition;
import io.onelite.api.Session;
import io.onelite.api.UserFunction;
import io.onelite.common.BeginMode;
import io.onelite.common.ResultCode;

import java.sql.Array;
import java.sql.Blob;
import java.sql.CallableStatement;
import java.sql.Clob;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.NClob;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLClientInfoException;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.SQLXML;
import java.sql.Savepoint;
import java.sql.Statement;
import java.sql.Struct;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.Executor;

/**
 * A JDBC connection over one engine {@link Session}.
 *
 * <p>Transactions: in auto-commit mode every statement runs in its own transaction, and explicit
 * {@code BEGIN}/{@code COMMIT}/{@code SAVEPOINT} statements work as in SQLite. After
 * {@code setAutoCommit(false)} a transaction begins lazily, at the first statement, with
 * {@link #getBeginMode()}'s SQL ({@code BEGIN CONCURRENT} and so on); {@link #commit()} and
 * {@link #rollback()} end it, and the next statement begins the next one. A {@code COMMIT} that
 * fails always ends the transaction (it is rolled back), so the connection is clean afterwards.
 *
 * <p>A connection is used by one thread at a time (JDBC's usual rule); {@code Statement.cancel()}
 * may come from any thread.
 */
public final class OneLiteConnection implements Connection {
    private final ConnectionConfig config;
    private final String url;
    private final EngineLink link;
    private final Session session;
    private final Set<OneLiteStatement> statements = Collections.newSetFromMap(new WeakHashMap<>());
    private final Properties clientInfo = new Properties();
    private volatile boolean closed;
    private boolean autoCommit = true;
    private boolean readOnly;
    private int isolation = TRANSACTION_SERIALIZABLE;
    private int holdability = ResultSet.CLOSE_CURSORS_AT_COMMIT;
    private BeginMode beginMode;
    private int savepointCounter;
    private int networkTimeout;
    private Map<String, Class<?>> typeMap = new HashMap<>();

    private OneLiteConnection(ConnectionConfig config, String url, EngineLink link) {
        this.config = config;
        this.url = url;
        this.link = link;
        this.session = link.session();
        this.beginMode = config.beginMode();
        this.readOnly = config.options().readOnly();
    }

    /** Opens a connection; {@code url} is what {@code DatabaseMetaData.getURL()} reports. */
    static OneLiteConnection open(ConnectionConfig config, String url) throws SQLException {
        return new OneLiteConnection(config, url, EngineLink.open(config));
    }

    /** The mode {@code setAutoCommit(false)} transactions begin with. */
    public BeginMode getBeginMode() {
        return beginMode;
    }

    /**
     * Sets the mode the next {@code setAutoCommit(false)} transaction begins with (the Spring
     * transaction manager calls it per transaction). A transaction already open keeps its mode.
     */
    public void setBeginMode(BeginMode mode) throws SQLException {
        checkOpen();
        if (mode == null) {
            throw new SQLException("begin mode must not be null");
        }
        this.beginMode = mode;
    }

    /** The configuration this connection was opened with. */
    public ConnectionConfig config() {
        return config;
    }

    Session session() {
        return session;
    }

    /** The engine's counters and WAL state of this connection's database (for metrics and health). */
    public DatabaseStatus databaseStatus() throws SQLException {
        checkOpen();
        return link.database().status();
    }

    /**
     * Registers a scalar SQL function on this connection only, as sqlite-jdbc's
     * {@code org.sqlite.Function.create} (SQLite's {@code sqlite3_create_function_v2}): reach it
     * through {@code connection.unwrap(OneLiteConnection.class)}. {@code nArgs} -1 takes any
     * number of arguments. See {@link UserFunction} for the values a function receives and
     * returns, and {@link Session#createFunction} for name resolution and prepared statements.
     * A pool hands out other connections: register on each, or through
     * {@link OneLiteDataSource#addFunction}.
     */
    public void createFunction(String name, int nArgs, boolean deterministic, UserFunction.Scalar f)
            throws SQLException {
        createFunction(FunctionRegistration.define(() -> FunctionDefinition.scalar(name, nArgs, deterministic, f)));
    }

    /** Registers an aggregate SQL function (a new {@link UserFunction.Accumulator} per group) on this connection. */
    public void createAggregateFunction(String name, int nArgs, boolean deterministic, UserFunction.Aggregate f)
            throws SQLException {
        createFunction(FunctionRegistration.define(() -> FunctionDefinition.aggregate(name, nArgs, deterministic, f)));
    }

    /** Registers an aggregate window function (usable with and without OVER) on this connection. */
    public void createWindowFunction(String name, int nArgs, boolean deterministic, UserFunction.Window f)
            throws SQLException {
        createFunction(FunctionRegistration.define(() -> FunctionDefinition.window(name, nArgs, deterministic, f)));
    }

    /** Registers {@code definition} on this connection. */
    public void createFunction(FunctionDefinition definition) throws SQLException {
        checkOpen();
        FunctionRegistration.create(session, definition);
    }

    /** Registers the functions of a {@link OneLiteDataSource} on a connection it just opened. */
    void registerAll(List<FunctionDefinition> definitions) throws SQLException {
        FunctionRegistration.createAll(session, definitions);
    }

    /**
     * Removes this connection's function with exactly this name and argument count; false when
     * there is none. A built-in it hid is visible again.
     */
    public boolean removeFunction(String name, int nArgs) throws SQLException {
        checkOpen();
        return FunctionRegistration.remove(session, name, nArgs);
    }

    String url() {
        return url;
    }

    void checkOpen() throws SQLException {
        if (closed) {
            throw SqlErrors.closed("connection");
        }
    }

    /**
     * Called before a statement of {@code sql} runs: opens the lazy transaction when auto-commit
     * is off and none is open, unless the statement itself controls transactions.
     */
    void beforeStatement(String sql) throws SQLException {
        checkOpen();
        if (!autoCommit && session.isAutoCommit() && !SqlText.isTransactionControl(sql)) {
            run(beginMode.sql());
        }
    }

    /** Whether writes are refused ({@link #setReadOnly}). */
    boolean readOnlyFlag() {
        return readOnly;
    }

    void register(OneLiteStatement s) {
        synchronized (statements) {
            statements.add(s);
        }
    }

    void unregister(OneLiteStatement s) {
        synchronized (statements) {
            statements.remove(s);
        }
    }

    /** Runs driver-issued SQL (BEGIN, COMMIT, SAVEPOINT...). */
    void run(String sql) throws SQLException {
        try {
            session.execute(sql);
        } catch (RuntimeException | StackOverflowError e) {
            throw SqlErrors.of(e);
        }
    }

    @Override
    public Statement createStatement() throws SQLException {
        checkOpen();
        return new OneLiteStatement(this);
    }

    @Override
    public PreparedStatement prepareStatement(String sql) throws SQLException {
        checkOpen();
        return new OneLitePreparedStatement(this, sql, false, null);
    }

    @Override
    public CallableStatement prepareCall(String sql) throws SQLException {
        throw Unsupported.feature("Connection.prepareCall");
    }

    @Override
    public String nativeSQL(String sql) throws SQLException {
        checkOpen();
        return sql;
    }

    @Override
    public void setAutoCommit(boolean autoCommit) throws SQLException {
        checkOpen();
        if (this.autoCommit == autoCommit) {
            return;
        }
        if (autoCommit && !session.isAutoCommit()) {
            commitOpenTransaction();
        }
        this.autoCommit = autoCommit;
    }

    @Override
    public boolean getAutoCommit() throws SQLException {
        checkOpen();
        return autoCommit;
    }

    @Override
    public void commit() throws SQLException {
        checkOpen();
        if (autoCommit) {
            throw new SQLException("database in auto-commit mode", null, ResultCode.MISUSE.code());
        }
        commitOpenTransaction();
    }

    /** COMMIT; on failure the transaction is rolled back so that the connection is clean. */
    private void commitOpenTransaction() throws SQLException {
        if (session.isAutoCommit()) {
            return;
        }
        resetStatements();
        try {
            session.execute("COMMIT");
        } catch (RuntimeException | StackOverflowError e) {
            SQLException ex = SqlErrors.of(e);
            if (!session.isAutoCommit()) {
                try {
                    session.execute("ROLLBACK");
                } catch (RuntimeException suppressed) {
                    ex.addSuppressed(suppressed);
                }
            }
            throw ex;
        }
    }

    @Override
    public void rollback() throws SQLException {
        checkOpen();
        if (autoCommit) {
            throw new SQLException("database in auto-commit mode", null, ResultCode.MISUSE.code());
        }
        if (!session.isAutoCommit()) {
            resetStatements();
            run("ROLLBACK");
        }
    }

    /** Open result sets would keep reading the old transaction: end them before COMMIT/ROLLBACK. */
    private void resetStatements() {
        OneLiteStatement[] open;
        synchronized (statements) {
            open = statements.toArray(new OneLiteStatement[0]);
        }
        for (OneLiteStatement s : open) {
            s.closeResults();
        }
    }

    @Override
    public void close() throws SQLException {
        if (closed) {
            return;
        }
        closed = true;
        OneLiteStatement[] open;
        synchronized (statements) {
            open = statements.toArray(new OneLiteStatement[0]);
            statements.clear();
        }
        for (OneLiteStatement s : open) {
            try {
                s.close();
            } catch (SQLException ignored) {
                // closing the session below releases what the statement held
            }
        }
        link.close();
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    @Override
    public DatabaseMetaData getMetaData() throws SQLException {
        checkOpen();
        return new OneLiteDatabaseMetaData(this);
    }

    /** Refuses writes from now on (checked by the driver before each statement runs). */
    @Override
    public void setReadOnly(boolean readOnly) throws SQLException {
        checkOpen();
        if (!readOnly && config.options().readOnly()) {
            throw new SQLException("the connection was opened with read_only=true");
        }
        this.readOnly = readOnly;
    }

    @Override
    public boolean isReadOnly() throws SQLException {
        checkOpen();
        return readOnly;
    }

    /** Catalogs are not supported: ignored, as JDBC allows. */
    @Override
    public void setCatalog(String catalog) throws SQLException {
        checkOpen();
    }

    @Override
    public String getCatalog() throws SQLException {
        checkOpen();
        return null;
    }

    /**
     * As sqlite-jdbc: the four JDBC levels are accepted and reported back; every other value
     * fails. Transactions are serializable whatever the level (READ_UNCOMMITTED has no effect in
     * WAL mode); isolation in OneLite comes from the begin mode (see {@link #setBeginMode}).
     */
    @Override
    public void setTransactionIsolation(int level) throws SQLException {
        checkOpen();
        switch (level) {
            case TRANSACTION_SERIALIZABLE, TRANSACTION_READ_UNCOMMITTED, TRANSACTION_READ_COMMITTED,
                    TRANSACTION_REPEATABLE_READ -> isolation = level;
            default -> throw new SQLException("Unsupported transaction isolation level: " + level
                    + ". Must be one of TRANSACTION_READ_UNCOMMITTED, TRANSACTION_READ_COMMITTED,"
                    + " TRANSACTION_REPEATABLE_READ, or TRANSACTION_SERIALIZABLE in java.sql.Connection");
        }
    }

    @Override
    public int getTransactionIsolation() throws SQLException {
        checkOpen();
        return isolation;
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
    public Statement createStatement(int resultSetType, int resultSetConcurrency) throws SQLException {
        checkResultSetType(resultSetType, resultSetConcurrency);
        return createStatement();
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int resultSetType, int resultSetConcurrency) throws SQLException {
        checkResultSetType(resultSetType, resultSetConcurrency);
        return prepareStatement(sql);
    }

    private static void checkResultSetType(int type, int concurrency) throws SQLException {
        if (type != ResultSet.TYPE_FORWARD_ONLY) {
            throw Unsupported.feature("result set type " + type + " (only TYPE_FORWARD_ONLY)");
        }
        if (concurrency != ResultSet.CONCUR_READ_ONLY) {
            throw Unsupported.feature("result set concurrency " + concurrency + " (only CONCUR_READ_ONLY)");
        }
    }

    @Override
    public CallableStatement prepareCall(String sql, int resultSetType, int resultSetConcurrency) throws SQLException {
        throw Unsupported.feature("Connection.prepareCall");
    }

    @Override
    public Map<String, Class<?>> getTypeMap() throws SQLException {
        checkOpen();
        return typeMap;
    }

    @Override
    public void setTypeMap(Map<String, Class<?>> map) throws SQLException {
        checkOpen();
        typeMap = map == null ? new HashMap<>() : map;
    }

    @Override
    public void setHoldability(int holdability) throws SQLException {
        checkOpen();
        if (holdability != ResultSet.CLOSE_CURSORS_AT_COMMIT && holdability != ResultSet.HOLD_CURSORS_OVER_COMMIT) {
            throw new SQLException("invalid holdability " + holdability);
        }
        this.holdability = holdability;
    }

    @Override
    public int getHoldability() throws SQLException {
        checkOpen();
        return holdability;
    }

    /**
     * As sqlite-jdbc: in auto-commit mode, setting a savepoint turns auto-commit off (the
     * savepoint lives in the transaction that begins now).
     */
    @Override
    public Savepoint setSavepoint() throws SQLException {
        int id = ++savepointCounter;
        return savepoint(new OneLiteSavepoint(id, null));
    }

    @Override
    public Savepoint setSavepoint(String name) throws SQLException {
        if (name == null) {
            throw new SQLException("savepoint name must not be null");
        }
        return savepoint(new OneLiteSavepoint(0, name));
    }

    private Savepoint savepoint(OneLiteSavepoint sp) throws SQLException {
        checkOpen();
        if (autoCommit) {
            autoCommit = false;
        }
        beforeStatement("SAVEPOINT");
        run("SAVEPOINT " + sp.sqlName());
        return sp;
    }

    @Override
    public void rollback(Savepoint savepoint) throws SQLException {
        checkOpen();
        if (autoCommit) {
            throw new SQLException("database in auto-commit mode", null, ResultCode.MISUSE.code());
        }
        run("ROLLBACK TO SAVEPOINT " + OneLiteSavepoint.of(savepoint).sqlName());
    }

    @Override
    public void releaseSavepoint(Savepoint savepoint) throws SQLException {
        checkOpen();
        run("RELEASE SAVEPOINT " + OneLiteSavepoint.of(savepoint).sqlName());
    }

    @Override
    public Statement createStatement(int resultSetType, int resultSetConcurrency, int resultSetHoldability) throws SQLException {
        return createStatement(resultSetType, resultSetConcurrency);
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int resultSetType, int resultSetConcurrency, int resultSetHoldability) throws SQLException {
        return prepareStatement(sql, resultSetType, resultSetConcurrency);
    }

    @Override
    public CallableStatement prepareCall(String sql, int resultSetType, int resultSetConcurrency, int resultSetHoldability) throws SQLException {
        throw Unsupported.feature("Connection.prepareCall");
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int autoGeneratedKeys) throws SQLException {
        checkOpen();
        return new OneLitePreparedStatement(this, sql, autoGeneratedKeys == Statement.RETURN_GENERATED_KEYS, null);
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int[] columnIndexes) throws SQLException {
        checkOpen();
        return new OneLitePreparedStatement(this, sql, true, null);
    }

    @Override
    public PreparedStatement prepareStatement(String sql, String[] columnNames) throws SQLException {
        checkOpen();
        return new OneLitePreparedStatement(this, sql, true,
                columnNames != null && columnNames.length > 0 ? columnNames[0] : null);
    }

    @Override
    public Clob createClob() throws SQLException {
        throw Unsupported.feature("Connection.createClob");
    }

    @Override
    public Blob createBlob() throws SQLException {
        throw Unsupported.feature("Connection.createBlob");
    }

    @Override
    public NClob createNClob() throws SQLException {
        throw Unsupported.feature("Connection.createNClob");
    }

    @Override
    public SQLXML createSQLXML() throws SQLException {
        throw Unsupported.feature("Connection.createSQLXML");
    }

    /** True while the connection is open (an embedded engine has no link to lose). */
    @Override
    public boolean isValid(int timeout) throws SQLException {
        if (timeout < 0) {
            throw new SQLException("timeout must be >= 0");
        }
        return !closed;
    }

    @Override
    public void setClientInfo(String name, String value) throws SQLClientInfoException {
        if (value == null) {
            clientInfo.remove(name);
        } else {
            clientInfo.setProperty(name, value);
        }
    }

    @Override
    public void setClientInfo(Properties properties) throws SQLClientInfoException {
        clientInfo.clear();
        if (properties != null) {
            clientInfo.putAll(properties);
        }
    }

    @Override
    public String getClientInfo(String name) throws SQLException {
        checkOpen();
        return clientInfo.getProperty(name);
    }

    @Override
    public Properties getClientInfo() throws SQLException {
        checkOpen();
        Properties copy = new Properties();
        copy.putAll(clientInfo);
        return copy;
    }

    @Override
    public Array createArrayOf(String typeName, Object[] elements) throws SQLException {
        throw Unsupported.feature("Connection.createArrayOf");
    }

    @Override
    public Struct createStruct(String typeName, Object[] attributes) throws SQLException {
        throw Unsupported.feature("Connection.createStruct");
    }

    @Override
    public void setSchema(String schema) throws SQLException {
        checkOpen();
    }

    @Override
    public String getSchema() throws SQLException {
        checkOpen();
        return null;
    }

    @Override
    public void abort(Executor executor) throws SQLException {
        if (!closed) {
            session.interrupt();
            close();
        }
    }

    @Override
    public void setNetworkTimeout(Executor executor, int milliseconds) throws SQLException {
        checkOpen();
        networkTimeout = milliseconds;
    }

    @Override
    public int getNetworkTimeout() throws SQLException {
        checkOpen();
        return networkTimeout;
    }

    /** Unwraps to this connection or to the engine {@link Session}. */
    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        if (iface.isInstance(this)) {
            return iface.cast(this);
        }
        if (iface.isInstance(session)) {
            return iface.cast(session);
        }
        throw new SQLException("not a wrapper for " + iface.getName());
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
        return iface.isInstance(this) || iface.isInstance(session);
    }
}
