package io.onelite.plan;

import org.junit.jupiter.api.Test;

import static io.onelite.plan.ScenarioTests.run;

/**
 * Against native SQLite: {@code INSERT INTO dest SELECT * FROM src} between tables of one shape
 * copies the stored records ({@link TransferInsert}, SQLite's transfer optimization); the rows,
 * rowids, errors, changes() and last_insert_rowid() are those of the row-by-row insert, and the
 * statements it must leave to that insert (other shapes, OR IGNORE/REPLACE, enforced foreign
 * keys) still give SQLite's answers.
 */
class TransferInsertDifferentialTests {
    private static final String SOURCE = "CREATE TABLE t(id INTEGER PRIMARY KEY, a TEXT, b REAL, c)";
    private static final String ROWS = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 400)"
            + " INSERT INTO t SELECT i * 3, 'a' || i, i * 0.5, CASE i % 4 WHEN 0 THEN NULL WHEN 1 THEN i"
            + " WHEN 2 THEN x'00ff10' ELSE printf('%.*c', 2000 + i, 'z') END FROM n";

    @Test
    void rowsRowidsAndCountsAreThoseOfTheRowByRowInsert() throws Exception {
        run(SOURCE, ROWS,
                "CREATE TABLE u(id INTEGER PRIMARY KEY, a TEXT, b REAL, c)",
                "INSERT INTO u SELECT * FROM t", "SELECT changes(), last_insert_rowid(), total_changes()",
                "SELECT count(*), sum(id), sum(length(a)), sum(b), sum(length(c)), group_concat(typeof(c)) FILTER (WHERE id < 40) FROM u",
                "SELECT * FROM u EXCEPT SELECT * FROM t",
                // no INTEGER PRIMARY KEY: new rowids after the largest, into a table that has rows
                "CREATE TABLE v(a TEXT, b REAL, c)", "CREATE TABLE w(a TEXT, b REAL, c)",
                "INSERT INTO w VALUES ('first', 1, 1)", "INSERT INTO w(rowid, a) VALUES (50, 'x')",
                "INSERT INTO v SELECT a, b, c FROM t", "INSERT INTO w SELECT * FROM v",
                "SELECT changes(), last_insert_rowid(), count(*), max(rowid), sum(rowid) FROM w",
                "INSERT INTO v SELECT * FROM v WHERE rowid < 3", "SELECT count(*) FROM v",
                "PRAGMA integrity_check");
    }

    /**
     * CREATE TABLE ... AS SELECT * FROM src copies src's records too ({@link TransferInsert#copyAs}),
     * the rowid alias's NULL written out as the rowid; rows older than columns ALTER TABLE added
     * get those columns' defaults, a REAL column's whole values stored as integers as SQLite does.
     */
    @Test
    void createTableAsCopiesRecordsWithTheRowidWrittenOut() throws Exception {
        run(SOURCE, ROWS, "DELETE FROM t WHERE id % 7 = 0",
                "CREATE TABLE u AS SELECT * FROM t", "SELECT sql FROM sqlite_schema WHERE name = 'u'",
                "SELECT count(*), sum(rowid), max(rowid), sum(id), sum(length(a)), sum(b), sum(length(c)),"
                        + " group_concat(typeof(id) || typeof(b) || typeof(c)) FILTER (WHERE rowid < 20) FROM u",
                "SELECT * FROM u EXCEPT SELECT * FROM t", "SELECT count(*) FROM u WHERE rowid <> id / 3 - (id / 21)",
                "ALTER TABLE t ADD COLUMN d REAL DEFAULT 2.0", "ALTER TABLE t ADD COLUMN e TEXT DEFAULT 'e'",
                "UPDATE t SET d = 1.5, e = 'set' WHERE id % 5 = 0", "INSERT INTO t(a, b, c, d) VALUES ('new', 3, 4, 5)",
                "CREATE TABLE v AS SELECT * FROM t", "SELECT sql FROM sqlite_schema WHERE name = 'v'",
                "SELECT count(*), sum(d), group_concat(DISTINCT e), group_concat(DISTINCT typeof(d)), sum(id) FROM v",
                "SELECT * FROM v EXCEPT SELECT * FROM t", "SELECT rowid, * FROM v WHERE rowid IN (1, 2, 100, 344)",
                "CREATE TABLE n(x, y NUMERIC, z INT)", "INSERT INTO n VALUES (1, '2', 3.0), ('a', 'b', NULL), (x'01', 2.5, '7')",
                "CREATE TABLE n2 AS SELECT * FROM n", "SELECT rowid, x, typeof(x), y, typeof(y), z, typeof(z) FROM n2",
                "CREATE TABLE g(a INT, b INT GENERATED ALWAYS AS (a * 2))", "INSERT INTO g(a) VALUES (1), (2)",
                "CREATE TABLE g2 AS SELECT * FROM g", "SELECT * FROM g2", "SELECT sql FROM sqlite_schema WHERE name = 'g2'",
                // SQLite's text breaks into lines from 50 (the names' quoted lengths + 5 each, the table's)
                "CREATE TABLE b50(abcdefghijklmnop INT, abcdefghijklmnopq)", "CREATE TABLE q AS SELECT * FROM b50",
                "CREATE TABLE b49(abcdefghijklmnop INT, abcdefghijklmnoq)", "CREATE TABLE r AS SELECT * FROM b49",
                "SELECT name, sql FROM sqlite_schema WHERE name IN ('q', 'r') ORDER BY name",
                "PRAGMA integrity_check");
    }

    /**
     * {@code INSERT INTO dest(every column but the key) SELECT every column but the key FROM src}
     * copies the records too, each under a new rowid; other lists and shapes take the insert.
     */
    @Test
    void columnListsOfEveryColumnButTheKeyCopyRecordsUnderNewRowids() throws Exception {
        run(SOURCE, ROWS,
                "CREATE TABLE u(id INTEGER PRIMARY KEY, a TEXT, b REAL, c)", "INSERT INTO u VALUES (5000, 'first', 1, 1)",
                "INSERT INTO u(a, b, c) SELECT a, b, c FROM t", "SELECT changes(), last_insert_rowid(), total_changes()",
                "SELECT count(*), sum(id), min(id), max(id), sum(length(a)), sum(b), sum(length(c)) FROM u",
                "SELECT a, b, c FROM u WHERE id > 5000 EXCEPT SELECT a, b, c FROM t",
                "INSERT INTO u(A, \"b\", c) SELECT x.a, x.b, c FROM t AS x WHERE 1", "SELECT changes(), count(*), max(id) FROM u",
                "INSERT INTO u(a, b, c) SELECT t.a, t.b, t.c FROM t", "SELECT changes(), count(*), max(id) FROM u",
                "INSERT INTO u(a, b, c) SELECT o.a, b, c FROM t", "INSERT INTO u(a, b, c) SELECT a, b, c FROM t AS x WHERE t.a > ''",
                "INSERT INTO u(b, a, c) SELECT a, b, c FROM t", "SELECT count(*), sum(typeof(b) = 'real'), max(id) FROM u",
                "INSERT INTO u(a, b) SELECT a, b FROM t", "INSERT INTO u(a, b, c) SELECT a, b, c || '' FROM t",
                "INSERT INTO u(a, b, c) SELECT a, b, id FROM t", "INSERT INTO u(id, a, b, c) SELECT id + 100000, a, b, c FROM t",
                "SELECT count(*), sum(id), sum(length(c)), group_concat(DISTINCT typeof(c)) FROM u",
                "CREATE TABLE v(a TEXT, b REAL, c)", "CREATE TABLE w(a TEXT, b REAL, c)",
                "INSERT INTO v(a, b, c) SELECT a, b, c FROM t", "INSERT INTO w(a, b, c) SELECT a, b, c FROM v",
                "SELECT count(*), max(rowid), sum(b) FROM w", "SELECT * FROM w EXCEPT SELECT a, b, c FROM t",
                "CREATE TABLE x(id INTEGER PRIMARY KEY, a TEXT NOT NULL, b REAL, c)",
                "INSERT INTO x(a, b, c) SELECT a, b, c FROM t", "SELECT count(*) FROM x",
                "INSERT INTO t(a, b, c) SELECT a, b, c FROM t", "SELECT count(*), max(id) FROM t",
                "PRAGMA integrity_check");
    }

    @Test
    void anExistingKeyFailsAsTheInsertWouldAndLeavesNothing() throws Exception {
        run(SOURCE, ROWS,
                "CREATE TABLE u(id INTEGER PRIMARY KEY, a TEXT, b REAL, c)",
                "INSERT INTO u VALUES (600, 'taken', 0, 0)",
                "INSERT INTO u SELECT * FROM t", "SELECT count(*), changes() FROM u",
                "INSERT OR ABORT INTO u SELECT * FROM t", "SELECT count(*) FROM u",
                "INSERT OR FAIL INTO u SELECT * FROM t", "SELECT count(*), max(id) FROM u",
                "DELETE FROM u WHERE id <> 600",
                "INSERT OR IGNORE INTO u SELECT * FROM t", "SELECT count(*), changes() FROM u",
                "INSERT OR REPLACE INTO u SELECT * FROM t", "SELECT count(*), changes(), (SELECT a FROM u WHERE id = 600) FROM u",
                "BEGIN", "DELETE FROM u", "INSERT INTO u SELECT * FROM t", "ROLLBACK", "SELECT count(*) FROM u");
    }

    /** Tables that differ where the stored records would read otherwise, and statements of other shapes. */
    @Test
    void otherShapesAndSettingsGiveSqlitesAnswers() throws Exception {
        run(SOURCE, ROWS,
                // rows from before ADD COLUMN read the added column's default: the same in both tables
                "ALTER TABLE t ADD COLUMN d DEFAULT 'dflt'",
                "CREATE TABLE same(id INTEGER PRIMARY KEY, a TEXT, b REAL, c, d DEFAULT 'dflt')",
                "CREATE TABLE other(id INTEGER PRIMARY KEY, a TEXT, b REAL, c, d DEFAULT 'other')",
                "INSERT INTO same SELECT * FROM t", "INSERT INTO other SELECT * FROM t",
                "SELECT count(*), count(DISTINCT d), min(d) FROM same", "SELECT count(*), min(d) FROM other",
                // other affinities, collations, NOT NULL, CHECK, indexes, STRICT, generated columns
                "CREATE TABLE aff(id INTEGER PRIMARY KEY, a INT, b TEXT, c, d)", "INSERT INTO aff SELECT * FROM t",
                "SELECT sum(typeof(a) = 'integer'), sum(typeof(b) = 'text') FROM aff",
                "CREATE TABLE nn(id INTEGER PRIMARY KEY, a TEXT, b REAL, c NOT NULL, d DEFAULT 'dflt')",
                "INSERT INTO nn SELECT * FROM t", "SELECT count(*) FROM nn",
                "CREATE TABLE ck(id INTEGER PRIMARY KEY, a TEXT, b REAL CHECK (b < 100), c, d DEFAULT 'dflt')",
                "INSERT INTO ck SELECT * FROM t", "SELECT count(*) FROM ck",
                "CREATE TABLE ix(id INTEGER PRIMARY KEY, a TEXT UNIQUE, b REAL, c, d DEFAULT 'dflt')",
                "INSERT INTO ix SELECT * FROM t", "SELECT count(*), count(DISTINCT a) FROM ix",
                "CREATE TABLE noipk(id INT PRIMARY KEY, a TEXT, b REAL, c, d DEFAULT 'dflt')",
                "INSERT INTO noipk SELECT * FROM t", "SELECT count(*), max(rowid) FROM noipk",
                // a column list, WHERE, ORDER BY, LIMIT, a join, a view, the table itself
                "DELETE FROM same", "INSERT INTO same(id, a, b, c, d) SELECT * FROM t", "SELECT count(*) FROM same",
                "DELETE FROM same", "INSERT INTO same SELECT * FROM t WHERE id % 2 = 0 ORDER BY id DESC LIMIT 50",
                "SELECT count(*), sum(id) FROM same",
                "CREATE VIEW tv AS SELECT * FROM t", "DELETE FROM same", "INSERT INTO same SELECT * FROM tv",
                "SELECT count(*) FROM same", "INSERT INTO same SELECT * FROM same", "SELECT count(*) FROM same",
                // enforced foreign keys are checked row by row
                "PRAGMA foreign_keys = ON",
                "CREATE TABLE parent(k INTEGER PRIMARY KEY)", "INSERT INTO parent VALUES (3), (6)",
                "CREATE TABLE src2(id INTEGER PRIMARY KEY, p REFERENCES parent)",
                "CREATE TABLE child(id INTEGER PRIMARY KEY, p REFERENCES parent)",
                "INSERT INTO src2 VALUES (1, 3), (2, 6)", "INSERT INTO child SELECT * FROM src2", "SELECT count(*) FROM child",
                "PRAGMA foreign_keys = OFF", "INSERT INTO src2 VALUES (3, 99)", "DELETE FROM child",
                "PRAGMA foreign_keys = ON", "INSERT INTO child SELECT * FROM src2", "SELECT count(*) FROM child",
                "PRAGMA integrity_check");
    }
}
