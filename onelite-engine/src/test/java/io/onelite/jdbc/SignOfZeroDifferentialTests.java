package io.onelite.jdbc;

import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import static io.onelite.jdbc.WithoutRowidDifferentialTests.assertSame;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Where SQLite gives -0.0 and where 0.0 (JDBC shows the sign): found by the random query
 * differential ({@code '-' / 1.0} is -0.0 in SQLite). Text read as a REAL by sqlite3AtoF keeps a
 * minus sign without digits; REAL arithmetic reads a text operand that way again even when it
 * looks like an integer; a minus written before a REAL literal negates the literal; and a REAL
 * column stores a whole REAL as an integer (MEM_IntReal), so -0.0 comes back from it as 0.0.
 */
class SignOfZeroDifferentialTests {

    @Test
    void textReadAsARealKeepsItsMinusSign() throws SQLException {
        assertSame(
                "SELECT '-' / 1.0, CAST('-' AS REAL), '-e5' * 1.0, '+' * 1.0, '-.' * 1.0, ' -' * 1.0, '-x' / 1.0",
                "SELECT '-0' * 1.0, '-0' / 1.0, '-' - 0.0, '-' + 0.0, '-' * -1.0, x'2d30' * 1.0, CAST(x'2D' AS REAL)",
                "SELECT '-' + 0, '-0' * 1, '-' * '-', '-0' * '-0.', CAST('-' AS NUMERIC), '-' % 2, '-0' % 1.0",
                "SELECT max(CAST('-' AS REAL)), min('-' * 1.0, 5), abs('-'), round('-'), sum('-'), total('-'), avg('-')");
    }

    @Test
    void aMinusBeforeARealLiteralNegatesTheLiteral() throws SQLException {
        assertSame(
                "SELECT -0.0, -(0.0), -0e0, -.0, -0., -+0.0, +-0.0, -+ +0.0, + + -0.0",
                "SELECT - -0.0, -(-0.0), -+-0.0, -'-', -'-' * 1.0, 0.0 * -1, -+9223372036854775808",
                "SELECT (SELECT -0.0), coalesce(NULL, -0.0), iif(1, -0.0, 1), -x FROM (SELECT 0.0 AS x)",
                "CREATE TABLE t(a, d DEFAULT -0.0)",
                "INSERT INTO t(a) VALUES (-0.0)",
                "ALTER TABLE t ADD COLUMN f DEFAULT -0.0", // rows older than the column read its default
                "ALTER TABLE t ADD COLUMN g DEFAULT -1.5",
                "SELECT a, d, -a, a * 1, a + 0, f, g FROM t");
    }

    @Test
    void aRealColumnGivesBackAWholeRealWithoutItsSign() throws SQLException {
        assertSame(
                "CREATE TABLE t(id INTEGER PRIMARY KEY, a, r REAL, n NUMERIC, i INTEGER, x TEXT, e REAL DEFAULT -0.0)",
                "CREATE TABLE log(v)",
                "CREATE TRIGGER tr AFTER INSERT ON t BEGIN INSERT INTO log VALUES (NEW.r); END",
                "INSERT INTO t(id, a, r, n, i, x) VALUES (1, -0.0, -0.0, -0.0, -0.0, -0.0)",
                "INSERT INTO t(id, a, r, n, i, x) VALUES (2, '-' * 1.0, '-' * 1.0, '-' * 1.0, '-' * 1.0, '-' * 1.0)",
                "INSERT INTO t(id, a, r) VALUES (3, '-0.0', '-0.0') RETURNING a, r, e",
                "INSERT INTO t(id, r) VALUES (4, 140737488355327.0), (5, 140737488355328.0), (6, -140737488355328.0),"
                        + " (7, -140737488355329.0), (8, 1e300), (9, 3), (10, '7'), (11, 2.5)",
                "CREATE INDEX ir ON t(r)",
                "SELECT * FROM t ORDER BY id",
                "SELECT * FROM log",
                "SELECT r, typeof(r) FROM t WHERE r > -1e15 ORDER BY r",
                "UPDATE t SET r = -0.0 WHERE id = 9 RETURNING r",
                "UPDATE t SET r = r * 2 WHERE id > 9",
                "SELECT id, r FROM t WHERE r <= 0 ORDER BY id",
                "SELECT id, r FROM t ORDER BY id",
                "CREATE TABLE w(k REAL PRIMARY KEY, v) WITHOUT ROWID",
                "INSERT INTO w VALUES (-0.0, 1), (2.0, 2)",
                "CREATE INDEX wv ON w(v)",
                "SELECT k, v FROM w INDEXED BY wv WHERE v > 0",
                "SELECT k FROM w WHERE k = 0",
                "INSERT INTO w VALUES (0.0, 3)",
                "PRAGMA integrity_check");
    }

    /**
     * The same rows take as many pages in both engines: a whole REAL in a REAL column (and its
     * index) is a 0 to 6 byte integer on disk, not an 8-byte double.
     */
    @Test
    void aRealColumnStoresWholeRealsAsSmallIntegers() throws SQLException {
        String[] script = {
                "CREATE TABLE t(id INTEGER PRIMARY KEY, r REAL)",
                "CREATE INDEX ir ON t(r)",
                "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 4000)"
                        + " INSERT INTO t SELECT i, i % 100 * 1.0 FROM c",
        };
        long ours = pages(Drivers.ONELITE, script);
        long native_ = pages(Drivers.NATIVE, script);
        assertThat(ours).isEqualTo(native_);
    }

    private static long pages(String url, String[] script) throws SQLException {
        try (Connection c = Drivers.open(url); Statement s = c.createStatement()) {
            for (String sql : script) {
                s.execute(sql);
            }
            List<Long> counts = new ArrayList<>();
            try (ResultSet rs = s.executeQuery("PRAGMA page_count")) {
                while (rs.next()) {
                    counts.add(rs.getLong(1));
                }
            }
            return counts.get(0);
        }
    }
}
