package io.onelite.plan;

import org.junit.jupiter.api.Test;

import static io.onelite.plan.ScenarioTests.run;

/**
 * Against native SQLite: {@code x IS [NOT] TRUE} and {@code x IS [NOT] FALSE} (also as IS [NOT]
 * DISTINCT FROM, through parentheses or a COLLATE, and with the TRUE or FALSE an empty IN list
 * makes) test whether x, read as a condition, is true or false, never NULL, as SQLite's TK_TRUTH;
 * OneLite compared x with 1 or 0, so {@code 2 IS TRUE} and {@code 'abc' IS FALSE} were 0
 * (found by the widened RandomQueryDifferentialTests, seed 8071126457).
 */
class TruthTestDifferentialTests {
    @Test
    void isTrueAndIsFalseTestTheTruthOfTheValue() throws Exception {
        run("SELECT 2 IS TRUE, 2 IS NOT TRUE, 0 IS FALSE, 'abc' IS FALSE, NULL IS TRUE, NULL IS NOT TRUE,"
                        + " NULL IS NOT FALSE, 0.5 IS TRUE, '1x' IS TRUE, x'31' IS TRUE, -0.0 IS FALSE",
                "SELECT 2 IS NOT DISTINCT FROM TRUE, 2 IS DISTINCT FROM FALSE, 2 IS (TRUE), 2 IS TRUE COLLATE NOCASE,"
                        + " 2 IS (1 NOT IN ()), 0 IS (1 IN ()), 2 IS 1, 2 = TRUE",
                "CREATE TABLE t(a, b TEXT COLLATE NOCASE, CHECK (length(b) IS TRUE))",
                "INSERT INTO t VALUES (1, 'x'), (NULL, 'y'), ('abc', 'z'), (0.5, 'w'), (2, 'v'), ('0.1', 'u')",
                "INSERT INTO t VALUES (5, '')",
                "CREATE INDEX ta ON t(a)",
                "SELECT b FROM t WHERE a IS TRUE ORDER BY b",
                "SELECT b FROM t WHERE a IS NOT TRUE ORDER BY b",
                "SELECT b FROM t WHERE a IS FALSE ORDER BY b",
                "SELECT b FROM t WHERE a IS NOT FALSE ORDER BY b",
                "SELECT a IS TRUE, typeof(a IS FALSE), (b IS TRUE) = 0, b COLLATE NOCASE IS FALSE FROM t ORDER BY b",
                "SELECT a IS TRUE AS x, count(*) FROM t GROUP BY 1 ORDER BY 1",
                "SELECT b FROM t WHERE (a IS TRUE) IS FALSE ORDER BY b");
    }
}
