package io.onelite.tools;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Random;

import static io.onelite.tools.ShellHarness.assertSameAsSqlite3;

/** Every output mode, with the settings that shape it, printed byte for byte as {@code sqlite3} prints it. */
class ShellOutputModeTests {
    @TempDir
    Path dir;

    /** Values that each mode must render: every storage class and the characters modes escape. */
    private static final String VALUES = """
            CREATE TABLE v(a, b);
            INSERT INTO v VALUES(NULL, 1), (9223372036854775807, -9223372036854775808), (1.0, 2.5), (-1e20, 0.1),
              (1e300, 3.141592653589793), (1e999, -1e999), ('a,b', 'it''s'), ('say "hi"', 'line1
            line2'), ('tab	x', '日本語'), (x'00ff', x'41'), ('', 'é'), ('<&>', 'back\\slash'),
              ('a' || char(13) || char(10) || 'b', char(1) || 'ctl' || char(127)), (' lead', 'trail '),
              ('x|y', 'semi;colon'), (-0.0, 100.0);
            SELECT * FROM v;
            SELECT * FROM v WHERE 0;
            SELECT 1 AS one, 'two' AS "col two", NULL AS "select";
            """;

    private static final List<String> MODES = List.of("list", "csv", "tabs", "ascii", "quote", "tcl", "line", "json",
            "html", "insert", "insert t2", "column", "box", "table", "markdown", "qbox");

    @Test
    void everyModeWithAndWithoutHeadersPrintsAsSqlite3() throws Exception {
        for (String mode : MODES) {
            assertSameAsSqlite3(dir, ".mode " + mode + "\n" + VALUES, "DB");
            assertSameAsSqlite3(dir, ".mode " + mode + "\n.headers on\n.nullvalue NULL\n" + VALUES, "DB");
            assertSameAsSqlite3(dir, ".headers off\n.mode " + mode + "\n" + VALUES, "DB");
        }
    }

    @Test
    void commandLineModeOptionsSetTheModeAndItsSeparatorsAsSqlite3() throws Exception {
        for (String option : List.of("-csv", "-json", "-line", "-box", "-table", "-markdown", "-html", "-column",
                "-list", "-quote", "-tabs", "-ascii")) {
            assertSameAsSqlite3(dir, VALUES, option, "DB");
            assertSameAsSqlite3(dir, VALUES, option, "-header", "-separator", ";", "-newline", "X\n", "-nullvalue", "(null)", "DB");
            assertSameAsSqlite3(dir, VALUES, "-header", option, "-noheader", "DB");
        }
    }

    @Test
    void separatorsAndNullValueApplyWhereSqlite3AppliesThem() throws Exception {
        for (String mode : MODES) {
            assertSameAsSqlite3(dir, ".mode " + mode + "\n.separator ; \\r\\n\n.nullvalue \\tN\n" + VALUES, "-header", "DB");
            // a separator set before .mode: some modes keep it, some replace it
            assertSameAsSqlite3(dir, ".separator '::' 'R'\n.mode " + mode + "\n" + VALUES, "-header", "DB");
        }
        assertSameAsSqlite3(dir, ".mode csv\n.separator |\n" + VALUES, "DB");
    }

    @Test
    void columnarModesAlignWideTextTabsAndLineBreaksAsSqlite3() throws Exception {
        String rows = """
                SELECT '日本語' AS k, 'é' AS e, 'ab' AS "wide 名前";
                SELECT 'x' || char(9) || 'y' AS t, 'p' || char(9) || char(9) || 'q' AS u;
                SELECT 'one' || char(10) || 'two' || char(10) || 'three' AS m, 1 AS n UNION ALL SELECT 'single', 2;
                SELECT 'a' || char(13) || char(10) || 'b' || char(1) || 'c' || char(10) AS c;
                """;
        for (String mode : List.of("column", "box", "table", "markdown", "line")) {
            assertSameAsSqlite3(dir, ".mode " + mode + "\n" + rows, "DB");
            assertSameAsSqlite3(dir, rows, "-" + mode, "-header", "DB");
        }
    }

    @Test
    void widthsWrapAndRightAlignColumnsAsSqlite3() throws Exception {
        String rows = """
                SELECT 'abcdefghijkl' AS a, 'bb' AS b, 'c' AS c, 'hello world this is long text' AS d;
                SELECT printf('%.70c', 'x') AS long, 'short' AS s;
                """;
        for (String mode : List.of("column", "box", "table", "markdown")) {
            assertSameAsSqlite3(dir, ".mode " + mode + "\n.width 5 -6 0 10\n" + rows, "DB");
            assertSameAsSqlite3(dir, ".mode " + mode + "\n.width -3\n" + rows, "DB");
            assertSameAsSqlite3(dir, ".mode " + mode + " --wrap 10\n" + rows, "DB");
            assertSameAsSqlite3(dir, ".mode " + mode + " --wrap 10 --ww\n" + rows, "DB");
            assertSameAsSqlite3(dir, ".mode " + mode + " --wrap 8 --wordwrap on --quote\n" + VALUES, "DB");
            // the command-line option does not wrap; .mode without options wraps at 60
            assertSameAsSqlite3(dir, rows, "-" + mode, "DB");
        }
    }

    @Test
    void modeWithoutArgumentsReportsTheModeAndResetsColumnOptionsAsSqlite3() throws Exception {
        assertSameAsSqlite3(dir, """
                .mode
                .mode box --wrap 5 --quote
                .mode
                SELECT 'abcdefghij' AS a;
                .mode insert foo
                .mode
                .mode nosuch
                .mode tabs
                .mode
                .mode qb
                .mode c
                .mode
                .mode t
                .mode
                .mode tab
                .mode
                .mode li
                .mode
                .mode m
                .mode
                .mode column
                .mode list
                SELECT 1 AS headers_stay_on;
                """, "DB");
    }

    @Test
    void realsPrintWithSqlite3sDigitsInEveryMode() throws Exception {
        String reals = """
                CREATE TABLE r(x REAL);
                INSERT INTO r VALUES (0.1), (0.3), (1.5e-7), (123456789012345678.0), (9.2233720368547758e18),
                  (-9223372036854775808.0), (2.2250738585072014e-308), (4.9e-324), (1.7976931348623157e308),
                  (57.7), (955.19), (1e-5), (99999999999999999999.0), (6.02214076e23), (-273.15), (1e15), (1e16);
                SELECT x FROM r;
                """;
        for (String mode : List.of("list", "quote", "insert", "json", "line", "box")) {
            assertSameAsSqlite3(dir, ".mode " + mode + "\n" + reals, "DB");
        }
    }

    @Test
    void realsPrintWithSqlite3sDigitsForRandomDoubles() throws Exception {
        // m * 2^e is exact in both shells, so any difference is in the printing of %!.20g
        long seed = new Random().nextLong();
        System.out.println("realsPrintWithSqlite3sDigitsForRandomDoubles seed " + seed);
        Random random = new Random(seed);
        StringBuilder sql = new StringBuilder(".mode quote\nSELECT x FROM (");
        for (int i = 0; i < 500; i++) {
            long m = random.nextLong() >> (11 + random.nextInt(40));
            int e = random.nextInt(i % 2 == 0 ? 120 : 2000) - (i % 2 == 0 ? 60 : 1000);
            sql.append(i == 0 ? "" : " UNION ALL ").append("SELECT ").append(m).append(" * pow(2.0, ").append(e).append(") AS x");
        }
        assertSameAsSqlite3(dir, sql.append(");\n").toString(), "DB");
    }

    @Test
    void insertModeQuotesTheNamesSqlite3Quotes() throws Exception {
        StringBuilder sql = new StringBuilder();
        List<String> names = new java.util.ArrayList<>();
        for (io.onelite.sql.TokenType t : io.onelite.sql.TokenType.values()) {
            if (t.isKeyword()) {
                names.add(t.name()); // SQLite's 147 keywords
            }
        }
        names.addAll(List.of("plain", "_x", "x1", "1x", "a b", "rowid", "oid", "true", "false", "t", "é", "a\"b", "MixedCase", "select2"));
        for (String name : names) {
            sql.append(".mode insert '").append(name).append("'\nSELECT 1 AS '").append(name).append("';\n");
        }
        assertSameAsSqlite3(dir, sql.toString(), "-header", "DB");
    }

    @Test
    void explainQueryPlanDrawsSqlite3sTreeInEveryMode() throws Exception {
        String plans = """
                CREATE TABLE t(a, b);
                CREATE INDEX ta ON t(a);
                EXPLAIN QUERY PLAN SELECT * FROM t WHERE a = 1;
                explain query plan SELECT * FROM t AS x, t AS y WHERE x.a = y.b;
                """;
        for (String mode : List.of("list", "box", "csv", "json", "line")) {
            assertSameAsSqlite3(dir, ".mode " + mode + "\n" + plans, "-header", "DB");
        }
    }

    @Test
    void aNestedQueryPlanIsDrawnAsSqlite3DrawsIt() throws Exception {
        // the engine gives no rows for a compound's plan yet, so our printer gets sqlite3's rows
        // for this statement (id, parent, detail) and must draw them as sqlite3 does
        String sql = "CREATE TABLE t(a, b); CREATE INDEX ta ON t(a);"
                + " EXPLAIN QUERY PLAN SELECT a FROM t UNION ALL SELECT b FROM t";
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        ShellSink sink = new ShellSink(new java.io.PrintStream(bytes, true, java.nio.charset.StandardCharsets.UTF_8));
        QueryPlanPrinter printer = new QueryPlanPrinter(sink);
        printer.row(new Object[]{2L, 0L, 0L, "COMPOUND QUERY"});
        printer.row(new Object[]{3L, 2L, 0L, "LEFT-MOST SUBQUERY"});
        printer.row(new Object[]{5L, 3L, 0L, "SCAN t USING COVERING INDEX ta"});
        printer.row(new Object[]{7L, 2L, 0L, "UNION ALL"});
        printer.row(new Object[]{10L, 7L, 0L, "SCAN t"});
        printer.finish();
        org.assertj.core.api.Assertions.assertThat(bytes.toString(java.nio.charset.StandardCharsets.UTF_8))
                .isEqualTo(ShellHarness.sqlite3("", ":memory:", sql).out());
    }
}
