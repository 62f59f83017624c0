package io.onelite.plan;

import io.onelite.api.Database;
import io.onelite.api.DatabaseOptions;
import io.onelite.api.Session;
import io.onelite.testing.ReplaySeed;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.util.Random;

import static io.onelite.plan.NativeOracle.both;
import static io.onelite.plan.NativeOracle.oneLite;
import static io.onelite.plan.NativeOracle.planOneLite;
import static io.onelite.plan.NativeOracle.planSqlite;
import static io.onelite.plan.NativeOracle.sqlite;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Inner joins loop in the cheapest order (JoinOrder), not the order written: random joins of two
 * to four tables against native SQLite (results identical; the ORDER BY makes their order
 * total), and EXPLAIN QUERY PLAN worded as SQLite's where both pick the same order. Prints its seed.
 */
class JoinOrderTests {
    private static final String[] SCHEMA = {
        "CREATE TABLE t(id INTEGER PRIMARY KEY, k INTEGER, grp INTEGER, name TEXT)",
        "CREATE INDEX t_k ON t(k)",
        "CREATE TABLE c(id INTEGER PRIMARY KEY, name TEXT)",
        "CREATE TABLE o(id INTEGER PRIMARY KEY, tid INTEGER, amount REAL)",
        "CREATE INDEX o_tid ON o(tid)",
        "CREATE TABLE u(a, b)",
        "CREATE INDEX u_a ON u(a)",
    };

    @Test
    void randomInnerJoinsMatchNativeSqlite() throws Exception {
        long seed = ReplaySeed.announce("JoinOrderTests");
        Random r = new Random(seed);
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession();
             Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            for (String ddl : SCHEMA) {
                both(s, c, ddl);
            }
            both(s, c, "BEGIN");
            for (int i = 1; i <= 120; i++) {
                both(s, c, "INSERT INTO t VALUES (" + i + ", " + r.nextInt(30) + ", " + (r.nextInt(25) + 1) + ", 'n" + i + "')");
                both(s, c, "INSERT INTO o(tid, amount) VALUES (" + (r.nextInt(130) + 1) + ", " + r.nextInt(100) + ".5)");
                both(s, c, "INSERT INTO u VALUES (" + r.nextInt(40) + ", " + (r.nextBoolean() ? "NULL" : r.nextInt(9)) + ")");
            }
            for (int i = 1; i <= 20; i++) {
                both(s, c, "INSERT INTO c VALUES (" + i + ", 'c" + i + "')");
            }
            both(s, c, "COMMIT");
            String[] joins = {
                "FROM c JOIN t ON c.id = t.grp",
                "FROM c, t WHERE c.id = t.grp",
                "FROM o JOIN t ON t.id = o.tid",
                "FROM t JOIN o ON t.id = o.tid",
                "FROM c JOIN o ON o.tid = c.id JOIN t ON t.id = o.tid",
                "FROM u JOIN t ON u.a = t.k JOIN c ON c.id = t.grp",
                "FROM c CROSS JOIN t ON c.id = t.grp",
                "FROM o, c, t WHERE t.grp = c.id AND o.tid = t.id",
            };
            String[] wheres = {"", " t.k = %d", " t.k BETWEEN %d AND %d + 4", " t.id > %d * 4", " c.id = %d % 20",
                " t.name > 'n%d'"};
            for (int q = 0; q < 150; q++) {
                String from = joins[r.nextInt(joins.length)];
                String w = wheres[r.nextInt(wheres.length)].replace("%d", Integer.toString(r.nextInt(30)));
                if (!from.matches(".*\\bc\\b.*") && w.contains("c.id")) {
                    w = "";
                }
                String where = w.isEmpty() ? "" : (from.contains("WHERE") ? " AND" : " WHERE") + w;
                String ids = orderIds(from);
                String sql = "SELECT " + ids + ", t.name " + from + where + " ORDER BY " + ids;
                assertThat(oneLite(s, sql)).as("seed " + seed + ": " + sql).isEqualTo(sqlite(c, sql));
                String count = "SELECT count(*), sum(t.k) " + from + where;
                assertThat(oneLite(s, count)).as("seed " + seed + ": " + count).isEqualTo(sqlite(c, count));
            }
        }
    }

    /** Every joined table's rowid, which together identify a result row. */
    private static String orderIds(String from) {
        StringBuilder sb = new StringBuilder();
        for (String t : new String[] {"t", "c", "o", "u"}) {
            if (from.matches(".*\\b" + t + "\\b.*")) {
                sb.append(sb.length() == 0 ? "" : ", ").append(t).append(".rowid");
            }
        }
        return sb.toString();
    }

    @Test
    void joinPlansReadAsNativeSqlitesWhereBothPickTheSameOrder() throws Exception {
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession();
             Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            for (String ddl : SCHEMA) {
                both(s, c, ddl);
            }
            both(s, c, "CREATE TABLE v(a INT, b INT, c INT)");
            both(s, c, "CREATE INDEX v_ab ON v(a, b)");
            for (String sql : new String[] {
                "SELECT t.id, c.name FROM c JOIN t ON c.id = t.grp WHERE t.k BETWEEN 1 AND 5",
                "SELECT t.id, c.name FROM c, t WHERE c.id = t.grp AND t.k = 7",
                "SELECT * FROM o JOIN t ON t.id = o.tid",
                "SELECT * FROM t JOIN o ON t.id = o.tid",
                "SELECT * FROM o JOIN t ON t.id = o.tid WHERE t.k = 3",
                "SELECT * FROM c CROSS JOIN t ON c.id = t.grp WHERE t.k = 3",
                "SELECT * FROM c JOIN t ON c.id = t.id",
                "SELECT * FROM t JOIN c ON c.id = t.id",
                "SELECT * FROM u JOIN v ON u.a = v.a"}) {
                assertThat(planOneLite(s, sql)).as(sql).isEqualTo(planSqlite(c, sql));
            }
        }
    }
}
