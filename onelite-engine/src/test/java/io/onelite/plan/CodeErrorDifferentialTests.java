package io.onelite.plan;

import io.onelite.api.Database;
import io.onelite.api.DatabaseOptions;
import io.onelite.api.Session;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

import static org.assertj.core.api.Assertions.assertThat;

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
    private static final String AGGREGATE = "recursive aggregate queries not supported";
    private static final String WINDOW = "cannot use window functions in recursive queries";
    private static final String NOSUCHCOL = "no such column: nosuchcol";

    private Database db;
    private Session session;
    private Connection sqlite;

    @BeforeEach
    void open() throws SQLException {
        db = Database.open(":memory:", DatabaseOptions.DEFAULTS);
        session = db.openSession();
        sqlite = DriverManager.getConnection("jdbc:sqlite::memory:");
        for (String sql : SETUP) {
            NativeOracle.both(session, sqlite, sql);
        }
    }

    @AfterEach
    void close() throws SQLException {
        sqlite.close();
        session.close();
        db.close();
    }

    /** Native SQLite fails {@code sql} with SQLITE_ERROR and {@code message}, and so does OneLite. */
    private void sameError(String sql, String message) {
        String expected = "1 " + message;
        assertThat(QueryOutcome.nativeSqlite(sqlite, sql).error()).as("native: " + sql).isEqualTo(expected);
        assertThat(QueryOutcome.oneLite(session, sql).error()).as(sql).isEqualTo(expected);
    }

    @Test
    void aViewOfFewerColumnsThanItsListFailsAfterTheNames() {
        sameError("SELECT nosuchcol FROM vcols", NOSUCHCOL);
        sameError("SELECT p FROM vcols WHERE nosuchcol", NOSUCHCOL);
        sameError("SELECT p FROM vcols JOIN t1 ON nosuchcol", NOSUCHCOL);
        sameError("SELECT p FROM vcols UNION SELECT nosuchcol FROM t1", NOSUCHCOL);
        sameError("SELECT (SELECT q FROM vcols) FROM t1 WHERE nosuchcol", NOSUCHCOL);
        sameError("WITH c AS (SELECT * FROM vcols) SELECT nosuchcol FROM c", NOSUCHCOL);
        sameError("DELETE FROM t1 WHERE a IN (SELECT p FROM vcols) AND nosuchcol", NOSUCHCOL);
        sameError("UPDATE t1 SET b = 1 FROM vcols WHERE nosuchcol", NOSUCHCOL);
        sameError("INSERT INTO t1 SELECT p, nosuchcol FROM vcols", NOSUCHCOL);
        // alone, it is the error; the column list names the columns meanwhile
        sameError("SELECT p FROM vcols", VCOLS);
        sameError("SELECT q FROM vcols", VCOLS);
        sameError("SELECT * FROM vcols", VCOLS);
        sameError("SELECT count(*) FROM vcols GROUP BY q", VCOLS);
        sameError("SELECT p FROM vcols v JOIN t1 ON v.q = t1.a", VCOLS);
        sameError("SELECT p FROM vcols, t1 WHERE a IN t2", VCOLS);
        sameError("DELETE FROM t1 WHERE a IN (SELECT p FROM vcols)", VCOLS);
        sameError("UPDATE t1 SET b = 1 FROM vcols", VCOLS);
        sameError("CREATE TABLE tt AS SELECT * FROM vcols", VCOLS);
    }

    @Test
    void aSubqueryOfSeveralColumnsFailsAfterTheNames() {
        sameError("SELECT nosuchcol FROM t1 WHERE a IN t2", NOSUCHCOL);
        sameError("SELECT a FROM t1 WHERE a IN (SELECT c, d FROM t2) AND nosuchcol", NOSUCHCOL);
        sameError("SELECT a FROM t1 WHERE a IN t2 ORDER BY nosuchcol", NOSUCHCOL);
        sameError("SELECT (SELECT 1, 2), nosuchcol FROM t1", NOSUCHCOL);
        sameError("SELECT nosuchcol FROM t1 WHERE (SELECT 1, 2)", NOSUCHCOL);
        sameError("SELECT nosuchcol FROM t1 WHERE (a, b) IN (SELECT 1)", NOSUCHCOL);
        sameError("DELETE FROM t1 WHERE a IN t2 AND nosuchcol", NOSUCHCOL);
        sameError("UPDATE t1 SET b = 1 WHERE a IN t2 AND nosuchcol", NOSUCHCOL);
        sameError("UPDATE t1 SET b = a IN t2 WHERE nosuchcol", NOSUCHCOL);
        // alone, it is the error
        sameError("SELECT a FROM t1 WHERE a IN t2", TWO_COLUMNS);
        sameError("SELECT a IN t2 FROM t1", TWO_COLUMNS);
        sameError("SELECT (SELECT 1, 2) FROM t1", TWO_COLUMNS);
        sameError("SELECT a FROM t1 WHERE (a, b) IN (SELECT 1)", "sub-select returns 1 columns - expected 2");
        sameError("DELETE FROM t1 WHERE a IN t2", TWO_COLUMNS);
        sameError("UPDATE t1 SET b = a IN t2", TWO_COLUMNS);
    }

    @Test
    void aRecursiveCteMayNotAggregateNorCallAWindowFunction() {
        sameError("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT count(*) FROM c) SELECT * FROM c", AGGREGATE);
        sameError("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x FROM c GROUP BY x) SELECT * FROM c", AGGREGATE);
        sameError("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 3"
                + " UNION ALL SELECT count(*) FROM c) SELECT * FROM c", AGGREGATE);
        sameError("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT count(*) FROM c"
                + " UNION ALL SELECT x + 1 FROM c WHERE x < 3) SELECT * FROM c", AGGREGATE);
        sameError("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT row_number() OVER () FROM c) SELECT * FROM c", WINDOW);
        sameError("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT max(x) OVER () FROM c WHERE x < 3) SELECT * FROM c",
                WINDOW);
        sameError("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT count(*) OVER () FROM c GROUP BY x) SELECT * FROM c",
                WINDOW);
        sameError("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 3"
                + " UNION ALL SELECT row_number() OVER () FROM c) SELECT * FROM c", WINDOW);
        // an initial SELECT may aggregate; an unknown name anywhere wins
        sameError("WITH RECURSIVE c(x) AS (SELECT count(*) FROM t1 UNION ALL SELECT x + 1 FROM c WHERE x < 4)"
                + " SELECT nosuchcol FROM c", NOSUCHCOL);
        sameError("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT count(*) FROM c) SELECT nosuchcol FROM c", NOSUCHCOL);
        sameError("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT count(*) FROM c) SELECT x FROM c WHERE nosuchcol",
                NOSUCHCOL);
        sameError("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT count(*) FROM c)"
                + " DELETE FROM t1 WHERE a IN c AND nosuchcol", NOSUCHCOL);
        sameError("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT count(*) FROM c) DELETE FROM t1 WHERE a IN c",
                AGGREGATE);
    }
}
