package io.onelite.jdbc;

import io.onelite.api.FunctionDefinition;
import io.onelite.api.UserFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Application-defined functions on both drivers: the same {@link FunctionDefinition}s,
 * registered through {@code org.sqlite.Function} on native SQLite ({@link NativeFunctions}) and
 * through {@link OneLiteConnection} here, give the same rows and errors. Covers name resolution
 * (exact count before -1, before the built-ins; case), REGEXP, aggregates and window functions,
 * SQLite's refusal of non-deterministic functions in schema expressions, and views, triggers,
 * CHECK constraints and indexes that call a function, on the connection that registered it and on
 * one that did not.
 */
class UserFunctionsDifferentialTests {
    @TempDir
    Path dir;

    static final FunctionDefinition REGEXP = FunctionDefinition.scalar("regexp", 2, true, a ->
            a[0] == null || a[1] == null ? null
                    : Pattern.compile(UserFunction.text(a[0])).matcher(UserFunction.text(a[1])).find());
    static final FunctionDefinition TWICE = FunctionDefinition.scalar("twice", 1, true,
            a -> a[0] == null ? null : UserFunction.integer(a[0]) * 2);
    static final FunctionDefinition PLUS_ONE = FunctionDefinition.scalar("plus_one", 1, false,
            a -> a[0] == null ? null : UserFunction.integer(a[0]) + 1);
    /** A sum that may not be used with OVER. */
    static final FunctionDefinition TOTAL_LEN = FunctionDefinition.aggregate("total_len", 1, true,
            () -> new UserFunction.Accumulator() {
                long n;

                @Override
                public void step(Object[] args) {
                    n += args[0] == null ? 0 : UserFunction.text(args[0]).length();
                }

                @Override
                public Object finish() {
                    return n;
                }
            });
    /** A windowed sum whose final value (used without OVER) is the sum times 1000, to tell xFinal from xValue. */
    static final FunctionDefinition WSUM = FunctionDefinition.window("wsum", 1, true,
            () -> new UserFunction.WindowAccumulator() {
                long sum;

                @Override
                public void step(Object[] args) {
                    sum += UserFunction.integer(args[0]);
                }

                @Override
                public void inverse(Object[] args) {
                    sum -= UserFunction.integer(args[0]);
                }

                @Override
                public Object value() {
                    return sum;
                }

                @Override
                public Object finish() {
                    return sum * 1000;
                }
            });

    /** One line per statement (rows, update count or error) on a connection with {@code functions}. */
    static List<String> run(String url, List<FunctionDefinition> functions, String... script) throws SQLException {
        try (Connection c = Drivers.open(url)) {
            for (FunctionDefinition f : functions) {
                NativeFunctions.register(c, f);
            }
            return run(c, script);
        }
    }

    static List<String> run(Connection c, String... script) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Statement s = c.createStatement()) {
            for (String sql : script) {
                out.add(sql + " -> " + WithoutRowidDifferentialTests.outcome(s, sql));
            }
        }
        return out;
    }

    static void assertSame(List<FunctionDefinition> functions, String... script) throws SQLException {
        assertThat(run(Drivers.ONELITE, functions, script))
                .containsExactlyElementsOf(run(Drivers.NATIVE, functions, script));
    }

    @Test
    void scalarFunctionsReturnTheirValuesAndWrongArgumentCountsFailAsNative() throws SQLException {
        assertSame(List.of(TWICE, PLUS_ONE, FunctionDefinition.scalar("kinds", -1, true, a -> {
                    StringBuilder sb = new StringBuilder();
                    for (Object v : a) {
                        sb.append(v == null ? "null" : v.getClass().getSimpleName()).append(' ');
                    }
                    return sb.toString().trim();
                })),
                "SELECT twice(21), twice('4'), twice(NULL), twice(2.9), plus_one(1)",
                "SELECT kinds(1, 2.5, 'x', x'00', NULL), kinds()",
                "SELECT TWICE(1), Twice(2)",
                "SELECT twice()",
                "SELECT twice(1, 2)",
                "SELECT no_such(1)",
                "SELECT twice(1) FILTER (WHERE 1)",
                "SELECT twice(1 ORDER BY 1)",
                "SELECT twice(1) OVER ()");
    }

    @Test
    void resultsConvertAsSqliteJdbcDoes() throws SQLException {
        assertSame(List.of(FunctionDefinition.scalar("yes", 0, true, a -> true),
                        FunctionDefinition.scalar("int_value", 0, true, a -> 7),
                        FunctionDefinition.scalar("real_value", 0, true, a -> 1.5),
                        FunctionDefinition.scalar("nan_value", 0, true, a -> Double.NaN),
                        FunctionDefinition.scalar("blob_value", 0, true, a -> new byte[] {1, 2}),
                        FunctionDefinition.scalar("null_value", 0, true, a -> null)),
                "SELECT yes(), typeof(yes()), int_value(), typeof(int_value()), real_value(), typeof(real_value())",
                "SELECT nan_value(), typeof(nan_value()), hex(blob_value()), typeof(blob_value()), typeof(null_value())");
    }

    @Test
    void regexpOperatorCallsTheRegexpFunction() throws SQLException {
        String[] script = {"SELECT 'abc' REGEXP 'b', 'abc' NOT REGEXP 'b', 'abc' regexp '^b', NULL REGEXP 'a'",
            "CREATE TABLE t(name)",
            "INSERT INTO t VALUES ('alpha'), ('beta'), ('gamma'), (42)",
            "SELECT name FROM t WHERE name REGEXP '^[ab]' OR name REGEXP '2$' ORDER BY name"};
        assertSame(List.of(REGEXP), script);
        assertSame(List.of(), "SELECT 'abc' REGEXP 'b'", "SELECT 'abc' regexp 'b'");
    }

    @Test
    void anApplicationFunctionOverridesTheBuiltInAndMinusOneActsForAnyCount() throws SQLException {
        assertSame(List.of(FunctionDefinition.scalar("length", 1, true, a -> 42),
                        FunctionDefinition.scalar("upper", -1, true, a -> "n=" + a.length),
                        FunctionDefinition.scalar("pick", -1, true, a -> "any"),
                        FunctionDefinition.scalar("pick", 2, true, a -> "two"),
                        FunctionDefinition.scalar("max", 1, true, a -> "scalar max")),
                "SELECT length('abc'), length(x'00'), upper('a'), upper('a', 'b'), upper()",
                "SELECT pick(1), pick(1, 2), pick(1, 2, 3), pick()",
                "SELECT max(x) FROM (SELECT 1 AS x UNION ALL SELECT 5) ORDER BY 1",
                "SELECT max(1, 2), substr('abc', 2), lower('A')");
    }

    @Test
    void aggregatesStartAFreshAccumulatorPerGroupAndRefuseOver() throws SQLException {
        assertSame(List.of(TOTAL_LEN, WSUM),
                "CREATE TABLE t(g, s)",
                "INSERT INTO t VALUES (1, 'a'), (1, 'bcd'), (2, 'xy'), (2, NULL), (3, 'a'), (3, 'a')",
                "SELECT g, total_len(s) FROM t GROUP BY g ORDER BY g",
                "SELECT total_len(s) FROM t",
                "SELECT total_len(s) FROM t WHERE g > 5",
                "SELECT g, total_len(DISTINCT s) FROM t GROUP BY g ORDER BY g",
                "SELECT g FROM t GROUP BY g HAVING total_len(s) > 2 ORDER BY g",
                "SELECT total_len(s) FILTER (WHERE g = 1) FROM t",
                "SELECT total_len(s) OVER () FROM t",
                "SELECT total_len(*) FROM t",
                "SELECT wsum(g) FROM t",
                "SELECT wsum(g) FROM t WHERE g > 5");
    }

    @Test
    void windowFunctionsSlideTheirFrameWithInverse() throws SQLException {
        assertSame(List.of(WSUM),
                "CREATE TABLE t(x)",
                "INSERT INTO t VALUES (1), (2), (3), (4), (5)",
                "SELECT x, wsum(x) OVER (ORDER BY x ROWS 1 PRECEDING) FROM t",
                "SELECT x, wsum(x) OVER (ORDER BY x ROWS BETWEEN 1 FOLLOWING AND 2 FOLLOWING) FROM t",
                "SELECT x, wsum(x) OVER (ORDER BY x) FROM t",
                "SELECT x, wsum(x) OVER (PARTITION BY x % 2 ORDER BY x) FROM t ORDER BY x",
                "SELECT x, wsum(x) OVER (ORDER BY x RANGE BETWEEN 1 PRECEDING AND 1 FOLLOWING) FROM t",
                "SELECT x, wsum(x) OVER (ORDER BY x GROUPS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING) FROM t");
    }

    @Test
    void nonDeterministicFunctionsAreRefusedInIndexesAndGeneratedColumnsButNotInChecks() throws SQLException {
        assertSame(List.of(TWICE, PLUS_ONE),
                "CREATE TABLE t(a, b)",
                "CREATE INDEX i1 ON t(plus_one(a))",
                "CREATE INDEX i2 ON t(a) WHERE plus_one(b) > 0",
                "CREATE INDEX i3 ON t(abs(random()))",
                "CREATE INDEX i4 ON t(a) WHERE changes() > 0",
                "CREATE INDEX i5 ON t(twice(a))",
                "CREATE INDEX i6 ON t(a) WHERE twice(b) > 0",
                "CREATE TABLE g1(a, b AS (plus_one(a)))",
                "CREATE TABLE g2(a, b AS (twice(a)))",
                "CREATE TABLE c1(x CHECK (plus_one(x) > 0))",
                "INSERT INTO c1 VALUES (1)",
                "INSERT INTO c1 VALUES (-5)",
                "INSERT INTO g2(a) VALUES (4)",
                "SELECT * FROM g2",
                "INSERT INTO t VALUES (1, 2), (3, 4)",
                "SELECT a FROM t WHERE twice(a) = 6",
                "EXPLAIN QUERY PLAN SELECT a FROM t WHERE twice(a) = 6",
                "SELECT a FROM t WHERE plus_one(a) = 4",
                "PRAGMA integrity_check");
    }

    @Test
    void aNonDeterministicFunctionRunsForEveryRow() throws SQLException {
        int[] calls = new int[2];
        FunctionDefinition counter = FunctionDefinition.scalar("counter", 0, false, a -> ++calls[0]);
        FunctionDefinition counter2 = FunctionDefinition.scalar("counter2", 0, false, a -> ++calls[1]);
        String[] script = {"CREATE TABLE t(x)", "INSERT INTO t VALUES (1), (2), (3)",
            "SELECT x, counter() FROM t", "SELECT x FROM t WHERE counter2() % 2 = 1",
            "SELECT x FROM t WHERE counter2() % 2 = 1 AND x > 0 ORDER BY x",
            "SELECT a.x, b.x FROM t AS a, t AS b WHERE counter2() % 3 = 0 ORDER BY 1, 2"};
        List<String> oneLite = run(Drivers.ONELITE, List.of(counter, counter2), script);
        calls[0] = 0;
        calls[1] = 0;
        assertThat(oneLite).containsExactlyElementsOf(run(Drivers.NATIVE, List.of(counter, counter2), script));
    }

    /**
     * A view, a trigger, a CHECK constraint and an index call {@code twice()}: they work on the
     * connection that registered it; another connection to the same file fails where it needs
     * the function and reads the rest.
     */
    @Test
    void schemaObjectsUseTheFunctionOnlyWhereItIsRegistered() throws SQLException {
        String[] setup = {"CREATE TABLE t(a CHECK (twice(a) < 100), b)",
            "CREATE TABLE log(x)",
            "CREATE TRIGGER tr AFTER INSERT ON t BEGIN INSERT INTO log VALUES (twice(new.a)); END",
            "CREATE VIEW v AS SELECT a, twice(a) AS d FROM t",
            "CREATE INDEX ix ON t(twice(b))",
            "CREATE TABLE only_trigger(x)",
            "CREATE TRIGGER tr2 AFTER INSERT ON only_trigger BEGIN INSERT INTO log VALUES (twice(new.x)); END",
            "INSERT INTO t VALUES (1, 2)",
            "INSERT INTO t VALUES (60, 2)",
            "INSERT INTO only_trigger VALUES (5)",
            "SELECT * FROM v", "SELECT * FROM log ORDER BY x",
            "SELECT a FROM t WHERE twice(b) = 4"};
        String[] other = {"SELECT * FROM t", "SELECT * FROM v", "SELECT twice(1)", "SELECT a FROM t WHERE twice(b) = 4",
            "INSERT INTO only_trigger VALUES (6)", "INSERT INTO log VALUES (0)", "SELECT * FROM log ORDER BY x"};
        List<List<String>> outcomes = new ArrayList<>();
        for (String url : new String[] {Drivers.ONELITE, Drivers.NATIVE}) {
            String prefix = url.substring(0, url.indexOf(':', 5) + 1);
            String file = prefix + dir.resolve(prefix.contains("onelite") ? "o.db" : "n.db");
            List<String> out = new ArrayList<>();
            try (Connection c = Drivers.open(file); Connection o = Drivers.open(file)) {
                NativeFunctions.register(c, TWICE);
                out.addAll(run(c, setup));
                out.addAll(run(o, other));
            }
            outcomes.add(out);
        }
        assertThat(outcomes.get(0)).containsExactlyElementsOf(outcomes.get(1));
    }

    @Test
    void anExceptionFailsTheStatementWithItsMessage() throws SQLException {
        assertSame(List.of(FunctionDefinition.scalar("fail", 1, true, a -> {
                    throw new IllegalStateException("bad input: " + a[0]);
                }), FunctionDefinition.aggregate("fail_agg", 1, true, () -> new UserFunction.Accumulator() {
                    @Override
                    public void step(Object[] args) throws SQLException {
                        throw new SQLException("step failed");
                    }

                    @Override
                    public Object finish() {
                        return 0;
                    }
                })),
                "CREATE TABLE t(x)",
                "INSERT INTO t VALUES (1), (2)",
                "SELECT fail(x) FROM t",
                "SELECT fail_agg(x) FROM t",
                "INSERT INTO t SELECT fail(3)",
                "SELECT count(*) FROM t");
    }
}
