package io.onelite.plan;

import io.onelite.testing.ReplaySeed;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static io.onelite.plan.ScenarioTests.run;

/** Window frames: RANGE with offsets, EXCLUDE, and SQLite's frame errors, compared with native SQLite. */
class WindowFrameTests {

    private static final String[] SETUP = {
        "CREATE TABLE t(id INTEGER PRIMARY KEY, x, y, p)",
        "INSERT INTO t VALUES (1, 1, 'a', 1), (2, 2, 'b', 1), (3, 2, 'c', 1), (4, 5, 'd', 1), (5, NULL, 'e', 1),"
                + " (6, 7.5, 'f', 1), (7, NULL, 'g', 2), (8, 3, 'h', 2), (9, 'txt', 'i', 1), (10, 4, 'j', 2)",
    };

    private static void scenario(String... statements) throws Exception {
        List<String> all = new ArrayList<>(List.of(SETUP));
        all.addAll(List.of(statements));
        run(all.toArray(new String[0]));
    }

    private static String over(String window) {
        return "SELECT id, x, group_concat(y, '') OVER (" + window + ") FROM t ORDER BY id";
    }

    @Test
    void rangeOffsetsFollowNumericOrderAndNulls() throws Exception {
        scenario(over("ORDER BY x RANGE BETWEEN 1 PRECEDING AND 2 FOLLOWING"),
                over("ORDER BY x DESC RANGE BETWEEN 1 PRECEDING AND 2 FOLLOWING"),
                over("PARTITION BY p ORDER BY x RANGE BETWEEN 1.5 PRECEDING AND CURRENT ROW"),
                over("ORDER BY x NULLS LAST RANGE BETWEEN 2 PRECEDING AND 0 FOLLOWING"),
                over("ORDER BY x DESC NULLS FIRST RANGE BETWEEN 1 PRECEDING AND 3 FOLLOWING"),
                over("ORDER BY x DESC NULLS LAST RANGE BETWEEN 1 PRECEDING AND 3 FOLLOWING"),
                over("ORDER BY x RANGE BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING"),
                over("ORDER BY x RANGE BETWEEN 1 FOLLOWING AND 3 FOLLOWING"),
                over("ORDER BY x RANGE BETWEEN 2 FOLLOWING AND 1 FOLLOWING"),
                over("ORDER BY x RANGE 2 PRECEDING"),
                over("ORDER BY x RANGE BETWEEN '1' PRECEDING AND CURRENT ROW"),
                over("ORDER BY x RANGE BETWEEN 0 PRECEDING AND 0 FOLLOWING"),
                over("ORDER BY x RANGE BETWEEN 9223372036854775807 PRECEDING AND 9223372036854775807 FOLLOWING"),
                over("ORDER BY x RANGE BETWEEN 1e300 PRECEDING AND CURRENT ROW"),
                over("ORDER BY x COLLATE NOCASE RANGE BETWEEN 1 PRECEDING AND CURRENT ROW"),
                "SELECT id, sum(x) OVER (ORDER BY x RANGE BETWEEN 1 PRECEDING AND 1 FOLLOWING) FROM t WHERE x IS NULL");
    }

    @Test
    void excludeLeavesRowsOutOfTheFrame() throws Exception {
        scenario(over("ORDER BY x ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING EXCLUDE CURRENT ROW"),
                over("ORDER BY x ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING EXCLUDE GROUP"),
                over("ORDER BY x ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING EXCLUDE TIES"),
                over("ORDER BY x ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING EXCLUDE NO OTHERS"),
                over("ORDER BY x GROUPS BETWEEN 1 PRECEDING AND 1 FOLLOWING EXCLUDE TIES"),
                over("ORDER BY x GROUPS BETWEEN 1 FOLLOWING AND 1 FOLLOWING EXCLUDE GROUP"),
                over("ORDER BY x RANGE BETWEEN 1 PRECEDING AND 1 FOLLOWING EXCLUDE GROUP"),
                over("ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING EXCLUDE TIES"),
                over("PARTITION BY p ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW EXCLUDE CURRENT ROW"),
                "SELECT id, first_value(y) OVER (ORDER BY x ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING EXCLUDE CURRENT ROW),"
                        + " last_value(y) OVER (ORDER BY x GROUPS BETWEEN 1 PRECEDING AND 1 FOLLOWING EXCLUDE GROUP),"
                        + " nth_value(y, 2) OVER (ORDER BY x RANGE BETWEEN 1 PRECEDING AND 2 FOLLOWING EXCLUDE TIES)"
                        + " FROM t ORDER BY id",
                "SELECT id, count(*) OVER w, sum(x) OVER w, max(y) OVER w FROM t"
                        + " WINDOW w AS (ORDER BY x RANGE BETWEEN 2 PRECEDING AND 2 FOLLOWING EXCLUDE CURRENT ROW) ORDER BY id");
    }

    @Test
    void invalidFramesReportSqlitesErrors() throws Exception {
        scenario(over("ORDER BY x, y RANGE 2 PRECEDING"), over("RANGE 2 PRECEDING"),
                "SELECT sum(x) OVER (ORDER BY x, y RANGE BETWEEN 1 PRECEDING AND CURRENT ROW) FROM t WHERE 0",
                over("ORDER BY x RANGE BETWEEN 'a' PRECEDING AND CURRENT ROW"),
                over("ORDER BY x RANGE BETWEEN -1 PRECEDING AND CURRENT ROW"),
                over("ORDER BY x RANGE BETWEEN CURRENT ROW AND -1 FOLLOWING"),
                over("ORDER BY x RANGE BETWEEN NULL PRECEDING AND CURRENT ROW"),
                over("ORDER BY x RANGE BETWEEN x PRECEDING AND CURRENT ROW"),
                over("ORDER BY x RANGE BETWEEN (SELECT 1) PRECEDING AND CURRENT ROW"),
                over("ORDER BY x ROWS BETWEEN -1 PRECEDING AND CURRENT ROW"),
                over("ORDER BY x ROWS BETWEEN 1.5 PRECEDING AND CURRENT ROW"),
                over("ORDER BY x ROWS BETWEEN CURRENT ROW AND -1 FOLLOWING"),
                over("ORDER BY x GROUPS BETWEEN 'a' PRECEDING AND CURRENT ROW"),
                over("ORDER BY x ROWS BETWEEN 1 FOLLOWING AND CURRENT ROW"),
                over("ORDER BY x ROWS BETWEEN CURRENT ROW AND 1 PRECEDING"),
                over("ORDER BY x RANGE BETWEEN 1 FOLLOWING AND 1 PRECEDING"),
                "SELECT sum(x) OVER (ORDER BY x ROWS BETWEEN CURRENT ROW AND 1 PRECEDING) FROM t WHERE 0",
                over("ORDER BY x ROWS BETWEEN CURRENT ROW AND UNBOUNDED PRECEDING"),
                over("ORDER BY x ROWS BETWEEN UNBOUNDED FOLLOWING AND CURRENT ROW"));
    }

    @Test
    void randomFramesAgreeWithSqlite() throws Exception {
        long seed = ReplaySeed.announce("WindowFrameTests");
        Random r = new Random(seed);
        List<String> script = new ArrayList<>();
        script.add("CREATE TABLE w(id INTEGER PRIMARY KEY, g INT, v, s TEXT)");
        StringBuilder ins = new StringBuilder("INSERT INTO w VALUES ");
        for (int i = 1; i <= 14; i++) {
            String v = switch (r.nextInt(7)) {
                case 0 -> "NULL";
                case 1 -> r.nextInt(6) + ".5";
                case 2 -> "'t" + r.nextInt(2) + "'";
                default -> Integer.toString(r.nextInt(8) - 2);
            };
            ins.append(i == 1 ? "" : ", ").append('(').append(i).append(", ").append(r.nextInt(2)).append(", ")
                    .append(v).append(", '").append((char) ('a' + i)).append("')");
        }
        script.add(ins.toString());
        String[] units = {"ROWS", "RANGE", "GROUPS"};
        String[] excludes = {"", " EXCLUDE NO OTHERS", " EXCLUDE CURRENT ROW", " EXCLUDE GROUP", " EXCLUDE TIES"};
        String[] functions = {"group_concat(s, '')", "sum(v)", "count(*)", "first_value(s)", "last_value(s)",
            "nth_value(s, 2)", "max(v)", "avg(v)"};
        for (int q = 0; q < 60; q++) {
            int a = r.nextInt(4);
            int b = a + r.nextInt(5 - a);
            if (a == 3 && b == 3 && r.nextBoolean()) {
                b = 4;
            }
            String order = r.nextInt(5) == 0 ? "" : " ORDER BY v" + (r.nextBoolean() ? " DESC" : "")
                    + (r.nextInt(3) == 0 ? (r.nextBoolean() ? " NULLS FIRST" : " NULLS LAST") : "");
            String frame = units[r.nextInt(3)] + " BETWEEN " + bound(r, a) + " AND " + bound(r, b)
                    + excludes[r.nextInt(excludes.length)];
            String part = r.nextBoolean() ? "PARTITION BY g" : "";
            script.add("SELECT id, " + functions[r.nextInt(functions.length)] + " OVER (" + part + order + " " + frame
                    + ") FROM w ORDER BY id");
        }
        run(script.toArray(new String[0]));
    }

    private static String bound(Random r, int kind) {
        return switch (kind) {
            case 0 -> "UNBOUNDED PRECEDING";
            case 1 -> (r.nextInt(4) == 0 ? r.nextInt(3) + ".5" : Integer.toString(r.nextInt(4))) + " PRECEDING";
            case 2 -> "CURRENT ROW";
            case 3 -> (r.nextInt(4) == 0 ? r.nextInt(3) + ".5" : Integer.toString(r.nextInt(4))) + " FOLLOWING";
            default -> "UNBOUNDED FOLLOWING";
        };
    }
}
