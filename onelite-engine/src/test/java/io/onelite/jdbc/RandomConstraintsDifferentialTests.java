package io.onelite.jdbc;

import io.onelite.testing.ReplaySeed;
import org.junit.jupiter.api.Test;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Random writes to tables with generated columns (VIRTUAL and STORED, one indexed, one UNIQUE),
 * CHECK, NOT NULL and UNIQUE constraints, a STRICT table, conflict clauses and upserts, on both
 * drivers: every statement's outcome (count or error) and the final contents must agree. Replay
 * with the printed seed ({@code -Donelite.seed}).
 */
class RandomConstraintsDifferentialTests {
    private static final String[] SCHEMA = {
        "CREATE TABLE g(id INTEGER PRIMARY KEY, a INT, b TEXT NOT NULL ON CONFLICT REPLACE DEFAULT 'z', "
                + "c AS (a * 2), d AS (b || a) STORED UNIQUE, e INT CHECK (e IS NULL OR e < 50), "
                + "CHECK (c IS NULL OR c < 40))",
        "CREATE INDEX g_c ON g(c)",
        "CREATE TABLE s(id INTEGER PRIMARY KEY, a INTEGER, b TEXT, r REAL, x ANY, "
                + "c INTEGER AS (a + 1), UNIQUE (a, b)) STRICT",
        "CREATE TABLE w(k TEXT PRIMARY KEY, n INT NOT NULL, m AS (n % 5), t AS (k || n) STORED UNIQUE, "
                + "CHECK (n < 30)) WITHOUT ROWID",
        "CREATE INDEX w_m ON w(m)",
        "PRAGMA foreign_keys = ON",
        "CREATE TABLE f(id INTEGER PRIMARY KEY, gd TEXT REFERENCES g(d) ON DELETE CASCADE ON UPDATE SET NULL)",
        "CREATE TABLE log(id INTEGER PRIMARY KEY, what TEXT)",
        "CREATE TRIGGER g_ins BEFORE INSERT ON g WHEN new.e > 40 BEGIN "
                + "INSERT INTO log(what) VALUES ('big ' || new.c || ' ' || coalesce(new.d, '-')); END",
        "CREATE TRIGGER w_del AFTER DELETE ON w BEGIN UPDATE g SET e = NULL WHERE c = old.m * 2; END",
        "CREATE TRIGGER g_upd AFTER UPDATE ON g BEGIN INSERT INTO log(what) VALUES ('g ' || old.d || '>' || new.d); END",
    };

    private static final String[] A = {"NULL", "0", "1", "2", "3", "7", "19", "25", "'3'", "'x'", "2.5"};
    private static final String[] B = {"NULL", "'p'", "'q'", "'r'", "5", "'1'"};

    private static String pick(Random rnd, String[] values) {
        return values[rnd.nextInt(values.length)];
    }

    private static String statement(Random rnd) {
        String a = pick(rnd, A);
        String b = pick(rnd, B);
        String e = rnd.nextInt(4) == 0 ? "NULL" : Integer.toString(rnd.nextInt(60));
        String k = "'" + (char) ('a' + rnd.nextInt(6)) + "'";
        String n = rnd.nextInt(5) == 0 ? "NULL" : Integer.toString(rnd.nextInt(35));
        int x = rnd.nextInt(40);
        return switch (rnd.nextInt(30)) {
            case 24 -> "SELECT c, count(*), sum(e) FROM g GROUP BY c ORDER BY c";
            case 25 -> "SELECT id, c, d FROM g WHERE c > " + x + " ORDER BY c DESC, id LIMIT 3";
            case 26 -> "SELECT g.id, w.k FROM g JOIN w ON w.m * 2 = g.c WHERE g.e IS NOT NULL ORDER BY g.id, w.k";
            case 27 -> "SELECT d FROM g WHERE d LIKE " + b + " || '%' ORDER BY d";
            case 28 -> "SELECT m, min(t), max(n) FROM w GROUP BY m HAVING count(*) > 0 ORDER BY m";
            case 29 -> "SELECT c FROM s WHERE c IN (SELECT a + 1 FROM s WHERE b IS NOT NULL) ORDER BY c";
            case 20 -> "SAVEPOINT sp";
            case 21 -> rnd.nextBoolean() ? "ROLLBACK TO sp" : "RELEASE sp";
            case 22 -> "INSERT INTO g(a, b, e) VALUES (" + a + ", " + b + ", " + e + ") RETURNING c, d, e";
            case 23 -> "UPDATE g SET a = a + 1 WHERE e IN (SELECT n FROM w) RETURNING id, c, d";
            case 14 -> "INSERT OR REPLACE INTO w(k, n) VALUES (" + k + ", " + n + ")";
            case 15 -> "INSERT INTO w(k, n) VALUES (" + k + ", " + n + ") ON CONFLICT (k) DO UPDATE SET n = n + 1";
            case 16 -> "UPDATE OR IGNORE w SET n = " + n + " WHERE m = " + rnd.nextInt(5);
            case 17 -> "DELETE FROM w WHERE t > " + k;
            case 18 -> "INSERT INTO f(gd) SELECT d FROM g WHERE c = " + 2 * rnd.nextInt(10);
            case 19 -> "DELETE FROM g WHERE c = " + 2 * rnd.nextInt(10);
            case 0, 1 -> "INSERT INTO g(a, b, e) VALUES (" + a + ", " + b + ", " + e + ")";
            case 2 -> "INSERT OR IGNORE INTO g(a, b, e) VALUES (" + a + ", " + b + ", " + e + ")";
            case 3 -> "INSERT OR REPLACE INTO g(a, b, e) VALUES (" + a + ", " + b + ", " + e + ")";
            case 4 -> "INSERT INTO g(a, b, e) VALUES (" + a + ", " + b + ", " + e + ") ON CONFLICT (d) DO UPDATE SET e = "
                    + e + ", a = excluded.a + 1";
            case 5 -> "UPDATE g SET a = " + a + " WHERE c = " + 2 * rnd.nextInt(10);
            case 6 -> "UPDATE g SET e = " + e + " WHERE id % 3 = " + rnd.nextInt(3);
            case 7 -> "UPDATE OR IGNORE g SET b = " + b + " WHERE e > " + rnd.nextInt(40); // a rowid walk: the order SQLite takes rows in
            case 8 -> "DELETE FROM g WHERE c > " + rnd.nextInt(40) + " AND e IS NOT NULL";
            case 9, 10 -> "INSERT INTO s(a, b, r, x) VALUES (" + a + ", " + b + ", " + pick(rnd, A) + ", " + pick(rnd, B) + ")";
            case 11 -> "INSERT INTO s(a, b) VALUES (" + a + ", " + b + ") ON CONFLICT (a, b) DO UPDATE SET r = " + pick(rnd, A);
            case 12 -> "UPDATE s SET a = " + a + " WHERE c > " + rnd.nextInt(10);
            default -> "UPDATE OR REPLACE s SET b = " + b + " WHERE a = " + rnd.nextInt(8);
        };
    }

    /**
     * Rows that conflict with each other are written in SQLite's order: the loop's when SQLite
     * updates in one pass, rowid order when it takes two (here: the WHERE index is changed, or a
     * trigger exists, or OR REPLACE), so the same row survives.
     */
    @Test
    void conflictingRowsAreUpdatedInSqlitesOrder() throws SQLException {
        String[] script = {
            "CREATE TABLE t(id INTEGER PRIMARY KEY, a INT, b TEXT, v INT, UNIQUE (a, b))",
            "CREATE INDEX t_v ON t(v)",
            "INSERT INTO t VALUES (1, 2, 'z', 9), (2, 2, 'c', 8), (3, 2, 'm', 7), (4, 5, 'q', 6)",
            "UPDATE OR REPLACE t SET b = 'k' WHERE a = 2",
            "SELECT * FROM t ORDER BY id",
            "INSERT INTO t VALUES (5, 7, 'z', 1), (6, 7, 'c', 2), (7, 7, 'm', 3)",
            "UPDATE OR IGNORE t SET b = 'k' WHERE v < 4",
            "SELECT * FROM t ORDER BY id",
            "UPDATE OR IGNORE t SET a = 5, b = 'q' WHERE v > 0",
            "SELECT * FROM t ORDER BY id",
            "CREATE TABLE log(x)",
            "CREATE TRIGGER tu AFTER UPDATE ON t BEGIN INSERT INTO log VALUES (new.id); END",
            "UPDATE OR IGNORE t SET a = 9, b = 'w' WHERE v < 10",
            "SELECT * FROM t ORDER BY id",
            "SELECT * FROM log",
            "CREATE TABLE w(k TEXT PRIMARY KEY, a INT, b TEXT, UNIQUE (a, b)) WITHOUT ROWID",
            "INSERT INTO w VALUES ('z', 2, 'x'), ('c', 2, 'y'), ('m', 2, 'w'), ('q', 3, 'x')",
            "UPDATE OR REPLACE w SET b = 'k' WHERE a = 2",
            "SELECT * FROM w ORDER BY k",
            "INSERT INTO w VALUES ('b', 4, 'u'), ('a', 4, 'v')",
            "UPDATE OR IGNORE w SET b = 'x', a = 3 WHERE a = 4",
            "SELECT * FROM w ORDER BY k",
        };
        assertThat(WithoutRowidDifferentialTests.run(Drivers.ONELITE, script))
                .containsExactlyElementsOf(WithoutRowidDifferentialTests.run(Drivers.NATIVE, script));
    }

    @Test
    void outcomesAndContentsAgreeWithNativeSqlite() throws SQLException {
        long base = ReplaySeed.announce("RandomConstraintsDifferentialTests");
        for (int round = 0; round < 4; round++) {
            long seed = base + round;
            Random rnd = new Random(seed);
            List<String> script = new ArrayList<>(List.of(SCHEMA));
            for (int i = 0; i < 150; i++) {
                script.add(statement(rnd));
            }
            script.add("SELECT id, a, typeof(a), b, c, typeof(c), d, e FROM g ORDER BY id");
            script.add("SELECT id, c FROM g WHERE c BETWEEN 2 AND 20 ORDER BY c, id");
            script.add("SELECT id, a, b, r, typeof(r), x, typeof(x), c FROM s ORDER BY id");
            script.add("SELECT what FROM log ORDER BY id");
            script.add("SELECT * FROM w ORDER BY k");
            script.add("SELECT k, m FROM w WHERE m BETWEEN 1 AND 3 ORDER BY m, k");
            script.add("SELECT * FROM f ORDER BY id");
            script.add("PRAGMA integrity_check");
            String[] s = script.toArray(new String[0]);
            List<String> oneLite = WithoutRowidDifferentialTests.run(Drivers.ONELITE, s);
            List<String> exact = WithoutRowidDifferentialTests.run(Drivers.NATIVE, s);
            for (int i = 0; i < Math.min(oneLite.size(), exact.size()); i++) { // the first difference, readably
                assertThat(oneLite.get(i)).as("seed " + seed + ", statement " + i + " after " + (i > 0 ? oneLite.get(i - 1) : "")).isEqualTo(exact.get(i));
            }
            assertThat(oneLite).as("seed " + seed).hasSameSizeAs(exact);
        }
    }
}
