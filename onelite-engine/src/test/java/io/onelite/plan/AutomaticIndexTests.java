package io.onelite.plan;

import io.onelite.api.Database;
import io.onelite.api.DatabaseOptions;
import io.onelite.api.Session;
import io.onelite.exec.AutoIndexLevel;
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
 * Automatic indexes on a join's inner source (a table or a subquery with no index serving the
 * join's equality terms) against native SQLite: the same rows on random data with NULLs, mixed
 * types and collations (inner and LEFT joins, WITHOUT ROWID tables, several key columns, partial conditions,
 * subqueries, views and CTEs, triggers that see the rows of each firing), EXPLAIN QUERY PLAN
 * worded as SQLite's ("BLOOM FILTER ON", "SEARCH c USING AUTOMATIC [PARTIAL] COVERING INDEX
 * (x=?)"), {@code PRAGMA automatic_index} turning them off, and the scan a too-large source
 * falls back to. Prints its seed.
 */
class AutomaticIndexTests {
    private static final String[] SCHEMA = {
        "CREATE TABLE p(id INTEGER PRIMARY KEY, x, y INTEGER, z TEXT COLLATE NOCASE, w TEXT)",
        "CREATE TABLE q(id INTEGER PRIMARY KEY, x, y INTEGER, z TEXT COLLATE NOCASE, w TEXT)",
        "CREATE TABLE r(k INTEGER, v TEXT)",
        "CREATE VIEW qv AS SELECT x, y, z, id AS qid FROM q",
        "CREATE TABLE qr(id INTEGER PRIMARY KEY, x, y INTEGER, z TEXT COLLATE NOCASE, w TEXT) WITHOUT ROWID",
    };

    private static String value(Random r) {
        return switch (r.nextInt(9)) {
            case 0 -> "NULL";
            case 1, 2, 3 -> Integer.toString(r.nextInt(15));
            case 4 -> r.nextInt(15) + ".0";
            case 5 -> r.nextInt(15) + ".5";
            case 6 -> "'" + (r.nextBoolean() ? "A" : "a") + r.nextInt(4) + "'";
            case 7 -> "'" + r.nextInt(15) + "'";
            default -> "x'0" + r.nextInt(3) + "'";
        };
    }

    private static void fill(Session s, Connection c, Random r) {
        for (String ddl : SCHEMA) {
            both(s, c, ddl);
        }
        both(s, c, "BEGIN");
        for (String t : new String[] {"p", "q"}) {
            for (int i = 0; i < 200; i++) {
                both(s, c, "INSERT INTO " + t + "(x, y, z, w) VALUES (" + value(r) + ", " + value(r) + ", " + value(r)
                        + ", " + value(r) + ")");
            }
        }
        for (int i = 0; i < 60; i++) {
            both(s, c, "INSERT INTO r VALUES (" + value(r) + ", " + value(r) + ")");
        }
        both(s, c, "INSERT INTO qr SELECT * FROM q");
        both(s, c, "COMMIT");
    }

    private static final String[] JOIN_TERMS = {"q.x = p.x", "p.x = q.x", "q.y = p.y", "q.z = p.z", "q.w = p.w",
        "q.y = p.x", "q.x = p.y", "q.w = p.z", "q.z = p.w", "q.x = p.y + 1", "q.x = p.x AND q.y = p.y",
        "p.z = q.z AND q.w = p.w", "q.w = p.x", "p.x = q.z", "q.w = p.y", "q.y = p.x AND q.z = 'a1'",
        "q.x = p.x AND q.y > 5", "q.w = p.w AND q.x IS NOT NULL"};

    @Test
    void randomJoinsReturnWhatNativeSqliteReturns() throws Exception {
        long seed = ReplaySeed.announce("AutomaticIndexTests");
        Random r = new Random(seed);
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession();
             Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            fill(s, c, r);
            List<String> queries = new ArrayList<>();
            int automatic = 0;
            for (int i = 0; i < 40; i++) {
                String on = JOIN_TERMS[r.nextInt(JOIN_TERMS.length)];
                String where = r.nextInt(3) == 0 ? " WHERE p.y < " + r.nextInt(15) : "";
                queries.add("SELECT p.id, q.id FROM p JOIN q ON " + on + where + " ORDER BY p.id, q.id");
                queries.add("SELECT p.id, q.id, q.w FROM p LEFT JOIN q ON " + on + where + " ORDER BY p.id, q.id");
                queries.add("SELECT count(*), sum(q.id) FROM p, q WHERE " + on);
                String sub = on.replace("q.", "g.");
                queries.add("SELECT p.id, g.id, g.n FROM p JOIN (SELECT id, x, y, z, w, count(*) OVER () AS n FROM q"
                        + " WHERE id % 3 <> 0) AS g ON " + sub + " ORDER BY p.id, g.id");
                queries.add("WITH g AS MATERIALIZED (SELECT id, x, y, z, w FROM q LIMIT 150) SELECT p.id, g.id FROM p"
                        + " JOIN g ON " + sub + " ORDER BY p.id, g.id");
                queries.add("SELECT p.id, qv.qid FROM p JOIN qv ON " + on.replace("q.w", "qv.z").replace("q.", "qv.")
                        + " ORDER BY p.id, qv.qid");
                queries.add("SELECT p.id, qr.id FROM p JOIN qr ON " + on.replace("q.", "qr.") + where
                        + " ORDER BY p.id, qr.id");
                queries.add("SELECT p.id, r.k, q.id FROM p JOIN r ON r.k = p.y JOIN q ON q.x = r.v"
                        + " ORDER BY p.id, r.rowid, q.id");
            }
            for (String sql : queries) {
                assertThat(oneLite(s, sql)).as("seed " + seed + ": " + sql).isEqualTo(sqlite(c, sql));
                automatic += String.join("\n", planOneLite(s, sql)).contains("AUTOMATIC") ? 1 : 0;
            }
            assertThat(automatic).as("joins read through an automatic index").isGreaterThan(queries.size() / 2);
            // the same rows with automatic indexes off (the plans are made again)
            both(s, c, "PRAGMA automatic_index = OFF");
            for (String sql : queries.subList(0, 30)) {
                assertThat(planOneLite(s, sql)).as(sql).noneMatch(line -> line.contains("AUTOMATIC"));
                assertThat(oneLite(s, sql)).as("seed " + seed + ", automatic_index off: " + sql)
                        .isEqualTo(sqlite(c, sql));
            }
        }
    }

    @Test
    void aSourceTooLargeForTheIndexIsScannedWithTheSameRows() throws Exception {
        long seed = ReplaySeed.announce("AutomaticIndexTests");
        Random r = new Random(seed);
        AutoIndexLevel.setMaxEntries(25);
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession();
             Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            fill(s, c, r);
            for (String on : java.util.Arrays.copyOf(JOIN_TERMS, 6)) {
                String sql = "SELECT p.id, q.id FROM p JOIN q ON " + on + " ORDER BY p.id, q.id";
                assertThat(oneLite(s, sql)).as("seed " + seed + ": " + sql).isEqualTo(sqlite(c, sql));
            }
        } finally {
            AutoIndexLevel.setMaxEntries(AutoIndexLevel.MAX_ENTRIES);
        }
    }

    @Test
    void aTriggerFiringSeesTheRowsOfThatFiring() throws Exception {
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession();
             Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            for (String sql : new String[] {
                "CREATE TABLE a(id INTEGER PRIMARY KEY, k)", "CREATE TABLE b(k, tag)", "CREATE TABLE seen(n, m)",
                "INSERT INTO a(k) VALUES (1), (2), (3), (1), (2), (NULL)",
                "CREATE TRIGGER tb AFTER INSERT ON b BEGIN INSERT INTO seen SELECT new.tag, count(*) FROM a JOIN b"
                    + " ON b.k = a.k; END",
                "INSERT INTO b VALUES (1, 'one')", "INSERT INTO b VALUES (2, 'two')",
                "INSERT INTO b SELECT k, 'again' FROM a WHERE id < 4"}) {
                both(s, c, sql);
            }
            String sql = "SELECT * FROM seen ORDER BY rowid";
            assertThat(oneLite(s, sql)).isEqualTo(sqlite(c, sql)).hasSize(5);
        }
    }

    @Test
    void queryPlansReadAsNativeSqlites() throws Exception {
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession();
             Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            for (String ddl : new String[] {
                "CREATE TABLE a(id INTEGER PRIMARY KEY, x, y)", "CREATE INDEX a_x ON a(x)",
                "CREATE TABLE b(id INTEGER PRIMARY KEY, x, y)", "CREATE TABLE c(id INTEGER PRIMARY KEY, x, y)",
                "CREATE TABLE d(x INT, y TEXT)", "CREATE TABLE w(k ANY, v ANY) STRICT", "CREATE TABLE wr(k PRIMARY KEY, v) WITHOUT ROWID"}) {
                both(s, c, ddl);
            }
            for (String sql : new String[] {
                "SELECT * FROM a JOIN b ON a.x = b.y",
                "SELECT * FROM b JOIN c ON b.x = c.x",
                "SELECT * FROM b JOIN c ON b.x = c.x AND b.y = c.y",
                "SELECT * FROM b JOIN c ON b.x = c.x WHERE b.id = 5",
                "SELECT * FROM b JOIN c ON b.x = c.x WHERE b.id > 5",
                "SELECT * FROM b LEFT JOIN c ON b.x = c.x",
                "SELECT * FROM b LEFT JOIN c ON b.x = c.x AND c.y > 3",
                "SELECT * FROM b JOIN c ON b.x = c.x JOIN a ON a.y = c.y",
                "SELECT * FROM b, c WHERE c.x = 5",
                "SELECT * FROM b, c WHERE c.x = b.x + 1",
                "SELECT * FROM b CROSS JOIN c WHERE c.x = b.x",
                "SELECT * FROM b JOIN c ON b.x = c.x ORDER BY b.id",
                "SELECT b.x FROM b JOIN c ON b.x = c.x",
                "SELECT * FROM b JOIN c ON b.x = c.rowid + 0",
                "SELECT * FROM d JOIN b ON b.x = d.y",
                "SELECT * FROM b JOIN d ON b.x = d.y",
                "SELECT * FROM d d1 JOIN d d2 ON d1.x = d2.y",
                "SELECT * FROM b JOIN w ON w.k = b.x",
                "SELECT * FROM b JOIN wr ON wr.v = b.x",
                "SELECT * FROM b NOT INDEXED JOIN c NOT INDEXED ON b.x = c.x"}) {
                assertThat(planOneLite(s, sql)).as(sql).isEqualTo(planSqlite(c, sql));
            }
            both(s, c, "PRAGMA automatic_index = OFF");
            assertThat(oneLite(s, "PRAGMA automatic_index")).isEqualTo(sqlite(c, "PRAGMA automatic_index"))
                    .containsExactly("I0|");
            String join = "SELECT * FROM b JOIN c ON b.x = c.x";
            assertThat(planOneLite(s, join)).isEqualTo(planSqlite(c, join)).containsExactly("SCAN b", "SCAN c");
            both(s, c, "PRAGMA automatic_index = ON");
            assertThat(oneLite(s, "PRAGMA automatic_index")).containsExactly("I1|");
            assertThat(planOneLite(s, join)).isEqualTo(planSqlite(c, join)).hasSize(3);
        }
    }
}
