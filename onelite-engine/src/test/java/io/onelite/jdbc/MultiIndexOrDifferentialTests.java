package io.onelite.jdbc;

import org.junit.jupiter.api.Test;

import java.sql.SQLException;
import java.util.List;

import static io.onelite.jdbc.WithoutRowidDifferentialTests.assertSame;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code a OR b}: where each branch can be looked up (rowid or index), the table is read through
 * those lookups, a row found by two of them coming once (SQLite's MULTI-INDEX OR); equalities on
 * one column become one IN lookup (SQLite's OR-to-IN). Rows, plans, and the order an UPDATE
 * writes in stay SQLite's.
 */
class MultiIndexOrDifferentialTests {
    private static final String[] SCHEMA = {
        "CREATE TABLE t(id INTEGER PRIMARY KEY, k INT, s TEXT, u)",
        "CREATE INDEX tk ON t(k)",
        "CREATE INDEX ts ON t(s)",
        "CREATE INDEX tks ON t(k, s)",
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 60)"
                + " INSERT INTO t SELECT i, i % 7, CASE WHEN i % 5 = 0 THEN NULL ELSE 's' || (i % 11) END, i * 3 FROM n",
        "INSERT INTO t VALUES (100, '3', 's3', NULL), (101, 3.0, 'S3', 'x'), (102, NULL, NULL, NULL)",
        "CREATE TABLE o(id INTEGER PRIMARY KEY, x, y)",
        "INSERT INTO o VALUES (1, 3, 10), (2, 5, 44), (3, NULL, 100), (4, '3', 7)",
    };

    @Test
    void rowsFoundThroughEachBranchComeOnce() throws SQLException {
        assertSame(concat(SCHEMA,
                "SELECT id FROM t WHERE k = 3 OR id = 10 ORDER BY id",
                "SELECT id FROM t WHERE k = 3 OR id = 10 OR s = 's4' ORDER BY id",
                "SELECT id FROM t WHERE k = 3 OR k = 4 ORDER BY id",
                "SELECT id FROM t WHERE id = 3 OR id = 44 OR id = 3 OR id = '7' ORDER BY id",
                "SELECT id FROM t WHERE k = 3 OR id BETWEEN 20 AND 25 ORDER BY id",
                "SELECT id FROM t WHERE (k = 3 AND s = 's3') OR id > 55 OR s IN ('s1', 's2') ORDER BY id",
                "SELECT id FROM t WHERE k = '3' OR s = 3 ORDER BY id",
                "SELECT id FROM t WHERE k IS NULL OR id = 4 ORDER BY id",
                "SELECT id FROM t WHERE k = NULL OR id = 4 ORDER BY id",
                "SELECT id FROM t WHERE k = 3 OR u = 9 ORDER BY id", // u has no index: a scan
                "SELECT id FROM t WHERE (k = 3 OR id = 10) AND s = 's10' ORDER BY id",
                "SELECT id FROM t WHERE (k = 3 OR id = 10) AND u > 20 ORDER BY id",
                "SELECT count(*), sum(id) FROM t WHERE k = 3 OR s = 's3' OR k IN (SELECT x FROM o)",
                "SELECT id, k, s FROM t WHERE k > 5 OR s < 's2' ORDER BY s, id",
                "SELECT id FROM t WHERE k = 3 OR id = 10 ORDER BY id DESC LIMIT 3",
                // as the inner loop of a join, with the outer row's values
                "SELECT o.id, t.id FROM o JOIN t ON t.k = o.x OR t.id = o.y ORDER BY 1, 2",
                "SELECT o.id, t.id FROM o LEFT JOIN t ON t.k = o.x OR t.id = o.y ORDER BY 1, 2",
                "SELECT o.id, t.id FROM o LEFT JOIN t ON t.k = o.x OR t.id = o.y WHERE t.id IS NULL ORDER BY 1, 2",
                "SELECT o.id, count(t.id) FROM o LEFT JOIN t ON t.s = 's' || o.x OR t.id = o.y GROUP BY o.id ORDER BY 1"));
    }

    @Test
    void writesThroughAMultiIndexOrKeepSqlitesOrder() throws SQLException {
        assertSame(concat(SCHEMA,
                "CREATE UNIQUE INDEX tu ON t(u)",
                // two rows of the OR updated to one u: which one OR IGNORE keeps follows the order
                // (rowid order: SQLite never updates in one pass through a multi-index OR)
                "UPDATE OR IGNORE t SET u = 1000 WHERE k = 3 OR id = 2",
                "SELECT id FROM t WHERE u = 1000",
                "CREATE TABLE log(n INTEGER PRIMARY KEY, id)",
                "CREATE TRIGGER td AFTER DELETE ON t BEGIN INSERT INTO log(id) VALUES (old.id); END",
                "CREATE TRIGGER tup AFTER UPDATE ON t BEGIN INSERT INTO log(id) VALUES (-new.id); END",
                "UPDATE t SET k = 9 WHERE k = 3 OR id = 12 OR s = 's9'",
                "SELECT id, k, u FROM t ORDER BY id",
                "DELETE FROM t WHERE k = 9 OR id = 30 OR s = 's5'",
                // any DELETE with triggers or RETURNING deletes in rowid order, not the index's
                "DELETE FROM t WHERE k IN (4, 2) RETURNING id",
                "DELETE FROM t WHERE s > 's7' AND u > 0",
                "SELECT id FROM t ORDER BY id",
                "SELECT * FROM log ORDER BY n"));
    }

    @Test
    void thePlanIsSqlites() throws SQLException {
        for (String q : new String[] {
            "SELECT * FROM t WHERE k = 2 OR id = 5",
            "SELECT id FROM t WHERE k = 2 OR s = 'x'",
            "SELECT * FROM t WHERE (k = 2 AND s = 'x') OR id > 5 OR s IN ('a', 'b')",
            "SELECT * FROM t WHERE k = 1 OR k = 2",
            "SELECT * FROM t WHERE id = 1 OR id = 2 OR id = 9",
            "SELECT * FROM t WHERE (k = 2 OR id = 5) AND s = 'abc'",
            "SELECT * FROM t WHERE k = 2 OR id = 5 ORDER BY id",
            "SELECT * FROM t WHERE k = 2 OR u = 5",
            "SELECT * FROM o JOIN t ON t.k = o.x OR t.id = o.y",
            "SELECT * FROM o LEFT JOIN t ON t.k = o.x OR t.id = o.y WHERE o.id < 3",
        }) {
            assertThat(tree(Drivers.ONELITE, q)).as(q).isEqualTo(tree(Drivers.NATIVE, q));
        }
    }

    private static List<String> tree(String url, String query) throws SQLException {
        return Drivers.planTree(url, SCHEMA, query);
    }

    private static String[] concat(String[] a, String... b) {
        return WithoutRowidDifferentialTests.script(a, b);
    }
}
