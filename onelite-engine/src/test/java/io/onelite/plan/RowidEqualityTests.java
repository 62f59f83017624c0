package io.onelite.plan;

import io.onelite.api.Database;
import io.onelite.api.DatabaseOptions;
import io.onelite.api.Session;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;

import static io.onelite.plan.NativeOracle.both;
import static io.onelite.plan.NativeOracle.oneLite;
import static io.onelite.plan.NativeOracle.sqlite;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code rowid = x} read by one seek: the term is not checked again after the seek (as in SQLite,
 * which codes no test for it), so the seek alone must give exactly the rows the term accepts,
 * whatever the type of {@code x} (numeric text, reals, NULL, blobs, out-of-range numbers) and
 * whatever affinity it has (a joined column). Compared with native SQLite: SELECT, UPDATE and
 * DELETE, a second rowid term (still checked), and a value evaluated once per seek.
 */
class RowidEqualityTests {
    private static final String[] VALUES = {
        "5", "-3", "0", "NULL", "5.0", "5.5", "-0.0", "1e19", "-1e19", "9223372036854775807", "-9223372036854775808",
        "9223372036854775807.0", "'5'", "' 5'", "'5 '", "'+5'", "'05'", "'5.0'", "'5e0'", "'0x5'", "'abc'", "''",
        "x'05'", "x''", "'9223372036854775807'", "'9223372036854775808'", "'-9223372036854775809'", "CAST(5 AS REAL)",
        "CAST('5' AS TEXT)", "'5' || ''", "5 + 0.0", "(SELECT 5)", "(SELECT '5')",
    };

    private static final String[] SCHEMA = {
        "CREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT)",
        "CREATE TABLE w(v)",
        "CREATE TABLE u(x TEXT, r REAL, n NUMERIC, b BLOB, a)",
    };

    private static void fill(Session s, Connection c) {
        for (String ddl : SCHEMA) {
            both(s, c, ddl);
        }
        for (long id : new long[] {-9223372036854775808L, -3, 0, 1, 5, 6, 9223372036854775807L}) {
            both(s, c, "INSERT INTO t VALUES (" + id + ", 'v" + id + "')");
            both(s, c, "INSERT INTO w(rowid, v) VALUES (" + id + ", 'w" + id + "')");
        }
        for (String v : VALUES) {
            both(s, c, "INSERT INTO u VALUES (" + v + ", " + v + ", " + v + ", " + v + ", " + v + ")");
        }
    }

    private static List<String> queries() {
        List<String> q = new ArrayList<>();
        for (String v : VALUES) {
            q.add("SELECT id, v FROM t WHERE id = " + v);
            q.add("SELECT id, v FROM t WHERE " + v + " = id");
            q.add("SELECT rowid, v FROM t WHERE rowid = " + v);
            q.add("SELECT rowid, v FROM w WHERE rowid = " + v);
            q.add("SELECT _rowid_, v FROM w WHERE " + v + " = _rowid_");
            q.add("SELECT id FROM t WHERE id = " + v + " AND v IS NOT NULL");
            q.add("SELECT id FROM t WHERE id = " + v + " AND id = 5"); // the second equality is still checked
            q.add("SELECT id FROM t WHERE id = 5 AND id = " + v);
            q.add("SELECT id FROM t WHERE id = " + v + " AND id = " + v);
            q.add("SELECT count(*) FROM t WHERE id = " + v);
        }
        for (String col : new String[] {"x", "r", "n", "b", "a"}) {
            q.add("SELECT quote(u." + col + "), t.id, t.v FROM u JOIN t ON t.id = u." + col + " ORDER BY 1, 2");
            q.add("SELECT quote(u." + col + "), t.id FROM u LEFT JOIN t ON u." + col + " = t.id ORDER BY 1, 2");
            q.add("SELECT quote(u." + col + "), w.rowid FROM u, w WHERE w.rowid = u." + col + " ORDER BY 1, 2");
        }
        return q;
    }

    @Test
    void aRowidSeekReturnsExactlyTheRowsTheTermAcceptsAsInSqlite() throws Exception {
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession();
             Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            fill(s, c);
            for (String sql : queries()) {
                assertThat(oneLite(s, sql)).as(sql).isEqualTo(sqlite(c, sql));
            }
        }
    }

    @Test
    void updatesAndDeletesByRowidChangeTheRowsSqliteChanges() throws Exception {
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession();
             Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            fill(s, c);
            for (String v : VALUES) {
                both(s, c, "UPDATE t SET v = v || '+' WHERE id = " + v);
                both(s, c, "UPDATE w SET v = v || '+' WHERE rowid = " + v + " AND v LIKE 'w%'");
                String all = "SELECT id, v FROM t UNION ALL SELECT rowid, v FROM w ORDER BY 1, 2";
                assertThat(oneLite(s, all)).as(v).isEqualTo(sqlite(c, all));
            }
            for (String v : VALUES) {
                both(s, c, "DELETE FROM w WHERE rowid = " + v + " AND rowid = 6");
                both(s, c, "DELETE FROM t WHERE " + v + " = id");
                String all = "SELECT id, v FROM t UNION ALL SELECT rowid, v FROM w ORDER BY 1, 2";
                assertThat(oneLite(s, all)).as(v).isEqualTo(sqlite(c, all));
            }
        }
    }

    /** The value is evaluated once per seek: with a second evaluation, random() would mostly miss the row found. */
    @Test
    void theSoughtValueIsEvaluatedOnceAsInSqlite() throws Exception {
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession();
             Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            both(s, c, "CREATE TABLE r(id INTEGER PRIMARY KEY, v)");
            both(s, c, "INSERT INTO r VALUES (1, 'a'), (2, 'b'), (3, 'c'), (4, 'd')");
            String sql = "SELECT count(*) FROM r WHERE id = abs(random()) % 4 + 1";
            for (int i = 0; i < 50; i++) {
                assertThat(sqlite(c, sql)).containsExactly("I1|");
                assertThat(oneLite(s, sql)).as(sql).containsExactly("I1|");
            }
            for (int i = 0; i < 50; i++) {
                both(s, c, "UPDATE r SET v = v || '.' WHERE id = abs(random()) % 4 + 1");
            }
            String changed = "SELECT sum(length(v)) - 4 FROM r";
            assertThat(sqlite(c, changed)).containsExactly("I50|");
            assertThat(oneLite(s, changed)).containsExactly("I50|");
        }
    }
}
