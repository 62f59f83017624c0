package io.onelite.jdbc;

import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static io.onelite.jdbc.WithoutRowidDifferentialTests.assertSame;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * EXPLAIN QUERY PLAN lines (the detail column) of the query shapes that had none on OneLite: a
 * SELECT without FROM ("SCAN CONSTANT ROW"), VALUES, and compound SELECTs without ORDER BY
 * ("COMPOUND QUERY", "LEFT-MOST SUBQUERY", then each operator and its SELECT), as native SQLite
 * words them, and nested as SQLite's tree (the parent column; the ids themselves differ). The
 * shell draws its plan tree from these rows.
 */
class QueryPlanLinesDifferentialTests {

    @Test
    void selectsWithoutFromAndValuesScanConstantRows() throws SQLException {
        assertSame(
                "CREATE TABLE t(a, b)",
                "EXPLAIN QUERY PLAN SELECT 1",
                "EXPLAIN QUERY PLAN SELECT 1 WHERE 0",
                "EXPLAIN QUERY PLAN SELECT count(*)",
                "EXPLAIN QUERY PLAN SELECT DISTINCT 1",
                "EXPLAIN QUERY PLAN VALUES (1)",
                "EXPLAIN QUERY PLAN VALUES (1, 'x'), (2, 'y'), (3, 'z')");
    }

    @Test
    void compoundsNameTheirOperatorsAndArms() throws SQLException {
        assertSame(
                "CREATE TABLE t(a, b)",
                "CREATE INDEX tb ON t(b)",
                "EXPLAIN QUERY PLAN SELECT a FROM t UNION ALL SELECT b FROM t",
                "EXPLAIN QUERY PLAN SELECT a FROM t UNION SELECT b FROM t",
                "EXPLAIN QUERY PLAN SELECT a FROM t INTERSECT SELECT b FROM t",
                "EXPLAIN QUERY PLAN SELECT a FROM t EXCEPT SELECT b FROM t WHERE b = 3",
                "EXPLAIN QUERY PLAN SELECT a FROM t WHERE a = 1 UNION ALL SELECT b FROM t LIMIT 3",
                "EXPLAIN QUERY PLAN SELECT 1 UNION SELECT 2 UNION ALL SELECT a FROM t",
                "EXPLAIN QUERY PLAN SELECT 1, 2 UNION ALL VALUES (3, 4)");
    }

    @Test
    void compoundLinesNestAsSqlitesTree() throws SQLException {
        for (String q : List.of("SELECT a FROM t UNION ALL SELECT b FROM t",
                "SELECT a FROM t UNION SELECT b FROM t WHERE b > 1 UNION ALL SELECT 5",
                "SELECT 1 EXCEPT SELECT a FROM t INTERSECT SELECT b FROM t")) {
            assertThat(tree(Drivers.ONELITE, q)).as(q).containsExactlyElementsOf(tree(Drivers.NATIVE, q));
        }
    }

    /** Each plan line as "depth detail", the depth counted through the parent column. */
    private static List<String> tree(String url, String query) throws SQLException {
        List<String> out = new ArrayList<>();
        Map<Integer, Integer> depthOf = new HashMap<>();
        try (Connection c = Drivers.open(url); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE t(a, b)");
            try (ResultSet rs = s.executeQuery("EXPLAIN QUERY PLAN " + query)) {
                while (rs.next()) {
                    int depth = rs.getInt(2) == 0 ? 0 : depthOf.get(rs.getInt(2)) + 1;
                    depthOf.put(rs.getInt(1), depth);
                    out.add(depth + " " + rs.getString(4));
                }
            }
        }
        return out;
    }
}
