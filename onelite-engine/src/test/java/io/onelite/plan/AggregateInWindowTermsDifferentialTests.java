package io.onelite.plan;

import org.junit.jupiter.api.Test;

import static io.onelite.plan.ScenarioTests.run;

/**
 * Against native SQLite: an aggregate in a window's ORDER BY or PARTITION BY (its own or a named
 * window's it uses) makes the query an aggregate query, as one in the window's arguments or FILTER
 * does; OneLite refused it as "misuse of aggregate function". And a query whose aggregates all
 * sit inside window calls takes no HAVING: SQLite's window rewrite moves them into a subquery and
 * its code generator refuses the HAVING once every name has resolved.
 */
class AggregateInWindowTermsDifferentialTests {
    private static final String[] TABLE = {"CREATE TABLE t(id INTEGER PRIMARY KEY, a, b)",
        "INSERT INTO t VALUES (1, 1, 2), (2, 2, 2), (3, 3, 1), (4, 4, NULL)"};

    private static void runOnTable(String... queries) throws Exception {
        String[] script = new String[TABLE.length + queries.length];
        System.arraycopy(TABLE, 0, script, 0, TABLE.length);
        System.arraycopy(queries, 0, script, TABLE.length, queries.length);
        run(script);
    }

    @Test
    void anAggregateInTheWindowsTermsMakesAnAggregateQuery() throws Exception {
        runOnTable("SELECT sum(a) OVER (ORDER BY sum(a)) FROM t",
                "SELECT id, sum(a) OVER (PARTITION BY max(b)) FROM t",
                "SELECT count(*) OVER (ORDER BY count(*)) FROM t WHERE 0",
                "SELECT sum(a) OVER (ORDER BY sum(a)), a FROM t WHERE a > 1",
                "SELECT sum(a) OVER (PARTITION BY sum(a)) FROM t ORDER BY max(b)",
                "SELECT sum(a) OVER (ORDER BY sum(a)) FROM t WHERE max(a)",
                "SELECT a FROM t ORDER BY sum(a) OVER (ORDER BY max(b))",
                "SELECT id, (SELECT sum(x.a) OVER (ORDER BY max(y.a)) FROM t AS y) FROM t AS x",
                "SELECT * FROM (SELECT b, id, sum(a) OVER (ORDER BY count(*)) AS s FROM t) AS x JOIN t ON t.id = x.id");
    }

    @Test
    void soDoesOneInANamedWindowTheCallUses() throws Exception {
        runOnTable("SELECT sum(a) OVER w FROM t WINDOW w AS (ORDER BY sum(a))",
                "SELECT sum(a) OVER (w) FROM t WINDOW w AS (PARTITION BY max(b))",
                "SELECT sum(a) OVER (w ORDER BY max(a)) FROM t WINDOW w AS (PARTITION BY b)",
                "SELECT id FROM t WINDOW w AS (PARTITION BY max(b))",
                "SELECT * FROM (SELECT b, sum(a) OVER w AS s FROM t WINDOW w AS (ORDER BY sum(a))) WHERE b > 0",
                "CREATE VIEW v AS SELECT b, id, sum(a) OVER w AS s FROM t WINDOW w AS (ORDER BY count(*))",
                "SELECT * FROM v WHERE id = 1", "SELECT count(*) FROM v",
                "SELECT DISTINCT b, sum(a) OVER w AS s FROM t WINDOW w AS (ORDER BY sum(a)) ORDER BY 1 LIMIT 1");
    }

    @Test
    void aggregatesOnlyInsideWindowCallsTakeNoHaving() throws Exception {
        runOnTable("SELECT sum(sum(a)) OVER () FROM t HAVING 1",
                "SELECT sum(a) OVER (ORDER BY sum(a)) FROM t HAVING 1",
                "SELECT sum(a) FILTER (WHERE max(b)) OVER () FROM t HAVING 1",
                "SELECT sum(sum(a)) OVER () FROM t HAVING max(a) > 0",
                "SELECT (SELECT sum(t.a) OVER ()) FROM t HAVING 1",
                "SELECT sum(a) OVER (ORDER BY sum(a)), count(*) FROM t HAVING 1",
                "SELECT b, sum(sum(a)) OVER () FROM t GROUP BY b HAVING 1",
                // every name resolves first
                "SELECT sum(sum(a)) OVER () FROM t WHERE nosuch HAVING 1",
                "SELECT sum(sum(a)) OVER () FROM t HAVING nosuch",
                "SELECT sum(sum(a)) OVER () FROM t HAVING 1 ORDER BY nosuch");
    }
}
