package io.onelite.plan;

import io.onelite.api.Database;
import io.onelite.api.DatabaseOptions;
import io.onelite.api.Session;
import io.onelite.api.Statement;
import io.onelite.testing.ReplaySeed;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * ORDER BY ... LIMIT (bounded heap) and bare count(*) (entry counting) against native SQLite, on
 * the same random data. Prints its seed.
 */
class SortLimitAndCountTests {
    private static List<String> oneLite(Session s, String sql) {
        List<String> rows = new ArrayList<>();
        try (Statement st = s.prepare(sql)) {
            while (st.step()) {
                StringBuilder sb = new StringBuilder();
                for (int i = 0; i < st.columnCount(); i++) {
                    sb.append(DifferentialTests.render(st.column(i))).append('|');
                }
                rows.add(sb.toString());
            }
        }
        return rows;
    }

    private static List<String> sqlite(Connection c, String sql) throws Exception {
        List<String> rows = new ArrayList<>();
        try (java.sql.Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                StringBuilder sb = new StringBuilder();
                for (int i = 1; i <= n; i++) {
                    sb.append(DifferentialTests.render(rs.getObject(i))).append('|');
                }
                rows.add(sb.toString());
            }
        }
        return rows;
    }

    private static void both(Session s, Connection c, String sql) throws Exception {
        s.execute(sql);
        try (java.sql.Statement st = c.createStatement()) {
            st.execute(sql);
        }
    }

    private static String value(Random r) {
        return switch (r.nextInt(6)) {
            case 0 -> "NULL";
            case 1 -> Integer.toString(r.nextInt(50));
            case 2 -> r.nextInt(50) + ".5"; // never equal to an integer: such ties would show
            case 3 -> "'s" + r.nextInt(30) + "'";
            case 4 -> "x'0" + r.nextInt(10) + "'";
            default -> Integer.toString(r.nextInt(5));
        };
    }

    private static void fill(Session s, Connection c, Random r, int rows) throws Exception {
        both(s, c, "CREATE TABLE t(id INTEGER PRIMARY KEY, a, b TEXT COLLATE NOCASE, c REAL)");
        both(s, c, "CREATE INDEX ta ON t(a)");
        both(s, c, "BEGIN");
        for (int i = 0; i < rows; i++) {
            both(s, c, "INSERT INTO t(a, b, c) VALUES (" + value(r) + ", " + (r.nextBoolean() ? "'B" + r.nextInt(20) + "'"
                    : "'b" + r.nextInt(20) + "'") + ", " + value(r) + ")");
        }
        both(s, c, "COMMIT");
    }

    @Test
    void orderByWithLimitAndOffsetMatchesNativeSqlite() throws Exception {
        long seed = ReplaySeed.announce("SortLimitAndCountTests");
        Random r = new Random(seed);
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession();
             Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            fill(s, c, r, 400);
            String[] orders = {"a", "a DESC", "b", "b DESC, a", "c NULLS LAST", "a DESC NULLS FIRST", "c, b DESC",
                "a + 1", "length(b)"};
            for (int q = 0; q < 200; q++) {
                String order = orders[r.nextInt(orders.length)];
                int lim = r.nextInt(8) == 0 ? -1 : r.nextInt(r.nextBoolean() ? 5 : 500);
                String tail = " LIMIT " + lim + (r.nextBoolean() ? " OFFSET " + r.nextInt(450) : "");
                // the id makes the order total, so native SQLite's tie order cannot differ
                String sql = "SELECT id, a, b, c FROM t" + (r.nextBoolean() ? " WHERE id % 3 <> 0" : "")
                        + " ORDER BY " + order + ", id" + tail;
                assertThat(oneLite(s, sql)).as("seed " + seed + ": " + sql).isEqualTo(sqlite(c, sql));
                if (order.contains("+") || order.contains("(")) {
                    continue; // an expression key can tie rows that show different values
                }
                // only the sort key shown: ties are indistinguishable, any tie order is right
                String keysOnly = "SELECT " + order.split("[ ,]")[0] + " FROM t ORDER BY " + order + tail;
                assertThat(oneLite(s, keysOnly)).as("seed " + seed + ": " + keysOnly).isEqualTo(sqlite(c, keysOnly));
            }
        }
    }

    @Test
    void limitedSortKeepsTiesInTheOrderOfTheFullSort() throws Exception {
        long seed = ReplaySeed.announce("SortLimitAndCountTests");
        Random r = new Random(seed);
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession();
             Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            fill(s, c, r, 300);
            for (String order : new String[] {"a", "b DESC", "c", "a % 3"}) {
                List<String> full = oneLite(s, "SELECT id, a, b, c FROM t ORDER BY " + order);
                for (int q = 0; q < 30; q++) {
                    int lim = r.nextInt(320);
                    int off = r.nextInt(320);
                    List<String> part = oneLite(s, "SELECT id, a, b, c FROM t ORDER BY " + order + " LIMIT " + lim
                            + " OFFSET " + off);
                    List<String> expected = full.subList(Math.min(off, full.size()), Math.min(off + lim, full.size()));
                    assertThat(part).as("seed " + seed + ": " + order + " " + lim + " " + off).isEqualTo(expected);
                }
            }
        }
    }
    @Test
    void bareCountMatchesNativeSqliteAfterInsertsAndDeletes() throws Exception {
        long seed = ReplaySeed.announce("SortLimitAndCountTests");
        Random r = new Random(seed);
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession();
             Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            both(s, c, "CREATE TABLE e(x)");
            both(s, c, "CREATE TABLE big(id INTEGER PRIMARY KEY, pad TEXT)");
            // counted through its index, whose interior pages hold entries too (big keys: few per page)
            both(s, c, "CREATE TABLE bigi(id INTEGER PRIMARY KEY, pad BLOB, n INT)");
            both(s, c, "CREATE INDEX bigi_pad ON bigi(pad)");
            String[] queries = {"SELECT count(*) FROM t", "SELECT COUNT(*) FROM e", "SELECT count(*) FROM big",
                "SELECT count(*) FROM t LIMIT 1", "SELECT count(*) FROM t LIMIT 0", "SELECT count(*) AS n FROM big",
                "SELECT count(*) FROM t WHERE a IS NULL", "SELECT count(*), count(*) FROM t",
                "SELECT count(*) FROM t WHERE 0", "SELECT count(*) FROM t GROUP BY a IS NULL ORDER BY 1",
                "SELECT count(*) FROM sqlite_schema", "SELECT count(*) FROM bigi"};
            fill(s, c, r, 50);
            for (int round = 0; round < 6; round++) {
                both(s, c, "BEGIN");
                for (int i = 0; i < 500; i++) {
                    // rows big enough to need several levels of pages, some with overflow
                    both(s, c, "INSERT INTO big(pad) VALUES (zeroblob(" + (r.nextInt(10) == 0 ? 5000 : r.nextInt(200)) + "))");
                }
                for (int i = 0; i < 300; i++) {
                    both(s, c, "INSERT INTO bigi(pad, n) VALUES (randomblob(" + (r.nextInt(10) == 0 ? 3000 : 100 + r.nextInt(400))
                            + "), " + i + ")");
                }
                both(s, c, "DELETE FROM big WHERE id % " + (2 + r.nextInt(5)) + " = 0");
                both(s, c, "DELETE FROM bigi WHERE id % " + (2 + r.nextInt(5)) + " = 0");
                // inside the transaction: its own writes are counted
                assertThat(oneLite(s, "SELECT count(*) FROM bigi")).as("seed " + seed)
                        .isEqualTo(sqlite(c, "SELECT count(*) FROM bigi"));
                both(s, c, "DELETE FROM t WHERE id % 7 = " + r.nextInt(7));
                both(s, c, "COMMIT");
                for (String sql : queries) {
                    assertThat(oneLite(s, sql)).as("seed " + seed + ": " + sql).isEqualTo(sqlite(c, sql));
                }
            }
            assertThat(NativeOracle.planOneLite(s, "SELECT count(*) FROM bigi"))
                    .isEqualTo(NativeOracle.planSqlite(c, "SELECT count(*) FROM bigi"))
                    .containsExactly("SCAN bigi USING COVERING INDEX bigi_pad");
        }
    }
    /**
     * A count by keys ({@code v IN (...)}, {@code v IN (SELECT ...)}, {@code v = ?}) walks each
     * key's entries from one seek up to {@code IndexLevel.WALKED_RUN} of them and counts a longer
     * run from the pages: keys with 0 to 40 entries each (so runs on both sides of the bound, and
     * across leaves), ascending and DESC indexes, under an equality prefix, against native SQLite.
     */
    @Test
    void countsByKeyMatchNativeSqliteForRunsOfEveryLength() throws Exception {
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession();
             Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            both(s, c, "CREATE TABLE r(id INTEGER PRIMARY KEY, v INT, g TEXT, pad TEXT)");
            both(s, c, "CREATE INDEX rv ON r(v)");
            both(s, c, "CREATE INDEX rgv ON r(g, v DESC)");
            both(s, c, "CREATE TABLE keys(k)");
            both(s, c, "BEGIN");
            for (int v = 0; v <= 40; v++) {
                for (int i = 0; i < v; i++) { // v entries of key v (none of 0); padded: few per leaf
                    both(s, c, "INSERT INTO r(v, g, pad) VALUES (" + v + ", '" + (i % 2 == 0 ? "a" : "b") + "', printf('%0100d', " + i + "))");
                }
                both(s, c, "INSERT INTO keys VALUES (" + (v % 3 == 0 ? v : v + 100) + ")");
            }
            both(s, c, "INSERT INTO r(v, g) VALUES (NULL, 'a')");
            both(s, c, "INSERT INTO keys VALUES (NULL)");
            both(s, c, "COMMIT");
            List<String> queries = new ArrayList<>();
            StringBuilder all = new StringBuilder();
            for (int v = 0; v <= 41; v++) {
                queries.add("SELECT count(*) FROM r WHERE v = " + v);
                queries.add("SELECT count(*) FROM r WHERE g = 'a' AND v = " + v);
                all.append(v == 0 ? "" : ", ").append(v);
            }
            queries.add("SELECT count(*) FROM r WHERE v IN (" + all + ")");
            queries.add("SELECT count(*) FROM r WHERE v IN (" + all + ", NULL, 15, 17)");
            queries.add("SELECT count(*) FROM r WHERE g = 'b' AND v IN (" + all + ")");
            queries.add("SELECT count(*) FROM r WHERE g IN ('a', 'b') AND v IN (16, 17, 18, 33)");
            queries.add("SELECT count(*) FROM r WHERE v IN (SELECT k FROM keys)");
            queries.add("SELECT count(*) FROM r WHERE g = 'a' AND v IN (SELECT k FROM keys WHERE k > 10)");
            queries.add("SELECT count(*) FROM r WHERE v IN (SELECT k - 100 FROM keys)");
            for (String sql : queries) {
                assertThat(oneLite(s, sql)).as(sql).isEqualTo(sqlite(c, sql));
            }
        }
    }

    @Test
    void bareCountIsAReadOfTheWholeTableForConcurrentCommits() {
        bareCountIsAReadOfTheWholeTable(false);
    }

    @Test
    void bareCountThroughAnIndexIsAReadOfTheWholeTableForConcurrentCommits() {
        bareCountIsAReadOfTheWholeTable(true);
    }

    private void bareCountIsAReadOfTheWholeTable(boolean index) {
        for (String write : new String[] {"INSERT INTO t VALUES (1000, 'new', 0)", "DELETE FROM t WHERE id = 1",
            "DELETE FROM t WHERE id = 20", "INSERT INTO t VALUES (-5, 'new', 0)", "UPDATE other SET v = 2"}) {
            try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session a = db.openSession();
                 Session b = db.openSession()) {
                a.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, v, w)");
                if (index) {
                    a.execute("CREATE INDEX tv ON t(v)");
                    assertThat(NativeOracle.planOneLite(a, "SELECT count(*) FROM t"))
                            .containsExactly("SCAN t USING COVERING INDEX tv");
                }
                a.execute("CREATE TABLE other(v)");
                a.execute("CREATE TABLE log(v)");
                a.execute("INSERT INTO other VALUES (1)");
                for (int i = 1; i <= 20; i++) {
                    a.execute("INSERT INTO t VALUES (" + i + ", 'x', 0)");
                }
                a.execute("BEGIN CONCURRENT");
                assertThat(oneLite(a, "SELECT count(*) FROM t")).containsExactly("I20|");
                a.execute("INSERT INTO log VALUES (1)");
                b.execute(write);
                if (write.contains("other")) {
                    a.execute("COMMIT"); // nothing a read changed
                } else {
                    org.assertj.core.api.Assertions.assertThatThrownBy(() -> a.execute("COMMIT")).as(write)
                            .isInstanceOf(io.onelite.common.OneLiteException.class);
                }
            }
        }
    }

    /**
     * A count of a range ({@code WHERE v BETWEEN 5 AND 9} through an index, {@code WHERE id > 10}
     * by rowid) is a read of that range: a serializable commit fails with 517 when another
     * committed a row inside it, and commits when the change lies outside.
     */
    @Test
    void rangeCountIsAReadOfItsRangeForConcurrentCommits() {
        String[][] cases = {
            // query, a write inside the range, a write outside it, the count
            {"SELECT count(*) FROM t WHERE v BETWEEN 5 AND 9", "INSERT INTO t VALUES (100, 7, 0)", "INSERT INTO t VALUES (100, 12, 0)", "I5|"},
            {"SELECT count(*) FROM t WHERE v BETWEEN 5 AND 9", "UPDATE t SET v = 6 WHERE id = 15", "UPDATE t SET w = 1 WHERE id = 7", "I5|"},
            {"SELECT count(*) FROM t WHERE v BETWEEN 5 AND 9", "DELETE FROM t WHERE id = 9", "DELETE FROM t WHERE id = 15", "I5|"},
            {"SELECT count(*) FROM t WHERE id > 10", "INSERT INTO t VALUES (100, 1, 0)", "DELETE FROM t WHERE id = 3", "I10|"},
            {"SELECT count(*) FROM t WHERE id > 10", "DELETE FROM t WHERE id = 11", "INSERT INTO t VALUES (-4, 1, 0)", "I10|"},
            // keys counted one by one: an absent key is read too
            {"SELECT count(*) FROM t WHERE v IN (5, 7, 30)", "INSERT INTO t VALUES (100, 30, 0)", "INSERT INTO t VALUES (100, 12, 0)", "I2|"},
            {"SELECT count(*) FROM t WHERE v IN (SELECT v FROM log)", "INSERT INTO t VALUES (100, 1, 0)", "INSERT INTO t VALUES (100, 2, 0)", "I1|"},
        };
        for (String[] c : cases) {
            for (int inside = 0; inside < 2; inside++) {
                try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session a = db.openSession();
                     Session b = db.openSession()) {
                    a.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, v, w)");
                    a.execute("CREATE INDEX tv ON t(v)");
                    a.execute("CREATE TABLE log(v)");
                    for (int i = 1; i <= 20; i++) {
                        a.execute("INSERT INTO t VALUES (" + i + ", " + i + ", 0)");
                    }
                    a.execute("INSERT INTO log VALUES (1)");
                    String expected = c[3];
                    a.execute("BEGIN CONCURRENT");
                    assertThat(oneLite(a, c[0])).as(c[0]).containsExactly(expected);
                    a.execute("INSERT INTO log VALUES (1)");
                    b.execute(inside == 0 ? c[1] : c[2]);
                    if (inside == 1) {
                        a.execute("COMMIT");
                    } else {
                        org.assertj.core.api.Assertions.assertThatThrownBy(() -> a.execute("COMMIT")).as(c[1])
                                .isInstanceOfSatisfying(io.onelite.common.OneLiteException.class,
                                        e -> assertThat(e.code()).isEqualTo(517));
                    }
                }
            }
        }
    }
}
