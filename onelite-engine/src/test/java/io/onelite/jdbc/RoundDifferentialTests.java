package io.onelite.jdbc;

import org.junit.jupiter.api.Test;

import java.sql.SQLException;

import static io.onelite.jdbc.WithoutRowidDifferentialTests.assertSame;

/** round() to whole numbers as SQLite's roundFunc computes it, the sign of a zero result included. */
class RoundDifferentialTests {

    @Test
    void roundingASmallNegativeNumberGivesPositiveZero() throws SQLException {
        assertSame(
                "SELECT round(-0.3), round(-0.0), round(-0.5), round(-0.49999), round(0.3), round(-2.5), round(2.5)",
                "SELECT round(-0.3, 0), round(-0.04, 1), round(-1e-300)",
                "CREATE TABLE t(z REAL)",
                "INSERT INTO t VALUES (0.0), (0.3), (-0.0)",
                "SELECT round(-z) FROM t ORDER BY rowid");
    }
}
