package io.onelite.jdbc;

import org.junit.jupiter.api.Test;

import java.sql.SQLException;

/**
 * ALTER TABLE t RENAME COLUMN a TO z in triggers, as SQLite's {@code sqlite_rename_column}: in
 * every trigger of the schema (temp ones included), only the references that resolve to t.a are
 * renamed, each token in place with the rest of the text as written; a trigger left broken, or
 * broken already, fails the ALTER with SQLite's "error in trigger tr[ after rename]: ...". Each
 * script compares the stored text ({@code sqlite_schema}) and then what the triggers do when they
 * fire with sqlite-jdbc, statement by statement (rows, update count, or code and message).
 */
class RenameColumnTriggersDifferentialTests {

    /** The references that resolve to the column, in triggers on the table and on other tables; nothing else. */
    @Test
    void renameColumnRewritesTheReferencesToItInEveryTrigger() throws SQLException {
        assertSameOutcomes("CREATE TABLE t(a, b)",
                "CREATE TABLE log(a, x)",
                "CREATE TABLE src(a, b)",
                "INSERT INTO src VALUES (7, 70), (8, 80)",
                "CREATE TRIGGER tr1 AFTER INSERT ON t BEGIN INSERT INTO log(a) VALUES (new.a); END",
                "CREATE TRIGGER tr2 AFTER INSERT ON log WHEN new.x = 'fix' BEGIN UPDATE t SET a = 1 WHERE a = 2; END",
                "CREATE TRIGGER tr3 AFTER UPDATE OF a, b ON t WHEN old.a <> new.a BEGIN"
                        + " INSERT INTO log VALUES (old.\"a\", (SELECT count(a) FROM t WHERE t.a > 0)); END",
                "CREATE TRIGGER tr4 AFTER DELETE ON log BEGIN DELETE FROM t WHERE main.t.a = old.a; END",
                "CREATE TRIGGER tr5 BEFORE INSERT ON src BEGIN INSERT INTO log SELECT a, 'copy' FROM t ORDER BY a; END",
                "CREATE TRIGGER tr6 AFTER UPDATE ON log BEGIN UPDATE t SET (a, b) = (new.a, 'row') FROM src AS s"
                        + " WHERE s.a = t.a; END",
                "CREATE TRIGGER tr7 AFTER DELETE ON src BEGIN INSERT INTO t(b, a) SELECT src.b, src.a FROM src"
                        + " WHERE src.a = old.a; SELECT a FROM src WHERE a IN (SELECT a FROM t); END",
                "CREATE TRIGGER tr8 AFTER INSERT ON t WHEN EXISTS (SELECT 1 FROM t AS q WHERE q.a = new.a + 100)"
                        + " BEGIN DELETE FROM t WHERE rowid = new.rowid; END",
                "ALTER TABLE t RENAME COLUMN a TO z",
                "SELECT name, sql FROM sqlite_schema WHERE type = 'trigger' ORDER BY name",
                "PRAGMA table_info(t)",
                "INSERT INTO t VALUES (2, 'two')",
                "INSERT INTO t(z, b) VALUES (3, 'three'), (103, 'gone')",
                "INSERT INTO log(a, x) VALUES (9, 'fix')",
                "UPDATE t SET z = z + 10 WHERE b = 'three'",
                "UPDATE log SET x = 'u' WHERE a = 3",
                "INSERT INTO src VALUES (1, 10)",
                "DELETE FROM src WHERE a = 7",
                "DELETE FROM log WHERE a = 13",
                "SELECT * FROM t ORDER BY rowid",
                "SELECT * FROM log ORDER BY rowid");
    }

    /** An upsert writing the table: its column list, target, SET names and values, {@code excluded.a}. */
    @Test
    void renameColumnInAnUpsertOfATrigger() throws SQLException {
        assertSameOutcomes("CREATE TABLE t(a UNIQUE, b)",
                "CREATE TABLE feed(k, v)",
                "CREATE TABLE other(a UNIQUE, n)",
                "CREATE TRIGGER up AFTER INSERT ON feed BEGIN INSERT INTO t(a, b) VALUES (new.k, new.v)"
                        + " ON CONFLICT(a) DO UPDATE SET a = excluded.a + 100, b = t.b || excluded.b WHERE a < 50; END",
                "CREATE TRIGGER up2 AFTER INSERT ON feed BEGIN INSERT INTO other(a, n) VALUES (new.k, 1)"
                        + " ON CONFLICT(a) DO UPDATE SET n = n + 1, a = excluded.a; END",
                "CREATE TRIGGER nomatch AFTER DELETE ON feed BEGIN INSERT INTO t(a) VALUES (old.k)"
                        + " ON CONFLICT(b) DO UPDATE SET a = excluded.a; UPDATE t SET b = 'd' WHERE a = old.k; END",
                "ALTER TABLE t RENAME COLUMN a TO z",
                "SELECT name, sql FROM sqlite_schema WHERE type = 'trigger' ORDER BY name",
                "INSERT INTO feed VALUES (1, 'x'), (1, 'y'), (1, 'w')",
                "SELECT * FROM t ORDER BY rowid",
                "SELECT * FROM other ORDER BY rowid",
                "DELETE FROM feed");
    }

    /**
     * The new text keeps every other character: spacing, comments, the case of other names; a
     * token written quoted gets the new name in double quotes, a bare one the bare name unless
     * it needs quotes or was written quoted in the ALTER ({@code TO "memo"}: quoted everywhere).
     */
    @Test
    void theRestOfTheTextStaysAsWritten() throws SQLException {
        assertSameOutcomes("CREATE TABLE t(Amount, note)",
                "CREATE TABLE log(v)",
                "CREATE TRIGGER \"t r\"  BEFORE  UPDATE OF [amount] ON t -- watch it\n"
                        + "  FOR EACH ROW WHEN NEW.AMOUNT>0 BEGIN\n"
                        + "    INSERT INTO log /* the new value */ VALUES(new.`amount`*2);\n"
                        + "    SELECT RAISE(ABORT, 'amount too big') WHERE new.amount>1000;\n  END",
                "ALTER TABLE t RENAME COLUMN amount TO total",
                "SELECT name, sql FROM sqlite_schema WHERE type = 'trigger'",
                "INSERT INTO t VALUES (1, 'n')",
                "UPDATE t SET total = 5",
                "UPDATE t SET total = 5000",
                "ALTER TABLE t RENAME COLUMN total TO \"grand total\"",
                "SELECT name, sql FROM sqlite_schema WHERE type = 'trigger'",
                "UPDATE t SET \"grand total\" = 6",
                "CREATE TRIGGER n AFTER INSERT ON t BEGIN INSERT INTO log VALUES (new.note || new.[note]); END",
                "CREATE VIEW v AS SELECT note FROM t",
                "ALTER TABLE t RENAME COLUMN note TO \"memo\"",
                "SELECT name, sql FROM sqlite_schema ORDER BY name",
                "INSERT INTO t VALUES (7, 'm')",
                "SELECT * FROM v",
                "SELECT * FROM log ORDER BY rowid");
    }

    /**
     * SQLite resolves every trigger before the change: a missing table or a column that does not
     * resolve stops it ("error in trigger tr: ..."); what only running finds (a function, a column
     * list naming no column) does not. After the change, a name the new column makes ambiguous
     * stops it ("error in trigger tr after rename: ..."). Nothing is changed by a refused ALTER.
     */
    @Test
    void aTriggerThatDoesNotResolveStopsTheRename() throws SQLException {
        assertSameOutcomes("CREATE TABLE u(z, c)",
                "CREATE TABLE t1(a, b)",
                "CREATE TRIGGER tr1 AFTER INSERT ON t1 BEGIN SELECT * FROM gone; END",
                "ALTER TABLE t1 RENAME COLUMN a TO z",
                "DROP TRIGGER tr1",
                "CREATE TRIGGER tr1 AFTER INSERT ON t1 BEGIN UPDATE gone SET q = 1 WHERE r = 2; END",
                "ALTER TABLE t1 RENAME COLUMN a TO z",
                "DROP TRIGGER tr1",
                "CREATE TRIGGER tr1 AFTER INSERT ON t1 BEGIN INSERT INTO missing VALUES (1); END",
                "ALTER TABLE t1 RENAME COLUMN a TO z",
                "DROP TRIGGER tr1",
                "CREATE TRIGGER tr1 AFTER INSERT ON t1 BEGIN INSERT INTO u(nosuch) VALUES (new.nosuch2); END",
                "ALTER TABLE t1 RENAME COLUMN a TO z",
                "DROP TRIGGER tr1",
                "CREATE TRIGGER tr1 AFTER INSERT ON t1 WHEN a > 1 BEGIN SELECT 1; END",
                "ALTER TABLE t1 RENAME COLUMN a TO z",
                "INSERT INTO t1 VALUES (5, 6)", // a trigger's OLD and NEW are named only qualified
                "DROP TRIGGER tr1",
                "CREATE TRIGGER tr1 AFTER INSERT ON t1 BEGIN SELECT rowid; END",
                "INSERT INTO t1 VALUES (5, 6)",
                "DROP TRIGGER tr1",
                "CREATE TRIGGER tr1 AFTER INSERT ON t1 BEGIN SELECT new.a, a FROM u; END",
                "ALTER TABLE t1 RENAME COLUMN a TO z",
                "DROP TRIGGER tr1",
                "CREATE TRIGGER tr1 AFTER INSERT ON t1 BEGIN INSERT INTO u(nosuch) VALUES (1); UPDATE u SET nosuch = 1;"
                        + " SELECT nosuchfunc(1); SELECT new.a; END",
                "ALTER TABLE t1 RENAME COLUMN a TO y",
                "SELECT name, sql FROM sqlite_schema WHERE name = 'tr1'",
                "DROP TRIGGER tr1",
                "CREATE TRIGGER tr1 AFTER INSERT ON t1 BEGIN SELECT y FROM t1, u; END",
                "ALTER TABLE t1 RENAME COLUMN y TO z",
                "CREATE TRIGGER tr2 AFTER INSERT ON u BEGIN SELECT 1 FROM u, t1 WHERE c = 1; END",
                "DROP TRIGGER tr1",
                "ALTER TABLE t1 RENAME COLUMN b TO c",
                "SELECT name, sql FROM sqlite_schema ORDER BY name",
                "INSERT INTO t1 VALUES (1, 2)");
    }

    /**
     * Temp triggers over a main table follow it, as SQLite rewrites temp's triggers too; a temp
     * table's rename fails wherever a temp trigger or view reads the column by a name that
     * resolves, as in SQLite, whose second pass over temp reads the new text against the old table.
     */
    @Test
    void tempTriggers() throws SQLException {
        assertSameOutcomes("CREATE TABLE t(a, b)",
                "CREATE TABLE log(x)",
                "CREATE TEMP TRIGGER tt1 AFTER INSERT ON main.t BEGIN INSERT INTO log VALUES (new.a); END",
                "CREATE TEMP TABLE tlog(x)",
                "CREATE TEMP TRIGGER tt2 AFTER INSERT ON tlog BEGIN UPDATE t SET a = new.x WHERE a IS NULL; END",
                "ALTER TABLE t RENAME COLUMN a TO z",
                "SELECT name, sql FROM sqlite_temp_schema WHERE type = 'trigger' ORDER BY name",
                "INSERT INTO t VALUES (1, 2), (NULL, 3)",
                "INSERT INTO tlog VALUES (9)",
                "SELECT * FROM t ORDER BY rowid",
                "SELECT * FROM log ORDER BY rowid",
                "CREATE TEMP TABLE tt(a, b)",
                "CREATE TEMP TRIGGER tt3 AFTER INSERT ON tt BEGIN INSERT INTO tlog VALUES (new.a); END",
                "ALTER TABLE tt RENAME COLUMN a TO z",
                "ALTER TABLE tt RENAME COLUMN b TO c",
                "DROP TRIGGER tt3",
                "CREATE TEMP TRIGGER tt4 AFTER INSERT ON tt BEGIN INSERT INTO tt(a) VALUES (1); UPDATE tt SET a = 2; END",
                "ALTER TABLE tt RENAME COLUMN a TO z",
                "CREATE TEMP TRIGGER tt5 AFTER INSERT ON tlog BEGIN UPDATE tt SET c = 2 WHERE z = 1; END",
                "ALTER TABLE tt RENAME COLUMN z TO y",
                "DROP TRIGGER tt5",
                "CREATE TEMP VIEW tv AS SELECT z FROM tt",
                "ALTER TABLE tt RENAME COLUMN z TO y",
                "SELECT name, sql FROM sqlite_temp_schema ORDER BY name");
    }

    /**
     * An INTEGER PRIMARY KEY is the rowid: renaming it renames {@code rowid} references that
     * resolve to it too, as SQLite does, and a WHERE term a rowid lookup takes whole is renamed
     * like any other. An INSTEAD OF trigger on a view writing the table and a CTE read in a
     * trigger are covered the same way.
     */
    @Test
    void rowidNamesViewTriggersAndCtes() throws SQLException {
        assertSameOutcomes("CREATE TABLE p(id INTEGER PRIMARY KEY, v)",
                "CREATE TABLE log(x)",
                "CREATE TRIGGER tp AFTER INSERT ON p BEGIN INSERT INTO log SELECT rowid FROM p WHERE id = new.id"
                        + " OR new.rowid = 0; END",
                "CREATE VIEW pv AS SELECT id AS i, v FROM p",
                "CREATE VIEW pw AS SELECT v FROM p WHERE id = 5 OR id IN (1, 2)",
                "CREATE TRIGGER pvi INSTEAD OF INSERT ON pv BEGIN INSERT INTO p(id, v) VALUES (new.i, new.v);"
                        + " UPDATE p SET v = v || '!' WHERE id = new.i; END",
                "CREATE TRIGGER tc AFTER DELETE ON p BEGIN INSERT INTO log WITH c(id) AS (SELECT id FROM p)"
                        + " SELECT count(*) FROM c WHERE id > old.id; END",
                "ALTER TABLE p RENAME COLUMN id TO k",
                "SELECT name, sql FROM sqlite_schema WHERE type IN ('trigger', 'view') ORDER BY name",
                "INSERT INTO pv VALUES (5, 'five')",
                "INSERT INTO p VALUES (6, 'six')",
                "DELETE FROM p WHERE k = 5",
                "SELECT * FROM p ORDER BY k",
                "SELECT * FROM log ORDER BY rowid");
    }

    /**
     * The table's own text and its indexes' rename identifiers only: a string literal spelled like
     * the column ({@code DEFAULT 'a'}, {@code CHECK (b <> 'a')}) keeps its value.
     */
    @Test
    void theTableAndItsIndexesKeepTheirStringLiterals() throws SQLException {
        assertSameOutcomes("CREATE TABLE m(a DEFAULT 'a', b CHECK (b <> 'a' AND a <> \"a\"), c AS (a || 'a'), UNIQUE (a))",
                "CREATE INDEX mi ON m(a, \"a\" COLLATE nocase) WHERE a > 'a'",
                "ALTER TABLE m RENAME COLUMN a TO z",
                "SELECT name, sql FROM sqlite_schema ORDER BY name",
                "INSERT INTO m(b) VALUES ('q')",
                "ALTER TABLE m RENAME COLUMN z TO \"two words\"",
                "SELECT name, sql FROM sqlite_schema ORDER BY name",
                "INSERT INTO m(b) VALUES ('r')",
                "SELECT * FROM m ORDER BY rowid");
    }

    /**
     * A foreign key's column list names the parent's columns: renaming an {@code id} of the child
     * left its {@code REFERENCES customers(id)} pointing at customers(order_id), and renaming the
     * parent's column left the children's keys on the old name ("foreign key mismatch" on writes).
     */
    @Test
    void foreignKeysFollowTheParentsColumnNotTheChilds() throws SQLException {
        assertSameOutcomes("PRAGMA foreign_keys = ON",
                "CREATE TABLE customers(id INTEGER PRIMARY KEY, name)",
                "CREATE TABLE orders(id INTEGER PRIMARY KEY, customer_id REFERENCES customers(id), note DEFAULT 'id',"
                        + " FOREIGN KEY (note) REFERENCES notes(id))",
                "CREATE TABLE tree(id PRIMARY KEY, parent REFERENCES tree(id), other REFERENCES customers)",
                "CREATE TABLE notes(id PRIMARY KEY)",
                "INSERT INTO customers VALUES (1, 'a')",
                "ALTER TABLE orders RENAME COLUMN id TO order_id",
                "ALTER TABLE tree RENAME COLUMN id TO node",
                "ALTER TABLE customers RENAME COLUMN id TO customer",
                "SELECT name, sql FROM sqlite_schema ORDER BY name",
                "SELECT * FROM pragma_foreign_key_list('orders')",
                "INSERT INTO orders(customer_id, note) VALUES (1, NULL)",
                "INSERT INTO orders(customer_id, note) VALUES (2, NULL)",
                "INSERT INTO tree VALUES (1, NULL, 1), (2, 1, NULL)",
                "INSERT INTO tree VALUES (3, 9, NULL)",
                "SELECT * FROM orders");
    }

    private static void assertSameOutcomes(String... script) throws SQLException {
        LazyViewsDifferentialTests.assertSameOutcomes(script);
    }
}
