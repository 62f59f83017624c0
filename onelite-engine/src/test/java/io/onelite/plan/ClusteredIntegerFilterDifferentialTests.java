package io.onelite.plan;

import org.junit.jupiter.api.Test;

import static io.onelite.plan.ScenarioTests.run;

/**
 * Against native SQLite: a filter comparing a column of a WITHOUT ROWID table with an integer
 * reads the column in the entry's page ({@code IndexCursor.compareIntegerInPlace}, through the
 * column's place in the entry, the key's columns first), and falls back to the column's value
 * for texts, blobs, NULLs, REAL columns, columns past an old entry's end (their defaults) and
 * entries spilling to overflow pages.
 */
class ClusteredIntegerFilterDifferentialTests {
    @Test
    void integerFiltersOnWithoutRowidEntriesAgree() throws Exception {
        String fill = "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 1500)"
                + " INSERT INTO w(k, g, x, r, s) SELECT 'k' || i, CASE i % 9 WHEN 0 THEN NULL WHEN 1 THEN 'text'"
                + " WHEN 2 THEN 4.0 WHEN 3 THEN 4.5 WHEN 4 THEN x'04' ELSE i % 6 END, i * 7 % 101 - 50, i % 5,"
                + " CASE WHEN i % 97 = 0 THEN printf('%.*c', 3000, 's') ELSE 's' || i END FROM c";
        String[] filters = {"g = 4", "g > 3", "g <= 2", "g <> 1", "x < 0", "x >= 17 AND g < 5", "r = 2", "r > 2",
            "g IS 4", "x BETWEEN -3 AND 3", "d = 7", "d > 7", "e = 1", "g = 4 AND length(s) > 100"};
        StringBuilder queries = new StringBuilder();
        java.util.List<String> script = new java.util.ArrayList<>(java.util.List.of(
                // the key declared last, stored first: every other column sits one place later in the entry
                "CREATE TABLE w(g INT, x INTEGER, r REAL, s TEXT, k TEXT PRIMARY KEY) WITHOUT ROWID", fill,
                "ALTER TABLE w ADD COLUMN d INT DEFAULT 7", "ALTER TABLE w ADD COLUMN e INT",
                "UPDATE w SET d = x % 9, e = 1 WHERE x > 30"));
        for (String f : filters) {
            script.add("SELECT count(*), group_concat(k, ',') FILTER (WHERE length(k) < 4) FROM w WHERE " + f);
        }
        script.add("DELETE FROM w WHERE g = 4");
        script.add("SELECT changes(), count(*), sum(x) FROM w");
        script.add("PRAGMA integrity_check");
        run(script.toArray(String[]::new));
    }
}
