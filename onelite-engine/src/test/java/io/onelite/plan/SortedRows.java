package io.onelite.plan;

import io.onelite.api.Session;
import io.onelite.api.Statement;
import io.onelite.common.OneLiteException;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.IntFunction;

/**
 * A query's rows as one comparable text, sorted (row order without ORDER BY is the planner's
 * choice), or {@code "ERROR <message>"}: the same rendering for OneLite and native SQLite, so
 * a differential test compares the two strings.
 */
final class SortedRows {
    private SortedRows() {
    }

    static String oneLite(Session session, String sql) {
        List<String> rows = new ArrayList<>();
        try (Statement st = session.prepare(sql)) {
            while (st.step()) {
                rows.add(row(st.columnCount(), st::column));
            }
        } catch (OneLiteException e) {
            return "ERROR " + e.getMessage();
        }
        Collections.sort(rows);
        return String.join("\n", rows);
    }

    /** Native SQLite's rows; its error message without sqlite-jdbc's "[SQLITE_ERROR] ... (" wrapping. */
    static String nativeSqlite(Connection sqlite, String sql) {
        List<String> rows = new ArrayList<>();
        try (java.sql.Statement st = sqlite.createStatement()) {
            if (st.execute(sql)) {
                try (ResultSet rs = st.getResultSet()) {
                    int n = rs.getMetaData().getColumnCount();
                    while (rs.next()) {
                        rows.add(row(n, i -> {
                            try {
                                return rs.getObject(i + 1);
                            } catch (SQLException e) {
                                throw new IllegalStateException(e);
                            }
                        }));
                    }
                }
            }
        } catch (SQLException e) {
            String m = e.getMessage();
            int p = m.indexOf('(');
            return "ERROR " + (p >= 0 && m.endsWith(")") ? m.substring(p + 1, m.length() - 1) : m);
        }
        Collections.sort(rows);
        return String.join("\n", rows);
    }

    private static String row(int n, IntFunction<Object> column) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            sb.append(DifferentialTests.render(column.apply(i))).append('|');
        }
        return sb.toString();
    }
}
