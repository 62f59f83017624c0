package io.onelite.plan;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.stream.Stream;

/**
 * Against native SQLite: DELETEs written in one pass (SQLite's ONEPASS_MULTI), each row deleted
 * through the cursor of the scan that found it, which steps on to the next: rowid and WITHOUT
 * ROWID tables, with and without indexes (partial, on an expression), rows spilling to overflow
 * pages, leaves emptied and merged under the scan, rowid ranges, in autocommit (the scan reads the
 * snapshot) and inside a transaction; and the DELETEs that keep two passes beside them.
 */
class OnePassDeleteDifferentialTests {
    private static final String LOAD = "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 3000)"
            + " INSERT INTO %s SELECT %s FROM c";

    private static final List<String> ROWID = List.of(
            "CREATE TABLE t(id INTEGER PRIMARY KEY, g INT, x INT, s TEXT, r REAL)",
            String.format(LOAD, "t", "i, i % 7, (i * 7919) % 10007, CASE WHEN i % 50 = 0 THEN printf('%.*c', 1500, 'o') ELSE 'r' || i END, i / 4.0"));
    private static final String SUMMARY = "SELECT count(*), sum(id), sum(g), sum(x), sum(length(s)), total(r),"
            + " group_concat(id, ',') FILTER (WHERE id % 97 = 0) FROM t";

    private static final List<String> DELETES = List.of(
            "DELETE FROM t WHERE g = 3", "SELECT changes()", SUMMARY,
            "DELETE FROM t WHERE id BETWEEN 100 AND 900 AND x % 2 = 0", "SELECT changes()", SUMMARY,
            "DELETE FROM t WHERE id > 2500", SUMMARY,
            "DELETE FROM t WHERE length(s) > 100", SUMMARY,
            "DELETE FROM t WHERE id < 1500 AND g <> 5", SUMMARY, // most of the first leaves: pages emptied and merged
            "DELETE FROM t WHERE id IN (1501, 1502, 99999)", SUMMARY,
            "DELETE FROM t WHERE x > (SELECT avg(x) FROM t)", SUMMARY, // a subquery: two passes
            "DELETE FROM t WHERE x > (SELECT o.x FROM t AS o WHERE o.id < t.id ORDER BY o.id DESC LIMIT 1)", SUMMARY,
            "DELETE FROM t WHERE g = 6 RETURNING id", SUMMARY, // RETURNING: two passes
            "PRAGMA integrity_check");

    @Test
    void rowidDeletesAgreeInAutocommitAndInATransaction() throws Exception {
        ScenarioTests.run(script(ROWID, DELETES, List.of()));
        ScenarioTests.run(script(ROWID, Stream.concat(Stream.of("BEGIN"), DELETES.stream()).toList(), List.of("COMMIT", SUMMARY)));
        ScenarioTests.run(script(ROWID, Stream.concat(Stream.of("BEGIN", "SAVEPOINT a"), DELETES.stream()).toList(),
                List.of("ROLLBACK TO a", SUMMARY, "COMMIT", SUMMARY)));
    }

    @Test
    void rowidDeletesKeepTheirIndexesInStep() throws Exception {
        List<String> indexed = Stream.concat(ROWID.stream(), Stream.of("CREATE INDEX tg ON t(g, x)",
                "CREATE INDEX tp ON t(s) WHERE x > 5000", "CREATE INDEX te ON t(x % 10)", "CREATE UNIQUE INDEX tu ON t(r)")).toList();
        List<String> checks = List.of("SELECT count(*), sum(id) FROM t INDEXED BY tg WHERE g >= 0",
                "SELECT count(*), sum(id) FROM t INDEXED BY tp WHERE s > '' AND x > 5000",
                "SELECT count(*), sum(id) FROM t INDEXED BY te WHERE x % 10 = 3", "SELECT count(*) FROM t INDEXED BY tu WHERE r > 0");
        List<String> deletes = Stream.concat(DELETES.stream(), checks.stream()).toList();
        ScenarioTests.run(script(indexed, deletes, List.of()));
        ScenarioTests.run(script(indexed, Stream.concat(Stream.of("BEGIN"), deletes.stream()).toList(), List.of("COMMIT")));
    }

    @Test
    void withoutRowidDeletesAgree() throws Exception {
        String summary = "SELECT count(*), sum(j), sum(g), sum(x), sum(length(s)), group_concat(k || j, ',') FILTER (WHERE x % 97 = 0) FROM w";
        List<String> before = List.of(
                "CREATE TABLE w(k TEXT, j INT, g INT, x INT, s TEXT, PRIMARY KEY (k, j DESC)) WITHOUT ROWID",
                String.format(LOAD, "w", "'key' || (i % 1000), i / 1000, i % 7, (i * 7919) % 10007,"
                        + " CASE WHEN i % 50 = 0 THEN printf('%.*c', 1500, 'o') ELSE 'r' || i END"),
                "CREATE INDEX wx ON w(x, s)");
        List<String> deletes = List.of(
                "DELETE FROM w WHERE g = 3", "SELECT changes()", summary,
                "DELETE FROM w WHERE k < 'key3' AND g <> 5", summary,
                "DELETE FROM w WHERE length(s) > 100", summary,
                "DELETE FROM w WHERE j = 1", summary,
                "SELECT count(*), sum(x) FROM w INDEXED BY wx WHERE x >= 0", "PRAGMA integrity_check");
        ScenarioTests.run(script(before, deletes, List.of()));
        ScenarioTests.run(script(before, Stream.concat(Stream.of("BEGIN"), deletes.stream()).toList(), List.of("COMMIT", summary)));
    }

    private static String[] script(List<String> before, List<String> statements, List<String> after) {
        return Stream.of(before, statements, after).flatMap(List::stream).toArray(String[]::new);
    }
}
