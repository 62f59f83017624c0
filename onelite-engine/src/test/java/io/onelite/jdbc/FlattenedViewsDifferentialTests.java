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

    private static final String[] COMPUTED = {
            "CREATE TABLE t(id INTEGER PRIMARY KEY, a INT, b TEXT COLLATE NOCASE, d REAL, j TEXT, g AS (a * 2))",
            "CREATE INDEX ta ON t(a)",
            "INSERT INTO t VALUES (1, 1, 'x', 0.5, '{\"k\":1}'), (2, 3, 'Y', 1.5, '{\"k\":2}'), (3, 3, 'y', 2.5, 'oops'),"
                    + " (4, 5, 'w', NULL, NULL), (5, NULL, '10', 3, '[]')",
            "CREATE TABLE u(k INT, c TEXT, n NUMERIC)",
            "INSERT INTO u VALUES (1, 'X', 1), (2, 'y', 4), (3, 'Y', 4.5), (9, '10', 10)",
            // computed columns: arithmetic, a collation, a text cast, a column listed twice, one
            // reading the table's own generated column, one that fails when read (malformed JSON)
            "CREATE VIEW v AS SELECT id, a + d AS s, b || '!' AS e, b COLLATE BINARY AS bb, CAST(a AS TEXT) AS at,"
                    + " b, b AS b2, g + 1 AS g1, json_extract(j, '$.k') AS jk FROM t WHERE id < 5",
            "CREATE VIEW w AS SELECT a * 10 AS a, id FROM t",
            "CREATE TABLE r(p TEXT PRIMARY KEY, q INT, z TEXT) WITHOUT ROWID",
            "INSERT INTO r VALUES ('a', 1, 'one'), ('b', 2, 'two'), ('c', NULL, 'three')",
    };

    @Test
    void computedColumnsAreReadFromTheTablesRows() throws SQLException {
        assertSame(script(COMPUTED,
                "EXPLAIN QUERY PLAN SELECT u.k, v.s FROM u JOIN v ON v.id = u.k",
                "SELECT u.k, v.s, v.e FROM u JOIN v ON v.id = u.k ORDER BY 1",
                "EXPLAIN QUERY PLAN SELECT s FROM v WHERE id = 2",
                "SELECT id, s, e, bb, at, b, b2, g1 FROM v WHERE id <> 3 ORDER BY id",
                // the failing column is computed only where it is read
                "SELECT id, jk FROM v WHERE id <> 3 ORDER BY id",
                "SELECT jk FROM v",
                "SELECT count(*) FROM v",
                // collations and affinities of the computed columns
                "SELECT id FROM v WHERE b2 = 'y' ORDER BY id",
                "SELECT id FROM v WHERE bb = 'y' ORDER BY id",
                "SELECT id FROM v WHERE e = 'y!' ORDER BY id",
                "SELECT id FROM v WHERE at = 3 ORDER BY id",
                "SELECT id FROM v WHERE at > 2 ORDER BY id",
                "SELECT u.k FROM u JOIN v ON v.at = u.n ORDER BY 1",
                "SELECT u.k, v.id FROM u JOIN v ON v.b2 = u.c ORDER BY 1, 2",
                "SELECT u.k, v.id FROM u JOIN v ON u.c = v.b2 ORDER BY 1, 2",
                "SELECT u.k, v.id FROM u JOIN v ON v.bb = u.c ORDER BY 1, 2",
                // an expression has no affinity (not BLOB): beside TEXT it becomes text
                "SELECT u.k, q.id FROM u JOIN (SELECT id, a * 2 AS a2 FROM t) AS q ON u.c = q.a2 ORDER BY 1",
                "SELECT u.k, q.id FROM u JOIN (SELECT id, a * 2 AS a2 FROM t) AS q ON q.a2 = u.c ORDER BY 1",
                "SELECT u.k, q.id FROM u, (SELECT id, a * 2 AS a2 FROM t) AS q WHERE q.a2 = u.c || '' ORDER BY 1",
                "SELECT DISTINCT b2 FROM v ORDER BY 1",
                "SELECT b2, count(*), sum(s) FROM v GROUP BY b2 ORDER BY 1",
                "SELECT s, typeof(s), at, typeof(at) FROM v ORDER BY s",
                "SELECT max(s), min(e), group_concat(g1) FROM v",
                "SELECT * FROM v WHERE id <> 3 ORDER BY s DESC",
                "SELECT v.*, u.* FROM v, u WHERE v.id = u.k AND v.id <> 3 ORDER BY 1",
                // a computed column named as a table column the view leaves out
                "SELECT a, id FROM w ORDER BY a",
                "SELECT id FROM w WHERE a = 30 ORDER BY id",
                "EXPLAIN QUERY PLAN SELECT id FROM w WHERE a = 30",
                "SELECT * FROM u JOIN w ON w.id = u.k ORDER BY k",
                // NATURAL and USING read the source in its own order
                "SELECT * FROM w NATURAL JOIN (SELECT 1 AS id, 10 AS a) ORDER BY id",
                "SELECT * FROM v JOIN w USING (id) WHERE id <> 3 ORDER BY id",
                "SELECT * FROM w JOIN v USING (id) WHERE id <> 3 ORDER BY id",
                "SELECT * FROM w NATURAL JOIN (SELECT id, a * 10 AS a FROM t) ORDER BY id",
                "SELECT * FROM (SELECT id, a * 10 AS a FROM t) NATURAL JOIN w ORDER BY id",
                "SELECT * FROM u RIGHT JOIN w ON w.id = u.k ORDER BY 1, 5",
                "SELECT * FROM w FULL JOIN (SELECT id, b FROM t WHERE id > 2) USING (id) ORDER BY id",
                "SELECT * FROM (SELECT id AS k, b FROM t) NATURAL JOIN u ORDER BY k",
                "SELECT * FROM (SELECT b, id AS k FROM t) JOIN u USING (k) ORDER BY k",
                // a subquery, CTE and WITHOUT ROWID table
                "SELECT k, (SELECT s FROM v WHERE v.id = u.k) FROM u ORDER BY k",
                "WITH x AS (SELECT id, a - id AS y FROM t) SELECT u.k, x.y FROM u JOIN x ON x.id = u.k ORDER BY 1",
                "EXPLAIN QUERY PLAN WITH x AS (SELECT id, a - id AS y FROM t) SELECT u.k, x.y FROM u JOIN x ON x.id = u.k",
                // a CTE named twice is flattened at each use too (unless MATERIALIZED)
                "WITH x AS (SELECT id, a * 10 AS y FROM t) SELECT x1.id, x2.y FROM x AS x1 JOIN x AS x2 ON x2.id = x1.a"
                        + " ORDER BY 1",
                "EXPLAIN QUERY PLAN WITH x AS (SELECT id, a * 10 AS y FROM t)"
                        + " SELECT x1.id, x2.y FROM x AS x1 JOIN x AS x2 ON x2.id = x1.a",
                "EXPLAIN QUERY PLAN WITH x AS MATERIALIZED (SELECT id, a * 10 AS y FROM t)"
                        + " SELECT x1.id, x2.y FROM x AS x1 JOIN x AS x2 ON x2.id = x1.a",
                "WITH x AS (SELECT id FROM t WHERE a > 2) SELECT k FROM u WHERE k IN (SELECT id FROM x)"
                        + " AND k NOT IN (SELECT id + 1 FROM x) ORDER BY k",
                "SELECT * FROM (SELECT p, q + 1 AS q1, upper(z) AS zu FROM r) AS rr JOIN u ON u.k = rr.q1 ORDER BY p",
                "EXPLAIN QUERY PLAN SELECT * FROM (SELECT p, q + 1 AS q1 FROM r) WHERE p = 'b'",
                "SELECT * FROM (SELECT p, q + 1 AS q1 FROM r) WHERE p = 'b'",
                // computed at each reference, as SQLite substitutes the expression
                "SELECT x = x, typeof(x) FROM (SELECT random() AS x FROM t)",
                "SELECT typeof(d), length(d) FROM (SELECT id, date('now') AS d FROM t) WHERE id = 1",
                // a second reference to the INTEGER PRIMARY KEY has no collation, as the rowid
                // (without ORDER BY: SQLite's merge for one takes the collations before it flattens)
                "SELECT x FROM (SELECT id, id AS x FROM t) UNION SELECT b FROM t",
                "SELECT x FROM (SELECT id, id + 0 AS x FROM t) UNION SELECT b FROM t",
                "SELECT * FROM (SELECT id, id AS x FROM t) WHERE x = 2",
                // views that stay queries of their own
                "SELECT * FROM (SELECT id, rowid AS x FROM t) WHERE x = 2",
                "SELECT * FROM (SELECT max(a) AS m FROM t)",
                "SELECT * FROM (SELECT id, a + sum(d) AS m FROM t)"));
    }

    /**
     * With an ORDER BY, SQLite 3.51 merges a compound's arms and takes their collations before it
     * flattens them: there a view's or subquery's column reading the rowid is BINARY (a subquery
     * column's default), which ends the search, where the rowid itself, and the same column
     * without ORDER BY, have none and a later arm's NOCASE decides (random differential, round
     * 52000008 q130: 'B' and 'b' both kept by SQLite).
     */
    @Test
    void aCompoundWithOrderByTakesTheCollationsOfItsArmsBeforeFlattening() throws SQLException {
        assertSame(script(SCHEMA,
                "SELECT s.id FROM (SELECT id FROM t) AS s UNION SELECT c FROM u ORDER BY 1",
                "SELECT s.id FROM (SELECT id FROM t) AS s UNION SELECT c FROM u",
                "SELECT +s.id FROM (SELECT id FROM t WHERE a > 0) AS s UNION SELECT c FROM u ORDER BY 1",
                "SELECT s.x FROM (SELECT id, id AS x FROM t) AS s UNION SELECT c FROM u ORDER BY 1",
                "SELECT s.id FROM (SELECT id FROM t) AS s UNION ALL SELECT c FROM u ORDER BY 1",
                "SELECT s.id FROM (SELECT id FROM t) AS s EXCEPT SELECT c FROM u ORDER BY 1",
                "SELECT id FROM t UNION SELECT c FROM u ORDER BY 1",
                "SELECT v.id FROM v NATURAL JOIN t UNION SELECT c FROM u ORDER BY 1",
                "SELECT c FROM u UNION SELECT s.id FROM (SELECT id FROM t) AS s ORDER BY 1"));
    }
}
