package io.onelite.reliability;

import io.onelite.api.Database;
import io.onelite.api.DatabaseOptions;
import io.onelite.api.Session;
import io.onelite.api.Statement;
import io.onelite.common.OneLiteException;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One in-memory database in OneLite and one in native SQLite (sqlite-jdbc), fed the same
 * statements. {@link #both} runs a statement on each and returns the two outcomes rendered alike
 * (rows with their storage classes, or {@code error CODE: message}), for tests to compare.
 */
final class SideBySide implements AutoCloseable {
    /** sqlite-jdbc words a failure as "[SQLITE_ERROR] SQL error or missing database (message)". */
    private static final Pattern NATIVE_MESSAGE = Pattern.compile("^\\[SQLITE_[A-Z_]+\\][^(]*\\((.*)\\)$",
            Pattern.DOTALL);

    private final Database db;
    private final Session session;
    private final Connection sqlite;

    SideBySide() throws SQLException {
        db = Database.open(":memory:", DatabaseOptions.DEFAULTS);
        session = db.openSession();
        sqlite = DriverManager.getConnection("jdbc:sqlite::memory:");
    }

    /** The outcomes of {@code sql} in OneLite and in SQLite, in that order. */
    String[] both(String sql) {
        return new String[]{oneLite(sql), sqlite(sql)};
    }

    /** Runs each statement on both sides, expecting both to succeed (test set-up). */
    void setUp(String... statements) {
        for (String sql : statements) {
            String[] r = both(sql);
            if (r[0].startsWith("error") || r[1].startsWith("error")) {
                throw new AssertionError("set-up failed: " + sql + " -> " + r[0] + " / " + r[1]);
            }
        }
    }

    String oneLite(String sql) {
        List<String> rows = new ArrayList<>();
        try (Statement st = session.prepare(sql)) {
            while (st.step()) {
                List<String> row = new ArrayList<>();
                for (int i = 0; i < st.columnCount(); i++) {
                    row.add(render(st.column(i)));
                }
                rows.add(String.join("|", row));
            }
        } catch (OneLiteException e) {
            return "error " + e.resultCode().primary().code() + ": " + e.getMessage();
        }
        return "rows " + rows;
    }

    String sqlite(String sql) {
        List<String> rows = new ArrayList<>();
        try (java.sql.Statement st = sqlite.createStatement()) {
            if (st.execute(sql)) {
                try (ResultSet rs = st.getResultSet()) {
                    int n = rs.getMetaData().getColumnCount();
                    while (rs.next()) {
                        List<String> row = new ArrayList<>();
                        for (int i = 1; i <= n; i++) {
                            row.add(render(rs.getObject(i)));
                        }
                        rows.add(String.join("|", row));
                    }
                }
            }
        } catch (SQLException e) {
            String m = e.getMessage() == null ? "" : e.getMessage();
            Matcher matcher = NATIVE_MESSAGE.matcher(m);
            return "error " + (e.getErrorCode() & 0xff) + ": " + (matcher.matches() ? matcher.group(1) : m);
        }
        return "rows " + rows;
    }

    private static String render(Object v) {
        if (v == null) {
            return "NULL";
        }
        if (v instanceof Integer || v instanceof Long) {
            return "I" + v;
        }
        if (v instanceof Double d) {
            return "R" + d;
        }
        if (v instanceof byte[] b) {
            return "B" + HexFormat.of().formatHex(b);
        }
        return "T" + v;
    }

    @Override
    public void close() throws SQLException {
        try {
            session.close();
            db.close();
        } finally {
            sqlite.close();
        }
    }
}
