package io.onelite.jdbc;

import org.junit.jupiter.api.Test;

import java.sql.SQLException;

import static io.onelite.jdbc.WithoutRowidDifferentialTests.assertSame;

/**
 * SQLite's push-down of WHERE terms into a subquery or view of one SELECT that it does not
 * flatten (aggregate, window, DISTINCT): the rows the outer query drops are never aggregated or
 * windowed there, which shows where computing them would fail (an integer overflow of sum()), and
 * the rules that keep a copy out show in the window values and groups that stay.
 */
class PushDownSelectDifferentialTests {
    private static final String[] ROWS = {
            "CREATE TABLE t(id INTEGER PRIMARY KEY, a INT, b INT, c TEXT COLLATE NOCASE)",
            "INSERT INTO t VALUES (1, 1, 1, 'x'), (2, 1, 2, 'y'), (3, 2, 9223372036854775807, 'X'),"
                    + " (4, 2, 9223372036854775807, 'z'), (5, 3, 5, 'Y')",
    };

    private static String[] with(String... statements) {
        return WithoutRowidDifferentialTests.script(ROWS, statements);
    }

    @Test
    void aTermOnThePartitionGoesIntoAWindowSubqueryAndOthersStayOut() throws SQLException {
        assertSame(with(
                // partition a = 2 would overflow: SQLite never windows it
                "SELECT a, b, s FROM (SELECT a, b, sum(b) OVER (PARTITION BY a ORDER BY id) AS s FROM t) WHERE a = 1 ORDER BY 1, 2",
                "SELECT q.a, q.s FROM (SELECT t.a, sum(b) OVER w AS s FROM t WINDOW w AS (PARTITION BY t.a)) AS q WHERE q.a <> 2 ORDER BY 1, 2",
                // not on the partition: the window still sees every row of it (and overflows where SQLite does)
                "SELECT a, b, s FROM (SELECT a, b, sum(b) OVER (PARTITION BY a) AS s FROM t) WHERE b = 1 AND a = 1",
                "SELECT a, b, s FROM (SELECT a, b, sum(b) OVER (PARTITION BY a) AS s FROM t) WHERE b = 1",
                // two different partitions, or none: nothing goes in
                "SELECT a, b, n FROM (SELECT a, b, sum(b) OVER (PARTITION BY a) AS s, count(*) OVER (PARTITION BY b) AS n FROM t)"
                        + " WHERE a = 1 ORDER BY 1, 2",
                "SELECT a, rn FROM (SELECT a, row_number() OVER (ORDER BY id DESC) AS rn FROM t) WHERE a = 1 ORDER BY 1, 2",
                // a partition on a NOCASE column: its key is not BINARY, so the copy stays out
                "SELECT c, n FROM (SELECT c, count(*) OVER (PARTITION BY c) AS n FROM t) WHERE c = 'x' COLLATE BINARY ORDER BY 1, 2"));
    }

    @Test
    void aTermOnTheGroupByFiltersRowsAndOthersFilterGroups() throws SQLException {
        assertSame(with(
                // group a = 2 would overflow: SQLite moves the copy on the GROUP BY to the WHERE
                "SELECT a, s FROM (SELECT a, sum(b) AS s FROM t GROUP BY a) WHERE a = 1",
                "CREATE VIEW sums AS SELECT a, sum(b) AS s, count(*) AS n FROM t GROUP BY a",
                "SELECT * FROM sums WHERE a IN (1, 3) ORDER BY a",
                "SELECT * FROM sums WHERE a = 2",
                // on an aggregate the copy goes to HAVING: every group is still summed
                "SELECT a FROM (SELECT a, sum(b) AS s, count(*) AS n FROM t GROUP BY a) WHERE n > 1 ORDER BY a",
                "SELECT n FROM (SELECT count(*) AS n FROM t WHERE a = 1) WHERE n > 1",
                "SELECT n FROM (SELECT count(*) AS n FROM t WHERE a = 9) WHERE n = 0"));
    }

    @Test
    void aTermCallingAFunctionOfOneValueGoesInOneCallingRandomDoesNot() throws SQLException {
        assertSame(with(
                "SELECT a, s FROM (SELECT a, sum(b) OVER (PARTITION BY a) AS s FROM t) WHERE abs(a) = 1",
                "SELECT a, s FROM (SELECT a, sum(b) AS s FROM t GROUP BY a) WHERE a = length('x')",
                "SELECT a, s FROM (SELECT a, sum(b) OVER (PARTITION BY a) AS s FROM t) WHERE a + random() % 1 = 1",
                // the copy in each arm compares under that arm's affinity: CAST AS TEXT makes 1 '1' there
                "SELECT count(*) FROM (SELECT CAST(a AS TEXT) AS e0 FROM t UNION ALL SELECT round(5)) AS q"
                        + " WHERE length('2') <> q.e0",
                "WITH c2(e0) AS NOT MATERIALIZED (SELECT CAST(a AS TEXT) FROM t UNION ALL SELECT round(5))"
                        + " SELECT count(*) FROM c2 WHERE length('2') <> c2.e0"));
    }

    @Test
    void aCteNamedOnceTakesTheTermsOneMaterializedOrNamedTwiceDoesNot() throws SQLException {
        assertSame(with(
                "WITH x AS (SELECT a, sum(b) AS s FROM t GROUP BY a) SELECT * FROM x WHERE a = 1",
                "WITH x AS NOT MATERIALIZED (SELECT a, sum(b) AS s FROM t GROUP BY a) SELECT * FROM x WHERE a = 3",
                // SQLite materializes these whole (group a = 2 overflows)
                "WITH x AS MATERIALIZED (SELECT a, sum(b) AS s FROM t GROUP BY a) SELECT * FROM x WHERE a = 1",
                "WITH x AS (SELECT a, sum(b) AS s FROM t GROUP BY a) SELECT * FROM x WHERE a = 1"
                        + " UNION ALL SELECT * FROM x WHERE a = 3",
                "WITH x AS (SELECT a, sum(b) AS s FROM t GROUP BY a)"
                        + " SELECT * FROM x WHERE a = 1 AND EXISTS (SELECT 1 FROM x AS y WHERE y.a = 3)",
                "WITH x AS (SELECT a, sum(b) AS s FROM t GROUP BY a), y AS (SELECT a FROM x WHERE a = 3)"
                        + " SELECT * FROM x WHERE a = 1 AND 3 IN y",
                // a CTE nobody uses does not count: x is named once
                "WITH x AS (SELECT a, sum(b) AS s FROM t GROUP BY a), y AS (SELECT a FROM x)"
                        + " SELECT * FROM x WHERE a = 1"));
    }

    @Test
    void plainDistinctAndJoinedSubqueriesAndViewsGetTheTerms() throws SQLException {
        assertSame(with(
                "CREATE VIEW v AS SELECT id, a, b + 0 AS b FROM t",
                "SELECT * FROM v WHERE id = 2",
                "SELECT * FROM v WHERE b > 3 ORDER BY id",
                "SELECT * FROM (SELECT DISTINCT a FROM t) WHERE a > 1 ORDER BY a",
                "SELECT * FROM (SELECT id, c FROM t ORDER BY id DESC) WHERE c = 'y'",
                "CREATE TABLE u(k INT)",
                "INSERT INTO u VALUES (1), (3), (4)",
                "SELECT u.k, q.s FROM u JOIN (SELECT a, sum(b) AS s FROM t GROUP BY a) AS q ON q.a = u.k WHERE q.a <> 2 ORDER BY 1",
                // the nullable side of a LEFT JOIN takes only a term that rejects its NULL row
                "SELECT u.k, q.s FROM u LEFT JOIN (SELECT a, sum(b) AS s FROM t GROUP BY a) AS q ON q.a = u.k"
                        + " WHERE q.s IS NULL OR q.a = 1 ORDER BY 1",
                "SELECT u.k, q.s FROM u LEFT JOIN (SELECT a, sum(b) AS s FROM t GROUP BY a) AS q ON q.a = u.k"
                        + " WHERE q.a = 1 OR q.a = 3 ORDER BY 1",
                // a LIMIT keeps the terms out
                "SELECT * FROM (SELECT a FROM t ORDER BY id LIMIT 2) WHERE a = 1"));
    }
}
