package io.onelite.plan;

import io.onelite.api.Database;
import io.onelite.api.DatabaseOptions;
import io.onelite.api.Session;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;

import static io.onelite.plan.NativeOracle.both;
import static io.onelite.plan.NativeOracle.oneLite;
import static io.onelite.plan.NativeOracle.sqlite;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * UPDATE whose SET reads the table it changes (issue #4): as SQLite, each row's SET values are
 * computed just before that row is written, so a correlated subquery sees the rows updated
 * before it and what a BEFORE trigger did; UPDATE ... FROM computes them beside the FROM row,
 * first. Each script runs on OneLite and native SQLite and every table must end the same.
 */
class UpdateSelfReadDifferentialTests {
    /** Runs each statement on both sides; a SELECT or RETURNING must give the same rows, a leading '!' means both must fail. */
    static void same(String... script) throws Exception {
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession();
             Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            for (String sql : script) {
                if (sql.regionMatches(true, 0, "SELECT", 0, 6)) {
                    assertThat(oneLite(s, sql)).as(sql).isEqualTo(sqlite(c, sql));
                } else if (sql.contains("RETURNING") && !sql.startsWith("!")) {
                    assertThat(oneLite(s, sql)).as(sql).isEqualTo(sqlite(c, sql));
                } else if (sql.startsWith("!")) {
                    assertThat(both(s, c, sql.substring(1))).as(sql).isFalse();
                } else {
                    assertThat(both(s, c, sql)).as(sql).isTrue();
                }
            }
        }
    }

    @Test
    void theIssueExampleSeesEarlierRowsNewValues() throws Exception {
        same("CREATE TABLE p(id INTEGER PRIMARY KEY, y INT)", "CREATE TABLE q(id INTEGER PRIMARY KEY, y INT)",
                "INSERT INTO p VALUES (1, 1), (2, 1), (3, 2), (4, 3)", "INSERT INTO q VALUES (1, 1), (2, 1), (3, 2), (4, 2)",
                "UPDATE p SET y = (SELECT count(*) FROM q JOIN p AS p2 ON p2.y = q.y WHERE q.id = p.id) + 1",
                "SELECT * FROM p");
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession()) {
            s.execute("CREATE TABLE p(id INTEGER PRIMARY KEY, y INT)");
            s.execute("CREATE TABLE q(id INTEGER PRIMARY KEY, y INT)");
            s.execute("INSERT INTO p VALUES (1, 1), (2, 1), (3, 2), (4, 3)");
            s.execute("INSERT INTO q VALUES (1, 1), (2, 1), (3, 2), (4, 2)");
            s.execute("UPDATE p SET y = (SELECT count(*) FROM q JOIN p AS p2 ON p2.y = q.y WHERE q.id = p.id) + 1");
            assertThat(oneLite(s, "SELECT * FROM p")).containsExactly("I1|I3|", "I2|I2|", "I3|I3|", "I4|I2|");
        }
    }

    @Test
    void correlatedSetSubqueriesReadEarlierRowsWrites() throws Exception {
        same("CREATE TABLE s(id INTEGER PRIMARY KEY, v INT)", "INSERT INTO s VALUES (1, 5), (2, 6), (3, 7)",
                "UPDATE s SET v = (SELECT v FROM s AS x WHERE x.id = s.id - 1) WHERE id > 1 RETURNING *",
                "SELECT * FROM s",
                "UPDATE s SET v = (SELECT sum(v) FROM s AS x WHERE x.id <= s.id) + (SELECT count(*) FROM s AS y WHERE y.v > s.v)",
                "SELECT * FROM s",
                // an uncorrelated subquery is computed once, before any write, as SQLite's OP_Once
                "UPDATE s SET v = (SELECT sum(v) FROM s)", "SELECT * FROM s",
                // SET (a, b) = (SELECT ...) correlated
                "CREATE TABLE r(id INTEGER PRIMARY KEY, a INT, b INT)", "INSERT INTO r VALUES (1, 1, 1), (2, 2, 2), (3, 3, 3)",
                "UPDATE r SET (a, b) = (SELECT sum(a), max(b) + r.id FROM r AS x WHERE x.id <= r.id)", "SELECT * FROM r");
    }

    @Test
    void rowidChangesAndWithoutRowidTables() throws Exception {
        same("CREATE TABLE s(id INTEGER PRIMARY KEY, v INT)", "INSERT INTO s VALUES (1, 5), (2, 6), (3, 7)",
                "UPDATE s SET id = id + 10, v = (SELECT count(*) FROM s AS x WHERE x.id > s.id)", "SELECT * FROM s",
                "CREATE TABLE w(k TEXT PRIMARY KEY, v INT) WITHOUT ROWID", "INSERT INTO w VALUES ('a', 1), ('b', 2), ('c', 3)",
                "UPDATE w SET v = (SELECT sum(v) FROM w AS x WHERE x.k <= w.k)", "SELECT * FROM w",
                "UPDATE w SET k = k || 'x', v = (SELECT group_concat(k ORDER BY k) FROM w AS x WHERE x.k > w.k)",
                "SELECT * FROM w",
                "CREATE TABLE k(id INTEGER PRIMARY KEY, a INT UNIQUE, v INT)", "INSERT INTO k VALUES (1, 1, 10), (2, 2, 20), (3, 3, 30)",
                "UPDATE OR REPLACE k SET a = (SELECT max(a) FROM k AS x WHERE x.id < k.id), v = v + (SELECT count(*) FROM k)",
                "SELECT * FROM k");
    }

    @Test
    void updateFromComputesBesideTheFromRow() throws Exception {
        same("CREATE TABLE f(id INTEGER PRIMARY KEY, v INT)", "INSERT INTO f VALUES (1, 1), (2, 2), (3, 3)",
                "CREATE TABLE src(id INT, d INT)", "INSERT INTO src VALUES (1, 10), (2, 20), (3, 30)",
                "UPDATE f SET v = src.d + (SELECT sum(v) FROM f AS g WHERE g.id <= f.id) FROM src WHERE src.id = f.id",
                "SELECT * FROM f");
    }

    @Test
    void triggersRunBetweenRowsAndTheRowIsReadAgain() throws Exception {
        same("CREATE TABLE tr(id INTEGER PRIMARY KEY, v INT)", "CREATE TABLE log(x)",
                "INSERT INTO tr VALUES (1, 1), (2, 2), (3, 3)",
                "CREATE TRIGGER trb BEFORE UPDATE ON tr BEGIN INSERT INTO log VALUES (new.v);"
                        + " UPDATE tr SET v = 100 WHERE id = new.id + 1; END",
                "UPDATE tr SET v = (SELECT sum(v) FROM tr AS x WHERE x.id <= tr.id)", "SELECT * FROM tr",
                "SELECT * FROM log",
                // the columns SET leaves alone come from the row as the BEFORE trigger left it
                "CREATE TABLE tb(id INTEGER PRIMARY KEY, v INT, z INT)", "INSERT INTO tb VALUES (1, 1, 0), (2, 2, 0)",
                "CREATE TRIGGER tbb BEFORE UPDATE ON tb BEGIN UPDATE tb SET z = 99, v = 50 WHERE id = new.id; END",
                "UPDATE tb SET v = v + 1", "SELECT * FROM tb",
                "CREATE TABLE tc(id INTEGER PRIMARY KEY, v INT)", "INSERT INTO tc VALUES (1, 1), (2, 2), (3, 3)",
                "CREATE TRIGGER tcb BEFORE UPDATE ON tc BEGIN DELETE FROM tc WHERE id = new.id + 1; END",
                "UPDATE tc SET v = (SELECT count(*) FROM tc)", "SELECT * FROM tc",
                "CREATE TABLE ta(id INTEGER PRIMARY KEY, v INT)", "INSERT INTO ta VALUES (1, 1), (2, 2), (3, 3)",
                "CREATE TRIGGER tra AFTER UPDATE ON ta BEGIN UPDATE ta SET v = v * 10 WHERE id = old.id + 1; END",
                "UPDATE ta SET v = (SELECT sum(v) FROM ta AS x WHERE x.id < ta.id)", "SELECT * FROM ta");
    }

    @Test
    void upsertDoUpdateSeesEarlierRows() throws Exception {
        same("CREATE TABLE up(id INTEGER PRIMARY KEY, v INT)", "INSERT INTO up VALUES (1, 1), (2, 2)",
                "INSERT INTO up SELECT column1, 0 FROM (VALUES (1), (2), (3)) WHERE true ON CONFLICT(id) DO UPDATE"
                        + " SET v = (SELECT sum(v) FROM up AS x WHERE x.id <= excluded.id) + 100",
                "SELECT * FROM up",
                "INSERT INTO up VALUES (1, 0), (2, 0), (3, 0), (4, 0) ON CONFLICT(id) DO UPDATE"
                        + " SET v = (SELECT count(*) FROM up AS x WHERE x.v >= up.v)",
                "SELECT * FROM up");
    }
}
