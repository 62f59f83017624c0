package io.onelite.plan;

import org.junit.jupiter.api.Test;

import static io.onelite.plan.ScenarioTests.run;

/**
 * Against native SQLite: a result column that repeats a GROUP BY term (the same expression, not a
 * bare column) shows the term's value on the group's first row, not the expression computed from
 * the row max() picks for the bare columns: of 'ABC', 'abc', 'Abc' (NOCASE-equal) {@code SELECT
 * rtrim(k) COLLATE NOCASE, max(id) ... GROUP BY rtrim(k) COLLATE NOCASE} shows 'ABC' (OneLite
 * showed max(id)'s 'Abc'); but when an ORDER BY term names it by number or AS name (outside
 * DISTINCT), SQLite computes it from the bare columns again. Found as RandomQueryDifferentialTests
 * seed 263000008 (query 44).
 */
class GroupByTermValueDifferentialTests {
    private static final String[] TABLE = {"CREATE TABLE t(id INTEGER PRIMARY KEY, k TEXT, w TEXT)",
        "INSERT INTO t VALUES (1, 'ABC', 'P'), (2, 'abc', 'p'), (3, 'Abc', 'p'), (4, 'x', 'q')"};

    private static void runOnTable(String... queries) throws Exception {
        String[] script = new String[TABLE.length + queries.length];
        System.arraycopy(TABLE, 0, script, 0, TABLE.length);
        System.arraycopy(queries, 0, script, TABLE.length, queries.length);
        run(script);
    }

    @Test
    void aRepeatedGroupByTermShowsTheGroupsFirstRow() throws Exception {
        runOnTable("SELECT rtrim(k) COLLATE NOCASE, max(id) FROM t GROUP BY rtrim(k) COLLATE NOCASE",
                "SELECT max(id), substr(k, 1) COLLATE NOCASE FROM t GROUP BY substr(k, 1) COLLATE NOCASE",
                "SELECT rtrim(k) COLLATE NOCASE AS s, max(id) FROM t GROUP BY s",
                "SELECT rtrim(k) COLLATE NOCASE, max(id) FROM t GROUP BY 1",
                "SELECT rtrim(t.k) COLLATE NOCASE, max(id) FROM t GROUP BY rtrim(k) COLLATE NOCASE",
                "SELECT rtrim(k) COLLATE NOCASE, max(id), rtrim(w) COLLATE NOCASE FROM t"
                        + " GROUP BY rtrim(k) COLLATE NOCASE, rtrim(w) COLLATE NOCASE",
                "SELECT DISTINCT rtrim(k) COLLATE NOCASE, max(id) FROM t GROUP BY rtrim(k) COLLATE NOCASE ORDER BY 1",
                "SELECT rtrim(k) COLLATE NOCASE, max(id) FROM t GROUP BY rtrim(k) COLLATE NOCASE ORDER BY 2 DESC",
                "SELECT rtrim(k) COLLATE NOCASE, max(id) FROM t GROUP BY rtrim(k) COLLATE NOCASE"
                        + " ORDER BY rtrim(k) COLLATE NOCASE DESC",
                "SELECT * FROM (SELECT rtrim(k) COLLATE NOCASE AS s, max(id) FROM t GROUP BY rtrim(k) COLLATE NOCASE)");
    }

    @Test
    void butNotABareColumnADifferentExpressionOrOneTheOrderByNames() throws Exception {
        runOnTable("SELECT k COLLATE NOCASE, max(id) FROM t GROUP BY k COLLATE NOCASE",
                "SELECT rtrim(k), max(id) FROM t GROUP BY rtrim(k) COLLATE NOCASE",
                "SELECT rtrim(k) COLLATE NOCASE || '', max(id) FROM t GROUP BY rtrim(k) COLLATE NOCASE",
                "SELECT rtrim(k) COLLATE NOCASE, k, count(*) FROM t GROUP BY rtrim(k) COLLATE NOCASE",
                "SELECT rtrim(k) COLLATE NOCASE AS s, max(id) FROM t GROUP BY rtrim(k) COLLATE NOCASE ORDER BY s",
                "SELECT rtrim(k) COLLATE NOCASE, max(id) FROM t GROUP BY rtrim(k) COLLATE NOCASE ORDER BY 1 DESC",
                "SELECT rtrim(k) COLLATE NOCASE, max(id) FROM t GROUP BY rtrim(k) COLLATE NOCASE ORDER BY 1 COLLATE BINARY",
                // the same expression named in another column: neither is the group's value
                "SELECT rtrim(k) COLLATE NOCASE, max(id), rtrim(k) COLLATE NOCASE FROM t"
                        + " GROUP BY rtrim(k) COLLATE NOCASE ORDER BY 3",
                "SELECT rtrim(k) COLLATE NOCASE, max(id), rtrim(w) COLLATE NOCASE FROM t"
                        + " GROUP BY rtrim(k) COLLATE NOCASE, rtrim(w) COLLATE NOCASE ORDER BY 3",
                "SELECT rtrim(k) COLLATE NOCASE, min(id) FROM t GROUP BY rtrim(k) COLLATE NOCASE");
    }
}
