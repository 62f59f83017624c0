package io.onelite.jdbc;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * SQLite's text for a REAL ({@code sqlite3_column_text} of a double, {@code printf("%!.15g")}):
 * 15 significant digits, at least one digit after the point ({@code 1.0}), exponent form below
 * 1e-4 and from 1e15 with a signed two-digit exponent ({@code 1.0e+20}, {@code 1.5e-05}).
 */
public final class RealFormat {
    /** Half-up, as SQLite rounds the decimal digits (an exact tie such as 3418739929067105 rounds up). */
    private static final MathContext DIGITS_15 = new MathContext(15, RoundingMode.HALF_UP);

    private RealFormat() {
    }

    public static String format(double d) {
        if (Double.isNaN(d)) {
            return "NaN";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "Inf" : "-Inf";
        }
        if (d == 0) {
            return "0.0";
        }
        BigDecimal bd = new BigDecimal(d).round(DIGITS_15).stripTrailingZeros();
        int exp = bd.precision() - bd.scale() - 1;
        if (exp < -4 || exp >= 15) {
            String digits = bd.unscaledValue().abs().toString();
            StringBuilder sb = new StringBuilder();
            if (bd.signum() < 0) {
                sb.append('-');
            }
            sb.append(digits.charAt(0)).append('.');
            sb.append(digits.length() > 1 ? digits.substring(1) : "0");
            sb.append('e').append(exp < 0 ? '-' : '+');
            int a = Math.abs(exp);
            if (a < 10) {
                sb.append('0');
            }
            return sb.append(a).toString();
        }
        String plain = bd.toPlainString();
        return plain.indexOf('.') < 0 ? plain + ".0" : plain;
    }
}
