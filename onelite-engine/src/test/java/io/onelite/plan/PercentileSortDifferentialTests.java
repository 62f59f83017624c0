package io.onelite.plan;

import org.junit.jupiter.api.Test;

import static io.onelite.plan.ScenarioTests.run;

/**
 * Against native SQLite: which of equal zeros (0.0 and -0.0, equal as C compares them)
 * percentile_disc, percentile and median return is where SQLite's own quicksort in percentile.c
 * leaves them, not the total order that sorts every -0.0 first ({@code AggregateDifferentialTests}
 * seed 900322: percentile_disc(x, 0.5) was -0.0 here, 0.0 in SQLite).
 */
class PercentileSortDifferentialTests {
    /** Each pick with its sign: atan2(0.0, -1) is pi, atan2(-0.0, -1) is -pi. */
    private static String pick(String where) {
        return "SELECT " + sign("percentile_disc(x, 0.5)") + ", " + sign("percentile_disc(x, 0.3)") + ", "
                + sign("percentile_disc(x, 0.7)") + ", " + sign("median(x)") + ", " + sign("percentile(x, 40)")
                + " FROM t WHERE " + where;
    }

    private static String sign(String v) {
        return v + ", atan2(" + v + ", -1) > 0";
    }

    @Test
    void equalZerosComeOutWhereSqlitesQuicksortLeavesThem() throws Exception {
        run("CREATE TABLE t(id INTEGER PRIMARY KEY, g, x)",
                "INSERT INTO t(g, x) VALUES (1, NULL), (1, -583763783.0), (1, 0.0), (1, 246696235.0),"
                        + " (1, -5.243063258865243E-202), (1, NULL), (1, -0.0), (1, -4.6116860184273879E18),"
                        + " (1, 1048576.0), (1, 0.0)",
                "INSERT INTO t(g, x) VALUES (2, 0.0), (2, -0.0), (2, 3.0), (2, -1.0), (2, 0.0), (2, -0.0),"
                        + " (2, 2.0), (2, -0.0), (2, 0.0)",
                "INSERT INTO t(g, x) VALUES (3, 5.0), (3, -0.0), (3, 0.0), (3, -0.0), (3, -2.0), (3, 0.0),"
                        + " (3, 0.0), (3, -0.0), (3, 1.0), (3, -0.0), (3, 0.0), (3, -3.0), (3, 0.0)",
                pick("g = 1"), pick("g = 2"), pick("g = 3"), pick("g >= 2"), pick("g <= 3"),
                "SELECT g, " + sign("percentile_disc(x, 0.5)") + " FROM t GROUP BY g ORDER BY g");
    }
}
