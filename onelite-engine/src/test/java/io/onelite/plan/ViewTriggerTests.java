package io.onelite.plan;

import io.onelite.testing.ReplaySeed;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static io.onelite.plan.ScenarioTests.run;

/** INSTEAD OF triggers on views (and trigger order / last_insert_rowid), compared with native SQLite. */
class ViewTriggerTests {

    private static final String[] SETUP = {
        "CREATE TABLE t(id INTEGER PRIMARY KEY, a INTEGER, b TEXT)",
        "CREATE TABLE log(x)",
        "INSERT INTO t VALUES (1, 10, 'x'), (2, 20, 'y')",
        "CREATE VIEW v AS SELECT id, a, b, a * 2 AS a2 FROM t",
    };

    private static void scenario(String... statements) throws Exception {
        List<String> all = new ArrayList<>(List.of(SETUP));
        all.addAll(List.of(statements));
        run(all.toArray(new String[0]));
    }

    @Test
    void withoutATriggerAViewCannotBeModified() throws Exception {
        scenario("INSERT INTO v VALUES (3, 30, 'z', 0)", "UPDATE v SET a = 5", "DELETE FROM v",
                "CREATE TRIGGER vu INSTEAD OF UPDATE OF a ON v BEGIN SELECT 1; END",
                "UPDATE v SET b = 'no trigger for b'", "INSERT INTO v DEFAULT VALUES",
                "CREATE TRIGGER bad BEFORE INSERT ON v BEGIN SELECT 1; END",
                "CREATE TRIGGER bad AFTER DELETE ON v BEGIN SELECT 1; END",
                "CREATE TRIGGER bad INSTEAD OF INSERT ON t BEGIN SELECT 1; END");
    }

    @Test
    void insertRunsTheTriggerWithNew() throws Exception {
        scenario("CREATE TRIGGER vi INSTEAD OF INSERT ON v BEGIN INSERT INTO t VALUES (new.id, new.a, new.b);"
                        + " INSERT INTO log VALUES ('ins ' || new.id || ' ' || typeof(new.a) || ' ' || coalesce(new.a2, 'null')); END",
                "INSERT INTO v VALUES (3, '30', 'z', 0)",
                "SELECT changes(), total_changes(), last_insert_rowid()",
                "INSERT INTO v (id, b) VALUES (4, 'w'), (5, 'q')",
                "SELECT changes(), last_insert_rowid()",
                "INSERT INTO v SELECT id + 10, a, b, a2 FROM v WHERE id < 3",
                "INSERT INTO v (id, rowid) VALUES (6, 99)",
                "INSERT OR REPLACE INTO v VALUES (50, 1, 'x', 1)",
                "INSERT INTO v VALUES (60, 1, 'r', 1) RETURNING *, a2 + 1",
                "INSERT INTO v VALUES (1, 2, 3)", "INSERT INTO v (nosuch) VALUES (1)", "INSERT INTO v SELECT 1, 2",
                "INSERT INTO v VALUES (1, 1, 1, 1)", "INSERT INTO v VALUES (1, 1, 1, 1) ON CONFLICT DO NOTHING",
                "SELECT * FROM t", "SELECT * FROM log");
    }

    @Test
    void updateAndDeleteRunTheTriggerWithOldAndNew() throws Exception {
        scenario("CREATE TRIGGER vu INSTEAD OF UPDATE OF a ON v WHEN new.a > 0 BEGIN"
                        + " UPDATE t SET a = new.a WHERE id = old.id;"
                        + " INSERT INTO log VALUES ('upd ' || old.id || ' ' || old.a || '->' || new.a || ' ' || old.a2"
                        + " || ' ' || new.a2 || ' ' || new.b); END",
                "UPDATE v SET a = a + 1 WHERE id <= 3",
                "SELECT changes()",
                "UPDATE v SET b = 'bb' WHERE id = 1",
                "UPDATE v SET a = -1 WHERE id = 1",
                "UPDATE v SET a = 7, b = 'q' WHERE a2 > 30 RETURNING *",
                "UPDATE v SET (a, b) = (SELECT 5, 'five') WHERE id = 2 RETURNING a, b",
                "UPDATE v SET a = v.a + s.a FROM (SELECT 1 AS id, 100 AS a) AS s WHERE s.id = v.id RETURNING *",
                "UPDATE v SET nosuch = 1",
                "UPDATE v AS q SET a = 3 WHERE q.id = 1",
                "CREATE TRIGGER vd INSTEAD OF DELETE ON v BEGIN DELETE FROM t WHERE id = old.id;"
                        + " INSERT INTO log VALUES ('del ' || old.id || ' ' || old.a2); END",
                "DELETE FROM v WHERE a > 20 RETURNING *, id + 1",
                "SELECT changes()",
                "DELETE FROM v AS z WHERE z.id = 1",
                "CREATE TRIGGER bad INSTEAD OF UPDATE ON v BEGIN SELECT new.rowid; END",
                "UPDATE v SET b = 'x'",
                "SELECT * FROM t", "SELECT * FROM log");
    }

    @Test
    void raiseWhenAndTriggerOrderFollowSqlite() throws Exception {
        scenario("CREATE TRIGGER vi INSTEAD OF INSERT ON v BEGIN INSERT INTO t VALUES (new.id, new.a, new.b); END",
                "CREATE TRIGGER vi2 INSTEAD OF INSERT ON v WHEN new.id = 99 BEGIN SELECT raise(abort, 'no 99'); END",
                "CREATE TRIGGER vi3 INSTEAD OF INSERT ON v WHEN new.id = 98 BEGIN SELECT raise(ignore);"
                        + " INSERT INTO log VALUES ('never'); END",
                "CREATE TRIGGER vi4 INSTEAD OF INSERT ON v WHEN new.id = 97 BEGIN SELECT raise(rollback, 'back 97'); END",
                "INSERT INTO v VALUES (99, 1, 1, 1)", "INSERT INTO v VALUES (98, 1, 1, 1)",
                "INSERT INTO v VALUES (96, 1, 1, 1), (99, 1, 1, 1), (95, 1, 1, 1)",
                "INSERT INTO v VALUES (96, 1, 1, 1), (97, 1, 1, 1), (95, 1, 1, 1)",
                "BEGIN", "INSERT INTO v VALUES (94, 1, 1, 1)", "INSERT INTO v VALUES (96, 1, 1, 1), (99, 1, 1, 1)",
                "COMMIT",
                "CREATE TRIGGER l1 AFTER INSERT ON log BEGIN INSERT INTO t (b) VALUES ('l1 ' || new.x); END",
                "CREATE TRIGGER l2 AFTER INSERT ON log BEGIN INSERT INTO t (b) VALUES ('l2 ' || new.x); END",
                "INSERT INTO log VALUES ('o')",
                "SELECT last_insert_rowid()",
                "CREATE VIEW w AS SELECT 1 AS k UNION ALL SELECT 2",
                "CREATE TRIGGER wd INSTEAD OF DELETE ON w BEGIN INSERT INTO v VALUES (100 + old.k, old.k, 'w', 0); END",
                "DELETE FROM w WHERE k = 2",
                "CREATE VIEW named(p, q) AS SELECT id, b FROM t",
                "CREATE TRIGGER ni INSTEAD OF INSERT ON named BEGIN INSERT INTO log VALUES (new.p || '/' || new.q); END",
                "INSERT INTO named (q, p) VALUES ('qq', 'pp')",
                "SELECT * FROM t", "SELECT * FROM log");
    }

    @Test
    void eachTriggerProgramRunSeesTheRowsWrittenBeforeIt() throws Exception {
        // uncorrelated subqueries and view reads are evaluated afresh per trigger program run
        scenario("CREATE TABLE src(k, v)", "CREATE VIEW cv AS SELECT count(*) AS c FROM t",
                "CREATE TRIGGER vi INSTEAD OF INSERT ON v BEGIN INSERT INTO t VALUES (new.id, new.a, new.b); END",
                "CREATE TRIGGER vu INSTEAD OF UPDATE ON v BEGIN UPDATE t SET a = new.a, b = new.b WHERE id = old.id; END",
                "CREATE TRIGGER vd INSTEAD OF DELETE ON v BEGIN DELETE FROM t WHERE id = old.id; END",
                "CREATE TRIGGER s1 AFTER INSERT ON src BEGIN INSERT INTO v VALUES (new.k, new.v, 'ins', 0);"
                        + " UPDATE v SET b = new.v || 'u' WHERE id = new.k - 1; DELETE FROM v WHERE id = new.k - 2;"
                        + " INSERT INTO log VALUES ((SELECT count(*) FROM t) || '/' || (SELECT c FROM cv)); END",
                "INSERT INTO src VALUES (3, 'x'), (4, 'y'), (5, 'z'), (6, 'w')",
                "SELECT * FROM t", "SELECT * FROM log");
    }

    @Test
    void randomStatementsOnAViewAgreeWithSqlite() throws Exception {
        long seed = ReplaySeed.announce("ViewTriggerTests");
        Random r = new Random(seed);
        List<String> script = new ArrayList<>(List.of(
                "CREATE TABLE base(k INTEGER PRIMARY KEY, x, y TEXT)",
                "CREATE TABLE audit(n INTEGER PRIMARY KEY, what)",
                "CREATE VIEW bv AS SELECT k, x, y, x + 1 AS x1 FROM base",
                "CREATE TRIGGER bi INSTEAD OF INSERT ON bv WHEN new.x IS NOT 3 BEGIN"
                        + " INSERT OR REPLACE INTO base VALUES (new.k, new.x, new.y);"
                        + " INSERT INTO audit (what) VALUES ('i ' || quote(new.k) || quote(new.x) || quote(new.x1)); END",
                "CREATE TRIGGER bu INSTEAD OF UPDATE OF x, y ON bv BEGIN"
                        + " UPDATE base SET x = new.x, y = new.y WHERE k = old.k;"
                        + " INSERT INTO audit (what) VALUES ('u ' || quote(old.x) || quote(new.x) || quote(new.y)); END",
                "CREATE TRIGGER bd INSTEAD OF DELETE ON bv WHEN old.x % 2 = 0 BEGIN"
                        + " DELETE FROM base WHERE k = old.k; INSERT INTO audit (what) VALUES ('d ' || old.k); END"));
        for (int i = 0; i < 40; i++) {
            String v = r.nextInt(4) == 0 ? "NULL" : Integer.toString(r.nextInt(6));
            String k = Integer.toString(r.nextInt(8));
            script.add(switch (r.nextInt(4)) {
                case 0 -> "INSERT INTO bv (k, x, y) VALUES (" + k + ", " + v + ", 'y" + i + "')";
                case 1 -> "UPDATE bv SET x = " + (r.nextBoolean() ? "x + 1" : v) + " WHERE k " + (r.nextBoolean() ? "<" : ">=")
                        + " " + k + " RETURNING k, x, x1";
                case 2 -> "UPDATE bv SET y = y || 'z' WHERE x IS " + v;
                default -> "DELETE FROM bv WHERE x1 > " + v + " RETURNING k";
            });
        }
        script.add("SELECT * FROM base ORDER BY k");
        script.add("SELECT * FROM audit ORDER BY n");
        run(script.toArray(new String[0]));
    }
}
