package io.onelite.exec.value;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;

/** Random storage-class values biased toward SQLite's edge cases. Test scope only. */
public final class ValueGen {
    private final Random random;

    public ValueGen(Random random) {
        this.random = random;
    }

    static final List<String> NUMERIC_TEXTS = List.of("12", " 12 ", "1e3", "12abc", "0x10", "-", ".5", "5.", "1e",
            "+3", "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
            "abc", "", "1.5e+3x", " -0.0", "3.0", "1e400", "-1e400", "00012", "1.25", "  +.5e-2  ", "\t7\n", "1 2",
            "e5", ".", "-.", "2e-5", "123456789012345678901", "0.1", "1E2", "5e+", "99999999999999999999x",
            "4.5.6", "12 abc", "-12", "1e-400", "1.0e+20", "0", "-0");

    static final long[] INTS = {0, 1, -1, 2, -2, 3, 7, 10, 100, -100, 255, 1 << 20, Integer.MAX_VALUE,
            Integer.MIN_VALUE, Long.MAX_VALUE, Long.MIN_VALUE, Long.MAX_VALUE - 1, Long.MIN_VALUE + 1,
            4611686018427387904L, -4611686018427387904L, 3037000500L, 9007199254740993L, 63, 64, 65, -63, -64};

    static final double[] REALS = {0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.5, 2.5, 0.1, 0.2, 1.0 / 3, 2.0 / 3, 1e20,
            -1e20, 1e15, 1e16, 1e-5, 1e-4, 123456.789, 9.223372036854775807e18, -9.223372036854775808e18,
            1e308, Double.MAX_VALUE, Double.MIN_VALUE, 4.9e-324, 1e100, 3.14159, 2.675, 100.0, 1e14, 1e17,
            0.30000000000000004, 5e-324, 12345678901234567.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
            7.0, -7.5, 1.0000000000000002, 0.001, 123456789.123456789, 4503599627370496.5, 4503599627370497.0};

    public Object any() {
        switch (random.nextInt(6)) {
            case 0: return random.nextInt(8) == 0 ? null : integer();
            case 1: return integer();
            case 2: return real();
            case 3: return numericText();
            case 4: return text();
            default: return random.nextBoolean() ? numericText().getBytes(StandardCharsets.UTF_8) : blob();
        }
    }

    public Long integer() {
        if (random.nextBoolean()) {
            return INTS[random.nextInt(INTS.length)];
        }
        return switch (random.nextInt(3)) {
            case 0 -> (long) random.nextInt(21) - 10;
            case 1 -> (long) random.nextInt();
            default -> random.nextLong();
        };
    }

    public Double real() {
        if (random.nextBoolean()) {
            return REALS[random.nextInt(REALS.length)];
        }
        return switch (random.nextInt(4)) {
            case 0 -> (random.nextInt(2001) - 1000) / 8.0;
            case 1 -> random.nextGaussian() * Math.pow(10, random.nextInt(40) - 20);
            case 2 -> (double) (random.nextInt(200) - 100);
            default -> {
                double d = Double.longBitsToDouble(random.nextLong());
                yield Double.isNaN(d) ? 0.5 : d;
            }
        };
    }

    public String numericText() {
        if (random.nextInt(3) > 0) {
            return NUMERIC_TEXTS.get(random.nextInt(NUMERIC_TEXTS.size()));
        }
        Object n = random.nextBoolean() ? integer() : real();
        String s = SqlValues.toText(n);
        return switch (random.nextInt(4)) {
            case 0 -> " " + s;
            case 1 -> s + "x";
            default -> s;
        };
    }

    public String text() {
        String alphabet = "abcABC xyz%_*?[]^-\\0123é€😀\t";
        int n = random.nextInt(8);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            sb.appendCodePoint(alphabet.codePointAt(alphabet.offsetByCodePoints(0, random.nextInt(alphabet.codePointCount(0, alphabet.length())))));
        }
        return sb.toString();
    }

    public byte[] blob() {
        byte[] b = new byte[random.nextInt(6)];
        random.nextBytes(b);
        return b;
    }

    public Object finiteAny() {
        Object v = any();
        if (v instanceof Double d && (d.isInfinite() || d.isNaN())) {
            return 1.5;
        }
        return v;
    }
}
