package io.onelite.exec.func;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * json_error_position() against native SQLite: the character its parser stops at for text that
 * is not JSON (every kind of element, JSON5 forms, comments and white space, damaged at random
 * places), 0 for JSON and JSON5, and the byte offset for damaged JSONB blobs.
 */
class JsonErrorPositionDifferentialTests extends OracleTests {
    static final List<String> SEEDS = List.of("{\"a\":1,\"b\":[true,false,null]}", "[1, 2.5, -3e2, \"x\\ny\"]",
            "{a: 'single', $b_2: .5, c: +1, d: 0x1F, e: Infinity, f: NaN,}", "[1,2,]", "{}", "[]", "\"text\"",
            "  {\"k\" /* comment */ : // line\n 7 }  ", "[\u00a0 1 \u2028, \ufeff2 ]", "{\"a\":{\"b\":{\"c\":[[[]]]}}}",
            "-Infinity", "[inf, -inf, QNaN, snan, nan]", "'\\x41\\v\\0\\''", "{\\u0061: 1}", "[1e5, 1E+5, 2.e3, -0.5]",
            "[\"é€😀\", 'ü']", "123", "null", " true ", "[\"\\uD83D\\uDE00\"]", "{\"a\" : 1 , \"b\" : 2}");

    static final String DAMAGE = "{}[],:\"'\\ /*\n\t.+-eE0x9aZ\u00a0\u2028\u00e9";

    @Test
    void errorPositionsMatchNativeSqlite() {
        Random random = new Random(FunctionOracle.seed());
        for (String s : SEEDS) {
            oracle.check("json_error_position", s);
            for (int cut = 0; cut <= s.length(); cut++) {
                oracle.check("json_error_position", s.substring(0, cut));
            }
        }
        for (int i = 0; i < 6000; i++) {
            StringBuilder sb = new StringBuilder(SEEDS.get(random.nextInt(SEEDS.size())));
            for (int k = 1 + random.nextInt(3); k > 0; k--) {
                int at = random.nextInt(sb.length() + 1);
                char c = DAMAGE.charAt(random.nextInt(DAMAGE.length()));
                switch (random.nextInt(3)) {
                    case 0 -> sb.insert(at, c);
                    case 1 -> {
                        if (at < sb.length()) {
                            sb.deleteCharAt(at);
                        }
                    }
                    default -> {
                        if (at < sb.length()) {
                            sb.setCharAt(at, c);
                        }
                    }
                }
            }
            String damaged = sb.toString();
            if (damaged.codePoints().noneMatch(cp -> cp >= 0xd800 && cp <= 0xdfff)) {
                oracle.check("json_error_position", damaged); // not half of a character cut in two
            }
        }
        oracle.check("json_error_position", "[".repeat(1001) + "]".repeat(1001));
        oracle.check("json_error_position", "[".repeat(1000) + "]".repeat(1000));
        oracle.check("json_error_position", (Object) null);
        oracle.check("json_error_position", 12L);
        oracle.check("json_error_position", 1.5);
        assertThat(oracle.failures).isEmpty();
    }

    @Test
    void jsonbBlobsGiveTheirFirstBadByte() {
        Random random = new Random(FunctionOracle.seed());
        for (int i = 0; i < 3000; i++) {
            String json = SEEDS.get(random.nextInt(SEEDS.size()));
            byte[] blob = (byte[]) oracle.nativeDb.eval("jsonb(?)", json).value();
            byte[] damaged = blob.clone();
            for (int k = random.nextInt(3); k >= 0 && damaged.length > 0; k--) {
                damaged[random.nextInt(damaged.length)] = (byte) random.nextInt(256);
            }
            if (JsonbCheck.isJsonb(damaged) || ScalarFunctionDifferentialTests.validUtf8(damaged)) {
                oracle.check("json_error_position", (Object) damaged); // read as text, bad UTF-8 counts otherwise
            }
        }
        assertThat(oracle.failures).isEmpty();
    }
}
