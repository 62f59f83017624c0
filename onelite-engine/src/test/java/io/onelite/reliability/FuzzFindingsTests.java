package io.onelite.reliability;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * Inputs the SQL fuzzers once failed on (docs/reliability.md), reduced and run beside native
 * SQLite: the outcome (rows with storage classes, or result code and message) must be SQLite's.
 */
class FuzzFindingsTests {
    private static void sameAsSqlite(SideBySide s, String... statements) {
        for (String sql : statements) {
            String[] r = s.both(sql);
            assertThat(r[0]).as(sql).isEqualTo(r[1]);
        }
    }

    @Test
    void outerColumnsAreNotVisibleInASubquerysLimitOrOffset() throws Exception { // #10
        try (SideBySide s = new SideBySide()) {
            s.setUp("CREATE TABLE t1(a, b)", "INSERT INTO t1 VALUES(1, 'x'), (0, 'y')", "CREATE TABLE t2(x)");
            sameAsSqlite(s,
                    // seed 6664342088040 threw NullPointerException here
                    "SELECT 1 FROM t1 WHERE EXISTS (SELECT 1 LIMIT t1.a)",
                    "SELECT 1 FROM t1 LEFT JOIN t2 ON 0 WHERE (SELECT 1 LIMIT x)",
                    "SELECT a, (SELECT 5 LIMIT 1 OFFSET t1.a) FROM t1",
                    "SELECT a FROM t1 WHERE a IN (SELECT 1 LIMIT (SELECT t1.a))",
                    "SELECT a FROM t1 LIMIT a",
                    "SELECT a FROM t1 UNION SELECT b FROM t1 LIMIT a",
                    // subqueries with their own FROM are fine there
                    "SELECT a FROM t1 WHERE a IN (SELECT 1 LIMIT (SELECT max(a) FROM t1))",
                    "SELECT a FROM t1 ORDER BY a LIMIT (SELECT count(*) FROM t1) - 1");
        }
    }

    @Test
    void aTriggersNewRowIsVisibleInLimit() throws Exception { // #10
        try (SideBySide s = new SideBySide()) {
            s.setUp("CREATE TABLE t(a)", "CREATE TABLE log(x)",
                    "CREATE TRIGGER tr AFTER INSERT ON t BEGIN "
                            + "INSERT INTO log SELECT v FROM (SELECT 1 v UNION ALL SELECT 2 UNION ALL SELECT 3) LIMIT new.a; "
                            + "INSERT INTO log SELECT * FROM (VALUES(7),(8),(9)) LIMIT new.a OFFSET 1; "
                            + "INSERT INTO log SELECT (SELECT 100 LIMIT new.a); END",
                    "INSERT INTO t VALUES(2)");
            sameAsSqlite(s, "SELECT x FROM log ORDER BY rowid");
        }
    }

    @Test
    void aCorrelatedSubqueryOnABareColumnOfAGroupReadsTheGroupsRow() throws Exception { // #10
        try (SideBySide s = new SideBySide()) {
            s.setUp("CREATE TABLE t1(a, b)", "INSERT INTO t1 VALUES(1, 'x'), (1, 'y'), (2, 'z'), (3, 1)");
            sameAsSqlite(s,
                    // seed 6663589584412 threw IllegalStateException "cursor is not on a row" here
                    "SELECT 1 FROM t1 GROUP BY a HAVING (SELECT b)",
                    "SELECT a, b, (SELECT b) FROM t1 GROUP BY a",
                    "SELECT a, (SELECT b) FROM t1 GROUP BY a HAVING (SELECT b) = 'z'",
                    "SELECT a, (SELECT b || t1.a), count(*) FROM t1 GROUP BY a ORDER BY (SELECT b) DESC",
                    "SELECT count(*), b, (SELECT b) FROM t1 WHERE a = 1",
                    "SELECT a, (SELECT count(*) FROM t1 AS u WHERE u.a = t1.a) FROM t1 GROUP BY a",
                    "SELECT a, sum((SELECT t1.a * 10)) FROM t1 GROUP BY a");
        }
    }

    @Test
    void aWithClauseBeforeInsertUpdateOrDeleteWorksAsInSqlite() throws Exception { // #10
        try (SideBySide s = new SideBySide()) {
            s.setUp("CREATE TABLE t2(a, b)", "CREATE TABLE log(x)", "CREATE TABLE c(n)", "INSERT INTO c VALUES(42)",
                    // the triggers read the table c, never the statement's CTE of that name
                    "CREATE TRIGGER ti AFTER INSERT ON t2 BEGIN INSERT INTO log SELECT n FROM c; END",
                    "CREATE TRIGGER tu AFTER UPDATE ON t2 BEGIN INSERT INTO log SELECT n + 1000 FROM c; END");
            sameAsSqlite(s,
                    "WITH c(n) AS (SELECT 1) INSERT INTO t2 SELECT n, n FROM c",
                    "WITH RECURSIVE c(n) AS (SELECT 2 UNION ALL SELECT n + 1 FROM c WHERE n < 5) "
                            + "INSERT INTO t2 SELECT n, n * 10 FROM c RETURNING a, b",
                    "WITH c(n) AS (SELECT 3) UPDATE t2 SET b = (SELECT n FROM c) * 100 WHERE a IN c RETURNING *",
                    "WITH c(n) AS (VALUES(4), (5)) DELETE FROM t2 WHERE a IN (SELECT n FROM c) RETURNING a",
                    "WITH d AS (SELECT 9 AS v) INSERT INTO t2 VALUES((SELECT v FROM d), 0)",
                    "WITH d AS (SELECT 7 AS v) INSERT INTO t2 WITH e AS (SELECT v + 1 AS w FROM d) SELECT w, w FROM e",
                    "WITH d AS (SELECT 1 AS v) UPDATE t2 SET b = d.v + 0.5 FROM d WHERE t2.a = d.v",
                    "WITH x AS (SELECT 1) INSERT INTO t2 DEFAULT VALUES",
                    "WITH nope AS (SELECT 1) DELETE FROM nope",
                    "WITH t2(a) AS (SELECT 99) DELETE FROM t2 WHERE a = 9 RETURNING a",
                    "INSERT INTO t2 SELECT * FROM d",
                    "SELECT * FROM t2 ORDER BY rowid",
                    "SELECT * FROM log ORDER BY rowid",
                    "SELECT * FROM c");
        }
    }

    @Test
    void anEndlessRecursiveCteIsReadOnlyAsFarAsTheOuterQueryNeeds() throws Exception { // #10
        String endless = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) ";
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            try (SideBySide s = new SideBySide()) {
                s.setUp("CREATE TABLE t(a)", "INSERT INTO t VALUES(1), (2)");
                sameAsSqlite(s,
                        endless + "SELECT x FROM c LIMIT 3",
                        endless + "SELECT x * 2 FROM c WHERE x > 2 LIMIT 3",
                        endless + "SELECT x FROM (SELECT x FROM c) LIMIT 2",
                        endless + "SELECT EXISTS (SELECT 1 FROM c)",
                        endless + "SELECT (SELECT x FROM c WHERE x = 10)",
                        endless + "SELECT x, a FROM c CROSS JOIN t LIMIT 5", // (SQLite puts t outside "c, t")
                        endless + "SELECT a, (SELECT x FROM c WHERE x > a) FROM t",
                        // (not "a IN (SELECT x FROM c LIMIT 5)": SQLite 3.51 runs that forever, 3.40 does not)
                        endless + "INSERT INTO t SELECT x FROM c LIMIT 2",
                        endless + "UPDATE t SET a = (SELECT x FROM c WHERE x > a * 3) RETURNING a",
                        "SELECT a FROM t ORDER BY rowid");
            }
        });
    }

    @Test
    void inListsOnManyIndexColumnsDoNotMultiplyWithoutBound() throws Exception { // #10
        StringBuilder in = new StringBuilder();
        for (int i = 0; i < 2000; i++) {
            in.append(i == 0 ? "" : ", ").append(i % 7);
        }
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            try (SideBySide s = new SideBySide()) {
                s.setUp("CREATE TABLE t(a, b, c)", "INSERT INTO t VALUES(1, 2, 3), (4, 5, 6), (1, 5, 3)",
                        "CREATE INDEX taa ON t(a, a, a, a)", "CREATE INDEX tabc ON t(a, b, c)");
                // 2000^4 key tuples would be built in memory before the seek (an OutOfMemoryError)
                sameAsSqlite(s, "SELECT * FROM t WHERE a IN (" + in + ") ORDER BY rowid",
                        "SELECT * FROM t WHERE a IN (" + in + ") AND b IN (" + in + ") AND c IN (" + in + ") ORDER BY rowid",
                        "SELECT * FROM t WHERE a IN (1, 4) AND b IN (5) AND c > 2 ORDER BY rowid");
            }
        });
    }

    @Test
    void eachFiringOfATriggerSeesTheRowsAsTheyAreThen() throws Exception { // #10
        // found while checking that FROM-clause queries may be read on demand: an uncorrelated
        // subquery of a trigger program kept the result of its first firing
        try (SideBySide s = new SideBySide()) {
            s.setUp("CREATE TABLE t(a)", "CREATE TABLE log(n)",
                    "CREATE TRIGGER tr AFTER INSERT ON t BEGIN "
                            + "INSERT INTO log SELECT c FROM (SELECT count(*) c FROM t); "
                            + "INSERT INTO log SELECT a + 100 FROM (SELECT a FROM t) LIMIT 1 OFFSET new.a - 1; "
                            + "INSERT INTO log SELECT 1000 WHERE new.a IN (SELECT a FROM t); "
                            + "DELETE FROM t WHERE a = new.a - 2; END");
            sameAsSqlite(s,
                    "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300) INSERT INTO t SELECT i FROM n",
                    "SELECT count(*), sum(n) FROM log",
                    "SELECT n FROM log ORDER BY rowid LIMIT 12",
                    "SELECT count(*), sum(a) FROM t");
        }
    }
}
