package io.onelite.it;

import io.onelite.jdbc.OneLiteDataSource;
import org.sqlite.SQLiteDataSource;

import javax.sql.DataSource;
import java.nio.file.Path;

/**
 * The two databases every integration test runs on, each in its own file (native SQLite and
 * OneLite never open the same file in one JVM): OneLite, and native SQLite (sqlite-jdbc) in WAL
 * mode as the oracle.
 */
final class Databases {
    static final String ONELITE = "onelite";
    static final String NATIVE = "sqlite";

    private Databases() {
    }

    /** The JDBC URL of a database file in {@code dir}; {@code options} are OneLite URL keys. */
    static String url(String kind, Path dir, String options) {
        Path file = dir.resolve(kind + ".db");
        if (kind.equals(ONELITE)) {
            return "jdbc:onelite:" + file + (options.isEmpty() ? "" : "?" + options);
        }
        return "jdbc:sqlite:" + file + "?journal_mode=WAL&busy_timeout=20000"
                + (options.contains("begin=immediate") ? "&transaction_mode=IMMEDIATE" : "");
    }

    static DataSource dataSource(String kind, Path dir) {
        if (kind.equals(ONELITE)) {
            OneLiteDataSource ds = new OneLiteDataSource();
            ds.setUrl(url(kind, dir, ""));
            return ds;
        }
        SQLiteDataSource ds = new SQLiteDataSource();
        ds.setUrl(url(kind, dir, ""));
        return ds;
    }
}
