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
 * The planner's access paths against native SQLite on the same random data: covering-index
 * reads, ORDER BY and GROUP BY satisfied by an index or the rowid (forward and reverse, with
 * equality, IN and range terms, LIMIT/OFFSET), count(*) through an index, joins whose outer loop
 * gives the order. Results must be identical, in order; EXPLAIN QUERY PLAN must read as
 * SQLite's for the shapes where both pick the same plan. Prints its seed.
 */
class AccessPathDifferentialTests {
    private static final String[] SCHEMA = {
        "CREATE TABLE t(id INTEGER PRIMARY KEY, a INTEGER, b TEXT COLLATE NOCASE, c REAL, d, e TEXT)",
        "CREATE INDEX ta ON t(a)",
        "CREATE INDEX tbd ON t(b, d DESC)",
        "CREATE INDEX tce ON t(c DESC, e)",
        "CREATE INDEX tae ON t(a, e COLLATE NOCASE)",
        "CREATE TABLE u(id INTEGER PRIMARY KEY, tid INTEGER, w TEXT)",
        "CREATE INDEX u_tid ON u(tid)",
    };

    private static String value(Random r) {
        return switch (r.nextInt(8)) {
            case 0 -> "NULL";
            case 1, 2, 3 -> Integer.toString(r.nextInt(12));
            case 4 -> r.nextInt(12) + ".5";
            case 5 -> "'" + (r.nextBoolean() ? "Q" : "q") + r.nextInt(5) + "'";
            case 6 -> "x'0" + r.nextInt(4) + "'";
            default -> r.nextInt(12) + ".0";
        };
    }

    private static void fill(Session s, Connection c, Random r) {
        for (String ddl : SCHEMA) {
            both(s, c, ddl);
        }
        both(s, c, "BEGIN");
        for (int i = 0; i < 300; i++) {
            both(s, c, "INSERT INTO t(a, b, c, d, e) VALUES (" + value(r) + ", " + value(r) + ", " + value(r) + ", "
                    + value(r) + ", " + value(r) + ")");
        }
        for (int i = 0; i < 200; i++) {
            both(s, c, "INSERT INTO u(tid, w) VALUES (" + (r.nextInt(8) == 0 ? "NULL" : r.nextInt(320)) + ", "
                    + value(r) + ")");
        }
        both(s, c, "COMMIT");
    }

    private static String where(Random r) {
        int v = r.nextInt(12);
        return switch (r.nextInt(11)) {
            case 0 -> "";
            case 1 -> " WHERE a = " + v;
            case 2 -> " WHERE a IN (" + v + ", " + (v + 2) % 12 + ", NULL, " + v + ".0)";
            case 3 -> " WHERE a > " + v;
            case 4 -> " WHERE a BETWEEN " + v + " AND " + (v + 4);
            case 5 -> " WHERE b = 'q" + v % 5 + "'";
            case 6 -> " WHERE b = 'q" + v % 5 + "' AND d < " + v;
            case 7 -> " WHERE id > " + v * 20;
            case 8 -> " WHERE id BETWEEN " + v * 10 + " AND " + (v * 10 + 150);
            case 9 -> " WHERE c < " + v;
            default -> " WHERE d > " + v; // no index: a full scan
        };
    }

    private static final String[] ORDER_COLUMNS = {"a", "b", "c", "d", "e", "id", "b COLLATE BINARY",
        "e COLLATE NOCASE", "rowid"};

    private static final String[] SHOWABLE = {"a", "c", "e", "id", "b COLLATE BINARY", "rowid"};

    private static String orderBy(Random r) {
        return orderBy(r, ORDER_COLUMNS);
    }

    private static String orderBy(Random r, String[] columns) {
        List<String> terms = new ArrayList<>();
        for (int k = 1 + r.nextInt(3); k > 0; k--) {
            String t = columns[r.nextInt(columns.length)];
            t += switch (r.nextInt(6)) {
                case 0, 1 -> " DESC";
                case 2 -> " ASC";
                case 3 -> r.nextBoolean() ? " NULLS LAST" : " DESC NULLS FIRST";
                default -> "";
            };
            terms.add(t);
        }
        return String.join(", ", terms);
    }

    @Test
    void randomQueriesReturnWhatNativeSqliteReturnsInTheSameOrder() throws Exception {
        long seed = ReplaySeed.announce("AccessPathDifferentialTests");
        Random r = new Random(seed);
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession();
             Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            fill(s, c, r);
            String[] columnSets = {"id, a", "a", "b, d", "id, b, d", "c, e, id", "a, e", "*", "e", "id, a, b, c, d, e"};
            List<String> queries = new ArrayList<>();
            for (int q = 0; q < 250; q++) {
                String cols = columnSets[r.nextInt(columnSets.length)];
                String lim = switch (r.nextInt(4)) {
                    case 0 -> " LIMIT " + r.nextInt(20);
                    case 1 -> " LIMIT " + r.nextInt(20) + " OFFSET " + r.nextInt(40);
                    default -> "";
                };
                String w = where(r);
                // a final id makes the order total, so native SQLite's tie order cannot differ
                queries.add("SELECT " + cols + " FROM t" + w + " ORDER BY " + orderBy(r) + ", id" + lim);
                // only the ORDER BY columns shown, of those where equal values look the same (not d,
                // where 10 = 10.0, nor NOCASE text): rows that tie are indistinguishable
                String ob = orderBy(r, SHOWABLE);
                String shown = ob.replace(" DESC", "").replace(" ASC", "").replace(" NULLS FIRST", "")
                        .replace(" NULLS LAST", "");
                queries.add("SELECT " + shown + " FROM t" + w + " ORDER BY " + ob + lim);
                String g = new String[] {"a", "b", "e", "c", "d", "a, e"}[r.nextInt(6)];
                // b is NOCASE: which row's spelling a group shows is SQLite's choice, so show it folded;
                // max(c), not max(d): d holds both 6 and 6.0, and which one max() keeps depends
                // on the order rows reach the group
                // so is d, where 10 and 10.0 share a group: show it as a real
                queries.add("SELECT " + g.replace("b", "lower(b)").replace("d", "CAST(d AS REAL)")
                        + ", count(*), sum(id), max(c), count(d) FROM t" + w
                        + " GROUP BY " + g
                        + (r.nextBoolean() ? " ORDER BY " + g.split(",")[0] + (r.nextBoolean() ? " DESC" : "") : ""));
                queries.add("SELECT count(*), count(a), total(c) FROM t" + w);
                queries.add("SELECT DISTINCT a FROM t" + w + " ORDER BY a" + (r.nextBoolean() ? " DESC" : "") + lim);
                queries.add("SELECT t.id, t.a, u.id, u.w FROM t JOIN u ON u.tid = t.id" + w.replace(" a", " t.a")
                        .replace("id ", "t.id ") + " ORDER BY t.a" + (r.nextBoolean() ? " DESC" : "") + ", t.id, u.id" + lim);
                queries.add("SELECT id FROM t WHERE a = " + r.nextInt(12) + " ORDER BY id"
                        + (r.nextBoolean() ? " DESC" : "") + lim);
            }
            for (String sql : queries) {
                assertThat(oneLite(s, sql)).as("seed " + seed + ": " + sql).isEqualTo(sqlite(c, sql));
            }
            // the same after updates moved rows around the indexes
            for (int i = 0; i < 40; i++) {
                both(s, c, "UPDATE t SET a = " + value(r) + ", e = " + value(r) + " WHERE id % 9 = " + r.nextInt(9));
            }
            for (String sql : queries.subList(0, 200)) {
                assertThat(oneLite(s, sql)).as("seed " + seed + " after updates: " + sql).isEqualTo(sqlite(c, sql));
            }
        }
    }

    @Test
    void queryPlansReadAsNativeSqlitesWherebothPickTheSamePlan() throws Exception {
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession();
             Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            for (String ddl : new String[] {
                "CREATE TABLE t(id INTEGER PRIMARY KEY, k INTEGER NOT NULL, grp INTEGER, name TEXT, val REAL)",
                "CREATE INDEX t_k ON t(k)",
                "CREATE TABLE u(a, b)", "CREATE INDEX u_a ON u(a)", "CREATE INDEX u_ab ON u(a, b)",
                "CREATE TABLE v(a INT, b INT, c INT)", "CREATE INDEX v_ab ON v(a, b)",
                "CREATE TABLE w(x TEXT, y TEXT)", "CREATE INDEX w_x ON w(x)"}) {
                both(s, c, ddl);
            }
            for (String sql : new String[] {
                "SELECT count(*) FROM t",
                "SELECT k FROM t",
                "SELECT k, id FROM t WHERE k > 5",
                "SELECT count(*) FROM u",
                "SELECT a FROM u",
                "SELECT a, b FROM u",
                "SELECT a, b FROM v",
                "SELECT x FROM w",
                "SELECT count(*) FROM w",
                "SELECT * FROM t ORDER BY id DESC LIMIT 3",
                "SELECT * FROM t ORDER BY k LIMIT 3",
                "SELECT * FROM t ORDER BY k",
                "SELECT * FROM t WHERE grp = 3 ORDER BY k",
                "SELECT k FROM t ORDER BY k DESC",
                "SELECT id, k FROM t ORDER BY k DESC, id DESC",
                "SELECT grp, count(*) FROM t GROUP BY grp",
                "SELECT grp, count(*) FROM t GROUP BY grp ORDER BY grp",
                "SELECT k, count(*) FROM t GROUP BY k",
                "SELECT k, count(*) FROM t GROUP BY k ORDER BY k",
                "SELECT k, count(*) FROM t WHERE k > 5 GROUP BY k",
                "SELECT * FROM t WHERE k = 5 ORDER BY id",
                "SELECT name FROM t WHERE k = 5 ORDER BY id DESC",
                "SELECT * FROM t WHERE id > 5 ORDER BY id DESC",
                "SELECT * FROM t ORDER BY id",
                "SELECT name FROM t WHERE k > 10 ORDER BY k",
                "SELECT name FROM t WHERE k > 10 ORDER BY k DESC",
                "SELECT count(*) FROM t WHERE k > 10",
                "SELECT count(*) FROM t WHERE grp > 10",
                "SELECT id, name FROM t WHERE k = 7",
                "SELECT id FROM t WHERE k = 7",
                "SELECT t.id, c.name FROM t JOIN t AS c ON c.id = t.grp WHERE t.k BETWEEN 1 AND 5",
                "SELECT name FROM t ORDER BY val DESC, id LIMIT 10",
                "SELECT a, count(*) FROM v GROUP BY a ORDER BY a"}) {
                assertThat(planOneLite(s, sql)).as(sql).isEqualTo(planSqlite(c, sql));
            }
        }
    }
}
