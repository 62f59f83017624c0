package io.onelite.jdbc;

import org.junit.jupiter.api.Test;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import static io.onelite.jdbc.WithoutRowidDifferentialTests.assertSame;
import static io.onelite.jdbc.WithoutRowidDifferentialTests.script;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Lookups of WITHOUT ROWID tables as SQLite 3.51 plans them: the multi-index OR (rows told apart
 * by primary key, branches that read the row), the index SQLite's costs pick of those serving the
 * same terms, and INDEXED BY naming the primary key ({@code sqlite_autoindex_T_N}). Queries
 * without ORDER BY show the plan in their rows' order too.
 */
class WithoutRowidLookupDifferentialTests {
    private static final String[] SCHEMA = {
        "CREATE TABLE t(p TEXT COLLATE NOCASE, q INT, a INT, b TEXT, c, PRIMARY KEY(p, q DESC)) WITHOUT ROWID",
        "CREATE INDEX ta ON t(a)",
        "CREATE INDEX tb ON t(b)",
        "CREATE INDEX tab ON t(a, b)",
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 80) INSERT INTO t"
                + " SELECT CASE WHEN i % 2 THEN 'K' ELSE 'k' END || (i % 9), i, i % 7, 's' || (i % 11), i % 5 FROM n",
        "INSERT INTO t VALUES ('z', 1, 3.0, 's4', NULL), ('z', 2, '3', 'S4', 1), ('z', 3, NULL, NULL, 2)",
        "CREATE TABLE o(id INTEGER PRIMARY KEY, x, y)",
        "INSERT INTO o VALUES (1, 3, 's10'), (2, 5, 's4'), (3, NULL, 'x'), (4, '3', 's7')",
    };

    private static String[] withPlans(String[] setUp, String... queries) {
        List<String> all = new ArrayList<>(List.of(setUp));
        for (String q : queries) {
            all.add(q);
            all.add("EXPLAIN QUERY PLAN " + q);
        }
        return all.toArray(new String[0]);
    }

    @Test
    void multiIndexOrReadsEachBranchAndARowFoundTwiceComesOnce() throws SQLException {
        assertSame(withPlans(SCHEMA,
                "SELECT * FROM t WHERE a = 3 OR b = 's4'",
                "SELECT * FROM t WHERE a = 3 OR p = 'k3'",
                "SELECT * FROM t WHERE (p = 'K3' AND q > 40) OR a = 2",
                "SELECT * FROM t WHERE a = 3 OR b = 's4' OR p = 'z'",
                "SELECT * FROM t WHERE a > 5 OR b < 's2'",
                "SELECT * FROM t WHERE a IN (1, 2) OR b = 's4'",
                "SELECT * FROM t WHERE (a = 3 OR b = 's4') AND c > 2",
                "SELECT * FROM t WHERE a = 3 OR b = 's4' ORDER BY p, q DESC",
                "SELECT * FROM t WHERE a = 3 OR b = 's4' ORDER BY p DESC LIMIT 3",
                "SELECT DISTINCT a FROM t WHERE a = 3 OR b = 's4'",
                "SELECT a, count(*) FROM t WHERE a = 3 OR b = 's4' GROUP BY a",
                "SELECT * FROM t NOT INDEXED WHERE a = 3 OR b = 's4'", // NOT INDEXED keeps such a table's indexes
                "SELECT * FROM t INDEXED BY ta WHERE a = 3 OR b = 's4'",
                "SELECT * FROM t WHERE a = 3 OR c = 4", // c has no index: a scan
                "SELECT o.id, t.p, t.q FROM o JOIN t ON t.a = o.x OR t.b = o.y",
                "SELECT o.id, t.p, t.q FROM o LEFT JOIN t ON t.a = o.x OR t.b = o.y",
                "SELECT o.id, t.p, t.q FROM o LEFT JOIN t ON t.a = o.x OR t.b = o.y WHERE t.q IS NULL"));
    }

    /**
     * SQLite lets an index of a WITHOUT ROWID table cover what the query reads only in a SELECT's
     * own WHERE: a branch reads the row ("USING INDEX", the narrower of ta and tab), unless the
     * index holds every column of the table.
     */
    @Test
    void branchesReadTheRowUnlessTheIndexHoldsEveryColumn() throws SQLException {
        assertSame(withPlans(SCHEMA,
                "SELECT p, q FROM t WHERE a = 3 OR b = 's4'",
                "SELECT p, q, a, b FROM t WHERE a = 3 OR b = 's4'",
                "SELECT count(*) FROM t WHERE a = 3 OR b = 's4'"));
        assertSame(withPlans(script(SCHEMA, "CREATE INDEX tall ON t(a, b, c)"),
                "SELECT p, c FROM t WHERE a = 3 OR b = 's4'",
                "SELECT count(*) FROM t WHERE a = 1 OR p = 'k2'"));
    }

    @Test
    void writesThroughAMultiIndexOrFollowSqlitesOrder() throws SQLException {
        assertSame(script(SCHEMA,
                "CREATE TABLE log(n INTEGER PRIMARY KEY, p, q)",
                "CREATE TRIGGER td AFTER DELETE ON t BEGIN INSERT INTO log(p, q) VALUES (old.p, old.q); END",
                "CREATE TRIGGER tu AFTER UPDATE ON t BEGIN INSERT INTO log(p, q) VALUES (new.p, -new.q); END",
                "EXPLAIN QUERY PLAN UPDATE t SET c = 9 WHERE a = 5 OR b = 's6'",
                "UPDATE t SET c = 9 WHERE a = 5 OR b = 's6'",
                "EXPLAIN QUERY PLAN DELETE FROM t WHERE a = 4 OR p = 'k5'",
                "DELETE FROM t WHERE a = 4 OR p = 'k5'",
                "CREATE UNIQUE INDEX tc ON t(c, b)",
                "UPDATE OR IGNORE t SET c = 100, b = 'x' WHERE a = 1 OR b = 's2'",
                "SELECT * FROM t ORDER BY p, q",
                "SELECT * FROM log ORDER BY n"));
    }

    /** SQLite scans the right side of a RIGHT or FULL JOIN (rowid tables too) instead of an OR's lookups. */
    @Test
    void theRightSideOfARightOrFullJoinIsScanned() throws SQLException {
        String[] rowid = script(SCHEMA, "CREATE TABLE r(id INTEGER PRIMARY KEY, a INT, b TEXT)",
                "CREATE INDEX ra ON r(a)", "CREATE INDEX rb ON r(b)",
                "INSERT INTO r SELECT q, a, b FROM t WHERE p <> 'z'");
        assertSame(withPlans(rowid,
                "SELECT o.id, r.id FROM o RIGHT JOIN r ON r.a = o.x OR r.b = o.y",
                "SELECT o.id, r.id FROM o FULL JOIN r ON r.a = o.x OR r.b = o.y",
                "SELECT o.id, r.id FROM r RIGHT JOIN o ON r.a = o.x OR r.b = o.y"));
    }

    /** Each branch's lookup also uses the WHERE clause's other terms, as SQLite adds them to each branch. */
    @Test
    void theOtherTermsJoinEachBranchsLookup() throws SQLException {
        String[] both = script(SCHEMA, "CREATE INDEX tac ON t(a, c)",
                "CREATE TABLE r(id INTEGER PRIMARY KEY, a INT, b TEXT, c)",
                "CREATE INDEX ra ON r(a)", "CREATE INDEX rb ON r(b)", "CREATE INDEX rac ON r(a, c)",
                "INSERT INTO r SELECT q, a, b, c FROM t WHERE p <> 'z'");
        assertSame(withPlans(both,
                "SELECT * FROM t WHERE (a = 3 OR b = 's4') AND c = 2",
                "SELECT * FROM t WHERE (a = 3 OR b = 's4') AND c IN (1, 2)",
                "SELECT * FROM t WHERE (a = 3 OR p = 'k4') AND q > 20",
                "DELETE FROM t WHERE (a = 3 OR b = 's4') AND c = 2",
                "SELECT * FROM r WHERE (a = 3 OR b = 's4') AND c = 2",
                "SELECT * FROM r WHERE (a = 3 OR b = 's4') AND c > 2",
                "SELECT * FROM r WHERE (a = 3 OR id = 7) AND c > 2 AND c < 4"));
    }

    /**
     * Of indexes serving the same terms, SQLite's costs pick by the entries' widths and whether
     * they cover the query, whichever was created first; of equal costs the newest.
     */
    @Test
    void indexesServingTheSameTermsAreChosenBySqlitesCosts() throws SQLException {
        String[] wideFirst = {
            "CREATE TABLE w(p TEXT, q INT, a INT, b TEXT, c, PRIMARY KEY(p, q)) WITHOUT ROWID",
            "CREATE INDEX wab ON w(a, b)",
            "CREATE INDEX wa ON w(a)",
            "CREATE INDEX wb ON w(b)",
            "CREATE INDEX wac ON w(a, c)",
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 60) INSERT INTO w"
                    + " SELECT 'k' || (i % 9), i, i % 7, 's' || (i % 11), i % 5 FROM n",
        };
        assertSame(withPlans(wideFirst,
                "SELECT p, q FROM w WHERE a = 3",
                "SELECT p, q, b FROM w WHERE a = 3",
                "SELECT p, c FROM w WHERE a = 3",
                "SELECT * FROM w WHERE a = 3",
                "SELECT * FROM w WHERE a > 4",
                "SELECT p FROM w WHERE a IN (1, 2)",
                "DELETE FROM w WHERE a = 3",
                "UPDATE w SET c = 1 WHERE a = 2",
                "SELECT * FROM w"));
    }

    /** Ranges on every branch cost about a full walk: SQLite takes the OR only where it comes cheaper. */
    @Test
    void anOrOfRangesIsTakenWhereSqlitesCostsPutItBeforeAWalk() throws SQLException {
        String[] narrow = script(SCHEMA,
                "CREATE TABLE n(id INTEGER PRIMARY KEY, a INT, b TEXT, c) WITHOUT ROWID",
                "CREATE INDEX na ON n(a)", "CREATE INDEX nb ON n(b)",
                "INSERT INTO n SELECT q, a, b, c FROM t WHERE p <> 'z'",
                "CREATE TABLE v(p TEXT, q INT, a INT, b TEXT, c, PRIMARY KEY(p, q)) WITHOUT ROWID",
                "CREATE INDEX va ON v(a)", "CREATE INDEX vb ON v(b)",
                "INSERT INTO v SELECT p, q, a, b, c FROM t");
        assertSame(withPlans(narrow,
                "SELECT * FROM n WHERE a > 5 OR b < 's2'",
                "SELECT * FROM n WHERE a > 5 OR id < 9",
                "SELECT * FROM n WHERE a BETWEEN 2 AND 3 OR b < 's2'",
                "SELECT * FROM t WHERE a > 5 OR b < 's2'",
                "SELECT * FROM t WHERE a > 5 OR b = 's2'",
                "UPDATE n SET c = 0 WHERE a > 5 OR b < 's2'",
                "DELETE FROM v WHERE a > 5 OR b < 's2'",
                "UPDATE v SET c = 1 WHERE a > 4 OR b > 's7'",
                "SELECT * FROM v ORDER BY p, q",
                "SELECT * FROM n ORDER BY id"));
    }

    @Test
    void indexedByNamesThePrimaryKeyByItsAutoindexName() throws SQLException {
        String[] s = script(SCHEMA, "CREATE TABLE k(id INTEGER PRIMARY KEY, v, u UNIQUE) WITHOUT ROWID",
                "INSERT INTO k VALUES (1, 'a', 10), (2, 'b', 20)");
        assertSame(withPlans(s,
                "SELECT * FROM t INDEXED BY sqlite_autoindex_t_1 WHERE p = 'k3'",
                "SELECT * FROM t INDEXED BY SQLITE_AUTOINDEX_T_1 WHERE p = 'k3' AND a = 3",
                "SELECT * FROM t INDEXED BY sqlite_autoindex_t_1",
                "SELECT * FROM t INDEXED BY sqlite_autoindex_t_1 WHERE a = 3 OR b = 's4'",
                "SELECT p, q FROM t INDEXED BY sqlite_autoindex_t_1 ORDER BY p DESC",
                "SELECT b FROM t INDEXED BY sqlite_autoindex_t_1 ORDER BY b",
                "SELECT * FROM t INDEXED BY sqlite_autoindex_t_1 WHERE p > 'k5' AND q < 20",
                "SELECT count(*) FROM t INDEXED BY sqlite_autoindex_t_1", // count(*) picks its own index
                "SELECT min(p) FROM t INDEXED BY sqlite_autoindex_t_1",
                "SELECT o.id, t.q FROM o JOIN t INDEXED BY sqlite_autoindex_t_1 ON t.p = 'k' || o.x",
                "SELECT * FROM k INDEXED BY sqlite_autoindex_k_2 WHERE id = 2",
                "SELECT * FROM k INDEXED BY sqlite_autoindex_k_1 WHERE u = 20",
                "SELECT * FROM t INDEXED BY \"PRIMARY KEY\" WHERE p = 'k3'",
                "SELECT * FROM t INDEXED BY sqlite_autoindex_t_2"));
    }

    /** UPDATE and DELETE honour INDEXED BY and NOT INDEXED, and check the index is there before anything else. */
    @Test
    void writesHonourIndexedByAndNotIndexed() throws SQLException {
        String[] s = script(SCHEMA, "CREATE TABLE r(id INTEGER PRIMARY KEY, k TEXT UNIQUE, a INT)",
                "CREATE INDEX ra ON r(a)",
                "INSERT INTO r SELECT q, 'k' || q, a FROM t WHERE p <> 'z'");
        assertSame(withPlans(s,
                "UPDATE t INDEXED BY sqlite_autoindex_t_1 SET c = 1 WHERE a = 2",
                "DELETE FROM t INDEXED BY ta WHERE p = 'k2'",
                "DELETE FROM t NOT INDEXED WHERE p = 'k4'",
                "UPDATE r INDEXED BY ra SET a = 1 WHERE k = 'k5'",
                "UPDATE r NOT INDEXED SET a = 1 WHERE k = 'k6'",
                "DELETE FROM r INDEXED BY sqlite_autoindex_r_1 WHERE a = 3",
                "DELETE FROM t INDEXED BY \"PRIMARY KEY\" WHERE a = 2",
                "DELETE FROM r INDEXED BY nosuch WHERE nosuchcol = 3",
                "UPDATE r INDEXED BY nosuch SET nosuchcol = 1",
                "UPDATE r INDEXED BY nosuch SET a = nosuchcol",
                "SELECT * FROM t ORDER BY p, q",
                "SELECT * FROM r ORDER BY id"));
    }

    /**
     * Random WITHOUT ROWID tables read and written through ORs of lookups: the same rows as SQLite
     * (in SQLite's order where the plans agree). Replayable by seed.
     */
    @Test
    void randomOrsReadTheRowsSqliteReads() throws SQLException {
        long seed = 20261208L;
        Random rnd = new Random(seed);
        String[] types = {"INT", "TEXT", "VARCHAR(40)", "BLOB", "", "REAL", "INTEGER", "TEXT COLLATE NOCASE"};
        int samePlans = 0;
        for (int round = 0; round < 120; round++) {
            List<String> setUp = new ArrayList<>();
            int n = 3 + rnd.nextInt(3);
            StringBuilder ddl = new StringBuilder("CREATE TABLE t(");
            for (int i = 0; i < n; i++) {
                ddl.append("c").append(i).append(' ').append(types[rnd.nextInt(types.length)]).append(", ");
            }
            int pk = 1 + rnd.nextInt(2);
            ddl.append("PRIMARY KEY(c0").append(pk == 2 ? ", c1" + (rnd.nextBoolean() ? " DESC" : "") : "")
                    .append(")) WITHOUT ROWID");
            setUp.add(ddl.toString());
            for (int k = 0, m = 1 + rnd.nextInt(3); k < m; k++) {
                int a = rnd.nextInt(n);
                int b = rnd.nextInt(n);
                setUp.add("CREATE INDEX i" + k + " ON t(c" + a + (b != a && rnd.nextBoolean() ? ", c" + b : "") + ")");
            }
            StringBuilder rows = new StringBuilder("INSERT OR IGNORE INTO t VALUES ");
            for (int r = 0; r < 30; r++) {
                rows.append(r == 0 ? "(" : ", (");
                for (int i = 0; i < n; i++) {
                    rows.append(i == 0 ? "" : ", ").append(value(rnd, i < pk));
                }
                rows.append(')');
            }
            setUp.add(rows.toString());
            String where = "(" + term(rnd, n) + " OR " + term(rnd, n) + (rnd.nextBoolean() ? " OR " + term(rnd, n) : "")
                    + ")" + (rnd.nextInt(3) == 0 ? " AND " + term(rnd, n) : "");
            String query = switch (rnd.nextInt(4)) {
                case 0 -> "SELECT c" + rnd.nextInt(n) + ", c0 FROM t WHERE " + where;
                case 1 -> "SELECT count(*), sum(length(c" + rnd.nextInt(n) + ")) FROM t WHERE " + where;
                case 2 -> "DELETE FROM t WHERE " + where;
                default -> "SELECT * FROM t WHERE " + where;
            };
            String[] all = script(setUp.toArray(new String[0]), query, "EXPLAIN QUERY PLAN " + query,
                    "SELECT * FROM t ORDER BY c0");
            List<String> mine = WithoutRowidDifferentialTests.run(Drivers.ONELITE, all);
            List<String> native_ = WithoutRowidDifferentialTests.run(Drivers.NATIVE, all);
            int q = all.length - 3;
            boolean samePlan = mine.get(q + 1).equals(native_.get(q + 1));
            samePlans += samePlan ? 1 : 0;
            assertThat(samePlan ? mine.get(q) : sortedRows(mine.get(q)))
                    .as("seed " + seed + " round " + round + ": " + query)
                    .isEqualTo(samePlan ? native_.get(q) : sortedRows(native_.get(q)));
            assertThat(mine.get(q + 2)).as("seed " + seed + " round " + round + ": " + query).isEqualTo(native_.get(q + 2));
        }
        assertThat(samePlans).as("rounds planned as SQLite").isGreaterThanOrEqualTo(100);
    }

    private static String sortedRows(String outcome) {
        List<String> rows = new ArrayList<>(List.of(outcome.split("\\]")));
        Collections.sort(rows);
        return rows.toString();
    }

    private static String value(Random rnd, boolean key) {
        int x = rnd.nextInt(10);
        if (!key && x == 0) {
            return "NULL";
        }
        return x < 5 ? Integer.toString(rnd.nextInt(8)) : x < 8 ? "'v" + rnd.nextInt(6) + "'"
                : x < 9 ? rnd.nextInt(8) + ".0" : "x'0" + rnd.nextInt(3) + "'";
    }

    private static String term(Random rnd, int n) {
        String c = "c" + rnd.nextInt(n);
        return switch (rnd.nextInt(6)) {
            case 0, 1, 2 -> c + " = " + value(rnd, true);
            case 3 -> c + " > " + value(rnd, true);
            case 4 -> c + " BETWEEN 2 AND 5";
            default -> c + " IN (" + value(rnd, true) + ", " + value(rnd, true) + ")";
        };
    }
}
