package io.onelite.exec.func;

import io.onelite.common.OneLiteException;
import io.onelite.exec.value.NativeOracle;
import io.onelite.exec.value.ValueGen;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The functions sqlite-jdbc adds from its extension-functions.c (reverse, padl, charindex,
 * stdev, mode, ...) against sqlite-jdbc itself, on random arguments of every storage class.
 */
class ExtensionFunctionDifferentialTests extends OracleTests {
    @BeforeEach
    void createTable() {
        oracle.nativeDb.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, x)");
    }

    /** Names and argument counts; the trigonometric ones compare within a relative 1e-13 (the C library's last bit). */
    static final Object[][] SCALARS = {
        {"reverse", 1}, {"proper", 1}, {"square", 1}, {"padl", 2}, {"padr", 2}, {"padc", 2}, {"replicate", 2},
        {"leftstr", 2}, {"rightstr", 2}, {"charindex", 2}, {"charindex", 3}, {"strfilter", 2}, {"difference", 2},
        {"atn2", 2}, {"cot", 1}, {"coth", 1},
    };

    private static Object arg(Random random, ValueGen gen, int position) {
        if (position > 0 && random.nextBoolean()) {
            return random.nextInt(6) == 0 ? null : (long) (random.nextInt(14) - 3); // counts and start positions
        }
        return switch (random.nextInt(4)) {
            case 0 -> words(random);
            case 1 -> gen.text();
            default -> gen.any();
        };
    }

    private static String words(Random random) {
        String[] parts = {"hello", "WORLD", "Robert", "rupert", "a", "b", "ab", "éclair", "\t", " ", "", "x1", "😀"};
        StringBuilder sb = new StringBuilder();
        for (int i = random.nextInt(4); i >= 0; i--) {
            sb.append(parts[random.nextInt(parts.length)]).append(random.nextBoolean() ? " " : "");
        }
        return sb.toString();
    }

    @Test
    void scalarExtensionsMatchSqliteJdbc() {
        Random random = new Random(FunctionOracle.seed());
        ValueGen gen = new ValueGen(random);
        for (int i = 0; i < 8000; i++) {
            Object[] f = SCALARS[random.nextInt(SCALARS.length)];
            String name = (String) f[0];
            Object[] args = new Object[(int) f[1]];
            for (int k = 0; k < args.length; k++) {
                args[k] = arg(random, gen, k);
                if (args[k] instanceof byte[] b && !ScalarFunctionDifferentialTests.validUtf8(b)) {
                    args[k] = "blob"; // invalid UTF-8 read as text differs (docs/functions.md)
                }
            }
            for (int k = 1; k < args.length; k++) {
                long n = io.onelite.exec.value.SqlValues.toInteger(args[k]);
                if (n < -3 || n > 60 || (name.equals("rightstr") && n < 0)) {
                    // past these the C code allocates a wrapped size or reads past the text (NOMEM or a crash)
                    args[k] = (long) random.nextInt(10);
                }
            }
            StringBuilder sql = new StringBuilder(name).append('(');
            for (int k = 0; k < args.length; k++) {
                sql.append(k == 0 ? "?" : ", ?");
            }
            sql.append(')');
            NativeOracle.Result expected = oracle.nativeDb.eval(sql.toString(), args);
            Object actual = null;
            String error = null;
            try {
                actual = Functions.scalar(name, args.length).call(oracle.ctx, args.clone());
            } catch (OneLiteException e) {
                error = e.getMessage();
            }
            if (expected.value() instanceof Double e && actual instanceof Double a
                    && (e.equals(a) || Math.abs(e - a) <= 1e-13 * Math.abs(e))) {
                actual = e;
            }
            oracle.record(sql.toString(), args, expected, actual, error);
        }
        assertThat(oracle.failures).isEmpty();
        assertThat(oracle.checked).isEqualTo(8000);
    }

    @Test
    void aggregateExtensionsMatchSqliteJdbc() throws SQLException {
        Random random = new Random(FunctionOracle.seed());
        ValueGen gen = new ValueGen(random);
        for (int round = 0; round < 400; round++) {
            List<Object[]> rows = fill(random, gen, random.nextInt(12), round % 3);
            for (String name : new String[] {"stdev", "variance", "mode", "lower_quartile", "upper_quartile"}) {
                NativeOracle.Result expected = oracle.nativeDb.query("SELECT typeof(v), v FROM (SELECT " + name + "(x) AS v FROM t)");
                AggregateFunction.Accumulator acc = Functions.aggregate(name, 1).start();
                rows.forEach(acc::step);
                Object actual = acc.value();
                if (expected.value() instanceof Double e && actual instanceof Double a && Math.abs(e - a) <= 1e-12 * Math.abs(e)) {
                    actual = e; // Welford's running mean: the last bit follows the C compiler's contraction
                }
                oracle.record(name + " over " + rows.size() + " rows", rows.stream().map(r -> r[0]).toArray(),
                        expected, actual, null);
            }
        }
        assertThat(oracle.failures).isEmpty();
    }

    /** Fills t with {@code n} rows: kind 0 small integers with repeats, 1 reals and integers, 2 anything. */
    private List<Object[]> fill(Random random, ValueGen gen, int n, int kind) throws SQLException {
        oracle.nativeDb.execute("DELETE FROM t");
        List<Object[]> rows = new ArrayList<>();
        try (PreparedStatement ps = oracle.nativeDb.connection().prepareStatement("INSERT INTO t VALUES (?, ?)")) {
            for (int i = 0; i < n; i++) {
                Object x = switch (kind) {
                    case 0 -> random.nextInt(6) == 0 ? null : (Object) (long) (random.nextInt(7) - 2);
                    case 1 -> random.nextBoolean() ? (Object) ((random.nextInt(41) - 20) / 4.0) : (Object) (long) random.nextInt(5);
                    default -> gen.finiteAny();
                };
                if (x instanceof byte[] b && !ScalarFunctionDifferentialTests.validUtf8(b)) {
                    x = "blob";
                }
                ps.setLong(1, i);
                NativeOracle.bind(ps, 2, x);
                ps.executeUpdate();
                rows.add(new Object[] {x});
            }
        }
        return rows;
    }
}
