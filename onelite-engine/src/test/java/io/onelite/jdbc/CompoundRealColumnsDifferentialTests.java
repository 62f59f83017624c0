package io.onelite.jdbc;

import org.junit.jupiter.api.Test;

import java.sql.SQLException;

import static io.onelite.jdbc.WithoutRowidDifferentialTests.assertSame;

/**
 * A compound subquery, view or CTE read in FROM whose column has REAL affinity (by SQLite's
 * compound rule) gives its integers as reals, as SQLite reads such a column through
 * OP_RealAffinity; other affinities leave the values alone, and a scalar subquery is not read so.
 * Found by the random query differential (round 1341040520056 query 130).
 */
class CompoundRealColumnsDifferentialTests {

    @Test
    void aRealColumnOfACompoundReadInFromGivesReals() throws SQLException {
        assertSame(
                "CREATE TABLE r(c REAL, t TEXT, i INTEGER)",
                "INSERT INTO r VALUES (2.5, '7', 3)",
                "SELECT group_concat(typeof(s) || ':' || s) FROM (SELECT -7 AS s UNION ALL SELECT c FROM r)",
                "SELECT group_concat(typeof(s) || ':' || s) FROM (SELECT c AS s FROM r UNION ALL SELECT -7)",
                "SELECT group_concat(typeof(s) || ':' || s) FROM (SELECT -7 AS s UNION SELECT c FROM r)",
                "SELECT s || 'x' FROM (SELECT -7 AS s UNION ALL SELECT c FROM r) WHERE s < 0",
                "WITH w(s) AS (SELECT -7 UNION ALL SELECT c FROM r) SELECT group_concat(typeof(s) || ':' || s) FROM w",
                "CREATE VIEW vu AS SELECT -7 AS s UNION ALL SELECT CAST(1 AS REAL)",
                "SELECT group_concat(typeof(s) || ':' || s) FROM vu",
                // other affinities, a first arm that decides otherwise, a scalar subquery: as they are
                "SELECT group_concat(typeof(s) || ':' || s) FROM (SELECT '8' AS s UNION ALL SELECT i FROM r)",
                "SELECT group_concat(typeof(s) || ':' || s) FROM (SELECT i AS s FROM r UNION ALL SELECT 2.0)",
                "SELECT group_concat(typeof(s) || ':' || s) FROM (SELECT CAST(-7 AS INTEGER) AS s UNION ALL SELECT c FROM r)",
                "SELECT typeof((SELECT -7 UNION ALL SELECT c FROM r))");
    }
}
