package io.onelite.exec.func;

import io.onelite.common.OneLiteException;
import io.onelite.exec.value.NativeOracle;
import org.junit.jupiter.api.Test;

import java.util.HexFormat;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * JSONB against native SQLite: the bytes jsonb() and the jsonb_ functions produce, and every JSON
 * function reading blobs native SQLite made (so JSON5 forms, TEXTRAW and odd headers are read
 * too), hand-made and malformed blobs, and json_valid's JSONB flags.
 */
class JsonbDifferentialTests extends OracleTests {
    static final List<String> DOCS = List.of("null", "true", "false", "0", "-1", "42", "12345678901234567890",
            "-9223372036854775808", "1.5", "-0.25e-3", "1E5", "2.50", "\"\"", "\"abc\"", "\"a\\\"b\"", "\"\\u00e9\\n\"",
            "\"é😀\"", "\"\\/\"", "[]", "{}", "[1,[2,[3]],{\"a\":{}}]", "{\"a\":1,\"b\":[true,null],\"a\":\"dup\"}",
            " [ 1 , 2 ] ", "\"" + "x".repeat(11) + "\"", "\"" + "x".repeat(12) + "\"", "\"" + "y".repeat(255) + "\"",
            "\"" + "y".repeat(256) + "\"", "\"" + "z".repeat(70_000) + "\"", "[" + "1,".repeat(40_000) + "1]",
            // JSON5, stored by SQLite as INT5, FLOAT5 and TEXT5
            "0x1F", "-0x1f", "+0X1a", ".5", "5.", "-5.e3", "+.5e1", "+3", "Infinity", "-Infinity", "NaN", "'sq\"'",
            "\"a\\x41\\v\\'\\0\"", "{a:1,'b':2,}", "[1,2,]", "/*c*/ 1", "\"tab\t\"", "\"ctl\u0001\"",
            "'it''s'", "[\"a\\\nb\", '\\r\\n']");

    /**
     * Blobs made by hand: canonical, non-canonical headers, reserved types, truncations, text
     * lookalikes. Not here, as they differ (compat.md): SQLite reads lazily, so x'2b0013' (an
     * array whose last element is cut short) is an array of length 2 to it, and x'2c1331' (an
     * integer label) and x'3c176113' (a label without a value) objects until a lookup reaches
     * the label, and x'4b01173131' (a TRUE with a payload, last) an array up to its bad element;
     * we reject them all. Invalid INT payloads (x'1300', x'233078') convert differently. The text of
     * invalid TEXT/TEXTJ payloads (x'275c6e', x'28225c') comes back unescaped by us, as is; and
     * x'36352e', a 3-byte FLOAT5 whose bytes are also JSON text, is read as text by jsonb().
     */
    static final List<String> BLOBS = List.of("00", "01", "02", "1331", "232d31", "3331", "34307831",
            "442d307831", "262e35", "252e35", "35312e35", "1761", "285c6e", "295c76",
            "2922", "3a612262", "0b", "0c", "4c17611331", "c00b", "c30131", "d0000b", "e00000000b", "f0000000000000000b",
            "f0000000010000000b", "0d", "0e", "0f", "1b00", "1c", "", "5b315d",
            "7b7d", "31", "ff", "10", "11", "2331", "5b5d", "30", "333132", "13", "1a22",
            "3b001331", "cb00", "db0000", "eb00000000", "fb0000000000000000", "cb021331", "c70161", "d7000161",
            "5b34307831", "cb0b5b34307831c70161da000178", "cb0413311332", "5c17612b1331", "d00007616263");

    static final List<String> PATHS = List.of("$", "$[0]", "$[1]", "$.a", "$.b[1]", "$[#-1]", "$.x");

    private Object nativeJsonb(Object doc) {
        return oracle.nativeDb.eval("jsonb(?)", doc).value();
    }

    @Test
    void jsonbWritesTheBytesNativeSqliteWrites() {
        for (String d : DOCS) {
            oracle.check("jsonb", d);
            oracle.check("json", d);
            oracle.check("jsonb_set", d, "$[1]", "x");
            checkReading(nativeJsonb(d));
        }
        assertThat(oracle.failures).isEmpty();
    }

    @Test
    void handMadeBlobsAreReadAsNativeSqliteReadsThem() {
        for (String hex : BLOBS) {
            byte[] b = HexFormat.of().parseHex(hex);
            for (long flags = 1; flags <= 15; flags++) {
                oracle.check("json_valid", b, flags);
            }
            checkReading(b);
        }
        assertThat(oracle.failures).isEmpty();
    }

    /** Every reader of a JSON argument, given blob {@code b}. */
    private void checkReading(Object b) {
        if (b == null) {
            return;
        }
        oracle.check("json", b);
        oracle.check("jsonb", b);
        oracle.check("json_valid", b);
        oracle.check("json_type", b);
        oracle.check("json_quote", b);
        oracle.check("json_array", b, 1L);
        oracle.check("json_array_length", b);
        oracle.check("json_pretty", b);
        oracle.check("json_patch", b, "{\"a\":null,\"n\":{\"m\":1}}");
        oracle.check("json_patch", "{\"a\":7}", b);
        for (String p : PATHS) {
            oracle.check("json_extract", b, p);
            oracle.check("jsonb_extract", b, p);
            oracle.check("json_extract", b, p, "$[0]");
            oracle.check("->", b, p);
            oracle.check("->>", b, p);
            oracle.check("json_type", b, p);
            oracle.check("json_array_length", b, p);
            oracle.check("json_set", b, p, "v\"");
            oracle.check("jsonb_set", b, p, "v\"");
            oracle.check("jsonb_insert", b, p, 1.5, "$.new", 7L);
            oracle.check("jsonb_replace", b, p, null);
            oracle.check("json_remove", b, p);
            oracle.check("jsonb_remove", b, p);
        }
    }

    @Test
    void jsonbVariantsReturnNativeBytes() {
        byte[] arr = (byte[]) nativeJsonb("[1,{\"k\":\"v\"}]");
        byte[] nine = (byte[]) nativeJsonb("[9]");
        Object[][] calls = {
                {"jsonb_array"}, {"jsonb_array", 1L, 2.5, "a\"b", null, "é"}, {"jsonb_array", arr, "[1]"},
                {"jsonb_object"}, {"jsonb_object", "a", 1L, "b\\", "x\ny", "c", arr},
                {"jsonb_set", "{\"a\":1}", "$.b", "text", "$.c.d", 1e100}, {"jsonb_set", "[1]", "$[#]", "x"},
                {"jsonb_insert", "{}", "$.a\"q", 1L}, {"jsonb_replace", "{\"a\":1}", "$.a", arr},
                {"jsonb_remove", "[1,2,3]", "$[0]", "$[#-1]"}, {"jsonb_remove", "[1]", "$"},
                {"jsonb_patch", "{\"a\":1,\"b\":2}", "{\"b\":null,\"c\":[3]}"}, {"jsonb_patch", arr, arr},
                {"jsonb_extract", "{\"a\":[1,2]}", "$.a"}, {"jsonb_extract", "{\"a\":[1,2]}", "$.a[0]"},
                {"jsonb_extract", "{\"a\":[1,2]}", "$.a", "$.b"}, {"jsonb_extract", "[0x10, 'a\"b', {k:.5}]", "$[0]", "$[1]", "$[2]"},
                {"jsonb_extract", "[0x10, 'a\"b', {k:.5}]", "$[2]"}, {"jsonb", "{\"a\" : [ 1 ] }"},
                {"jsonb", "[\"" + "é".repeat(200) + "\"]"},
                // labels and substructure made by a path, special reals, JSON values
                {"jsonb_set", "{}", "$.\"a\\\"b\"", 1L}, {"jsonb_set", "{}", "$.\"a.b\"", 1L},
                {"jsonb_set", "{}", "$.\"é\\u0041\"", 1L}, {"jsonb_insert", "{}", "$.a.b[0]", 1L},
                {"jsonb_set", "{}", "$.a[0].b", "x"}, {"jsonb_set", "[]", "$[#]", Double.POSITIVE_INFINITY},
                {"jsonb_set", "[]", "$[#]", Double.NEGATIVE_INFINITY}, {"jsonb_array", Double.POSITIVE_INFINITY},
                {"jsonb_set", "[]", "$[#]", 1e100, "$[#]", -0.0, "$[#]", 0.1}, {"jsonb_array", 1e100, -0.0},
                {"jsonb_set", "{\"a\":\"long text here\"}", "$.a", "s"}, {"jsonb_replace", "[1]", "$[0]", "é"},
                {"jsonb_set", "{\"a\":[1,2,3,4,5,6,7,8,9,10]}", "$.a", 1L},
                {"jsonb_set", "[\"" + "x".repeat(300) + "\"]", "$[0]", 2L},
                {"jsonb_patch", "{\"a\":\"" + "x".repeat(300) + "\"}", "{\"a\":\"y\"}"},
                // a replacement edited again: its widened header is narrowed once its size changes
                {"jsonb_set", "{\"a\":[1,2,3]}", "$.a", nine, "$.a[#]", 5L},
                {"jsonb_set", "{\"a\":[1,2,3]}", "$.a", nine, "$.a[0]", 5L},
                {"jsonb_set", "{\"a\":[1,2,3]}", "$.a", nine, "$.a", "q"},
                {"jsonb_set", "[0x10, .5, 'q']", "$[#]", 1L}, {"jsonb_remove", "{a:1, 'b':0xFF}", "$.a"},
                {"json_set", "{}", "$.\"a\\\"b\"", 1L}, {"json_set", "{}", "$.\"é\\u0041\"", 1L},
                {"json_extract", "{\"a\\\"b\":1}", "$.\"a\\\"b\""}, {"json_extract", "{\"aA\":2}", "$.\"a\\u0041\""},
                {"json_set", "[]", "$[#]", Double.POSITIVE_INFINITY}, {"json_array", Double.NEGATIVE_INFINITY},
                {"jsonb_set", "{}", "$.\"x\\u0041\".b", 1L}, {"json_insert", "{}", "$.\"x\\u0041\".b", 1L},
        };
        for (Object[] call : calls) {
            Object[] args = java.util.Arrays.copyOfRange(call, 1, call.length);
            oracle.check((String) call[0], args);
        }
        assertThat(oracle.failures).isEmpty();
    }

    @Test
    void jsonbAggregatesReturnNativeBytes() {
        oracle.nativeDb.execute("CREATE TABLE j(k, v)");
        oracle.nativeDb.execute("INSERT INTO j VALUES ('a', 1), ('b', 'x\"'), (NULL, 2.5), ('c', NULL)");
        var arr = Functions.aggregate("jsonb_group_array", 1).start();
        var obj = Functions.aggregate("jsonb_group_object", 2).start();
        Object[][] rows = {{"a", 1L}, {"b", "x\""}, {null, 2.5}, {"c", null}};
        for (Object[] row : rows) {
            arr.step(new Object[] {row[1]});
            obj.step(row);
        }
        oracle.record("jsonb_group_array", new Object[0],
                oracle.nativeDb.query("SELECT typeof(v), v FROM (SELECT jsonb_group_array(v) AS v FROM j)"),
                arr.value(), null);
        oracle.record("jsonb_group_object", new Object[0],
                oracle.nativeDb.query("SELECT typeof(v), v FROM (SELECT jsonb_group_object(k, v) AS v FROM j)"),
                obj.value(), null);
        assertThat(oracle.failures).isEmpty();
    }

    /** json_each and json_tree rows (with ids) over {@code b}, compared as the oracle compares values. */
    private void checkEachAndTree(Object b) {
        for (String fn : new String[] {"json_each", "json_tree"}) {
            NativeOracle.Result expected = oracle.nativeDb.query("SELECT 'text', group_concat(quote(key) || ','"
                    + " || quote(value) || ',' || type || ',' || id || ',' || quote(parent) || ',' || fullkey, ';')"
                    + " FROM " + fn + "(?)", b);
            StringBuilder actual = new StringBuilder();
            String error = null;
            try {
                List<Object[]> rows = fn.equals("json_each") ? JsonTable.each(b, "$") : JsonTable.tree(b, "$");
                for (Object[] r : rows) {
                    actual.append(actual.length() > 0 ? ";" : "").append(TextFunctions.quote(r[0])).append(',')
                            .append(TextFunctions.quote(r[1])).append(',').append(r[2]).append(',').append(r[4])
                            .append(',').append(TextFunctions.quote(r[5])).append(',').append(r[6]);
                }
            } catch (OneLiteException e) {
                error = e.getMessage();
            }
            oracle.record(fn, new Object[] {b}, expected, error == null && actual.length() == 0 ? null
                    : actual.toString(), error);
        }
    }

    @Test
    void jsonEachAndTreeWalkABlobAsNativeSqliteDoes() throws java.sql.SQLException {
        for (String d : List.of("[1,{\"a\":[2,\"x\"]},null]", "{\"k\":{\"l\":[true]},\"m\":\"é\"}", "0x10",
                "{a:'q',b:.5}")) {
            byte[] b = (byte[]) nativeJsonb(d);
            b = (byte[]) oracle.nativeDb.eval("jsonb_set(?, '$.new', 'raw\"text')", b).value();
            for (String fn : new String[] {"json_each", "json_tree"}) {
                List<String> expected = new java.util.ArrayList<>();
                try (var ps = oracle.nativeDb.connection().prepareStatement(
                        "SELECT quote(key), quote(value), type, quote(atom), id, quote(parent), fullkey, path FROM "
                                + fn + "(?)")) {
                    ps.setBytes(1, b);
                    try (var rs = ps.executeQuery()) {
                        while (rs.next()) {
                            StringBuilder sb = new StringBuilder();
                            for (int c = 1; c <= 8; c++) {
                                sb.append(rs.getString(c)).append('|');
                            }
                            expected.add(sb.toString());
                        }
                    }
                }
                List<String> actual = new java.util.ArrayList<>();
                List<Object[]> rows = fn.equals("json_each") ? JsonTable.each(b, "$") : JsonTable.tree(b, "$");
                for (Object[] r : rows) {
                    actual.add(TextFunctions.quote(r[0]) + "|" + TextFunctions.quote(r[1]) + "|" + r[2] + "|"
                            + TextFunctions.quote(r[3]) + "|" + r[4] + "|" + TextFunctions.quote(r[5]) + "|" + r[6]
                            + "|" + r[7] + "|");
                }
                oracle.checked++;
                assertThat(actual).as(fn + " " + d).isEqualTo(expected);
            }
        }
    }

    /** A random RFC 8259 document: nested containers, numbers of every shape, escaped and unicode strings. */
    static String randomDoc(Random r, int depth) {
        int kind = depth > 3 ? r.nextInt(4) : r.nextInt(6);
        switch (kind) {
            case 0:
                return List.of("null", "true", "false").get(r.nextInt(3));
            case 1:
                return switch (r.nextInt(6)) {
                    case 0 -> Long.toString(r.nextLong());
                    case 1 -> Integer.toString(r.nextInt(2000) - 1000);
                    case 2 -> (r.nextBoolean() ? "-" : "") + "1" + "0".repeat(15 + r.nextInt(15));
                    case 3 -> Double.toString(r.nextGaussian() * 1000);
                    case 4 -> r.nextInt(100) + (r.nextBoolean() ? "e" : "E") + List.of("", "+", "-").get(r.nextInt(3))
                            + r.nextInt(400);
                    default -> "-0." + r.nextInt(1000) + "e-" + r.nextInt(20);
                };
            case 2:
            case 3: {
                StringBuilder sb = new StringBuilder("\"");
                int n = r.nextInt(r.nextInt(10) == 0 ? 300 : 14);
                for (int i = 0; i < n; i++) {
                    switch (r.nextInt(12)) {
                        case 0 -> sb.append(List.of("\\\"", "\\\\", "\\/", "\\b", "\\f", "\\n", "\\r", "\\t")
                                .get(r.nextInt(8)));
                        case 1 -> sb.append(String.format("\\u%04x", r.nextInt(0xd000)));
                        case 2 -> sb.append(List.of("é", "😀", "中", "\u2028", "'").get(r.nextInt(5)));
                        default -> sb.append((char) ('a' + r.nextInt(26)));
                    }
                }
                return sb.append('"').toString();
            }
            case 4: {
                StringBuilder sb = new StringBuilder("[");
                int n = r.nextInt(r.nextInt(8) == 0 ? 20 : 4);
                for (int i = 0; i < n; i++) {
                    sb.append(i > 0 ? "," : "").append(r.nextBoolean() ? "" : " ").append(randomDoc(r, depth + 1));
                }
                return sb.append(']').toString();
            }
            default: {
                StringBuilder sb = new StringBuilder("{");
                int n = r.nextInt(5);
                for (int i = 0; i < n; i++) {
                    sb.append(i > 0 ? "," : "").append(r.nextBoolean() ? randomDoc(r, 9).replaceAll("^[^\"].*", "\"k\"")
                            : "\"" + JsonFunctionDifferentialTests.KEYS[r.nextInt(6)] + "\"")
                            .append(':').append(randomDoc(r, depth + 1));
                }
                return sb.append('}').toString();
            }
        }
    }

    @Test
    void randomDocumentsMatchNativeSqlite() {
        Random random = new Random(FunctionOracle.seed());
        for (int i = 0; i < 1500; i++) {
            String d = randomDoc(random, 0);
            String p = JsonFunctionDifferentialTests.path(random);
            oracle.check("jsonb", d);
            Object b = nativeJsonb(d);
            oracle.check("json", b);
            oracle.check("json_valid", b, 8L);
            oracle.check("json_extract", b, p);
            oracle.check("jsonb_extract", b, p);
            oracle.check("->", b, p);
            oracle.check("->>", b, p);
            oracle.check("json_type", b, p);
            oracle.check("jsonb_set", b, p, "s" + i);
            oracle.check("jsonb_insert", d, p, (long) i);
            oracle.check("jsonb_replace", b, p, random.nextGaussian());
            oracle.check("jsonb_remove", b, p);
            oracle.check("jsonb_patch", b, randomDoc(random, 1));
            oracle.check("jsonb_array", b, d);
            Object value = nativeJsonb(randomDoc(random, 2));
            oracle.check("jsonb_set", b, p, value, JsonFunctionDifferentialTests.path(random), "v",
                    JsonFunctionDifferentialTests.path(random), (long) i);
            oracle.check("jsonb_replace", b, p, value, p, 1.25);
            oracle.check("jsonb_insert", b, JsonFunctionDifferentialTests.path(random), value, p, "w");
            // blobs native SQLite edited in place (widened headers) read and edited again
            Object edited = oracle.nativeDb.eval("jsonb_replace(jsonb_set(?, ?, 'x'), ?, 1)", b, p,
                    JsonFunctionDifferentialTests.path(random)).value();
            if (edited instanceof byte[]) {
                String p2 = JsonFunctionDifferentialTests.path(random);
                oracle.check("json", edited);
                oracle.check("jsonb", edited);
                oracle.check("jsonb_set", edited, p2, random.nextBoolean() ? "yy" : (Object) 12L);
                oracle.check("jsonb_remove", edited, p2);
                oracle.check("jsonb_extract", edited, p2);
                checkEachAndTree(edited);
            }
        }
        // JSON5 and malformed documents: what they mean, read back from native's blobs
        for (int i = 0; i < 1500; i++) {
            String d = JsonFunctionDifferentialTests.doc(random, 0);
            Object b = nativeJsonb(d);
            oracle.check("jsonb", d);
            if (b instanceof byte[]) {
                oracle.check("json", b);
                oracle.check("json_extract", b, JsonFunctionDifferentialTests.path(random));
            }
        }
        assertThat(oracle.failures).isEmpty();
    }

    @Test
    void encoderRoundTripsItsOwnOutput() {
        Random random = new Random(FunctionOracle.seed());
        for (int i = 0; i < 500; i++) {
            String d = randomDoc(random, 0);
            byte[] b = Jsonb.encode(JsonText.parse(d));
            assertThat(JsonbCheck.isStrictlyValid(b)).as(d).isTrue();
            assertThat(JsonText.write(Jsonb.decode(b))).isEqualTo(JsonText.write(JsonText.parse(d)));
        }
    }

    @Test
    void malformedBlobIsAnErrorNotACrash() {
        byte[] b = HexFormat.of().parseHex("2b0013");
        try {
            Jsonb.decode(b);
        } catch (OneLiteException e) {
            assertThat(e.getMessage()).isEqualTo("malformed JSON");
            return;
        }
        throw new AssertionError("decoded a malformed blob");
    }
}
