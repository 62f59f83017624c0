package io.onelite.spring.data;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;

import io.onelite.spring.OneLiteDataSources;

import org.springframework.data.jdbc.core.dialect.DialectResolver;
import org.springframework.data.relational.core.dialect.Dialect;
import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.JdbcOperations;

/**
 * Spring Data JDBC's {@link DialectResolver} asks each provider registered in
 * {@code META-INF/spring.factories} for a dialect: this one answers {@link OneLiteJdbcDialect} for
 * a database that calls itself {@code SQLite} ({@link OneLiteJdbcDialect#ONELITE} on a OneLite
 * connection, {@link OneLiteJdbcDialect#SQLITE} on another driver) and nothing otherwise, so the
 * other providers decide.
 */
public final class OneLiteJdbcDialectProvider implements DialectResolver.JdbcDialectProvider {

    @Override
    public Optional<Dialect> getDialect(JdbcOperations operations) {
        return Optional.ofNullable(operations.execute((ConnectionCallback<Dialect>) OneLiteJdbcDialectProvider::dialectOf));
    }

    static Dialect dialectOf(Connection con) throws SQLException {
        if (!"SQLite".equals(con.getMetaData().getDatabaseProductName())) {
            return null;
        }
        return OneLiteDataSources.isOneLite(con) ? OneLiteJdbcDialect.ONELITE : OneLiteJdbcDialect.SQLITE;
    }
}
