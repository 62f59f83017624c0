package io.onelite.plan;

import org.junit.jupiter.api.Test;

import static io.onelite.plan.ScenarioTests.run;

/**
 * Against native SQLite, byte for byte: the edits of one jsonb_set/jsonb_insert/jsonb_replace call
 * apply one after another to the blob as the previous ones left it, so a container whose size an
 * edit changed has the narrowest header from then on (found by {@code JsonbDifferentialTests} with
 * seed 900056: a root widened to a 9-byte header by '$', then grown and shrunk back, kept the 9
 * bytes here and had 2 in SQLite).
 */
class JsonbEditSequenceDifferentialTests {
    private static final String TEXT_BLOB = "X'C8135C5C675C7533643436745C7538353466756872'";
    private static final String OBJECT = "X'CC0C176197796475756DF09F9880'";

    @Test
    void eachEditSeesTheBlobThePreviousOneLeft() throws Exception {
        run("SELECT hex(jsonb_set(" + TEXT_BLOB + ", '$', " + OBJECT + ", '$.\"c\"[#]', 'v', '$.a', 1362))",
                "SELECT hex(jsonb_set(" + TEXT_BLOB + ", '$', " + OBJECT + "))",
                "SELECT hex(jsonb_set(" + TEXT_BLOB + ", '$', " + OBJECT + ", '$.a', 1362))",
                "SELECT hex(jsonb_set(" + TEXT_BLOB + ", '$', " + OBJECT + ", '$.\"c\"[#]', 'v'))",
                "SELECT hex(jsonb_set(" + OBJECT + ", '$.\"c\"[#]', 'v', '$.a', 1362))",
                "SELECT hex(jsonb_set(" + OBJECT + ", '$.a', 'yduum😀', '$.a', 1, '$.a', 'yduum😀'))",
                "SELECT hex(jsonb_replace(" + TEXT_BLOB + ", '$', " + OBJECT + ", '$.a', 'x'))",
                "SELECT hex(jsonb_insert(jsonb_set(" + TEXT_BLOB + ", '$', " + OBJECT + "), '$.b', 1, '$.c', 2))",
                "SELECT hex(jsonb_set('[1,[2,3]]', '$[1]', " + OBJECT + ", '$[1].a', 5, '$[0]', 'abc'))",
                "SELECT json_set(" + TEXT_BLOB + ", '$', " + OBJECT + ", '$.\"c\"[#]', 'v', '$.a', 1362)");
    }
}
