package io.onelite.tools;

import io.onelite.jdbc.RealFormat;

/**
 * How the shell writes a REAL, as {@code sqlite3} 3.40 does:
 * <ul>
 *   <li>{@link #display}: SQLite's text for the value ({@code %!.15g}), in the modes that print
 *       values as text (list, csv, column, box...);</li>
 *   <li>{@link #twentyDigits}: {@code %!.20g}, enough digits to read back as the same double,
 *       in quote mode (infinities print as {@code Inf});</li>
 *   <li>{@link #json}: the same, but {@code 1e999}/{@code -1e999} for infinities;</li>
 *   <li>{@link #literal}: in insert mode and {@code .dump} (which must load back):
 *       {@code 1e999}/{@code -1e999} for infinities, {@code N.0} for a whole number that fits
 *       in 64 bits, else {@code %!.20g}.</li>
 * </ul>
 *
 * <p>{@code %!.20g} asks for more digits than a double holds, so the digits past the 17th come
 * from how {@code sqlite3} computes them: in x87 {@code long double} arithmetic (normalise into
 * [1,10) by powers of ten, add a rounder of 5e-20, then peel digits by subtract-and-multiply).
 * {@link ExtendedReal} replays that arithmetic, so the text matches to the last digit, not just
 * in value.
 */
final class RealText {
    private static final int PRECISION = 20;
    /** Significant digits the {@code !} flag lets printf produce; later digits print as 0. */
    private static final int MAX_SIGNIFICANT = 26;
    private static final double TWO_TO_63 = 9.223372036854775808e18;

    private RealText() {
    }

    static String display(double d) {
        return RealFormat.format(d);
    }

    /** As json mode writes a REAL: {@code %!.20g}, or {@code 1e999}/{@code -1e999} for infinities. */
    static String json(double d) {
        return Double.isInfinite(d) ? (d > 0 ? "1e999" : "-1e999") : twentyDigits(d);
    }

    static String literal(double d) {
        if (d == Double.POSITIVE_INFINITY) {
            return "1e999";
        }
        if (d == Double.NEGATIVE_INFINITY) {
            return "-1e999";
        }
        if (d >= -TWO_TO_63 && d < TWO_TO_63 && d == Math.rint(d)) {
            return (long) d + ".0";                    // sqlite3 checks r == (double)(int64)r first
        }
        return twentyDigits(d);
    }

    /** {@code printf("%!.20g", d)} as {@code sqlite3} 3.40 prints it. */
    static String twentyDigits(double d) {
        if (Double.isNaN(d)) {
            return "NaN";
        }
        StringBuilder sb = new StringBuilder();
        if (d < 0) {                                   // not -0.0, which prints as 0.0
            sb.append('-');
            d = -d;
        }
        if (Double.isInfinite(d)) {
            return sb.append("Inf").toString();
        }
        int precision = PRECISION - 1;                 // %g counts the digit before the point
        ExtendedReal value = ExtendedReal.of(d);
        ExtendedReal rounder = ExtendedReal.of(5.0e-10).times(ExtendedReal.of(1.0e-10));
        ExtendedReal one = ExtendedReal.of(1.0);
        ExtendedReal ten = ExtendedReal.of(10.0);
        int exp = 0;
        if (value.significand().signum() > 0) {
            ExtendedReal scale = one;
            ExtendedReal e100 = ExtendedReal.of(1e100);
            ExtendedReal e10 = ExtendedReal.of(1e10);
            while (value.compareTo(e100.times(scale)) >= 0 && exp <= 350) {
                scale = scale.times(e100);
                exp += 100;
            }
            while (value.compareTo(e10.times(scale)) >= 0 && exp <= 350) {
                scale = scale.times(e10);
                exp += 10;
            }
            while (value.compareTo(ten.times(scale)) >= 0 && exp <= 350) {
                scale = scale.times(ten);
                exp++;
            }
            value = value.dividedBy(scale);
            ExtendedReal e8 = ExtendedReal.of(1e8);
            ExtendedReal eMinus8 = ExtendedReal.of(1e-8);
            while (value.compareTo(eMinus8) < 0) {
                value = value.times(e8);
                exp -= 8;
            }
            while (value.compareTo(one) < 0) {
                value = value.times(ten);
                exp--;
            }
        }
        value = value.plus(rounder);
        if (value.compareTo(ten) >= 0) {
            value = value.times(ExtendedReal.of(0.1));
            exp++;
        }
        boolean exponential = exp < -4 || exp > precision;
        int e2 = exponential ? 0 : exp;
        if (!exponential) {
            precision -= exp;
        }
        int[] significantLeft = {MAX_SIGNIFICANT};
        ExtendedReal[] cursor = {value};
        if (e2 < 0) {
            sb.append('0');
        } else {
            for (; e2 >= 0; e2--) {
                sb.append(nextDigit(cursor, significantLeft, ten));
            }
        }
        sb.append('.');
        for (e2++; e2 < 0; precision--, e2++) {
            sb.append('0');
        }
        while (precision-- > 0) {
            sb.append(nextDigit(cursor, significantLeft, ten));
        }
        int end = sb.length();
        while (sb.charAt(end - 1) == '0') {
            end--;
        }
        sb.setLength(end);
        if (sb.charAt(end - 1) == '.') {
            sb.append('0');
        }
        if (exponential) {
            sb.append('e').append(exp < 0 ? '-' : '+');
            int a = Math.abs(exp);
            if (a >= 100) {
                sb.append((char) ('0' + a / 100));
                a %= 100;
            }
            sb.append((char) ('0' + a / 10)).append((char) ('0' + a % 10));
        }
        return sb.toString();
    }

    /** The next digit of {@code cursor[0]} in [0,10): its integer part, then the rest times ten. */
    private static char nextDigit(ExtendedReal[] cursor, int[] significantLeft, ExtendedReal ten) {
        if (significantLeft[0] <= 0) {
            return '0';
        }
        significantLeft[0]--;
        int digit = cursor[0].truncated();
        cursor[0] = cursor[0].minus(ExtendedReal.of(digit)).times(ten);
        return (char) ('0' + digit);
    }
}
