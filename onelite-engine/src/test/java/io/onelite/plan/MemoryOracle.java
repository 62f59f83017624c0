package io.onelite.plan;

import io.onelite.api.Database;
import io.onelite.api.DatabaseOptions;
import io.onelite.api.Session;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A OneLite session and a native SQLite connection (sqlite-jdbc in this JVM), both on a database
 * in memory, that a test runs the same statements on: what one engine gives, the other must.
 */
final class MemoryOracle implements AutoCloseable {
    private final Database db;
    private final Session session;
    private final Connection sqlite;

    /** Opens both and runs {@code setup} on each. */
    MemoryOracle(String... setup) throws SQLException {
        db = Database.open(":memory:", DatabaseOptions.DEFAULTS);
        session = db.openSession();
        sqlite = DriverManager.getConnection("jdbc:sqlite::memory:");
        for (String sql : setup) {
            NativeOracle.both(session, sqlite, sql);
        }
    }

    /** Runs {@code sql} on both engines, which must both accept it. */
    void both(String sql) {
        assertThat(NativeOracle.both(session, sqlite, sql)).as(sql).isTrue();
    }

    /** Native SQLite fails {@code sql} with SQLITE_ERROR and {@code message}, and so does OneLite. */
    void sameError(String sql, String message) {
        String expected = "1 " + message;
        assertThat(QueryOutcome.nativeSqlite(sqlite, sql).error()).as("native: " + sql).isEqualTo(expected);
        assertThat(QueryOutcome.oneLite(session, sql).error()).as(sql).isEqualTo(expected);
    }

    /** Both engines give the same rows. */
    void sameRows(String sql) {
        QueryOutcome theirs = QueryOutcome.nativeSqlite(sqlite, sql);
        assertThat(theirs.error()).as("native: " + sql).isNull();
        QueryOutcome mine = QueryOutcome.oneLite(session, sql);
        assertThat(mine.matches(theirs, null, false, true)).as(sql + ": " + mine.describe() + " vs "
                + theirs.describe()).isTrue();
    }

    /** Both engines run {@code sql}, then hold the same rows in {@code table}. */
    void sameEffect(String sql, String table) {
        both(sql);
        sameRows("SELECT * FROM " + table);
    }

    @Override
    public void close() throws SQLException {
        sqlite.close();
        session.close();
        db.close();
    }
}
