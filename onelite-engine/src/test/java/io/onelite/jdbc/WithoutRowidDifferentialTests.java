package io.onelite.jdbc;

import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * WITHOUT ROWID tables (issue #4) on both drivers: the same scripts of DDL, DML and queries give
 * the same rows, update counts, errors (extended code and message) and EXPLAIN QUERY PLAN lines.
 */
class WithoutRowidDifferentialTests {

    /** One line per statement: its rows, its update count, or its error. */
    static List<String> run(String url, String... script) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Connection c = Drivers.open(url); Statement s = c.createStatement()) {
            for (String sql : script) {
                out.add(sql + " -> " + outcome(s, sql));
            }
        }
        return out;
    }

    private static String outcome(Statement s, String sql) {
        try {
            if (!s.execute(sql)) {
                return "changed " + s.getUpdateCount();
            }
            StringBuilder sb = new StringBuilder();
            boolean plan = sql.startsWith("EXPLAIN QUERY PLAN");
            try (ResultSet rs = s.getResultSet()) {
                int n = rs.getMetaData().getColumnCount();
                while (rs.next()) {
                    sb.append('[');
                    for (int i = plan ? n : 1; i <= n; i++) { // a plan's detail only: the ids differ
                        Object v = rs.getObject(i);
                        sb.append(i > 1 ? "|" : "").append(v == null ? "NULL" : v.getClass().getSimpleName() + ":" + render(v));
                    }
                    sb.append(']');
                }
            }
            return sb.toString();
        } catch (SQLException e) {
            // "[SQLITE_CONSTRAINT_PRIMARYKEY] UNIQUE constraint failed: t.a" (OneLite) and
            // "[SQLITE_CONSTRAINT_PRIMARYKEY] A PRIMARY KEY constraint failed (UNIQUE constraint failed: t.a)"
            String m = e.getMessage();
            int close = m.indexOf(']');
            String code = m.startsWith("[") && close > 0 ? m.substring(0, close + 1) : "?";
            String text = m.substring(close + 1).trim();
            int open = text.indexOf('(');
            if (open >= 0 && text.endsWith(")") && !text.startsWith("near")) {
                text = text.substring(open + 1, text.length() - 1);
            }
            return "error " + code + " " + text;
        }
    }

    private static String render(Object v) {
        if (v instanceof byte[] b) {
            return java.util.HexFormat.of().formatHex(b);
        }
        if (v instanceof Integer i) {
            return Long.toString(i);
        }
        return v.toString();
    }

    static void assertSame(String... script) throws SQLException {
        assertThat(run(Drivers.ONELITE, script)).containsExactlyElementsOf(run(Drivers.NATIVE, script));
    }

    @Test
    void createInsertAndReadByPrimaryKey() throws SQLException {
        assertSame("CREATE TABLE t(a TEXT PRIMARY KEY, b INT) WITHOUT ROWID",
                "INSERT INTO t VALUES('m', 1), ('c', 2), ('x', 3)",
                "SELECT * FROM t",
                "SELECT b FROM t WHERE a = 'c'",
                "SELECT * FROM t WHERE a > 'd'",
                "SELECT count(*) FROM t",
                "EXPLAIN QUERY PLAN SELECT * FROM t WHERE a = 'c'",
                "EXPLAIN QUERY PLAN SELECT * FROM t",
                "INSERT INTO t VALUES('c', 9)",
                "INSERT INTO t VALUES(NULL, 9)",
                "SELECT rowid FROM t");
    }
}
