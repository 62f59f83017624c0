package io.onelite.plan;

import io.onelite.testing.ReplaySeed;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static io.onelite.plan.ScenarioTests.run;

/** Row values (rowvalue.html): comparisons, IN, BETWEEN, CASE and SET (a, b) = (...), compared with native SQLite. */
class RowValueTests {

    private static final String[] SETUP = {
        "CREATE TABLE t(a, b, c)",
        "INSERT INTO t VALUES (1, 2, 3), (1, NULL, 4), (2, 2, 5), (NULL, 1, 6)",
        "CREATE TABLE s(x TEXT, y INTEGER)",
        "INSERT INTO s VALUES ('1', 2), ('a', '3'), (NULL, 4)",
    };

    private static void scenario(String... statements) throws Exception {
        List<String> all = new ArrayList<>(List.of(SETUP));
        all.addAll(List.of(statements));
        run(all.toArray(new String[0]));
    }

    @Test
    void comparisonsFollowSqlitesNullRules() throws Exception {
        scenario("SELECT (NULL, 1) = (1, 2), (1, NULL) = (2, 1), (NULL, 1) != (1, 2), (NULL, 1) = (NULL, 1)",
                "SELECT (1, NULL) < (2, 5), (NULL, 1) < (2, 5), (1, 2) <= (1, 2), (1, NULL) <= (1, NULL)",
                "SELECT (a, b) < (1, 3), (a, b) >= (1, 2), (a, b) > (1, 1), (a, b) <> (1, 2) FROM t ORDER BY c",
                "SELECT (a, b) IS (1, NULL), (a, b) IS NOT (1, 2), (a, b, c) IS (1, NULL, 4) FROM t ORDER BY c",
                "SELECT * FROM t WHERE (a, b) > (1, 1) ORDER BY c",
                "SELECT (x, y) = (1, '2'), ('1', '2') = (x, y) FROM s ORDER BY rowid",
                "SELECT ('a', 'b') = ('A' COLLATE NOCASE, 'B'), ('a', 'b') = (SELECT 'A' COLLATE NOCASE, 'B')",
                "SELECT (a, b) BETWEEN (1, 1) AND (2, 0), (a, b) NOT BETWEEN (1, 3) AND (2, 2) FROM t ORDER BY c",
                "SELECT CASE (a, b) WHEN (1, 2) THEN 'x' WHEN (2, 2) THEN 'y' ELSE 'z' END FROM t ORDER BY c");
    }

    @Test
    void subqueriesAreRowsOnEitherSide() throws Exception {
        scenario("SELECT (a, b) = (SELECT a, b FROM t WHERE c = 3) FROM t ORDER BY c",
                "SELECT (SELECT 1, 2) = (SELECT 1, 2), (1, 2) = (SELECT 1, 2 WHERE 0)",
                "SELECT c FROM t o WHERE (a, b) = (SELECT a, b FROM t i WHERE i.c = o.c) ORDER BY c",
                "SELECT (SELECT a, c FROM t i WHERE i.c > o.c ORDER BY c) > (o.a, 0) FROM t o ORDER BY c");
    }

    @Test
    void inListAndInSelectCompareWholeRows() throws Exception {
        scenario("SELECT (a, b) IN ((1, 2), (2, 2)), (a, b) NOT IN ((1, 2)), a FROM t ORDER BY c",
                "SELECT (a, b) IN ((1, NULL)) FROM t ORDER BY c",
                "SELECT (1, 2) IN ((1, 2)), (1, 2) IN (), (1, 2) NOT IN ()",
                "SELECT * FROM t WHERE (a, b) IN ((1, 2), (2, 2)) ORDER BY c",
                "SELECT (a, b) IN (SELECT a, b FROM t WHERE c <> 3) FROM t ORDER BY c",
                "SELECT (a, b) IN (SELECT 1, 2 UNION SELECT 2, 2), (a, b) IN (VALUES (1, 2), (2, 2)) FROM t ORDER BY c",
                "SELECT (NULL, 1) IN (SELECT 2, 3), (NULL, 1) IN (SELECT 2, 1), (NULL, 1) NOT IN (SELECT 2, 3)",
                "SELECT (1, 1) IN (SELECT 1, NULL), (1, 1) IN (SELECT 2, NULL UNION ALL SELECT 1, 1)",
                "SELECT (x, y) IN (SELECT 1, '2'), (x, y) IN ((1, '2')), ('1', '2') IN ((x, y)) FROM s ORDER BY rowid",
                "SELECT ('1', '2') IN (SELECT x, y FROM s), (SELECT 1, 2) IN (SELECT 1, 2)",
                "SELECT c FROM t o WHERE (a, c) IN (SELECT a, c FROM t i WHERE i.c >= o.c) ORDER BY c",
                "SELECT count(*) FROM t WHERE (a, b) IN t",
                "CREATE TABLE p(a, b)",
                "INSERT INTO p VALUES (1, 2)",
                "SELECT c FROM t WHERE (a, b) IN p ORDER BY c");
    }

    @Test
    void misusedRowValuesReportSqlitesErrors() throws Exception {
        scenario("SELECT (1, 2) IN ((1, 2), (3))", "SELECT (1, 2) IN ((1, 2), (3, 4, 5))", "SELECT (1, 2) IN (1, 2)",
                "SELECT 1 IN ((1, 2), (3, 4))", "SELECT (a, b) IN (SELECT a FROM t) FROM t",
                "SELECT a IN (SELECT a, b FROM t) FROM t", "SELECT (a, b) = (SELECT a, b, c FROM t) FROM t",
                "SELECT (SELECT a, b FROM t)", "SELECT (SELECT a, b FROM t) = 1", "SELECT (1, 2) + 1",
                "SELECT * FROM t ORDER BY (a, b)", "SELECT (a, b) FROM t", "SELECT count((a, b)) FROM t",
                "SELECT (1, 2) = (1, 2, 3)", "SELECT (1, (2, 3)) = (1, (2, 3))", "SELECT (1, 2) BETWEEN 1 AND 2",
                "SELECT (1, 2) IS NULL", "SELECT (1, 2) COLLATE NOCASE = (1, 2)", "SELECT (SELECT 1, 2) IN ((1, 2))");
    }

    @Test
    void setAssignsRowsFromSubqueries() throws Exception {
        scenario("UPDATE t SET (a, b) = (SELECT 1, 2, 3)", "UPDATE t SET (a, b) = (1, 2, 3)", "UPDATE t SET (a, b) = 5",
                "UPDATE t SET (a, b, c) = (SELECT 1, 2)", "UPDATE t SET a = (SELECT 1, 2)",
                "UPDATE t SET (a, b) = (SELECT c * 10, c * 100) WHERE a = 2",
                "UPDATE t SET (c, a) = (SELECT b, a), b = 0 WHERE c = 3",
                "UPDATE t SET (a, b) = (SELECT x, y FROM s WHERE s.y = t.c - 2) WHERE c > 3",
                "SELECT * FROM t ORDER BY c",
                "UPDATE t SET (a) = (SELECT 9) WHERE c = 5",
                "UPDATE t SET (a, b) = (SELECT x, y FROM s WHERE y > 100) WHERE c = 6",
                "SELECT * FROM t ORDER BY c",
                "CREATE TABLE u(a INTEGER PRIMARY KEY, b, c)",
                "INSERT INTO u VALUES (1, 2, 3) ON CONFLICT (a) DO UPDATE SET (b, c) = (SELECT 5, 6)",
                "INSERT INTO u VALUES (1, 2, 3) ON CONFLICT (a) DO UPDATE SET (b, c) = (SELECT excluded.c, b)",
                "INSERT INTO u VALUES (1, 2, 3) ON CONFLICT (a) DO UPDATE SET (c, b) = (7, 8)",
                "INSERT INTO u VALUES (1, 2, 3) ON CONFLICT (a) DO UPDATE SET (c, b) = (SELECT 1)",
                "SELECT * FROM u");
    }

    @Test
    void randomRowValueExpressionsAgreeWithSqlite() throws Exception {
        long seed = ReplaySeed.announce("RowValueTests");
        Random r = new Random(seed);
        List<String> script = new ArrayList<>();
        script.add("CREATE TABLE r(i INTEGER, x TEXT, y REAL, z)");
        StringBuilder ins = new StringBuilder("INSERT INTO r VALUES ");
        for (int i = 0; i < 8; i++) {
            ins.append(i == 0 ? "" : ", ").append('(').append(value(r)).append(", ").append(value(r)).append(", ")
                    .append(value(r)).append(", ").append(value(r)).append(')');
        }
        script.add(ins.toString());
        String[] ops = {"=", "<>", "<", "<=", ">", ">=", "IS", "IS NOT"};
        String[] cols = {"i", "x", "y", "z"};
        for (int q = 0; q < 80; q++) {
            int w = 2 + r.nextInt(2);
            String lhs = row(r, w, cols);
            String expr = switch (r.nextInt(5)) {
                case 0, 1 -> lhs + " " + ops[r.nextInt(ops.length)] + " " + row(r, w, cols);
                case 2 -> {
                    StringBuilder sb = new StringBuilder(lhs).append(r.nextBoolean() ? " NOT IN (" : " IN (");
                    int n = 1 + r.nextInt(3);
                    for (int k = 0; k < n; k++) {
                        sb.append(k == 0 ? "" : ", ").append(row(r, w, cols));
                    }
                    yield sb.append(')').toString();
                }
                case 3 -> lhs + (r.nextBoolean() ? " NOT IN" : " IN") + " (SELECT " + String.join(", ",
                        pick(r, w, cols)) + " FROM r AS o WHERE o.i IS NOT " + value(r) + ")";
                default -> lhs + " BETWEEN " + row(r, w, cols) + " AND " + row(r, w, cols);
            };
            script.add("SELECT rowid, " + expr + " FROM r ORDER BY rowid");
        }
        run(script.toArray(new String[0]));
    }

    private static String row(Random r, int w, String[] cols) {
        StringBuilder sb = new StringBuilder("(");
        for (int i = 0; i < w; i++) {
            sb.append(i == 0 ? "" : ", ").append(r.nextInt(3) == 0 ? value(r) : cols[r.nextInt(cols.length)]);
        }
        return sb.append(')').toString();
    }

    private static List<String> pick(Random r, int w, String[] cols) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < w; i++) {
            out.add("o." + cols[r.nextInt(cols.length)]);
        }
        return out;
    }

    private static String value(Random r) {
        return switch (r.nextInt(6)) {
            case 0 -> "NULL";
            case 1 -> "'" + r.nextInt(3) + "'";
            case 2 -> r.nextInt(3) + ".0";
            case 3 -> "'b'";
            default -> Integer.toString(r.nextInt(3));
        };
    }
}
