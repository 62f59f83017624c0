package io.onelite.plan;

import org.junit.jupiter.api.Test;

import static io.onelite.plan.ScenarioTests.run;

/**
 * Against native SQLite: json_tree's first row when a root path is given. SQLite shows the
 * target's container as that row's path only when the target is the container's first element
 * or member, else "$", and reads the row's key from the root path's text after that path: a
 * number after '[' ("[#-1]" and "a[2]"-like tails read as their leading integer, or 0), else the
 * label text (found by {@code JsonFunctionDifferentialTests} with seed 900006).
 */
class JsonTreeRootRowDifferentialTests {
    private static String tree(String json, String path) {
        return "SELECT key, value, type, atom, id, parent, fullkey, path FROM json_tree(" + json + ", '" + path + "')";
    }

    @Test
    void theFirstRowsKeyAndPathComeFromTheRootPathText() throws Exception {
        run(tree("'[ [ true, [2.50],0]]'", "$[0][2]"),
                tree("'[ [ true, [2.50],0]]'", "$[0][1]"),
                tree("'[ [ true, [2.50],0]]'", "$[0]"),
                tree("'[1,[2,3]]'", "$[1][0]"),
                tree("'[1,[2,3]]'", "$[1][1]"),
                tree("'[0,1,2,3]'", "$[3]"),
                tree("'[0,1,2,3]'", "$[#-1]"),
                tree("'[1,2,3]'", "$[#-3]"),
                tree("'[[0,1,2,3]]'", "$[0][3]"),
                tree("'[[1,2]]'", "$[0][#-1]"),
                tree("'{\"a\":{\"b\":1}}'", "$.a.b"),
                tree("'{\"a\":{\"x\":0,\"b\":1}}'", "$.a.b"),
                tree("'{\"a\":{\"x\":0,\"b\":1}}'", "$.a.x"),
                tree("'{\"a\":[5,6,7]}'", "$.a[2]"),
                tree("'{\"a\":[5,6,7]}'", "$.a[0]"),
                tree("'{\"a\":{\"x\":0,\"b c\":1}}'", "$.a.\"b c\""),
                tree("'{\"a\":{\"b c\":1}}'", "$.a.\"b c\""),
                tree("'{\"x\":1, \"a.b\":{\"c\":[1,2]}}'", "$.\"a.b\".c[1]"),
                tree("'{\"x\":1, \"a.b\":{\"c\":[1,2]}}'", "$.\"a.b\".c"),
                tree("'{\"x\":1, \"a\":[[1,2],[3,4]]}'", "$.a[1]"),
                tree("'{\"a\":1,\"a\":2}'", "$.a"),
                tree("'{\"é\":{\"x\":1,\"ü\":2}}'", "$.é.ü"),
                tree("jsonb('{\"a\":{\"x\":0,\"b\":[7,8]}}')", "$.a.b"),
                tree("'[1,[2,3]]'", "$"),
                "SELECT key, path, fullkey FROM json_each('[1,[2,3]]', '$[1][1]')",
                "SELECT key, path, fullkey FROM json_each('{\"a\":{\"x\":0,\"b\":[7,8]}}', '$.a.b')");
    }
}
