package io.onelite.jdbc;

import io.onelite.api.FunctionDefinition;
import io.onelite.common.BeginMode;
import io.onelite.common.Synchronous;

import javax.sql.DataSource;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Logger;

/**
 * A non-pooling {@link DataSource}: each {@link #getConnection()} opens a new connection (cheap:
 * the engine shares one database per file per JVM). Configure it with {@link #setUrl} or
 * {@link #setPath} plus the option setters; setters win over keys in the URL. Pools (HikariCP)
 * wrap it or use the driver URL directly.
 */
public class OneLiteDataSource implements DataSource {
    private String url = ConnectionConfig.PREFIX + ConnectionConfig.MEMORY;
    private final Properties properties = new Properties();
    /** Registered on every connection this source opens (copied on write: getConnection may run on any thread). */
    private final List<FunctionDefinition> functions = new CopyOnWriteArrayList<>();
    private PrintWriter logWriter;
    private int loginTimeout;

    public OneLiteDataSource() {
    }

    /** A data source for {@code jdbc:onelite:<path>}. */
    public OneLiteDataSource(String path) {
        setPath(path);
    }

    /** The JDBC URL ({@code jdbc:onelite:<path>[?key=value&...]}). */
    public void setUrl(String url) {
        if (url == null || !url.regionMatches(true, 0, ConnectionConfig.PREFIX, 0, ConnectionConfig.PREFIX.length())) {
            throw new IllegalArgumentException("not a OneLite URL: " + url);
        }
        this.url = url;
    }

    public String getUrl() {
        return url;
    }

    /** The database file path (or {@code :memory:}); replaces the URL's path, keeps its keys. */
    public void setPath(String path) {
        int q = url.indexOf('?');
        this.url = ConnectionConfig.PREFIX + path + (q < 0 ? "" : url.substring(q));
    }

    public String getPath() {
        String rest = url.substring(ConnectionConfig.PREFIX.length());
        int q = rest.indexOf('?');
        return q < 0 ? rest : rest.substring(0, q);
    }

    public void setSynchronous(Synchronous synchronous) {
        set("synchronous", synchronous.name());
    }

    public void setSynchronous(String synchronous) {
        setSynchronous(Synchronous.parse(synchronous));
    }

    public void setBusyTimeout(Duration timeout) {
        set("busy_timeout", Long.toString(timeout.toMillis()));
    }

    /** Milliseconds. */
    public void setBusyTimeout(long millis) {
        set("busy_timeout", Long.toString(millis));
    }

    public void setCommitHoldLimit(Duration limit) {
        set("commit_hold_limit", Long.toString(limit.toMillis()));
    }

    /** Milliseconds. */
    public void setCommitHoldLimit(long millis) {
        set("commit_hold_limit", Long.toString(millis));
    }

    public void setCacheSize(int cacheSize) {
        set("cache_size", Integer.toString(cacheSize));
    }

    public void setForeignKeys(boolean foreignKeys) {
        set("foreign_keys", Boolean.toString(foreignKeys));
    }

    public void setReadOnly(boolean readOnly) {
        set("read_only", Boolean.toString(readOnly));
    }

    /** The mode {@code setAutoCommit(false)} transactions of this source's connections begin with. */
    public void setBeginMode(BeginMode beginMode) {
        set("begin", beginMode.name());
    }

    public void setBeginMode(String beginMode) {
        setBeginMode(BeginMode.parse(beginMode));
    }

    /** The effective configuration (URL plus setters); fails on a bad URL key. */
    public ConnectionConfig getConfig() throws SQLException {
        return ConnectionConfig.parse(url, properties);
    }

    public BeginMode getBeginMode() throws SQLException {
        return getConfig().beginMode();
    }

    public Synchronous getSynchronous() throws SQLException {
        return getConfig().options().synchronous();
    }

    public Duration getBusyTimeout() throws SQLException {
        return getConfig().options().busyTimeout();
    }

    public Duration getCommitHoldLimit() throws SQLException {
        return getConfig().options().commitHoldLimit();
    }

    private void set(String key, String value) {
        properties.setProperty(key, value);
    }

    /**
     * Registers {@code definition} on every connection this source opens from now on: the way to
     * give each connection of a pool the same functions (HikariCP:
     * {@code config.setDataSource(oneLiteDataSource)}). A definition with the same name and
     * argument count as an earlier one replaces it.
     */
    public void addFunction(FunctionDefinition definition) {
        if (definition == null) {
            throw new IllegalArgumentException("definition must not be null");
        }
        functions.removeIf(d -> d.nArgs() == definition.nArgs() && d.name().equalsIgnoreCase(definition.name()));
        functions.add(definition);
    }

    /** Replaces the functions registered on each new connection ({@link #addFunction} for each). */
    public void setFunctions(Collection<FunctionDefinition> definitions) {
        functions.clear();
        definitions.forEach(this::addFunction);
    }

    /** The functions registered on each new connection, in the order given. */
    public List<FunctionDefinition> getFunctions() {
        return List.copyOf(functions);
    }

    @Override
    public Connection getConnection() throws SQLException {
        OneLiteConnection c = OneLiteConnection.open(getConfig(), url);
        if (!functions.isEmpty()) {
            try {
                c.registerAll(functions);
            } catch (SQLException | RuntimeException e) {
                c.close();
                throw e;
            }
        }
        return c;
    }

    /** User and password are ignored (an embedded database has no users). */
    @Override
    public Connection getConnection(String username, String password) throws SQLException {
        return getConnection();
    }

    @Override
    public PrintWriter getLogWriter() {
        return logWriter;
    }

    @Override
    public void setLogWriter(PrintWriter out) {
        this.logWriter = out;
    }

    @Override
    public void setLoginTimeout(int seconds) {
        this.loginTimeout = seconds;
    }

    @Override
    public int getLoginTimeout() {
        return loginTimeout;
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        throw Unsupported.feature("DataSource.getParentLogger");
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
