package io.onelite.plan;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static io.onelite.plan.ScenarioTests.run;

/**
 * Against native SQLite: {@code ORDER BY ... LIMIT n} keeps the best n rows, and a row is compared
 * with the worst kept one in its record when that one's key is an integer and the row's key a
 * column (no value made): integers, reals, NULLs (first or last, either direction), texts and
 * blobs (compared by value), ties kept in input order, several keys, keys of REAL columns,
 * of joins' NULL rows and of subqueries; DELETE ... ORDER BY ... LIMIT too.
 */
class TopRowsIntegerKeyDifferentialTests {
    @Test
    void theBestRowsAreSqlitesWhateverTheirKeysHold() throws Exception {
        List<String> script = new ArrayList<>(List.of(
                "CREATE TABLE t(id INTEGER PRIMARY KEY, x, y INT, r REAL, s TEXT)",
                "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 3000)"
                        + " INSERT INTO t SELECT i, CASE i % 13 WHEN 0 THEN NULL WHEN 1 THEN 'txt' || i WHEN 2 THEN x'0a'"
                        + " WHEN 3 THEN i / 7.0 ELSE (i * 7919) % 1009 - 500 END, i % 17, i % 11, 's' || (i % 5) FROM c",
                "CREATE TABLE u(a INTEGER PRIMARY KEY, b INT)", "INSERT INTO u SELECT id, id % 3 FROM t WHERE id % 4 = 0"));
        String[] orders = {"x", "x DESC", "x NULLS LAST", "x DESC NULLS FIRST", "y, x", "y DESC, x DESC, id",
            "r", "r DESC", "s, y DESC", "x COLLATE NOCASE", "id DESC"};
        for (String o : orders) {
            for (int n : new int[] {1, 7, 100}) {
                script.add("SELECT id, x, y FROM t ORDER BY " + o + " LIMIT " + n);
                script.add("SELECT id, x FROM t WHERE id % 3 = 1 ORDER BY " + o + " LIMIT " + n + " OFFSET 5");
            }
        }
        script.addAll(List.of(
                "SELECT t.id, u.b FROM t LEFT JOIN u ON u.a = t.id ORDER BY u.b, t.id DESC LIMIT 20",
                "SELECT t.id, u.b FROM t LEFT JOIN u ON u.a = t.id ORDER BY u.b DESC NULLS LAST, t.id LIMIT 20",
                "SELECT v, id FROM (SELECT id, y * 3 - x AS v FROM t) ORDER BY v, id LIMIT 15",
                "SELECT id, x + 0 AS e FROM t ORDER BY e DESC LIMIT 9",
                "DELETE FROM t ORDER BY x DESC LIMIT 100", "SELECT changes(), count(*), sum(id) FROM t",
                "DELETE FROM t WHERE y > 3 ORDER BY x, id LIMIT 50 OFFSET 10", "SELECT changes(), count(*), sum(id) FROM t"));
        run(script.toArray(String[]::new));
    }
}
