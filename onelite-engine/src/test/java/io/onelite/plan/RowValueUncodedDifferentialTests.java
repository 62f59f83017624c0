package io.onelite.plan;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.SQLException;

/**
 * A row value where one value is needed is "row value misused" only where SQLite codes it,
 * against native SQLite (sqlite-jdbc in this JVM): not in an ORDER BY it drops (a SELECT without
 * FROM, an aggregate without GROUP BY), nor in a CHECK constraint, STORED generated column or
 * DEFAULT until a write codes it; its names resolve all the same.
 */
class RowValueUncodedDifferentialTests {
    private static final String[] SETUP = {
        "CREATE TABLE t(a, b)",
        "INSERT INTO t VALUES (1, 3), (2, 2), (3, 1)",
    };
    private static final String MISUSED = "row value misused";

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
    void anOrderByOfOneRowIsNeverCoded() {
        oracle.sameRows("SELECT 1 ORDER BY (1, 2)");
        oracle.sameRows("SELECT 1 AS x ORDER BY (x, 2) DESC");
        oracle.sameRows("SELECT 1 ORDER BY 1, (1, 2) NULLS FIRST");
        oracle.sameRows("SELECT 1 ORDER BY (SELECT 1, 2)"); // nor is its subquery's width checked
        oracle.sameRows("SELECT 1 ORDER BY abs(-9223372036854775808)"); // nor is it evaluated
        oracle.sameRows("SELECT DISTINCT 1 WHERE 1 ORDER BY (1, 2) LIMIT 1");
        oracle.sameRows("SELECT 1 WHERE 0 ORDER BY (1, 2)");
        oracle.sameRows("SELECT count(*) FROM t ORDER BY (a, b)");
        oracle.sameRows("SELECT max(a), b FROM t ORDER BY (b, 1)");
        oracle.sameRows("SELECT count(*) FROM t WHERE a > 1 ORDER BY (sum(a), 1)");
        oracle.sameRows("SELECT count(*) FROM t HAVING 1 ORDER BY (a, (SELECT 1, 2))");
        oracle.sameRows("SELECT a FROM t WHERE a = (SELECT 1 ORDER BY (1, 2))");
        oracle.sameRows("SELECT * FROM (SELECT 1 ORDER BY (1, 2)) UNION SELECT 2");
        oracle.sameRows("WITH c AS MATERIALIZED (SELECT 1 ORDER BY (1, 2)) SELECT * FROM c");
        oracle.sameEffect("INSERT INTO t SELECT 9, 9 ORDER BY (1, 2)", "t");
        // its names resolve, and an aggregate it calls is computed
        oracle.sameError("SELECT 1 ORDER BY (1, nosuch)", "no such column: nosuch");
        oracle.sameError("SELECT count(*) FROM t ORDER BY (a, nosuch)", "no such column: nosuch");
        oracle.sameError("SELECT 1 ORDER BY (1, 2, 3) = (1, 2)", MISUSED); // as it resolves
        oracle.sameError("SELECT count(*) FROM t ORDER BY (sum(9223372036854775807), 1)", "integer overflow");
    }

    @Test
    void anOrderByOfManyRowsIsCoded() {
        oracle.sameError("SELECT a FROM t ORDER BY (a, b)", MISUSED);
        oracle.sameError("SELECT a, b FROM t ORDER BY (b, a) DESC", MISUSED);
        oracle.sameError("SELECT a FROM t ORDER BY (1, 2)", MISUSED);
        oracle.sameError("SELECT 1 GROUP BY 1 ORDER BY (1, 2)", MISUSED);
        oracle.sameError("SELECT count(*) FROM t GROUP BY a ORDER BY (a, b)", MISUSED);
        oracle.sameError("SELECT x FROM (SELECT 5 AS x) ORDER BY (x, 1)", MISUSED);
        oracle.sameError("SELECT row_number() OVER () ORDER BY (1, 2)", MISUSED); // a window makes it a subquery's
        oracle.sameError("SELECT count(*) OVER () FROM t ORDER BY (a, 1)", MISUSED);
        oracle.sameError("SELECT 1 UNION SELECT 2 ORDER BY (1, 2)",
                "1st ORDER BY term does not match any column in the result set");
        // GROUP BY, PARTITION BY and a window's ORDER BY are always coded
        oracle.sameError("SELECT count(*) GROUP BY (1, 2)", MISUSED);
        oracle.sameError("SELECT a, b FROM t GROUP BY (a, b)", MISUSED);
        oracle.sameError("SELECT sum(1) OVER (PARTITION BY (1, 2))", MISUSED);
        oracle.sameError("SELECT a, row_number() OVER (ORDER BY (a, b)) FROM t", MISUSED);
    }

    @Test
    void aCheckConstraintIsCodedByTheWritesOnly() {
        oracle.both("CREATE TABLE u(a CHECK ((a, 1)), b)");
        oracle.sameRows("SELECT sql FROM sqlite_schema WHERE name = 'u'");
        oracle.sameError("INSERT INTO u VALUES (1, 1)", MISUSED);
        oracle.sameError("INSERT INTO u(b) SELECT 1 WHERE 0", MISUSED);
        oracle.sameError("UPDATE u SET a = 2 WHERE 0", MISUSED);
        oracle.both("UPDATE u SET b = a"); // an UPDATE codes the CHECKs reading what it changes
        oracle.both("DELETE FROM u");
        oracle.sameRows("SELECT * FROM u");
        oracle.sameError("CREATE TABLE u2(a CHECK ((a, nosuch)))", "no such column: nosuch");
        oracle.sameError("CREATE TABLE u3(a, CHECK ((a, 1) = 1))", MISUSED); // as it resolves
        oracle.both("CREATE TABLE u4(a, CHECK ((a, 1) = (1, 1)))");
        oracle.sameEffect("INSERT INTO u4 VALUES (1)", "u4");
    }

    @Test
    void aStoredGeneratedColumnIsCodedByTheWritesOnly() {
        oracle.both("CREATE TABLE g(a, b AS ((a, 1)) STORED)");
        oracle.sameRows("SELECT * FROM g");
        oracle.sameError("INSERT INTO g(a) VALUES (1)", MISUSED);
        oracle.sameError("UPDATE g SET a = 1", MISUSED);
        oracle.both("CREATE TABLE g2(a, b AS ((a, 1)) STORED, c)");
        oracle.sameError("UPDATE g2 SET c = 1", MISUSED); // an UPDATE computes them all
        oracle.both("DELETE FROM g");
        oracle.sameError("CREATE TABLE v(a, b AS ((a, 1)))", MISUSED); // a VIRTUAL one fails at once
    }

    @Test
    void aDefaultIsCodedOnlyForTheColumnsAnInsertLeavesOut() {
        oracle.both("CREATE TABLE d(a, b DEFAULT ((1, 2)))");
        oracle.both("INSERT INTO d VALUES (1, 1)");
        oracle.both("INSERT INTO d(b, a) SELECT 2, 2");
        oracle.sameRows("SELECT * FROM d");
        oracle.sameError("INSERT INTO d(a) VALUES (3)", MISUSED);
        oracle.sameError("INSERT INTO d(a) SELECT 1 WHERE 0", MISUSED);
        oracle.sameError("INSERT INTO d DEFAULT VALUES", MISUSED);
        oracle.both("UPDATE d SET a = 5");
        oracle.both("CREATE TABLE n(a NOT NULL DEFAULT ((1, 2)), b)");
        oracle.sameEffect("INSERT INTO n VALUES (1, 1)", "n");
        oracle.both("UPDATE n SET b = 9");
        oracle.sameError("INSERT OR REPLACE INTO n VALUES (2, 2)", MISUSED); // a NULL may take the DEFAULT
        oracle.both("CREATE TABLE n2(a NOT NULL ON CONFLICT REPLACE DEFAULT ((1, 2)), b)");
        oracle.sameError("INSERT INTO n2 VALUES (1, 1)", MISUSED);
    }

    @Test
    void indexExpressionsFailAtOnce() {
        oracle.sameError("CREATE INDEX i1 ON t(a) WHERE (a, b)", MISUSED);
        oracle.sameError("CREATE INDEX i2 ON t((a, b))", MISUSED);
    }
}
