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
 * {@code col IN (SELECT ...)} where the subquery's rows drive seeks in col's index (or the rowid)
 * and the level's filter does not test the term again ({@code AccessPlanner.enforcedBy}): the
 * seeks must find exactly the rows the IN accepts. Every pair of an indexed column of each
 * affinity (and NOCASE) and a subquery column of each affinity, both holding values of every
 * type, with and without COLLATE, as rows and as counts (which count the seeks' entries from the
 * index alone), against native SQLite.
 */
class InSubquerySeekDifferentialTests {
    private static final String[] VALUES = {
        "1", "'1'", "1.0", "'1.0'", "' 1'", "x'31'", "NULL", "'a'", "'A'", "2.5", "'2.5'", "'01'", "9223372036854775807",
        "'9223372036854775807'", "1e20", "''",
    };
    private static final String[] T_COLUMNS = {"id", "i", "x", "r", "n", "b", "c"};
    private static final String[] S_COLUMNS = {"vi", "vx", "vr", "vn", "vb", "vc", "vi + 0", "CAST(vx AS TEXT)"};

    @Test
    void seeksByTheSubquerysRowsFindWhatTheInAccepts() throws Exception {
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession();
             Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            both(s, c, "CREATE TABLE t(id INTEGER PRIMARY KEY, i INT, x TEXT, r REAL, n NUMERIC, b, c TEXT COLLATE NOCASE)");
            for (String col : T_COLUMNS) {
                if (!col.equals("id")) {
                    both(s, c, "CREATE INDEX t_" + col + " ON t(" + col + ")");
                }
            }
            both(s, c, "CREATE TABLE s(vi INT, vx TEXT, vr REAL, vn NUMERIC, vb, vc TEXT COLLATE NOCASE)");
            int id = 1;
            for (String v : VALUES) {
                for (int copy = 0; copy < 2; copy++) { // each value twice: repeated keys
                    both(s, c, "INSERT INTO t VALUES (" + id++ + ", " + v + ", " + v + ", " + v + ", " + v + ", " + v + ", " + v + ")");
                }
                both(s, c, "INSERT INTO s VALUES (" + v + ", " + v + ", " + v + ", " + v + ", " + v + ", " + v + ")");
            }
            for (String col : T_COLUMNS) {
                for (String sc : S_COLUMNS) {
                    for (String sub : new String[] {"SELECT " + sc + " FROM s", "SELECT " + sc + " COLLATE NOCASE FROM s",
                        "SELECT " + sc + " FROM s WHERE " + sc + " IS NOT NULL", "SELECT " + sc + " FROM s LIMIT 3"}) {
                        for (String sql : new String[] {
                            "SELECT id FROM t WHERE " + col + " IN (" + sub + ") ORDER BY id",
                            "SELECT count(*) FROM t WHERE " + col + " IN (" + sub + ")",
                            "SELECT count(*) FROM t WHERE " + col + " IN (" + sub + ") AND " + col + " IS NOT NULL"}) {
                            assertThat(oneLite(s, sql)).as(sql).isEqualTo(sqlite(c, sql));
                        }
                    }
                }
            }
        }
    }

    /**
     * The same seeks in other places: the rowid and an INTEGER PRIMARY KEY, the second column of
     * a two-column index under an equality, a DESC index, an index on an expression, a correlated
     * subquery, NOT IN (never a seek), a join's inner loop, and counts of each.
     */
    @Test
    void seeksInOtherPlacesFindWhatTheInAccepts() throws Exception {
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession();
             Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            both(s, c, "CREATE TABLE t(id INTEGER PRIMARY KEY, g INT, x TEXT, r REAL, b)");
            both(s, c, "CREATE INDEX t_gx ON t(g, x)");
            both(s, c, "CREATE INDEX t_rd ON t(r DESC)");
            both(s, c, "CREATE INDEX t_e ON t(lower(x))");
            both(s, c, "CREATE INDEX t_b ON t(b)");
            both(s, c, "CREATE TABLE s(v, w INT, z TEXT COLLATE NOCASE)");
            int id = 1;
            for (String v : VALUES) {
                for (int g = 0; g < 3; g++) {
                    both(s, c, "INSERT INTO t VALUES (" + id++ + ", " + g + ", " + v + ", " + v + ", " + v + ")");
                }
                both(s, c, "INSERT INTO s VALUES (" + v + ", " + (id % 7) + ", " + v + ")");
            }
            both(s, c, "INSERT INTO s VALUES (3, 1, 'X'), (5, 2, 'a'), ('4', 0, 'A'), (4.0, 1, '1')");
            String[] subs = {"SELECT v FROM s", "SELECT w FROM s", "SELECT z FROM s", "SELECT v FROM s WHERE w = 1",
                "SELECT z FROM s ORDER BY z LIMIT 4", "SELECT DISTINCT w FROM s", "SELECT v FROM s UNION SELECT z FROM s"};
            String[] lefts = {"id", "rowid", "x", "r", "b", "lower(x)", "+x"};
            for (String sub : subs) {
                for (String left : lefts) {
                    for (String sql : new String[] {
                        "SELECT id FROM t WHERE " + left + " IN (" + sub + ") ORDER BY id",
                        "SELECT count(*) FROM t WHERE " + left + " IN (" + sub + ")",
                        "SELECT id FROM t WHERE g = 1 AND " + left + " IN (" + sub + ") ORDER BY id",
                        "SELECT count(*) FROM t WHERE g IN (0, 2) AND " + left + " IN (" + sub + ")",
                        "SELECT count(*) FROM t WHERE " + left + " NOT IN (" + sub + ")",
                        "SELECT s2.w, count(t.id) FROM s AS s2 LEFT JOIN t ON t.g = s2.w AND t." + (left.startsWith("lower")
                            || left.startsWith("+") ? "x" : left) + " IN (" + sub + ") GROUP BY s2.w ORDER BY 1"}) {
                        assertThat(oneLite(s, sql)).as(sql).isEqualTo(sqlite(c, sql));
                    }
                }
                // correlated: the subquery reads the outer row
                String corr = "SELECT count(*) FROM s AS o WHERE EXISTS (SELECT 1 FROM t WHERE t.x IN (SELECT z FROM s WHERE s.w = o.w))";
                assertThat(oneLite(s, corr)).as(corr).isEqualTo(sqlite(c, corr));
                String corr2 = "SELECT o.w, (SELECT count(*) FROM t WHERE t.id IN (SELECT w + o.w FROM s)) FROM s AS o ORDER BY 1, 2";
                assertThat(oneLite(s, corr2)).as(corr2).isEqualTo(sqlite(c, corr2));
            }
        }
    }
}
