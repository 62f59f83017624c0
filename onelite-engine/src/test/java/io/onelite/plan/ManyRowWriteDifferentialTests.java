package io.onelite.plan;

import org.junit.jupiter.api.Test;

import static io.onelite.plan.ScenarioTests.run;

/**
 * Against native SQLite: UPDATE and DELETE over thousands of rows, whose writes go from row to row
 * through the transaction's seek hint (a write in place keeps it on its leaf; a write that
 * rebalances drops it), and the order a two-pass UPDATE writes the rowids it collected in.
 */
class ManyRowWriteDifferentialTests {
    private static final String LOAD = "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 3000)"
            + " INSERT INTO t SELECT i, 3000 - i, i % 7, 'r' || i FROM c";

    @Test
    void updatesOfEveryRowWithCellsOfTheSameAndOfOtherSizesKeepEveryRow() throws Exception {
        run("CREATE TABLE t(id INTEGER PRIMARY KEY, y INT, g INT, s TEXT)", LOAD,
                "UPDATE t SET g = g + 1", "SELECT count(*), sum(g), sum(id) FROM t",
                // longer cells: some fit where they are, some make their leaf rebalance
                "UPDATE t SET s = s || printf('%.*c', id % 40, 'x') WHERE id % 3 <> 0",
                "SELECT count(*), sum(length(s)), group_concat(id) FILTER (WHERE id % 97 = 0) FROM t",
                // shorter cells again, and a third of them to NULL
                "UPDATE t SET s = CASE WHEN id % 3 = 0 THEN NULL ELSE substr(s, 1, 3) END",
                "SELECT count(s), sum(length(s)), max(id) FROM t",
                "UPDATE t SET s = hex(randomblob(0)) || id WHERE y BETWEEN 1000 AND 1500",
                "SELECT count(*), sum(length(s)) FROM t WHERE s IS NOT NULL",
                "PRAGMA integrity_check");
    }

    @Test
    void deletesOfManyRowsWithAndWithoutIndexesKeepTheRest() throws Exception {
        run("CREATE TABLE t(id INTEGER PRIMARY KEY, y INT, g INT, s TEXT)", LOAD,
                "DELETE FROM t WHERE g = 3", "SELECT changes(), count(*), sum(id) FROM t",
                "DELETE FROM t WHERE id % 5 = 0 OR id > 2900", "SELECT changes(), count(*), sum(id) FROM t",
                "DELETE FROM t WHERE id = 123456", "SELECT changes()",
                "CREATE INDEX tg ON t(g, s)", "CREATE INDEX ty ON t(y) WHERE y % 2 = 0",
                "DELETE FROM t WHERE g IN (1, 5)", "SELECT changes(), count(*), sum(id) FROM t",
                "SELECT count(*) FROM t INDEXED BY tg WHERE g >= 0", "SELECT count(*) FROM t INDEXED BY ty WHERE y % 2 = 0",
                "INSERT INTO t(y, g, s) SELECT y, g, s FROM t WHERE id < 500", "SELECT count(*), max(id) FROM t",
                "DELETE FROM t WHERE id < 2000", "SELECT count(*), sum(id), min(id) FROM t",
                "PRAGMA integrity_check");
    }

    @Test
    void appendsOfNewRowidsFollowTheLargestRowid() throws Exception {
        run("CREATE TABLE t(id INTEGER PRIMARY KEY, y INT, g INT, s TEXT)", LOAD,
                "CREATE TABLE u(id INTEGER PRIMARY KEY, s TEXT)",
                "INSERT INTO u(s) SELECT s FROM t", "SELECT count(*), max(id), sum(id) FROM u",
                "DELETE FROM u WHERE id > 2990", "INSERT INTO u(s) SELECT s FROM t WHERE id <= 20",
                "SELECT count(*), max(id), sum(id) FROM u",
                "INSERT INTO u(id, s) VALUES (100000, 'far')", "INSERT INTO u(s) VALUES ('next')",
                "SELECT id FROM u WHERE s = 'next'", "PRAGMA integrity_check");
    }

    /**
     * WITHOUT ROWID rows whose primary key the SET leaves alone are overwritten where they are
     * (in place when the new entry fits, else deleted and inserted); those whose key changes move.
     */
    @Test
    void withoutRowidRowsKeepingTheirKeyAreRewrittenWhereTheyAre() throws Exception {
        run("CREATE TABLE w(k TEXT COLLATE NOCASE, j INT, g INT, s TEXT, u INT UNIQUE, PRIMARY KEY (k, j DESC)) WITHOUT ROWID",
                "CREATE INDEX wg ON w(g, s)",
                "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 3000)"
                        + " INSERT INTO w SELECT 'K' || (i % 1000), i / 1000, i % 7, 'r' || i, i FROM c",
                "UPDATE w SET g = g + 1", "SELECT count(*), sum(g), sum(u) FROM w",
                "UPDATE w SET s = s || printf('%.*c', u % 40, 'x') WHERE u % 3 <> 0",
                "SELECT count(*), sum(length(s)), group_concat(k || j) FILTER (WHERE u % 197 = 0) FROM w",
                // entries that spill to overflow pages, and back
                "UPDATE w SET s = printf('%.*c', 3000, 'y') WHERE u % 50 = 0", "SELECT count(*), sum(length(s)) FROM w",
                "UPDATE w SET s = 'short' WHERE u % 100 = 0", "SELECT count(*), sum(length(s)) FROM w",
                "UPDATE w SET u = u + 1 WHERE u = 10", "UPDATE OR REPLACE w SET u = 12 WHERE u = 11",
                "SELECT count(*), sum(u) FROM w",
                "UPDATE OR IGNORE w SET u = 13 WHERE u BETWEEN 14 AND 20", "SELECT count(*), sum(u) FROM w WHERE u < 30",
                "SELECT count(*) FROM w INDEXED BY wg WHERE g >= 0",
                "UPDATE w SET k = lower(k) || 'z' WHERE j = 2", "SELECT count(*), min(k), max(k) FROM w",
                "SELECT k, j, g FROM w WHERE k = 'k5' ORDER BY j",
                "PRAGMA integrity_check");
    }

    /**
     * Rows found through an index in descending rowid order: with a trigger, or a subquery in the
     * WHERE clause, SQLite updates in two passes and writes them in rowid order, which the trigger's
     * log and a SET reading the table show.
     */
    @Test
    void aTwoPassUpdateWritesItsRowsInRowidOrder() throws Exception {
        run("CREATE TABLE t(id INTEGER PRIMARY KEY, y INT, g INT, s TEXT)", "CREATE INDEX ty ON t(y)", LOAD,
                "CREATE TABLE log(seq INTEGER PRIMARY KEY, id INT)",
                "CREATE TRIGGER tr AFTER UPDATE ON t BEGIN INSERT INTO log(id) VALUES (new.id); END",
                "UPDATE t SET g = g + 1 WHERE y > 2980",
                "SELECT group_concat(id) FROM (SELECT id FROM log ORDER BY seq)",
                "DROP TRIGGER tr",
                "UPDATE t SET g = (SELECT max(g) FROM t) + 1 WHERE y > (SELECT 2990)",
                "SELECT group_concat(id || ':' || g) FROM (SELECT id, g FROM t WHERE y > 2990 ORDER BY id)");
    }
}
