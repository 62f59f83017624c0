package io.onelite.jdbc;

import org.junit.jupiter.api.Test;

import java.sql.SQLException;

import static io.onelite.jdbc.WithoutRowidDifferentialTests.assertSame;

/**
 * A row value compared with a subquery of several columns compares each pair under the
 * collation of the subquery's column expression in its last SELECT (SQLite's
 * sqlite3VectorFieldSubexpr hands the comparison that expression): a NOCASE column or an explicit
 * COLLATE there counts, as the left side's own COLLATE does first. A one-column subquery
 * compares by its affinity alone. Found by the random query differential (round 4142340802223
 * query 134).
 */
class RowSubqueryCollationDifferentialTests {

    @Test
    void aRowSubquerysColumnsCompareUnderTheirCollations() throws SQLException {
        assertSame(
                "CREATE TABLE n(c TEXT COLLATE NOCASE, d)",
                "INSERT INTO n VALUES ('B', 2), ('ABC', 1)",
                "SELECT ('abc', 1) > (SELECT c, d FROM n WHERE d = 2)",
                "SELECT ('abc', 1) = (SELECT c, d FROM n WHERE d = 1)",
                "SELECT ('abc', 1) = (SELECT c || '', d FROM n WHERE d = 1)",
                "SELECT ('abc', 1) > (SELECT 'B' COLLATE NOCASE, 2)",
                "SELECT (SELECT 'abc', 1) = (SELECT c, d FROM n WHERE d = 1)",
                // the left side's COLLATE comes first; a compound's last SELECT decides
                "SELECT ('abc' COLLATE BINARY, 1) = (SELECT 'ABC' COLLATE NOCASE, 1)",
                "SELECT ('abc', 1) < (SELECT 'B' COLLATE NOCASE, 2 UNION ALL SELECT 'a', 1)",
                "SELECT ('abc', 1) = (SELECT 'ABC' COLLATE NOCASE, 1 UNION ALL SELECT 'x' COLLATE BINARY, 1)",
                // one column: by affinity, never collation
                "SELECT 'abc' > (SELECT 'B' COLLATE NOCASE)",
                "SELECT 'abc' = (SELECT c FROM n WHERE d = 1)");
    }
}
