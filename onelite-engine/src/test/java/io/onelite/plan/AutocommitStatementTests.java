package io.onelite.plan;

import io.onelite.api.Database;
import io.onelite.api.DatabaseOptions;
import io.onelite.api.Session;
import io.onelite.api.Statement;
import io.onelite.testing.Sqlite3;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Autocommit INSERT/UPDATE/DELETE statements that fail at each row under each conflict algorithm,
 * with triggers, RAISE and foreign keys, run on files by OneLite and by native SQLite. An
 * autocommit statement runs without a statement savepoint (its transaction is the statement), so
 * these check that undoing the statement, or keeping its first rows (FAIL), leaves what SQLite
 * leaves: every statement's rows or error agree, no transaction stays open, and sqlite3's {@code
 * .dump} of the two files is the same and passes {@code integrity_check}.
 */
class AutocommitStatementTests {
    private static final String[] ALGORITHMS = {"ABORT", "FAIL", "IGNORE", "REPLACE", "ROLLBACK"};
    private static final String[] RAISES = {"ABORT", "FAIL", "ROLLBACK", "IGNORE"};
    private static final int ROWS = 5;

    @TempDir
    Path dir;

    @Test
    void conflictsAtEachRowLeaveWhatSqliteLeaves() throws Exception {
        List<String> script = new ArrayList<>(List.of(
                "CREATE TABLE t(id INTEGER PRIMARY KEY, u TEXT UNIQUE, v TEXT NOT NULL DEFAULT 'dflt', c INT CHECK (c >= 0))",
                "CREATE TABLE log(n INTEGER PRIMARY KEY, what TEXT)",
                "CREATE TABLE src(i INTEGER PRIMARY KEY)",
                "INSERT INTO src VALUES (1), (2), (3), (4), (5)",
                "CREATE TRIGGER tlog AFTER INSERT ON t BEGIN INSERT INTO log(what) VALUES ('ins ' || NEW.id); END",
                "CREATE TRIGGER tulog AFTER UPDATE ON t BEGIN INSERT INTO log(what) VALUES ('upd ' || NEW.id || NEW.u); END"));
        for (String alg : ALGORITHMS) {
            for (int k = 1; k <= ROWS; k++) {
                script.add("DELETE FROM t");
                script.add("INSERT INTO t VALUES (1, 'u1', 'a', 1), (2, 'u2', 'b', 2), (3, 'u3', 'c', 3), (4, 'u4', 'd', 4), (5, 'u5', 'e', 5), (99, 'u" + k + "x', 'z', 9)");
                // UNIQUE at the k-th inserted row
                script.add("INSERT OR " + alg + " INTO t(id, u, v, c) SELECT i + 10, CASE WHEN i = " + k
                        + " THEN 'u1' ELSE 'n' || i END, 'v', i FROM src ORDER BY i");
                addChecks(script);
                // NOT NULL and CHECK at the k-th inserted row
                script.add("INSERT OR " + alg + " INTO t(id, u, v, c) SELECT i + 20, 'm' || i, CASE WHEN i = " + k
                        + " THEN NULL ELSE 'w' END, i FROM src ORDER BY i");
                addChecks(script);
                script.add("INSERT OR " + alg + " INTO t(id, u, v, c) SELECT i + 30, 'k' || i, 'w', CASE WHEN i = " + k
                        + " THEN -1 ELSE i END FROM src ORDER BY i");
                addChecks(script);
                // UNIQUE at row k of an UPDATE (row 99 holds u<k>x), and a primary key clash
                script.add("UPDATE OR " + alg + " t SET u = u || 'x', c = c + 1 WHERE id <= 5 OR id = 99");
                addChecks(script);
                script.add("UPDATE OR " + alg + " t SET id = CASE WHEN id = " + k + " THEN 99 ELSE id + 200 END WHERE id <= 5");
                addChecks(script);
                // a multi-row VALUES failing half way, with RETURNING
                script.add("INSERT OR " + alg + " INTO t(id, u, v, c) VALUES (41, 'r1', 'w', 1), (" + (40 + k)
                        + ", 'r2', 'w', 2), (43, 'r3', NULL, 3), (44, 'r4', 'w', 4) RETURNING id, u, v");
                addChecks(script);
            }
        }
        for (String raise : RAISES) {
            for (int k = 1; k <= ROWS; k++) {
                script.add("DELETE FROM t");
                script.add("INSERT INTO t VALUES (1, 'u1', 'a', 1), (2, 'u2', 'b', 2), (3, 'u3', 'c', 3), (4, 'u4', 'd', 4), (5, 'u5', 'e', 5)");
                String msg = raise.equals("IGNORE") ? "" : ", 'stop at " + k + "'";
                script.add("CREATE TRIGGER r BEFORE INSERT ON t WHEN NEW.id = " + (50 + k) + " BEGIN SELECT RAISE(" + raise + msg + "); END");
                script.add("INSERT INTO t(id, u, v, c) SELECT i + 50, 'q' || i, 'w', i FROM src ORDER BY i");
                addChecks(script);
                script.add("DROP TRIGGER r");
                script.add("CREATE TRIGGER r AFTER UPDATE ON t WHEN NEW.id = " + k + " BEGIN SELECT RAISE(" + raise + msg + "); END");
                script.add("UPDATE t SET c = c + 10 RETURNING id, c");
                addChecks(script);
                script.add("DROP TRIGGER r");
                script.add("CREATE TRIGGER r BEFORE DELETE ON t WHEN OLD.id = " + k + " BEGIN SELECT RAISE(" + raise + msg + "); END");
                script.add("DELETE FROM t WHERE id <= 5");
                addChecks(script);
                script.add("DROP TRIGGER r");
            }
        }
        compare(script);
    }

    @Test
    void foreignKeysViolatedAtEachRowLeaveWhatSqliteLeaves() throws Exception {
        List<String> script = new ArrayList<>(List.of(
                "PRAGMA foreign_keys = ON",
                "CREATE TABLE p(id INTEGER PRIMARY KEY)",
                "CREATE TABLE c(id INTEGER PRIMARY KEY, pid REFERENCES p(id))",
                "CREATE TABLE d(id INTEGER PRIMARY KEY, pid REFERENCES p(id) DEFERRABLE INITIALLY DEFERRED)",
                "CREATE TABLE src(i INTEGER PRIMARY KEY)",
                "INSERT INTO src VALUES (1), (2), (3), (4), (5)",
                "INSERT INTO p VALUES (1), (2), (3), (4), (5)"));
        for (String alg : ALGORITHMS) {
            for (int k = 1; k <= ROWS; k++) {
                for (String child : new String[]{"c", "d"}) {
                    script.add("DELETE FROM " + child);
                    script.add("INSERT OR " + alg + " INTO " + child + " SELECT i, CASE WHEN i = " + k
                            + " THEN 77 ELSE i END FROM src ORDER BY i");
                    script.add("SELECT * FROM " + child + " ORDER BY id");
                    script.add("SELECT changes(), total_changes()");
                    script.add("DELETE FROM " + child);
                    script.add("INSERT INTO " + child + " SELECT i, i FROM src");
                    script.add("UPDATE OR " + alg + " " + child + " SET pid = CASE WHEN id = " + k
                            + " THEN 88 ELSE pid END, id = id + 10 RETURNING id, pid");
                    script.add("SELECT * FROM " + child + " ORDER BY id");
                    script.add("DELETE OR " + alg + " FROM p WHERE id = " + k);
                    script.add("SELECT * FROM p ORDER BY id");
                    script.add("COMMIT");
                }
            }
        }
        compare(script);
    }

    @Test
    void statementsInExplicitAndConcurrentTransactionsStillUndoOnlyThemselves() throws Exception {
        for (String begin : new String[]{"BEGIN", "BEGIN CONCURRENT"}) {
            List<String> script = new ArrayList<>(List.of(
                    "CREATE TABLE t(id INTEGER PRIMARY KEY, u TEXT UNIQUE, v TEXT NOT NULL DEFAULT 'dflt', c INT CHECK (c >= 0))",
                    "CREATE TABLE log(what TEXT)", // no rowid alias: BEGIN CONCURRENT leaves gaps in rowids (docs/concurrency.md)
                    "CREATE TABLE src(i INTEGER PRIMARY KEY)",
                    "INSERT INTO src VALUES (1), (2), (3), (4), (5)",
                    "CREATE TRIGGER tlog AFTER INSERT ON t BEGIN INSERT INTO log(what) VALUES ('ins ' || NEW.id); END"));
            for (String alg : ALGORITHMS) {
                for (int k = 1; k <= ROWS; k++) {
                    script.add("DELETE FROM t");
                    script.add(begin);
                    script.add("INSERT INTO t VALUES (1, 'u1', 'a', 1)");
                    script.add("INSERT OR " + alg + " INTO t(id, u, v, c) SELECT i + 10, CASE WHEN i = " + k
                            + " THEN 'u1' ELSE 'n' || i END, 'v', i FROM src ORDER BY i");
                    script.add("SELECT changes(), total_changes()");
                    script.add("SELECT * FROM t ORDER BY id");
                    script.add("UPDATE OR " + alg + " t SET c = CASE WHEN id = " + (10 + k) + " THEN -1 ELSE c + 1 END");
                    script.add("SELECT * FROM t ORDER BY id");
                    script.add("COMMIT");
                    script.add("SELECT * FROM t ORDER BY id");
                    script.add("SELECT what FROM log ORDER BY what");
                }
            }
            // native SQLite has no BEGIN CONCURRENT: one connection's concurrent transaction must act as BEGIN's
            compare(script, begin);
        }
    }

    private static void addChecks(List<String> script) {
        script.add("SELECT changes(), total_changes()");
        script.add("SELECT * FROM t ORDER BY id");
        script.add("SELECT * FROM log ORDER BY n");
        script.add("COMMIT"); // fails alike unless a transaction was left open
    }

    private void compare(List<String> script) throws Exception {
        compare(script, "BEGIN");
    }

    /** Runs {@code script}; native SQLite runs {@code "BEGIN"} wherever OneLite runs {@code begin}. */
    private void compare(List<String> script, String begin) throws Exception {
        Path mineFile = dir.resolve(begin.replace(' ', '-') + "-onelite.db");
        Path theirsFile = dir.resolve(begin.replace(' ', '-') + "-native.db");
        List<String> diffs = new ArrayList<>();
        try (Database db = Database.open(mineFile.toString(), DatabaseOptions.DEFAULTS); Session s = db.openSession();
             Connection c = DriverManager.getConnection("jdbc:sqlite:" + theirsFile)) {
            try (java.sql.Statement st = c.createStatement()) {
                st.execute("PRAGMA journal_mode = WAL");
            }
            for (String sql : script) {
                String mine = oneLite(s, sql);
                String theirs = sqlite(c, sql.equals(begin) ? "BEGIN" : sql);
                if (!mine.equals(theirs)) {
                    diffs.add(sql + "\n  onelite: " + mine + "\n  sqlite:  " + theirs);
                }
            }
            assertThat(s.isAutoCommit()).isTrue();
        }
        assertThat(diffs).isEmpty();
        assertThat(Sqlite3.run(mineFile, "PRAGMA integrity_check;")).isEqualTo("ok");
        assertThat(Sqlite3.run(mineFile, ".dump")).isEqualTo(Sqlite3.run(theirsFile, ".dump"));
    }

    private static String oneLite(Session s, String sql) {
        return ScenarioTests.oneLite(s, sql);
    }

    private static String sqlite(Connection c, String sql) {
        return ScenarioTests.sqlite(c, sql);
    }
}
