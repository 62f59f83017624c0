package io.onelite.plan;

import org.junit.jupiter.api.Test;

import static io.onelite.plan.ScenarioTests.run;

/**
 * Against native SQLite: a recursive CTE's ORDER BY orders its queue (rows of equal keys first in,
 * first out), so {@code ORDER BY depth DESC} walks a tree depth first; its LIMIT and OFFSET count
 * the rows in that order; the terms name result columns by number or name, under their COLLATE
 * or the column's collation, NULLs first or last, and a term that names none is SQLite's error.
 */
class RecursiveCteOrderDifferentialTests {
    @Test
    void theQueueGivesItsRowsInTheOrderByOrder() throws Exception {
        run("CREATE TABLE org(name TEXT PRIMARY KEY COLLATE NOCASE, boss TEXT)",
                "INSERT INTO org VALUES ('Alice', NULL), ('bob', 'Alice'), ('Cindy', 'Alice'), ('dave', 'bob'),"
                        + " ('Emma', 'bob'), ('fred', 'Cindy'), ('Gail', 'Cindy'), ('henry', 'fred'), ('Ian', 'dave')",
                "WITH RECURSIVE t(n, d) AS (SELECT 1, 0 UNION ALL SELECT n * 2 + k, d + 1 FROM t,"
                        + " (SELECT 0 AS k UNION ALL SELECT 1) WHERE d < 3 ORDER BY 2 DESC) SELECT n, d FROM t",
                "WITH RECURSIVE t(n, d) AS (SELECT 1, 0 UNION ALL SELECT n * 2 + k, d + 1 FROM t,"
                        + " (SELECT 0 AS k UNION ALL SELECT 1) WHERE d < 3 ORDER BY 2) SELECT n, d FROM t",
                "WITH RECURSIVE t(n, d) AS (SELECT 1 AS n, 0 AS d UNION ALL SELECT n * 2 + k, d + 1 FROM t,"
                        + " (SELECT 0 AS k UNION ALL SELECT 1) WHERE d < 3 ORDER BY d DESC, n DESC) SELECT n FROM t",
                // the classic depth-first walk of a chart, names under the column's NOCASE (a join's
                // rows come in an order of its own, so its ties are broken by name)
                "WITH RECURSIVE under(name, level) AS (SELECT 'Alice', 0 UNION ALL SELECT org.name, under.level + 1"
                        + " FROM org JOIN under ON org.boss = under.name ORDER BY 2 DESC, 1)"
                        + " SELECT substr('..........', 1, level * 3) || name FROM under",
                "WITH RECURSIVE under(name, level) AS (SELECT name, 0 FROM org WHERE boss IS NULL UNION ALL"
                        + " SELECT org.name, under.level + 1 FROM org JOIN under ON org.boss = under.name ORDER BY 1)"
                        + " SELECT name, level FROM under",
                "WITH RECURSIVE under(name, level) AS (SELECT name, 0 FROM org WHERE boss IS NULL UNION ALL"
                        + " SELECT org.name, under.level + 1 FROM org JOIN under ON org.boss = under.name"
                        + " ORDER BY 1 COLLATE BINARY DESC) SELECT name, level FROM under",
                // LIMIT and OFFSET count the rows as the queue gives them
                "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 50 ORDER BY 1 DESC LIMIT 7)"
                        + " SELECT x FROM c",
                "WITH RECURSIVE c(x, y) AS (VALUES (5, NULL), (3, 'a') UNION SELECT x - 1, CASE WHEN x % 2 THEN y END"
                        + " FROM c WHERE x > 0 ORDER BY 2 NULLS LAST, 1 LIMIT 20 OFFSET 2) SELECT x, y FROM c",
                "WITH RECURSIVE c(x, y) AS (VALUES (5, NULL), (3, 'a') UNION SELECT x - 1, CASE WHEN x % 2 THEN y END"
                        + " FROM c WHERE x > 0 ORDER BY 2 DESC NULLS FIRST, 1) SELECT x, y FROM c",
                // terms that name no result column
                "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 3 ORDER BY nosuch) SELECT x FROM c",
                "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 3 ORDER BY 2) SELECT x FROM c");
    }
}
