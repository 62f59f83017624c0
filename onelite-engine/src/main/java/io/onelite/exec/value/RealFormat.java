package io.onelite.exec.value;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Decimal rendering of REAL values, as SQLite's {@code sqlite3FpDecode} and the {@code %!.15g}
 * conversion of its printf, which is how a REAL becomes TEXT ({@code CAST(x AS TEXT)},
 * {@code ||}, column affinity TEXT): up to 15 significant digits, trailing zeros dropped but
 * always one digit after the point ({@code 1.0}), exponent form when the decimal exponent is
 * below -4 or above 14 ({@code 1.0e+20}, {@code 1.5e-05}), {@code Inf}/{@code -Inf}, and
 * {@code -0.0} printed as {@code 0.0}.
 */
public final class RealFormat {
    private RealFormat() {
    }

    /**
     * Significant digits of a finite value: {@code digits} has no leading or trailing zeros
     * (or is "0" for zero) and the value is {@code 0.digits × 10^decimalPoint}.
     */
    public record Decoded(boolean negative, String digits, int decimalPoint) {
    }

    /**
     * Decodes {@code |r|} rounded half-up to {@code significant} significant digits, as
     * {@code sqlite3FpDecode} with a positive {@code iRound}.
     */
    public static Decoded decode(double r, int significant) {
        boolean neg = r < 0;
        if (r == 0.0) {
            return new Decoded(false, "0", 1);
        }
        BigDecimal bd = new BigDecimal(Math.abs(r)).round(new MathContext(significant, RoundingMode.HALF_UP));
        return fromBigDecimal(neg, bd);
    }

    /**
     * Decodes {@code |r|} rounded half-up to {@code fraction} digits after the decimal point,
     * keeping at most {@code maxSignificant} significant digits (SQLite's {@code iRound <= 0}).
     */
    public static Decoded decodeFixed(double r, int fraction, int maxSignificant) {
        boolean neg = r < 0;
        if (r == 0.0) {
            return new Decoded(false, "0", 1);
        }
        BigDecimal exact = new BigDecimal(Math.abs(r));
        BigDecimal bd = exact.setScale(fraction, RoundingMode.HALF_UP);
        if (bd.signum() == 0) {
            return new Decoded(neg, "0", 1);
        }
        if (bd.precision() > maxSignificant) {
            bd = exact.round(new MathContext(maxSignificant, RoundingMode.HALF_UP));
        }
        return fromBigDecimal(neg, bd);
    }

    private static Decoded fromBigDecimal(boolean neg, BigDecimal bd) {
        bd = bd.stripTrailingZeros();
        String digits = bd.unscaledValue().toString();
        return new Decoded(neg, digits, digits.length() - bd.scale());
    }

    /** SQLite's text for a REAL ({@code %!.15g}). */
    public static String toText(double r) {
        if (Double.isNaN(r)) {
            return "NaN";
        }
        if (Double.isInfinite(r)) {
            return r > 0 ? "Inf" : "-Inf";
        }
        // SQLite 3.49+ renders with 15 significant digits, or 16 when 15 do not read back
        // as the same double (1.0/3 -> 0.3333333333333333, but 0.1+0.2 -> 0.3).
        String s = generic(r, 15, true, false);
        if (Double.parseDouble(s) != r) {
            s = generic(r, 16, true, false);
        }
        return s;
    }

    /**
     * The {@code %g} conversion: {@code precision} significant digits; {@code bang} is the
     * {@code !} flag (keep {@code .0}), {@code alternate} the {@code #} flag (keep trailing zeros).
     */
    static String generic(double r, int precision, boolean bang, boolean alternate) {
        if (precision == 0) {
            precision = 1;
        }
        Decoded d = decode(r, Math.min(precision, bang ? 26 : 16));
        int exp = d.decimalPoint() - 1;
        StringBuilder sb = new StringBuilder();
        if (d.negative()) {
            sb.append('-');
        }
        String digits = d.digits();
        if (exp < -4 || exp > precision - 1) {
            sb.append(digits.charAt(0));
            String rest = digits.substring(1);
            if (alternate) {
                rest = padRight(rest, precision - 1);
            }
            if (!rest.isEmpty()) {
                sb.append('.').append(rest);
            } else if (bang || alternate) {
                sb.append(bang ? ".0" : ".");
            }
            sb.append('e').append(exp < 0 ? '-' : '+');
            int ae = Math.abs(exp);
            if (ae < 10) {
                sb.append('0');
            }
            sb.append(ae);
        } else {
            String intPart;
            String frac;
            if (exp < 0) {
                intPart = "0";
                frac = "0".repeat(-exp - 1) + digits;
            } else if (digits.length() > exp + 1) {
                intPart = digits.substring(0, exp + 1);
                frac = digits.substring(exp + 1);
            } else {
                intPart = digits + "0".repeat(exp + 1 - digits.length());
                frac = "";
            }
            if (alternate) {
                frac = padRight(frac, precision - intPart.replaceFirst("^0$", "").length()
                        - (intPart.equals("0") ? countLeadingZeros(frac) * 0 : 0));
            }
            sb.append(intPart);
            if (!frac.isEmpty()) {
                sb.append('.').append(frac);
            } else if (bang || alternate) {
                sb.append(bang ? ".0" : ".");
            }
        }
        return sb.toString();
    }

    private static int countLeadingZeros(String s) {
        int i = 0;
        while (i < s.length() && s.charAt(i) == '0') {
            i++;
        }
        return i;
    }

    private static String padRight(String s, int len) {
        return s.length() >= len ? s : s + "0".repeat(len - s.length());
    }
}
