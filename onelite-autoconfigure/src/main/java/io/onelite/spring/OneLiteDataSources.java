package io.onelite.spring;

import java.sql.Connection;
import java.sql.SQLException;

import javax.sql.DataSource;

import io.onelite.jdbc.OneLiteConnection;
import io.onelite.jdbc.OneLiteDataSource;

import com.zaxxer.hikari.HikariDataSource;

import org.springframework.util.ClassUtils;

/** Tells a OneLite {@link DataSource} or {@link Connection} from any other, through pools. */
public final class OneLiteDataSources {

    /** The JDBC URL prefix of OneLite databases. */
    public static final String URL_PREFIX = "jdbc:onelite:";

    /** The driver class, which Boot's {@code DatabaseDriver} does not know. */
    public static final String DRIVER_CLASS_NAME = "io.onelite.jdbc.OneLiteDriver";

    private OneLiteDataSources() {
    }

    /** Whether {@code url} names a OneLite database. */
    public static boolean isOneLiteUrl(String url) {
        return url != null && url.startsWith(URL_PREFIX);
    }

    /** Whether {@code con} (or the connection a pool wraps) is a OneLite connection. */
    public static boolean isOneLite(Connection con) throws SQLException {
        return con.isWrapperFor(OneLiteConnection.class);
    }

    /**
     * Whether {@code ds} gives OneLite connections. Asks the data source first (a plain
     * {@link OneLiteDataSource}, or a pool that exposes it through {@code isWrapperFor}), then
     * borrows one connection and looks.
     *
     * @throws SQLException when no connection could be obtained (the answer is then unknown)
     */
    public static boolean isOneLite(DataSource ds) throws SQLException {
        try {
            if (ds.isWrapperFor(OneLiteDataSource.class)) {
                return true;
            }
        } catch (SQLException | RuntimeException ignored) {
            // some pools refuse isWrapperFor before they start; ask a connection instead
        }
        if (ClassUtils.isPresent("com.zaxxer.hikari.HikariDataSource", OneLiteDataSources.class.getClassLoader())) {
            String url = Hikari.jdbcUrl(ds);
            if (url != null) {
                return isOneLiteUrl(url);
            }
        }
        try (Connection con = ds.getConnection()) {
            return isOneLite(con);
        }
    }

    /**
     * The JDBC URL of {@code ds} when it can be told without connecting (a {@link OneLiteDataSource},
     * or a HikariCP pool configured with a URL or opening its connections through a
     * {@link OneLiteDataSource}, as one that registers SQL functions on each does), else {@code null}.
     */
    public static String urlOf(DataSource ds) {
        if (ds instanceof OneLiteDataSource oneLite) {
            return oneLite.getUrl();
        }
        if (ClassUtils.isPresent("com.zaxxer.hikari.HikariDataSource", OneLiteDataSources.class.getClassLoader())) {
            return Hikari.jdbcUrl(ds);
        }
        return null;
    }

    /** Loaded only when HikariCP is on the class path. */
    private static final class Hikari {
        static String jdbcUrl(DataSource ds) {
            if (!(ds instanceof HikariDataSource h)) {
                return null;
            }
            if (h.getDataSource() instanceof OneLiteDataSource oneLite) {
                return oneLite.getUrl();
            }
            return h.getDataSource() == null ? h.getJdbcUrl() : null;
        }
    }
}
