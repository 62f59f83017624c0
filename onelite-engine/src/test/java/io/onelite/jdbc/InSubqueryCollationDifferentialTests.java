package io.onelite.jdbc;

import org.junit.jupiter.api.Test;

import java.sql.SQLException;

import static io.onelite.jdbc.WithoutRowidDifferentialTests.assertSame;

/**
 * The collation of {@code x IN (SELECT y ...)}: a COLLATE on the subquery's column decides, as
 * in {@code x = y}, unless SQLite reads the IN through an index on x (x a column of the query's
 * table in WHERE with an index starting with it, the IN a term of the WHERE, not under OR, NOT
 * or CASE), where the index's collation, x's own, decides.
 */
class InSubqueryCollationDifferentialTests {

    @Test
    void aCollateOnTheSubquerysColumnDecidesUnlessAnIndexOnTheLeftIsRead() throws SQLException {
        assertSame(
                "CREATE TABLE t3(id INTEGER PRIMARY KEY, v)",
                "INSERT INTO t3 VALUES (1, 'ABC'), (2, 'abc')",
                "CREATE TABLE t1(b TEXT)",
                "INSERT INTO t1 VALUES ('Abc')",
                "SELECT id FROM t3 WHERE v IN (SELECT b COLLATE NOCASE FROM t1) ORDER BY id",
                "SELECT id FROM t3 WHERE v IN (SELECT lower(b COLLATE NOCASE) FROM t1) ORDER BY id",
                "SELECT id FROM t3 WHERE v IN (SELECT CASE b COLLATE NOCASE WHEN 'x' THEN 1 ELSE b END FROM t1) ORDER BY id",
                "SELECT id FROM t3 WHERE v IN (SELECT 'x' UNION SELECT b COLLATE NOCASE FROM t1) ORDER BY id",
                "SELECT id FROM t3 WHERE v IN (SELECT b COLLATE NOCASE FROM t1 UNION SELECT 'x') ORDER BY id",
                "SELECT id FROM t3 WHERE v IN (SELECT s FROM (SELECT b COLLATE NOCASE AS s FROM t1)) ORDER BY id",
                "SELECT id FROM t3 WHERE v COLLATE BINARY IN (SELECT b COLLATE NOCASE FROM t1) ORDER BY id",
                "SELECT id FROM t3 WHERE (v, id) IN (SELECT b COLLATE NOCASE, 1 FROM t1) ORDER BY id",
                "SELECT id, v IN (SELECT b COLLATE NOCASE FROM t1) FROM t3 ORDER BY id",
                "CREATE INDEX t3v ON t3(v)",
                "SELECT id FROM t3 WHERE v IN (SELECT b COLLATE NOCASE FROM t1) ORDER BY id",
                "SELECT id FROM t3 WHERE +v IN (SELECT b COLLATE NOCASE FROM t1) ORDER BY id",
                // an IN under OR, NOT or CASE is no term of the WHERE: it is evaluated, not read
                // through the index, and the COLLATE decides (random differential, 57000056 q172)
                "SELECT id FROM t3 WHERE v IN (SELECT b COLLATE NOCASE FROM t1) OR id > id ORDER BY id",
                "SELECT id FROM t3 WHERE NOT NOT v IN (SELECT b COLLATE NOCASE FROM t1) ORDER BY id",
                "SELECT id FROM t3 WHERE CASE WHEN v IN (SELECT b COLLATE NOCASE FROM t1) THEN 1 END ORDER BY id",
                "SELECT id FROM t3 WHERE (v IN (SELECT b COLLATE NOCASE FROM t1)) = 1 ORDER BY id",
                "SELECT id FROM t3 WHERE id > 0 AND v IN (SELECT b COLLATE NOCASE FROM t1) AND id < 9 ORDER BY id",
                "SELECT t3.id FROM t3 JOIN t1 ON t1.b <> 'q' AND t3.v IN (SELECT b COLLATE NOCASE FROM t1) ORDER BY 1",
                "SELECT id, v IN (SELECT b COLLATE NOCASE FROM t1) FROM t3 ORDER BY id",
                "CREATE TABLE w(id INTEGER PRIMARY KEY, k TEXT COLLATE NOCASE)",
                "INSERT INTO w VALUES (1, 'ABC'), (2, 'abc'), (3, 'x')",
                "SELECT id FROM w WHERE k IN (SELECT b COLLATE BINARY FROM t1) ORDER BY id",
                "CREATE INDEX wk ON w(k)",
                "SELECT id FROM w WHERE k IN (SELECT b COLLATE BINARY FROM t1) ORDER BY id",
                "SELECT id FROM w WHERE k IN (SELECT b FROM t1) ORDER BY id");
    }

    /**
     * SQLite lets no WHERE term look up a table of an outer join that the WHERE clause left one
     * (the right of a LEFT JOIN, either side of a RIGHT JOIN, both of a FULL JOIN), nor an outer
     * join's ON term any other table than the one it joins: such an IN is evaluated, and the
     * COLLATE decides (random differential, 195000000 q176 and 195000071 q74).
     */
    @Test
    void anOuterJoinedTablesIndexIsReadOnlyByItsOwnOnTerm() throws SQLException {
        assertSame(
                "CREATE TABLE t3(id INTEGER PRIMARY KEY, k TEXT COLLATE RTRIM) WITHOUT ROWID",
                "CREATE TABLE t1(id INTEGER PRIMARY KEY, a)",
                "CREATE TABLE t2(id INTEGER PRIMARY KEY, x)",
                "INSERT INTO t1 VALUES (1, 1)",
                "INSERT INTO t2 VALUES (9, 1)",
                "INSERT INTO t3 VALUES (9, 'B')",
                "CREATE INDEX t3k ON t3(k)",
                "SELECT t3.id FROM t3 WHERE t3.k IN (SELECT 'b' COLLATE NOCASE FROM t1)",
                "SELECT t2.id, t3.id FROM t2 FULL JOIN t3 ON t2.id = t3.id WHERE t3.k IN (SELECT 'b' COLLATE NOCASE FROM t1)",
                "SELECT t2.id, t3.id FROM t2 LEFT JOIN t3 ON t2.id = t3.id WHERE t3.k IN (SELECT 'b' COLLATE NOCASE FROM t1)",
                "SELECT t2.id, t3.id FROM t2 RIGHT JOIN t3 ON t2.id = t3.id WHERE t3.k IN (SELECT 'b' COLLATE NOCASE FROM t1)",
                "SELECT t2.id, t3.id FROM t3 RIGHT JOIN t2 ON 1 WHERE t3.k IN (SELECT 'b' COLLATE NOCASE FROM t1)",
                "SELECT t2.id, t3.id FROM t3 LEFT JOIN t2 ON t3.k IN (SELECT 'b' COLLATE NOCASE FROM t1)",
                "SELECT t2.id, t3.id FROM t2 LEFT JOIN t3 ON t2.id = t3.id JOIN t1 ON 1 WHERE t3.k IN (SELECT 'b' COLLATE NOCASE FROM t1) AND t1.a > 0",
                "SELECT t2.id, t3.id FROM t2 LEFT JOIN (t1 JOIN t3 ON 1) ON 1 WHERE t3.k IN (SELECT 'b' COLLATE NOCASE FROM t1)",
                // its own ON term, or a WHERE that made the join an inner one, reads the index
                "SELECT t2.id, t3.id FROM t2 LEFT JOIN t3 ON t3.k IN (SELECT 'b' COLLATE NOCASE FROM t1)",
                "SELECT t2.id, t3.id FROM t2 RIGHT JOIN t3 ON t3.k IN (SELECT 'b' COLLATE NOCASE FROM t1)",
                "SELECT t2.id, t3.id FROM t3 LEFT JOIN t2 ON 1 WHERE t3.k IN (SELECT 'b' COLLATE NOCASE FROM t1)",
                "SELECT t2.id, t3.id FROM t2 LEFT JOIN t3 ON t2.id = t3.id WHERE t3.k IN (SELECT 'b' COLLATE NOCASE FROM t1) AND t3.id > 0",
                "SELECT t2.id, t3.id FROM t2 FULL JOIN t3 ON t2.id = t3.id WHERE t3.k IN (SELECT 'b' COLLATE NOCASE FROM t1) AND t3.id > 0 AND t2.id > 0",
                "SELECT t2.id, t3.id FROM t2 LEFT JOIN t1 ON 1 JOIN t3 ON 1 WHERE t3.k IN (SELECT 'b' COLLATE NOCASE FROM t1)");
    }
}
