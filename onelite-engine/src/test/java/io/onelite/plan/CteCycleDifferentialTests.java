package io.onelite.plan;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.SQLException;

/**
 * CTEs that read themselves, against native SQLite (sqlite-jdbc in this JVM). SQLite marks a CTE
 * while it expands it (resolveFromTermToCte): a reference to it meanwhile is a "circular
 * reference" (its own SELECT, a subquery of it, another CTE it reads, a recursive CTE's initial
 * SELECT), and one in a recursive SELECT other than that SELECT's own FROM term is one of
 * "multiple recursive references"; a recursive SELECT naming it twice in its FROM clause is
 * refused before ("multiple references to recursive table"). Which arms are recursive needs no
 * RECURSIVE keyword. These overflowed OneLite's stack (each use planned the CTE again); now each
 * fails with SQLite's code and message, and recursive CTEs SQLite accepts give its rows.
 */
class CteCycleDifferentialTests {
    private static final String[] SETUP = {
        "CREATE TABLE t1(a, b)",
        "CREATE TABLE t2(c, d)",
        "CREATE INDEX t1a ON t1(a)",
        "CREATE VIEW v1 AS SELECT a, b FROM t1",
        "INSERT INTO t1 VALUES (1, 'x'), (2, 'y')",
        "INSERT INTO t2 VALUES (1, 10)",
    };
    private static final String CIRCULAR_C = "circular reference: c";
    private static final String MULTIPLE_C = "multiple recursive references: c";
    private static final String TWICE_C = "multiple references to recursive table: c";
    /** A recursive CTE counting 1 to 3. */
    private static final String COUNT = "c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 3)";

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
    void aCteReadingItselfIsCircular() {
        oracle.sameError("WITH c AS (SELECT * FROM c) SELECT * FROM c", CIRCULAR_C);
        oracle.sameError("WITH c(x) AS (SELECT x FROM c) SELECT * FROM c", CIRCULAR_C);
        oracle.sameError("WITH C AS (SELECT * FROM c) SELECT * FROM c", "circular reference: C"); // the CTE's own spelling
        oracle.sameError("WITH c AS (SELECT 1 FROM t1 WHERE EXISTS (SELECT * FROM c)) SELECT * FROM c", CIRCULAR_C);
        oracle.sameError("WITH c AS (SELECT 1 FROM t1 WHERE a IN c) SELECT * FROM c", CIRCULAR_C);
        oracle.sameError("WITH c AS (SELECT (SELECT count(*) FROM c)) SELECT * FROM c", CIRCULAR_C);
        oracle.sameError("WITH c AS (SELECT * FROM (SELECT * FROM c)) SELECT * FROM c", CIRCULAR_C);
        oracle.sameError("WITH c AS (SELECT * FROM t1 JOIN (t2 JOIN c)) SELECT * FROM c", CIRCULAR_C);
        // wherever the statement reads it
        oracle.sameError("WITH c AS (SELECT * FROM c) SELECT (SELECT * FROM c)", CIRCULAR_C);
        oracle.sameError("WITH c AS (SELECT * FROM c) SELECT * FROM t1 WHERE a IN c", CIRCULAR_C);
        oracle.sameError("WITH c AS (SELECT * FROM c) SELECT * FROM t1 WHERE a IN (SELECT * FROM c)", CIRCULAR_C);
        // an inner WITH's c reads itself, not the outer c
        oracle.sameError("WITH c AS (SELECT 1) SELECT * FROM (WITH c AS (SELECT * FROM c) SELECT * FROM c)",
                CIRCULAR_C);
    }

    @Test
    void ctesReadingEachOtherAreCircular() {
        oracle.sameError("WITH a AS (SELECT * FROM b), b AS (SELECT * FROM a) SELECT * FROM a",
                "circular reference: a");
        oracle.sameError("WITH a AS (SELECT * FROM b), b AS (SELECT * FROM a) SELECT * FROM b",
                "circular reference: b");
        oracle.sameError("WITH a AS (SELECT * FROM b), b AS (SELECT * FROM c), c AS (SELECT * FROM a) SELECT * FROM b",
                "circular reference: b");
        oracle.sameError("WITH a AS (SELECT 1 FROM t1 WHERE EXISTS (SELECT * FROM b)), b AS (SELECT * FROM a) SELECT * FROM a",
                "circular reference: a");
    }

    @Test
    void aRecursiveCtesInitialSelectMayNotReadIt() {
        oracle.sameError("WITH RECURSIVE c(x) AS (SELECT x FROM c UNION ALL SELECT 1) SELECT * FROM c", CIRCULAR_C);
        oracle.sameError("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT (SELECT x + 1 FROM c) WHERE 0) SELECT * FROM c",
                CIRCULAR_C);
        oracle.sameError("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL VALUES ((SELECT 1 FROM c))) SELECT * FROM c",
                CIRCULAR_C);
        // recursive arms are the last ones, joined by the last operator, naming c in their own FROM clause
        oracle.sameError("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 3 UNION ALL SELECT 5)"
                + " SELECT * FROM c", CIRCULAR_C);
        oracle.sameError("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 3 UNION SELECT 5)"
                + " SELECT * FROM c", CIRCULAR_C);
        oracle.sameError("WITH RECURSIVE c(x) AS (SELECT 1 UNION SELECT x FROM c UNION ALL SELECT x + 1 FROM c WHERE x < 3)"
                + " SELECT * FROM c", CIRCULAR_C);
        oracle.sameError("WITH RECURSIVE c(x) AS (SELECT 1 EXCEPT SELECT x FROM c) SELECT * FROM c", CIRCULAR_C);
        oracle.sameError("WITH RECURSIVE c(x) AS (SELECT 1 INTERSECT SELECT x FROM c) SELECT * FROM c", CIRCULAR_C);
        oracle.sameError("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM (SELECT * FROM c) WHERE x < 3)"
                + " SELECT * FROM c", CIRCULAR_C);
        oracle.sameError("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM t1 JOIN (t2 JOIN c) WHERE x < 3)"
                + " SELECT * FROM c", CIRCULAR_C);
        oracle.sameError("WITH RECURSIVE c(x) AS (SELECT * FROM (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 3))"
                + " SELECT * FROM c", CIRCULAR_C);
    }

    @Test
    void aRecursiveSelectReadsItsCteOnceInItsFromClause() {
        oracle.sameError("WITH c AS (SELECT 1 UNION ALL SELECT 1 FROM c, c) SELECT * FROM c", TWICE_C);
        oracle.sameError("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c JOIN c AS d USING (x)) SELECT * FROM c",
                TWICE_C);
        oracle.sameError("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 3"
                + " UNION ALL SELECT x + 1 FROM c, c AS d) SELECT * FROM c", TWICE_C);
        // any other reference while its recursive SELECTs expand
        oracle.sameError("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < (SELECT max(x) FROM c))"
                + " SELECT * FROM c", MULTIPLE_C);
        oracle.sameError("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x IN c) SELECT * FROM c",
                MULTIPLE_C);
        oracle.sameError("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT c.x + 1 FROM c, (t2 JOIN c AS cc) WHERE c.x < 3)"
                + " SELECT * FROM c", MULTIPLE_C);
        oracle.sameError("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c, d WHERE x < 3), d AS (SELECT * FROM c)"
                + " SELECT * FROM c", MULTIPLE_C);
        oracle.sameError("WITH RECURSIVE c(x) AS (WITH d AS (SELECT * FROM c) SELECT 1 UNION ALL SELECT c.x + 1 FROM c, d"
                + " WHERE c.x < 3) SELECT * FROM c", MULTIPLE_C);
    }

    @Test
    void afterAnErrorInTheRecursiveSelectsTheFromClauseGoesOn() {
        // SQLite ignores what that walk returns: the FROM clause's later terms are looked up, a CTE then as a table
        String bad = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < (SELECT max(x) FROM c))";
        oracle.sameError(bad + " SELECT * FROM c, t1", MULTIPLE_C);
        oracle.sameError(bad + " SELECT * FROM c, nosuch", "no such table: nosuch");
        oracle.sameError(bad + " SELECT * FROM c AS p, c AS q", "no such table: c");
        oracle.sameError(bad + " SELECT nosuchcol FROM c", MULTIPLE_C);
    }

    @Test
    void aCtesErrorComesInTheOrderOfSqlitesExpansion() {
        oracle.sameError("WITH c AS (SELECT * FROM c) SELECT * FROM nosuch, c", "no such table: nosuch");
        oracle.sameError("WITH c AS (SELECT * FROM c) SELECT * FROM c, nosuch", CIRCULAR_C);
        oracle.sameError("WITH c AS (SELECT * FROM c) SELECT nosuchcol FROM c", CIRCULAR_C);
        oracle.sameError("WITH c AS (SELECT * FROM c) SELECT a GLOB b ESCAPE 'x', (SELECT * FROM c) FROM t1",
                CIRCULAR_C);
        // once an error is recorded SQLite looks no CTE up: its name is a table's then
        oracle.sameError("WITH c AS (SELECT 1 AS x) SELECT *, (SELECT * FROM c)", "no such table: c");
        oracle.sameError("WITH c AS (SELECT 1 AS x) SELECT nosuch.*, (SELECT * FROM c) FROM t1", "no such table: c");
        // a CTE is looked up before a table-valued function, and takes no INDEXED BY
        oracle.sameError("WITH c AS (SELECT 1) SELECT * FROM c(1)", "'c' is not a function");
        oracle.sameError("WITH c AS (SELECT 1) SELECT * FROM t1 WHERE a IN c(1)", "'c' is not a function");
        oracle.sameError("WITH c AS (SELECT * FROM c(1)) SELECT * FROM c", CIRCULAR_C);
        oracle.sameError("WITH c(x) AS (SELECT 1) SELECT * FROM c INDEXED BY t1a", "no such index: \"t1a\"");
        oracle.sameError("WITH RECURSIVE " + COUNT + " SELECT * FROM c INDEXED BY t1a", "no such index: \"t1a\"");
        oracle.sameError("WITH RECURSIVE c(x, y) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 3) SELECT * FROM c",
                "table c has 1 values for 2 columns");
        oracle.sameError("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1, 2 FROM c WHERE x < 3) SELECT * FROM c",
                "SELECTs to the left and right of UNION ALL do not have the same number of result columns");
    }

    @Test
    void aCircularCteFailsInEveryStatement() {
        String c = "WITH c AS (SELECT * FROM c) ";
        oracle.sameError(c + "DELETE FROM t1 WHERE a IN c", CIRCULAR_C);
        oracle.sameError(c + "DELETE FROM t1 WHERE a IN (SELECT * FROM c)", CIRCULAR_C);
        oracle.sameError(c + "INSERT INTO t1 SELECT * FROM c", CIRCULAR_C);
        oracle.sameError(c + "INSERT INTO t1 VALUES ((SELECT * FROM c), 1)", CIRCULAR_C);
        oracle.sameError(c + "UPDATE t1 SET a = (SELECT * FROM c)", CIRCULAR_C);
        oracle.sameError(c + "UPDATE t1 SET a = 1 FROM c", CIRCULAR_C);
        oracle.sameError(c + "UPDATE t1 SET a = 1 WHERE a IN c", CIRCULAR_C);
        oracle.sameError("CREATE TABLE tt AS " + c + "SELECT * FROM c", CIRCULAR_C);
        oracle.sameError(c + "DELETE FROM t1 RETURNING (SELECT * FROM c)", CIRCULAR_C);
        oracle.sameError(c + "UPDATE t1 SET a = 1 RETURNING (SELECT * FROM c)", CIRCULAR_C);
        oracle.sameError("DELETE FROM t1 RETURNING (WITH c AS (SELECT * FROM c) SELECT * FROM c)", CIRCULAR_C);
        oracle.sameError("WITH c AS (SELECT 1), d AS (SELECT * FROM d) DELETE FROM t1 RETURNING (SELECT * FROM c),"
                + " (SELECT * FROM d)", "circular reference: d");
        // a CTE the statement does not read is never expanded
        oracle.sameRows(c + "SELECT 1");
    }

    @Test
    void aViewOrTriggerWithACircularCteFailsWhereItIsUsed() {
        oracle.both("CREATE VIEW vc AS WITH c AS (SELECT * FROM c) SELECT * FROM c");
        oracle.sameError("SELECT * FROM vc", CIRCULAR_C);
        oracle.sameError("ALTER TABLE t2 RENAME TO t22", "error in view vc: circular reference: c");
        oracle.both("DROP VIEW vc");
        oracle.both("CREATE VIEW vr AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c"
                + " WHERE x < (SELECT 2 FROM c)) SELECT * FROM c");
        oracle.sameError("SELECT * FROM vr", MULTIPLE_C);
        oracle.both("DROP VIEW vr");
        oracle.both("CREATE TRIGGER tr AFTER INSERT ON t1 BEGIN"
                + " INSERT INTO t2 SELECT * FROM (WITH c AS (SELECT * FROM c) SELECT * FROM c); END");
        oracle.sameError("INSERT INTO t1 VALUES (3, 'z')", CIRCULAR_C);
    }

    @Test
    void aCtesSelectSeesOnlyTheCtesAroundIt() {
        // not those of the query reading it: b is no CTE where a is written
        oracle.sameError("WITH a AS (SELECT * FROM b) SELECT * FROM (WITH b AS (SELECT * FROM a) SELECT * FROM b)",
                "no such table: b");
        oracle.sameRows("WITH a AS (SELECT * FROM t2) SELECT * FROM (WITH t2 AS (SELECT 7, 8) SELECT * FROM a)");
        // its siblings, later ones too
        oracle.sameRows("WITH a AS (SELECT * FROM b), b AS (SELECT 1 AS x) SELECT * FROM a");
        // a view sees none of the statement's
        oracle.sameRows("WITH t1 AS (SELECT 5 AS a, 6 AS b) SELECT * FROM v1");
        oracle.sameRows("WITH t1 AS (SELECT * FROM v1) SELECT * FROM t1");
        oracle.sameRows("WITH RECURSIVE t1(a, b) AS (SELECT 1, 2 UNION ALL SELECT a + 1, b FROM t1 WHERE a < 3)"
                + " SELECT * FROM v1");
    }

    @Test
    void recursiveCtesSqliteAcceptsStillWork() {
        oracle.sameRows("WITH RECURSIVE " + COUNT + " SELECT * FROM c");
        oracle.sameRows("WITH " + COUNT + " SELECT * FROM c"); // no RECURSIVE keyword needed
        oracle.sameRows("WITH RECURSIVE " + COUNT + " SELECT * FROM c AS p, c AS q");
        oracle.sameRows("WITH RECURSIVE " + COUNT + ", d AS (SELECT * FROM c) SELECT * FROM d");
        oracle.sameRows("WITH RECURSIVE " + COUNT + ", d(y) AS (SELECT x * 10 FROM c UNION ALL SELECT y + 1 FROM d WHERE y < 12)"
                + " SELECT * FROM d");
        oracle.sameRows("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c, d WHERE x < 3), d AS (SELECT 1)"
                + " SELECT * FROM c");
        oracle.sameRows("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 3"
                + " UNION ALL SELECT x + 10 FROM c WHERE x < 3) SELECT * FROM c");
        oracle.sameRows("WITH RECURSIVE c(x) AS (SELECT 1 UNION SELECT x + 1 FROM c WHERE x < 3) SELECT * FROM c");
        oracle.sameRows("WITH RECURSIVE c(x) AS (VALUES (1), (2) UNION ALL SELECT x + 1 FROM c WHERE x < 3) SELECT * FROM c");
        oracle.sameRows("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 5) SELECT * FROM c");
        oracle.sameRows("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM t1 LEFT JOIN c WHERE x < 3)"
                + " SELECT * FROM c");
        oracle.sameRows("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + a FROM c JOIN t1 ON a = x WHERE x < 9)"
                + " SELECT * FROM c");
        // its own WITH clause, and an inner CTE of its name, in its recursive SELECT
        oracle.sameRows("WITH RECURSIVE c(x) AS (WITH d AS (SELECT 2 AS y) SELECT y FROM d"
                + " UNION ALL SELECT x + 1 FROM c, d WHERE x < 4) SELECT * FROM c");
        oracle.sameRows("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c"
                + " WHERE x < 3 AND (WITH c AS (SELECT 5) SELECT * FROM c)) SELECT * FROM c");
        oracle.sameRows("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 3 AND EXISTS"
                + " (WITH RECURSIVE c(y) AS (SELECT 1 UNION ALL SELECT y + 1 FROM c WHERE y < 2) SELECT * FROM c))"
                + " SELECT * FROM c");
        // a window function outside the last recursive SELECT, and a subquery of another table
        oracle.sameRows("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + row_number() OVER () FROM c WHERE x < 3"
                + " UNION ALL SELECT x + 10 FROM c WHERE x < 3) SELECT * FROM c");
        oracle.sameRows("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT (SELECT count(*) FROM t1) + x FROM c WHERE x < 3)"
                + " SELECT * FROM c");
        oracle.sameRows("WITH RECURSIVE " + COUNT + " SELECT * FROM t1 WHERE a IN c");
        oracle.sameRows("WITH RECURSIVE " + COUNT + " SELECT (SELECT max(x) FROM c), (SELECT count(*) FROM c)");
    }

    @Test
    void recursiveCtesInStatementsAndViewsStillWork() {
        oracle.both("CREATE VIEW vr AS WITH RECURSIVE " + COUNT + " SELECT * FROM c");
        oracle.sameRows("SELECT * FROM vr");
        oracle.both("WITH RECURSIVE " + COUNT + " INSERT INTO t2 SELECT x, x FROM c");
        oracle.both("WITH RECURSIVE " + COUNT + " UPDATE t1 SET b = (SELECT max(x) FROM c) WHERE a IN c");
        oracle.both("WITH RECURSIVE " + COUNT + " DELETE FROM t2 WHERE c IN c AND c > 1");
        oracle.sameRows("SELECT * FROM t1");
        oracle.sameRows("SELECT * FROM t2");
        oracle.both("CREATE TRIGGER tr AFTER INSERT ON t1 BEGIN INSERT INTO t2 SELECT x, new.a FROM"
                + " (WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < new.a) SELECT * FROM c); END");
        oracle.both("INSERT INTO t1 VALUES (3, 'z')");
        oracle.sameRows("SELECT * FROM t2");
    }
}
