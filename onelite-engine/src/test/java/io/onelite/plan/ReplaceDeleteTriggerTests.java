package io.onelite.plan;

import org.junit.jupiter.api.Test;

import static io.onelite.plan.ScenarioTests.run;

/**
 * Rows that REPLACE deletes fire the table's DELETE triggers when recursive_triggers is on (and
 * only then), and run the foreign key actions of a parent table, compared with native SQLite.
 */
class ReplaceDeleteTriggerTests {

    @Test
    void replacedRowsFireDeleteTriggersOnlyWithRecursiveTriggers() throws Exception {
        run("CREATE TABLE t(id INTEGER PRIMARY KEY, u UNIQUE, v)", "CREATE TABLE log(m)",
                "CREATE TRIGGER bd BEFORE DELETE ON t BEGIN INSERT INTO log VALUES ('bd ' || old.id || ' ' || old.v); END",
                "CREATE TRIGGER ad AFTER DELETE ON t BEGIN INSERT INTO log VALUES ('ad ' || old.id || ' ' || old.v || ' ' || (SELECT count(*) FROM t)); END",
                "CREATE TRIGGER ai AFTER INSERT ON t BEGIN INSERT INTO log VALUES ('ai ' || new.id || ' ' || new.v); END",
                "INSERT INTO t VALUES (1, 'a', 'one'), (2, 'b', 'two'), (3, 'c', 'three')",
                "REPLACE INTO t VALUES (1, 'x', 'uno')",
                "SELECT * FROM log", "DELETE FROM log",
                "PRAGMA recursive_triggers = ON",
                "REPLACE INTO t VALUES (1, 'y', 'eins')",
                "SELECT * FROM log", "DELETE FROM log",
                "INSERT OR REPLACE INTO t VALUES (2, 'c', 'zwei')",
                "SELECT changes()",
                "SELECT * FROM log", "DELETE FROM log",
                "SELECT * FROM t ORDER BY id",
                "UPDATE OR REPLACE t SET u = 'y' WHERE id = 2",
                "SELECT changes()",
                "SELECT * FROM log", "DELETE FROM log",
                "SELECT * FROM t ORDER BY id",
                "INSERT INTO t VALUES (5, 'p', 'five'), (6, 'q', 'six')",
                "DELETE FROM log",
                "UPDATE OR REPLACE t SET id = 6 WHERE id = 5",
                "SELECT * FROM log", "DELETE FROM log",
                "SELECT * FROM t ORDER BY id");
    }

    @Test
    void aDeleteTriggerThatRaisesStopsTheReplace() throws Exception {
        run("PRAGMA recursive_triggers = ON",
                "CREATE TABLE t(id INTEGER PRIMARY KEY, v)",
                "CREATE TRIGGER bd BEFORE DELETE ON t WHEN old.v = 'keep' BEGIN SELECT RAISE(ABORT, 'kept'); END",
                "CREATE TRIGGER ig BEFORE DELETE ON t WHEN old.v = 'skip' BEGIN SELECT RAISE(IGNORE); END",
                "INSERT INTO t VALUES (1, 'keep'), (2, 'skip'), (3, 'other')",
                "REPLACE INTO t VALUES (1, 'new')",
                "SELECT * FROM t ORDER BY id",
                "REPLACE INTO t VALUES (2, 'new')",
                "SELECT * FROM t ORDER BY id",
                "REPLACE INTO t VALUES (3, 'new')",
                "SELECT * FROM t ORDER BY id");
    }

    @Test
    void replacedParentRowsRunForeignKeyActions() throws Exception {
        run("PRAGMA foreign_keys = ON",
                "CREATE TABLE p(id INTEGER PRIMARY KEY, u UNIQUE)",
                "CREATE TABLE c(pid REFERENCES p ON DELETE CASCADE, v)",
                "CREATE TABLE r(pid REFERENCES p, v)",
                "INSERT INTO p VALUES (1, 'a'), (2, 'b')",
                "INSERT INTO c VALUES (1, 'c1'), (2, 'c2')",
                "REPLACE INTO p VALUES (1, 'z')",
                "SELECT * FROM c ORDER BY rowid",
                "INSERT INTO r VALUES (2, 'r2')",
                "REPLACE INTO p VALUES (2, 'y')",
                "SELECT * FROM p ORDER BY id", "SELECT * FROM c ORDER BY rowid");
    }
}
