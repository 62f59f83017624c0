package io.onelite.jdbc;

import org.junit.jupiter.api.Test;

import java.sql.SQLException;

import static io.onelite.jdbc.WithoutRowidDifferentialTests.assertSame;

/**
 * The rowid and an INTEGER PRIMARY KEY (SQLite reads it as the rowid) have no collation, where any
 * other column has its declared one or BINARY: so in a compound the next arm's column collation
 * decides how UNION compares. Found by the random query differential (round 4107267288047 query 133).
 */
class RowidCollationDifferentialTests {

    @Test
    void aRowidColumnLeavesTheCompoundsCollationToTheNextArm() throws SQLException {
        assertSame(
                "CREATE TABLE a(id INTEGER PRIMARY KEY, x TEXT, r INTEGER)",
                "CREATE TABLE b(k TEXT COLLATE RTRIM)",
                "CREATE TABLE c(id INTEGER PRIMARY KEY COLLATE NOCASE, t TEXT)",
                "INSERT INTO a VALUES (1, 'q', 5)",
                "INSERT INTO b VALUES ('abc'), ('abc ')",
                "INSERT INTO c VALUES (1, 'ABC ')",
                "SELECT count(*) FROM (SELECT id FROM a UNION SELECT k FROM b)",
                "SELECT count(*) FROM (SELECT rowid FROM a UNION SELECT k FROM b)",
                "SELECT count(*) FROM (SELECT +id FROM a UNION SELECT k FROM b)",
                "SELECT count(*) FROM (SELECT id FROM c UNION SELECT k FROM b UNION SELECT t FROM c)",
                // other columns have BINARY, which decides
                "SELECT count(*) FROM (SELECT x FROM a UNION SELECT k FROM b)",
                "SELECT count(*) FROM (SELECT r FROM a UNION SELECT k FROM b)",
                "SELECT id FROM a UNION SELECT k FROM b ORDER BY 1");
    }
}
