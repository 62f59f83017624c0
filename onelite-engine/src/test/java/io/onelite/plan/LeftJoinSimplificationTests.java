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
 * A LEFT JOIN whose WHERE clause rejects its NULL-extended rows is planned as an inner join, as
 * SQLite does ({@link LeftJoinSimplification}): the plans are SQLite's (no LEFT-JOIN, the right
 * table looked up by its WHERE terms or looping first), the rows too; terms that accept a NULL
 * row (IS NULL, coalesce(), CASE, LIKE, an OR with a side that does) keep the LEFT JOIN.
 */
class LeftJoinSimplificationTests {
    private static final String[] SCHEMA = {
        "CREATE TABLE o(id INTEGER PRIMARY KEY, cid INT, total INT, note TEXT)",
        "CREATE INDEX o_cid ON o(cid)",
        "CREATE TABLE s(id INTEGER PRIMARY KEY, oid INT, carrier TEXT, n INT)",
        "CREATE INDEX s_oid ON s(oid)",
        "CREATE INDEX s_carrier ON s(carrier)",
        "CREATE TABLE c(id INTEGER PRIMARY KEY, name TEXT, carrier TEXT)",
    };

    /** The WHERE shapes, each with %s for a column of s: SQLite's walk decides which make the join inner. */
    private static final String[] WHERES = {
        "s.carrier = 'k1'", "s.n > 2", "s.n + 1 > 3", "-s.n < 0", "NOT (s.n = 2)", "s.carrier IN ('k1', 'k2')",
        "s.n BETWEEN 1 AND 3", "CAST(s.n AS TEXT) = '2'", "s.carrier COLLATE NOCASE = 'K1'", "s.id IS NOT NULL",
        "s.rowid > 3", "s.carrier || 'x' = 'k1x'", "likely(s.n = 1)", "o.total > 10 AND s.n = 1",
        "s.n = 1 OR s.n = 2", "s.carrier LIKE 'k%'", "s.id IS NULL", "coalesce(s.n, 0) = 0", "s.n IS 2",
        "CASE WHEN s.n > 1 THEN 1 ELSE 0 END = 1", "s.n = 1 OR o.total > 50", "s.carrier IN ()",
        "(s.n, 1) = (2, 1)", "s.n IN (SELECT 2)", "o.total > 10", "abs(s.n) = 2", "s.n IS NOT 2",
        "carrier = 'k1'", "n > 1",
    };

    @Test
    void whereTermsThatRejectNullRowsMakeTheJoinInner() throws Exception {
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session ses = db.openSession();
             Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            load(ses, c, new Random(3));
            for (String w : WHERES) {
                for (String from : new String[] {
                    "o LEFT JOIN s ON s.oid = o.id",
                    "o LEFT JOIN s ON s.oid = o.id AND s.n > 0",
                    "c JOIN o ON o.cid = c.id LEFT JOIN s ON s.oid = o.id",
                    "o LEFT JOIN s ON s.oid = o.id LEFT JOIN c ON c.id = o.cid",
                }) {
                    boolean withC = from.matches(".*\\bc\\b.*");
                    if (!w.contains(".") && withC) {
                        continue; // ambiguous there
                    }
                    // c.id read: SQLite leaves out a LEFT JOIN of a unique key whose columns go unread
                    String sql = "SELECT o.id, s.id" + (withC ? ", c.id" : "") + " FROM " + from + " WHERE " + w;
                    if (!w.contains("SELECT")) { // OneLite does not show an IN subquery's bloom filter
                        assertThat(planOneLite(ses, sql)).as(sql).isEqualTo(planSqlite(c, sql));
                    }
                    String ordered = sql + " ORDER BY 1, 2" + (withC ? ", 3" : "");
                    assertThat(oneLite(ses, ordered)).as(ordered).isEqualTo(sqlite(c, ordered));
                }
            }
        }
    }

    /**
     * A subquery, view or CTE beside the LEFT JOIN no longer keeps it outer (seed 271000018
     * q186): once inner, an ON term on the compound alone is pushed into its arms as SQLite
     * pushes it, where an arm's INTEGER column compares {@code '1'} as 1, so the row of 1 goes.
     */
    @Test
    void aSubqueryBesideTheLeftJoinDoesNotKeepItOuter() throws Exception {
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session ses = db.openSession();
             Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            for (String sql : new String[] {
                "CREATE TABLE a(id INTEGER PRIMARY KEY)", "INSERT INTO a VALUES (1), (2), (3)",
                "CREATE TABLE b(id INTEGER PRIMARY KEY, d)", "INSERT INTO b(d) VALUES (1), (2), (1.0), ('x')",
                "CREATE VIEW u(v) AS SELECT 'x' UNION ALL SELECT id FROM a",
            }) {
                assertThat(both(ses, c, sql)).as(sql).isTrue();
            }
            String compound = "(SELECT 'x' AS v UNION ALL SELECT a.id FROM a)";
            for (String from : new String[] {
                compound + " AS s LEFT JOIN b ON s.v <> '1'",
                compound + " AS s LEFT JOIN b ON b.id > 0 AND s.v <> '1'",
                "u AS s LEFT JOIN b ON s.v <> '1'",
                "b AS b0 JOIN " + compound + " AS s ON b0.id = 1 LEFT JOIN b ON s.v <> '1'",
            }) {
                for (String where : new String[] {"s.v = b.d", "b.d = s.v AND s.v IS NOT NULL", "s.v IS b.d"}) {
                    String sql = "SELECT s.v, b.id FROM " + from + " WHERE " + where + " ORDER BY 1, 2";
                    assertThat(oneLite(ses, sql)).as(sql).isEqualTo(sqlite(c, sql));
                }
            }
            String with = "WITH s(v) AS " + compound + " SELECT s.v, b.id FROM s LEFT JOIN b ON s.v <> '1' WHERE s.v = b.d ORDER BY 1, 2";
            assertThat(oneLite(ses, with)).as(with).isEqualTo(sqlite(c, with));
        }
    }

    @Test
    void randomLeftJoinsWithWhereTermsMatchNativeSqlite() throws Exception {
        long seed = ReplaySeed.announce("LeftJoinSimplificationTests");
        Random r = new Random(seed);
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session ses = db.openSession();
             Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            load(ses, c, r);
            for (int q = 0; q < 300; q++) {
                String w = qualified(r).replace("2", Integer.toString(r.nextInt(5)));
                String w2 = r.nextBoolean() ? "" : (r.nextBoolean() ? " AND " : " OR ") + qualified(r);
                String sql = "SELECT o.id, s.id, c.id FROM o LEFT JOIN s ON s.oid = o.id JOIN c ON c.id = o.cid"
                        + (r.nextBoolean() ? " LEFT JOIN s AS s2 ON s2.oid = c.id" : "")
                        + " WHERE (" + w + ")" + w2 + " ORDER BY 1, 2, 3";
                assertThat(oneLite(ses, sql)).as("seed " + seed + ": " + sql).isEqualTo(sqlite(c, sql));
            }
        }
    }

    /** One of {@link #WHERES} that names its columns with their table (c has a carrier too). */
    private static String qualified(Random r) {
        while (true) {
            String w = WHERES[r.nextInt(WHERES.length)];
            if (w.contains(".")) {
                return w;
            }
        }
    }

    private static void load(Session ses, Connection c, Random r) throws Exception {
        for (String ddl : SCHEMA) {
            both(ses, c, ddl);
        }
        both(ses, c, "BEGIN");
        for (int i = 1; i <= 40; i++) {
            both(ses, c, "INSERT INTO o VALUES (" + i + ", " + (r.nextInt(12) + 1) + ", " + r.nextInt(100) + ", 'n" + i + "')");
            if (r.nextInt(3) > 0) {
                both(ses, c, "INSERT INTO s(oid, carrier, n) VALUES (" + (r.nextInt(45) + 1) + ", "
                        + (r.nextInt(5) == 0 ? "NULL" : "'k" + r.nextInt(4) + "'") + ", " + (r.nextInt(6) == 0 ? "NULL" : r.nextInt(5)) + ")");
            }
        }
        for (int i = 1; i <= 10; i++) {
            both(ses, c, "INSERT INTO c VALUES (" + i + ", 'c" + i + "', 'k" + r.nextInt(4) + "')");
        }
        both(ses, c, "COMMIT");
    }
}
