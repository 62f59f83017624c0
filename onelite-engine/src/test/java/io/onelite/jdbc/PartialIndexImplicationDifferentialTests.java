package io.onelite.jdbc;

import org.junit.jupiter.api.Test;

import java.sql.SQLException;

import static io.onelite.jdbc.WithoutRowidDifferentialTests.assertSame;

/**
 * A partial index {@code WHERE y IS NOT NULL} serves a query only when its WHERE clause implies
 * it, as SQLite's {@code exprImpliesNotNull}: a comparison with y does, a BETWEEN or IN (SELECT)
 * under a NOT does not ({@code NOT (1e3 BETWEEN 'b' AND y)} is true for a NULL y, since
 * {@code 1e3 >= 'b'} is false). OneLite took the index there and lost the rows with a NULL y
 * (found by the random query differential, round 717180, query 13).
 */
class PartialIndexImplicationDifferentialTests {

    @Test
    void aTermUnderNotImpliesNothingOfTheColumnItReads() throws SQLException {
        assertSame(
                "CREATE TABLE t(id INTEGER PRIMARY KEY, x INT, y TEXT)",
                "CREATE INDEX tx ON t(x) WHERE y IS NOT NULL",
                "INSERT INTO t VALUES (1, 1, 'a'), (2, 2, NULL), (3, 3, 'b'), (4, 2, 'c'), (5, NULL, NULL), (6, 2, '1')",
                "CREATE TABLE u(v)",
                "INSERT INTO u VALUES ('a'), (NULL)",
                "SELECT id FROM t WHERE x = 2 AND NOT 1e3 BETWEEN 'b' AND y ORDER BY id",
                "SELECT id FROM t WHERE x = 2 AND 1e3 NOT BETWEEN 'b' AND y ORDER BY id",
                "SELECT id FROM t WHERE x = 2 AND NOT (y IN (SELECT v FROM u WHERE v IS NOT NULL)) ORDER BY id",
                "SELECT id FROM t WHERE x = 2 AND y NOT IN (SELECT v FROM u WHERE v IS NOT NULL) ORDER BY id",
                "SELECT id FROM t WHERE x = 2 AND NOT (y IN ('q', 'r')) ORDER BY id",
                "SELECT id FROM t WHERE x = 2 AND NOT (2 BETWEEN 1 AND y) ORDER BY id",
                "SELECT id FROM t WHERE x = 2 AND (y > 'a') IS NOT 1 ORDER BY id",
                "SELECT id FROM t WHERE x = 2 AND y BETWEEN '0' AND 'z' ORDER BY id",
                "SELECT id FROM t WHERE x = 2 AND y > '0' ORDER BY id",
                "SELECT id FROM t WHERE x = 2 AND NOT y < '0' ORDER BY id",
                "SELECT id FROM t WHERE x = 2 AND y IN (SELECT v FROM u) ORDER BY id",
                "SELECT id FROM t WHERE x >= 2 AND ~(y || 'z') <> 0 ORDER BY id");
    }
}
