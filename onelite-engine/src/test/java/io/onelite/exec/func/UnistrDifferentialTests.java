package io.onelite.exec.func;

import io.onelite.exec.value.ValueGen;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * unistr() and unistr_quote() (SQLite 3.50+) against native SQLite: every escape form, broken
 * escapes, and values of every storage class.
 */
class UnistrDifferentialTests extends OracleTests {
    static final String[] PIECES = {"a", "é", "😀", " ", "'", "\\", "\\\\", "\\0041", "\\00e9", "\\u20AC", "\\+01F600",
        "\\U0001F600", "\\u00", "\\x41", "\\+12", "\\U1", "\\g", "\\", "\n", "\t", "\u0001", "zz", "0041", "\\uD800",
        "\\U00110000", "\\+10FFFF"};

    private static final java.util.regex.Pattern ESCAPE =
            java.util.regex.Pattern.compile("\\\\(?:\\+([0-9a-fA-F]{6})|U([0-9a-fA-F]{8})|u([0-9a-fA-F]{4})|([0-9a-fA-F]{4}))");

    /** Whether every escape in {@code s} names a Unicode scalar value (no surrogate, nothing past U+10FFFF). */
    private static boolean scalarValuesOnly(String s) {
        java.util.regex.Matcher m = ESCAPE.matcher(s);
        while (m.find()) {
            for (int g = 1; g <= 4; g++) {
                if (m.group(g) != null) {
                    long v = Long.parseLong(m.group(g), 16);
                    if (v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff)) {
                        return false;
                    }
                }
            }
        }
        return true;
    }

    @Test
    void unistrAndUnistrQuoteMatchNativeSqlite() {
        Random random = new Random(FunctionOracle.seed());
        ValueGen gen = new ValueGen(random);
        for (int i = 0; i < 4000; i++) {
            StringBuilder sb = new StringBuilder();
            for (int k = random.nextInt(5); k >= 0; k--) {
                sb.append(PIECES[random.nextInt(PIECES.length)]);
            }
            String s = sb.toString();
            if (!scalarValuesOnly(s)) {
                continue; // no Unicode scalar value: SQLite writes bytes that are no UTF-8 (docs/functions.md)
            }
            oracle.check("unistr", s);
            oracle.check("unistr_quote", s);
            Object any = gen.finiteAny();
            if (!(any instanceof byte[] b) || ScalarFunctionDifferentialTests.validUtf8(b)) {
                oracle.check("unistr_quote", any);
                oracle.check("unistr", any);
            }
        }
        assertThat(oracle.failures).isEmpty();
    }
}
