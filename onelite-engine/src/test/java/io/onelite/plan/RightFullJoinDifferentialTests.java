package io.onelite.plan;

import io.onelite.api.Database;
import io.onelite.api.DatabaseOptions;
import io.onelite.api.Session;
import io.onelite.testing.ReplaySeed;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * RIGHT and FULL OUTER JOIN in every shape SQLite accepts, compared with native SQLite (sqlite-jdbc
 * in this JVM): several per FROM clause mixed with inner, LEFT, CROSS, NATURAL and USING joins;
 * subqueries, views, CTEs, json_each and parenthesised joins on the right; inside UPDATE ... FROM,
 * INSERT ... SELECT, DELETE, subqueries, CTEs and compound SELECTs; then seeded random queries.
 * Rows compare as sorted multisets (SQLite's row order without ORDER BY is not promised), errors
 * by message.
 */
class RightFullJoinDifferentialTests {

    private static final String[] SETUP = {
        "CREATE TABLE a(id INTEGER PRIMARY KEY, x INT, y TEXT)",
        "CREATE TABLE b(id INTEGER PRIMARY KEY, x INT, z TEXT)",
        "CREATE TABLE c(x INT, w TEXT)",
        "CREATE TABLE d(k TEXT PRIMARY KEY, x INT, v TEXT) WITHOUT ROWID",
        "CREATE INDEX bx ON b(x)",
        "INSERT INTO a VALUES (1, 1, 'a1'), (2, 2, 'a2'), (3, 2, 'a2b'), (4, NULL, 'an'), (5, 7, NULL)",
        "INSERT INTO b VALUES (10, 2, 'b2'), (11, 3, 'b3'), (12, NULL, 'bn'), (13, 2, 'b2b'), (14, 8, 'b8')",
        "INSERT INTO c VALUES (2, 'c2'), (3, 'c3'), (5, 'c5'), (5, 'c5'), (NULL, 'cn'), (NULL, 'cn')",
        "INSERT INTO d VALUES ('k1', 1, 'd1'), ('k5', 5, 'd5'), ('kn', NULL, 'dn'), ('k3', 3, NULL)",
        "CREATE VIEW vb AS SELECT id, x, z FROM b WHERE id <> 12",
        "CREATE VIEW vj AS SELECT a.id AS aid, b.id AS bid, coalesce(a.x, b.x) AS x FROM a FULL JOIN b ON a.x = b.x",
    };

    private Database db;
    private Session session;
    private Connection sqlite;

    @BeforeEach
    void open() throws SQLException {
        db = Database.open(":memory:", DatabaseOptions.DEFAULTS);
        session = db.openSession();
        sqlite = DriverManager.getConnection("jdbc:sqlite::memory:");
        for (String sql : SETUP) {
            agree(sql);
        }
    }

    @AfterEach
    void close() throws SQLException {
        sqlite.close();
        session.close();
        db.close();
    }

    @Test
    void severalRightAndFullJoinsInOneFromClause() {
        agree("SELECT a.id, b.id, c.w, d.k FROM a RIGHT JOIN b ON a.x = b.x FULL JOIN c ON c.x = b.x"
                + " LEFT JOIN d ON d.x = c.x");
        agree("SELECT a.id, b.id, c.w FROM a RIGHT JOIN b ON a.x = b.x RIGHT JOIN c ON c.x = b.x");
        agree("SELECT a.id, b.id, c.w FROM a FULL JOIN b ON a.x = b.x FULL JOIN c ON c.x = a.x");
        agree("SELECT a.id, b.id, c.w, d.k FROM a FULL JOIN b ON a.x = b.x FULL JOIN c ON c.x = b.x"
                + " FULL JOIN d ON d.x = coalesce(a.x, b.x, c.x)");
        agree("SELECT a.id, b.id, c.w, d.k FROM a JOIN b ON a.x = b.x RIGHT JOIN c ON c.x = a.x"
                + " CROSS JOIN d RIGHT JOIN a AS e ON e.x = d.x");
        agree("SELECT a.id, b.id, c.w FROM a CROSS JOIN b RIGHT JOIN c ON c.x = a.x AND c.x = b.x");
        agree("SELECT a.id, b.id, c.w FROM a, b FULL JOIN c ON c.x = b.x WHERE a.x = b.x OR a.id IS NULL");
        agree("SELECT a.id, b.id, c.w FROM a RIGHT JOIN b ON 0 FULL JOIN c ON 0");
        agree("SELECT a.id, b.id, c.w FROM a RIGHT JOIN b ON 1 FULL JOIN c ON 1 WHERE c.x = 5");
        agree("SELECT a.id, b.id, c.w FROM a JOIN b ON 0 RIGHT JOIN c ON 1");
        agree("SELECT a.id, b.id, c.w FROM a LEFT JOIN b ON a.x = b.x RIGHT JOIN c ON c.x = b.x FULL JOIN d ON d.x = a.x");
        // an ON clause of an outer join may not read a table joined after it
        agree("SELECT * FROM a RIGHT JOIN b ON a.x = b.x AND b.x = c.x RIGHT JOIN c ON 1");
        agree("SELECT * FROM a LEFT JOIN b ON c.x = 1 JOIN c");
    }

    @Test
    void whereTermsSeeTheNullExtendedRows() {
        agree("SELECT a.id, b.id, c.w FROM a RIGHT JOIN b ON a.x = b.x FULL JOIN c ON c.x = b.x WHERE a.id IS NULL");
        agree("SELECT a.id, b.id, c.w FROM a RIGHT JOIN b ON a.x = b.x FULL JOIN c ON c.x = b.x WHERE b.id IS NULL");
        agree("SELECT a.id, b.id, c.w FROM a RIGHT JOIN b ON a.x = b.x FULL JOIN c ON c.x = b.x"
                + " WHERE coalesce(a.y, 'none') <> 'a2'");
        agree("SELECT a.id, b.id, c.w FROM a RIGHT JOIN b ON a.x = b.x JOIN c ON c.x = b.x OR a.id IS NULL");
        agree("SELECT a.id, b.id, c.w FROM a RIGHT JOIN b ON a.x = b.x JOIN c ON a.id IS NULL RIGHT JOIN d ON d.x = c.x");
        agree("SELECT a.id, b.id, c.w FROM a JOIN b ON b.x = a.x AND a.y LIKE 'a2%' RIGHT JOIN c ON c.x = b.x WHERE a.y IS NULL");
        agree("SELECT a.id, b.id FROM a FULL JOIN b ON a.x = b.x WHERE a.id > 1 OR b.id > 12");
        agree("SELECT a.id, b.id FROM a FULL JOIN b ON a.x = b.x WHERE 1");
        agree("SELECT a.id, b.id FROM a FULL JOIN b ON a.x = b.x WHERE 0");
        agree("SELECT a.id, b.id, (SELECT count(*) FROM c WHERE c.x = b.x) FROM a RIGHT JOIN b ON a.x = b.x"
                + " WHERE EXISTS (SELECT 1 FROM c WHERE c.x IS a.x)");
    }

    @Test
    void usingAndNaturalAfterRightAndFullJoins() {
        agree("SELECT * FROM a RIGHT JOIN b USING (x) FULL JOIN c USING (x)");
        agree("SELECT x, a.x, b.x, c.x FROM a FULL JOIN b USING (x) FULL JOIN c USING (x)");
        agree("SELECT a.*, b.*, c.* FROM a FULL JOIN b USING (x) RIGHT JOIN c USING (x)");
        agree("SELECT * FROM a NATURAL FULL JOIN b NATURAL RIGHT JOIN c");
        agree("SELECT * FROM c NATURAL FULL JOIN d NATURAL FULL JOIN c AS e");
        agree("SELECT x, count(*) FROM a FULL JOIN c USING (x) FULL JOIN d USING (x) GROUP BY x ORDER BY x");
        agree("SELECT * FROM a FULL JOIN (b FULL JOIN c USING (x)) USING (x)");
        agree("SELECT x, a.*, b.*, c.* FROM a FULL JOIN (b FULL JOIN c USING (x)) USING (x)");
        agree("SELECT * FROM a JOIN b USING (id) FULL JOIN b AS e USING (x)");
    }

    @Test
    void theRightSideMayBeASubqueryViewCteFunctionOrParenthesisedJoin() {
        agree("SELECT a.id, s.x FROM a RIGHT JOIN (SELECT 2 AS x UNION ALL SELECT 2 UNION ALL SELECT NULL) s ON s.x = a.x");
        agree("SELECT a.id, v.id FROM a FULL JOIN vb v ON v.x = a.x FULL JOIN vj ON vj.aid = a.id");
        agree("SELECT * FROM vj RIGHT JOIN c ON c.x = vj.x");
        agree("WITH t(x, n) AS (SELECT x, count(*) FROM c GROUP BY x) SELECT a.id, t.x, t.n FROM a FULL JOIN t ON t.x = a.x");
        agree("WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 6)"
                + " SELECT a.id, r.n FROM a RIGHT JOIN r ON r.n = a.x FULL JOIN b ON b.x = r.n");
        agree("SELECT a.id, j.value FROM a RIGHT JOIN json_each('[1, 2, 2, null, 9]') j ON j.value = a.x");
        agree("SELECT a.id, j.key, j.value FROM a FULL JOIN json_each('{\"p\": 7, \"q\": 3}') j ON j.value = a.x");
        agree("SELECT a.id, b.id, c.w FROM a RIGHT JOIN (b JOIN c ON b.x = c.x) ON a.x = b.x");
        agree("SELECT a.id, b.id, c.w FROM a FULL JOIN (b LEFT JOIN c ON b.x = c.x) ON a.x = b.x");
        agree("SELECT a.id, b.id, c.w FROM a LEFT JOIN (b JOIN c ON b.x = c.x) ON a.x = b.x");
        // tables only, but no reordering across the parenthesised join (its ON terms run inside it)
        agree("SELECT * FROM a LEFT JOIN (b JOIN c ON b.x = c.x) ON a.x = b.x WHERE b.id = 10");
        agree("SELECT * FROM a LEFT JOIN (b JOIN c USING (x)) ON a.x = b.x WHERE b.id IS NULL OR c.w = 'c2'");
        agree("SELECT a.id, b.id, c.w FROM a LEFT JOIN (b LEFT JOIN c ON b.x = c.x) ON a.x = b.x AND c.w IS NULL");
        agree("SELECT a.id, b.id, c.w FROM c JOIN (a RIGHT JOIN b ON a.x = b.x) ON c.x = b.x");
        agree("SELECT a.id, b.id, c.w, d.k FROM a FULL JOIN (b RIGHT JOIN (c FULL JOIN d ON c.x = d.x) ON b.x = c.x)"
                + " ON a.x = coalesce(b.x, d.x)");
        agree("SELECT * FROM a FULL JOIN (b FULL JOIN c USING (x)) ON a.x = b.x WHERE b.id IS NOT NULL OR c.w = 'c5'");
        agree("SELECT * FROM a JOIN (b JOIN c USING (x)) USING (x)");
        agree("SELECT * FROM a JOIN (c NATURAL JOIN d)");
        agree("SELECT * FROM a JOIN (b JOIN c USING (x) JOIN d USING (k))");
        agree("SELECT * FROM a JOIN (b JOIN (c JOIN d USING (x)) USING (x))");
        agree("SELECT * FROM a JOIN (b JOIN c ON b.x = c.x JOIN d USING (x))");
    }

    @Test
    void insideDmlSubqueriesCtesAndCompounds() {
        agree("SELECT b.id, (SELECT count(*) FROM a RIGHT JOIN c ON a.x = c.x FULL JOIN d ON d.x = c.x"
                + " WHERE c.x >= b.x OR d.x = b.x) FROM b");
        agree("SELECT b.id FROM b WHERE b.x IN (SELECT coalesce(a.x, c.x) FROM a FULL JOIN c ON a.x = c.x)");
        agree("SELECT b.id FROM b WHERE EXISTS (SELECT 1 FROM a RIGHT JOIN c ON a.x = c.x AND a.x = b.x WHERE a.id IS NULL)");
        agree("WITH j AS (SELECT a.id AS aid, c.w FROM a FULL JOIN c ON a.x = c.x) SELECT * FROM j RIGHT JOIN d ON d.v = j.w");
        agree("SELECT a.id, b.id FROM a RIGHT JOIN b ON a.x = b.x UNION SELECT c.x, d.x FROM c FULL JOIN d ON c.x = d.x");
        agree("SELECT a.x FROM a FULL JOIN c ON a.x = c.x EXCEPT SELECT b.x FROM b RIGHT JOIN d ON b.x = d.x");
        agree("SELECT coalesce(a.x, b.x, c.x) k, count(*), count(a.id), group_concat(c.w) FROM a FULL JOIN b ON a.x = b.x"
                + " FULL JOIN c ON c.x = coalesce(a.x, b.x) GROUP BY k HAVING count(*) > 1 ORDER BY k");
        agree("SELECT a.id, b.id, c.w FROM a FULL JOIN b ON a.x = b.x FULL JOIN c ON c.x = b.x"
                + " ORDER BY 1 DESC, 2, 3 LIMIT 4 OFFSET 2");
        agree("SELECT DISTINCT a.x, c.x FROM a FULL JOIN c ON a.x = c.x");
        agree("CREATE TABLE log(aid, bid, w)");
        agree("INSERT INTO log SELECT a.id, b.id, c.w FROM a RIGHT JOIN b ON a.x = b.x FULL JOIN c ON c.x = b.x");
        agree("SELECT * FROM log");
        agree("DELETE FROM log WHERE w IN (SELECT c.w FROM a RIGHT JOIN c ON a.x = c.x WHERE a.id IS NULL)");
        agree("SELECT * FROM log");
        agree("UPDATE c SET w = 'u' || coalesce(b.x, '-') FROM a RIGHT JOIN b ON a.x = b.x WHERE c.x = b.x");
        agree("SELECT * FROM c");
        agree("UPDATE a SET y = 'f' || coalesce(b.id, 'n') || coalesce(c.w, 'n') FROM b FULL JOIN c ON b.x = c.x"
                + " WHERE a.x IS coalesce(b.x, c.x)");
        agree("SELECT * FROM a");
        agree("UPDATE d SET v = 'l' FROM a LEFT JOIN b ON a.x = b.x WHERE d.x = a.x AND b.id IS NULL");
        agree("SELECT * FROM d");
        agree("UPDATE b SET z = 'n' FROM (a FULL JOIN c ON a.x = c.x) WHERE b.x IS c.x");
        agree("SELECT * FROM b");
    }

    @Test
    void explainQueryPlanNamesEachRightJoin() throws SQLException {
        String sql = "SELECT * FROM a RIGHT JOIN b ON 1 FULL JOIN c ON 1";
        assertThat(NativeOracle.planOneLite(session, sql)).isEqualTo(NativeOracle.planSqlite(sqlite, sql));
        assertThat(NativeOracle.planOneLite(session, sql))
                .containsExactly("SCAN a", "SCAN b", "SCAN c LEFT-JOIN", "RIGHT-JOIN b", "SCAN b", "RIGHT-JOIN c", "SCAN c");
        // a parenthesised join is materialized once, as SQLite's "(join-N)" subquery; inside it, c
        // gets an automatic index (SQLite, costing b's index, walks c first here)
        assertThat(NativeOracle.planOneLite(session, "SELECT * FROM a FULL JOIN (b JOIN c ON b.x = c.x) ON 1"))
                .containsExactly("MATERIALIZE (join-1)", "SCAN b", "BLOOM FILTER ON c (x=?)",
                        "SEARCH c USING AUTOMATIC COVERING INDEX (x=?)", "SCAN a", "SCAN (join-1) LEFT-JOIN",
                        "RIGHT-JOIN (join-1)", "SCAN (join-1)");
        assertThat(NativeOracle.planOneLite(session, "UPDATE c SET w = 1 FROM a RIGHT JOIN b ON a.x = b.x WHERE c.x = b.x"))
                .containsExactly("SCAN a", "SEARCH b USING INDEX bx (x=?)", "SCAN c", "RIGHT-JOIN b", "SCAN b");
    }

    /**
     * Random FROM clauses of two to five sources (tables with NULLs and duplicates, a subquery, a
     * view, json_each, a parenthesised join) joined by every join operator, with ON, USING or
     * NATURAL, WHERE terms and sometimes GROUP BY or ORDER BY ... LIMIT.
     */
    @Test
    void randomJoinsAgreeWithSqlite() {
        long seed = ReplaySeed.announce("RightFullJoinDifferentialTests");
        Random r = new Random(seed);
        for (String t : new String[] {"p", "q", "s", "u"}) {
            agree("CREATE TABLE " + t + "(x INT, y INT)");
            StringBuilder ins = new StringBuilder("INSERT INTO " + t + " VALUES ");
            int n = 1 + r.nextInt(5);
            for (int i = 0; i < n; i++) {
                ins.append(i == 0 ? "" : ", ").append('(').append(value(r)).append(", ").append(value(r)).append(')');
            }
            agree(ins.toString());
        }
        agree("CREATE INDEX qx ON q(x)");
        agree("CREATE VIEW pv AS SELECT x, y FROM p WHERE x IS NOT 3");
        List<String> diffs = new ArrayList<>();
        for (int i = 0; i < Integer.getInteger("onelite.joins.count", 300) && diffs.size() < 5; i++) {
            String sql = new RandomJoin(r).query();
            String mine = oneLite(sql);
            String theirs = native_(sql);
            boolean bothFailed = mine.startsWith("ERROR") && theirs.startsWith("ERROR");
            if (!bothFailed && !mine.equals(theirs)) {
                diffs.add(sql + "\n  onelite: " + mine + "\n  sqlite:  " + theirs);
            }
        }
        assertThat(diffs).as("seed " + seed).isEmpty();
    }

    /** One random query over p, q, s, u (columns x, y) and the view pv. */
    private static final class RandomJoin {
        private final Random r;
        private final List<String> aliases = new ArrayList<>();

        RandomJoin(Random r) {
            this.r = r;
        }

        String query() {
            StringBuilder from = new StringBuilder(source());
            int joins = 1 + r.nextInt(4);
            for (int j = 0; j < joins; j++) {
                String op = pick("JOIN", "LEFT JOIN", "RIGHT JOIN", "FULL JOIN", "RIGHT JOIN", "FULL JOIN", "CROSS JOIN", ",");
                int before = aliases.size();
                String right;
                if (r.nextInt(6) == 0 && !op.equals(",")) {
                    String inner = source();
                    String second = source();
                    String innerOp = pick("JOIN", "LEFT JOIN", "RIGHT JOIN", "FULL JOIN");
                    right = "(" + inner + " " + innerOp + " " + second + " ON " + condition(before, aliases.size()) + ")";
                } else {
                    right = source();
                }
                String constraint = "";
                if (!op.equals(",") && !op.equals("CROSS JOIN")) {
                    // no USING/NATURAL on a parenthesised join: where it holds a column twice, SQLite's
                    // "ambiguous column name" differs (docs/compat.md); -Donelite.joins.groupUsing=true
                    // generates them anyway, -Donelite.joins.count=N runs N queries
                    int k = right.startsWith("(") && !Boolean.getBoolean("onelite.joins.groupUsing") ? 9 : r.nextInt(10);
                    constraint = k == 0 ? " USING (x)" : k == 1 ? " USING (x, y)" : " ON " + condition(0, aliases.size());
                    if (k == 2) {
                        op = "NATURAL " + op;
                        constraint = "";
                    }
                }
                from.append(' ').append(op).append(' ').append(right).append(constraint);
            }
            String where = r.nextInt(3) == 0 ? "" : " WHERE " + condition(0, aliases.size());
            StringBuilder cols = new StringBuilder();
            for (String a : aliases) {
                cols.append(cols.length() == 0 ? "" : ", ").append(a).append(".x, ").append(a).append(".y");
            }
            int shape = r.nextInt(8);
            if (shape == 0) {
                return "SELECT * FROM " + from + where;
            }
            if (shape == 1) {
                String a = aliases.get(r.nextInt(aliases.size()));
                return "SELECT " + a + ".x, count(*), sum(" + aliases.get(0) + ".y) FROM " + from + where + " GROUP BY 1";
            }
            if (shape == 2) {
                int n = aliases.size() * 2;
                StringBuilder order = new StringBuilder();
                for (int i = 1; i <= n; i++) {
                    order.append(i == 1 ? "" : ", ").append(i).append(r.nextBoolean() ? "" : " DESC");
                }
                return "SELECT " + cols + " FROM " + from + where + " ORDER BY " + order + " LIMIT " + (1 + r.nextInt(6));
            }
            if (shape == 3) {
                return "SELECT count(*) FROM " + from + where;
            }
            return "SELECT " + cols + " FROM " + from + where;
        }

        private String source() {
            String alias = "t" + aliases.size();
            aliases.add(alias);
            return switch (r.nextInt(9)) {
                case 0 -> "(SELECT x, y FROM " + pick("p", "q", "s") + " WHERE x IS NOT 1) " + alias;
                case 1 -> "pv " + alias;
                case 2 -> "(SELECT value AS x, key AS y FROM json_each('[1, 2, null, 2]')) " + alias;
                default -> pick("p", "q", "s", "u") + " " + alias;
            };
        }

        /** A condition over the sources {@code from} to {@code to - 1}. */
        private String condition(int from, int to) {
            String a = aliases.get(from + r.nextInt(to - from));
            String b = aliases.get(from + r.nextInt(to - from));
            return switch (r.nextInt(9)) {
                case 0 -> a + ".x = " + b + ".y";
                case 1 -> a + ".x IS NULL";
                case 2 -> a + ".y > " + r.nextInt(4);
                case 3 -> "coalesce(" + a + ".x, " + b + ".y, 0) = " + r.nextInt(3);
                case 4 -> a + ".x = " + b + ".x OR " + b + ".y IS NULL";
                case 5 -> r.nextBoolean() ? "1" : "0";
                case 6 -> a + ".y IS NOT " + b + ".y";
                default -> a + ".x = " + b + ".x";
            };
        }

        private String pick(String... options) {
            return options[r.nextInt(options.length)];
        }
    }

    private static String value(Random r) {
        int v = r.nextInt(6);
        return v >= 4 ? "NULL" : Integer.toString(v);
    }

    private void agree(String sql) {
        assertThat(oneLite(sql)).as(sql).isEqualTo(native_(sql));
    }

    private String oneLite(String sql) {
        return SortedRows.oneLite(session, sql);
    }

    private String native_(String sql) {
        return SortedRows.nativeSqlite(sqlite, sql);
    }
}
