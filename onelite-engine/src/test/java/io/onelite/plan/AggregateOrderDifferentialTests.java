package io.onelite.plan;

import io.onelite.api.Database;
import io.onelite.api.DatabaseOptions;
import io.onelite.api.Session;
import io.onelite.api.Statement;
import io.onelite.testing.ReplaySeed;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static io.onelite.plan.NativeOracle.both;
import static io.onelite.plan.NativeOracle.oneLite;
import static io.onelite.plan.NativeOracle.sqlite;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * ORDER BY among an aggregate's arguments (SQLite 3.44+) against native SQLite: several terms,
 * DESC, NULLS FIRST/LAST, COLLATE, with DISTINCT and FILTER, per group, in correlated subqueries,
 * and the errors for window and scalar calls. The random part prints its seed.
 */
class AggregateOrderDifferentialTests {
    private static final String[] SETUP = {
        "CREATE TABLE t(id INTEGER PRIMARY KEY, x, y TEXT, g INT)",
        "INSERT INTO t(x, y, g) VALUES (3, 'c', 1), (1, 'a', 2), (2, 'B', 1), (NULL, 'd', 2), (2, 'b', 1), (2, 'z', 3),"
            + " (1, 'm', 3), (2, 'a', 3), (1.5, NULL, 1), ('text', 'A', 2)",
        "CREATE TABLE e(x)",
    };

    private static final String[] QUERIES = {
        "SELECT group_concat(x ORDER BY x), json_group_array(x ORDER BY x DESC), string_agg(x, ';' ORDER BY x) FROM t",
        "SELECT group_concat(y ORDER BY y COLLATE NOCASE, x DESC) FROM t",
        "SELECT group_concat(y ORDER BY y COLLATE NOCASE DESC, id) FROM t",
        "SELECT group_concat(x ORDER BY x NULLS FIRST), group_concat(x ORDER BY x DESC NULLS LAST),"
            + " group_concat(x ORDER BY x NULLS LAST), group_concat(x ORDER BY x DESC NULLS FIRST) FROM t",
        "SELECT group_concat(y ORDER BY y NULLS LAST) FROM t",
        "SELECT group_concat(DISTINCT x ORDER BY x DESC) FROM t",
        "SELECT group_concat(DISTINCT x ORDER BY y) FROM t",
        "SELECT g, group_concat(DISTINCT x ORDER BY y DESC) FROM t GROUP BY g",
        "SELECT g, group_concat(y ORDER BY y) FILTER (WHERE x > 1) FROM t GROUP BY g",
        "SELECT g, string_agg(y, '+' ORDER BY x, y) FILTER (WHERE y <> 'a') FROM t GROUP BY g ORDER BY g DESC",
        "SELECT count(x ORDER BY x), sum(x ORDER BY y), total(x ORDER BY y), avg(x ORDER BY x) FROM t",
        "SELECT min(x ORDER BY y), y FROM t",
        "SELECT max(x ORDER BY y DESC), y FROM t",
        "SELECT group_concat(x ORDER BY 1) FROM t",
        "SELECT group_concat(x ORDER BY g) FROM t",
        "SELECT json_group_object(y, x ORDER BY y) FROM t WHERE y IS NOT NULL",
        "SELECT json_group_object(y, x ORDER BY x DESC, y) FROM t WHERE y IS NOT NULL",
        "SELECT group_concat(x, '-' ORDER BY x) FROM t",
        "SELECT group_concat(x, y ORDER BY y) FROM t",
        "SELECT g, (SELECT group_concat(t2.y ORDER BY t2.y DESC) FROM t t2 WHERE t2.g = t.g) FROM t GROUP BY g",
        "SELECT (SELECT group_concat(t.y ORDER BY t.y) FROM (SELECT 1)) FROM t",
        "SELECT (SELECT group_concat(t.x ORDER BY t.x DESC) FILTER (WHERE t.g > 1) FROM (SELECT 1)) FROM t",
        "SELECT group_concat(x ORDER BY (SELECT max(x) FROM t)) FROM t",
        "SELECT group_concat(x ORDER BY length(y) DESC, x) FROM t",
        "SELECT group_concat(x ORDER BY x) FROM e",
        "SELECT count(x ORDER BY x), json_group_array(x ORDER BY x) FROM e",
        "SELECT g, count(*), group_concat(id ORDER BY y, id DESC) FROM t GROUP BY g HAVING group_concat(x ORDER BY x) > '1'",
        "SELECT g FROM t GROUP BY g ORDER BY group_concat(y ORDER BY y DESC)",
        "SELECT group_concat(g ORDER BY x) FROM t GROUP BY x",
        // without arguments the ORDER BY is dropped, so a window or scalar call takes it too
        "SELECT count(ORDER BY x), count(ORDER BY zz) FROM t",
        "SELECT row_number(ORDER BY x) OVER (), rank(ORDER BY x) OVER (ORDER BY id) FROM t",
        "SELECT typeof(random(ORDER BY x)) FROM t",
        "SELECT group_concat(DISTINCT y ORDER BY y COLLATE NOCASE) FROM t",
    };

    private static final String[][] ERRORS = {
        {"SELECT group_concat(x ORDER BY x) OVER () FROM t",
            "ORDER BY may not be used with non-aggregate group_concat()"},
        {"SELECT sum(x ORDER BY x) OVER (ORDER BY x) FROM t", "ORDER BY may not be used with non-aggregate sum()"},
        {"SELECT abs(x ORDER BY x) FROM t", "ORDER BY may not be used with non-aggregate abs()"},
        {"SELECT group_concat(x ORDER BY count(*)) FROM t", "misuse of aggregate function count()"},
        {"SELECT group_concat(x ORDER BY zz) FROM t", "no such column: zz"},
        {"SELECT group_concat(x ORDER BY y COLLATE nosuch) FROM t", "no such collation sequence: nosuch"},
        {"SELECT count(* ORDER BY x) FROM t", "near \"ORDER\": syntax error"},
        {"SELECT lag(x ORDER BY x) OVER () FROM t", "ORDER BY may not be used with non-aggregate lag()"},
        {"SELECT max(x, y ORDER BY x) FROM t", "ORDER BY may not be used with non-aggregate max()"},
        {"SELECT group_concat(ORDER BY x) FROM t", "wrong number of arguments to function group_concat()"},
        {"SELECT count(DISTINCT ORDER BY x) FROM t", "DISTINCT aggregates must have exactly one argument"},
    };

    private static void setUp(Session s, Connection c) {
        for (String sql : SETUP) {
            both(s, c, sql);
        }
    }

    @Test
    void orderedAggregatesReturnWhatNativeSqliteReturns() throws Exception {
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession();
             Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            setUp(s, c);
            for (String q : QUERIES) {
                List<String> expected = sqlite(c, q);
                assertThat(expected).as("native: " + q).isNotEqualTo(List.of("ERROR"));
                assertThat(oneLite(s, q)).as(q).isEqualTo(expected);
            }
        }
    }

    @Test
    void theIssueExampleSortsEachAggregate() {
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession()) {
            s.execute("CREATE TABLE t(x)");
            s.execute("INSERT INTO t VALUES (3), (1), (2)");
            assertThat(oneLite(s, "SELECT group_concat(x ORDER BY x), json_group_array(x ORDER BY x DESC),"
                    + " string_agg(x, ';' ORDER BY x) FROM t")).containsExactly("T1,2,3|T[3,2,1]|T1;2;3|");
        }
    }

    @Test
    void misplacedOrderByFailsWithSqlitesMessage() throws Exception {
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession();
             Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            setUp(s, c);
            for (String[] e : ERRORS) {
                String nativeMessage;
                try (java.sql.Statement st = c.createStatement()) {
                    st.executeQuery(e[0]).close();
                    nativeMessage = null;
                } catch (SQLException ex) {
                    nativeMessage = ex.getMessage();
                }
                assertThat(nativeMessage).as("native: " + e[0]).containsIgnoringCase(e[1]);
                assertThatThrownBy(() -> {
                    try (Statement st = s.prepare(e[0])) {
                        st.step();
                    }
                }).as(e[0]).hasMessageContainingAll(e[1]);
            }
        }
    }

    private static String term(Random r) {
        String t = new String[] {"x", "y", "g", "y COLLATE NOCASE", "-x", "id", "x || y"}[r.nextInt(7)];
        return t + switch (r.nextInt(6)) {
            case 0, 1 -> " DESC";
            case 2 -> " ASC";
            case 3 -> r.nextBoolean() ? " NULLS FIRST" : " DESC NULLS LAST";
            case 4 -> r.nextBoolean() ? " NULLS LAST" : " DESC NULLS FIRST";
            default -> "";
        };
    }

    private static String orderBy(Random r) {
        List<String> terms = new ArrayList<>();
        for (int k = 1 + r.nextInt(3); k > 0; k--) {
            terms.add(term(r));
        }
        terms.add("id"); // a total order: rows that tie cannot show a different input order
        return " ORDER BY " + String.join(", ", terms);
    }

    private static String value(Random r) {
        return switch (r.nextInt(6)) {
            case 0 -> "NULL";
            case 1, 2 -> Integer.toString(r.nextInt(6));
            case 3 -> r.nextInt(6) + ".5";
            default -> "'" + (char) ('a' + r.nextInt(4)) + (r.nextBoolean() ? "" : "X") + "'";
        };
    }

    @Test
    void randomOrderedAggregatesMatchNativeSqlite() throws Exception {
        long seed = ReplaySeed.announce("AggregateOrderDifferentialTests");
        Random r = new Random(seed);
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession();
             Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            both(s, c, "CREATE TABLE t(id INTEGER PRIMARY KEY, x, y TEXT, g INT)");
            for (int i = 0; i < 120; i++) {
                both(s, c, "INSERT INTO t(x, y, g) VALUES (" + value(r) + ", " + value(r) + ", " + r.nextInt(5) + ")");
            }
            String[] aggregates = {"group_concat(%s%s)", "string_agg(%s, '/'%s)", "json_group_array(%s%s)",
                "json_group_object(coalesce(y, 'n') || id, %s%s)", "group_concat(DISTINCT %s%s)",
                "count(%s%s)", "sum(CAST(%s AS INT)%s)"};
            for (int q = 0; q < 300; q++) {
                String agg = String.format(aggregates[r.nextInt(aggregates.length)],
                        new String[] {"x", "y", "id", "g"}[r.nextInt(4)], orderBy(r));
                if (agg.startsWith("group_concat(DISTINCT")) {
                    agg = agg.replaceAll(" ORDER BY .*\\)$", " ORDER BY " + term(r) + ")");
                }
                String filter = r.nextInt(3) == 0 ? " FILTER (WHERE x > " + r.nextInt(5) + ")" : "";
                String where = r.nextInt(3) == 0 ? " WHERE g <> " + r.nextInt(5) : "";
                String sql = switch (r.nextInt(3)) {
                    case 0 -> "SELECT " + agg + filter + " FROM t" + where;
                    case 1 -> "SELECT g, " + agg + filter + " FROM t" + where + " GROUP BY g ORDER BY g";
                    default -> "SELECT g, (SELECT " + agg.replace("(x", "(t.x").replace("(y", "(t.y")
                            + filter + " FROM t t2 WHERE t2.g = t.g) FROM t" + where + " GROUP BY g ORDER BY g";
                };
                List<String> expected = sqlite(c, sql);
                assertThat(oneLite(s, sql)).as("seed " + seed + ": " + sql).isEqualTo(expected);
            }
        }
    }
}
