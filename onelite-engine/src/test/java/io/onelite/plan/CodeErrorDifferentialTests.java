package io.onelite.plan;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.SQLException;

/**
 * Errors SQLite meets only as it generates code, once every name of the statement resolved,
 * against native SQLite (sqlite-jdbc in this JVM): a view read by a column list of another
 * length than its SELECT ("expected 2 columns for 'v' but got 1", sqlite3Select), a subquery of
 * several columns where one is needed ("sub-select returns 2 columns - expected 1", as the IN or
 * value is coded), a recursive CTE's aggregate or window ("recursive aggregate queries not
 * supported", generateWithRecursiveQuery). An unknown name anywhere in the statement wins over
 * them; OneLite notes them and reports them once the statement has planned.
 */
class CodeErrorDifferentialTests {
    private static final String[] SETUP = {
        "CREATE TABLE t1(a, b)",
        "CREATE TABLE t2(c, d)",
        "CREATE VIEW vcols(p, q) AS SELECT a FROM t1",
        "INSERT INTO t1 VALUES (1, 'x'), (2, 'y')",
        "INSERT INTO t2 VALUES (1, 10)",
    };
    private static final String VCOLS = "expected 2 columns for 'vcols' but got 1";
    private static final String TWO_COLUMNS = "sub-select returns 2 columns - expected 1";
    private static final String THREE_COLUMNS = "sub-select returns 3 columns - expected 1";
    private static final String AGGREGATE = "recursive aggregate queries not supported";
    private static final String WINDOW = "cannot use window functions in recursive queries";
    private static final String NOSUCHCOL = "no such column: nosuchcol";

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
    void aViewOfFewerColumnsThanItsListFailsAfterTheNames() {
        oracle.sameError("SELECT nosuchcol FROM vcols", NOSUCHCOL);
        oracle.sameError("SELECT p FROM vcols WHERE nosuchcol", NOSUCHCOL);
        oracle.sameError("SELECT p FROM vcols JOIN t1 ON nosuchcol", NOSUCHCOL);
        oracle.sameError("SELECT p FROM vcols UNION SELECT nosuchcol FROM t1", NOSUCHCOL);
        oracle.sameError("SELECT (SELECT q FROM vcols) FROM t1 WHERE nosuchcol", NOSUCHCOL);
        oracle.sameError("WITH c AS (SELECT * FROM vcols) SELECT nosuchcol FROM c", NOSUCHCOL);
        oracle.sameError("DELETE FROM t1 WHERE a IN (SELECT p FROM vcols) AND nosuchcol", NOSUCHCOL);
        oracle.sameError("UPDATE t1 SET b = 1 FROM vcols WHERE nosuchcol", NOSUCHCOL);
        oracle.sameError("INSERT INTO t1 SELECT p, nosuchcol FROM vcols", NOSUCHCOL);
        // alone, it is the error; the column list names the columns meanwhile
        oracle.sameError("SELECT p FROM vcols", VCOLS);
        oracle.sameError("SELECT q FROM vcols", VCOLS);
        oracle.sameError("SELECT * FROM vcols", VCOLS);
        oracle.sameError("SELECT count(*) FROM vcols GROUP BY q", VCOLS);
        oracle.sameError("SELECT p FROM vcols v JOIN t1 ON v.q = t1.a", VCOLS);
        oracle.sameError("SELECT p FROM vcols, t1 WHERE a IN t2", VCOLS);
        oracle.sameError("DELETE FROM t1 WHERE a IN (SELECT p FROM vcols)", VCOLS);
        oracle.sameError("UPDATE t1 SET b = 1 FROM vcols", VCOLS);
        oracle.sameError("CREATE TABLE tt AS SELECT * FROM vcols", VCOLS);
    }

    @Test
    void aSubqueryOfSeveralColumnsFailsAfterTheNames() {
        oracle.sameError("SELECT nosuchcol FROM t1 WHERE a IN t2", NOSUCHCOL);
        oracle.sameError("SELECT a FROM t1 WHERE a IN (SELECT c, d FROM t2) AND nosuchcol", NOSUCHCOL);
        oracle.sameError("SELECT a FROM t1 WHERE a IN t2 ORDER BY nosuchcol", NOSUCHCOL);
        oracle.sameError("SELECT (SELECT 1, 2), nosuchcol FROM t1", NOSUCHCOL);
        oracle.sameError("SELECT nosuchcol FROM t1 WHERE (SELECT 1, 2)", NOSUCHCOL);
        oracle.sameError("SELECT nosuchcol FROM t1 WHERE (a, b) IN (SELECT 1)", NOSUCHCOL);
        oracle.sameError("DELETE FROM t1 WHERE a IN t2 AND nosuchcol", NOSUCHCOL);
        oracle.sameError("UPDATE t1 SET b = 1 WHERE a IN t2 AND nosuchcol", NOSUCHCOL);
        oracle.sameError("UPDATE t1 SET b = a IN t2 WHERE nosuchcol", NOSUCHCOL);
        // alone, it is the error
        oracle.sameError("SELECT a FROM t1 WHERE a IN t2", TWO_COLUMNS);
        oracle.sameError("SELECT a IN t2 FROM t1", TWO_COLUMNS);
        oracle.sameError("SELECT (SELECT 1, 2) FROM t1", TWO_COLUMNS);
        oracle.sameError("SELECT a FROM t1 WHERE (a, b) IN (SELECT 1)", "sub-select returns 1 columns - expected 2");
        oracle.sameError("DELETE FROM t1 WHERE a IN t2", TWO_COLUMNS);
        oracle.sameError("UPDATE t1 SET b = a IN t2", TWO_COLUMNS);
    }

    @Test
    void ofSeveralInTermsOfTheWrongWidthTheLastIsReported() {
        // SQLite's WHERE analysis checks the IN terms from the last, before any term is coded
        oracle.sameError("SELECT a FROM t1 WHERE a IN t2 AND a IN (SELECT c, d, c FROM t2)", THREE_COLUMNS);
        oracle.sameError("SELECT a FROM t1 WHERE a IN (SELECT c, d, c FROM t2) AND b IN t2", TWO_COLUMNS);
        oracle.sameError("SELECT a FROM t1 WHERE (SELECT 1, 2) AND a IN (SELECT 1, 2, 3)", THREE_COLUMNS);
        oracle.sameError("SELECT a FROM t1 WHERE a IN (SELECT 1, 2, 3) AND b IN (SELECT 1, 2) AND (SELECT 1, 2, 3, 4)",
                TWO_COLUMNS);
        oracle.sameError("SELECT a FROM t1 WHERE (a, b) IN (SELECT 1, 2, 3) AND b IN (SELECT 1, 2)", TWO_COLUMNS);
        oracle.sameError("SELECT a FROM t1 WHERE b IN (SELECT 1, 2) AND (a, b) IN (SELECT 1, 2, 3)",
                "sub-select returns 3 columns - expected 2");
        // an OR term's disjuncts too, from the last; not an IN under NOT or inside an expression
        oracle.sameError("SELECT a FROM t1 WHERE b IN (SELECT 1, 2) OR a IN (SELECT 1, 2, 3)", THREE_COLUMNS);
        oracle.sameError("SELECT a FROM t1 WHERE b IN (SELECT 1, 2, 3, 4) AND (b IN (SELECT 1, 2) OR a IN (SELECT 1, 2, 3))",
                THREE_COLUMNS);
        oracle.sameError("SELECT a FROM t1 WHERE b IN (SELECT 1, 2) OR (a IN (SELECT 1, 2, 3) AND b IN (SELECT 1, 2, 3, 4))",
                TWO_COLUMNS);
        oracle.sameError("SELECT a FROM t1 WHERE b IN (SELECT 1, 2) AND NOT a IN (SELECT 1, 2, 3)", TWO_COLUMNS);
        oracle.sameError("SELECT a FROM t1 WHERE b IN (SELECT 1, 2) AND a NOT IN (SELECT 1, 2, 3)", TWO_COLUMNS);
        oracle.sameError("SELECT a FROM t1 WHERE b NOT IN (SELECT 1, 2) AND a IN (SELECT 1, 2, 3)", THREE_COLUMNS);
        oracle.sameError("SELECT a FROM t1 WHERE b IN (SELECT 1, 2) OR (a IN (SELECT 1, 2, 3)) = 1", TWO_COLUMNS);
        // the ON clauses' terms come after the WHERE clause's
        oracle.sameError("SELECT a FROM t1 JOIN t2 ON c IN (SELECT 1, 2, 3) WHERE a IN (SELECT 1, 2)", THREE_COLUMNS);
        oracle.sameError("SELECT a FROM t1 JOIN t2 ON a IN (SELECT 1, 2) AND c IN (SELECT 1, 2, 3, 4) WHERE b IN (SELECT 1, 2, 3)",
                "sub-select returns 4 columns - expected 1");
        oracle.sameError("SELECT a FROM t1, t2 WHERE c IN (SELECT 1, 2) AND a IN (SELECT 1, 2, 3)", THREE_COLUMNS);
        // a clause of its own in a subquery; the result columns' after the WHERE clause's
        oracle.sameError("SELECT a FROM t1 WHERE b IN (SELECT 1, 2) AND a IN (SELECT c FROM t2 WHERE c IN (SELECT 1, 2, 3))",
                TWO_COLUMNS);
        oracle.sameError("SELECT a IN (SELECT 1, 2) FROM t1 WHERE b IN (SELECT 1, 2, 3)", THREE_COLUMNS);
        // DELETE's and UPDATE's WHERE clauses
        oracle.sameError("DELETE FROM t1 WHERE a IN t2 AND a IN (SELECT c, d, c FROM t2)", THREE_COLUMNS);
        oracle.sameError("UPDATE t1 SET b = 1 WHERE a IN t2 AND a IN (SELECT c, d, c FROM t2)", THREE_COLUMNS);
        oracle.sameError("UPDATE t1 SET b = (SELECT 1, 2, 3) WHERE b IN (SELECT 1, 2)", TWO_COLUMNS);
        oracle.sameError("UPDATE t1 SET b = 1 FROM t2 WHERE b IN (SELECT 1, 2) AND c IN (SELECT 1, 2, 3)", THREE_COLUMNS);
    }

    @Test
    void theAndTermsOfAnOrsDisjunctsAreCheckedWhileSomeTableCouldServeEachDisjunct() {
        String four = "sub-select returns 4 columns - expected 1";
        String inner = "(a IN (SELECT 1, 2) AND b IN (SELECT 1, 2, 3))";
        // after the disjuncts, SQLite splits each that is no indexable comparison into its AND terms,
        // from the first disjunct, and checks those from the last
        oracle.sameError("SELECT a FROM t1 WHERE " + inner + " OR a", THREE_COLUMNS);
        oracle.sameError("SELECT a FROM t1 WHERE " + inner + " OR (b IN (SELECT 1, 2, 3, 4) AND a)", THREE_COLUMNS);
        oracle.sameError("SELECT a FROM t1 WHERE (a IN (SELECT 1, 2) AND b) OR (b IN (SELECT 1, 2, 3) AND a IN (SELECT 1, 2, 3, 4))",
                TWO_COLUMNS);
        oracle.sameError("SELECT a FROM t1 WHERE " + inner + " OR a IN (SELECT 1, 2, 3, 4)", four);
        for (String comparison : new String[]{"a = 1", "1 = a", "a < 1", "a IS NULL", "a IS 1", "a IN (1, 2)",
                "a IN (SELECT 1)", "a = 1 COLLATE nocase", "(a = 1 AND b)", "a = b", "(a = b AND b)"}) {
            oracle.sameError("SELECT a FROM t1 WHERE " + comparison + " OR " + inner, THREE_COLUMNS);
        }
        // a disjunct no table could serve ends that walk: the AND terms past it are checked as they are coded
        for (String none : new String[]{"a + 1", "a != 1", "(a + 1 AND b)", "1 = 2", "NOT a"}) {
            oracle.sameError("SELECT a FROM t1 WHERE " + none + " OR " + inner, TWO_COLUMNS);
        }
        oracle.sameError("SELECT a FROM t1 WHERE (a + 1 AND b) OR (b IN (SELECT 1, 2, 3) AND a IN (SELECT 1, 2, 3, 4))",
                THREE_COLUMNS);
        oracle.sameError("SELECT a FROM t1 WHERE a = 1 OR " + inner + " OR (a IN (SELECT 1, 2, 3, 4) AND b IN (SELECT 1, 2, 3, 4, 5))",
                THREE_COLUMNS);
        // the tables: of a join, one that every disjunct met could serve
        oracle.sameError("SELECT a FROM t1, t2 WHERE a = 1 OR " + inner, THREE_COLUMNS);
        oracle.sameError("SELECT a FROM t1, t2 WHERE a = 1 OR c = 1 OR " + inner, TWO_COLUMNS);
        oracle.sameError("SELECT a FROM t1, t2 WHERE (a = 1 AND c = 1) OR c = 2 OR " + inner, THREE_COLUMNS);
        oracle.sameError("SELECT a FROM t1, t2 WHERE a = c OR a = 2 OR (c = 1 AND d) OR " + inner, TWO_COLUMNS);
        oracle.sameError("SELECT a FROM t1 JOIN t2 ON a = 1 OR " + inner, THREE_COLUMNS);
        // nested in an AND term of a disjunct, an OR of its own
        oracle.sameError("SELECT a FROM t1 WHERE a = 1 OR (b AND (a = 3 OR " + inner + "))", THREE_COLUMNS);
        oracle.sameError("SELECT a FROM t1 WHERE a = 1 OR (b AND (a + 3 OR " + inner + "))", TWO_COLUMNS);
        oracle.sameError("SELECT a FROM t1 WHERE a = 1 OR (b IN (SELECT 1, 2, 3) AND (a IN (SELECT 1, 2) OR b))", TWO_COLUMNS);
        // in a subquery, DELETE and UPDATE
        oracle.sameError("SELECT (SELECT 1 FROM t2 WHERE c = 1 OR (c IN (SELECT 1, 2) AND d IN (SELECT 1, 2, 3))) FROM t1",
                THREE_COLUMNS);
        oracle.sameError("DELETE FROM t1 WHERE a = 1 OR " + inner, THREE_COLUMNS);
        oracle.sameError("UPDATE t1 SET b = 1 WHERE a = 1 OR " + inner, THREE_COLUMNS);
        oracle.sameError("UPDATE t1 SET b = 1 FROM t2 WHERE c = 1 OR a = 1 OR " + inner, TWO_COLUMNS);
        oracle.sameError("UPDATE t1 SET b = 1 FROM t2 WHERE a = 1 OR " + inner, THREE_COLUMNS);
    }

    @Test
    void aRecursiveCteMayNotAggregateNorCallAWindowFunction() {
        oracle.sameError("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT count(*) FROM c) SELECT * FROM c",
                AGGREGATE);
        oracle.sameError("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x FROM c GROUP BY x) SELECT * FROM c",
                AGGREGATE);
        oracle.sameError("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 3"
                + " UNION ALL SELECT count(*) FROM c) SELECT * FROM c", AGGREGATE);
        oracle.sameError("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT count(*) FROM c"
                + " UNION ALL SELECT x + 1 FROM c WHERE x < 3) SELECT * FROM c", AGGREGATE);
        oracle.sameError("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT row_number() OVER () FROM c) SELECT * FROM c",
                WINDOW);
        oracle.sameError("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT max(x) OVER () FROM c WHERE x < 3) SELECT * FROM c",
                WINDOW);
        oracle.sameError("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT count(*) OVER () FROM c GROUP BY x) SELECT * FROM c",
                WINDOW);
        oracle.sameError("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 3"
                + " UNION ALL SELECT row_number() OVER () FROM c) SELECT * FROM c", WINDOW);
        // an initial SELECT may aggregate; an unknown name anywhere wins
        oracle.sameError("WITH RECURSIVE c(x) AS (SELECT count(*) FROM t1 UNION ALL SELECT x + 1 FROM c WHERE x < 4)"
                + " SELECT nosuchcol FROM c", NOSUCHCOL);
        oracle.sameError("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT count(*) FROM c) SELECT nosuchcol FROM c",
                NOSUCHCOL);
        oracle.sameError("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT count(*) FROM c) SELECT x FROM c WHERE nosuchcol",
                NOSUCHCOL);
        oracle.sameError("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT count(*) FROM c)"
                + " DELETE FROM t1 WHERE a IN c AND nosuchcol", NOSUCHCOL);
        oracle.sameError("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT count(*) FROM c) DELETE FROM t1 WHERE a IN c",
                AGGREGATE);
    }
}
