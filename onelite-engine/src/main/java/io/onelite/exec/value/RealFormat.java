package io.onelite.exec.value;

/**
 * Decimal rendering of REAL values as SQLite's printf does ({@code etFLOAT}, {@code etEXP},
 * {@code etGENERIC} in printf.c over {@code sqlite3FpDecode}). A REAL becomes TEXT
 * ({@code CAST(x AS TEXT)}, {@code ||}, TEXT affinity) through {@code %!.15g}: up to 15
 * significant digits, trailing zeros dropped but one digit kept after the point ({@code 1.0}),
 * exponent form when the decimal exponent is below -4 or above 14 ({@code 1.0e+20},
 * {@code 1.5e-05}), {@code Inf}/{@code -Inf}, and {@code -0.0} printed as {@code 0.0}.
 */
public final class RealFormat {
    private RealFormat() {
    }

    /**
     * Significant digits of a finite value: {@code digits} has no trailing zeros (it is "0" for
     * zero) and the value is {@code 0.digits × 10^decimalPoint}.
     */
    public record Decoded(boolean negative, String digits, int decimalPoint) {
    }

    /** The flags of one printf conversion that matter to floating-point rendering. */
    public record Flags(boolean plus, boolean space, boolean alternate, boolean bang) {
        public static final Flags NONE = new Flags(false, false, false, false);
    }

    /**
     * quote() of a REAL: {@code %!0.15g} when that reads back as the same double, else
     * {@code %!0.20e}; infinities as {@code 9.0e+999} (what the zero-pad flag makes of them).
     */
    public static String quoteReal(double r) {
        if (Double.isInfinite(r)) {
            return r < 0 ? "-9.0e+999" : "9.0e+999";
        }
        Flags bang = new Flags(false, false, false, true);
        String s = format(r, 'g', 15, bang);
        NumericText.Real back = NumericText.parseReal(s);
        if (back.value() != r) {
            s = format(r, 'e', 20, bang);
        }
        return s;
    }

    /** SQLite's text for a REAL ({@code %!.15g}). */
    public static String toText(double r) {
        return format(r, 'g', 15, new Flags(false, false, false, true));
    }

    /**
     * One floating-point printf conversion without width ({@code f}, {@code e}, {@code E},
     * {@code g}, {@code G}), as SQLite's printf renders it. Padding is the caller's business.
     *
     * @param precision digits (after the point for f/e, significant for g); negative = default 6
     */
    public static String format(double r, char conversion, int precision, Flags flags) {
        return format(r, conversion, precision, flags, false, false);
    }

    /**
     * As {@link #format(double, char, int, Flags)}, with the {@code ,} flag (thousands
     * separators in the integer part of {@code f}) and the {@code 0} flag's treatment of
     * infinities (rendered as 9×10^999, so that they read back as infinities).
     */
    public static String format(double r, char conversion, int precision, Flags flags, boolean thousands,
                                boolean zeroPad) {
        if (precision < 0) {
            precision = 6;
        }
        char type = Character.toLowerCase(conversion);
        if (Double.isNaN(r)) {
            return zeroPad ? "null" : "NaN";
        }
        if (Double.isInfinite(r) && !zeroPad) {
            return (r < 0 ? "-" : flags.plus() ? "+" : flags.space() ? " " : "") + "Inf";
        }
        if (type == 'g' && precision == 0) {
            precision = 1;
        }
        int iRound;
        if (type == 'f') {
            iRound = -precision;
        } else if (type == 'g') {
            iRound = precision;
        } else {
            iRound = precision + 1;
        }
        Decoded d;
        if (Double.isInfinite(r)) {
            d = new Decoded(r < 0, "9", 1000);
        } else if (r == 0.0) {
            d = new Decoded(false, "0", 1);
        } else {
            d = DecimalConversion.decode(r, iRound, flags.bang() ? 26 : 16);
        }
        return render(d, conversion, precision, flags, thousands);
    }

    private static String render(Decoded d, char conversion, int precision, Flags flags, boolean thousands) {
        boolean upper = conversion == 'E' || conversion == 'G';
        char type = Character.toLowerCase(conversion);
        int exp = d.decimalPoint() - 1;
        if (type == 'g' && precision > 0) {
            precision--;
        }
        boolean rtz;
        if (type == 'g') {
            rtz = !flags.alternate();
            if (exp < -4 || exp > precision) {
                type = 'e';
            } else {
                precision = precision - exp;
                type = 'f';
            }
        } else {
            rtz = flags.bang();
        }
        boolean dp = precision > 0 || flags.alternate() || flags.bang();
        String digits = d.digits();
        int n = digits.equals("0") ? 0 : digits.length();
        StringBuilder sb = new StringBuilder();
        int j = 0;
        if (type == 'f') {
            int e2 = exp;
            if (e2 < 0) {
                sb.append('0');
            } else {
                for (; e2 >= 0; e2--) {
                    sb.append(j < n ? digits.charAt(j++) : '0');
                    if (thousands && e2 % 3 == 0 && e2 > 1) {
                        sb.append(',');
                    }
                }
            }
            if (dp) {
                sb.append('.');
            }
            for (e2++; e2 < 0 && precision > 0; precision--, e2++) {
                sb.append('0');
            }
            while (precision-- > 0) {
                sb.append(j < n ? digits.charAt(j++) : '0');
            }
        } else {
            sb.append(n > 0 ? digits.charAt(j++) : '0');
            if (dp) {
                sb.append('.');
            }
            while (precision-- > 0) {
                sb.append(j < n ? digits.charAt(j++) : '0');
            }
        }
        if (rtz && dp) {
            int len = sb.length();
            while (sb.charAt(len - 1) == '0') {
                len--;
            }
            sb.setLength(len);
            if (sb.charAt(len - 1) == '.') {
                if (flags.bang()) {
                    sb.append('0');
                } else {
                    sb.setLength(len - 1);
                }
            }
        }
        String prefix;
        if (d.negative()) {
            // SQLite 3.51: with '#' and no '+'/' ', a value that printed as all zeros loses its sign
            boolean allZero = sb.chars().allMatch(ch -> ch == '0' || ch == '.' || ch == ',');
            prefix = flags.alternate() && !flags.plus() && !flags.space() && allZero && type == 'f' ? "" : "-";
        } else if (flags.plus()) {
            prefix = "+";
        } else if (flags.space()) {
            prefix = " ";
        } else {
            prefix = "";
        }
        sb.insert(0, prefix);
        if (type == 'e') {
            int e = exp;
            sb.append(upper ? 'E' : 'e').append(e < 0 ? '-' : '+');
            e = Math.abs(e);
            if (e >= 100) {
                sb.append((char) ('0' + e / 100));
                e %= 100;
            }
            sb.append((char) ('0' + e / 10)).append((char) ('0' + e % 10));
        }
        return sb.toString();
    }
}
