package io.onelite.plan;

import org.junit.jupiter.api.Test;

import static io.onelite.plan.UpdateSelfReadDifferentialTests.same;

/**
 * UPSERT's DO UPDATE is an UPDATE of the existing row, as in SQLite: it fires BEFORE/AFTER UPDATE
 * [OF column] triggers, checks and cascades foreign keys, reads the row again after a BEFORE
 * trigger, and RETURNING reports the updated row. Compared with native SQLite.
 */
class UpsertDoUpdateDifferentialTests {
    @Test
    void doUpdateFiresUpdateTriggers() throws Exception {
        same("CREATE TABLE up(id INTEGER PRIMARY KEY, v INT, w INT)", "CREATE TABLE lg(x)",
                "INSERT INTO up VALUES (1, 1, 1), (2, 2, 2)",
                "CREATE TRIGGER ubt BEFORE UPDATE ON up BEGIN INSERT INTO lg VALUES ('bu ' || old.v || '>' || new.v); END",
                "CREATE TRIGGER uat AFTER UPDATE ON up BEGIN INSERT INTO lg VALUES ('au ' || old.v || '>' || new.v); END",
                "CREATE TRIGGER uot AFTER UPDATE OF w ON up BEGIN INSERT INTO lg VALUES ('auw ' || new.w); END",
                "CREATE TRIGGER ibt BEFORE INSERT ON up BEGIN INSERT INTO lg VALUES ('bi ' || new.id); END",
                "CREATE TRIGGER iat AFTER INSERT ON up BEGIN INSERT INTO lg VALUES ('ai ' || new.id); END",
                "INSERT INTO up VALUES (1, 6, 0), (4, 4, 4) ON CONFLICT(id) DO UPDATE SET v = excluded.v",
                "INSERT INTO up VALUES (2, 7, 7) ON CONFLICT(id) DO UPDATE SET v = excluded.v WHERE excluded.v > 100",
                "INSERT INTO up VALUES (2, 7, 7) ON CONFLICT(id) DO UPDATE SET w = excluded.w",
                "SELECT * FROM lg", "SELECT * FROM up", "SELECT changes()");
    }

    @Test
    void triggersBetweenRowsAndTheRowReadAgain() throws Exception {
        same("CREATE TABLE up(id INTEGER PRIMARY KEY, v INT)", "CREATE TABLE lg(x)", "INSERT INTO up VALUES (1, 1), (2, 2)",
                "CREATE TRIGGER upt AFTER UPDATE ON up BEGIN INSERT INTO lg VALUES (new.v);"
                        + " UPDATE up SET v = v + 1000 WHERE id = new.id + 1; END",
                "INSERT INTO up VALUES (1, 0), (2, 0), (3, 0) ON CONFLICT(id) DO UPDATE"
                        + " SET v = (SELECT max(v) FROM up AS x WHERE x.id >= excluded.id)",
                "SELECT * FROM up", "SELECT * FROM lg",
                "CREATE TABLE tb(id INTEGER PRIMARY KEY, v INT, z INT)", "INSERT INTO tb VALUES (1, 1, 0)",
                "CREATE TRIGGER tbb BEFORE UPDATE ON tb BEGIN UPDATE tb SET z = 99, v = 50 WHERE id = new.id; END",
                "INSERT INTO tb VALUES (1, 0, 0) ON CONFLICT(id) DO UPDATE SET v = v + 1", "SELECT * FROM tb",
                "CREATE TABLE tc(id INTEGER PRIMARY KEY, v INT)", "INSERT INTO tc VALUES (1, 1)",
                "CREATE TRIGGER tcb BEFORE UPDATE ON tc BEGIN SELECT RAISE(IGNORE); END",
                "INSERT INTO tc VALUES (1, 5), (2, 2) ON CONFLICT(id) DO UPDATE SET v = excluded.v", "SELECT * FROM tc",
                "SELECT changes()");
    }

    /**
     * As SQLite, the proposed row's NOT NULL and CHECK constraints come before the conflict is
     * looked for: a row failing them fails even when DO UPDATE or DO NOTHING would have taken it
     * (OneLite used to go straight to DO UPDATE); a NOT NULL ON CONFLICT REPLACE puts its default
     * in first, and {@code excluded} sees it.
     */
    @Test
    void theProposedRowsNotNullAndCheckComeBeforeTheConflict() throws Exception {
        same("CREATE TABLE t(a PRIMARY KEY, b NOT NULL, c CHECK (c >= 0))", "INSERT INTO t VALUES (1, 1, 1)",
                "!INSERT INTO t VALUES (1, NULL, 1) ON CONFLICT(a) DO UPDATE SET b = 5",
                "!INSERT INTO t VALUES (1, 1, -1) ON CONFLICT(a) DO UPDATE SET b = 6",
                "!INSERT INTO t VALUES (1, NULL, 1) ON CONFLICT DO NOTHING",
                "INSERT OR IGNORE INTO t VALUES (1, NULL, 1) ON CONFLICT(a) DO UPDATE SET b = 7",
                "INSERT INTO t VALUES (1, 2, 2) ON CONFLICT(a) DO UPDATE SET b = 8",
                "CREATE TABLE r(a INTEGER PRIMARY KEY, b NOT NULL ON CONFLICT REPLACE DEFAULT 3)",
                "INSERT INTO r VALUES (1, 1)",
                "INSERT INTO r VALUES (1, NULL) ON CONFLICT(a) DO UPDATE SET b = excluded.b + 1",
                "SELECT * FROM t", "SELECT * FROM r");
    }

    @Test
    void doUpdateReturnsTheUpdatedRow() throws Exception {
        same("CREATE TABLE up(id INTEGER PRIMARY KEY, v INT, w INT)", "INSERT INTO up VALUES (1, 1, 1), (2, 2, 2)",
                "INSERT INTO up VALUES (1, 5, 0), (3, 3, 3) ON CONFLICT(id) DO UPDATE SET v = excluded.v RETURNING *",
                "INSERT INTO up VALUES (2, 9, 9) ON CONFLICT(id) DO UPDATE SET id = 20 RETURNING id, v, rowid",
                "INSERT INTO up VALUES (1, 0, 0) ON CONFLICT DO NOTHING RETURNING *",
                "CREATE TABLE wr(k TEXT PRIMARY KEY, v INT) WITHOUT ROWID", "CREATE TABLE wl(x)",
                "CREATE TRIGGER wrt AFTER UPDATE ON wr BEGIN INSERT INTO wl VALUES (old.k || new.k || new.v); END",
                "INSERT INTO wr VALUES ('a', 1)",
                "INSERT INTO wr VALUES ('a', 2) ON CONFLICT(k) DO UPDATE SET v = excluded.v + v RETURNING *",
                "INSERT INTO wr VALUES ('a', 2) ON CONFLICT(k) DO UPDATE SET k = 'b' RETURNING k, v",
                "SELECT * FROM wl", "SELECT * FROM wr");
    }

    @Test
    void doUpdateChecksForeignKeys() throws Exception {
        same("PRAGMA foreign_keys = ON", "CREATE TABLE par(id INTEGER PRIMARY KEY, n INT)",
                "CREATE TABLE ch(id INTEGER PRIMARY KEY, pid INT REFERENCES par(id), v INT)",
                "INSERT INTO par VALUES (1, 0), (2, 0)", "INSERT INTO ch VALUES (1, 1, 0)",
                "!INSERT INTO ch VALUES (1, 5, 0) ON CONFLICT(id) DO UPDATE SET pid = excluded.pid",
                "INSERT INTO ch VALUES (1, 2, 0) ON CONFLICT(id) DO UPDATE SET pid = excluded.pid", "SELECT * FROM ch",
                "!INSERT INTO par VALUES (2, 1) ON CONFLICT(id) DO UPDATE SET id = 3",
                "CREATE TABLE pk(id INTEGER PRIMARY KEY, v INT)",
                "CREATE TABLE ck(id INTEGER PRIMARY KEY, p INT REFERENCES pk(id) ON UPDATE CASCADE)",
                "INSERT INTO pk VALUES (1, 1)", "INSERT INTO ck VALUES (1, 1)",
                "INSERT INTO pk VALUES (1, 9) ON CONFLICT(id) DO UPDATE SET id = 7", "SELECT * FROM ck", "SELECT * FROM pk");
    }
}
