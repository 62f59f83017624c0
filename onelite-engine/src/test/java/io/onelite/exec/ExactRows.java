package io.onelite.exec;

import io.onelite.api.Session;

import java.sql.Connection;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;

/**
 * Rows rendered exactly (storage class and full value: a REAL is not rounded), so that the
 * sorter tests see any difference between the spilled path, the in-memory path and native
 * SQLite; errors are thrown, not rendered.
 */
final class ExactRows {
    private ExactRows() {
    }

    static String render(Object v) {
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
            return "B" + java.util.HexFormat.of().formatHex(b);
        }
        return "T" + v;
    }

    /** The rows native SQLite returns for {@code sql}, each rendered as {@code v|v|...|}. */
    static List<String> sqlite(Connection c, String sql) throws Exception {
        List<String> rows = new ArrayList<>();
        try (java.sql.Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                StringBuilder sb = new StringBuilder();
                for (int i = 1; i <= n; i++) {
                    sb.append(render(rs.getObject(i))).append('|');
                }
                rows.add(sb.toString());
            }
        }
        return rows;
    }

    /** Runs a statement on the OneLite session and on native SQLite. */
    static void both(Session s, Connection c, String sql) throws Exception {
        s.execute(sql);
        try (java.sql.Statement st = c.createStatement()) {
            st.execute(sql);
        }
    }
}
