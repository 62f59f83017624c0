package io.onelite.exec.func;

import io.onelite.common.OneLiteException;
import io.onelite.exec.value.NativeOracle;
import io.onelite.exec.value.ValueGen;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** Aggregates (plain and as sliding-window functions) against native SQLite on random groups. */
class AggregateDifferentialTests extends OracleTests {
    @BeforeEach
    void createTable() {
        oracle.nativeDb.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, x, s)");
    }

    static final String[][] AGGS = {
        {"count", "*"}, {"count", "x"}, {"sum", "x"}, {"total", "x"}, {"avg", "x"}, {"min", "x"}, {"max", "x"},
        {"group_concat", "x"}, {"group_concat", "x, s"}, {"string_agg", "x, s"},
        // SQLite's percentile extension, built into sqlite-jdbc's SQLite
        {"median", "x"}, {"percentile", "x, 25"}, {"percentile", "x, 100"}, {"percentile_cont", "x, 0.9"},
        {"percentile_disc", "x, 0.5"}, {"percentile_disc", "x, 0"},
    };

    private List<Object[]> fill(Random random, ValueGen gen, int n, boolean numeric) {
        oracle.nativeDb.execute("DELETE FROM t");
        List<Object[]> rows = new ArrayList<>();
        try (PreparedStatement ps = oracle.nativeDb.connection().prepareStatement("INSERT INTO t VALUES (?,?,?)")) {
            for (int i = 0; i < n; i++) {
                Object x = numeric ? (random.nextInt(5) == 0 ? null : random.nextBoolean() ? gen.integer() : gen.real())
                        : gen.finiteAny();
                if (numeric && random.nextInt(3) > 0 && x instanceof Long l) {
                    x = l % 1000; // mostly small integers, sometimes near the limits
                }
                if (x instanceof byte[] b && !ScalarFunctionDifferentialTests.validUtf8(b)) {
                    x = gen.text().getBytes(java.nio.charset.StandardCharsets.UTF_8); // see compat.md
                }
                Object s = random.nextInt(4) == 0 ? null : gen.text();
                ps.setLong(1, i);
                NativeOracle.bind(ps, 2, x);
                NativeOracle.bind(ps, 3, s);
                ps.executeUpdate();
                rows.add(new Object[] {x, s});
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return rows;
    }

    private static Object[] argsOf(String argSpec, Object[] row) {
        return switch (argSpec) {
            case "*" -> new Object[0];
            case "x" -> new Object[] {row[0]};
            case "x, s" -> new Object[] {row[0], row[1]};
            default -> new Object[] {row[0], io.onelite.exec.value.SqlValues.toNumeric(argSpec.substring(3))}; // x, a constant
        };
    }

    @Test
    void aggregatesMatchNativeSqlite() {
        Random random = new Random(FunctionOracle.seed());
        ValueGen gen = new ValueGen(random);
        for (int round = 0; round < 300; round++) {
            List<Object[]> rows = fill(random, gen, random.nextInt(12), round % 2 == 0);
            for (String[] agg : AGGS) {
                String sql = agg[0] + "(" + agg[1] + ")";
                NativeOracle.Result expected = oracle.nativeDb.query("SELECT typeof(v), v FROM (SELECT " + sql + " AS v FROM t)");
                Object actual = null;
                String error = null;
                try {
                    AggregateFunction f = Functions.aggregate(agg[0], agg[1].equals("*") ? 0 : agg[1].split(",").length);
                    AggregateFunction.Accumulator acc = f.start();
                    for (Object[] row : rows) {
                        acc.step(argsOf(agg[1], row));
                    }
                    actual = acc.value();
                } catch (OneLiteException e) {
                    error = e.getMessage();
                }
                oracle.record(sql + " over " + rows.size() + " rows", rows.stream().map(r -> r[0]).toArray(),
                        expected, actual, error);
            }
        }
        assertThat(oracle.failures).isEmpty();
    }

    @Test
    void aggregatesAsSlidingWindowsMatchNativeSqlite() {
        Random random = new Random(FunctionOracle.seed());
        ValueGen gen = new ValueGen(random);
        for (int round = 0; round < 150; round++) {
            List<Object[]> rows = fill(random, gen, 1 + random.nextInt(10), true);
            int preceding = random.nextInt(4) - 1;
            int following = random.nextInt(4) - 1;
            String frame = "ROWS BETWEEN " + (preceding < 0 ? "UNBOUNDED" : preceding) + " PRECEDING AND "
                    + (following < 0 ? "UNBOUNDED" : following) + " FOLLOWING";
            long[] keys = new long[rows.size()];
            for (int i = 0; i < keys.length; i++) {
                keys[i] = i;
            }
            for (String[] agg : AGGS) {
                String sql = agg[0] + "(" + agg[1] + ") OVER (ORDER BY id " + frame + ")";
                List<Object[]> argRows = new ArrayList<>();
                for (Object[] row : rows) {
                    argRows.add(argsOf(agg[1], row));
                }
                AggregateFunction f = Functions.aggregate(agg[0], agg[1].equals("*") ? 0 : agg[1].split(",").length);
                Object[] ours = null;
                String error = null;
                try {
                    ours = Functions.windowOf(f).evaluate(new TestPartition(argRows, keys, preceding, following));
                } catch (OneLiteException e) {
                    error = e.getMessage();
                }
                compareWindow(sql, ours, error);
            }
        }
        assertThat(oracle.failures).isEmpty();
    }

    /** Compares a window expression over t (ORDER BY id) row by row. */
    void compareWindow(String windowExpr, Object[] ours, String error) {
        List<NativeOracle.Result> expected = new ArrayList<>();
        try (PreparedStatement ps = oracle.nativeDb.connection().prepareStatement(
                "SELECT typeof(v), v FROM (SELECT id, " + windowExpr + " AS v FROM t) ORDER BY id");
             ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                String type = rs.getString(1);
                expected.add(NativeOracle.Result.of(switch (type) {
                    case "integer" -> rs.getLong(2);
                    case "real" -> rs.getDouble(2);
                    case "text" -> rs.getString(2);
                    case "blob" -> rs.getBytes(2);
                    default -> null;
                }));
            }
        } catch (SQLException e) {
            oracle.record(windowExpr, new Object[0], NativeOracle.Result.failure(e.getMessage().replaceAll("^\\[SQLITE_\\w+][^(]*\\((.*)\\)$", "$1")),
                    null, error);
            return;
        }
        for (int i = 0; i < expected.size(); i++) {
            oracle.record(windowExpr + " row " + i, new Object[0], expected.get(i), ours == null ? null : ours[i], error);
        }
    }
}
