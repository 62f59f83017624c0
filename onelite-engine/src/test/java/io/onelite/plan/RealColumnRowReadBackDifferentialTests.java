package io.onelite.plan;

import org.junit.jupiter.api.Test;

import static io.onelite.plan.ScenarioTests.run;

/**
 * Against native SQLite: a whole REAL in a REAL column is stored as an INTEGER and reads back as
 * REAL wherever a statement reads its row again to write it. Until 2026-12-07 the rows an UPDATE,
 * an upsert or CREATE INDEX read back kept the INTEGER: {@code SET d = c / 8} computed 0 for 4.0,
 * OLD and RETURNING showed integers, an index on {@code a + c} got 4 where inserts store 4.0, and
 * an UPDATE then judged that index key unchanged and left a stale entry
 * ({@code ExpressionAndPartialIndexTests} seed 7221372579758).
 */
class RealColumnRowReadBackDifferentialTests {
    @Test
    void updatesTriggersReturningAndIndexesSeeTheColumnsReals() throws Exception {
        run("CREATE TABLE t(id INTEGER PRIMARY KEY, a INT, c REAL, d)", "CREATE INDEX t_sum ON t(a + c)",
                "INSERT INTO t VALUES (1, 0, 4.0, NULL), (2, 1, 2.5, NULL), (3, 2, -0.0, NULL)",
                "UPDATE t SET d = typeof(c) || ':' || (c / 8)", "SELECT * FROM t ORDER BY id",
                "UPDATE t SET a = 4, c = 'q4' WHERE id = 1",
                "SELECT id, a + c, typeof(a + c) FROM t WHERE a + c > -1 AND a + c <= 4 ORDER BY id",
                "SELECT id, a + c, typeof(a + c) FROM t NOT INDEXED ORDER BY id",
                "CREATE TABLE log(x)",
                "CREATE TRIGGER tr AFTER UPDATE ON t BEGIN INSERT INTO log VALUES (typeof(old.c) || typeof(new.c) || old.c); END",
                "UPDATE t SET c = 8.0 WHERE id = 1", "UPDATE t SET a = 5", "SELECT * FROM log",
                "UPDATE t SET a = 6 WHERE id < 3 RETURNING id, typeof(c), c",
                "CREATE TABLE k(id INTEGER PRIMARY KEY, c REAL, n INT)", "INSERT INTO k VALUES (1, 3.0, 0)",
                "INSERT INTO k VALUES (1, 5.0, 0) ON CONFLICT(id) DO UPDATE SET n = typeof(c) || (c / 2) RETURNING *",
                "PRAGMA integrity_check");
    }

    @Test
    void createIndexOnAnExpressionKeysTheRowsAsInsertsDo() throws Exception {
        run("CREATE TABLE u(a INT, c REAL, g REAL GENERATED ALWAYS AS (c / 2) VIRTUAL)",
                "INSERT INTO u(a, c) VALUES (0, 4.0), (1, 2.5), (0, 4)",
                "CREATE INDEX u_sum ON u(a + c)", "CREATE INDEX u_g ON u(g * 3)",
                "INSERT INTO u(a, c) VALUES (0, 4.0)",
                "SELECT a + c, typeof(a + c) FROM u WHERE a + c = 4", "SELECT count(*) FROM u WHERE a + c = 4.0",
                "SELECT g * 3, typeof(g * 3) FROM u WHERE g * 3 = 6",
                "UPDATE u SET a = 0 WHERE a = 0", "SELECT count(*) FROM u INDEXED BY u_sum WHERE a + c = 4",
                "DELETE FROM u WHERE a + c = 4", "SELECT count(*) FROM u", "PRAGMA integrity_check");
    }
}
