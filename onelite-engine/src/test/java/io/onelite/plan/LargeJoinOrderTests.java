package io.onelite.plan;

import io.onelite.api.Database;
import io.onelite.api.DatabaseOptions;
import io.onelite.api.Session;
import io.onelite.testing.ReplaySeed;
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
 * Inner joins of more than four tables loop in the cheapest order SQLite's path solver finds
 * ({@link JoinOrder}), not the order written: chains, stars and random join trees of five to
 * eight tables against native SQLite, results identical and EXPLAIN QUERY PLAN the same.
 */
class LargeJoinOrderTests {
    private static final int TABLES = 8;

    @Test
    void randomJoinsOfFiveToEightTables() throws Exception {
        long seed = ReplaySeed.announce("LargeJoinOrderTests");
        Random r = new Random(seed);
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession();
             Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            for (int t = 0; t < TABLES; t++) {
                both(s, c, "CREATE TABLE t" + t + "(id INTEGER PRIMARY KEY, p INT, q INT, v TEXT)");
                if (r.nextBoolean()) {
                    both(s, c, "CREATE INDEX t" + t + "_p ON t" + t + "(p)");
                }
                if (r.nextInt(3) == 0) {
                    both(s, c, "CREATE INDEX t" + t + "_q ON t" + t + "(q)");
                }
                both(s, c, "BEGIN");
                for (int i = 1; i <= 40; i++) {
                    both(s, c, "INSERT INTO t" + t + " VALUES (" + i + ", " + (r.nextInt(40) + 1) + ", " + (r.nextInt(40) + 1)
                            + ", 'v" + r.nextInt(10) + "')");
                }
                both(s, c, "COMMIT");
            }
            int same = 0;
            int queries = 200;
            for (int k = 0; k < queries; k++) {
                int n = 5 + r.nextInt(TABLES - 4);
                List<Integer> tables = new ArrayList<>();
                for (int t = 0; t < TABLES; t++) {
                    tables.add(t);
                }
                java.util.Collections.shuffle(tables, r);
                tables = tables.subList(0, n);
                StringBuilder from = new StringBuilder();
                List<String> terms = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    from.append(i == 0 ? "" : ", ").append("t").append(tables.get(i));
                    if (i > 0) {
                        String a = "t" + tables.get(i);
                        String b = "t" + tables.get(r.nextInt(i));
                        String[] cols = {"id", "p", "q"};
                        terms.add(a + "." + cols[r.nextInt(3)] + " = " + b + "." + cols[r.nextInt(3)]);
                    }
                }
                for (int f = r.nextInt(3); f > 0; f--) {
                    String t = "t" + tables.get(r.nextInt(n));
                    String[] filters = {".id = %d", ".p = %d", ".q = %d", ".v = 'v%d'", ".id BETWEEN %d AND %d + 5", ".p > %d"};
                    terms.add(t + filters[r.nextInt(filters.length)].replace("%d", Integer.toString(r.nextInt(40) + 1)));
                }
                java.util.Collections.shuffle(terms, r);
                String sql = "SELECT count(*), sum(t" + tables.get(0) + ".id) FROM " + from + " WHERE " + String.join(" AND ", terms);
                assertThat(oneLite(s, sql)).as("seed " + seed + ": " + sql).isEqualTo(sqlite(c, sql));
                List<String> mine = planOneLite(s, sql);
                List<String> theirs = planSqlite(c, sql);
                if (mine.equals(theirs)) {
                    same++;
                } else if (System.getProperty("show") != null) {
                    System.out.println(sql + "\n  onelite " + mine + "\n  sqlite  " + theirs);
                }
            }
            System.out.println("same plan " + same + " of " + queries);
        }
    }

    /**
     * Shapes where SQLite's order is far from the written one: the plans must be SQLite's (for the
     * star, its first two loops: SQLite's order of the equal-cost lookups after them follows
     * its rounding of costs), the rows too.
     */
    @Test
    void plansOfLargeJoinsAreSqlites() throws Exception {
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession();
             Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            for (String ddl : new String[] {
                "CREATE TABLE a(id INTEGER PRIMARY KEY, x INT, v TEXT)", "CREATE INDEX a_x ON a(x)",
                "CREATE TABLE b(id INTEGER PRIMARY KEY, y INT)", "CREATE INDEX b_y ON b(y)",
                "CREATE TABLE c(id INTEGER PRIMARY KEY, z INT)", "CREATE INDEX c_z ON c(z)",
                "CREATE TABLE d(id INTEGER PRIMARY KEY, w INT)", "CREATE INDEX d_w ON d(w)",
                "CREATE TABLE e(id INTEGER PRIMARY KEY, name TEXT)",
                "CREATE TABLE f(id INTEGER PRIMARY KEY, a_id INT, b_id INT, c_id INT, d_id INT, e_id INT, amount INT)",
                "CREATE INDEX f_e ON f(e_id)",
                "CREATE TABLE g(id INTEGER PRIMARY KEY, kind TEXT, n INT)",
            }) {
                both(s, c, ddl);
            }
            both(s, c, "BEGIN");
            for (int i = 1; i <= 60; i++) {
                for (String t : new String[] {"a(id, x, v)", "b(id, y)", "c(id, z)", "d(id, w)"}) {
                    String cols = t.substring(t.indexOf('('));
                    String values = cols.contains("v") ? i + ", " + (i % 13 + 1) + ", 'v" + (i % 5) + "'" : i + ", " + (i % 11 + 1);
                    both(s, c, "INSERT INTO " + t + " VALUES (" + values + ")");
                }
                both(s, c, "INSERT INTO e VALUES (" + i + ", 'e" + (i % 7) + "')");
                both(s, c, "INSERT INTO f VALUES (" + i + ", " + (i % 17 + 1) + ", " + (i % 19 + 1) + ", " + (i % 23 + 1)
                        + ", " + (i % 29 + 1) + ", " + (i % 31 + 1) + ", " + i * 3 + ")");
                both(s, c, "INSERT INTO g VALUES (" + i + ", 'k" + (i % 3) + "', " + i % 9 + ")");
            }
            both(s, c, "COMMIT");
            Object[][] shapes = {
                // a chain whose one constant is at its far end: SQLite walks it from there
                {"SELECT a.id, b.id, c.id, d.id, e.id FROM a, b, c, d, e WHERE a.x = b.id AND b.y = c.id AND c.z = d.id AND d.w = e.id AND e.id = 5", 99},
                {"SELECT count(*) FROM g JOIN a ON g.id = a.x JOIN b ON b.id = a.id JOIN c ON c.id = b.y JOIN d ON d.id = c.z JOIN e ON e.id = d.w WHERE a.v = 'v2'", 99},
                // a star: the fact table found through the filtered dimension's key
                {"SELECT f.amount, a.v, b.y, c.z, d.w FROM a, b, c, d, f, e WHERE f.a_id = a.id AND f.b_id = b.id AND f.c_id = c.id AND f.d_id = d.id AND f.e_id = e.id AND e.id = 3", 2},
                // five tables where the written order starts with the one table no term narrows
                {"SELECT count(*), sum(g.n) FROM g, a, b, c, d WHERE g.n = a.x AND a.id = b.y AND b.id = c.z AND c.id = d.w AND d.id BETWEEN 10 AND 12", 99},
                // a term the lookup does not use still makes its table the better outer loop (whereLoopOutputAdjust)
                {"SELECT count(*) FROM b, a WHERE a.id = b.id AND a.v > 'v1'", 99},
                {"SELECT count(*) FROM b, g WHERE g.id = b.id AND g.n = 4", 99},
            };
            for (Object[] shape : shapes) {
                String sql = (String) shape[0];
                List<String> theirs = planSqlite(c, sql);
                int lines = Math.min((Integer) shape[1], theirs.size());
                assertThat(planOneLite(s, sql).subList(0, lines)).as(sql).isEqualTo(theirs.subList(0, lines));
                assertThat(oneLite(s, sql)).as(sql).containsExactlyInAnyOrderElementsOf(sqlite(c, sql));
            }
        }
    }
}
