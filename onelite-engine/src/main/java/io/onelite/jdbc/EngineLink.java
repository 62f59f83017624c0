package io.onelite.jdbc;

import io.onelite.api.Database;
import io.onelite.api.Session;
import io.onelite.common.OneLiteException;

import java.sql.SQLException;
import java.util.Map;

/**
 * A connection's hold on the engine: one {@link Database} handle (the engine shares one
 * database per file per JVM, so handles are cheap) and one {@link Session} on it. Closing
 * closes both; the last handle of a file closes the file.
 */
final class EngineLink implements AutoCloseable {
    private final Database database;
    private final Session session;

    private EngineLink(Database database, Session session) {
        this.database = database;
        this.session = session;
    }

    Session session() {
        return session;
    }

    Database database() {
        return database;
    }

    static EngineLink open(ConnectionConfig config) throws SQLException {
        Database db;
        try {
            if (config.sharedMemory() != null) {
                db = Database.openSharedMemory(config.sharedMemory(), config.options());
            } else {
                if (config.mustExist() && !java.nio.file.Files.exists(java.nio.file.Path.of(config.path()))) {
                    // URI mode=ro or mode=rw: SQLite opens without SQLITE_OPEN_CREATE
                    throw new OneLiteException(io.onelite.common.ResultCode.CANTOPEN, "unable to open database file");
                }
                db = Database.open(config.isMemory() ? ":memory:" : config.path(), config.options());
            }
        } catch (OneLiteException e) {
            throw SqlErrors.of(e);
        } catch (RuntimeException e) {
            throw new SQLException("cannot open " + config.path() + ": " + e, "08001", e);
        }
        try {
            Session session = db.openSession();
            try {
                for (Map.Entry<String, String> p : config.pragmas().entrySet()) {
                    session.execute("PRAGMA " + p.getKey() + " = " + p.getValue());
                }
            } catch (RuntimeException e) {
                session.close();
                throw e;
            }
            return new EngineLink(db, session);
        } catch (OneLiteException e) {
            db.close();
            throw SqlErrors.of(e);
        } catch (RuntimeException e) {
            db.close();
            throw new SQLException("cannot open a session on " + config.path() + ": " + e, "08001", e);
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
            }
        }
    }
}
