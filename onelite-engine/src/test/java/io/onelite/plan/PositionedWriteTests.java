package io.onelite.plan;

import io.onelite.api.Database;
import io.onelite.api.DatabaseOptions;
import io.onelite.api.Session;
import io.onelite.testing.ReplaySeed;
import io.onelite.testing.Sqlite3;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.Random;

import static io.onelite.plan.NativeOracle.both;
import static io.onelite.plan.NativeOracle.oneLite;
import static io.onelite.plan.NativeOracle.sqlite;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * An UPDATE or DELETE by key finds its row, reads it back and writes it; the table cursors of a
 * transaction start those seeks from the leaf the last one ended on while nothing was written
 * in between (btree.TableCursor.Hint). Here triggers write between the find and the write (rows
 * inserted and deleted around the target, splitting and merging its leaf), savepoints roll pages
 * back, and RETURNING reads the written rows; rows, RETURNING output and, at the end, sqlite3's
 * {@code PRAGMA integrity_check} must agree with native SQLite. Prints its seed.
 */
class PositionedWriteTests {
    // Rows are 10, 20, 30, ...: the triggers write only into the free ids between them or delete
    // rows, never rewrite a row a statement is about to update (SQLite reloads such a row's
    // other columns after its BEFORE triggers; that is the UPDATE's business, not this path's).
    private static final String[] SCHEMA = {
        "CREATE TABLE t(id INTEGER PRIMARY KEY, k INTEGER, v INTEGER, pad TEXT)",
        "CREATE INDEX tk ON t(k)",
        "CREATE TABLE log(n INTEGER PRIMARY KEY, what TEXT, id INTEGER)",
        // crowds the target's leaf with wide rows just after it: a split moves the target
        "CREATE TRIGGER crowd BEFORE UPDATE ON t WHEN new.id % 50 = 0 BEGIN "
                + "INSERT OR IGNORE INTO t(id, k, v, pad) VALUES (old.id + 1, old.k, 0, printf('%.900c', 'w')), "
                + "(old.id + 2, old.k, 0, printf('%.900c', 'x')), (old.id + 3, old.k, 0, printf('%.900c', 'y')); "
                + "INSERT INTO log(what, id) VALUES ('crowd', old.id); END",
        // empties the neighbourhood: a merge may move the target
        "CREATE TRIGGER thin BEFORE UPDATE ON t WHEN new.id % 70 = 0 BEGIN "
                + "DELETE FROM t WHERE id BETWEEN old.id - 45 AND old.id + 45 AND id <> old.id; "
                + "INSERT INTO log(what, id) VALUES ('thin', old.id); END",
        // a delete first writes wide rows beside the row it deletes
        "CREATE TRIGGER widen BEFORE DELETE ON t WHEN old.id % 30 = 0 BEGIN "
                + "INSERT OR IGNORE INTO t(id, k, v, pad) VALUES (old.id + 4, old.k, 0, printf('%.700c', 'z')), "
                + "(old.id + 5, old.k, 0, printf('%.700c', 'z')); "
                + "INSERT INTO log(what, id) VALUES ('widen', old.id); END",
        "CREATE TRIGGER after_upd AFTER UPDATE ON t WHEN new.v % 4 = 0 BEGIN "
                + "INSERT INTO log(what, id) VALUES ('updated', new.id); END",
        "CREATE TRIGGER after_del AFTER DELETE ON t BEGIN INSERT INTO log(what, id) VALUES ('deleted', old.id); END",
    };

    @Test
    void writesByKeyNextToTriggersThatMoveRowsMatchNativeSqlite(@TempDir Path dir) throws Exception {
        long seed = ReplaySeed.announce("PositionedWriteTests");
        Random r = new Random(seed);
        Path file = dir.resolve("p.db");
        try (Database db = Database.open(file.toString(), DatabaseOptions.DEFAULTS); Session s = db.openSession();
             Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            both(s, c, "PRAGMA recursive_triggers = OFF");
            for (String ddl : SCHEMA) {
                both(s, c, ddl);
            }
            both(s, c, "INSERT INTO t(id, k, v, pad) WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n "
                    + "WHERE i < 600) SELECT 10 * i, i % 37, i, printf('%.' || (i % 50) || 'c', 'p') FROM n");
            String all = "SELECT id, k, v, length(pad) FROM t ORDER BY id";
            boolean inTx = false;
            int savepoints = 0;
            for (int q = 0; q < 300; q++) {
                int id = 10 * (1 + r.nextInt(650)) + (r.nextInt(6) == 0 ? 1 + r.nextInt(5) : 0);
                String sql = switch (r.nextInt(10)) {
                    case 0, 1, 2 -> "UPDATE t SET v = v + 1, pad = pad || 'u' WHERE id = " + id;
                    case 3 -> "UPDATE t SET v = v + 3 WHERE id = " + id + " RETURNING id, k, v, length(pad)";
                    case 4 -> "UPDATE t SET v = v * 2, pad = printf('%.' || (v % 700) || 'c', 'q') WHERE k = " + id % 37;
                    case 5 -> "DELETE FROM t WHERE id = " + id;
                    case 6 -> "DELETE FROM t WHERE id = " + id + " RETURNING id, v";
                    case 7 -> "INSERT OR REPLACE INTO t(id, k, v, pad) VALUES (" + id + ", " + id % 37 + ", 1, printf('%.' || " + id % 500 + " || 'c', 'i'))";
                    case 8 -> inTx ? (r.nextBoolean() ? "SAVEPOINT s" + (++savepoints) : "COMMIT") : "BEGIN";
                    default -> savepoints > 0 ? "ROLLBACK TO s" + (1 + r.nextInt(savepoints)) : "SELECT 1";
                };
                if (sql.equals("BEGIN")) {
                    inTx = true;
                } else if (sql.equals("COMMIT")) {
                    inTx = false;
                    savepoints = 0;
                }
                if (sql.contains("RETURNING")) {
                    assertThat(oneLite(s, sql)).as("seed " + seed + ": " + sql).isEqualTo(sqlite(c, sql));
                } else {
                    both(s, c, sql);
                }
                // a point read leaves a hint of where the next statement's seeks may start
                String point = "SELECT id, k, v, length(pad) FROM t WHERE id = " + (id + 10 * (r.nextInt(3) - 1));
                assertThat(oneLite(s, point)).as("seed " + seed + " after " + sql).isEqualTo(sqlite(c, point));
                assertThat(oneLite(s, all)).as("seed " + seed + " after " + sql).isEqualTo(sqlite(c, all));
            }
            if (inTx) {
                both(s, c, "COMMIT");
            }
            String log = "SELECT n, what, id FROM log ORDER BY n";
            assertThat(oneLite(s, log)).as("seed " + seed).isEqualTo(sqlite(c, log));
            assertThat(oneLite(s, "SELECT count(*) FROM log")).isNotEqualTo(java.util.List.of("0|"));
            String byK = "SELECT k, count(*), sum(v) FROM t GROUP BY k ORDER BY k";
            assertThat(oneLite(s, byK)).as("seed " + seed).isEqualTo(sqlite(c, byK));
        }
        assertThat(Sqlite3.run(file, "PRAGMA integrity_check;")).as("seed " + seed).isEqualTo("ok");
    }

    @Test
    void aSeekAfterRollbackToASavepointSeesThePagesAsTheyWereRolledBack(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("r.db");
        try (Database db = Database.open(file.toString(), DatabaseOptions.DEFAULTS); Session s = db.openSession();
             Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            both(s, c, "CREATE TABLE t(id INTEGER PRIMARY KEY, v INTEGER, pad TEXT)");
            both(s, c, "INSERT INTO t WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 400) "
                    + "SELECT i, i, printf('%.20c', 'p') FROM n");
            String[] script = {
                "BEGIN", "UPDATE t SET v = -1 WHERE id = 200", "SAVEPOINT a",
                // splits the leaf of row 200, then a seek of row 200 leaves its new path as the hint
                "UPDATE t SET pad = printf('%.3000c', 'w') WHERE id BETWEEN 195 AND 205",
                "SELECT id, v, length(pad) FROM t WHERE id = 200",
                "ROLLBACK TO a",
                "SELECT id, v, length(pad) FROM t WHERE id = 200",
                "UPDATE t SET v = v + 10 WHERE id = 200",
                "DELETE FROM t WHERE id = 201",
                "SELECT id, v, length(pad) FROM t WHERE id BETWEEN 198 AND 202",
                "COMMIT",
            };
            for (String sql : script) {
                assertThat(oneLite(s, sql)).as(sql).isEqualTo(sqlite(c, sql));
            }
            String all = "SELECT id, v, length(pad) FROM t ORDER BY id";
            assertThat(oneLite(s, all)).isEqualTo(sqlite(c, all));
        }
        assertThat(Sqlite3.run(file, "PRAGMA integrity_check;")).isEqualTo("ok");
    }
}
