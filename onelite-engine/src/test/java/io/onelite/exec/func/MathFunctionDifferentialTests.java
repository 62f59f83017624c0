package io.onelite.exec.func;

import io.onelite.exec.value.NativeOracle;
import io.onelite.exec.value.ValueGen;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Math functions against native SQLite. Transcendental results may differ from the C library
 * in the last bits, so REAL results compare within a relative 1e-13; everything else (types,
 * NULLs, INTEGER results, exactly computed functions) compares exactly.
 */
class MathFunctionDifferentialTests extends OracleTests {
    static final String[] UNARY = {"acos", "asin", "atan", "acosh", "asinh", "atanh", "cos", "sin", "tan", "cosh",
        "sinh", "tanh", "exp", "sqrt", "degrees", "radians", "ln", "log10", "log2", "log", "ceil", "ceiling",
        "floor", "trunc"};
    static final String[] BINARY = {"atan2", "pow", "power", "mod", "log"};

    @Test
    void mathFunctionsMatchNativeSqlite() {
        Random random = new Random(FunctionOracle.seed());
        ValueGen gen = new ValueGen(random);
        for (int i = 0; i < 6000; i++) {
            boolean unary = random.nextInt(3) > 0;
            String name = unary ? UNARY[random.nextInt(UNARY.length)] : BINARY[random.nextInt(BINARY.length)];
            Object[] args = new Object[unary ? 1 : 2];
            for (int k = 0; k < args.length; k++) {
                args[k] = random.nextInt(4) == 0 ? gen.any() : random.nextBoolean()
                        ? (Object) ((random.nextDouble() - 0.5) * Math.pow(10, random.nextInt(6) - 2))
                        : (Object) (long) (random.nextInt(21) - 5);
            }
            StringBuilder sql = new StringBuilder(name).append("(?");
            if (!unary) {
                sql.append(", ?");
            }
            sql.append(')');
            NativeOracle.Result expected = oracle.nativeDb.eval(sql.toString(), args);
            Object actual = Functions.scalar(name, args.length).call(oracle.ctx, args.clone());
            if (expected.value() instanceof Double e && actual instanceof Double a && close(e, a)) {
                actual = e;
            }
            oracle.record(sql.toString(), args, expected, actual, null);
        }
        for (double edge : new double[] {1.0, 1.0000000000000002, 1.000001, 0.9999999999999999, -1.0, 1e-300, 1e300}) {
            for (String name : UNARY) {
                Object[] args = {edge};
                NativeOracle.Result expected = oracle.nativeDb.eval(name + "(?)", args);
                Object actual = Functions.scalar(name, 1).call(oracle.ctx, args.clone());
                if (expected.value() instanceof Double e && actual instanceof Double a && close(e, a)) {
                    actual = e;
                }
                oracle.record(name + "(" + edge + ")", args, expected, actual, null);
            }
        }
        // C's special cases that Java's Math differs on: pow(+-1, +-infinity) is 1 in C, NaN in Java
        double inf = Double.POSITIVE_INFINITY;
        double[] edges = {1.0, -1.0, 0.0, -0.0, 2.0, 0.5, -0.5, inf, -inf};
        for (double x : edges) {
            for (double y : edges) {
                for (String name : BINARY) {
                    Object[] args = {x, y};
                    NativeOracle.Result expected = oracle.nativeDb.eval(name + "(?, ?)", args);
                    Object actual = Functions.scalar(name, 2).call(oracle.ctx, args.clone());
                    if (expected.value() instanceof Double e && actual instanceof Double a && close(e, a)) {
                        actual = e;
                    }
                    oracle.record(name + "(" + x + ", " + y + ")", args, expected, actual, null);
                }
            }
        }
        oracle.check("pi");
        assertThat(oracle.failures).isEmpty();
    }

    static boolean close(double e, double a) {
        if (Double.isInfinite(e) || Double.isInfinite(a)) {
            return e == a;
        }
        return Math.abs(e - a) <= 1e-13 * Math.max(Math.abs(e), Math.abs(a)) || Math.abs(e - a) < 1e-300;
    }
}
