package io.onelite.plan;

import org.junit.jupiter.api.Test;

import static io.onelite.plan.ScenarioTests.run;

/**
 * ALTER TABLE ... RENAME TO rewrites every stored statement naming the table (views, triggers on
 * any table, other tables' REFERENCES), as SQLite 3.26+ does; the stored text must match native.
 */
class RenameTableTests {
    private static final String SCHEMA = "SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY name";

    @Test
    void viewsOverTheTableKeepWorking() throws Exception {
        run("CREATE TABLE t(a INTEGER PRIMARY KEY, b TEXT UNIQUE)",
                "CREATE TABLE o(a, c)",
                "INSERT INTO t VALUES (1, 'x'), (2, 'y')",
                "INSERT INTO o VALUES (1, 'one'), (2, 'two')",
                "CREATE VIEW v AS SELECT t.a, b FROM t WHERE a IN (SELECT a FROM t AS t2 WHERE t2.b <> 'z')",
                "CREATE VIEW w AS SELECT v.b, o.c FROM v JOIN t ON v.a = t.a, o WHERE o.a = t.a",
                "CREATE VIEW q AS SELECT \"t\".a FROM [t], main.t AS m, o WHERE m.a = t.a AND `t`.b = 'x'",
                "CREATE VIEW s AS SELECT (SELECT count(*) FROM t) AS n, EXISTS (SELECT 1 FROM o, t) AS e",
                "CREATE VIEW other AS SELECT a AS t FROM o",
                "CREATE INDEX ti ON t(b)",
                "ALTER TABLE t RENAME TO u",
                SCHEMA,
                "SELECT * FROM v ORDER BY a",
                "SELECT * FROM w ORDER BY b",
                "SELECT * FROM q",
                "SELECT * FROM s",
                "SELECT * FROM other ORDER BY t",
                "SELECT * FROM t",
                "ALTER TABLE u RENAME TO \"odd name\"",
                SCHEMA,
                "SELECT * FROM w ORDER BY b");
    }

    @Test
    void triggersOnOtherTablesFollowTheRename() throws Exception {
        run("CREATE TABLE t(a, b)",
                "CREATE TABLE log(x)",
                "CREATE TRIGGER tl AFTER INSERT ON log BEGIN INSERT INTO t(a) VALUES (new.x); "
                        + "UPDATE t SET b = (SELECT count(*) FROM t) WHERE t.a = new.x; DELETE FROM t WHERE a < 0; END",
                "CREATE TRIGGER tt AFTER DELETE ON t BEGIN INSERT INTO log VALUES (-old.a); END",
                "CREATE TRIGGER lu AFTER UPDATE OF x ON log WHEN EXISTS (SELECT 1 FROM t WHERE a = new.x) "
                        + "BEGIN UPDATE OR REPLACE t SET b = 'u' WHERE a = new.x; END",
                "ALTER TABLE t RENAME TO u",
                SCHEMA,
                "INSERT INTO log VALUES (1), (2)",
                "UPDATE log SET x = x WHERE x = 2",
                "SELECT * FROM u ORDER BY a",
                "SELECT * FROM log ORDER BY x");
    }

    @Test
    void foreignKeysReferencingTheTableKeepWorking() throws Exception {
        run("PRAGMA foreign_keys = ON",
                "CREATE TABLE t(id INTEGER PRIMARY KEY, parent REFERENCES t(id))",
                "CREATE TABLE c(x REFERENCES t(id) ON DELETE CASCADE, y, FOREIGN KEY (y) REFERENCES \"t\")",
                "CREATE TABLE IF NOT EXISTS d(z REFERENCES t)",
                "INSERT INTO t VALUES (1, NULL), (2, 1)",
                "INSERT INTO c VALUES (1, 2), (2, NULL)",
                "ALTER TABLE t RENAME TO u",
                SCHEMA,
                "INSERT INTO c VALUES (5, NULL)",
                "INSERT INTO c VALUES (NULL, 7)",
                "INSERT INTO d VALUES (9)",
                "INSERT INTO u VALUES (3, 9)",
                "DELETE FROM u WHERE id = 2",
                "SELECT * FROM c ORDER BY x",
                "PRAGMA foreign_key_list(c)",
                "PRAGMA foreign_key_check");
    }

    @Test
    void withoutForeignKeysTheReferencesAreRewrittenToo() throws Exception {
        run("CREATE TABLE t(a PRIMARY KEY)",
                "CREATE TABLE c(x REFERENCES t(a))",
                "ALTER TABLE t RENAME TO u",
                SCHEMA);
    }

    @Test
    void aBrokenViewStopsTheRenameAndCtesOrAliasesAreNotTheTable() throws Exception {
        run("CREATE TABLE t(a)",
                "CREATE TABLE k(b)",
                "INSERT INTO t VALUES (1)",
                "INSERT INTO k VALUES (2)",
                "CREATE VIEW bad AS SELECT zz FROM k",
                "ALTER TABLE t RENAME TO u",
                SCHEMA,
                "DROP VIEW bad",
                "CREATE VIEW c1 AS WITH t AS (SELECT 5 AS a) SELECT t.a FROM t",
                "CREATE VIEW c2 AS SELECT t.b FROM k AS t",
                "CREATE VIEW c3 AS SELECT t.a FROM t, k AS x",
                "CREATE VIEW c4 AS SELECT t.b FROM k t",
                "CREATE VIEW c5 AS SELECT a, t.a AS t FROM t JOIN k ON t.a < k.b, k AS k2 WHERE a IN (SELECT a FROM t) "
                        + "GROUP BY a ORDER BY t",
                "CREATE TABLE t2(t, \"t\" INT) ",
                "ALTER TABLE t RENAME TO u",
                SCHEMA,
                "SELECT * FROM c1",
                "SELECT * FROM c2",
                "SELECT * FROM c3",
                "SELECT * FROM c4",
                "SELECT * FROM c5");
    }

    @Test
    void autoincrementCounterAndTempObjectsFollowTheTable() throws Exception {
        run("CREATE TABLE t(id INTEGER PRIMARY KEY AUTOINCREMENT, v)",
                "INSERT INTO t(v) VALUES ('a'), ('b')",
                "CREATE TEMP VIEW tv AS SELECT v FROM t",
                "CREATE TEMP TRIGGER tt AFTER INSERT ON t BEGIN SELECT 1; END",
                "ALTER TABLE t RENAME TO u",
                "SELECT * FROM sqlite_sequence",
                "INSERT INTO u(v) VALUES ('c')",
                "SELECT * FROM u",
                "SELECT type, name, tbl_name, sql FROM sqlite_temp_schema ORDER BY name",
                "SELECT * FROM tv");
    }

    @Test
    void insteadOfTriggersOnViewsAndMixedCaseNamesFollowTheRename() throws Exception {
        run("CREATE TABLE Items(id INTEGER PRIMARY KEY, n)",
                "CREATE VIEW iv AS SELECT id, n FROM items",
                "CREATE TRIGGER ivi INSTEAD OF INSERT ON iv BEGIN INSERT OR IGNORE INTO ITEMS VALUES (new.id, new.n); "
                        + "UPDATE OR IGNORE main.Items SET n = n || '!' WHERE main.items.id = new.id; END",
                "ALTER TABLE items RENAME TO Stock",
                SCHEMA,
                "INSERT INTO iv VALUES (1, 'a')",
                "SELECT * FROM iv",
                "SELECT * FROM stock");
    }
}
