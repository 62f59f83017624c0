package io.onelite.plan;

import io.onelite.api.Database;
import io.onelite.api.DatabaseOptions;
import io.onelite.api.Session;
import io.onelite.api.Statement;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;

import static io.onelite.plan.ScenarioTests.run;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * CREATE VIEW accepts a SELECT over tables and columns that do not exist (yet), as SQLite does,
 * and the view fails when it is used, with SQLite's message. Compared with native SQLite.
 */
class LenientViewTests {

    @Test
    void whatCreateViewChecks() throws Exception {
        run("CREATE TABLE t(a, b)",
                "CREATE VIEW v1 AS SELECT * FROM missing",
                "CREATE VIEW v2 AS SELECT nosuch FROM t",
                "CREATE VIEW v3(x, y) AS SELECT 1",
                "CREATE VIEW v4(x, x) AS SELECT 1, 2",
                "CREATE VIEW v5 AS SELECT 1 AS a, 2 AS a",
                "CREATE VIEW v6 AS SELECT ?",
                "CREATE VIEW v7 AS SELECT nosuchfunc(a) FROM t",
                "CREATE VIEW v8 AS SELECT a FROM t GROUP BY",
                "CREATE VIEW v9 AS SELECT count(*) FROM t WHERE count(*) > 1",
                "CREATE VIEW v10 AS SELECT a FROM t UNION SELECT a, b FROM t",
                "CREATE VIEW v11(x) AS SELECT * FROM missing",
                "CREATE VIEW v12 AS SELECT t.a FROM t AS u",
                "CREATE VIEW v13 AS SELECT * FROM v1",
                "CREATE VIEW v14 AS SELECT a FROM t ORDER BY 5",
                "CREATE VIEW v15 AS WITH c AS (SELECT 1) SELECT * FROM c, nothere",
                "CREATE VIEW v16 AS SELECT (SELECT nosuch2 FROM t) FROM t",
                "CREATE VIEW v17 AS SELECT a FROM t WHERE b IN (SELECT z FROM missing2)",
                "SELECT type, name, tbl_name FROM sqlite_schema ORDER BY name");
    }

    @Test
    void aBrokenViewFailsWhenUsed() throws Exception {
        run("CREATE TABLE t(a, b)",
                "CREATE VIEW v1 AS SELECT * FROM missing",
                "CREATE VIEW v2 AS SELECT nosuch FROM t",
                "CREATE VIEW v3 AS SELECT * FROM v1",
                "CREATE VIEW v4(x, y) AS SELECT * FROM missing",
                "CREATE VIEW v5 AS SELECT nosuchfunc(a) FROM t",
                "SELECT * FROM v1",
                "SELECT * FROM v2",
                "SELECT * FROM v3",
                "SELECT x FROM v4",
                "SELECT * FROM v5",
                "SELECT count(*) FROM t, v1",
                "SELECT * FROM t WHERE a IN (SELECT * FROM v1)",
                "INSERT INTO t SELECT * FROM v1",
                "DELETE FROM v1",
                "CREATE TRIGGER vi INSTEAD OF INSERT ON v1 BEGIN SELECT 1; END",
                "INSERT INTO v1 VALUES (1, 2)",
                "CREATE VIEW v6(x, y) AS SELECT 1", "SELECT * FROM v6",
                "CREATE VIEW v7(x, x) AS SELECT 1, 2", "SELECT * FROM v7",
                "CREATE VIEW v8 AS SELECT 1 AS a, 2 AS a", "SELECT * FROM v8",
                "CREATE VIEW v9 AS SELECT * FROM v9", "SELECT * FROM v9",
                "CREATE VIEW v10 AS SELECT * FROM t, main.gone", "SELECT * FROM v10",
                "CREATE VIEW v11 AS SELECT count(*) FROM t WHERE count(*) > 1", "SELECT * FROM v11",
                "CREATE TABLE missing(p, q)",
                "INSERT INTO missing VALUES (1, 2)",
                "SELECT * FROM v1",
                "SELECT * FROM v3",
                "SELECT * FROM v4",
                "DROP VIEW v2",
                "SELECT name FROM sqlite_schema WHERE type = 'view' ORDER BY name");
    }

    @Test
    void schemaChangesWithABrokenViewAround() throws Exception {
        run("CREATE TABLE t(a, b)",
                "CREATE VIEW v1 AS SELECT * FROM missing",
                "CREATE TABLE u(c)",
                "CREATE INDEX ui ON u(c)",
                "ALTER TABLE u ADD COLUMN d",
                "ALTER TABLE u RENAME TO w",
                "ALTER TABLE w RENAME COLUMN c TO e",
                "ALTER TABLE t DROP COLUMN b",
                "CREATE TRIGGER tr AFTER INSERT ON t BEGIN SELECT * FROM v1; END",
                "INSERT INTO t VALUES (1)",
                "DROP VIEW v1",
                "SELECT name FROM sqlite_schema ORDER BY name");
    }

    @Test
    void repeatedColumnNamesOfAViewOrSubqueryGetSqlitesSuffixes() throws Exception {
        String[] setup = {"CREATE TABLE t(a, b)", "INSERT INTO t VALUES (1, 2)",
                "CREATE VIEW v(x, X) AS SELECT a, b FROM t", "CREATE VIEW w AS SELECT a, b AS a, a + b AS \"a:1\" FROM t"};
        String[] queries = {"SELECT * FROM v", "SELECT * FROM w", "SELECT \"x:1\" FROM v",
                "SELECT * FROM (SELECT 1 AS a, 2 AS A, 3 AS a)", "WITH c(p, p) AS (SELECT 1, 2) SELECT * FROM c"};
        assertSameColumns(setup, queries);
    }

    @Test
    void aColumnUnderCollateOrLikelyIsNamedByTheColumnInAViewSubqueryCteOrTableAsSelect() throws Exception {
        String[] setup = {"CREATE TABLE t(x, y)", "INSERT INTO t VALUES (1, 2)",
                "CREATE VIEW v AS SELECT x COLLATE NOCASE, +y, t.x, (x), x AS z, likely(y), unlikely(x COLLATE RTRIM),"
                        + " likelihood(y, 0.5) FROM t",
                "CREATE TABLE t2 AS SELECT x COLLATE NOCASE, likely(y) FROM t"};
        String[] queries = {"SELECT * FROM v", "SELECT * FROM (SELECT x COLLATE NOCASE, y FROM t)",
                "WITH c AS (SELECT y COLLATE BINARY FROM t) SELECT * FROM c", "SELECT * FROM t2",
                // a result column keeps its text
                "SELECT x COLLATE NOCASE, (y), t.x, likely(y) FROM t"};
        assertSameColumns(setup, queries);
    }

    /** Each query's first row as "name=value" per column, OneLite's against sqlite-jdbc's, after {@code setup} on both. */
    private static void assertSameColumns(String[] setup, String[] queries) throws Exception {
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession();
             Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            for (String sql : setup) {
                s.execute(sql);
                c.createStatement().execute(sql);
            }
            for (String sql : queries) {
                List<String> mine = new ArrayList<>();
                try (Statement st = s.prepare(sql)) {
                    assertThat(st.step()).isTrue();
                    for (int i = 0; i < st.columnCount(); i++) {
                        mine.add(st.columnName(i) + "=" + st.column(i));
                    }
                }
                List<String> theirs = new ArrayList<>();
                try (ResultSet rs = c.createStatement().executeQuery(sql)) {
                    assertThat(rs.next()).isTrue();
                    for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                        theirs.add(rs.getMetaData().getColumnName(i) + "=" + rs.getObject(i));
                    }
                }
                assertThat(mine).as(sql).isEqualTo(theirs);
            }
        }
    }

    @Test
    void tableInfoOfAViewListsItsColumnsTypedAsSqliteTypesThem() throws Exception {
        run("CREATE TABLE t(a INTEGER NOT NULL PRIMARY KEY, b TEXT DEFAULT 'x', c, d VARCHAR(10), e DECIMAL(5,2), f FLOAT)",
                "CREATE VIEW v(x, y) AS SELECT a, b || 'z' FROM t",
                "CREATE VIEW w AS SELECT *, 1 + 1 AS two, CAST(c AS TEXT), c + 0, sum(f) OVER () FROM t",
                "CREATE VIEW bad AS SELECT * FROM nope",
                "PRAGMA table_info(v)", "PRAGMA table_xinfo(v)", "PRAGMA table_info(w)",
                "SELECT name, type, \"notnull\", dflt_value, pk FROM pragma_table_info('w')",
                "PRAGMA table_info(bad)");
    }
    /**
     * A compound view's column takes SQLite's compound rule (sqlite3SubqueryColumnTypes): the
     * first arm with an affinity gives it, and it falls to BLOB when a text column meets an arm
     * that may be numeric or a numeric one meets an arm that may be text; a CAST first arm of a
     * numeric column makes it NUM.
     */
    @Test
    void tableInfoOfACompoundViewTypesItsColumnsAsSqlite() throws Exception {
        List<String> arms = List.of(
                "SELECT i FROM t UNION SELECT x FROM t", "SELECT x FROM t UNION SELECT i FROM t",
                "SELECT i FROM t UNION SELECT r FROM t", "SELECT x FROM t UNION SELECT 'lit'",
                "SELECT x FROM t UNION SELECT 1", "SELECT i FROM t UNION ALL SELECT 'a'",
                "SELECT 1 UNION SELECT i FROM t", "SELECT 'a' UNION SELECT i FROM t",
                "SELECT u FROM t UNION SELECT i FROM t", "SELECT CAST(i AS INT) FROM t UNION SELECT r FROM t",
                "SELECT CAST(x AS TEXT) FROM t UNION SELECT x FROM t", "SELECT d FROM t UNION SELECT i FROM t",
                "SELECT d FROM t UNION SELECT x FROM t", "SELECT v FROM t UNION SELECT x FROM t",
                "SELECT i FROM t UNION SELECT x FROM t UNION SELECT r FROM t", "SELECT x FROM t UNION ALL SELECT NULL",
                "SELECT x FROM t INTERSECT SELECT x || 'a' FROM t", "SELECT x FROM t EXCEPT SELECT abs(i) FROM t",
                "SELECT i FROM t UNION SELECT CASE WHEN i THEN 'a' ELSE 2 END FROM t",
                "SELECT i FROM t UNION SELECT CASE WHEN i THEN 3 END FROM t", "SELECT i FROM t UNION SELECT x'00'",
                "SELECT i FROM t UNION VALUES ('a')", "SELECT x FROM t UNION VALUES (1), ('b')",
                "VALUES (1) UNION SELECT x FROM t", "SELECT i + 1 FROM t UNION SELECT x FROM t",
                "SELECT NULL UNION SELECT NULL", "SELECT (SELECT x FROM t) UNION SELECT i FROM t",
                "SELECT x COLLATE NOCASE AS x FROM t UNION SELECT +i FROM t", "SELECT +x FROM t UNION SELECT -i FROM t",
                "SELECT r FROM t UNION SELECT random()", "SELECT r FROM t UNION SELECT CURRENT_DATE",
                "SELECT x FROM t UNION SELECT i > 0 FROM t", "SELECT x FROM t UNION SELECT (SELECT i FROM t)",
                "SELECT * FROM t UNION SELECT x, i, u, v, d, r, b FROM t", "SELECT i, x FROM t UNION SELECT x, i FROM t ORDER BY 1 LIMIT 2",
                "SELECT b FROM t UNION SELECT i FROM t", "SELECT x FROM t UNION SELECT b FROM t",
                "SELECT count(*) FROM t UNION SELECT x FROM t", "SELECT x FROM t UNION SELECT max(x) FROM t",
                "SELECT x FROM t UNION SELECT 'a' UNION SELECT 2", "SELECT 2 UNION SELECT NULL UNION SELECT x FROM t");
        List<String> script = new ArrayList<>();
        script.add("CREATE TABLE t(i INTEGER, x TEXT, u, v VARCHAR(10), d DECIMAL(5,2), r REAL, b BLOB)");
        for (int k = 0; k < arms.size(); k++) {
            script.add("CREATE VIEW v" + k + " AS " + arms.get(k));
            script.add("SELECT name, type FROM pragma_table_info('v" + k + "')");
        }
        script.add("CREATE VIEW over AS SELECT * FROM v0");
        script.add("SELECT name, type FROM pragma_table_info('over')");
        run(script.toArray(String[]::new));
    }
}
