package io.onelite.plan;

import org.junit.jupiter.api.Test;

import static io.onelite.plan.ScenarioTests.run;

/**
 * Against native SQLite: the errors of a window function call and which one a call with several
 * faults reports. DISTINCT (sqlite3WindowAttach) and a frame whose start comes after its end
 * (sqlite3WindowAlloc) are the parser's errors, before any table is looked up, a frame of an
 * unused WINDOW clause included; OneLite took DISTINCT under OVER (`count(DISTINCT a) OVER ()`
 * counted distinct values). A missing column of the arguments or FILTER is named before an
 * unknown window name and before a built-in window function's FILTER error, as SQLite's resolver
 * walks them after sqlite3WindowUpdate and its "no such column" replaces the message. Of the
 * window's own terms the ORDER BY is resolved before the PARTITION BY, a named window's too.
 */
class WindowCallErrorDifferentialTests {
    @Test
    void distinctAndAFrameEndingBeforeItStartsAreParseErrors() throws Exception {
        run("CREATE TABLE t(id INTEGER PRIMARY KEY, a)", "INSERT INTO t VALUES (1, 1), (2, 1)",
                "SELECT count(DISTINCT a) OVER () FROM t",
                "SELECT count(DISTINCT a) OVER () FROM nosuch",
                "SELECT count(DISTINCT nosuch) FILTER (WHERE 1) OVER w FROM t",
                "SELECT count(DISTINCT a) FILTER (WHERE 1) FROM t",
                "SELECT sum(nosuch) OVER (ROWS BETWEEN CURRENT ROW AND 1 PRECEDING) FROM nosuch",
                "SELECT sum(a) OVER (ROWS BETWEEN 1 FOLLOWING AND CURRENT ROW) FROM t",
                "SELECT a FROM t WINDOW w AS (GROUPS BETWEEN 1 FOLLOWING AND 1 PRECEDING)");
    }

    @Test
    void aMissingColumnIsNamedBeforeTheWindowsOwnErrors() throws Exception {
        run("CREATE TABLE t(id INTEGER PRIMARY KEY, a)", "INSERT INTO t VALUES (1, 1)",
                "SELECT sum(nosuch) OVER nosuch FROM t",
                "SELECT sum(a) FILTER (WHERE nosuch) OVER nosuch2 FROM t",
                "SELECT sum(a) OVER nosuch FROM t",
                "SELECT row_number() FILTER (WHERE nosuch) OVER () FROM t",
                "SELECT row_number() FILTER (WHERE nosuch) OVER nosuch FROM t",
                "SELECT row_number() FILTER (WHERE 1) OVER (RANGE 1 PRECEDING) FROM t",
                "SELECT row_number() FILTER (WHERE 1) OVER nosuch FROM t",
                "SELECT sum(nosuch) OVER (RANGE 1 PRECEDING) FROM t");
    }

    @Test
    void theWindowsOrderByIsResolvedBeforeItsPartitionBy() throws Exception {
        run("CREATE TABLE t(id INTEGER PRIMARY KEY, a)", "INSERT INTO t VALUES (1, 1)",
                "SELECT sum(a) OVER (PARTITION BY nosuch ORDER BY nosuch2) FROM t",
                "SELECT sum(a) OVER (PARTITION BY a, nosuch ORDER BY nosuch2, nosuch3) FROM t",
                "SELECT row_number() OVER (PARTITION BY nosuch ORDER BY nosuch2) FROM t",
                "SELECT sum(a) OVER (PARTITION BY nosuch ORDER BY nosuchf(a)) FROM t",
                "SELECT sum(a) OVER (PARTITION BY nosuchf(a) ORDER BY nosuch) FROM t",
                "SELECT sum(a) OVER (PARTITION BY nosuch ORDER BY (SELECT nosuch2)) FROM t",
                "SELECT sum(a) OVER w FROM t WINDOW w AS (PARTITION BY nosuch ORDER BY nosuch2)",
                "SELECT sum(a) OVER (w ORDER BY nosuch2) FROM t WINDOW w AS (PARTITION BY nosuch)",
                "SELECT sum(a) FILTER (WHERE nosuch0) OVER (PARTITION BY nosuch ORDER BY nosuch2) FROM t",
                "SELECT a FROM t ORDER BY sum(a) OVER (PARTITION BY nosuch ORDER BY nosuch2)");
    }
}
