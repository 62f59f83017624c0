package io.onelite.plan;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.SQLException;

/**
 * {@code x IN (list)} as SQLite's parser shapes it, against native SQLite (sqlite-jdbc in this
 * JVM): one subquery in the parentheses is {@code x IN (SELECT ...)}, all of its rows counting;
 * one constant is {@code x = +constant}; a row value x makes the list a VALUES; any other list
 * stays a list, whose x must be one value: a subquery x of several columns fails as "sub-select
 * returns N columns - expected 1" before a row value in the list is coded, in a WHERE term in the
 * order of SQLite's WHERE analysis. A row value in the list is misused where SQLite codes it.
 */
class InListShapeDifferentialTests {
    private static final String MISUSED = "row value misused";
    private static final String TWO_COLUMNS = "sub-select returns 2 columns - expected 1";
    private static final String THREE_COLUMNS = "sub-select returns 3 columns - expected 1";
    private static final String NOSUCHCOL = "no such column: nosuchcol";

    private MemoryOracle oracle;

    @BeforeEach
    void open() throws SQLException {
        oracle = new MemoryOracle("CREATE TABLE t(a, b)", "INSERT INTO t VALUES (1, 2), (3, 4)");
    }

    @AfterEach
    void close() throws SQLException {
        oracle.close();
    }

    @Test
    void oneSubqueryInParenthesesIsASubqueryIn() {
        oracle.sameRows("SELECT 2 IN ((SELECT 1 UNION SELECT 2)), 2 NOT IN ((SELECT 1 UNION SELECT 2))");
        oracle.sameRows("SELECT (1, 2) IN ((SELECT 3, 4 UNION ALL SELECT 1, 2))");
        oracle.sameRows("SELECT (1, 2) NOT IN ((SELECT 3, 4 UNION ALL SELECT 1, 2))");
        oracle.sameRows("SELECT (SELECT 1, 2) IN ((SELECT 1, 2)), (SELECT 1, 2) NOT IN ((SELECT 1, 2))");
        oracle.sameRows("SELECT a FROM t WHERE (SELECT 1, 2) IN ((SELECT a, b FROM t))");
        oracle.sameRows("SELECT a FROM t WHERE b IN ((SELECT b FROM t WHERE a > 1))");
        oracle.sameError("SELECT (SELECT 1, 2) IN ((SELECT 1))", "sub-select returns 1 columns - expected 2");
        oracle.sameError("SELECT 1 IN ((SELECT 1, 2))", TWO_COLUMNS);
    }

    @Test
    void aSubqueryOfSeveralColumnsInAListFailsOnItsWidth() {
        oracle.sameError("SELECT (SELECT 1, 2) IN ((1, 2), (3, 4))", TWO_COLUMNS);
        oracle.sameError("SELECT (SELECT 1, 2) NOT IN ((1, 2), (3, 4))", TWO_COLUMNS);
        oracle.sameError("SELECT (SELECT 1, 2, 3) IN ((1, 2), (3, 4), (5, 6, 7))", THREE_COLUMNS);
        oracle.sameError("SELECT ((SELECT 1, 2)) IN ((1, 2), (3, 4))", TWO_COLUMNS);
        oracle.sameError("SELECT (SELECT 1, 2) IN ((SELECT 1, 2), (3, 4))", TWO_COLUMNS);
        oracle.sameError("SELECT (SELECT 1, 2) IN (1, 2)", TWO_COLUMNS);
        oracle.sameError("SELECT a FROM t WHERE (SELECT 1, 2) IN ((1, 2), (3, 4))", TWO_COLUMNS);
        oracle.sameError("SELECT (SELECT 1, 2) IN ((1, 2), (3, 4)) FROM t", TWO_COLUMNS);
        // every name resolves first
        oracle.sameError("SELECT (SELECT 1, 2) IN ((1, 2), (3, 4)), nosuchcol", NOSUCHCOL);
        oracle.sameError("SELECT (SELECT 1, 2) IN ((1, 2), (nosuchcol, 4))", NOSUCHCOL);
        // a one-column subquery is one value: its list's row values are misused
        oracle.sameError("SELECT (SELECT 1) IN ((1, 2), (3, 4))", MISUSED);
    }

    @Test
    void oneConstantIsAComparison() {
        oracle.sameError("SELECT (SELECT 1, 2) IN (1)", MISUSED);
        oracle.sameError("SELECT (SELECT 1, 2) NOT IN (1)", MISUSED);
        oracle.sameError("SELECT (SELECT 1, 2) IN ((1, 2))", MISUSED);
        oracle.sameError("SELECT a FROM t WHERE (SELECT 1, 2) IN (1)", MISUSED);
        oracle.sameError("SELECT (SELECT 1, 2) IN (1), nosuchcol", MISUSED); // as it resolves
        for (String constant : new String[]{"?1", "abs(1)", "true", "-1", "(1)", "1 COLLATE nocase", "x'01'",
                "CAST(1 AS TEXT)", "CASE WHEN 1 THEN 2 END", "1 + 1", "NULL"}) {
            oracle.sameError("SELECT (SELECT 1, 2) IN (" + constant + ")", MISUSED);
        }
        // not constant to the parser: a list of one
        oracle.sameError("SELECT (SELECT 1, 2) IN (random())", TWO_COLUMNS);
        oracle.sameError("SELECT (SELECT 1, 2) IN (EXISTS (SELECT 1))", TWO_COLUMNS);
        oracle.sameError("SELECT (SELECT 1, 2) IN (a) FROM t", TWO_COLUMNS);
        oracle.sameRows("SELECT (SELECT 1, 2) = (1, 2), (1, 2) IN ((SELECT 1, 2))");
    }

    @Test
    void widthsOfInTermsFailInTheOrderOfWhereAnalysis() {
        oracle.sameError("SELECT 1 WHERE 1 IN (SELECT 1, 2) AND (SELECT 1, 2, 3) IN (1, 2)", THREE_COLUMNS);
        oracle.sameError("SELECT 1 WHERE (SELECT 1, 2, 3) IN (1, 2) AND 1 IN (SELECT 1, 2)", TWO_COLUMNS);
        oracle.sameError("SELECT 1 WHERE (SELECT 1, 2, 3) IN (1, 2) AND (SELECT 1, 2) IN (3, 4)", TWO_COLUMNS);
        oracle.sameError("SELECT 1 WHERE (SELECT 1, 2, 3) IN (1, 2) OR (SELECT 1, 2) IN (3, 4)", TWO_COLUMNS);
        oracle.sameError("SELECT 1 WHERE (SELECT 1, 2, 3) NOT IN (1, 2) AND (SELECT 1, 2) IN (3, 4)", TWO_COLUMNS);
        oracle.sameError("SELECT 1 WHERE (SELECT 1, 2, 3) IN (1, 2) AND (SELECT 1, 2) NOT IN (3, 4)", THREE_COLUMNS);
        oracle.sameError("SELECT 1 WHERE 1 IN (SELECT 1, 2) AND (SELECT 1, 2, 3) IN ((1, 2), (3, 4))", THREE_COLUMNS);
        oracle.sameError("SELECT 1 WHERE (SELECT 1, 2) + 1 AND (SELECT 1, 2, 3) IN (1, 2)", THREE_COLUMNS);
    }

    @Test
    void aRowValueInAListIsMisusedWhereSqliteCodesIt() {
        oracle.sameError("SELECT 1 IN ((1, 2), (3, 4))", MISUSED);
        oracle.sameError("SELECT 1 IN ((1, 2), (3, 4)), nosuchcol", NOSUCHCOL);
        oracle.sameError("SELECT 1 IN ((1, 2), (3, 4), (5, 6)), nosuchcol", NOSUCHCOL);
        // a list of two constants is coded last, not after another error
        oracle.sameError("SELECT 1 IN ((1, 2), (3, 4)), (SELECT 1, 2, 3) IN (1, 2)", THREE_COLUMNS);
        oracle.sameError("SELECT (SELECT 1, 2, 3), a IN ((3, 4), (1, 2)) FROM t", THREE_COLUMNS);
        oracle.sameError("SELECT a FROM t WHERE a IN ((3, 4), (1, 2)) AND (SELECT 1, 2, 3)", THREE_COLUMNS);
        oracle.sameError("SELECT 1 IN ((1, 2), (SELECT 1, 2, 3))", THREE_COLUMNS);
        // a longer list of constants, or a row value that is not constant, is coded in place: its message wins
        oracle.sameError("SELECT (SELECT 1, 2, 3) IN (1, 2), 1 IN ((1, 2), (3, 4), (5, 6))", MISUSED);
        oracle.sameError("SELECT 1 IN ((1, 2), (3, 4), (5, 6)), (SELECT 1, 2, 3)", MISUSED);
        oracle.sameError("SELECT (SELECT 1, 2, 3), a IN ((3, 4), (a, 2)) FROM t", MISUSED);
        oracle.sameError("SELECT a IN ((a, 2), (3, 4)), (SELECT 1, 2, 3) FROM t", MISUSED);
        // a row value where a value is needed is misused as it is coded too
        oracle.sameError("SELECT (1, 2), nosuchcol", NOSUCHCOL);
        oracle.sameError("SELECT (1, 2), (SELECT 1, 2, 3)", MISUSED);
        oracle.sameError("SELECT (SELECT 1, 2, 3), (1, 2)", MISUSED);
        oracle.sameError("SELECT 1 WHERE (1, 2) AND nosuchcol", NOSUCHCOL);
    }
}
