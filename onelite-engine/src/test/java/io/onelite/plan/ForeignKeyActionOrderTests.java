package io.onelite.plan;

import org.junit.jupiter.api.Test;

import static io.onelite.plan.ScenarioTests.run;

/**
 * CASCADE / SET NULL / SET DEFAULT run after the parent row is written, as SQLite's action
 * triggers: the child's triggers see the parent table without the old row, and the violation
 * counts come out as SQLite's. Compared with native SQLite.
 */
class ForeignKeyActionOrderTests {

    @Test
    void childTriggersSeeTheParentRowAlreadyDeletedOrChanged() throws Exception {
        run("PRAGMA foreign_keys = ON",
                "CREATE TABLE p(id INTEGER PRIMARY KEY, k UNIQUE, name)",
                "CREATE TABLE c(pk REFERENCES p(k) ON DELETE CASCADE ON UPDATE CASCADE, v)",
                "CREATE TABLE n(pk REFERENCES p(k) ON DELETE SET NULL ON UPDATE SET DEFAULT DEFAULT 'b', v)",
                "CREATE TABLE log(m)",
                "CREATE TRIGGER cd BEFORE DELETE ON c BEGIN INSERT INTO log SELECT 'cd ' || old.v || ' parents '"
                        + " || count(*) || ' ' || ifnull(group_concat(k || '=' || name), '-') FROM p; END",
                "CREATE TRIGGER cu AFTER UPDATE ON c BEGIN INSERT INTO log SELECT 'cu ' || new.pk || ' '"
                        + " || (SELECT ifnull(group_concat(k), '-') FROM p WHERE k = old.pk) || ' '"
                        + " || (SELECT ifnull(group_concat(name), '-') FROM p WHERE k = new.pk); END",
                "CREATE TRIGGER nu BEFORE UPDATE ON n BEGIN INSERT INTO log SELECT 'nu ' || ifnull(new.pk, 'null') || ' '"
                        + " || (SELECT count(*) FROM p WHERE k = old.pk); END",
                "INSERT INTO p VALUES (1, 'a', 'one'), (2, 'b', 'two'), (3, 'c', 'three')",
                "INSERT INTO c VALUES ('a', 'c1'), ('a', 'c2'), ('c', 'c3')",
                "INSERT INTO n VALUES ('a', 'n1'), ('c', 'n3')",
                "DELETE FROM p WHERE id = 1",
                "SELECT * FROM log", "DELETE FROM log",
                "SELECT * FROM c ORDER BY rowid", "SELECT * FROM n ORDER BY rowid",
                "UPDATE p SET k = 'z', name = 'zed' WHERE id = 3",
                "SELECT * FROM log", "DELETE FROM log",
                "SELECT * FROM c ORDER BY rowid", "SELECT * FROM n ORDER BY rowid",
                "SELECT changes()");
    }

    @Test
    void violationCountsAroundActions() throws Exception {
        run("PRAGMA foreign_keys = ON",
                "CREATE TABLE p(id INTEGER PRIMARY KEY)",
                "CREATE TABLE c(pid REFERENCES p ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED)",
                "CREATE TABLE d(pid REFERENCES p ON DELETE SET DEFAULT DEFAULT 9)",
                "CREATE TABLE e(pid REFERENCES p ON UPDATE CASCADE)",
                "CREATE TABLE s(id INTEGER PRIMARY KEY, up REFERENCES s ON DELETE CASCADE ON UPDATE CASCADE)",
                "INSERT INTO p VALUES (1), (2), (3), (9)",
                "BEGIN",
                "INSERT INTO c VALUES (5)",
                "INSERT INTO c VALUES (1)",
                "DELETE FROM p WHERE id = 1",
                "SELECT count(*) FROM c",
                "COMMIT",
                "DELETE FROM c",
                "COMMIT",
                "INSERT INTO d VALUES (2)",
                "DELETE FROM p WHERE id = 2",
                "SELECT * FROM d",
                "DELETE FROM p WHERE id = 9",
                "INSERT INTO e VALUES (3), (3)",
                "UPDATE p SET id = 30 WHERE id = 3",
                "SELECT * FROM e",
                "INSERT INTO s VALUES (1, NULL), (2, 1), (3, 2), (4, 4)",
                "UPDATE s SET id = 10 WHERE id = 1",
                "SELECT * FROM s ORDER BY id",
                "UPDATE s SET id = 40 WHERE id = 4",
                "SELECT * FROM s ORDER BY id",
                "DELETE FROM s WHERE id = 10",
                "SELECT * FROM s ORDER BY id",
                "PRAGMA foreign_key_check");
    }

    @Test
    void aRowThatOrIgnoreSkipsCountsNoViolation() throws Exception {
        run("PRAGMA foreign_keys = ON",
                "CREATE TABLE p(id INTEGER PRIMARY KEY, u UNIQUE)",
                "CREATE TABLE c(pid REFERENCES p ON UPDATE CASCADE)",
                "CREATE TABLE n(pid REFERENCES p)",
                "CREATE TABLE k(x REFERENCES p, y UNIQUE)",
                "INSERT INTO p VALUES (1, 'a'), (2, 'b')",
                "INSERT INTO c VALUES (1)", "INSERT INTO n VALUES (2)", "INSERT INTO k VALUES (1, 'y')",
                "UPDATE OR IGNORE p SET id = 5, u = 'b' WHERE id = 1",
                "UPDATE OR IGNORE p SET id = 6, u = 'a' WHERE id = 2",
                "UPDATE OR IGNORE k SET x = 9, y = 'y'",
                "INSERT OR IGNORE INTO k VALUES (7, 'y')",
                "SELECT * FROM p ORDER BY id", "SELECT * FROM c", "SELECT * FROM n", "SELECT * FROM k");
    }
}
