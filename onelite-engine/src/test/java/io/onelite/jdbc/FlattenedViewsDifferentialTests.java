package io.onelite.jdbc;

import org.junit.jupiter.api.Test;

import java.sql.SQLException;

import static io.onelite.jdbc.WithoutRowidDifferentialTests.assertSame;
import static io.onelite.jdbc.WithoutRowidDifferentialTests.script;

/**
 * Views, FROM subqueries and CTEs that only pick columns of one table and filter its rows, read
 * straight from the table as SQLite's flattener does: the plan seeks the table (EXPLAIN QUERY
 * PLAN names it as SQLite does), the view's WHERE still filters, and the table's other columns
 * stay invisible to the outer query's names.
 */
class FlattenedViewsDifferentialTests {
    private static final String[] SCHEMA = {
            "CREATE TABLE t(id INTEGER PRIMARY KEY, a INT, b TEXT, d REAL)",
            "CREATE INDEX ta ON t(a)",
            "INSERT INTO t VALUES (1, 1, 'x', 0.5), (2, 3, 'y', 1.5), (3, 3, 'Z', 2.5), (4, 5, 'w', NULL), (5, NULL, 'v', 3)",
            "CREATE TABLE u(k INT, c TEXT COLLATE NOCASE, b TEXT)",
            "INSERT INTO u VALUES (1, 'Y', 'ub1'), (2, 'q', 'ub2'), (3, 'y', 'ub3'), (9, 'X', 'ub9')",
            "CREATE VIEW v AS SELECT id, a FROM t WHERE a = 3",
            "CREATE VIEW vn AS SELECT id, b AS c FROM t AS inner_t WHERE inner_t.a > 1",
            "CREATE VIEW vc(n, m) AS SELECT a, d FROM t WHERE d IS NOT NULL",
            "CREATE VIEW vr AS SELECT a, id FROM t WHERE a > 1",
    };

    @Test
    void aJoinOnTheViewsKeySeeksItsTable() throws SQLException {
        assertSame(script(SCHEMA,
                "EXPLAIN QUERY PLAN SELECT u.k, vn.c FROM u JOIN vn ON vn.id = u.k",
                "SELECT * FROM u JOIN v ON v.id = u.k ORDER BY u.k",
                "EXPLAIN QUERY PLAN SELECT * FROM v WHERE id = 2",
                "EXPLAIN QUERY PLAN SELECT * FROM vn WHERE id > 1",
                "EXPLAIN QUERY PLAN SELECT * FROM u, (SELECT id, d FROM t) AS q WHERE q.id = u.k",
                "SELECT u.k, q.d FROM u, (SELECT id, d FROM t) AS q WHERE q.id = u.k ORDER BY 1",
                "EXPLAIN QUERY PLAN WITH x AS (SELECT * FROM t) SELECT x.b FROM u JOIN x ON x.id = u.k",
                "WITH x AS (SELECT * FROM t) SELECT x.b FROM u JOIN x ON x.id = u.k ORDER BY 1"));
    }

    @Test
    void theViewsWhereFiltersAndItsColumnsKeepTheirNames() throws SQLException {
        assertSame(script(SCHEMA,
                "SELECT * FROM v ORDER BY id",
                "SELECT v.* FROM v ORDER BY id",
                "SELECT count(*), max(id), min(id) FROM v",
                "SELECT max(c), count(*) FROM vn WHERE c <> 'Z'",
                "SELECT * FROM vn ORDER BY c",
                "SELECT * FROM vc ORDER BY n, m",
                "SELECT n + m FROM vc WHERE m > 1 ORDER BY 1",
                "SELECT * FROM vr ORDER BY id",
                // a view reordering its table's columns: read from the table, listed in its own order
                "EXPLAIN QUERY PLAN SELECT * FROM vr WHERE id = 2",
                "SELECT vr.*, u.k FROM vr, u WHERE vr.id = u.k ORDER BY 2",
                "SELECT * FROM u JOIN vr ON vr.id = u.k ORDER BY 1",
                "SELECT * FROM (SELECT b, id AS i FROM t) AS q WHERE q.i < 3 ORDER BY i",
                "CREATE TABLE t2 AS SELECT * FROM vr",
                "SELECT * FROM t2 ORDER BY id",
                "SELECT * FROM vr NATURAL JOIN v ORDER BY 1",
                "SELECT * FROM (SELECT a, a AS a2 FROM t) ORDER BY 1",
                "SELECT * FROM u LEFT JOIN v ON v.id = u.k ORDER BY u.k",
                "SELECT * FROM v LEFT JOIN u ON v.id = u.k ORDER BY v.id",
                "SELECT * FROM v RIGHT JOIN u ON v.id = u.k ORDER BY u.k",
                "SELECT * FROM v NATURAL JOIN vn ORDER BY id",
                "SELECT * FROM v JOIN vr USING (id) ORDER BY id",
                "SELECT (SELECT count(*) FROM v WHERE v.id > u.k) FROM u ORDER BY k",
                "SELECT k FROM u WHERE k IN (SELECT id FROM v) ORDER BY k",
                "SELECT * FROM vn JOIN u ON u.c = vn.c ORDER BY 1, 3",
                "SELECT DISTINCT a FROM v",
                "SELECT a, count(*) FROM (SELECT a FROM t WHERE id < 5) GROUP BY a ORDER BY a"));
    }

    @Test
    void theTablesOtherColumnsStayHidden() throws SQLException {
        assertSame(script(SCHEMA,
                // b is t's, but v does not list it: the bare name is u's alone, not ambiguous
                "SELECT b FROM v, u WHERE v.id = u.k ORDER BY 1",
                "SELECT b FROM v",
                "SELECT v.b FROM v",
                "SELECT d FROM vn",
                "SELECT * FROM v NATURAL JOIN u ORDER BY 1",
                "SELECT * FROM vn JOIN t USING (b)",
                "SELECT rowid FROM (SELECT id FROM t)",
                "SELECT inner_t.b FROM vn"));
    }
}
