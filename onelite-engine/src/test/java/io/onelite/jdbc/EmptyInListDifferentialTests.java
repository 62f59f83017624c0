package io.onelite.jdbc;

import org.junit.jupiter.api.Test;

import java.sql.SQLException;

import static io.onelite.jdbc.WithoutRowidDifferentialTests.assertSame;

/**
 * {@code x IN ()} and {@code x NOT IN ()}: SQLite's parser makes them false and true and drops
 * x without resolving it, so an unknown column or a faulty subquery in x is no error; an x that
 * calls a function stays and its function is checked. Found by the random query differential
 * (round 32000025, query 113: a GLOB with ESCAPE in a subquery on the left of {@code IN ()}).
 */
class EmptyInListDifferentialTests {
    @Test
    void anEmptyListDropsItsLeftOperandUnlessItCallsAFunction() throws SQLException {
        assertSame(
                "CREATE TABLE t(a)",
                "INSERT INTO t VALUES (1), (NULL)",
                "SELECT a IN (), a NOT IN (), NULL IN (), typeof(1 IN ()), (1, 2) IN () FROM t",
                "SELECT nosuch IN (), nosuch NOT IN () FROM t",
                "SELECT * FROM t WHERE (SELECT x FROM nosuch) IN ()",
                "SELECT (SELECT substr(1)) IN (), (SELECT 1 GLOB 2 ESCAPE 3) NOT IN ()",
                "SELECT abs(a) IN (), abs(a) NOT IN (), (a || 'x') LIKE 'x' IN (), CURRENT_TIME IN () FROM t",
                "SELECT nosuchfunc(1) IN ()",
                "SELECT substr(1) IN ()",
                "SELECT '1' GLOB '_' ESCAPE '%' IN ()",
                "SELECT abs(nosuch) IN ()");
    }
}
