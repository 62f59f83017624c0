package io.onelite.jdbc;

import io.onelite.api.DatabaseOptions;
import io.onelite.api.Session;
import io.onelite.common.OneLiteException;

import java.sql.SQLException;

/**
 * Opens engine sessions for connections: one {@code io.onelite.api.Database} handle per
 * connection (the engine shares one database per file per JVM), one {@link Session} on it.
 */
final class EngineLink implements AutoCloseable {
    private final AutoCloseable database;
    private final Session session;

    private EngineLink(AutoCloseable database, Session session) {
        this.database = database;
        this.session = session;
    }

    Session session() {
        return session;
    }

    static EngineLink open(ConnectionConfig config) throws SQLException {
        AutoCloseable db;
        try {
            // Until io.onelite.api.Database is merged, it is reached by name; replaced by a direct call then.
            Class<?> c = Class.forName("io.onelite.api.Database");
            db = (AutoCloseable) c.getMethod("open", String.class, DatabaseOptions.class)
                    .invoke(null, config.path(), config.options());
            Session s = (Session) c.getMethod("openSession").invoke(db);
            return new EngineLink(db, s);
        } catch (java.lang.reflect.InvocationTargetException e) {
            if (e.getCause() instanceof OneLiteException oe) {
                throw SqlErrors.of(oe);
            }
            throw new SQLException("cannot open " + config.path() + ": " + e.getCause(), "08001", e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new SQLException("the OneLite engine is not available: " + e, "08001", e);
        }
    }

    @Override
    public void close() throws SQLException {
        try {
            session.close();
        } catch (OneLiteException e) {
            throw SqlErrors.of(e);
        } finally {
            try {
                database.close();
            } catch (OneLiteException e) {
                throw SqlErrors.of(e);
            } catch (Exception e) {
                throw new SQLException(e);
            }
        }
    }
}
