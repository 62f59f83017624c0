package io.onelite.exec.value;

/**
 * Decimal ↔ binary64 conversion done the way SQLite 3.47–3.51 does it, so that text→REAL and
 * REAL→text give SQLite's exact bits and digits rather than Java's (correctly rounded) ones.
 * SQLite scales with powers of ten in double-double arithmetic (Dekker's algorithm), which is
 * within an ulp but not always correctly rounded; matching it matters because a REAL rendered
 * as TEXT (15 digits) is visible to applications and stored in files.
 *
 * <p>Mirrors {@code sqlite3AtoF} (value part), {@code sqlite3FpDecode} and {@code dekkerMul2}
 * of SQLite's util.c.
 */
final class DecimalConversion {
    private DecimalConversion() {
    }

    private static final double TWO64 = 18446744073709551616.0;
    private static final double TWO63 = 9223372036854775808.0;

    /** {@code (x[0],x[1]) *= (y,yy)} in double-double arithmetic (Dekker 1971). */
    private static void mul2(double[] x, double y, double yy) {
        double hx = Double.longBitsToDouble(Double.doubleToRawLongBits(x[0]) & 0xfffffffffc000000L);
        double tx = x[0] - hx;
        double hy = Double.longBitsToDouble(Double.doubleToRawLongBits(y) & 0xfffffffffc000000L);
        double ty = y - hy;
        double p = hx * hy;
        double q = hx * ty + tx * hy;
        double c = p + q;
        double cc = p - c + q + tx * ty;
        cc = x[0] * yy + x[1] * y + cc;
        x[0] = c + cc;
        x[1] = c - x[0];
        x[1] += cc;
    }

    /** Unsigned 64-bit to double, rounded to nearest as C's conversion is. */
    static double unsignedToDouble(long u) {
        if (u >= 0) {
            return (double) u;
        }
        double d = (double) ((u >>> 1) | (u & 1));
        return d * 2.0;
    }

    /** Double in [0, 2^64) to unsigned 64-bit, truncating as C's conversion does. */
    static long doubleToUnsigned(double d) {
        if (d < TWO63) {
            return (long) d;
        }
        return (long) (d - TWO63) ^ Long.MIN_VALUE;
    }

    /**
     * The double SQLite computes for {@code s × 10^e} ({@code s} unsigned), before the sign is
     * applied: the final part of {@code sqlite3AtoF}.
     */
    static double scale(long s, int e) {
        if (s == 0) {
            return 0.0;
        }
        final long limitUp = Long.divideUnsigned(-1L - 0x7ff, 10);
        while (e > 0 && Long.compareUnsigned(s, limitUp) < 0) {
            s *= 10;
            e--;
        }
        while (e < 0 && Long.remainderUnsigned(s, 10) == 0) {
            s = Long.divideUnsigned(s, 10);
            e++;
        }
        double[] rr = new double[2];
        rr[0] = unsignedToDouble(s);
        if (rr[0] <= 18446744073709549568.0) {
            long s2 = doubleToUnsigned(rr[0]);
            rr[1] = Long.compareUnsigned(s, s2) >= 0 ? unsignedToDouble(s - s2) : -unsignedToDouble(s2 - s);
        }
        if (e > 0) {
            while (e >= 100) {
                e -= 100;
                mul2(rr, 1.0e+100, -1.5902891109759918046e+83);
            }
            while (e >= 10) {
                e -= 10;
                mul2(rr, 1.0e+10, 0.0);
            }
            while (e >= 1) {
                e -= 1;
                mul2(rr, 1.0e+01, 0.0);
            }
        } else {
            while (e <= -100) {
                e += 100;
                mul2(rr, 1.0e-100, -1.99918998026028836196e-117);
            }
            while (e <= -10) {
                e += 10;
                mul2(rr, 1.0e-10, -3.6432197315497741579e-27);
            }
            while (e <= -1) {
                e += 1;
                mul2(rr, 1.0e-01, -5.5511151231257827021e-18);
            }
        }
        double r = rr[0] + rr[1];
        if (Double.isNaN(r)) {
            r = Double.POSITIVE_INFINITY;
        }
        return r;
    }

    /**
     * The value of a decimal numeral {@code [+-]digits[.digits][(e|E)[+-]digits]} already
     * validated by the caller, as {@code sqlite3AtoF} computes it.
     */
    static double parse(String z, int from, int to) {
        int i = from;
        boolean neg = false;
        if (i < to && (z.charAt(i) == '-' || z.charAt(i) == '+')) {
            neg = z.charAt(i) == '-';
            i++;
        }
        final long limit = Long.divideUnsigned(-1L - 9, 10);
        long s = 0;
        int d = 0;
        while (i < to && NumericText.isDigit(z.charAt(i))) {
            s = s * 10 + (z.charAt(i) - '0');
            i++;
            if (Long.compareUnsigned(s, limit) >= 0) {
                while (i < to && NumericText.isDigit(z.charAt(i))) {
                    i++;
                    d++;
                }
            }
        }
        if (i < to && z.charAt(i) == '.') {
            i++;
            while (i < to && NumericText.isDigit(z.charAt(i))) {
                if (Long.compareUnsigned(s, limit) < 0) {
                    s = s * 10 + (z.charAt(i) - '0');
                    d--;
                }
                i++;
            }
        }
        int e = 0;
        int esign = 1;
        if (i < to && (z.charAt(i) == 'e' || z.charAt(i) == 'E')) {
            i++;
            if (i < to && (z.charAt(i) == '-' || z.charAt(i) == '+')) {
                esign = z.charAt(i) == '-' ? -1 : 1;
                i++;
            }
            while (i < to && NumericText.isDigit(z.charAt(i))) {
                e = e < 10000 ? e * 10 + (z.charAt(i) - '0') : 10000;
                i++;
            }
        }
        if (s == 0) {
            return neg ? -0.0 : 0.0;
        }
        double r = scale(s, e * esign + d);
        return neg ? -r : r;
    }

    /**
     * Significant digits of {@code r} as {@code sqlite3FpDecode}: {@code iRound > 0} rounds to
     * {@code min(iRound, mxRound)} significant digits; {@code iRound <= 0} rounds to
     * {@code -iRound} digits after the decimal point (at most {@code mxRound} in all).
     * Not for zero, infinities or NaN (callers handle them).
     */
    static RealFormat.Decoded decode(double r, int iRound, int mxRound) {
        boolean neg = r < 0;
        if (neg) {
            r = -r;
        }
        if (r == 0.0) {
            return new RealFormat.Decoded(false, "0", 1);
        }
        int exp = 0;
        double[] rr = {r, 0.0};
        if (rr[0] > 9.223372036854774784e+18) {
            while (rr[0] > 9.223372036854774784e+118) {
                exp += 100;
                mul2(rr, 1.0e-100, -1.99918998026028836196e-117);
            }
            while (rr[0] > 9.223372036854774784e+28) {
                exp += 10;
                mul2(rr, 1.0e-10, -3.6432197315497741579e-27);
            }
            while (rr[0] > 9.223372036854774784e+18) {
                exp += 1;
                mul2(rr, 1.0e-01, -5.5511151231257827021e-18);
            }
        } else {
            while (rr[0] < 9.223372036854774784e-83) {
                exp -= 100;
                mul2(rr, 1.0e+100, -1.5902891109759918046e+83);
            }
            while (rr[0] < 9.223372036854774784e+07) {
                exp -= 10;
                mul2(rr, 1.0e+10, 0.0);
            }
            while (rr[0] < 9.22337203685477478e+17) {
                exp -= 1;
                mul2(rr, 1.0e+01, 0.0);
            }
        }
        long v = rr[1] < 0.0 ? doubleToUnsigned(rr[0]) - doubleToUnsigned(-rr[1])
                : doubleToUnsigned(rr[0]) + doubleToUnsigned(rr[1]);
        char[] digits = Long.toUnsignedString(v).toCharArray();
        // buffer with one spare slot in front for a carry
        char[] z = new char[digits.length + 2];
        z[0] = '0';
        System.arraycopy(digits, 0, z, 1, digits.length);
        z[z.length - 1] = '0';
        int start = 1;
        int n = digits.length;
        int iDP = n + exp;
        if (iRound <= 0) {
            iRound = iDP - iRound;
            if (iRound == 0 && z[start] >= '5') {
                iRound = 1;
                start--;
                z[start] = '0';
                n++;
                iDP++;
            }
        }
        if (iRound > 0 && (iRound < n || n > mxRound)) {
            if (iRound > mxRound) {
                iRound = mxRound;
            }
            boolean roundUp = iRound < n && z[start + iRound] >= '5';
            n = iRound;
            if (roundUp) {
                int j = iRound - 1;
                while (true) {
                    z[start + j]++;
                    if (z[start + j] <= '9') {
                        break;
                    }
                    z[start + j] = '0';
                    if (j == 0) {
                        // the carry becomes a new leading digit
                        if (start == 0) {
                            char[] grown = new char[z.length + 1];
                            System.arraycopy(z, 0, grown, 1, z.length);
                            z = grown;
                            start = 1;
                        }
                        start--;
                        z[start] = '1';
                        n++;
                        iDP++;
                        break;
                    }
                    j--;
                }
            }
        }
        while (n > 1 && z[start + n - 1] == '0') {
            n--;
        }
        String ds = new String(z, start, n);
        if (ds.equals("0")) {
            return new RealFormat.Decoded(neg, "0", 1);
        }
        return new RealFormat.Decoded(neg, ds, iDP);
    }
}
