package io.onelite.plan;

import io.onelite.api.Database;
import io.onelite.api.DatabaseOptions;
import io.onelite.api.Session;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static io.onelite.plan.NativeOracle.both;
import static io.onelite.plan.NativeOracle.oneLite;
import static io.onelite.plan.NativeOracle.planOneLite;
import static io.onelite.plan.NativeOracle.planSqlite;
import static io.onelite.plan.NativeOracle.sqlite;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The outer loop of a join whose next loop looks rows up by the outer table's rowid walks the
 * table in rowid order instead of SQLite's covering index when the table's rows are narrow
 * ({@link OuterScanOrder}, {@code exec.TableOrIndexScan}): seen in the order of the rows of a
 * query without ORDER BY (the table's rowid order where native SQLite gives the index's), with
 * the same rows as native SQLite in every shape; wide rows, and BEGIN CONCURRENT, keep the index.
 */
class OuterScanOrderTests {
    private static final int ROWS = 3000;

    /** t with an index on k (k a shuffle of the ids, so k order is not rowid order), u and g looking up t. */
    private static void fill(Session s, Connection c, int nameLength) throws Exception {
        for (String ddl : new String[] {
            "CREATE TABLE t(id INTEGER PRIMARY KEY, k INT, name TEXT)", "CREATE INDEX tk ON t(k)",
            "CREATE TABLE u(id INTEGER PRIMARY KEY, t_id INT, x INT)", "CREATE INDEX ut ON u(t_id)",
            "CREATE TABLE v(t_ref INTEGER PRIMARY KEY, y TEXT)",
            "CREATE TABLE log(x)"}) {
            both(s, c, ddl);
        }
        List<Integer> ks = new ArrayList<>();
        for (int i = 1; i <= ROWS; i++) {
            ks.add(i * 7);
        }
        java.util.Collections.shuffle(ks, new Random(5));
        Random r = new Random(9);
        String pad = "p".repeat(nameLength);
        both(s, c, "BEGIN");
        for (int i = 1; i <= ROWS; i++) {
            both(s, c, "INSERT INTO t VALUES (" + i + ", " + ks.get(i - 1) + ", '" + pad + i + "')");
            if (i % 3 == 0) {
                both(s, c, "INSERT INTO u(t_id, x) VALUES (" + (r.nextInt(ROWS) + 1) + ", " + i + ")");
            }
            if (i % 5 == 0) {
                both(s, c, "INSERT INTO v VALUES (" + i + ", 'y" + i + "')");
            }
        }
        both(s, c, "COMMIT");
    }

    private static List<String> sorted(List<String> rows) {
        List<String> out = new ArrayList<>(rows);
        out.sort(null);
        return out;
    }

    /** The first column of each row, an integer. */
    private static List<Long> firstColumn(List<String> rows) {
        List<Long> out = new ArrayList<>();
        for (String row : rows) {
            out.add(Long.parseLong(row.substring(1, row.indexOf('|')))); // rendered "I<n>|..."
        }
        return out;
    }

    @Test
    void narrowRowsAreWalkedInRowidOrderWhereSqliteWalksTheIndex() throws Exception {
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession();
             Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            fill(s, c, 10);
            for (String sql : new String[] {
                "SELECT t.id, t.k FROM t LEFT JOIN u ON u.t_id = t.id WHERE u.id IS NULL",
                "SELECT t.rowid, u.x FROM t LEFT JOIN u ON t.rowid = u.t_id",
                "SELECT t.id, v.y FROM t JOIN v ON v.t_ref = t.id"}) {
                List<String> mine = oneLite(s, sql);
                List<String> theirs = sqlite(c, sql);
                assertThat(sorted(mine)).as(sql).isEqualTo(sorted(theirs)).hasSizeGreaterThan(500);
                assertThat(firstColumn(mine)).as("OneLite walks t in rowid order: " + sql).isSorted();
                assertThat(firstColumn(theirs)).as("native SQLite walks t's index on k: " + sql).isNotEqualTo(
                        firstColumn(mine));
                assertThat(planOneLite(s, sql)).as("EXPLAIN QUERY PLAN as SQLite's: " + sql).isEqualTo(planSqlite(c, sql));
            }
        }
    }

    @Test
    void wideRowsKeepTheIndexWalk() throws Exception {
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession();
             Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            fill(s, c, 1200);
            String sql = "SELECT t.k, t.id FROM t LEFT JOIN u ON u.t_id = t.id WHERE u.id IS NULL";
            assertThat(oneLite(s, sql)).as("in k order, as native SQLite").isEqualTo(sqlite(c, sql)).hasSizeGreaterThan(500);
        }
    }

    @Test
    void everyShapeReturnsNativeSqlitesRows() throws Exception {
        for (int nameLength : new int[] {10, 1200}) {
            try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession();
                 Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
                fill(s, c, nameLength);
                both(s, c, "CREATE TABLE e(id INTEGER PRIMARY KEY, k INT)");
                both(s, c, "CREATE INDEX ek ON e(k)");
                both(s, c, "CREATE TABLE w(id INTEGER PRIMARY KEY, k INT, kk INT AS (k * 2) VIRTUAL)");
                both(s, c, "CREATE INDEX wk ON w(k)");
                both(s, c, "INSERT INTO w(id, k) SELECT id, k FROM t");
                both(s, c, "CREATE TABLE x(id INTEGER PRIMARY KEY, k INT, name TEXT)");
                both(s, c, "CREATE INDEX xk ON x(k + 1)");
                both(s, c, "INSERT INTO x SELECT * FROM t");
                for (String sql : new String[] {
                    "SELECT count(*) FROM t LEFT JOIN u ON u.t_id = t.id WHERE u.id IS NULL",
                    "SELECT t.k, u.x FROM t JOIN u ON u.t_id = t.id",
                    "SELECT t.k, u.x FROM t JOIN u ON u.t_id = t._rowid_ AND u.x > 100",
                    "SELECT t.k, u.x FROM t, u WHERE t.oid = u.t_id",
                    "SELECT t.k, count(u.id) FROM t LEFT JOIN u ON u.t_id = t.id GROUP BY t.k HAVING count(u.id) > 1",
                    "SELECT t.k, v.y FROM t LEFT JOIN v ON v.t_ref = t.id WHERE v.y IS NOT NULL",
                    "SELECT t.k, u.x, v.y FROM t JOIN u ON u.t_id = t.id LEFT JOIN v ON v.t_ref = u.t_id",
                    "SELECT DISTINCT t.k FROM t JOIN u ON u.t_id = t.id",
                    "SELECT t.k FROM t JOIN u ON u.t_id = t.id ORDER BY t.k DESC LIMIT 7",
                    "SELECT max(t.k) FROM t JOIN u ON u.t_id = t.id",
                    "SELECT t.k, u.x FROM t JOIN u ON u.t_id = t.id WHERE t.k % 2 = 0",
                    "SELECT (SELECT count(*) FROM t LEFT JOIN u ON u.t_id = t.id WHERE u.id IS NULL AND u.x IS NULL) + v.t_ref FROM v WHERE v.t_ref < 50",
                    "SELECT count(*) FROM e LEFT JOIN u ON u.t_id = e.id",
                    "SELECT w.k, w.kk, u.x FROM w JOIN u ON u.t_id = w.id",
                    "SELECT x.k + 1, u.x FROM x JOIN u ON u.t_id = x.id WHERE x.k + 1 > 0",
                    "SELECT t.k, t2.k FROM t JOIN t AS t2 ON t2.id = t.id WHERE t2.k < 700"}) {
                    assertThat(sorted(oneLite(s, sql))).as(nameLength + ": " + sql).isEqualTo(sorted(sqlite(c, sql)));
                }
                // the same after deletes thinned the first leaves out
                both(s, c, "DELETE FROM t WHERE id < 400 AND id % 4 <> 0");
                String sql = "SELECT t.k, u.x FROM t LEFT JOIN u ON u.t_id = t.id";
                assertThat(sorted(oneLite(s, sql))).as(nameLength + " after deletes: " + sql).isEqualTo(sorted(sqlite(c, sql)));
            }
        }
    }

    /**
     * In BEGIN CONCURRENT the index walk stays: the query read t's k and rowids only, so a
     * write of t's name beside it commits; the table walk would have read every row whole and
     * made that write conflict. A write the query did read (a row added to u for a t row it
     * found unmatched) conflicts either way.
     */
    @Test
    void concurrentTransactionsKeepTheIndexWalkAndItsNarrowerReads() {
        String[] setup = {
            "CREATE TABLE t(id INTEGER PRIMARY KEY, k INT, name TEXT)", "CREATE INDEX tk ON t(k)",
            "CREATE TABLE u(id INTEGER PRIMARY KEY, t_id INT, x INT)", "CREATE INDEX ut ON u(t_id)",
            "CREATE TABLE log(x)",
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000) "
                    + "INSERT INTO t SELECT i, (i * 7919) % 2003, 'n' || i FROM n",
            "INSERT INTO u(t_id, x) SELECT id, id FROM t WHERE id % 2 = 0"};
        String query = "SELECT count(*) FROM t LEFT JOIN u ON u.t_id = t.id WHERE u.id IS NULL";
        ReadSetConflicts.commitAfter(setup, query, "1000", "UPDATE t SET name = 'renamed' WHERE id = 777", false);
        ReadSetConflicts.commitAfter(setup, query, "1000", "INSERT INTO u(t_id, x) VALUES (777, 0)", true);
    }
}
