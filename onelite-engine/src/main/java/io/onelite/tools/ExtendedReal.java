package io.onelite.tools;

import java.math.BigInteger;

/**
 * A non-negative binary floating-point value with a 64-bit significand, rounded to nearest-even
 * after every operation: the x87 80-bit {@code long double} that {@code sqlite3} 3.40's printf
 * uses to generate the digits of {@code %!.20g}. Only the operations that digit generation needs
 * exist. Value = {@code significand * 2^exponent}; immutable.
 */
record ExtendedReal(BigInteger significand, int exponent) implements Comparable<ExtendedReal> {
    private static final int BITS = 64;
    static final ExtendedReal ZERO = new ExtendedReal(BigInteger.ZERO, 0);

    static ExtendedReal of(double d) {
        if (d < 0 || Double.isNaN(d) || Double.isInfinite(d)) {
            throw new IllegalArgumentException("not a finite non-negative value: " + d);
        }
        if (d == 0) {
            return ZERO;
        }
        long bits = Double.doubleToRawLongBits(d);
        int biased = (int) ((bits >>> 52) & 0x7ff);
        long fraction = bits & 0xfffffffffffffL;
        return biased == 0
                ? rounded(BigInteger.valueOf(fraction), -1074, false)
                : rounded(BigInteger.valueOf(fraction | (1L << 52)), biased - 1075, false);
    }

    static ExtendedReal of(long n) {
        return rounded(BigInteger.valueOf(n), 0, false);
    }

    ExtendedReal times(ExtendedReal b) {
        return rounded(significand.multiply(b.significand), exponent + b.exponent, false);
    }

    ExtendedReal dividedBy(ExtendedReal b) {
        if (significand.signum() == 0) {
            return ZERO;
        }
        int shift = BITS + 2 + b.significand.bitLength();   // enough quotient bits to round correctly
        BigInteger[] qr = significand.shiftLeft(shift).divideAndRemainder(b.significand);
        return rounded(qr[0], exponent - shift - b.exponent, qr[1].signum() != 0);
    }

    ExtendedReal plus(ExtendedReal b) {
        return combine(b, false);
    }

    /** {@code this - b}; the caller guarantees {@code this >= b}. */
    ExtendedReal minus(ExtendedReal b) {
        return combine(b, true);
    }

    private ExtendedReal combine(ExtendedReal b, boolean subtract) {
        int e = Math.min(exponent, b.exponent);
        BigInteger x = significand.shiftLeft(exponent - e);
        BigInteger y = b.significand.shiftLeft(b.exponent - e);
        return rounded(subtract ? x.subtract(y) : x.add(y), e, false);
    }

    /** The integer part, as C's {@code (int)} conversion of a small value. */
    int truncated() {
        if (exponent >= 0) {
            return significand.shiftLeft(exponent).intValueExact();
        }
        return significand.shiftRight(-exponent).intValueExact();
    }

    @Override
    public int compareTo(ExtendedReal o) {
        if (significand.signum() == 0 || o.significand.signum() == 0) {
            return Integer.compare(significand.signum(), o.significand.signum());
        }
        int e = Math.min(exponent, o.exponent);
        return significand.shiftLeft(exponent - e).compareTo(o.significand.shiftLeft(o.exponent - e));
    }

    /** Rounds {@code m * 2^e} (plus a sticky bit below it) to 64 significant bits, half to even. */
    private static ExtendedReal rounded(BigInteger m, int e, boolean sticky) {
        if (m.signum() < 0) {
            throw new ArithmeticException("negative result");
        }
        if (m.signum() == 0) {
            return ZERO;
        }
        int excess = m.bitLength() - BITS;
        if (excess <= 0) {
            return new ExtendedReal(m, e);
        }
        BigInteger kept = m.shiftRight(excess);
        boolean half = m.testBit(excess - 1);
        boolean below = sticky || m.getLowestSetBit() < excess - 1;
        if (half && (below || kept.testBit(0))) {
            kept = kept.add(BigInteger.ONE);
            if (kept.bitLength() > BITS) {
                kept = kept.shiftRight(1);
                excess++;
            }
        }
        return new ExtendedReal(kept, e + excess);
    }
}
