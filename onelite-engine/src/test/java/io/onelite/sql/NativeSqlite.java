package io.onelite.sql;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Native SQLite (sqlite-jdbc, in memory) as the oracle for parse errors: {@link #prepareError} prepares a
 * statement without running it and returns SQLite's own message text, or null when it prepared.
 */
final class NativeSqlite implements AutoCloseable {
    private static final Pattern MESSAGE = Pattern.compile("^\\[SQLITE_[A-Z_]+\\][^(]*\\((.*)\\)$", Pattern.DOTALL);

    private final Connection conn;

    NativeSqlite() throws SQLException {
        conn = DriverManager.getConnection("jdbc:sqlite::memory:");
        try (var s = conn.createStatement()) {
            s.executeUpdate("CREATE TABLE t1(a, b, c)");
            s.executeUpdate("CREATE TABLE t2(a INTEGER PRIMARY KEY, b TEXT, c REAL)");
            s.executeUpdate("CREATE TABLE t(a, b, c)");
            s.executeUpdate("CREATE TABLE u(a, b, c)");
        }
    }

    /** SQLite's error message for preparing {@code sql}, or null if it prepares. */
    String prepareError(String sql) {
        try (PreparedStatement p = conn.prepareStatement(sql)) {
            return null;
        } catch (IllegalStateException e) {
            return null; // sqlite-jdbc: an empty statement prepares to a null pointer it tracks badly
        } catch (SQLException e) {
            String m = e.getMessage();
            Matcher matcher = MESSAGE.matcher(m == null ? "" : m);
            return matcher.matches() ? matcher.group(1) : m;
        }
    }

    /** Whether the message is one of the parser's own: syntax error, incomplete input, unrecognized token. */
    static boolean isSyntaxMessage(String message) {
        return message != null && (message.startsWith("near \"") || message.equals("incomplete input")
                || message.startsWith("unrecognized token:"));
    }

    @Override
    public void close() {
        try {
            conn.close();
        } catch (SQLException e) {
            // finalizing the null statement of an empty prepare fails; nothing to release
        }
    }
}
