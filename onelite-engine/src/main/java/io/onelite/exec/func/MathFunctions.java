package io.onelite.exec.func;

import io.onelite.exec.value.SqlValues;

import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleUnaryOperator;

/**
 * SQLite's math functions (func.c, SQLITE_ENABLE_MATH_FUNCTIONS). An argument that is not a
 * number (nor text that is wholly a number) gives NULL, as does a NaN result (sqrt(-1)).
 * ceil/floor/trunc keep INTEGER arguments INTEGER. log(X) is base 10; log(B, X) takes the base
 * first. Results may differ from the C library in the last bit for transcendental functions.
 */
final class MathFunctions {
    private MathFunctions() {
    }

    static void register(Functions.Registry r) {
        unary(r, "acos", Math::acos);
        unary(r, "asin", Math::asin);
        unary(r, "atan", Math::atan);
        unary(r, "acosh", MathFunctions::acosh);
        unary(r, "asinh", MathFunctions::asinh);
        unary(r, "atanh", x -> 0.5 * Math.log1p(2.0 * x / (1.0 - x)));
        unary(r, "cos", Math::cos);
        unary(r, "sin", Math::sin);
        unary(r, "tan", Math::tan);
        unary(r, "cosh", Math::cosh);
        unary(r, "sinh", Math::sinh);
        unary(r, "tanh", Math::tanh);
        unary(r, "exp", Math::exp);
        unary(r, "sqrt", Math::sqrt);
        unary(r, "degrees", x -> x * (180.0 / Math.PI));
        unary(r, "radians", x -> x * (Math.PI / 180.0));
        unary(r, "ln", MathFunctions::lnOrNull);
        r.scalar("log10", 1, (c, a) -> log(a[0], null, 10));
        r.scalar("log2", 1, (c, a) -> log(a[0], null, 2));
        r.scalar("log", 1, (c, a) -> log(a[0], null, 10));
        r.scalar("log", 2, (c, a) -> log(a[1], a[0], 0));
        rounding(r, "ceil", Math::ceil);
        rounding(r, "ceiling", Math::ceil);
        rounding(r, "floor", Math::floor);
        rounding(r, "trunc", x -> x < 0 ? Math.ceil(x) : Math.floor(x));
        binary(r, "atan2", Math::atan2);
        binary(r, "pow", MathFunctions::pow);
        binary(r, "power", MathFunctions::pow);
        binary(r, "mod", (x, y) -> x % y);
        r.scalar("pi", 0, (c, a) -> Math.PI);
    }

    private static double asinh(double x) {
        double ax = Math.abs(x);
        double y;
        if (ax > 1e8) {
            y = Math.log(ax) + Math.log(2.0);
        } else {
            y = Math.log1p(ax + ax * ax / (1.0 + Math.sqrt(1.0 + ax * ax)));
        }
        return x < 0 ? -y : y;
    }

    private static double acosh(double x) {
        if (x < 1.0) {
            return Double.NaN;
        }
        if (x > 1e8) {
            return Math.log(x) + Math.log(2.0);
        }
        if (x < 2.0) {
            double t = x - 1.0; // exact near 1, where x*x-1 would cancel
            return Math.log1p(t + Math.sqrt(t * (x + 1.0)));
        }
        return Math.log(x + Math.sqrt(x * x - 1.0));
    }

    private static double lnOrNull(double x) {
        return x <= 0.0 ? Double.NaN : Math.log(x);
    }

    private static Object number(Object v) {
        return Args.numericOrNull(v);
    }

    private static Object real(double r) {
        return Double.isNaN(r) ? null : (Object) r;
    }

    private static void unary(Functions.Registry r, String name, DoubleUnaryOperator f) {
        r.scalar(name, 1, (c, a) -> {
            Object n = number(a[0]);
            return n == null ? null : real(f.applyAsDouble(SqlValues.toReal(n)));
        });
    }

    private static void binary(Functions.Registry r, String name, DoubleBinaryOperator f) {
        r.scalar(name, 2, (c, a) -> {
            Object x = number(a[0]);
            Object y = number(a[1]);
            if (x == null || y == null) {
                return null;
            }
            return real(f.applyAsDouble(SqlValues.toReal(x), SqlValues.toReal(y)));
        });
    }

    private static void rounding(Functions.Registry r, String name, DoubleUnaryOperator f) {
        r.scalar(name, 1, (c, a) -> {
            Object n = number(a[0]);
            if (n instanceof Long) {
                return n;
            }
            return n == null ? null : real(f.applyAsDouble((Double) n));
        });
    }

    /**
     * log10/log2/log(X) of a numeric argument, or log(B, X) when {@code baseArg} is given: the
     * base must be a number, X is read as a REAL whatever it is (NULL stays NULL), as SQLite.
     */
    private static Object log(Object xArg, Object baseArg, int base) {
        if (base == 0) {
            Object bn = number(baseArg);
            if (bn == null || xArg == null) {
                return null;
            }
            double b = SqlValues.toReal(bn);
            if (b <= 0.0) {
                return null;
            }
            b = Math.log(b);
            if (b <= 0.0) {
                return null;
            }
            double x = SqlValues.toReal(xArg);
            if (x <= 0.0) {
                return null;
            }
            return real(Math.log(x) / b);
        }
        Object xn = number(xArg);
        if (xn == null) {
            return null;
        }
        double x = SqlValues.toReal(xn);
        if (x <= 0.0) {
            return null;
        }
        if (base == 10) {
            return real(Math.log10(x));
        }
        return real(log2(x));
    }

    /** C's pow: where Java's gives NaN for (+-1)^(+-infinity), C gives 1 (C99 F.9.4.4). */
    private static double pow(double x, double y) {
        return Math.abs(x) == 1.0 && Double.isInfinite(y) ? 1.0 : Math.pow(x, y);
    }

    /** log2 exact for powers of two, else ln(x)/ln(2). */
    static double log2(double x) {
        if (x > 0 && Double.isFinite(x)) {
            long bits = Double.doubleToRawLongBits(x);
            if ((bits & 0x000fffffffffffffL) == 0 && Math.getExponent(x) >= Double.MIN_EXPONENT) {
                return Math.getExponent(x);
            }
        }
        return Math.log(x) / Math.log(2.0);
    }
}
