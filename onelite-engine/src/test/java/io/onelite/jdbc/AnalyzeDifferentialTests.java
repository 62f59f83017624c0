package io.onelite.jdbc;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static io.onelite.jdbc.WithoutRowidDifferentialTests.assertSame;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * ANALYZE and PRAGMA optimize on both drivers: the same scripts leave the same
 * {@code sqlite_stat1} rows (rowids, order and text) and give the same errors. The native
 * driver is built with STAT4 and also makes {@code sqlite_stat4}, which OneLite (as SQLite's
 * default build) does not: the scripts read {@code sqlite_stat1} and the schema rows without it.
 * Under an analysis limit SQLite's STAT4 build counts an index's entries exactly where the
 * default build (and OneLite) estimates them from page cell counts; the limited scans here read
 * one-page indexes, where both are the count.
 *
 * <p>Once {@code sqlite_stat4} exists it is one more entry of the native connection's schema hash,
 * which can change the order in which a later ANALYZE of a whole database visits the tables:
 * scripts that analyze a database twice run on files ({@link #assertSameOnFiles}), where
 * {@code REOPEN} drops {@code sqlite_stat4} on the native side and reopens both connections.
 */
class AnalyzeDifferentialTests {
    @TempDir
    Path dir;

    private static final String REOPEN = "REOPEN";
    private static final String STAT1 = "SELECT rowid, tbl, idx, stat FROM main.sqlite_stat1 ORDER BY rowid";
    private static final String SCHEMA = "SELECT type, name, tbl_name, rootpage, sql FROM main.sqlite_schema"
            + " WHERE name <> 'sqlite_stat4' ORDER BY rowid";

    /**
     * As {@link WithoutRowidDifferentialTests#assertSame}, each driver on its own new file;
     * {@link #REOPEN} reopens the connections, the native one after dropping sqlite_stat4.
     */
    private void assertSameOnFiles(String... script) throws SQLException {
        List<List<String>> outcomes = new ArrayList<>();
        for (String prefix : new String[]{"jdbc:sqlite:", "jdbc:onelite:"}) {
            String url = prefix + dir.resolve(prefix.replace(":", "") + System.nanoTime() + ".db");
            List<String> out = new ArrayList<>();
            List<String> part = new ArrayList<>();
            for (String sql : script) {
                if (!sql.equals(REOPEN)) {
                    part.add(sql);
                    continue;
                }
                out.addAll(WithoutRowidDifferentialTests.run(url, part.toArray(new String[0])));
                part.clear();
                if (prefix.equals("jdbc:sqlite:")) {
                    try (Connection c = Drivers.open(url); Statement s = c.createStatement()) {
                        s.execute("DROP TABLE IF EXISTS sqlite_stat4");
                    }
                }
            }
            out.addAll(WithoutRowidDifferentialTests.run(url, part.toArray(new String[0])));
            outcomes.add(out);
        }
        assertThat(outcomes.get(1)).containsExactlyElementsOf(outcomes.get(0));
    }

    /** Rows 1..n as {@code (i, i % m)}: n rows whose second column has m values. */
    private static String series(String table, int n, String expr) {
        return "INSERT INTO " + table + " WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < "
                + n + ") SELECT " + expr + " FROM s";
    }

    @Test
    void everyKindOfIndexGetsSqlitesRowsInSqlitesOrder() throws SQLException {
        assertSame("CREATE TABLE r(a, b UNIQUE, c UNIQUE, d, UNIQUE(d) ON CONFLICT REPLACE, PRIMARY KEY(a, b))",
                "CREATE INDEX rc ON r(c)",
                "CREATE UNIQUE INDEX rd ON r(d)",
                "CREATE TABLE w(a, b UNIQUE, c, PRIMARY KEY(c, a)) WITHOUT ROWID",
                "CREATE INDEX wb ON w(b DESC, c)",
                "CREATE TABLE wk(k TEXT COLLATE NOCASE PRIMARY KEY, v) WITHOUT ROWID",
                "INSERT INTO w VALUES(1, 1, 1), (2, 2, 1), (3, 3, 3), (1, 4, 3)",
                "INSERT INTO wk VALUES('a', 1), ('B', 1), ('c', 2)",
                "INSERT INTO r VALUES(1, 1, 1, 1), (2, 2, 2, 2), (2, 3, 3, 3), (3, 4, NULL, NULL), (4, 5, NULL, 6)",
                "CREATE TABLE p(a, b, c TEXT)",
                "INSERT INTO p VALUES(1, 1, 'x'), (1, 2, 'X'), (2, NULL, 'x '), (NULL, NULL, 'y'), (NULL, 1, 'Y')",
                "CREATE INDEX pp ON p(a) WHERE b IS NOT NULL",
                "CREATE INDEX pe ON p(a + b, b DESC)",
                "CREATE INDEX pn ON p(c COLLATE NOCASE, c COLLATE RTRIM, c)",
                "CREATE TABLE only_partial(a, b)",
                "INSERT INTO only_partial VALUES(1, 1), (2, NULL), (3, 3)",
                "CREATE INDEX op ON only_partial(a) WHERE b > 100",
                "CREATE TABLE plain(x)",
                "INSERT INTO plain VALUES(1), (1), (2)",
                "CREATE TABLE empty(x)",
                "CREATE TABLE empty_indexed(x UNIQUE)",
                "CREATE VIEW v AS SELECT * FROM p",
                "ANALYZE",
                STAT1,
                SCHEMA);
    }

    @Test
    void statNumbersRoundAsSqlite() throws SQLException {
        assertSame("CREATE TABLE t(a, b, c, d)",
                // a: 100 rows, 91 values (average 1.1 -> 1); b: one value 60 times then 40 unique
                series("t", 100, "CASE WHEN i <= 9 THEN 0 ELSE i END, CASE WHEN i <= 60 THEN 0 ELSE i END, i % 7, "
                        + "CASE i % 3 WHEN 0 THEN 1 WHEN 1 THEN 1.0 ELSE '1' END"),
                "CREATE INDEX ta ON t(a)",
                "CREATE INDEX tb ON t(b)",
                "CREATE INDEX tbc ON t(b, c)",
                "CREATE INDEX tcb ON t(c, b)",
                "CREATE INDEX td ON t(d)",
                "CREATE INDEX tdesc ON t(c DESC, a)",
                "CREATE TABLE u(x)",
                series("u", 50, "CASE WHEN i > 10 THEN 9 ELSE i END"),
                "CREATE INDEX ux ON u(x)",
                "CREATE TABLE big(k INTEGER PRIMARY KEY, g, h TEXT)",
                series("big", 3000, "i, i / 500, 'value number ' || (i % 977)"),
                "CREATE INDEX bg ON big(g, h)",
                "CREATE INDEX bh ON big(h)",
                "ANALYZE",
                STAT1);
    }

    @Test
    void eachFormReplacesOnlyItsRows() throws SQLException {
        assertSameOnFiles("CREATE TABLE t(a, b)",
                "CREATE TABLE u(x)",
                "CREATE INDEX ta ON t(a)",
                "CREATE INDEX tb ON t(b) WHERE b > 0",
                "INSERT INTO t VALUES(1, 1), (1, 2), (2, 0)",
                "INSERT INTO u VALUES(1)",
                "ANALYZE sqlite_schema",
                SCHEMA,
                STAT1,
                "ANALYZE t",
                STAT1,
                "INSERT INTO t VALUES(3, 3)",
                "ANALYZE tb",
                STAT1,
                "ANALYZE main.ta",
                STAT1,
                "ANALYZE main.u",
                STAT1,
                REOPEN,
                "ANALYZE MAIN",
                STAT1,
                "DELETE FROM u",
                "ANALYZE u",
                STAT1,
                "ANALYZE v",
                "ANALYZE nosuch",
                "ANALYZE main.nosuch",
                "ANALYZE nodb.t",
                "ANALYZE temp.t",
                STAT1);
    }

    @Test
    void tempAndAttachedDatabasesEachGetTheirOwnTable() throws SQLException {
        assertSame("ATTACH ':memory:' AS aux",
                "CREATE TABLE t(a)",
                "CREATE TABLE aux.t(a)",
                "CREATE INDEX aux.ta ON t(a)",
                "CREATE TEMP TABLE tt(a)",
                "INSERT INTO aux.t VALUES(1), (2), (2)",
                "INSERT INTO tt VALUES(1)",
                "ANALYZE",
                "SELECT name, sql FROM aux.sqlite_schema WHERE name <> 'sqlite_stat4'",
                "SELECT * FROM aux.sqlite_stat1",
                "SELECT name FROM temp.sqlite_schema",
                STAT1,
                "INSERT INTO t VALUES(5)",
                "ANALYZE t",
                "SELECT name FROM temp.sqlite_schema WHERE name <> 'sqlite_stat4'",
                "SELECT * FROM temp.sqlite_stat1",
                "ANALYZE main",
                STAT1,
                "ANALYZE aux.ta",
                "SELECT rowid, * FROM aux.sqlite_stat1",
                "ANALYZE temp",
                "SELECT rowid, * FROM temp.sqlite_stat1");
    }

    /** SQLite writes the tables' rows in the order of its schema hash table, which grows in steps up to 64 buckets. */
    @Test
    void tablesComeInTheOrderOfSqlitesSchemaHash() throws SQLException {
        Random random = new Random(20240607);
        for (int count : new int[]{3, 4, 5, 14, 15, 16, 31, 32, 70, 140}) {
            List<String> script = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                StringBuilder name = new StringBuilder();
                for (int j = random.nextInt(9); j >= 0; j--) {
                    name.append((char) ((random.nextBoolean() ? 'a' : 'A') + random.nextInt(26)));
                }
                String t = "\"" + name + "_" + i + "\"";
                script.add("CREATE TABLE " + t + "(x)");
                if (i % 3 == 0) {
                    script.add("CREATE VIEW \"v" + name + i + "\" AS SELECT 1");
                }
                script.add("INSERT INTO " + t + " VALUES(" + i + ")");
                if (i % 4 == 0) {
                    script.add("CREATE INDEX \"i" + i + "\" ON " + t + "(x)");
                }
            }
            script.add("ANALYZE");
            script.add(STAT1);
            assertSame(script.toArray(new String[0]));
        }
    }

    @Test
    void analysisLimitSkipsAheadAsSqlite() throws SQLException {
        assertSame("CREATE TABLE t(a, b, c)",
                series("t", 300, "i / 100, i % 10, 7"),
                "CREATE INDEX ta ON t(a)",
                "CREATE INDEX tab ON t(a, b)",
                "CREATE INDEX tb ON t(b)",
                "CREATE INDEX tc ON t(c)",
                "CREATE INDEX tca ON t(c, a)",
                "PRAGMA analysis_limit",
                "PRAGMA analysis_limit = 40",
                "ANALYZE",
                STAT1,
                "PRAGMA analysis_limit = 0x7",
                "ANALYZE t",
                STAT1,
                "PRAGMA analysis_limit = -1",
                "PRAGMA analysis_limit = 'x'",
                "PRAGMA analysis_limit = 0",
                "ANALYZE t",
                STAT1);
    }

    @Test
    void pragmaOptimizeAnalyzesWhatSqliteDoes() throws SQLException {
        assertSame("CREATE TABLE a(x, y)",
                "CREATE INDEX ai ON a(x)",
                "CREATE TABLE b(x, y)",
                "CREATE TABLE c(x)",
                "CREATE INDEX ci ON c(x)",
                "CREATE TABLE d(x PRIMARY KEY, y) WITHOUT ROWID",
                "INSERT INTO a VALUES(1, 2), (1, 3), (2, 3)",
                "INSERT INTO b VALUES(1, 2)",
                "INSERT INTO d VALUES(1, 1)",
                "PRAGMA optimize(0)",
                "PRAGMA optimize(1)",
                "PRAGMA optimize(3)",
                "PRAGMA optimize(0x10003)",
                "PRAGMA optimize('-1')",
                "PRAGMA temp.optimize(3)",
                "PRAGMA main.optimize(3)",
                "PRAGMA optimize",
                STAT1,
                "PRAGMA optimize(3)",
                "PRAGMA optimize(0x10003)",
                series("b", 40, "i, i"),
                "PRAGMA optimize(0x10003)",
                "PRAGMA optimize(0x10002)",
                STAT1,
                "PRAGMA optimize(0x10003)",
                "CREATE INDEX by ON b(y)",
                "PRAGMA optimize(3)",
                "PRAGMA optimize",
                STAT1);
    }
}
