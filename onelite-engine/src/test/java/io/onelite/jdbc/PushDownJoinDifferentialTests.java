package io.onelite.jdbc;

import org.junit.jupiter.api.Test;

import java.sql.SQLException;

import static io.onelite.jdbc.WithoutRowidDifferentialTests.assertSame;

/**
 * SQLite's push-down of WHERE terms into a compound subquery that is joined with other sources:
 * a term on the subquery's columns is copied into each arm, where it compares under that arm's
 * own affinity, unless the subquery is on an outer join's nullable side.
 */
class PushDownJoinDifferentialTests {

    @Test
    void whereTermsGoIntoTheArmsOfAJoinedCompoundOutsideOuterJoinsNullableSides() throws SQLException {
        assertSame(
                "CREATE TABLE t3(id INTEGER PRIMARY KEY, w INTEGER)",
                "INSERT INTO t3 VALUES (1, 5), (2, 1)",
                "CREATE TABLE u(a)",
                "INSERT INTO u VALUES (1), (2)",
                // the found case: the compound on the left of a LEFT JOIN
                "SELECT q1.s0 FROM (SELECT w AS s1, id AS s0 FROM t3 UNION ALL SELECT EXISTS (SELECT 1), 0) AS q1"
                        + " LEFT JOIN (SELECT 1 AS s0) AS q6 ON q6.s0 >= q1.s1 WHERE '1' = q1.s1 ORDER BY 1",
                // an inner join and a comma join
                "SELECT q1.s0, u.a FROM (SELECT w AS s1, id AS s0 FROM t3 UNION ALL SELECT EXISTS (SELECT 1), 0) AS q1"
                        + " JOIN u ON u.a = q1.s0 OR q1.s0 = 0 WHERE q1.s1 = '1' ORDER BY 1, 2",
                "SELECT q1.s0, u.a FROM u, (SELECT w AS s1, id AS s0 FROM t3 UNION ALL SELECT EXISTS (SELECT 1), 0) AS q1"
                        + " WHERE '1' = q1.s1 ORDER BY 1, 2",
                // on the nullable side of a LEFT JOIN the term is not pushed: it also sees the NULL rows
                "SELECT u.a, q1.s0 FROM u LEFT JOIN (SELECT w AS s1, id AS s0 FROM t3 UNION ALL SELECT EXISTS (SELECT 1), 0) AS q1"
                        + " ON 1 WHERE '1' = q1.s1 ORDER BY 1, 2",
                "SELECT u.a, q1.s0 FROM u LEFT JOIN (SELECT w AS s1, id AS s0 FROM t3 UNION ALL SELECT 7, 9) AS q1"
                        + " ON q1.s0 = u.a WHERE q1.s1 IS NULL ORDER BY 1, 2",
                // a UNION (not ALL) arm set, and a view
                "CREATE VIEW vc AS SELECT w AS s1, id AS s0 FROM t3 UNION SELECT EXISTS (SELECT 1), 0",
                "SELECT vc.s0, u.a FROM vc JOIN u ON u.a >= vc.s0 WHERE vc.s1 = '1' ORDER BY 1, 2");
    }

    /**
     * A bare name in a join goes into the view that has a column of that name, as SQLite binds
     * it before it pushes: the group whose sum overflows is never computed.
     */
    @Test
    void aBareNameOfTheViewsColumnGoesIntoItInAJoin() throws SQLException {
        assertSame(
                "CREATE TABLE big(k INTEGER, v INTEGER)",
                "INSERT INTO big VALUES (1, 5), (1, 6), (2, 9223372036854775807), (2, 1)",
                "CREATE VIEW g AS SELECT k, sum(v) AS s FROM big GROUP BY k",
                "CREATE TABLE u(a)",
                "INSERT INTO u VALUES (1), (2)",
                "CREATE TABLE u2(k, b)",
                "INSERT INTO u2 VALUES (1, 'one'), (2, 'two')",
                "SELECT * FROM g",
                "SELECT u.a, s FROM g JOIN u ON u.a = g.k WHERE k = 1",
                "SELECT u.a, s FROM u, g WHERE k = 1 AND u.a = 1",
                "SELECT * FROM g JOIN u2 USING (k) WHERE k = 1",
                "SELECT * FROM u2 NATURAL JOIN g WHERE k < 2",
                "SELECT u.a, s FROM u LEFT JOIN g ON g.k = u.a WHERE k = 1",
                "SELECT u.a, s FROM u LEFT JOIN g ON g.k = u.a WHERE s IS NULL OR k = 1",
                "SELECT * FROM g JOIN u2 ON u2.k = g.k WHERE k = 1",
                "SELECT * FROM g RIGHT JOIN u2 USING (k) WHERE k = 1",
                "SELECT * FROM u2 LEFT JOIN g USING (k) WHERE k < 2",
                "SELECT s FROM u JOIN g ON g.k = u.a WHERE k = 1 AND (SELECT count(*) FROM u2 WHERE u2.k = g.k) = 1",
                // a compound view's arms take it too
                "CREATE VIEW gc AS SELECT k, sum(v) AS s FROM big GROUP BY k UNION ALL SELECT 3, 0",
                "SELECT u.a, s FROM u JOIN gc ON gc.k = u.a WHERE k = 1",
                "SELECT u.a, s FROM u JOIN gc ON gc.k = u.a WHERE k = 2");
    }

    /**
     * SQLite moves ON terms into the WHERE clause before it pushes: an inner join's go into a
     * subquery they read, and a LEFT JOIN's into its right side (they filter its rows before the
     * NULL row is added), so the group whose sum overflows is never computed.
     */
    @Test
    void onTermsGoIntoTheSubqueryTheyRead() throws SQLException {
        assertSame(
                "CREATE TABLE big(k INTEGER, v INTEGER)",
                "INSERT INTO big VALUES (1, 5), (1, 6), (2, 9223372036854775807), (2, 1)",
                "CREATE VIEW g AS SELECT k, sum(v) AS s FROM big GROUP BY k",
                "CREATE TABLE u(a)",
                "INSERT INTO u VALUES (1), (2), (3)",
                "SELECT u.a, g.s FROM u JOIN g ON g.k = u.a AND g.k = 1",
                "SELECT u.a, g.s FROM g JOIN u ON u.a = g.k AND k < 2",
                "SELECT u.a, g.s FROM u LEFT JOIN g ON g.k = u.a AND g.k = 1 ORDER BY u.a",
                "SELECT u.a, g.s FROM u LEFT JOIN g ON g.k = u.a AND k <> 2 ORDER BY u.a",
                // a LEFT JOIN's ON term does not go into its left side
                "SELECT u.a, g.s FROM g LEFT JOIN u ON u.a = g.k AND g.k = 1 ORDER BY g.k",
                // nor a RIGHT JOIN's into its right side, whose rows all stay
                "SELECT u.a, g.s FROM u RIGHT JOIN g ON g.k = u.a AND g.k = 1 ORDER BY g.k",
                // an inner ON term after a LEFT JOIN is a WHERE term: only one the NULL row fails
                "SELECT u.a, g.s FROM u LEFT JOIN g ON g.k = u.a JOIN u AS w ON w.a = u.a AND g.k = 1",
                "SELECT u.a, g.s FROM u LEFT JOIN g ON g.k = u.a JOIN u AS w ON w.a = u.a AND g.k IS NULL ORDER BY 1");
    }

    /**
     * SQLite's constant propagation: from {@code o.id = 1} and {@code g.k = o.id} the view takes
     * {@code g.k = 1}, so its overflowing group is never computed; where the comparison's affinity
     * or collation would change, the rows must still be SQLite's.
     */
    @Test
    void aConstantReachesTheViewThroughAJoinEquality() throws SQLException {
        assertSame(
                "CREATE TABLE big(k INTEGER, v INTEGER)",
                "INSERT INTO big VALUES (1, 5), (1, 6), (2, 9223372036854775807), (2, 1)",
                "CREATE VIEW g AS SELECT k, sum(v) AS s FROM big GROUP BY k",
                "CREATE TABLE o(id INTEGER PRIMARY KEY, name TEXT, r REAL, t TEXT, b, n TEXT COLLATE NOCASE)",
                "INSERT INTO o VALUES (1, 'one', 1.0, '1', 1, 'A'), (2, 'two', 2.0, '02', '2', 'b')",
                "SELECT o.name, g.s FROM o JOIN g ON g.k = o.id WHERE o.id = 1",
                "SELECT o.name, g.s FROM o, g WHERE g.k = o.id AND o.id = 1",
                "SELECT o.name, g.s FROM o JOIN g ON o.id = g.k AND 1 = o.id",
                "SELECT o.name, g.s FROM o JOIN g ON g.k = o.r WHERE o.r = 1.0",
                "SELECT o.name, g.s FROM o JOIN g ON g.k = o.t WHERE o.t = '1'",
                "SELECT o.name, g.s FROM o JOIN g ON g.k = o.t WHERE o.t = 1",
                "SELECT o.name, g.s FROM o JOIN g ON g.k = o.b WHERE o.b = 1",
                // through a LEFT JOIN's ON term SQLite propagates nothing: g is computed whole
                "SELECT o.name, g.s FROM o LEFT JOIN g ON g.k = o.id WHERE o.id = 1",
                // a text view column against an integer one, a NOCASE binding: the values decide
                "CREATE VIEW gt AS SELECT CAST(k AS TEXT) AS kt, count(*) AS c FROM big GROUP BY k",
                "SELECT o.name, gt.c FROM o JOIN gt ON gt.kt = o.id WHERE o.id = 2",
                "SELECT o.name, gt.c FROM o JOIN gt ON gt.kt = o.t WHERE o.t = '02'",
                "SELECT o.name, gt.c FROM o JOIN gt ON gt.kt = o.t WHERE o.t = 2",
                "SELECT o.name, gt.c FROM o JOIN gt ON gt.kt = o.n WHERE o.n = 'B'",
                "SELECT o.name, gt.c FROM o JOIN gt ON gt.kt = o.b WHERE o.b = '2'",
                "CREATE VIEW gt2 AS SELECT CAST(printf('%02d', k) AS TEXT) AS kt, count(*) AS c FROM big GROUP BY k",
                "SELECT o.name, gt2.c FROM o JOIN gt2 ON gt2.kt = o.id WHERE o.id = 2",
                "SELECT o.name, gt2.c FROM o JOIN gt2 ON gt2.kt = o.b WHERE o.b = 1",
                // collations: a NOCASE binding is no constant; a NOCASE view column on the right
                // compares under the left column's BINARY, which a bare constant would not give
                "INSERT INTO o VALUES (3, 'three', 3.0, 'B', 'x', 'c')",
                "CREATE TABLE w(name TEXT)",
                "INSERT INTO w VALUES ('b'), ('B'), ('x')",
                "CREATE VIEW gz AS SELECT name AS nm, count(*) AS c FROM w GROUP BY name",
                "CREATE VIEW gy AS SELECT name COLLATE NOCASE AS nm, count(*) AS c FROM w GROUP BY name",
                "SELECT o.name, gz.nm FROM o JOIN gz ON gz.nm = o.n WHERE o.n = 'B'",
                "SELECT o.name, gy.nm FROM o JOIN gy ON o.t = gy.nm WHERE o.t = 'B'",
                "SELECT o.name, gy.nm FROM o JOIN gy ON gy.nm = o.t WHERE o.t = 'B' ORDER BY 2");
    }

    /**
     * SQLite simplifies outer joins by the WHERE clause before it pushes terms down, and never
     * pushes into the right-hand item of a RIGHT JOIN: where a compound's arms differ in affinity
     * (INTEGER against a subquery's column, which may hold text, so the compound's column is
     * BLOB), a pushed term compares with the arm's INTEGER and drops a = 1 where the term left
     * outside compares with BLOB and keeps it (found by the random query differential, round
     * 90236, query 32: a RIGHT JOIN to such a compound).
     */
    @Test
    void outerJoinsAreSimplifiedBeforeTermsArePushedAndTheRightOfARightJoinTakesNone() throws SQLException {
        String c = "(SELECT a AS s0 FROM t UNION ALL SELECT q6.s2 FROM (SELECT count(*) + 1 AS s2 FROM t) AS q6)";
        String e = "(SELECT 1 AS z WHERE 0)";
        String o = "(SELECT 1 AS z)";
        String term = " WHERE q4.s0 NOT IN ('1', '2.5')";
        assertSame(
                "CREATE TABLE t(id INTEGER PRIMARY KEY, a INTEGER)",
                "INSERT INTO t(a) VALUES (1), (2), (2.5), (3), (NULL), (1)",
                "SELECT q4.s0 FROM " + c + " AS q4" + term + " ORDER BY 1",
                "SELECT q4.s0 FROM " + e + " AS q1 RIGHT JOIN " + c + " AS q4 ON 1" + term + " ORDER BY 1",
                "SELECT q4.s0 FROM " + o + " AS q1 RIGHT JOIN " + c + " AS q4 ON 1" + term + " ORDER BY 1",
                "SELECT q4.s0 FROM " + o + " AS q1 RIGHT JOIN " + c + " AS q4 ON 1" + term + " AND q1.z = 1 ORDER BY 1",
                "SELECT q4.s0 FROM " + c + " AS q4 RIGHT JOIN " + o + " AS q1 ON 1" + term + " ORDER BY 1",
                "SELECT q4.s0 FROM " + c + " AS q4 FULL JOIN " + o + " AS q1 ON 1" + term + " ORDER BY 1",
                "SELECT q4.s0 FROM " + o + " AS q1 FULL JOIN " + c + " AS q4 ON 1" + term + " ORDER BY 1",
                "SELECT q4.s0 FROM " + o + " AS q1 FULL JOIN " + c + " AS q4 ON 1" + term + " AND q1.z > 0 ORDER BY 1",
                "SELECT q4.s0 FROM " + o + " AS q1 LEFT JOIN " + c + " AS q4 ON 1" + term + " ORDER BY 1",
                "SELECT q4.s0 FROM " + o + " AS q1 LEFT JOIN " + c + " AS q4 ON 1" + term + " OR q4.s0 IS NULL ORDER BY 1",
                "SELECT q4.s0 FROM " + o + " AS q1 LEFT JOIN " + c + " AS q4 ON 1" + term
                        + " AND coalesce(q4.s0, 1) <> 'x' ORDER BY 1",
                "SELECT q4.s0 FROM " + o + " AS q1, " + c + " AS q4" + term + " ORDER BY 1");
    }
}
