package io.onelite.jdbc;

import org.junit.jupiter.api.Test;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Views are resolved when used, not when created, as in SQLite: CREATE VIEW checks the syntax,
 * the name and that no parameter is used; a view over tables or columns that do not exist (yet),
 * or that were dropped or changed since, fails in the statement that reads it, with SQLite's
 * message. Every outcome (rows, update count, or extended code and message) is compared with
 * sqlite-jdbc.
 */
class LazyViewsDifferentialTests {

    @Test
    void createViewChecksOnlyTheNameTheSyntaxAndParameters() throws SQLException {
        assertSameOutcomes("CREATE TABLE t(a, b)",
                "CREATE INDEX ti ON t(a)",
                "CREATE TRIGGER tr AFTER INSERT ON t BEGIN SELECT 1; END",
                "CREATE VIEW v AS SELECT x FROM missing",
                "CREATE VIEW v AS SELECT 1",
                "CREATE VIEW IF NOT EXISTS v AS SELECT 1",
                "CREATE VIEW t AS SELECT 1",
                "CREATE VIEW ti AS SELECT 1",
                "CREATE VIEW tr AS SELECT 1",
                "CREATE VIEW sqlite_v AS SELECT 1",
                "CREATE TABLE a(id INTEGER PRIMARY KEY AUTOINCREMENT)",
                "CREATE VIEW IF NOT EXISTS sqlite_sequence AS SELECT 1",
                "CREATE TABLE IF NOT EXISTS sqlite_sequence(name, seq)",
                "CREATE VIEW IF NOT EXISTS ti AS SELECT 1",
                "CREATE TABLE IF NOT EXISTS ti(x)",
                "CREATE VIEW p1 AS SELECT ?",
                "CREATE VIEW p2 AS SELECT a FROM t WHERE b = :b",
                "CREATE VIEW p3 AS SELECT * FROM missing WHERE x = ?1",
                "CREATE VIEW aux.v AS SELECT 1",
                "CREATE VIEW s1 AS SELECT a FROM t GROUP BY",
                "CREATE VIEW s2 AS SELECT 1 ORDER",
                "CREATE VIEW n1(x, y) AS SELECT 1",
                "CREATE VIEW n2(x, x) AS SELECT 1, 2",
                "CREATE VIEW f1 AS SELECT nosuchfunc(a), count(*) FROM t WHERE count(*) > 1",
                "CREATE VIEW c1 AS SELECT * FROM c1",
                "CREATE VIEW c2 AS SELECT * FROM c3",
                "CREATE VIEW c3 AS SELECT * FROM c2",
                "CREATE TEMP VIEW tv AS SELECT q FROM nothere",
                "SELECT type, name, tbl_name, rootpage, sql FROM sqlite_schema ORDER BY name",
                "SELECT type, name, tbl_name, rootpage, sql FROM sqlite_temp_schema ORDER BY name");
    }

    @Test
    void aBrokenViewFailsWhereItIsUsedWithSqlitesMessage() throws SQLException {
        assertSameOutcomes("CREATE TABLE t(a, b)",
                "INSERT INTO t VALUES (1, 2)",
                "CREATE VIEW v1 AS SELECT x FROM missing",
                "CREATE VIEW v2 AS SELECT nosuch FROM t",
                "CREATE VIEW n1(x, y) AS SELECT 1",
                "CREATE VIEW c1 AS SELECT * FROM c1",
                "CREATE VIEW c2 AS SELECT * FROM c3",
                "CREATE VIEW c3 AS SELECT * FROM c2",
                "CREATE VIEW f1 AS SELECT nosuchfunc(a) FROM t",
                "CREATE VIEW a1 AS SELECT a FROM t, t AS u",
                "CREATE VIEW g1 AS SELECT count(*) FROM t WHERE count(*) > 1",
                "CREATE VIEW over AS SELECT * FROM v1",
                "CREATE TEMP VIEW tv AS SELECT q FROM nothere",
                "SELECT * FROM v1", "SELECT * FROM v2", "SELECT * FROM n1", "SELECT * FROM c1", "SELECT * FROM c2",
                "SELECT * FROM f1", "SELECT * FROM a1", "SELECT * FROM g1", "SELECT * FROM over", "SELECT * FROM tv",
                "SELECT 1 FROM t WHERE a IN (SELECT x FROM v1)",
                "SELECT (SELECT count(*) FROM v2) FROM t",
                "SELECT EXISTS (SELECT 1 FROM c1)",
                "WITH w AS (SELECT * FROM v1) SELECT 1",
                "WITH w AS (SELECT * FROM v1) SELECT * FROM w",
                "SELECT a FROM t UNION SELECT x FROM v1",
                "SELECT * FROM t LEFT JOIN v2 ON 1",
                "INSERT INTO t SELECT x, x FROM v1",
                "UPDATE t SET a = (SELECT x FROM v1)",
                "DELETE FROM t WHERE a IN (SELECT * FROM v2)",
                "CREATE TABLE copy AS SELECT * FROM v1",
                "EXPLAIN QUERY PLAN SELECT * FROM v1",
                "INSERT INTO v1 VALUES (1)", "UPDATE v1 SET x = 1", "DELETE FROM v1",
                "INSERT INTO c1 VALUES (1)", "DELETE FROM n1",
                "CREATE TRIGGER n1i INSTEAD OF INSERT ON n1 BEGIN INSERT INTO t VALUES (new.x, new.y); END",
                "CREATE TRIGGER n1d INSTEAD OF DELETE ON n1 BEGIN DELETE FROM t; END",
                "INSERT INTO n1 VALUES (5, 6)", "INSERT INTO n1(y) VALUES (7)", "DELETE FROM n1", "UPDATE n1 SET x = 1",
                "CREATE TRIGGER vi INSTEAD OF INSERT ON v1 BEGIN SELECT 1; END",
                "INSERT INTO v1 VALUES (1)",
                "SELECT * FROM t",
                "SELECT count(*) FROM sqlite_schema",
                "DROP VIEW v1", "DROP VIEW c1", "DROP VIEW c2", "DROP VIEW tv",
                "SELECT * FROM over",
                "SELECT name FROM sqlite_schema ORDER BY name");
    }

    /** A view of an attached database reads that database: a missing table there is "aux.x". */
    @Test
    void aBrokenViewOfAnAttachedDatabaseNamesThatDatabase(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws SQLException {
        List<String> outcomes = new ArrayList<>();
        for (String url : new String[] {Drivers.NATIVE, Drivers.ONELITE}) {
            String file = dir.resolve(url.contains("onelite") ? "aux-onelite.db" : "aux-native.db").toString();
            List<String> lines = WithoutRowidDifferentialTests.run(url, "ATTACH '" + file + "' AS aux",
                    "CREATE TABLE t(a)",
                    "CREATE TABLE aux.t(b)",
                    "CREATE VIEW aux.v AS SELECT x FROM gone",
                    "CREATE VIEW aux.w AS SELECT b FROM t",
                    "CREATE VIEW aux.n AS SELECT a FROM t",
                    "SELECT * FROM aux.v", "SELECT * FROM w", "SELECT * FROM aux.n",
                    "PRAGMA aux.table_info(v)");
            outcomes.add(String.join("\n", lines).replace(file, "FILE"));
        }
        assertThat(outcomes.get(1)).isEqualTo(outcomes.get(0));
    }

    /** DROP VIEW takes the view's INSTEAD OF triggers with it, temp ones on a main view included. */
    @Test
    void dropViewDropsItsTriggers() throws SQLException {
        assertSameOutcomes("CREATE TABLE t(a)",
                "CREATE VIEW v AS SELECT a FROM t",
                "CREATE VIEW w AS SELECT a FROM t",
                "CREATE TRIGGER vi INSTEAD OF INSERT ON v BEGIN INSERT INTO t VALUES (new.a); END",
                "CREATE TRIGGER wi INSTEAD OF INSERT ON w BEGIN INSERT INTO t VALUES (new.a * 10); END",
                "CREATE TEMP TRIGGER tvd INSTEAD OF DELETE ON main.v BEGIN DELETE FROM t; END",
                "CREATE TEMP VIEW v AS SELECT 7 AS a",
                "CREATE TRIGGER tvi INSTEAD OF INSERT ON temp.v BEGIN INSERT INTO t VALUES (-new.a); END",
                "INSERT INTO main.v VALUES (1)", "INSERT INTO w VALUES (2)", "INSERT INTO temp.v VALUES (3)",
                "DROP VIEW temp.v",
                "SELECT name, tbl_name FROM sqlite_temp_schema ORDER BY name",
                "DROP VIEW v",
                "SELECT name, tbl_name FROM sqlite_schema ORDER BY name",
                "SELECT name, tbl_name FROM sqlite_temp_schema ORDER BY name",
                "CREATE VIEW v AS SELECT a FROM t",
                "INSERT INTO v VALUES (4)", "DELETE FROM v",
                "SELECT * FROM t ORDER BY a");
    }

    /** A migration that creates its views before the tables they read: the views work once the tables exist. */
    @Test
    void aViewCreatedBeforeItsTablesWorksOnceTheyExist() throws SQLException {
        assertSameOutcomes("CREATE VIEW totals AS SELECT o.customer, sum(l.qty * l.price) AS total"
                        + " FROM orders o JOIN lines l ON l.order_id = o.id GROUP BY o.customer",
                "CREATE VIEW big AS SELECT * FROM totals WHERE total > 10",
                "SELECT * FROM big",
                "CREATE TABLE orders(id INTEGER PRIMARY KEY, customer TEXT)",
                "SELECT * FROM big",
                "CREATE TABLE lines(order_id INT, qty INT)",
                "SELECT * FROM big",
                "DROP TABLE lines",
                "CREATE TABLE lines(order_id INT REFERENCES orders, qty INT, price REAL)",
                "INSERT INTO orders VALUES (1, 'ann'), (2, 'bob')",
                "INSERT INTO lines VALUES (1, 2, 3.5), (1, 1, 4), (2, 1, 1)",
                "SELECT * FROM big",
                "SELECT * FROM totals ORDER BY customer",
                "PRAGMA table_info(totals)");
    }

    /** DROP TABLE leaves the views reading it in place, and they fail until the table is back. */
    @Test
    void aViewWhoseTableWasDroppedFailsUntilTheTableIsBack() throws SQLException {
        assertSameOutcomes("CREATE TABLE t(a, b)",
                "INSERT INTO t VALUES (1, 2)",
                "CREATE VIEW v AS SELECT a FROM t",
                "CREATE VIEW w AS SELECT * FROM v",
                "DROP TABLE t",
                "SELECT * FROM v", "SELECT * FROM w", "PRAGMA table_info(v)",
                "CREATE TABLE t(b)",
                "SELECT * FROM v", "SELECT * FROM w",
                "ALTER TABLE t ADD COLUMN a",
                "INSERT INTO t VALUES (3, 4)",
                "SELECT * FROM w",
                "SELECT type, name, sql FROM sqlite_schema ORDER BY name");
    }

    /**
     * ALTER TABLE compiles the schema's views before a RENAME or DROP COLUMN (SQLite's
     * renameTestSchema), so a broken view stops them; ADD COLUMN does not look at the views.
     */
    @Test
    void alterTableWithViewsAround() throws SQLException {
        assertSameOutcomes("CREATE TABLE t(a, b, c)",
                "INSERT INTO t VALUES (1, 2, 3)",
                "CREATE VIEW v AS SELECT a, b FROM t",
                "ALTER TABLE t DROP COLUMN b",
                "ALTER TABLE t DROP COLUMN c",
                "ALTER TABLE t RENAME COLUMN a TO z",
                "SELECT * FROM v",
                "SELECT sql FROM sqlite_schema WHERE name = 'v'",
                "ALTER TABLE t RENAME TO u",
                "SELECT * FROM v",
                "SELECT sql FROM sqlite_schema WHERE name = 'v'",
                "CREATE VIEW broken AS SELECT * FROM gone",
                "ALTER TABLE u ADD COLUMN d",
                "ALTER TABLE u DROP COLUMN d",
                "ALTER TABLE u RENAME COLUMN z TO y",
                "ALTER TABLE u RENAME TO t",
                "CREATE TABLE other(p)",
                "ALTER TABLE other RENAME TO other2",
                "DROP VIEW broken",
                "ALTER TABLE u RENAME TO t",
                "SELECT * FROM v",
                "SELECT type, name, sql FROM sqlite_schema ORDER BY name");
    }

    /**
     * RENAME COLUMN rewrites the references to the column in every view (SQLite's
     * sqlite_rename_column): only those that resolve to it, qualified, aliased or in subqueries;
     * a view's result column named after it takes the new name.
     */
    @Test
    void renameColumnRewritesTheViewsThatReadIt() throws SQLException {
        assertSameOutcomes("CREATE TABLE t(a, b)",
                "CREATE TABLE u(a, c)",
                "INSERT INTO t VALUES (1, 2), (3, 4)",
                "INSERT INTO u VALUES (1, 'x'), (5, 'y')",
                "CREATE VIEW v1 AS SELECT a, b FROM t",
                "CREATE VIEW v2 AS SELECT t.a AS ta, u.a AS ua FROM t JOIN u ON t.a = u.a WHERE main.t.a > 0",
                "CREATE VIEW v3 AS SELECT x.\"a\" FROM t AS x ORDER BY x.a",
                "CREATE VIEW v4 AS SELECT a FROM u WHERE a IN (SELECT a FROM t) OR EXISTS (SELECT 1 FROM t WHERE t.a = u.a)",
                "CREATE VIEW v5 AS SELECT * FROM t",
                "CREATE VIEW v6(p, q) AS SELECT a, count(*) FROM t GROUP BY a HAVING a > 0",
                "CREATE VIEW v7 AS SELECT b AS a FROM t",
                "CREATE VIEW v8 AS SELECT a FROM v1",
                "CREATE VIEW v9 AS SELECT [a] + `a` AS s FROM t",
                "ALTER TABLE t RENAME COLUMN a TO z",
                "SELECT name, sql FROM sqlite_schema WHERE type = 'view' ORDER BY name",
                "SELECT * FROM v1", "SELECT * FROM v2", "SELECT * FROM v3", "SELECT * FROM v4", "SELECT * FROM v5",
                "SELECT * FROM v6", "SELECT * FROM v7", "SELECT * FROM v8", "SELECT * FROM v9",
                "PRAGMA table_info(v1)",
                "ALTER TABLE t RENAME COLUMN z TO \"two words\"",
                "SELECT name, sql FROM sqlite_schema WHERE name IN ('v1', 'v3') ORDER BY name",
                "SELECT * FROM v1",
                "ALTER TABLE u RENAME COLUMN a TO w",
                "SELECT name, sql FROM sqlite_schema WHERE name IN ('v2', 'v4') ORDER BY name",
                "SELECT * FROM v2", "SELECT * FROM v4");
    }

    /** RENAME COLUMN through ORDER BY, GROUP BY, windows, compounds and CTEs, temp views over main tables included. */
    @Test
    void renameColumnInEveryClauseOfAView() throws SQLException {
        assertSameOutcomes("CREATE TABLE t(a, b)",
                "CREATE TABLE w(a, b)",
                "INSERT INTO w VALUES (1, 1), (2, 2), (3, 1)",
                "INSERT INTO t VALUES (2, 1)",
                "CREATE VIEW vw1 AS SELECT a FROM w ORDER BY a",
                "CREATE VIEW vw2 AS SELECT a AS k FROM w GROUP BY a ORDER BY k",
                "CREATE VIEW vw3 AS SELECT w.a FROM w JOIN t USING (b)",
                "CREATE VIEW vw4 AS SELECT a, sum(a) OVER (x ORDER BY a), count(*) OVER x FROM w WINDOW x AS (PARTITION BY a)",
                "CREATE VIEW vw6 AS SELECT (SELECT max(a) FROM w) m, a FROM w AS q",
                "CREATE VIEW vw7 AS SELECT a FROM w UNION SELECT a FROM t ORDER BY a",
                "CREATE VIEW vw8 AS SELECT count(*) FILTER (WHERE a > 1), a FROM w GROUP BY 2",
                "CREATE VIEW vw9 AS SELECT x.a FROM w x WHERE x.a BETWEEN 1 AND 2 AND a IS NOT NULL",
                "CREATE TEMP VIEW tv1 AS SELECT a, b FROM main.w",
                "CREATE TEMP VIEW tv2 AS SELECT a FROM w WHERE a > 1",
                "ALTER TABLE w RENAME COLUMN a TO y",
                "SELECT name, sql FROM sqlite_schema WHERE type = 'view' ORDER BY name",
                "SELECT name, sql FROM sqlite_temp_schema WHERE type = 'view' ORDER BY name",
                "SELECT * FROM vw1", "SELECT * FROM vw2", "SELECT * FROM vw3", "SELECT * FROM vw4", "SELECT * FROM vw6",
                "SELECT * FROM vw7", "SELECT * FROM vw8", "SELECT * FROM vw9", "SELECT * FROM tv1", "SELECT * FROM tv2",
                // SQLite leaves the CTE's outer reference as it was, and its check after the rename refuses the change
                "CREATE VIEW vw5 AS WITH c AS (SELECT y FROM w) SELECT y FROM c",
                "ALTER TABLE w RENAME COLUMN y TO a",
                "SELECT name, sql FROM sqlite_schema WHERE name IN ('vw1', 'vw5') ORDER BY name",
                "SELECT * FROM vw5");
    }

    @Test
    void tableInfoOfABrokenView() throws SQLException {
        assertSameOutcomes("CREATE TABLE t(a, b)",
                "CREATE VIEW v1 AS SELECT x FROM missing",
                "CREATE VIEW n1(x, y) AS SELECT 1",
                "CREATE VIEW n2(x) AS SELECT * FROM missing",
                "CREATE VIEW c1 AS SELECT * FROM c1",
                "PRAGMA table_info(v1)", "PRAGMA table_xinfo(v1)",
                "PRAGMA table_info(n1)", "PRAGMA table_xinfo(n1)",
                "PRAGMA table_info(n2)",
                "PRAGMA table_info(c1)",
                "SELECT * FROM pragma_table_info('v1')",
                "SELECT * FROM pragma_table_info('n1')",
                "PRAGMA table_info(t)",
                "SELECT name FROM pragma_table_list WHERE schema = 'main' ORDER BY name",
                "PRAGMA integrity_check",
                "PRAGMA quick_check");
    }

    /** More than 2000 columns: the view is made, and reading it fails with SQLite's message. */
    @Test
    void aViewOfTooManyColumnsFailsWhenUsed() throws SQLException {
        StringBuilder values = new StringBuilder();
        StringBuilder names = new StringBuilder();
        StringBuilder wide = new StringBuilder();
        for (int i = 0; i < 2001; i++) {
            values.append(i == 0 ? "" : ", ").append(i);
            names.append(i == 0 ? "" : ", ").append("c").append(i);
            if (i < 1500) {
                wide.append(i == 0 ? "" : ", ").append("c").append(i);
            }
        }
        assertSameOutcomes("CREATE VIEW w1 AS SELECT " + values,
                "CREATE VIEW w2(" + names + ") AS SELECT 1",
                "CREATE TABLE big(" + wide + ")",
                "CREATE VIEW w3 AS SELECT * FROM big, big AS b2",
                "SELECT count(*) FROM w1",
                "SELECT count(*) FROM w2",
                "SELECT count(*) FROM w3",
                "PRAGMA table_info(w1)",
                "SELECT count(*) FROM pragma_table_info('w2')",
                "SELECT count(*) FROM pragma_table_info('w3')",
                "SELECT name FROM sqlite_schema ORDER BY name");
    }

    /**
     * DatabaseMetaData on a schema holding broken views: getTables lists them without failing,
     * and getColumns does what sqlite-jdbc does.
     */
    @Test
    void databaseMetaDataWithBrokenViews() throws SQLException {
        String[] setup = {"CREATE TABLE t(a INTEGER PRIMARY KEY, b TEXT)",
                "CREATE VIEW good AS SELECT a, b FROM t",
                "CREATE VIEW gone AS SELECT x FROM missing",
                "CREATE VIEW counted(p, q) AS SELECT a FROM t",
                "CREATE VIEW loop AS SELECT * FROM loop"};
        List<String> mine = metaData(Drivers.ONELITE, setup);
        List<String> theirs = metaData(Drivers.NATIVE, setup);
        assertThat(mine).containsExactlyElementsOf(theirs);
        assertThat(mine.get(0)).contains("gone VIEW").contains("loop VIEW");
    }

    /** getTables, then getColumns of everything, then of the good view and of each broken one, each as rows or its error. */
    private static List<String> metaData(String url, String... setup) throws SQLException {
        List<String> out = new ArrayList<>();
        try (java.sql.Connection c = Drivers.open(url)) {
            Drivers.exec(c, setup);
            java.sql.DatabaseMetaData md = c.getMetaData();
            out.add(outcome(() -> md.getTables(null, null, "%", null), "TABLE_NAME", "TABLE_TYPE"));
            for (String table : new String[] {"%", "good", "gone", "counted", "loop"}) {
                out.add(table + ": " + outcome(() -> md.getColumns(null, null, table, "%"),
                        "TABLE_NAME", "COLUMN_NAME", "TYPE_NAME", "ORDINAL_POSITION"));
            }
        }
        return out;
    }

    private interface Query {
        java.sql.ResultSet run() throws SQLException;
    }

    private static String outcome(Query query, String... columns) {
        StringBuilder sb = new StringBuilder();
        try (java.sql.ResultSet rs = query.run()) {
            while (rs.next()) {
                for (String column : columns) {
                    sb.append(rs.getString(column)).append(' ');
                }
                sb.append("; ");
            }
        } catch (SQLException e) {
            // "[SQLITE_ERROR] SQL error or missing database (no such table: main.x)" (sqlite-jdbc), "[SQLITE_ERROR] no such table: main.x"
            String m = e.getMessage().replaceFirst("^\\[\\w+] ", "");
            return "error " + e.getErrorCode() + " " + (m.endsWith(")") ? m.substring(m.indexOf('(') + 1, m.length() - 1) : m);
        }
        return sb.toString();
    }

    /** Runs {@code script} on both drivers; every statement must end alike (rows, or error code and message). */
    static void assertSameOutcomes(String... script) throws SQLException {
        List<String> mine = WithoutRowidDifferentialTests.run(Drivers.ONELITE, script);
        List<String> theirs = WithoutRowidDifferentialTests.run(Drivers.NATIVE, script);
        List<String> diffs = new ArrayList<>();
        for (int i = 0; i < script.length; i++) {
            if (!mine.get(i).equals(theirs.get(i))) {
                diffs.add(cut(mine.get(i)) + "\n   native: " + cut(theirs.get(i)));
            }
        }
        assertThat(diffs).isEmpty();
    }

    private static String cut(String s) {
        return s.length() > 4000 ? s.substring(0, 2000) + " ... " + s.substring(s.length() - 2000) : s;
    }
}
