package io.onelite.plan;

import org.junit.jupiter.api.Test;

import static io.onelite.plan.ScenarioTests.run;

/**
 * An aggregate whose arguments read only an enclosing query's columns belongs to that query, as
 * SQLite's resolver decides (resolve.c, {@code sqlite3ReferencesSrcList}): it is computed per
 * group of the outer query, can make the outer query an aggregate, and fails where the outer
 * query cannot compute it. Rows and error messages compared with native SQLite (#10, item 12).
 */
class OuterAggregateDifferentialTests {

    private static final String[] TABLES = {
        "CREATE TABLE t1(a, b)", "INSERT INTO t1 VALUES (1, 10), (1, 20), (2, 5)",
        "CREATE TABLE t2(x, y)", "INSERT INTO t2 VALUES (1, 'p'), (2, 'q'), (3, 'r')",
        "CREATE TABLE t3(c)", "INSERT INTO t3 VALUES (7), (8)"};

    private static void withTables(String... queries) throws Exception {
        String[] script = new String[TABLES.length + queries.length];
        System.arraycopy(TABLES, 0, script, 0, TABLES.length);
        System.arraycopy(queries, 0, script, TABLES.length, queries.length);
        run(script);
    }

    @Test
    void anAggregateOfOuterColumnsIsComputedByTheOuterQuery() throws Exception {
        run("CREATE TABLE t(a, x)", "CREATE TABLE u(y)",
                "INSERT INTO t VALUES (1, 10), (1, 5), (2, 30), (3, NULL)",
                "INSERT INTO u VALUES (5), (6)",
                "SELECT a, (SELECT sum(a)) FROM t GROUP BY a ORDER BY a",
                "SELECT a, (SELECT sum(x)) FROM t GROUP BY a ORDER BY a",
                "SELECT (SELECT count(t.x)) FROM t",
                "SELECT (SELECT count(t.x) FROM u) FROM t",
                "SELECT (SELECT count(t.x) + count(*) FROM u) FROM t",
                "SELECT (SELECT count(t.x) FROM u WHERE 0) FROM t",
                "SELECT (SELECT max(t.x + u.y) FROM u) FROM t ORDER BY 1",
                "SELECT a, (SELECT group_concat(y) FROM u WHERE y > sum(t.x) / 10) FROM t GROUP BY a ORDER BY a",
                "SELECT a FROM t GROUP BY a HAVING (SELECT count(t.x)) > 1",
                "SELECT a FROM t GROUP BY a ORDER BY (SELECT sum(t.x)) DESC",
                "SELECT (SELECT (SELECT sum(t.x))) FROM t",
                "SELECT (SELECT count(*)) FROM t",
                "SELECT count(*), (SELECT max(t.a)) FROM t",
                "SELECT a FROM t WHERE (SELECT sum(t.x)) > 1",
                "SELECT (SELECT sum(t.x) FILTER (WHERE t.a > 1)) FROM t",
                "SELECT (SELECT count(DISTINCT t.a)) FROM t",
                "SELECT * FROM t WHERE x IN (SELECT max(t.a))",
                "UPDATE t SET x = (SELECT max(t.a) FROM u)",
                "DELETE FROM t WHERE (SELECT max(t.a)) > 1",
                "SELECT count(*) FROM t");
    }

    @Test
    void theOuterGroupsAggregateDecidesItsBareColumns() throws Exception {
        withTables(
                "SELECT a, (SELECT sum(a)) FROM t1 GROUP BY a",
                "SELECT a, (SELECT max(b)), b FROM t1 GROUP BY a",
                "SELECT a, (SELECT min(b)), b FROM t1 GROUP BY a",
                "SELECT a, (SELECT max(b)), b FROM t1",
                "SELECT a, (SELECT sum(a)) FROM t1",
                "SELECT a, (SELECT max(b) FROM t2), b FROM t1 GROUP BY a",
                "SELECT a, (SELECT max(b) FROM t3 WHERE c = 8), b FROM t1 GROUP BY a",
                "SELECT (SELECT max(b)) > 1, b FROM t1",
                "SELECT a, (SELECT count(DISTINCT t1.b)) FROM t1 GROUP BY a",
                "SELECT a, (SELECT group_concat(b, ',' ORDER BY b DESC)) FROM t1 GROUP BY a",
                "SELECT a, (SELECT count(b) FILTER (WHERE b > 6)) FROM t1 GROUP BY a",
                "SELECT DISTINCT (SELECT sum(a)) FROM t1 GROUP BY b",
                "SELECT (SELECT max(x)), (SELECT min(x)), y FROM t2",
                "SELECT (SELECT max(x)) FROM t2 WHERE 0",
                "SELECT (SELECT count(x) FROM t3 WHERE c > 100) FROM t2",
                "SELECT (SELECT count(x) FROM t3 WHERE c > 100) FROM t2 WHERE 0",
                "SELECT (SELECT sum(t1.a) FROM t2 WHERE t2.x > t1.a) FROM t1",
                "SELECT a, (SELECT sum(t1.b) FROM t2 WHERE x = 9) FROM t1 GROUP BY a",
                "SELECT a, (SELECT sum(b) FROM t2 WHERE x <= a LIMIT 1 OFFSET 1) FROM t1 GROUP BY a",
                "SELECT (SELECT sum(t1.a) FROM t2 GROUP BY x ORDER BY x DESC) FROM t1",
                "SELECT (SELECT count(t1.a) FROM t2 LIMIT 1 OFFSET 1) FROM t1",
                "SELECT a, (SELECT count(t1.a) FROM t2 WHERE x = 1 UNION SELECT 9 ORDER BY 1 DESC) FROM t1 GROUP BY a",
                "SELECT (VALUES (sum(t1.a))) FROM t1");
    }

    @Test
    void anAggregateReadingColumnsOfSeveralLevelsBelongsToTheInnermost() throws Exception {
        withTables(
                "SELECT (SELECT sum(t1.a + t2.x) FROM t2) FROM t1",
                "SELECT (SELECT count(t1.a) FROM t2) FROM t1",
                "SELECT (SELECT count(*) FROM t2) FROM t1",
                "SELECT (SELECT (SELECT sum(t2.x)) FROM t2) FROM t1",
                "SELECT (SELECT (SELECT sum(t1.a + t2.x)) FROM t2) FROM t1",
                "SELECT (SELECT (SELECT (SELECT sum(t1.a + t2.x))) FROM t2) FROM t1",
                "SELECT a, (SELECT (SELECT sum(t1.b))) FROM t1 GROUP BY a",
                "SELECT x, (SELECT (SELECT count(t1.a + t2.x) FROM t3) FROM t1 WHERE a <= x) FROM t2 ORDER BY 1",
                "SELECT x, (SELECT (SELECT count(t1.a + t2.x) FROM t3) FROM t1 WHERE a <= x GROUP BY a) FROM t2 ORDER BY 1",
                "SELECT x, (SELECT (SELECT count(t1.a) + count(t2.x) FROM t3) FROM t1 WHERE a = x) FROM t2 ORDER BY 1",
                "SELECT (SELECT sum(a) FROM t2) FROM t1",
                "SELECT (SELECT sum(t1.a) FROM t1 AS i) FROM t1",
                "SELECT (SELECT sum(a) FROM t1 AS i WHERE i.a = t1.a) FROM t1",
                "SELECT (SELECT s FROM (SELECT sum(t1.a) s)) FROM t1",
                "SELECT a, (SELECT s FROM (SELECT sum(t1.b) s)) FROM t1 GROUP BY a",
                "SELECT (SELECT sum(t1.a) UNION ALL SELECT 5) FROM t1",
                "SELECT a, (SELECT sum(t1.b) + (SELECT count(t1.a) FROM t3)) FROM t1 GROUP BY a");
    }

    @Test
    void columnsReadInsideASubqueryOfTheArgumentsCountToo() throws Exception {
        // sqlite3ReferencesSrcList walks into subqueries, leaving out only their own sources
        withTables(
                "SELECT (SELECT sum((SELECT t1.a))) FROM t1",
                "SELECT (SELECT sum((SELECT x FROM t2 WHERE x = t1.a))) FROM t1",
                "SELECT a, (SELECT sum((SELECT x FROM t2 WHERE x = t1.a LIMIT 1))) FROM t1 GROUP BY a",
                "SELECT a, (SELECT sum((SELECT max(c) FROM t3))) FROM t1 GROUP BY a",
                "SELECT a, (SELECT count((SELECT max(c) FROM t3 WHERE c > t1.b))) FROM t1 GROUP BY a",
                "SELECT a, (SELECT sum(t1.b + (SELECT max(c) FROM t3))) FROM t1 GROUP BY a",
                "SELECT x, (SELECT (SELECT sum((SELECT t2.x + c FROM t3 LIMIT 1))) FROM t1) FROM t2",
                "SELECT x, (SELECT (SELECT sum((SELECT t2.x + a FROM t3 LIMIT 1))) FROM t1) FROM t2",
                "SELECT x, (SELECT sum((SELECT t2.x + a)) FROM t1) FROM t2",
                "SELECT a, (SELECT count(*) FROM t2 WHERE x IN (SELECT sum(t1.a))) FROM t1 GROUP BY a",
                "SELECT (SELECT count(*) FROM t1 WHERE a = (SELECT sum(t2.x))) FROM t2",
                "SELECT (SELECT group_concat(a) FROM t1 WHERE a <= (SELECT count(t2.x))) FROM t2");
    }

    @Test
    void whereASubqueryMayNotHoldAnAggregateItFailsAsInSqlite() throws Exception {
        withTables(
                // a subquery that is no aggregate refuses aggregates in its WHERE, ON and table-function arguments
                "SELECT a, (SELECT 1 FROM t2 WHERE x = sum(t1.a)) FROM t1 GROUP BY a",
                "SELECT a FROM t1 GROUP BY a HAVING EXISTS (SELECT 1 FROM t2 WHERE x < sum(t1.b))",
                "SELECT a, (SELECT u.x FROM t2 AS u LEFT JOIN t2 AS v ON v.x = u.x + count(t1.b)) FROM t1",
                "SELECT a, (SELECT value FROM json_each(json_array(sum(t1.b), 2))) FROM t1 GROUP BY a",
                "SELECT (SELECT * FROM (VALUES (1)) WHERE count(t1.a) > 0) FROM t1",
                // an aggregate subquery takes them there
                "SELECT a, (SELECT count(*) FROM t2 WHERE x = sum(t1.a)) FROM t1 GROUP BY a",
                "SELECT a, (SELECT count(*) FROM t2 AS u LEFT JOIN t2 AS v ON v.x = u.x + count(t1.b)) FROM t1 GROUP BY a",
                "SELECT a, (SELECT count(*) FROM json_each(json_array(count(t1.b), 2))) FROM t1 GROUP BY a",
                "SELECT a, (SELECT x FROM t2 GROUP BY x HAVING x = sum(t1.a)) FROM t1 GROUP BY a",
                // nor inside another aggregate's arguments
                "SELECT (SELECT sum(max(t1.a))) FROM t1",
                "SELECT sum((SELECT max(t1.a))) FROM t1",
                // HAVING needs an aggregate query; ORDER BY, GROUP BY and LIMIT see no enclosing query
                "SELECT (SELECT x FROM t2 HAVING count(t1.a) > 0) FROM t1",
                "SELECT (SELECT 1 HAVING count(t1.a) > 0) FROM t1",
                "SELECT (SELECT x FROM t2 ORDER BY sum(t1.a)) FROM t1",
                "SELECT (SELECT x FROM t2 GROUP BY sum(t1.a)) FROM t1",
                "SELECT a, (SELECT x FROM t2 LIMIT count(t1.b)) FROM t1 GROUP BY a",
                "SELECT a, (SELECT sum(t1.b) FROM t2 LIMIT count(*)) FROM t1 GROUP BY a");
    }

    @Test
    void whereTheOuterQueryCannotComputeItItFailsAsInSqlite() throws Exception {
        withTables(
                "SELECT a FROM t1 WHERE (SELECT sum(t1.a)) > 1",
                "SELECT a FROM t1 WHERE a IN (SELECT sum(t1.b))",
                "SELECT a FROM t1 WHERE (SELECT sum(t1.b) FROM t2 WHERE x > 5) IS NULL",
                "SELECT a FROM t1 WHERE EXISTS (SELECT 1 FROM t2 WHERE x > (SELECT sum(t1.b)))",
                "SELECT a FROM t1 WHERE EXISTS (SELECT sum(t1.b) UNION SELECT 1)",
                "SELECT * FROM t1 JOIN t2 ON (SELECT sum(t1.a)) > 0",
                "SELECT a, (SELECT count(*) FROM t2 WHERE x = (SELECT sum(t2.x))) FROM t1",
                "UPDATE t1 SET b = (SELECT max(t1.a))",
                "DELETE FROM t1 WHERE (SELECT max(t1.a)) > 1",
                // ORDER BY does not make a query an aggregate, HAVING needs one
                "SELECT a FROM t1 ORDER BY (SELECT sum(b))",
                "SELECT b FROM t1 ORDER BY (SELECT count(t1.a))",
                "SELECT b FROM t1 ORDER BY (SELECT count(*))",
                "SELECT a FROM t1 ORDER BY sum(b)",
                "SELECT a FROM t1 ORDER BY count(*) LIMIT 1",
                "SELECT count(*) FROM t1 ORDER BY sum(b)",
                "SELECT 1 FROM t2 HAVING (SELECT max(t2.y)) > 'a'",
                "SELECT 1 FROM t2 HAVING max(y) > 'a'",
                "SELECT 1 FROM t2 HAVING 1",
                "SELECT count(*) FROM t2 HAVING 1",
                // nor in GROUP BY
                "SELECT a FROM t1 GROUP BY (SELECT sum(b))",
                "SELECT a, b FROM t1 GROUP BY a, (SELECT max(t1.b))",
                "SELECT count(*) FROM t1 GROUP BY 1",
                "SELECT a FROM t1 GROUP BY nope, count(*)",
                "SELECT a FROM t1 GROUP BY a, sum(max(b))",
                // the resolver's later error wins
                "SELECT * FROM t1 WHERE sum(max(a)) > 0",
                "SELECT * FROM t1 WHERE sum(nope) > 0",
                "SELECT a, count(*) FROM t1 GROUP BY a ORDER BY sum(max(b))");
    }

    @Test
    void anExistsSubqueryNeverComputesItsResultColumns() throws Exception {
        withTables(
                "SELECT a FROM t1 WHERE EXISTS (SELECT sum(t1.b))",
                "SELECT a FROM t1 WHERE EXISTS (SELECT sum(t1.b) FROM t2 WHERE x > 5)",
                "SELECT a FROM t1 WHERE EXISTS (SELECT sum(t1.b) FROM t2 GROUP BY x)",
                "SELECT a FROM t1 WHERE EXISTS (SELECT count(*), sum(t1.b) FROM t2 WHERE x > 5)",
                "SELECT a FROM t1 WHERE EXISTS (SELECT (SELECT sum(t1.b)))",
                "SELECT a FROM t1 WHERE EXISTS (SELECT DISTINCT sum(t1.b))",
                "SELECT a, (SELECT 1 FROM t2 WHERE EXISTS (SELECT max(t1.b))) FROM t1",
                // it still makes the outer query an aggregate from its result columns
                "SELECT EXISTS (SELECT sum(t1.b)) FROM t1",
                "SELECT EXISTS (SELECT sum(t1.b) FROM t2 WHERE x > 5) FROM t1",
                "SELECT a, EXISTS (SELECT max(t1.b) FROM t2 WHERE x > 5), b FROM t1 GROUP BY a",
                "SELECT a FROM t1 GROUP BY a HAVING EXISTS (SELECT sum(t1.b))");
    }

    @Test
    void windowFunctionsRunAfterTheGroupsWhereAnOuterAggregateCannotBeRead() throws Exception {
        withTables(
                "SELECT a, (SELECT sum(a)), sum(b) OVER () FROM t1 GROUP BY a",
                "SELECT x, sum(x) OVER (), (SELECT max(y)) FROM t2",
                "SELECT max(a) OVER (), (SELECT count(t1.a)) FROM t1",
                "SELECT a, sum(a) OVER () FROM t1 GROUP BY a ORDER BY (SELECT sum(b))",
                // but in HAVING, and in a window's arguments, PARTITION BY or ORDER BY it can
                "SELECT a, sum(b) OVER () FROM t1 GROUP BY a HAVING (SELECT sum(t1.b)) > 5",
                "SELECT a, sum(a) OVER (ORDER BY (SELECT sum(b))) FROM t1 GROUP BY a",
                "SELECT a, sum((SELECT sum(t1.b))) OVER () FROM t1 GROUP BY a",
                "SELECT max(a) OVER (ORDER BY (SELECT count(t1.b))) FROM t1",
                "SELECT max((SELECT count(t1.b))) OVER () FROM t1",
                "SELECT count(*) OVER (PARTITION BY (SELECT sum(x))) FROM t2",
                "SELECT a, count(*) OVER w FROM t1 GROUP BY a WINDOW w AS (ORDER BY (SELECT count(t1.b)))",
                "SELECT a, (SELECT sum(b)) FROM t1 GROUP BY a WINDOW w AS ()",
                // a window function inside the subquery stays there
                "SELECT (SELECT sum(t1.a) OVER ()) FROM t1",
                "SELECT (SELECT count(*) OVER ()) FROM t2",
                // a window function in HAVING is misused
                "SELECT a FROM t1 GROUP BY a HAVING max(a) OVER () > 0");
    }

    @Test
    void aSubquerysOrderByAndGroupBySeeNoEnclosingQuery() throws Exception {
        // SQLite resolves them with no outer name context (resolveSelectStep: sNC.pNext = 0)
        withTables(
                "SELECT (SELECT x FROM t2 ORDER BY t1.a) FROM t1",
                "SELECT (SELECT x FROM t2 ORDER BY x + t1.a) FROM t1",
                "SELECT (SELECT x + t1.a FROM t2 ORDER BY x + t1.a) FROM t1",
                "SELECT (SELECT x FROM t2 ORDER BY (SELECT t1.a)) FROM t1",
                "SELECT (SELECT count(*) FROM t2 GROUP BY x > t1.a) FROM t1",
                "SELECT b, (SELECT x FROM t2 ORDER BY x + count(t1.b) LIMIT 1) FROM t1",
                // result columns copied there by number or alias still do
                "SELECT (SELECT t1.a + x AS k FROM t2 ORDER BY k DESC) FROM t1",
                "SELECT (SELECT t1.a + x AS k FROM t2 ORDER BY k + 1 DESC) FROM t1",
                "SELECT (SELECT t1.a + x FROM t2 ORDER BY 1 DESC) FROM t1",
                "SELECT (SELECT max(t1.a + x) FROM t2 GROUP BY 1) FROM t1",
                "SELECT (SELECT x FROM t2 UNION SELECT t1.a ORDER BY 1 DESC) FROM t1",
                "SELECT (SELECT x FROM t2 ORDER BY y) FROM t1",
                "SELECT (SELECT count(t1.a) FROM t2 ORDER BY x) FROM t1");
    }

    @Test
    void viewsCtesTriggersAndWritesKeepTheRule() throws Exception {
        withTables(
                "CREATE VIEW v1 AS SELECT a, (SELECT sum(b)) AS s, (SELECT max(b)) AS m FROM t1 GROUP BY a",
                "SELECT * FROM v1 ORDER BY a",
                "SELECT * FROM t2 WHERE x IN (SELECT (SELECT count(v1.a)) FROM v1)",
                "WITH c(k) AS (SELECT (SELECT count(t1.b)) FROM t1) SELECT k FROM c",
                "WITH c(k) AS (SELECT a FROM t1) SELECT (SELECT sum(c.k)) FROM c",
                "CREATE TABLE log(v)",
                // OLD and NEW are no query's columns: sum(new.c) stays in its subquery
                "CREATE TRIGGER tr AFTER INSERT ON t3 BEGIN "
                        + "INSERT INTO log SELECT (SELECT sum(new.c)); "
                        + "INSERT INTO log SELECT (SELECT sum(new.c + t2.x)) FROM t2; "
                        + "INSERT INTO log SELECT (SELECT count(*) FROM t2 WHERE x < (SELECT max(new.c + t1.a))) FROM t1; END",
                "INSERT INTO t3 VALUES (1)",
                "SELECT * FROM log",
                "UPDATE t2 SET y = (SELECT count(t2.x))",
                "UPDATE t2 SET y = (SELECT count(*) FROM t1 WHERE a = t2.x)",
                "SELECT * FROM t2",
                "DELETE FROM t2 WHERE x > (SELECT avg(t2.x))",
                "INSERT INTO t3 SELECT (SELECT sum(b)) FROM t1 GROUP BY a",
                "INSERT INTO t3 SELECT (SELECT sum(c)) FROM t3 RETURNING c",
                "SELECT * FROM t3 ORDER BY c",
                "SELECT x FROM t2 WHERE x = 1 UNION ALL SELECT (SELECT sum(t2.x)) FROM t2",
                "SELECT (SELECT sum(t2.x)) FROM t2 UNION ALL SELECT x FROM t2 ORDER BY 1");
    }

    @Test
    void aNameIsLookedUpLevelByLevelAmongSourcesThenAliases() throws Exception {
        // lookupName tries each query level's FROM sources, then its result-column aliases
        // (where usable: WHERE, ON, GROUP BY, HAVING, ORDER BY), before it moves out a level
        withTables(
                "SELECT a+b AS s FROM t1 WHERE s > 11",
                "SELECT a AS s FROM t1, t2 WHERE s = x",
                "SELECT a AS s, x FROM t1 LEFT JOIN t2 ON x = s + 1 ORDER BY 1, 2",
                "SELECT a AS k, count(*) FROM t1 WHERE k > 1 GROUP BY k",
                "SELECT b AS k FROM t1 WHERE k IN (SELECT 10 UNION SELECT 5)",
                "SELECT (SELECT x AS a FROM t2 WHERE a > 1) FROM t1",
                "SELECT a, (SELECT x AS b FROM t2 WHERE b > 1) FROM t1",
                "SELECT a AS x FROM t1 WHERE (SELECT x FROM t2 WHERE y = 'q') > 1",
                "SELECT a AS q FROM t1 WHERE (SELECT x FROM t2 WHERE x > q) > 1",
                "SELECT b AS c FROM t1 WHERE EXISTS (SELECT 1 FROM t2 WHERE x = c / 10)",
                "SELECT b AS s FROM t1 WHERE (SELECT (SELECT s)) > 10",
                "SELECT (SELECT a) AS q FROM t1 WHERE (SELECT q) = 1",
                "SELECT a AS q, b FROM t1 ORDER BY (SELECT y FROM t2 WHERE x = q) DESC",
                "SELECT a AS q, b FROM t1 GROUP BY (SELECT y FROM t2 WHERE x = q)",
                "SELECT a AS q, sum(b) AS s FROM t1 GROUP BY q HAVING (SELECT count(*) FROM t2 WHERE x * 10 < s) > 1",
                "SELECT a, sum(b) AS s FROM t1 GROUP BY a ORDER BY (SELECT s)",
                "SELECT (SELECT x AS q FROM t2 ORDER BY (SELECT q)) FROM t1",
                // an aliased aggregate of outer columns belongs to the outer query too
                "SELECT a AS z FROM t1 GROUP BY a HAVING (SELECT sum(z)) > 1",
                "SELECT a AS z, count(*) FROM t1 GROUP BY a HAVING (SELECT sum(z) FROM t2) > 3",
                "SELECT a + 1 AS z FROM t1 WHERE (SELECT sum(z)) > 1",
                // not in the result columns, not in LIMIT, not an aliased aggregate in WHERE or a window
                "SELECT a AS q, (SELECT x FROM t2 WHERE x > q) FROM t1",
                "SELECT a AS q FROM t1 WHERE (SELECT 1 FROM t2 LIMIT q)",
                "SELECT z+1 AS z FROM t1 WHERE (SELECT z) > 1",
                "SELECT sum(b) AS s FROM t1 WHERE s > 1",
                "SELECT sum(b) AS s FROM t1 WHERE (SELECT s) > 1",
                "SELECT sum(b) OVER () AS w FROM t1 WHERE w > 1",
                "SELECT sum(b) OVER () AS w FROM t1 WHERE (SELECT w) > 1",
                "SELECT a, sum(b) OVER () AS w FROM t1 GROUP BY a HAVING w > 1",
                "SELECT sum(b) OVER () AS w FROM t1 ORDER BY w + 1",
                // written out in the term, as SQLite's copy of the aliased expression: pushed into
                // a compound's arms, where each arm compares with its own affinity
                "CREATE TABLE tt(x TEXT)", "INSERT INTO tt VALUES ('5'), ('9'), ('10')",
                "SELECT x AS k FROM tt WHERE k > 6",
                "SELECT x AS k FROM (SELECT x FROM tt UNION SELECT 7) WHERE k > 6 ORDER BY 1",
                "SELECT x AS k FROM (SELECT x FROM tt UNION SELECT 7) WHERE k + 0 > 6 ORDER BY 1",
                "SELECT x COLLATE NOCASE AS k FROM (SELECT x FROM tt UNION SELECT 'A') WHERE k = 'a' ORDER BY 1",
                "SELECT b AS a, a AS b FROM t1 WHERE a > 5 ORDER BY 1",
                "SELECT a AS q FROM t1 WHERE CASE WHEN q > 1 THEN 1 ELSE 0 END",
                "SELECT a AS q FROM t1 WHERE abs(q) > 1");
    }

    @Test
    void bareColumnsComeFromTheRowOfTheLastMinOrMax() throws Exception {
        // found with (SELECT sum(b)) and (SELECT max(b)) side by side: SQLite's min()/max() choose
        // the bare columns' row beside other aggregates too, the last of several deciding
        run("CREATE TABLE t(a, b, c)", "INSERT INTO t VALUES (1, 10, 'x'), (1, 20, 'y'), (2, 5, 'z')",
                "CREATE TABLE n(a, b, c)", "INSERT INTO n VALUES (1, NULL, 'p'), (1, 3, 'q'), (1, NULL, 'r')",
                "SELECT a, sum(b), max(b), c FROM t GROUP BY a",
                "SELECT a, (SELECT sum(b)), (SELECT max(b)), c FROM t GROUP BY a",
                "SELECT a, sum(b), (SELECT max(b)), c FROM t GROUP BY a",
                "SELECT min(b), max(b), c FROM t",
                "SELECT max(b), min(b), c FROM t",
                "SELECT sum(b), max(b), c FROM t",
                "SELECT max(b), sum(b), c FROM t",
                "SELECT count(*), max(b), c FROM t GROUP BY a",
                "SELECT max(b), c FROM n",
                "SELECT sum(b), max(b), c FROM n",
                "SELECT max(b), min(c), c FROM n",
                "SELECT min(c), max(b), c FROM n",
                "SELECT a, max(b), count(DISTINCT c), c FROM t GROUP BY a ORDER BY a");
    }
}
