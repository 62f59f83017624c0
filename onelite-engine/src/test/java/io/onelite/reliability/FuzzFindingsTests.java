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

    // RandomQueryDifferentialTests (plan package), the query generator compared with sqlite-jdbc:
    // docs/reliability.md items 15 to 22

    @Test
    void bareColumnsFollowTheLastMinOrMaxBesideOtherAggregates() throws Exception { // #15
        try (SideBySide s = new SideBySide()) {
            s.setUp("CREATE TABLE t(id INTEGER PRIMARY KEY, g, x, y, b)",
                    "INSERT INTO t VALUES (1, 1, NULL, 5, 'a'), (2, 1, NULL, 3, 'b'), (3, 1, NULL, 9, 'c'), (4, 2, 3, 1, 'd'),"
                            + " (5, 2, 7, 2, 'e'), (6, 2, 5, 8, 'f'), (7, 2, NULL, 0, 'g')");
            sameAsSqlite(s,
                    // b came from the group's first row as soon as another aggregate was there
                    "SELECT max(id), b FROM t HAVING count(DISTINCT y) > 0",
                    "SELECT g, count(*), max(x), b FROM t GROUP BY g",
                    "SELECT g, max(x), min(y), b FROM t GROUP BY g", // the last one decides
                    "SELECT g, min(y), max(x), b FROM t GROUP BY g",
                    "SELECT g, max(x) + min(x), b FROM t GROUP BY g",
                    "SELECT g, b FROM t GROUP BY g HAVING min(y) > -1 ORDER BY max(x)", // ORDER BY before HAVING
                    "SELECT g, max(x), b FROM t GROUP BY g", // all NULL: the last row
                    "SELECT g, max(x) FILTER (WHERE y > 1), b FROM t GROUP BY g",
                    "SELECT g, count(*), b FROM t GROUP BY g");
        }
    }

    @Test
    void globTakesNoEscape() throws Exception { // #16
        try (SideBySide s = new SideBySide()) {
            s.setUp("CREATE TABLE t(a)", "INSERT INTO t VALUES ('a')");
            sameAsSqlite(s, "SELECT a FROM t WHERE a GLOB 'a' ESCAPE '%'", "SELECT 'a' glob 'a' escape 'x'",
                    "SELECT 'a' NOT Glob 'a' ESCAPE 'x'", "SELECT a GLOB 'a', a NOT GLOB 'b' FROM t");
        }
    }

    @Test
    void aComparisonAppliesItsAffinityToBothSidesAndACompoundHasItsLastArmsAffinity() throws Exception { // #17
        try (SideBySide s = new SideBySide()) {
            s.setUp("CREATE TABLE t(id INTEGER PRIMARY KEY, a INTEGER)", "CREATE TABLE u(id INTEGER PRIMARY KEY, z NUMERIC)",
                    "INSERT INTO t VALUES (3, 1)", "CREATE TABLE w(b TEXT, n INTEGER, r REAL, x)",
                    "INSERT INTO w VALUES ('5', 5, 5.0, '5')");
            sameAsSqlite(s,
                    // both sides numeric: '1' from the other arm is converted too (no row before)
                    "SELECT t.id FROM t WHERE t.a = (SELECT u.id FROM u UNION ALL VALUES ('1'))",
                    "SELECT t.id FROM t WHERE (t.a, t.id) = (SELECT u.id, u.z FROM u UNION ALL VALUES ('1', ' 3'))",
                    // the compound's affinity is its last SELECT's (none here)
                    "SELECT (SELECT b FROM w UNION ALL SELECT 5) = 5, (SELECT b FROM w WHERE 0 UNION ALL SELECT 5) = '5'",
                    "SELECT ((SELECT n FROM w WHERE 0 UNION ALL SELECT '5'), 1) = (5, 1) FROM w",
                    "SELECT 1 FROM w WHERE (SELECT n FROM w WHERE 0 UNION ALL SELECT '5') IN (5, 6)",
                    "SELECT b = n, x = n, b = r, x = b, b < 10, x < 10, n < '10' FROM w");
        }
    }

    @Test
    void aCompoundOrderedUnderACollationRunsAsSqlitesSubquery() throws Exception { // #18
        try (SideBySide s = new SideBySide()) {
            s.setUp("CREATE TABLE t(id, b)", "INSERT INTO t VALUES (1, 'A'), (2, 'b'), (3, 'a')");
            sameAsSqlite(s,
                    // the last SELECT's GROUP BY and HAVING move to the outer query
                    "SELECT 0 UNION SELECT 1 FROM t q GROUP BY q.id ORDER BY 1 COLLATE NOCASE",
                    "SELECT 0 UNION SELECT max(q.id) FROM t q HAVING max(q.id) > 0 ORDER BY 1 COLLATE NOCASE",
                    "SELECT 0 AS n UNION SELECT id FROM t GROUP BY 1 HAVING count(*) > 0 ORDER BY 1 COLLATE NOCASE",
                    "SELECT 1 FROM t q GROUP BY q.id UNION SELECT 0 ORDER BY 1 COLLATE NOCASE",
                    "SELECT 0 UNION ALL SELECT 1 FROM t q GROUP BY q.id ORDER BY 1 COLLATE NOCASE",
                    "SELECT 'B' AS x UNION SELECT b FROM t ORDER BY 1 COLLATE NOCASE LIMIT 2 OFFSET 1",
                    "SELECT 'B' AS x UNION SELECT b FROM t ORDER BY x || '' COLLATE NOCASE",
                    // a HAVING needs GROUP BY or an aggregate result column
                    "SELECT 1 FROM t HAVING max(id) > 0", "SELECT 1 FROM t WHERE nope HAVING 1",
                    "SELECT count(*) FROM t HAVING max(id) > 0");
        }
    }

    @Test
    void aWildcardUsedAsTheEscapeIsNoWildcard() throws Exception { // #19
        try (SideBySide s = new SideBySide()) {
            sameAsSqlite(s, "SELECT 1 LIKE '1%' ESCAPE '%', '1%' LIKE '1%%' ESCAPE '%', 'a_' LIKE 'a__' ESCAPE '_', "
                    + "'ab' LIKE 'a_' ESCAPE '_', 'xyz' LIKE '%' ESCAPE '%', '%' LIKE '%%' ESCAPE '%', like('1%', 1, '%')");
        }
    }

    @Test
    void aCollateInsideAnExpressionGivesItsCollation() throws Exception { // #20
        try (SideBySide s = new SideBySide()) {
            s.setUp("CREATE TABLE t3(id INTEGER PRIMARY KEY, k TEXT COLLATE RTRIM, y TEXT COLLATE NOCASE)",
                    "INSERT INTO t3 VALUES (1, 'b  ', 'B'), (2, 'abc', 'abc'), (3, 'Abc', 'ABC')");
            sameAsSqlite(s,
                    "SELECT s0 = 'b' FROM (SELECT max(k COLLATE RTRIM) AS s0 FROM t3)",
                    "SELECT k FROM t3 ORDER BY CASE WHEN k COLLATE NOCASE < 'z' THEN k END",
                    "SELECT k FROM t3 ORDER BY (k COLLATE NOCASE) || 'x'",
                    "SELECT CAST(y AS TEXT) = 'abc', lower(y COLLATE BINARY) = 'ABC', (y COLLATE BINARY) || '' = 'ABC' FROM t3",
                    "SELECT s FROM (SELECT CASE WHEN y COLLATE BINARY = 'x' THEN 1 ELSE y END AS s FROM t3) WHERE s = 'abc'");
        }
    }

    @Test
    void windowMinAndMaxCompareUnderTheirArgumentsCollation() throws Exception { // #21
        try (SideBySide s = new SideBySide()) {
            s.setUp("CREATE TABLE t2(id INTEGER PRIMARY KEY, x, y TEXT COLLATE NOCASE)",
                    "INSERT INTO t2 VALUES (1, 1, 'abc '), (2, 2, 'B'), (3, 3, 'b'), (4, 0, 'abc')");
            sameAsSqlite(s, "SELECT id, max(y) OVER (ORDER BY x) FROM t2 ORDER BY id",
                    "SELECT id, min(y) OVER (ORDER BY x) FROM t2 ORDER BY id",
                    "SELECT id, max(y) OVER () FROM t2 ORDER BY id");
        }
    }

    @Test
    void aValuesOfSeveralRowsEndsTheSearchForACompoundsCollation() throws Exception { // #22
        try (SideBySide s = new SideBySide()) {
            s.setUp("CREATE TABLE a(y TEXT COLLATE NOCASE)", "INSERT INTO a VALUES ('abc'), ('ABC')");
            sameAsSqlite(s,
                    // SQLite reads such a VALUES as a subquery, whose columns are BINARY: no NOCASE merge
                    "SELECT 'x' UNION ALL VALUES ('z'), ('w') UNION SELECT y FROM a ORDER BY 1",
                    "VALUES ('z'), ('w') UNION SELECT y FROM a ORDER BY 1",
                    "SELECT 'x' UNION ALL VALUES ('z') UNION SELECT y FROM a ORDER BY 1", // one row: a plain SELECT
                    "SELECT y FROM a UNION ALL VALUES ('z'), ('w') UNION SELECT y FROM a ORDER BY 1",
                    "WITH c(v) AS (SELECT 1) SELECT 'x' UNION ALL VALUES ('z'), ('w') UNION SELECT y FROM a ORDER BY 1",
                    // as the first SELECT: after a WITH, with a row that is not constant or a first
                    // row with an affinity, SQLite keeps plain SELECTs of no collation (seed 9300000019)
                    "WITH c(v) AS (SELECT 1) VALUES ('z'), ('w') UNION SELECT y FROM a ORDER BY 1",
                    "VALUES ('z'), ((SELECT 'w')) UNION SELECT y FROM a ORDER BY 1",
                    "VALUES (CAST('z' AS TEXT)), ('w') UNION SELECT y FROM a ORDER BY 1",
                    "VALUES ('z'), (CAST('w' AS TEXT)) UNION SELECT y FROM a ORDER BY 1");
        }
    }

    @Test
    void aRecursiveCtesColumnsTakeTheCompoundRulesAffinity() throws Exception { // #23
        try (SideBySide s = new SideBySide()) {
            s.setUp("CREATE TABLE t3(id INTEGER PRIMARY KEY, k TEXT)", "INSERT INTO t3 VALUES (1, '3'), (3, '1')");
            sameAsSqlite(s,
                    // i is BLOB (min() has none, t3.id INTEGER): no conversion against the TEXT k, no row
                    "WITH RECURSIVE c1(i) AS (SELECT min(id) FROM t3 UNION ALL SELECT t3.id FROM c1 JOIN t3 ON t3.id = c1.i + 2) "
                            + "SELECT c1.i, t3.id FROM c1 JOIN t3 ON c1.i = t3.k ORDER BY 1",
                    "WITH RECURSIVE c1(i) AS (SELECT 1 UNION ALL SELECT i + 2 FROM c1 WHERE i < 3) "
                            + "SELECT c1.i, t3.id FROM c1 JOIN t3 ON c1.i = t3.k ORDER BY 1");
        }
    }

    @Test
    void nullifAndScalarMinMaxCompareUnderTheFirstArgumentsCollation() throws Exception { // #26
        try (SideBySide s = new SideBySide()) {
            s.setUp("CREATE TABLE t(y TEXT COLLATE NOCASE, k TEXT COLLATE RTRIM, b TEXT)", "INSERT INTO t VALUES ('abc', 'abc', 'abc')");
            sameAsSqlite(s,
                    // seed 9400000022: nullif((z COLLATE RTRIM), 'abc ') kept 'abc'
                    "SELECT nullif(y, 'ABC'), nullif(k, 'abc '), nullif(b, 'ABC'), nullif('ABC', y), nullif((b COLLATE RTRIM), 'abc ') FROM t",
                    "SELECT max(y, 'ABC'), max('ABC', y), min(y, 'ABC', 'x'), max(b, y) FROM t",
                    "SELECT nullif(b, upper(y) COLLATE NOCASE), nullif(b || '', upper(y) COLLATE NOCASE), nullif(y, NULL) FROM t");
        }
    }

    @Test
    void aGroupedQueryWithoutFromOrderedByItsGroupKey() throws Exception { // #28
        try (SideBySide s = new SideBySide()) {
            s.setUp("CREATE TABLE t(a)");
            sameAsSqlite(s,
                    // SqlFuzzTests seed 52295337135596: IndexOutOfBoundsException (no first source to take an order from)
                    "SELECT DISTINCT -1, FALSE GROUP BY NULL ORDER BY NULL",
                    "SELECT DISTINCT 1 GROUP BY 1 + 1 ORDER BY 1 + 1",
                    "SELECT count(*) GROUP BY abs(1) ORDER BY abs(1)");
        }
    }

    @Test
    void aValuesOfSeveralRowsInACompoundIsASubqueryColumnOfNoAffinity() throws Exception { // #29
        try (SideBySide s = new SideBySide()) {
            s.setUp("CREATE TABLE a(y TEXT)", "INSERT INTO a VALUES ('abc'), (''), ('5')");
            sameAsSqlite(s,
                    // seed 9300000035 query 57: (s1 COLLATE BINARY > s2) over such a compound was 1 where SQLite says 0
                    "SELECT s1 > s2 FROM (SELECT 0 AS s1, y AS s2 FROM a UNION VALUES (2.5, 'x'), (1, 'y'))",
                    "SELECT s2 = 5 FROM (SELECT y AS s2 FROM a UNION ALL VALUES ('x'), ('7'))",
                    "SELECT s2 = 5 FROM (SELECT y AS s2 FROM a UNION ALL SELECT 'x')",
                    "SELECT typeof(s2), s2 = 5 FROM (SELECT y AS s2 FROM a UNION ALL VALUES ('x'), (7))");
        }
    }
}
