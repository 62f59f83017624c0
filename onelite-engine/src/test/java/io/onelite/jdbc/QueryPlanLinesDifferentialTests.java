package io.onelite.jdbc;

import org.junit.jupiter.api.Test;

import java.sql.SQLException;

import static io.onelite.jdbc.WithoutRowidDifferentialTests.assertSame;

/**
 * EXPLAIN QUERY PLAN lines (the detail column) of the query shapes that had none on OneLite: a
 * SELECT without FROM ("SCAN CONSTANT ROW"), VALUES, and compound SELECTs without ORDER BY
 * ("COMPOUND QUERY", "LEFT-MOST SUBQUERY", then each operator and its SELECT), as native SQLite
 * words them. The shell draws its plan tree from these rows.
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
}
