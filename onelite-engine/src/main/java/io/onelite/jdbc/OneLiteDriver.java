package io.onelite.jdbc;

import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Properties;
import java.util.logging.Logger;

/**
 * The JDBC driver for {@code jdbc:onelite:<path>[?key=value&...]} URLs (keys in
 * {@link ConnectionConfig}). Registered with {@link DriverManager} by its static initializer and
 * through {@code META-INF/services/java.sql.Driver}.
 */
public final class OneLiteDriver implements Driver {

    /** The driver's name, as {@code DatabaseMetaData.getDriverName()} reports it. */
    public static final String NAME = "OneLite JDBC";
    public static final int MAJOR_VERSION = 0;
    public static final int MINOR_VERSION = 1;
    public static final String VERSION = "0.1.0";

    static {
        try {
            DriverManager.registerDriver(new OneLiteDriver());
        } catch (SQLException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Returns null for URLs of other drivers, as {@link Driver#connect} requires. */
    @Override
    public Connection connect(String url, Properties info) throws SQLException {
        if (!acceptsURL(url)) {
            return null;
        }
        return OneLiteConnection.open(ConnectionConfig.parse(url, info), url);
    }

    @Override
    public boolean acceptsURL(String url) {
        return url != null && url.regionMatches(true, 0, ConnectionConfig.PREFIX, 0, ConnectionConfig.PREFIX.length());
    }

    @Override
    public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) {
        String[][] keys = {
                {"synchronous", "FULL", "PRAGMA synchronous: OFF, NORMAL, FULL or EXTRA"},
                {"busy_timeout", "5000", "milliseconds to wait for the write lock"},
                {"commit_hold_limit", "5000", "milliseconds a concurrent commit may spend validating"},
                {"cache_size", "-2000", "page cache size in pages (negative: KiB)"},
                {"foreign_keys", "false", "PRAGMA foreign_keys"},
                {"read_only", "false", "open read-only"},
                {"begin", "deferred", "begin mode: deferred, immediate, exclusive, concurrent, concurrent_snapshot"},
        };
        DriverPropertyInfo[] out = new DriverPropertyInfo[keys.length];
        for (int i = 0; i < keys.length; i++) {
            String value = info == null ? null : info.getProperty(keys[i][0]);
            out[i] = new DriverPropertyInfo(keys[i][0], value == null ? keys[i][1] : value);
            out[i].description = keys[i][2];
        }
        return out;
    }

    @Override
    public int getMajorVersion() {
        return MAJOR_VERSION;
    }

    @Override
    public int getMinorVersion() {
        return MINOR_VERSION;
    }

    @Override
    public boolean jdbcCompliant() {
        return false;
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        throw Unsupported.feature("Driver.getParentLogger");
    }
}
