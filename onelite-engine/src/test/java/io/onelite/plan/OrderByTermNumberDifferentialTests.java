package io.onelite.plan;

import org.junit.jupiter.api.Test;

import static io.onelite.plan.ScenarioTests.run;

/**
 * Against native SQLite: an ORDER BY or GROUP BY term is a column number when
 * sqlite3ExprIsInteger reads it as one, an integer literal that fits 32 bits under any unary + or
 * -, so {@code ORDER BY +1} sorts by the first column and {@code ORDER BY -1} or {@code GROUP BY +5}
 * are out of range; OneLite took only a bare literal (and any bare one: {@code ORDER BY
 * 9999999999} was out of range, a constant for SQLite).
 */
class OrderByTermNumberDifferentialTests {
    @Test
    void aSignedIntegerIsAColumnNumber() throws Exception {
        run("CREATE TABLE t(a, b)", "INSERT INTO t VALUES (3, 1), (1, 2), (2, 3)",
                "SELECT a, b FROM t ORDER BY +1", "SELECT a, b FROM t ORDER BY - -1",
                "SELECT a, b FROM t ORDER BY +2 DESC", "SELECT a, b FROM t ORDER BY +1 COLLATE NOCASE",
                "SELECT a, b FROM t GROUP BY +1", "SELECT b % 2, count(*) FROM t GROUP BY +1 ORDER BY +2 DESC, 1",
                "SELECT a FROM t UNION ALL SELECT b FROM t ORDER BY +1",
                "SELECT * FROM (VALUES (2), (1), (3)) ORDER BY +1",
                "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 3) SELECT n FROM c ORDER BY -(-1) DESC");
    }

    @Test
    void aNegativeZeroOrTooLargeNumberIsOutOfRange() throws Exception {
        run("CREATE TABLE t(a, b)", "INSERT INTO t VALUES (3, 1), (1, 2), (2, 3)",
                "SELECT a, b FROM t ORDER BY -1", "SELECT a, b FROM t ORDER BY -0", "SELECT a, b FROM t ORDER BY +3",
                "SELECT a, b FROM t GROUP BY -1", "SELECT a, b FROM t GROUP BY +5",
                "SELECT a FROM t UNION ALL SELECT b FROM t ORDER BY -1",
                "SELECT a, b FROM t ORDER BY 2147483647",
                // past 32 bits it is a constant: no sort, no error
                "SELECT a, b FROM t ORDER BY 9999999999", "SELECT a, b FROM t ORDER BY 2147483648",
                "SELECT a, b FROM t ORDER BY -2147483648", "SELECT a, b FROM t GROUP BY 9999999999");
    }
}
