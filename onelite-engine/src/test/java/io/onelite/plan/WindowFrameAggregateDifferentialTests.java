package io.onelite.plan;

import io.onelite.api.UserFunction;
import io.onelite.jdbc.OneLiteConnection;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static io.onelite.plan.ScenarioTests.run;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Against native SQLite: aggregates over window frames that grow or move. A frame whose start is
 * not UNBOUNDED PRECEDING computes min() and max() through an index of the frame's values in
 * SQLite's window.c, which returns the last to enter of equal extremes ({@code -0.0} and
 * {@code 0.0}, {@code 1} and {@code 1.0}, 'a' and 'A' under NOCASE), where a frame from UNBOUNDED
 * PRECEDING keeps the first (found by {@code AggregateDifferentialTests} with seed 900004). Values
 * are shown through quote() and typeof(), which tell those apart.
 */
class WindowFrameAggregateDifferentialTests {
    private static final String[] FRAMES = {
        "ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING", "ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING",
        "ROWS BETWEEN 2 PRECEDING AND CURRENT ROW", "ROWS BETWEEN 1 FOLLOWING AND 3 FOLLOWING",
        "ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW", "ROWS BETWEEN UNBOUNDED PRECEDING AND 1 FOLLOWING",
        "ROWS UNBOUNDED PRECEDING", "ROWS CURRENT ROW", "RANGE BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING",
        "RANGE BETWEEN 1 PRECEDING AND 1 FOLLOWING", "GROUPS BETWEEN 1 PRECEDING AND CURRENT ROW",
        "ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING EXCLUDE CURRENT ROW",
        "GROUPS BETWEEN 1 PRECEDING AND 1 FOLLOWING EXCLUDE TIES", "ROWS BETWEEN 3 PRECEDING AND 2 PRECEDING",
        "ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING EXCLUDE NO OTHERS", "RANGE CURRENT ROW EXCLUDE GROUP",
        "ROWS BETWEEN 1 PRECEDING AND 2 PRECEDING", "ROWS BETWEEN 2 FOLLOWING AND 1 FOLLOWING",
        "GROUPS BETWEEN 2 FOLLOWING AND 1 FOLLOWING", "RANGE BETWEEN 2 PRECEDING AND 1 PRECEDING"};

    @Test
    void minAndMaxOverAMovingFrameReturnTheLastOfEqualExtremes() throws Exception {
        List<String> script = new ArrayList<>(List.of(
                "CREATE TABLE t(id INTEGER PRIMARY KEY, g INTEGER, k INTEGER, x, s TEXT)",
                "INSERT INTO t VALUES (1, 1, 1, 0.0, 'a'), (2, 1, 1, -0.0, 'A'), (3, 1, 2, 0.0, 'b'),"
                        + " (4, 1, 3, -0.0, 'a'), (5, 2, 1, 1, 'B'), (6, 2, 1, 1.0, 'b'), (7, 2, 2, NULL, NULL),"
                        + " (8, 2, 3, 1, 'A'), (9, 2, 3, 2, 'a'), (10, 2, 4, 1.0, 'c')"));
        for (String frame : FRAMES) {
            for (String over : List.of("ORDER BY id " + frame, "PARTITION BY g ORDER BY k " + frame)) {
                script.add("SELECT id, quote(min(x) OVER w), typeof(min(x) OVER w), quote(max(x) OVER w),"
                        + " typeof(max(x) OVER w), min(s COLLATE NOCASE) OVER w, max(s COLLATE NOCASE) OVER w"
                        + " FROM t WINDOW w AS (" + over + ") ORDER BY id");
            }
        }
        script.add("SELECT id, quote(min(x) OVER (ORDER BY id)), quote(max(x) OVER ()), min(s COLLATE NOCASE)"
                + " OVER (PARTITION BY g) FROM t ORDER BY id");
        run(script.toArray(String[]::new));
    }

    /** Many random rows of tied values, every frame: the sliding queue against SQLite's index. */
    @Test
    void minAndMaxAgreeOnRandomTiesInEveryFrame() throws Exception {
        String[] pool = {"0.0", "-0.0", "0", "1", "1.0", "-1", "-1.0", "'a'", "'A'", "'b'", "NULL", "x'00'", "''"};
        Random random = new Random(20261207);
        List<String> script = new ArrayList<>(List.of("CREATE TABLE t(id INTEGER PRIMARY KEY, k INTEGER, x)"));
        StringBuilder insert = new StringBuilder("INSERT INTO t VALUES ");
        for (int i = 1; i <= 80; i++) {
            insert.append(i > 1 ? ", " : "").append('(').append(i).append(", ").append(random.nextInt(30))
                    .append(", ").append(pool[random.nextInt(pool.length)]).append(')');
        }
        script.add(insert.toString());
        for (String frame : FRAMES) {
            script.add("SELECT id, quote(min(x) OVER w), typeof(min(x) OVER w), quote(max(x) OVER w),"
                    + " typeof(max(x) OVER w), min(x COLLATE NOCASE) OVER w, max(x COLLATE NOCASE) OVER w"
                    + " FROM t WINDOW w AS (ORDER BY k, id " + frame + ") ORDER BY id");
        }
        run(script.toArray(String[]::new));
    }

    /**
     * group_concat keeps its text whole and cuts a leaving value with the separator after it, each
     * row's own separator (lengths that differ, NULL and '' among them). Values here are not '':
     * once SQLite's text is empty (a frame of only '' values) its cuts go wrong (next test).
     */
    @Test
    void groupConcatOverSlidingFrames() throws Exception {
        List<String> script = new ArrayList<>(List.of(
                "CREATE TABLE t(id INTEGER PRIMARY KEY, v, sep)",
                "INSERT INTO t VALUES (1, 'a', '-'), (2, NULL, '+'), (3, 'q', '::'), (4, 'dé', NULL), (5, 3, ''),"
                        + " (6, 2.5, '|'), (7, x'41', ', '), (8, 'z', '-'), (9, NULL, NULL), (10, 'w', '')"));
        for (String frame : FRAMES) {
            script.add("SELECT id, quote(group_concat(v) OVER w), quote(group_concat(v, sep) OVER w),"
                    + " quote(string_agg(v, '') OVER w) FROM t WINDOW w AS (ORDER BY id " + frame + ") ORDER BY id");
        }
        run(script.toArray(String[]::new));
    }

    /**
     * Not SQLite's: its windowed group_concat() counts separator bytes, and once its text has been
     * empty (the frame held only '' values) it cuts bytes of the next value ('dé' loses its 'd',
     * in 3.54.1 too). Here a sliding frame gives what the aggregate gives over the same rows.
     */
    @Test
    void groupConcatOverASlidingFrameIsTheAggregateOverItsRows() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:onelite::memory:"); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, v, sep)");
            s.execute("INSERT INTO t VALUES (1, 'a', '-'), (2, NULL, '+'), (3, '', '::'), (4, 'dé', NULL), (5, 3, ''),"
                    + " (6, '', '|'), (7, x'41', ', '), (8, '', '-'), (9, NULL, NULL), (10, '', '')");
            List<String> windowed = new ArrayList<>();
            List<String> aggregated = new ArrayList<>();
            try (ResultSet rs = s.executeQuery("SELECT quote(group_concat(v) OVER w), quote(group_concat(v, sep) OVER w),"
                    + " (SELECT quote(group_concat(v)) FROM t AS u WHERE u.id BETWEEN t.id - 1 AND t.id + 1),"
                    + " (SELECT quote(group_concat(v, sep)) FROM t AS u WHERE u.id BETWEEN t.id - 1 AND t.id + 1)"
                    + " FROM t WINDOW w AS (ORDER BY id ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING) ORDER BY id")) {
                while (rs.next()) {
                    windowed.add(rs.getString(1) + " " + rs.getString(2));
                    aggregated.add(rs.getString(3) + " " + rs.getString(4));
                }
            }
            assertThat(windowed).isEqualTo(aggregated);
            assertThat(windowed.get(2)).isEqualTo("',dé' 'dé'"); // SQLite 3.51 and 3.54: 'dé' 'dé'
            assertThat(windowed.get(4)).isEqualTo("'dé,3,' 'dé3|'"); // SQLite: 'é,3,' 'dé3|'
        }
    }

    /** The calls a window function gets, as "s3" (step row 3), "i0" (inverse row 0) and "V" (value). */
    private static final StringBuilder CALLS = new StringBuilder();

    /** Native SQLite's side: a window function of sqlite-jdbc that logs its calls. */
    public static final class NativeLog extends org.sqlite.Function.Window {
        @Override
        protected void xStep() throws SQLException {
            CALLS.append('s').append(value_int(0)).append(' ');
        }

        @Override
        protected void xInverse() throws SQLException {
            CALLS.append('i').append(value_int(0)).append(' ');
        }

        @Override
        protected void xValue() throws SQLException {
            CALLS.append("V ");
            result(0);
        }

        @Override
        protected void xFinal() throws SQLException {
            result(0);
        }
    }

    /**
     * An application window function sees xStep and xInverse in SQLite's order for every frame
     * (ROWS, GROUPS, RANGE, each pair of bounds, over unique and tied keys): a frame starting n
     * FOLLOWING steps and inverses in turn (ROWS, GROUPS) or steps first (RANGE), a RANGE frame
     * ending n PRECEDING steps first, others inverse first. Consecutive value calls are counted
     * once (SQLite asks once per peer group).
     */
    @Test
    void windowFunctionCallsComeInSqlitesOrder() throws Exception {
        String[] bounds = {"UNBOUNDED PRECEDING", "2 PRECEDING", "1 PRECEDING", "CURRENT ROW", "1 FOLLOWING",
            "2 FOLLOWING", "UNBOUNDED FOLLOWING"};
        List<String> diffs = new ArrayList<>();
        try (Connection sqlite = DriverManager.getConnection("jdbc:sqlite::memory:");
             Connection onelite = DriverManager.getConnection("jdbc:onelite::memory:")) {
            org.sqlite.Function.create(sqlite, "calls", new NativeLog());
            onelite.unwrap(OneLiteConnection.class).createWindowFunction("calls", 1, true,
                    () -> new UserFunction.WindowAccumulator() {
                        @Override
                        public void step(Object[] args) {
                            CALLS.append('s').append(args[0]).append(' ');
                        }

                        @Override
                        public void inverse(Object[] args) {
                            CALLS.append('i').append(args[0]).append(' ');
                        }

                        @Override
                        public Object value() {
                            CALLS.append("V ");
                            return 0L;
                        }
                    });
            for (Connection c : List.of(sqlite, onelite)) {
                try (Statement s = c.createStatement()) {
                    s.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, k, r, p, v)");
                    int[] v = {0, 0, 1, 2, 2, 5, 6, 9, 9};
                    for (int i = 0; i < 9; i++) {
                        s.execute("INSERT INTO t VALUES (" + i + ", " + i / 2 + ", " + i * 3 / 4 + ", " + i % 2 + ", "
                                + (i < 2 ? "NULL" : v[i]) + ")");
                    }
                }
            }
            int checked = 0;
            for (String over : List.of("ORDER BY id", "ORDER BY k", "ORDER BY r", "PARTITION BY p ORDER BY k")) {
                for (String unit : List.of("ROWS", "GROUPS", "RANGE")) {
                    for (int b1 = 0; b1 < bounds.length - 1; b1++) {
                        for (int b2 = Math.max(b1, 3); b2 < bounds.length; b2++) {
                            // (an end before CURRENT ROW leaves the first frames empty: sqlite-jdbc's xValue
                            // then fails without an aggregate context, so those are left out)
                            compareCalls(sqlite, onelite, "SELECT calls(id) OVER (" + over + " " + unit + " BETWEEN "
                                    + bounds[b1] + " AND " + bounds[b2] + ") FROM t", diffs);
                            checked++;
                        }
                    }
                }
            }
            // RANGE frames ending n PRECEDING: the NULL keys sorted first give the first rows a frame
            String[] offsets = {"3 PRECEDING", "2 PRECEDING", "1 PRECEDING", "CURRENT ROW", "1 FOLLOWING", "2 FOLLOWING"};
            for (String order : List.of("v NULLS FIRST", "v DESC NULLS FIRST")) {
                for (int b1 = 0; b1 < offsets.length; b1++) {
                    for (int b2 = b1; b2 < offsets.length; b2++) {
                        compareCalls(sqlite, onelite, "SELECT calls(id) OVER (ORDER BY " + order + " RANGE BETWEEN "
                                + offsets[b1] + " AND " + offsets[b2] + ") FROM t", diffs);
                        checked++;
                    }
                }
            }
            assertThat(checked).isEqualTo(4 * 3 * 21 + 2 * 21);
        }
        assertThat(diffs).isEmpty();
    }

    /** Adds to {@code diffs} the statement and both call logs when they differ. */
    private static void compareCalls(Connection sqlite, Connection onelite, String sql, List<String> diffs)
            throws SQLException {
        String expected = calls(sqlite, sql);
        String actual = calls(onelite, sql);
        if (!expected.equals(actual)) {
            diffs.add(sql + "\n  sqlite:  " + expected + "\n  onelite: " + actual);
        }
    }

    private static String calls(Connection c, String sql) throws SQLException {
        CALLS.setLength(0);
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                rs.getObject(1);
            }
        }
        return CALLS.toString().replaceAll("(V )+", "V ");
    }
}
