package io.onelite.jdbc;

import org.junit.jupiter.api.Test;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static io.onelite.jdbc.WithoutRowidDifferentialTests.assertSame;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A full scan of a WITHOUT ROWID table walks the b-tree SQLite 3.51's costs pick: the table's
 * own (its primary key) or a narrower secondary index holding every column the query reads
 * ("SCAN t USING COVERING INDEX i"). It shows in results, not only in plans: the rows' order
 * without ORDER BY, and which of equal values (1 and 1.0) a DISTINCT or GROUP BY keeps. Each case
 * compares rows and EXPLAIN QUERY PLAN lines with native SQLite (random differential seed
 * 238000046 q109 was such a DISTINCT).
 */
class WithoutRowidCoveringScanDifferentialTests {

    private static final String[] T3 = {
            "CREATE TABLE t3(id INTEGER PRIMARY KEY, w, v) WITHOUT ROWID",
            "CREATE INDEX t3wv ON t3(w, v)",
            "INSERT INTO t3 VALUES (15, 'x', 1.0), (21, 'a', 1), (3, 'm', 2), (9, NULL, 2.0), (4, 'b', 'z')",
    };

    /** 238000046 q109: the DISTINCT meets 1 first through the covering index, so keeps 1, not 1.0. */
    @Test
    void aDistinctKeepsTheValueTheCoveringIndexYieldsFirst() throws SQLException {
        assertSame(WithoutRowidDifferentialTests.script(T3,
                "SELECT DISTINCT v FROM t3",
                "SELECT v FROM t3 GROUP BY v",
                "SELECT v, count(*) FROM t3 GROUP BY v",
                "SELECT '1' IN (SELECT DISTINCT v FROM t3)",
                "SELECT '1.0' IN (SELECT DISTINCT CASE WHEN id > 0 THEN v END FROM t3)",
                "SELECT group_concat(v) FROM t3",
                "SELECT w, v, id FROM t3",
                "SELECT w, v, id FROM t3 NOT INDEXED",
                "SELECT typeof(v), v FROM t3 WHERE w > 'a'",
                "EXPLAIN QUERY PLAN SELECT DISTINCT v FROM t3",
                "EXPLAIN QUERY PLAN SELECT w, v, id FROM t3",
                "EXPLAIN QUERY PLAN SELECT w, v, id FROM t3 NOT INDEXED",
                "EXPLAIN QUERY PLAN SELECT typeof(v), v FROM t3 WHERE w > 'a'"));
    }

    @Test
    void fullScansOfIndexedColumnsWalkTheNarrowerIndex() throws SQLException {
        assertSame(WithoutRowidDifferentialTests.script(new String[]{
                        "CREATE TABLE w(a PRIMARY KEY, b, c) WITHOUT ROWID",
                        "CREATE INDEX wb ON w(b)",
                        "INSERT INTO w VALUES (1, 'q', 'x'), (2, 'b', 'y'), (3, 'q', 'z'), (4, NULL, 'x'), (5, 'a', NULL)"},
                "SELECT b FROM w", "SELECT a, b FROM w", "SELECT a FROM w", "SELECT * FROM w",
                "SELECT DISTINCT b FROM w", "SELECT DISTINCT a, b FROM w", "SELECT b, count(*) FROM w GROUP BY b",
                "SELECT a, count(*) FROM w GROUP BY a", "SELECT b FROM w WHERE b > 'a'", "SELECT b FROM w WHERE a + 1 > 3",
                "SELECT b FROM w WHERE c > 'x'", "SELECT a FROM w ORDER BY b", "SELECT b FROM w ORDER BY a",
                "SELECT b FROM w LIMIT 2", "SELECT sum(a), count(b) FROM w", "SELECT max(b) FROM w",
                "SELECT count(*) FROM w", "SELECT count(*) FROM w NOT INDEXED", "SELECT b FROM w NOT INDEXED WHERE b = 'q'",
                "SELECT * FROM (SELECT b FROM w)", "SELECT x.b, y.c FROM w x JOIN w y ON y.a = x.b",
                "SELECT x.b FROM w x, w y WHERE x.a = y.b",
                "EXPLAIN QUERY PLAN SELECT b FROM w", "EXPLAIN QUERY PLAN SELECT a, b FROM w",
                "EXPLAIN QUERY PLAN SELECT a FROM w", "EXPLAIN QUERY PLAN SELECT * FROM w",
                "EXPLAIN QUERY PLAN SELECT DISTINCT b FROM w", "EXPLAIN QUERY PLAN SELECT DISTINCT a, b FROM w",
                "EXPLAIN QUERY PLAN SELECT b, count(*) FROM w GROUP BY b",
                "EXPLAIN QUERY PLAN SELECT a, count(*) FROM w GROUP BY a",
                "EXPLAIN QUERY PLAN SELECT b FROM w WHERE b > 'a'", "EXPLAIN QUERY PLAN SELECT b FROM w WHERE a + 1 > 3",
                "EXPLAIN QUERY PLAN SELECT b FROM w WHERE c > 'x'", "EXPLAIN QUERY PLAN SELECT a FROM w ORDER BY b",
                "EXPLAIN QUERY PLAN SELECT b FROM w ORDER BY a", "EXPLAIN QUERY PLAN SELECT b FROM w LIMIT 2",
                "EXPLAIN QUERY PLAN SELECT sum(a), count(b) FROM w", "EXPLAIN QUERY PLAN SELECT max(b) FROM w",
                "EXPLAIN QUERY PLAN SELECT count(*) FROM w", "EXPLAIN QUERY PLAN SELECT count(*) FROM w NOT INDEXED",
                "EXPLAIN QUERY PLAN SELECT b FROM w NOT INDEXED WHERE b = 'q'",
                "EXPLAIN QUERY PLAN SELECT * FROM (SELECT b FROM w)",
                "EXPLAIN QUERY PLAN SELECT x.b, y.c FROM w x JOIN w y ON y.a = x.b",
                "EXPLAIN QUERY PLAN SELECT x.b FROM w x, w y WHERE x.a = y.b"));
    }

    /**
     * Of several covering indexes, the cheapest by SQLite's width estimates (declared types
     * weigh: TEXT 5, VARCHAR(k) k/4+1, numbers 1); of equal ones the newest, and the primary key
     * before an index of the CREATE TABLE's UNIQUE constraints, which covers only its own columns.
     */
    @Test
    void theCheapestCoveringIndexWinsAndTiesFollowSqlitesIndexList() throws SQLException {
        assertSame(WithoutRowidDifferentialTests.script(new String[]{
                        "CREATE TABLE u6(a TEXT PRIMARY KEY, b INT, c INT) WITHOUT ROWID",
                        "CREATE INDEX u6b ON u6(b)", "CREATE INDEX u6c ON u6(c)",
                        "CREATE TABLE u8(a INT, b INT, c INT, PRIMARY KEY(a, b)) WITHOUT ROWID",
                        "CREATE INDEX u8cb ON u8(c, b)",
                        "CREATE TABLE u9(a INT PRIMARY KEY, b INT, c INT) WITHOUT ROWID",
                        "CREATE INDEX u9bc ON u9(b, c)", "CREATE INDEX u9c ON u9(c)",
                        "CREATE TABLE w2(a PRIMARY KEY, b) WITHOUT ROWID", "CREATE INDEX w2b ON w2(b)",
                        "CREATE TABLE u2(a PRIMARY KEY, b UNIQUE, c) WITHOUT ROWID",
                        "CREATE TABLE u16(a PRIMARY KEY, b, c, UNIQUE(b), UNIQUE(c)) WITHOUT ROWID",
                        "CREATE TABLE u18(a PRIMARY KEY, b, c, UNIQUE(b, a)) WITHOUT ROWID",
                        "CREATE TABLE u20(a INTEGER PRIMARY KEY, b UNIQUE, c) WITHOUT ROWID",
                        "CREATE TABLE v5(a INT, b INT, c INT, PRIMARY KEY(a COLLATE NOCASE)) WITHOUT ROWID",
                        "CREATE INDEX v5a ON v5(b, a)",
                        "CREATE TABLE g(a REAL PRIMARY KEY, b REAL, c) WITHOUT ROWID", "CREATE INDEX gb ON g(b)",
                        "INSERT INTO u6 VALUES ('x', 3, 1), ('a', 1, 3), ('m', 2, 2)",
                        "INSERT INTO u9 VALUES (1, 3, 1), (2, 1, 3), (3, 2, 2)",
                        "INSERT INTO u2 VALUES (1, 'z', 0), (2, 'a', 0), (3, 'm', 0)",
                        "INSERT INTO g VALUES (1, 2, 'x'), (2.5, 3, 'y'), (3, 1.5, 'z')"},
                "SELECT a, b FROM u6", "SELECT a FROM u6", "SELECT a, c FROM u9", "SELECT a, b, c FROM u9",
                "SELECT a, b FROM u2", "SELECT b FROM u2", "SELECT a, b, typeof(a), typeof(b) FROM g",
                "EXPLAIN QUERY PLAN SELECT a, b FROM u6", "EXPLAIN QUERY PLAN SELECT a FROM u6",
                "EXPLAIN QUERY PLAN SELECT count(*) FROM u6", "EXPLAIN QUERY PLAN SELECT a, b, c FROM u8",
                "EXPLAIN QUERY PLAN SELECT count(*) FROM u8", "EXPLAIN QUERY PLAN SELECT a, c FROM u9",
                "EXPLAIN QUERY PLAN SELECT a, b, c FROM u9", "EXPLAIN QUERY PLAN SELECT b FROM w2",
                "EXPLAIN QUERY PLAN SELECT a, b FROM w2", "EXPLAIN QUERY PLAN SELECT count(*) FROM w2",
                "EXPLAIN QUERY PLAN SELECT a, b FROM u2", "EXPLAIN QUERY PLAN SELECT b FROM u2",
                "EXPLAIN QUERY PLAN SELECT DISTINCT b FROM u2", "EXPLAIN QUERY PLAN SELECT b FROM u2 WHERE b > 0",
                "EXPLAIN QUERY PLAN SELECT count(*) FROM u16", "EXPLAIN QUERY PLAN SELECT a FROM u16",
                "EXPLAIN QUERY PLAN SELECT a, b FROM u18", "EXPLAIN QUERY PLAN SELECT a, b FROM u20",
                "EXPLAIN QUERY PLAN SELECT b FROM u20", "EXPLAIN QUERY PLAN SELECT a, b FROM v5",
                "EXPLAIN QUERY PLAN SELECT a, b FROM g"));
    }

    @Test
    void partialIndexesCoverWhenTheTermsImplyThem() throws SQLException {
        assertSame(WithoutRowidDifferentialTests.script(new String[]{
                        "CREATE TABLE v2(a INT PRIMARY KEY, b INT, c INT) WITHOUT ROWID",
                        "CREATE INDEX v2b ON v2(b) WHERE b > 0",
                        "INSERT INTO v2 VALUES (1, 5, 0), (2, -1, 0), (3, 2, 1), (4, NULL, 1)"},
                "SELECT a, b FROM v2", "SELECT a, b FROM v2 WHERE b > 0", "SELECT a, c FROM v2 WHERE b > 0",
                "EXPLAIN QUERY PLAN SELECT a, b FROM v2", "EXPLAIN QUERY PLAN SELECT a, b FROM v2 WHERE b > 0",
                "EXPLAIN QUERY PLAN SELECT a, c FROM v2 WHERE b > 0"));
    }

    /**
     * {@code SELECT count(*)} counts the entries of the first index in SQLite's list (the newest
     * first) narrower than the row and than any before it, weighed by declared types, for a rowid
     * table too: of equal widths the newer index, where OneLite took the first created.
     */
    @Test
    void countStarCountsTheIndexSqlitesCountPicks() throws SQLException {
        assertSame("CREATE TABLE r1(a, b, c)", "CREATE INDEX r1b ON r1(b)", "CREATE INDEX r1c ON r1(c)",
                "CREATE TABLE r2(a TEXT, b INT, c INTEGER PRIMARY KEY)", "CREATE INDEX r2a ON r2(a)", "CREATE INDEX r2b ON r2(b)",
                "CREATE TABLE r3(a INTEGER PRIMARY KEY, b)", "CREATE INDEX r3b ON r3(b)",
                "CREATE TABLE r4(a VARCHAR(100), b, UNIQUE(a), UNIQUE(b))",
                "CREATE TABLE r5(a, b, c)", "CREATE INDEX r5p ON r5(b) WHERE b > 0", "CREATE INDEX r5c ON r5(c, a)",
                "INSERT INTO r1 VALUES (1, 2, 3), (4, 5, 6)", "INSERT INTO r5 VALUES (1, 2, 3), (4, -5, 6)",
                "SELECT count(*) FROM r1", "SELECT count(*) FROM r5",
                "EXPLAIN QUERY PLAN SELECT count(*) FROM r1", "EXPLAIN QUERY PLAN SELECT count(*) FROM r2",
                "EXPLAIN QUERY PLAN SELECT count(*) FROM r3", "EXPLAIN QUERY PLAN SELECT count(*) FROM r4",
                "EXPLAIN QUERY PLAN SELECT count(*) FROM r5", "EXPLAIN QUERY PLAN SELECT count(*) FROM r1 NOT INDEXED",
                "EXPLAIN QUERY PLAN SELECT count(*) FROM r1 INDEXED BY r1b");
    }

    /**
     * Random WITHOUT ROWID tables (typed columns, composite keys, UNIQUE constraints, indexes
     * made later) read by full-scan shapes, and rowid ones counted: plans and rows as in SQLite.
     * Replayable by seed.
     */
    @Test
    void randomTablesScanAsSqliteDoes() throws SQLException {
        long seed = 20261207L;
        Random rnd = new Random(seed);
        String[] types = {"", "INT", "INTEGER", "TEXT", "REAL", "BLOB", "VARCHAR(10)", "VARCHAR(200)", "CHAR(3)",
                "NUMERIC", "CLOB", "DOUBLE", "NVARCHAR(40)"};
        for (int round = 0; round < 60; round++) {
            List<String> script = new ArrayList<>();
            int n = 3 + rnd.nextInt(4);
            List<String> cols = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                cols.add("c" + i + " " + types[rnd.nextInt(types.length)]);
            }
            int pkLen = 1 + rnd.nextInt(2);
            StringBuilder ddl = new StringBuilder("CREATE TABLE t(" + String.join(", ", cols));
            if (rnd.nextInt(3) == 0) {
                ddl.append(", UNIQUE(c").append(n - 1).append(")");
            }
            ddl.append(", PRIMARY KEY(c0").append(pkLen == 2 ? ", c1" : "").append(")");
            if (rnd.nextInt(3) == 0) {
                ddl.append(", UNIQUE(c").append(1 + rnd.nextInt(n - 1)).append(")");
            }
            boolean rowid = round % 4 == 3; // a rowid table now and then: count(*) follows the same rule
            script.add(ddl.append(rowid ? ")" : ") WITHOUT ROWID").toString());
            int nIndexes = 1 + rnd.nextInt(3);
            for (int k = 0; k < nIndexes; k++) {
                int a = 1 + rnd.nextInt(n - 1);
                int b = rnd.nextInt(n);
                script.add("CREATE INDEX i" + k + " ON t(c" + a + (b != a && rnd.nextBoolean() ? ", c" + b : "") + ")");
            }
            for (int r = 0; r < 6; r++) {
                StringBuilder row = new StringBuilder("INSERT OR IGNORE INTO t VALUES (");
                for (int i = 0; i < n; i++) {
                    int v = rnd.nextInt(4);
                    row.append(i == 0 ? "" : ", ").append(v == 0 ? "1" : v == 1 ? "1.0" : v == 2 ? "'s" + rnd.nextInt(3) + "'"
                            : Integer.toString(rnd.nextInt(5)));
                }
                script.add(row.append(")").toString());
            }
            for (int q = 0; q < 6; q++) {
                int a = rnd.nextInt(n);
                int b = rnd.nextInt(n);
                String sel = switch (q) {
                    case 0 -> "SELECT c" + a + " FROM t";
                    case 1 -> "SELECT c" + a + ", c" + b + " FROM t";
                    case 2 -> "SELECT DISTINCT c" + a + " FROM t";
                    case 3 -> "SELECT c" + a + ", count(*) FROM t GROUP BY c" + a;
                    case 4 -> "SELECT count(*) FROM t";
                    default -> "SELECT c" + a + " FROM t WHERE c" + b + " || '' <> 's1'";
                };
                if (rowid && q != 4) {
                    continue; // a rowid table's other full scans keep OneLite's own rule (compat.md)
                }
                script.add(sel);
                script.add("EXPLAIN QUERY PLAN " + sel);
            }
            String[] all = script.toArray(new String[0]);
            assertThat(WithoutRowidDifferentialTests.run(Drivers.ONELITE, all)).as("seed " + seed + " round " + round)
                    .containsExactlyElementsOf(WithoutRowidDifferentialTests.run(Drivers.NATIVE, all));
        }
    }
}
