package io.onelite.plan;

import io.onelite.api.Session;
import io.onelite.api.Statement;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs the same SQL on a OneLite session and a sqlite-jdbc connection and renders the rows
 * ({@link DifferentialTests#render}) so that they compare as strings; an error renders as one
 * "ERROR" row on both sides.
 */
final class NativeOracle {
    private NativeOracle() {
    }

    static List<String> oneLite(Session s, String sql) {
        List<String> rows = new ArrayList<>();
        try (Statement st = s.prepare(sql)) {
            while (st.step()) {
                StringBuilder sb = new StringBuilder();
                for (int i = 0; i < st.columnCount(); i++) {
                    sb.append(DifferentialTests.render(st.column(i))).append('|');
                }
                rows.add(sb.toString());
            }
        } catch (RuntimeException e) {
            return List.of("ERROR");
        }
        return rows;
    }

    static List<String> sqlite(Connection c, String sql) {
        List<String> rows = new ArrayList<>();
        try (java.sql.Statement st = c.createStatement()) {
            if (!st.execute(sql)) {
                return rows;
            }
            try (ResultSet rs = st.getResultSet()) {
                int n = rs.getMetaData().getColumnCount();
                while (rs.next()) {
                    StringBuilder sb = new StringBuilder();
                    for (int i = 1; i <= n; i++) {
                        sb.append(DifferentialTests.render(rs.getObject(i))).append('|');
                    }
                    rows.add(sb.toString());
                }
            }
        } catch (SQLException e) {
            return List.of("ERROR");
        }
        return rows;
    }

    /** Runs a statement on both sides; true when both succeeded, false when both failed. */
    static boolean both(Session s, Connection c, String sql) {
        boolean ok1;
        try {
            s.execute(sql);
            ok1 = true;
        } catch (RuntimeException e) {
            ok1 = false;
        }
        boolean ok2;
        try (java.sql.Statement st = c.createStatement()) {
            st.execute(sql);
            ok2 = true;
        } catch (SQLException e) {
            ok2 = false;
        }
        if (ok1 != ok2) {
            throw new AssertionError((ok1 ? "only native SQLite failed: " : "only OneLite failed: ") + sql);
        }
        return ok1;
    }

    /** The EXPLAIN QUERY PLAN detail lines, in order. */
    static List<String> planOneLite(Session s, String sql) {
        List<String> out = new ArrayList<>();
        try (Statement st = s.prepare("EXPLAIN QUERY PLAN " + sql)) {
            while (st.step()) {
                out.add(String.valueOf(st.column(st.columnCount() - 1)));
            }
        }
        return out;
    }

    static List<String> planSqlite(Connection c, String sql) throws SQLException {
        List<String> out = new ArrayList<>();
        try (java.sql.Statement st = c.createStatement(); ResultSet rs = st.executeQuery("EXPLAIN QUERY PLAN " + sql)) {
            while (rs.next()) {
                out.add(rs.getString(4));
            }
        }
        return out;
    }
}
