package io.onelite.plan;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code SELECT min(v), max(v) FROM t} reads the two ends of t's index on v, not every entry: in
 * BEGIN CONCURRENT only a change at an end (a new smallest or largest value, or the removal of
 * one) conflicts; a row committed in between does not. Where no index serves one aggregate,
 * every row is read, and any change conflicts.
 */
class ExtremeProbesTests {
    private static final String[] SETUP = setup();

    private static String[] setup() {
        List<String> sql = new ArrayList<>(List.of(
                "CREATE TABLE t(id INTEGER PRIMARY KEY, v, w)", "CREATE INDEX tv ON t(v)", "CREATE TABLE log(x)"));
        for (int i = 1; i <= 50; i++) {
            sql.add("INSERT INTO t VALUES (" + i + ", " + (i * 10) + ", " + i + ")");
        }
        return sql.toArray(String[]::new);
    }

    private static void commitAfter(String query, String expected, String write, boolean conflicts) {
        ReadSetConflicts.commitAfter(SETUP, query, expected, write, conflicts);
    }

    @Test
    void minAndMaxTogetherReadOnlyTheIndexEnds() {
        String q = "SELECT min(v), max(v) FROM t";
        commitAfter(q, "10|500", "INSERT INTO t VALUES (100, 255, 0)", false);
        commitAfter(q, "10|500", "DELETE FROM t WHERE id = 25", false);
        commitAfter(q, "10|500", "INSERT INTO t VALUES (100, 5, 0)", true);
        commitAfter(q, "10|500", "INSERT INTO t VALUES (100, 501, 0)", true);
        commitAfter(q, "10|500", "DELETE FROM t WHERE id = 50", true);
        commitAfter(q, "10|500", "DELETE FROM t WHERE id = 1", true);
    }

    @Test
    void withoutAnIndexForOneOfThemEveryRowIsRead() {
        commitAfter("SELECT min(v), max(w) FROM t", "10|50", "INSERT INTO t VALUES (100, 255, 7)", true);
    }
}
