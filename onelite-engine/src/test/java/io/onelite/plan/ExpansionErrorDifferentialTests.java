package io.onelite.plan;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.SQLException;

/**
 * Which error a statement with several reports, against native SQLite (sqlite-jdbc in this JVM):
 * SQLite expands every SELECT of a statement, subqueries of its expressions included, before it
 * resolves any name (sqlite3SelectExpand, then sqlite3ResolveSelectNames), so "no such table",
 * "no such index", the NATURAL/ON/USING checks of its joins and "no such table: x" for
 * {@code x.*} anywhere win over "no such column", a function's arguments or an aggregate's place
 * anywhere. Each case asserts SQLite's message on both engines. UPDATE and DELETE resolve their
 * own clauses in order (a subquery expanded when met), INSERT's single VALUES row too, while
 * UPDATE ... FROM, RETURNING and a VALUES of several rows are SELECTs to SQLite.
 */
class ExpansionErrorDifferentialTests {
    private static final String[] SETUP = {
        "CREATE TABLE t1(a, b)",
        "CREATE TABLE t2(c, d)",
        "CREATE TABLE t3(a, c)",
        "CREATE TABLE tu(a PRIMARY KEY, b)",
        "CREATE TABLE tg(a, g AS (a + 1))",
        "CREATE INDEX t1a ON t1(a)",
        "CREATE VIEW v1 AS SELECT a, b FROM t1",
        "CREATE VIEW vbad AS SELECT 1 FROM t1 JOIN t2 USING (zz)",
        "INSERT INTO t1 VALUES (1, 'x'), (2, 'y')",
        "INSERT INTO t3 VALUES (1, 10), (3, 30)",
    };
    private static final String USING_ZZ = "cannot join using column zz - column not present in both tables";
    private static final String GLOB = "wrong number of arguments to function GLOB()";
    private static final String NATURAL = "a NATURAL join may not have an ON or USING clause";

    private MemoryOracle oracle;

    @BeforeEach
    void open() throws SQLException {
        oracle = new MemoryOracle(SETUP);
    }

    @AfterEach
    void close() throws SQLException {
        oracle.close();
    }

    @Test
    void aSubquerysJoinErrorWinsOverTheOuterQuerysNameErrors() {
        oracle.sameError("SELECT (SELECT 1 FROM t1 JOIN t2 USING (zz)) FROM t1 WHERE a GLOB b ESCAPE 'x'", USING_ZZ);
        oracle.sameError("SELECT 1 FROM t1 WHERE a GLOB b ESCAPE 'x' AND EXISTS (SELECT 1 FROM nosuch)",
                "no such table: nosuch");
        oracle.sameError("SELECT 1 FROM t1 WHERE nosuchcol AND EXISTS (SELECT 1 FROM t1 JOIN t2 USING (zz))", USING_ZZ);
        oracle.sameError("SELECT nosuchcol, (SELECT 1 FROM t1 JOIN t2 USING (zz)) FROM t1", USING_ZZ);
        oracle.sameError("SELECT 1 FROM t1 WHERE EXISTS (SELECT * FROM t1 NATURAL JOIN t2 USING (zz))", NATURAL);
        oracle.sameError("SELECT 1 FROM t1 WHERE a IN (SELECT nosuchcol FROM t1) AND EXISTS (SELECT 1 FROM nosuch)",
                "no such table: nosuch");
        oracle.sameError("SELECT (SELECT nosuchcol FROM t1), (SELECT 1 FROM nosuch)", "no such table: nosuch");
        oracle.sameError("SELECT a, count(*) FROM t1 GROUP BY a HAVING nosuchcol AND EXISTS (SELECT 1 FROM nosuch)",
                "no such table: nosuch");
        oracle.sameError("SELECT * FROM t1 WHERE a = 1 ORDER BY nosuchcol, (SELECT 1 FROM nosuch)",
                "no such table: nosuch");
        oracle.sameError("SELECT nosuchcol FROM t1 LIMIT 1 OFFSET (SELECT 1 FROM nosuch)", "no such table: nosuch");
        oracle.sameError("SELECT row_number() OVER w, nosuchcol FROM t1 WINDOW w AS (PARTITION BY (SELECT 1 FROM nosuch))",
                "no such table: nosuch");
        oracle.sameError("SELECT nosuchcol FROM t1 WHERE a IN nosuch", "no such table: nosuch");
        oracle.sameError("SELECT nosuchcol FROM t1 WHERE a BETWEEN 1 AND (SELECT 1 FROM nosuch)",
                "no such table: nosuch");
        oracle.sameError("SELECT nosuchcol FROM t1 WHERE a IN json_each((SELECT 1 FROM nosuch))",
                "no such table: nosuch");
    }

    @Test
    void subqueriesExpandInSqlitesOrderOfTheClauses() {
        oracle.sameError("SELECT (SELECT 1 FROM nosuch1) FROM t1 WHERE EXISTS (SELECT 1 FROM nosuch2)",
                "no such table: nosuch1");
        // ON terms follow the WHERE clause, table-valued function arguments come last
        oracle.sameError("SELECT 1 FROM t1 JOIN t2 ON EXISTS (SELECT 1 FROM nosuch6) WHERE EXISTS (SELECT 1 FROM nosuch7)",
                "no such table: nosuch7");
        oracle.sameError("SELECT * FROM json_each((SELECT 1 FROM nosuch1)) WHERE EXISTS (SELECT 1 FROM nosuch2)",
                "no such table: nosuch2");
        // GLOB is a call glob(pattern, value); a window's ORDER BY comes before its FILTER
        oracle.sameError("SELECT 1 FROM t1 WHERE (SELECT 1 FROM nosuch1) GLOB (SELECT 1 FROM nosuch2)",
                "no such table: nosuch2");
        oracle.sameError("SELECT count(*) FILTER (WHERE (SELECT 1 FROM nosuch1)) OVER (ORDER BY (SELECT 1 FROM nosuch2)) FROM t1",
                "no such table: nosuch2");
        // a FROM subquery is expanded as its FROM clause is, before any expression's subquery
        oracle.sameError("SELECT (SELECT 1 FROM nosuch1) FROM t1, (SELECT 1 FROM nosuch2)", "no such table: nosuch2");
    }

    @Test
    void everyTableIsLookedUpBeforeTheJoinsAreChecked() {
        oracle.sameError("SELECT * FROM t1 JOIN t2 USING (zz) JOIN nosuch", "no such table: nosuch");
        oracle.sameError("SELECT * FROM t1 JOIN t2 USING (zz), nosuch", "no such table: nosuch");
        oracle.sameError("SELECT * FROM (SELECT nosuchcol FROM t1) JOIN t2 USING (zz)", USING_ZZ);
        oracle.sameError("SELECT * FROM (SELECT nosuchcol FROM t1) x JOIN t2 USING (c)",
                "cannot join using column c - column not present in both tables");
        oracle.sameError("SELECT nosuchcol FROM t1 INDEXED BY nosuchidx", "no such index: nosuchidx");
        oracle.sameError("SELECT (SELECT 1 FROM t1 JOIN t2 USING (zz)) FROM t1 INDEXED BY nosuchidx",
                "no such index: nosuchidx");
        oracle.sameError("SELECT nosuchcol FROM t2 JOIN (t1 JOIN t3 ON nosuchcol2) USING (zz)", USING_ZZ);
        oracle.sameError("SELECT nosuchcol FROM vbad", USING_ZZ);
    }

    @Test
    void joinsAreCheckedInOrderNaturalWithOnOrUsingFirst() {
        oracle.sameError("SELECT * FROM t1 NATURAL JOIN t2 USING (zz)", NATURAL);
        oracle.sameError("SELECT * FROM t1 NATURAL JOIN t2 ON 1", NATURAL);
        oracle.sameError("SELECT * FROM t1 NATURAL LEFT JOIN t3 ON t1.a = t3.a", NATURAL);
        oracle.sameError("SELECT * FROM t1 NATURAL JOIN t2 ON zz", NATURAL);
        oracle.sameError("SELECT * FROM t1 NATURAL JOIN t2 ON 1 JOIN t3 USING (zz)", NATURAL);
        oracle.sameError("SELECT * FROM t1 JOIN t2 USING (zz) NATURAL JOIN t3 ON 1", USING_ZZ);
        oracle.sameError("SELECT nosuchcol FROM t1 JOIN (t2 NATURAL JOIN t3 ON 1) USING (a)", NATURAL);
        oracle.sameError("SELECT a GLOB b ESCAPE 'x', (SELECT 1 FROM t1 x, t3 y RIGHT JOIN t1 z USING (a)) FROM t1",
                "ambiguous reference to a in USING()");
        // the columns of subqueries, CTEs and views, as their SELECTs name them
        oracle.sameError("SELECT nosuchcol FROM (SELECT * FROM t1 NATURAL JOIN t3) JOIN t2 USING (zz)", USING_ZZ);
        oracle.sameError("SELECT nosuchcol FROM (SELECT a AS q FROM t1) x JOIN t3 USING (a)",
                "cannot join using column a - column not present in both tables");
        oracle.sameError("SELECT nosuchcol FROM v1 JOIN t3 USING (a) JOIN t2 USING (zz)", USING_ZZ);
        oracle.sameError("SELECT nosuchcol FROM sqlite_master JOIN t1 USING (zz)", USING_ZZ);
    }

    @Test
    void joinsSqliteAcceptsStillWork() {
        oracle.sameRows("SELECT * FROM t1 NATURAL JOIN t3");
        oracle.sameRows("SELECT * FROM t1 JOIN t3 USING (a)");
        oracle.sameRows("SELECT * FROM (SELECT a AS q FROM t1) x JOIN (SELECT a AS q FROM t3) USING (q)");
        oracle.sameRows("WITH RECURSIVE c(a) AS (SELECT 1 UNION ALL SELECT a + 1 FROM c WHERE a < 3)"
                + " SELECT * FROM c JOIN t1 USING (a)");
        oracle.sameRows("SELECT * FROM t1 LEFT JOIN t3 USING (a) WHERE b <> 'z'");
    }

    @Test
    void compoundArmsExpandFromTheLast() {
        oracle.sameError("SELECT 1 FROM nosuch1 UNION SELECT 1 FROM nosuch2", "no such table: nosuch2");
        oracle.sameError("SELECT nosuchcol FROM t1 UNION SELECT 1 FROM nosuch", "no such table: nosuch");
        oracle.sameError("SELECT nosuchcol FROM t1 UNION SELECT 1 FROM t1 JOIN t2 USING (zz)", USING_ZZ);
        oracle.sameError("SELECT 1 FROM t1 JOIN t2 USING (zz) UNION SELECT 1 FROM nosuch2", "no such table: nosuch2");
        oracle.sameError("SELECT 1 FROM t1 UNION SELECT nosuchcol FROM t1 UNION SELECT 1 FROM nosuch",
                "no such table: nosuch");
        oracle.sameError("SELECT a FROM t1 UNION ALL SELECT nosuchcol FROM t1 ORDER BY (SELECT 1 FROM nosuch)",
                "no such table: nosuch");
        oracle.sameError("VALUES ((SELECT 1 FROM nosuch1)), ((SELECT 1 FROM nosuch2))", "no such table: nosuch2");
        oracle.sameError("VALUES (nosuchcol, (SELECT 1 FROM nosuch))", "no such table: nosuch");
        oracle.sameError("SELECT 1 UNION VALUES ((SELECT 1 FROM nosuch1)), ((SELECT 1 FROM nosuch2))",
                "no such table: nosuch2");
    }

    @Test
    void ctesExpandWhereTheStatementReadsThem() {
        oracle.sameError("WITH c AS (SELECT * FROM nosuch) SELECT nosuchcol FROM t1", "no such column: nosuchcol");
        oracle.sameError("WITH c AS (SELECT nosuchcol FROM t1) SELECT 1 FROM c JOIN t2 USING (zz)", USING_ZZ);
        oracle.sameError("WITH c(x) AS (SELECT 1) SELECT nosuchcol, (SELECT 1 FROM nosuch) FROM c",
                "no such table: nosuch");
        oracle.sameError("WITH c(x, y, z) AS (SELECT * FROM t1) SELECT nosuchcol FROM c",
                "table c has 2 values for 3 columns");
        oracle.sameError("WITH c(x, y, z, w) AS (SELECT * FROM t1 JOIN t3 USING (a)) SELECT nosuchcol FROM c",
                "table c has 3 values for 4 columns");
        oracle.sameError("WITH c AS (SELECT * FROM t1 JOIN t3 USING (a)) SELECT nosuchcol FROM c JOIN t2 USING (zz)",
                USING_ZZ);
        oracle.sameError("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 3)"
                + " SELECT x, (SELECT 1 FROM t1 JOIN t2 USING (zz)) FROM c WHERE nosuchcol", USING_ZZ);
        oracle.sameError("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c JOIN t1 USING (x))"
                + " SELECT nosuchcol FROM c", "cannot join using column x - column not present in both tables");
    }

    @Test
    void anErrorExpansionGoesOnAfterIsReplacedByALaterOne() {
        // "no such table" for t.* and "no tables specified" leave SQLite's walk going: a later table lookup fails last
        oracle.sameError("SELECT nosuch.*, (SELECT 1 FROM nosuch2) FROM t1", "no such table: nosuch2");
        oracle.sameError("SELECT *, (SELECT 1 FROM nosuch2)", "no such table: nosuch2");
        oracle.sameError("SELECT nosuch.*, (SELECT 1 FROM t1 JOIN t2 USING (zz)) FROM t1", "no such table: nosuch");
        oracle.sameError("SELECT a GLOB b ESCAPE 'x', nosuch.* FROM t1", "no such table: nosuch");
    }

    @Test
    void aRowValuesInListIsASelectOfItsOwn() {
        // RandomQueryDifferentialTests seed 162000042, query 163: SQLite's parser makes the list of
        // (x, y) IN (...) a VALUES, a SELECT that the walk after the ambiguous USING column meets
        // first and stops at, so the CTE's "no such table" after it is never reported
        String ambiguous = "ambiguous reference to a in USING()";
        oracle.sameError("WITH c AS (SELECT 1 AS n) SELECT 1 FROM t1 AS x FULL JOIN t1 AS y"
                + " ON (x.a, y.a) IN ((1, 2), (3, 4)) AND x.b IN (SELECT n FROM c) NATURAL JOIN t3", ambiguous);
        oracle.sameError("WITH c AS (SELECT 1 AS n) SELECT 1 FROM t1 AS x FULL JOIN t1 AS y"
                + " ON (x.a, y.a) IN ((1, 2)) AND x.b IN (SELECT n FROM c) NATURAL JOIN t3", ambiguous);
        oracle.sameError("WITH c AS (SELECT 1 AS n) SELECT 1 FROM t1 AS x FULL JOIN t1 AS y"
                + " ON (x.a, y.a) = (1, 2) AND x.b IN (SELECT n FROM c) NATURAL JOIN t3", "no such table: c");
        oracle.sameError("WITH c AS (SELECT 1 AS n) SELECT 1 FROM t1 AS x FULL JOIN t1 AS y"
                + " ON x.b IN (SELECT n FROM c) AND (x.a, y.a) IN ((1, 2), (3, 4)) NATURAL JOIN t3", "no such table: c");
        oracle.sameError("WITH c AS (SELECT 1 AS n) SELECT 1 FROM t1 AS x FULL JOIN t1 AS y"
                + " ON (x.a, (SELECT n FROM c)) IN ((1, 2), (3, 4)) NATURAL JOIN t3", "no such table: c");
        oracle.sameError("SELECT 1 FROM t1 WHERE (a, b) IN ((1, 2), (3, (SELECT 1 FROM nosuch))) AND nosuchcol",
                "no such table: nosuch");
        // each element must be a row of the left's width (a subquery is one term), checked as it is parsed
        oracle.sameError("SELECT (a, b) IN ((1, 2), (3, 4, 5)) FROM nosuch", "IN(...) element has 3 terms - expected 2");
        oracle.sameError("SELECT 1 FROM t1 WHERE (a, b) IN ((1, 2), 3) AND nosuchcol",
                "IN(...) element has 1 term - expected 2");
        oracle.sameError("SELECT 1 FROM t1 WHERE (a, b) IN ((SELECT 1, 2), (3, 4))",
                "IN(...) element has 1 term - expected 2");
        oracle.sameRows("SELECT a FROM t1 WHERE (a, b) IN ((SELECT 1, 'x'))");
        oracle.sameRows("SELECT a FROM t1 WHERE (a, b) IN ((1, 'x'), (2, 'z'))");
    }

    @Test
    void insertSelectAndSeveralValuesRowsAreSelects() {
        oracle.sameError("INSERT INTO t1 SELECT nosuchcol, (SELECT 1 FROM nosuch) FROM t1", "no such table: nosuch");
        oracle.sameError("INSERT INTO t1 SELECT a, b FROM t1 WHERE a GLOB b ESCAPE 'x'"
                + " AND EXISTS (SELECT 1 FROM t1 JOIN t2 USING (zz))", USING_ZZ);
        oracle.sameError("INSERT INTO t1 VALUES (1, nosuchcol), ((SELECT 1 FROM nosuch), 2)", "no such table: nosuch");
        oracle.sameError("INSERT INTO t1 SELECT * FROM (VALUES (nosuchcol, (SELECT 1 FROM nosuch)))",
                "no such table: nosuch");
        oracle.sameError("CREATE TABLE tt AS SELECT nosuchcol, (SELECT 1 FROM nosuch) FROM t1",
                "no such table: nosuch");
        // one VALUES row is no SELECT: its values resolve in the order written
        oracle.sameError("INSERT INTO t1 VALUES (nosuchcol, (SELECT 1 FROM nosuch))", "no such column: nosuchcol");
        oracle.sameError("INSERT INTO t1 VALUES ((SELECT 1 FROM nosuch), nosuchcol)", "no such table: nosuch");
        // the ON CONFLICT clauses come after the rows' SELECT
        oracle.sameError("INSERT INTO tu SELECT 1, 2 FROM t1 WHERE nosuchcol"
                + " ON CONFLICT (a) DO UPDATE SET b = (SELECT 1 FROM nosuch)",
                "no such column: nosuchcol");
    }

    @Test
    void updateAndDeleteResolveTheirClausesInOrder() {
        oracle.sameError("DELETE FROM t1 WHERE nosuchcol AND EXISTS (SELECT 1 FROM nosuch)",
                "no such column: nosuchcol");
        oracle.sameError("DELETE FROM t1 WHERE EXISTS (SELECT 1 FROM nosuch) AND nosuchcol", "no such table: nosuch");
        oracle.sameError("DELETE FROM t1 WHERE a GLOB b ESCAPE 'x' AND EXISTS (SELECT 1 FROM t1 JOIN t2 USING (zz))",
                GLOB);
        oracle.sameError("DELETE FROM t1 WHERE EXISTS (SELECT nosuchcol FROM t1 JOIN t2 USING (zz))", USING_ZZ);
        oracle.sameError("DELETE FROM t1 WHERE a IN (VALUES (nosuchcol), ((SELECT 1 FROM nosuch)))",
                "no such table: nosuch");
        // SET before WHERE, each value before the column it assigns
        oracle.sameError("UPDATE t1 SET a = nosuchcol WHERE EXISTS (SELECT 1 FROM nosuch)",
                "no such column: nosuchcol");
        oracle.sameError("UPDATE t1 SET a = (SELECT 1 FROM nosuch) WHERE nosuchcol", "no such table: nosuch");
        oracle.sameError("UPDATE t1 SET nosuchcol = 1 WHERE EXISTS (SELECT 1 FROM nosuch)",
                "no such column: nosuchcol");
        oracle.sameError("UPDATE t1 SET nosuchcol = (SELECT 1 FROM nosuch)", "no such table: nosuch");
        oracle.sameError("UPDATE t1 SET nosuchcol = 1, a = (SELECT 1 FROM nosuch)", "no such column: nosuchcol");
        oracle.sameError("UPDATE tg SET g = (SELECT 1 FROM nosuch)", "no such table: nosuch");
        oracle.sameError("UPDATE t1 SET a = 1 WHERE nosuchcol AND EXISTS (SELECT 1 FROM nosuch)",
                "no such column: nosuchcol");
    }

    @Test
    void updateFromIsOneSelectAfterItsAssignedColumns() {
        oracle.sameError("UPDATE t1 SET a = 1 FROM t2 WHERE nosuchcol AND EXISTS (SELECT 1 FROM nosuch)",
                "no such table: nosuch");
        oracle.sameError("UPDATE t1 SET a = (SELECT 1 FROM nosuch2) FROM t2 WHERE nosuchcol", "no such table: nosuch2");
        oracle.sameError("UPDATE t1 SET a = 1 FROM (SELECT nosuchcol FROM t2) JOIN t3 USING (zz)", USING_ZZ);
        oracle.sameError("UPDATE t1 SET a = nosuchcol FROM t2 JOIN t3 USING (zz)", USING_ZZ);
        oracle.sameError("UPDATE t1 SET nosuchcol = 1 FROM nosuch", "no such column: nosuchcol");
        oracle.sameError("UPDATE t1 SET nosuchcol = 1 FROM t2 JOIN t3 USING (zz)", "no such column: nosuchcol");
        oracle.sameError("UPDATE tg SET g = 1 FROM t2 WHERE nosuchcol", "cannot UPDATE generated column \"g\"");
    }

    @Test
    void returningIsASelectOfItsOwn() {
        oracle.sameError("DELETE FROM t1 RETURNING nosuchcol, (SELECT 1 FROM nosuch)", "no such table: nosuch");
        oracle.sameError("UPDATE t1 SET a = 1 RETURNING nosuchcol, (SELECT 1 FROM nosuch)", "no such table: nosuch");
        oracle.sameError("INSERT INTO t1 SELECT 1, 2 FROM t1 RETURNING nosuchcol, (SELECT 1 FROM nosuch)",
                "no such table: nosuch");
        // the statement's own clauses come first
        oracle.sameError("DELETE FROM t1 WHERE nosuchcol RETURNING (SELECT 1 FROM nosuch)",
                "no such column: nosuchcol");
        oracle.sameError("UPDATE t1 SET a = 1 FROM t2 WHERE nosuchcol RETURNING (SELECT 1 FROM nosuch)",
                "no such column: nosuchcol");
    }
}
