package io.onelite.jdbc;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The two drivers behaviour tests run against: native SQLite (sqlite-jdbc, the oracle) and
 * OneLite, both on private in-memory databases.
 */
final class Drivers {
    static final String NATIVE = "jdbc:sqlite::memory:";
    static final String ONELITE = "jdbc:onelite::memory:";

    private Drivers() {
    }

    static Stream<String> both() {
        return Stream.of(NATIVE, ONELITE);
    }

    static Connection open(String url) throws SQLException {
        return DriverManager.getConnection(url);
    }

    static boolean isOneLite(Connection c) throws SQLException {
        return c.isWrapperFor(OneLiteConnection.class);
    }

    static void exec(Connection c, String... sql) throws SQLException {
        try (Statement s = c.createStatement()) {
            for (String q : sql) {
                s.execute(q);
            }
        }
    }

    /** Every row of a query, each value as getString gives it (null as null). */
    static List<List<String>> rows(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            return rows(rs);
        }
    }

    static List<List<String>> rows(ResultSet rs) throws SQLException {
        List<List<String>> out = new ArrayList<>();
        int n = rs.getMetaData().getColumnCount();
        while (rs.next()) {
            List<String> row = new ArrayList<>();
            for (int i = 1; i <= n; i++) {
                row.add(rs.getString(i));
            }
            out.add(row);
        }
        return out;
    }

    /**
     * The EXPLAIN QUERY PLAN of {@code query} after {@code setup}, each line as "depth detail",
     * the depth counted through the parent ids (so two trees compare by shape, not by ids).
     */
    static List<String> planTree(String url, String[] setup, String query) throws SQLException {
        try (Connection c = open(url); Statement s = c.createStatement()) {
            exec(c, setup);
            List<String> lines = new ArrayList<>();
            java.util.Map<Long, Integer> depth = new java.util.HashMap<>();
            try (ResultSet rs = s.executeQuery("EXPLAIN QUERY PLAN " + query)) {
                while (rs.next()) {
                    long id = rs.getLong(1);
                    long parent = rs.getLong(2);
                    int d = parent == 0 ? 0 : depth.getOrDefault(parent, -100) + 1;
                    depth.put(id, d);
                    lines.add(d + " " + rs.getString(4));
                }
            }
            return lines;
        }
    }

    /** The same query's rows on both drivers after the same setup; asserts nothing. */
    static List<List<List<String>>> onBoth(String[] setup, String query) throws SQLException {
        List<List<List<String>>> out = new ArrayList<>();
        for (String url : new String[]{NATIVE, ONELITE}) {
            try (Connection c = open(url)) {
                exec(c, setup);
                out.add(rows(c, query));
            }
        }
        return out;
    }
}
