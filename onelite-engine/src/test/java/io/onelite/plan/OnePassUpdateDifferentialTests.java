package io.onelite.plan;

import io.onelite.api.Database;
import io.onelite.api.DatabaseOptions;
import io.onelite.api.Session;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Against native SQLite: UPDATEs written in one pass ({@link OnePassUpdate}, SQLite's
 * ONEPASS_MULTI), each row as its scan reaches it. Rows whose record is patched through the
 * scan's cursor, rows that no longer fit their leaf and split it under the scan, rows that take
 * the whole write (a NULL for a NOT NULL column, an index or CHECK reading a changed column, a
 * row older than a column ALTER TABLE added), and the scan read from the snapshot (autocommit)
 * or from the transaction's own pages (inside BEGIN), on a file and in memory.
 */
class OnePassUpdateDifferentialTests {
    @TempDir
    Path dir;

    private static final String TABLE = "CREATE TABLE t(id INTEGER PRIMARY KEY, g INT NOT NULL, x INT, s TEXT, r REAL)";
    private static final String LOAD = "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 3000)"
            + " INSERT INTO t SELECT i, i % 7, (i * 7919) % 10007, 'r' || i, i / 4.0 FROM c";
    private static final String SUMMARY = "SELECT count(*), sum(g), sum(x), sum(length(s)), total(r), sum(typeof(r) = 'real'),"
            + " group_concat(id || ':' || x || ':' || s, ',') FILTER (WHERE id % 211 = 0) FROM t";

    /** Updates whose new cells are of the same size, shorter, longer, spilling and back. */
    private static final List<String> UPDATES = List.of(
            "UPDATE t SET x = x + 1", SUMMARY,
            "UPDATE t SET x = 5 WHERE g = 3", SUMMARY,
            "UPDATE t SET s = upper(s), x = -x WHERE id BETWEEN 100 AND 1200", SUMMARY,
            "UPDATE t SET s = s || printf('%.*c', id % 60, 'x') WHERE id % 3 <> 0", SUMMARY,
            "UPDATE t SET s = printf('%.*c', 2000, 'y') WHERE id % 250 = 0", SUMMARY,
            "UPDATE t SET s = 'short', x = NULL WHERE id % 250 = 0 OR id % 7 = 1", SUMMARY,
            "UPDATE t SET r = 2, x = x * 1000003 WHERE g < 4", SUMMARY,
            "UPDATE t SET r = r + 0.5, g = g + 1 WHERE id IN (5, 17, 2999, 40000)", SUMMARY,
            "SELECT changes()",
            "UPDATE t SET x = x + 1 WHERE id > 2990 RETURNING id, x, r", SUMMARY,
            "UPDATE t SET g = NULL WHERE id = 10", "UPDATE OR IGNORE t SET g = CASE WHEN id % 2 = 0 THEN NULL ELSE 9 END"
                    + " WHERE id < 100", "SELECT changes()", SUMMARY,
            "UPDATE OR FAIL t SET g = CASE WHEN id = 50 THEN NULL ELSE 10 END WHERE id < 100", SUMMARY,
            "PRAGMA integrity_check");

    @Test
    void updatesInAutocommitAgreeInMemory() throws Exception {
        ScenarioTests.run(script(List.of(TABLE, LOAD), UPDATES, List.of()));
    }

    @Test
    void updatesInsideATransactionAgreeInMemory() throws Exception {
        ScenarioTests.run(script(List.of(TABLE, LOAD, "BEGIN"), UPDATES, List.of("COMMIT", SUMMARY)));
    }

    @Test
    void updatesInAutocommitAndInsideATransactionAgreeOnAFile() throws Exception {
        runOnFiles(script(List.of(TABLE, LOAD), UPDATES, List.of()));
        runOnFiles(script(List.of(TABLE, LOAD, "BEGIN", "UPDATE t SET x = 0 WHERE id = 1"), UPDATES,
                List.of("ROLLBACK", SUMMARY)));
        runOnFiles(script(List.of(TABLE, LOAD, "BEGIN"), UPDATES, List.of("COMMIT", SUMMARY)));
    }

    /**
     * Values that take as many bytes as the ones they replace are written into the page where the
     * record lies: serial types that change at the same size (NULL, 0 and 1 take none; a REAL's
     * 8 bytes and an 8-byte integer's), texts of the same length, the same column set twice (the
     * last wins), rows older than ADD COLUMN (whose record lacks the column: written whole),
     * inside a transaction with a savepoint rolled back; rowid and WITHOUT ROWID tables.
     */
    @Test
    void valuesOfTheSameSizeAreWrittenWhereTheRecordLies() throws Exception {
        String summary = "SELECT count(*), sum(g), sum(x), total(r), group_concat(typeof(x) || typeof(r), ''),"
                + " group_concat(s, ','), sum(d) FROM p";
        List<String> updates = List.of(
                "UPDATE p SET x = x + 1", summary, "UPDATE p SET x = NULL WHERE x = 1", summary,
                "UPDATE p SET x = 1 WHERE x IS NULL", summary, "UPDATE p SET x = 0, x = 2 WHERE id % 3 = 0", summary, "UPDATE p SET x = 5, x = 6 WHERE x = 2", summary,
                "UPDATE p SET r = x * 1e15 WHERE id % 4 = 0", summary, "UPDATE p SET s = upper(s), g = -g WHERE g > 2", summary,
                "UPDATE p SET s = replace(s, 'N', 'Z') WHERE id % 5 = 0", summary,
                "ALTER TABLE p ADD COLUMN d INT DEFAULT 7", "UPDATE p SET d = d + id WHERE id % 5 = 0", summary,
                "UPDATE p SET d = d + 1", summary,
                "SAVEPOINT s1", "UPDATE p SET x = x + 1, g = g + 1", "ROLLBACK TO s1", "RELEASE s1", summary,
                "PRAGMA integrity_check");
        for (String table : List.of("CREATE TABLE p(id INTEGER PRIMARY KEY, g INT, x INT, s TEXT, r REAL)",
                // the key last: stored first, each column at another place in the entry
                "CREATE TABLE p(g INT, x INT, s TEXT, r REAL, id INT PRIMARY KEY) WITHOUT ROWID")) {
            List<String> before = List.of(table,
                    "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 2000)"
                            + " INSERT INTO p(id, g, x, s, r) SELECT i, i % 5, i % 2, 'n' || i, CASE WHEN i % 2 THEN i / 2 ELSE i END FROM c");
            ScenarioTests.run(script(before, updates, List.of()));
            ScenarioTests.run(script(before, Stream.concat(Stream.of("BEGIN"), updates.stream()).toList(), List.of("COMMIT", summary)));
        }
    }

    /**
     * An UPDATE that gives rows the bytes they already have writes no page, as SQLite compares an
     * overwrite of the same size before it writes it: no WAL frame when nothing changes (the
     * same values, upper() of upper-case text, a column set twice whose last value is its own),
     * and the same frames as SQLite when some rows of some leaves change (non-ASCII text too);
     * rowid and WITHOUT ROWID tables (whose entries lie in interior pages too), autocommit.
     */
    @Test
    void updatesThatChangeNoByteWriteNoPage() throws Exception {
        List<String> updates = List.of("UPDATE p SET x = x, r = r", "UPDATE p SET s = upper(s)", "UPDATE p SET s = upper(s)",
                "UPDATE p SET x = x + 0, g = g * 1", "UPDATE p SET x = 0, x = x", "UPDATE p SET s = lower(s) WHERE id % 97 = 0",
                "UPDATE p SET s = lower(s) WHERE id % 97 = 0", "UPDATE p SET s = 'é' || substr(s, 2) WHERE id % 101 = 0",
                "UPDATE p SET s = 'é' || substr(s, 2) WHERE id % 101 = 0", "UPDATE p SET r = -r WHERE id = 1500",
                "UPDATE p SET r = r + 0.0 WHERE id = 1500", "UPDATE p SET b = b", "UPDATE p SET b = x'00ff' WHERE id = 7");
        for (String table : List.of("CREATE TABLE p(id INTEGER PRIMARY KEY, g INT, x INT, s TEXT, r REAL, b BLOB)",
                "CREATE TABLE p(g INT, x INT, s TEXT, r REAL, b BLOB, id INT PRIMARY KEY) WITHOUT ROWID")) {
            String load = "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 3000)"
                    + " INSERT INTO p(id, g, x, s, r, b) SELECT i, i % 5, i * 3, 'n' || i, i / 4.0, x'00ff' FROM c";
            Path mine = dir.resolve("onelite-" + System.nanoTime() + ".db");
            Path theirs = dir.resolve("sqlite-" + System.nanoTime() + ".db");
            try (Database db = Database.open(mine.toString(), DatabaseOptions.DEFAULTS); Session s = db.openSession();
                 Connection c = DriverManager.getConnection("jdbc:sqlite:" + theirs)) {
                ScenarioTests.sqlite(c, "PRAGMA journal_mode=WAL");
                for (String sql : List.of(table, load)) {
                    ScenarioTests.oneLite(s, sql);
                    ScenarioTests.sqlite(c, sql);
                }
                List<String> mineFrames = new ArrayList<>();
                List<String> theirFrames = new ArrayList<>();
                for (String sql : updates) {
                    boolean exact = !table.endsWith("WITHOUT ROWID"); // whose leaves SQLite fills otherwise
                    mineFrames.add(framesWritten(mine, sql, q -> ScenarioTests.oneLite(s, q), exact));
                    theirFrames.add(framesWritten(theirs, sql, q -> ScenarioTests.sqlite(c, q), exact));
                }
                assertThat(mineFrames).isEqualTo(theirFrames);
                assertThat(mineFrames).filteredOn(f -> f.endsWith(" 0 frames")).hasSize(9);
                String summary = "SELECT count(*), sum(g), sum(x), group_concat(s, ''), total(r), group_concat(hex(b), '') FROM p";
                assertThat(ScenarioTests.oneLite(s, summary)).isEqualTo(ScenarioTests.sqlite(c, summary));
            }
        }
    }

    private interface Sql {
        String run(String sql) throws Exception;
    }

    /**
     * {@code sql} run after a TRUNCATE checkpoint emptied {@code db}'s WAL: the rows it changed and
     * the frames it appended ({@code exact}), or whether it appended any.
     */
    private static String framesWritten(Path db, String sql, Sql engine, boolean exact) throws Exception {
        Path wal = Path.of(db + "-wal");
        engine.run("PRAGMA wal_checkpoint(TRUNCATE)");
        long before = Files.size(wal);
        engine.run(sql);
        String changes = engine.run("SELECT changes()");
        long after = Files.size(wal);
        long header = before == 0 && after > 0 ? 32 : 0;
        long frames = (after - before - header) / (4096 + 24);
        return sql + ": " + changes + " rows, " + (exact || frames == 0 ? frames : "some") + " frames";
    }

    /** A statement that fails part way leaves no row of it behind, in one pass as in two. */
    @Test
    void aFailingUpdateUndoesTheRowsItWroteBeforeTheFailure() throws Exception {
        ScenarioTests.run(TABLE, LOAD, "CREATE TABLE u(a UNIQUE)",
                "UPDATE t SET g = CASE WHEN id = 2500 THEN NULL ELSE g + 1 END", SUMMARY,
                "BEGIN", "UPDATE t SET x = x + 1 WHERE id < 10",
                "UPDATE t SET s = s || 'long enough to split leaves ' || id, g = CASE WHEN id = 2999 THEN NULL ELSE 1 END",
                SUMMARY, "COMMIT", SUMMARY,
                "SAVEPOINT a", "UPDATE t SET x = 1", "ROLLBACK TO a", "RELEASE a", SUMMARY,
                "PRAGMA integrity_check");
    }

    /**
     * Rows that take the whole write in the same pass: indexes on changed and unchanged columns,
     * a partial and an expression index, CHECKs, generated columns, STRICT, rows older than a
     * column ALTER TABLE added, and a UNIQUE conflict met part way.
     */
    @Test
    void rowsWrittenWholeAgreeWithTheirIndexesAndConstraints() throws Exception {
        ScenarioTests.run(TABLE, LOAD,
                "CREATE INDEX tg ON t(g)", "CREATE INDEX ts ON t(s) WHERE x > 5000", "CREATE INDEX te ON t(x % 10)",
                "UPDATE t SET g = g + 1 WHERE id % 2 = 0", "UPDATE t SET x = x + 3", "UPDATE t SET r = -r WHERE g = 2",
                SUMMARY, "SELECT count(*), sum(id) FROM t INDEXED BY tg WHERE g > 2",
                "SELECT count(*), sum(id) FROM t INDEXED BY ts WHERE s > 'r' AND x > 5000",
                "SELECT count(*), sum(id) FROM t INDEXED BY te WHERE x % 10 = 3",
                "ALTER TABLE t ADD COLUMN d INT DEFAULT 7", "ALTER TABLE t ADD COLUMN e TEXT",
                "UPDATE t SET d = d + id WHERE id % 5 = 0", "UPDATE t SET x = x + 1, e = 'e' || id WHERE id % 3 = 0",
                "SELECT sum(d), count(e), sum(x) FROM t",
                "CREATE TABLE c(id INTEGER PRIMARY KEY, a INT CHECK (a >= 0), b INT, v INT GENERATED ALWAYS AS (b * 2),"
                        + " w INT GENERATED ALWAYS AS (a + 1) STORED, u INT UNIQUE)",
                "INSERT INTO c(id, a, b, u) SELECT id, id, id, id FROM t WHERE id <= 500",
                "UPDATE c SET b = b + 1", "UPDATE c SET a = a - 100", "UPDATE c SET a = a + 1 WHERE id > 200",
                "SELECT count(*), sum(a), sum(b), sum(v), sum(w), sum(u) FROM c",
                "UPDATE c SET u = u + 1 WHERE id >= 490", "UPDATE OR IGNORE c SET u = u + 1 WHERE id >= 480",
                "SELECT changes(), sum(u), count(*) FROM c",
                "CREATE TABLE st(id INTEGER PRIMARY KEY, n INTEGER, f TEXT) STRICT",
                "INSERT INTO st SELECT id, x, s FROM t WHERE id <= 300", "UPDATE st SET n = n + 1",
                "UPDATE st SET n = 'text'", "UPDATE st SET f = f || n", "SELECT count(*), sum(n), sum(length(f)) FROM st",
                "PRAGMA integrity_check");
    }

    /**
     * Loops over an index the UPDATE leaves alone, a rowid IN list, LIMIT; and the UPDATEs SQLite
     * writes in two passes (an index the loop walks and the SET changes, a subquery in WHERE
     * reading rows already changed, triggers, a new rowid, REPLACE), in autocommit and inside a
     * transaction, whose scans read the pages the UPDATE writes.
     */
    @Test
    void updatesThroughOtherLoopsAndInTwoPassesAgree() throws Exception {
        List<String> updates = List.of("CREATE INDEX tx ON t(x)",
                "UPDATE t SET s = 'by index ' || x WHERE x BETWEEN 100 AND 900", SUMMARY,
                "UPDATE t SET g = g + 1 WHERE x < 50", SUMMARY,
                "UPDATE t SET x = x + 7 WHERE x BETWEEN 2000 AND 2100", SUMMARY,
                "UPDATE t SET s = 'in' WHERE id IN (SELECT id FROM t WHERE g = 2 LIMIT 40)", SUMMARY,
                "UPDATE t SET s = 'limited' || id WHERE g = 4 ORDER BY id DESC LIMIT 25", SUMMARY,
                "UPDATE t SET s = s || ' long enough to split its leaf' WHERE g = 5 LIMIT 300", SUMMARY,
                "UPDATE t SET s = (SELECT max(s) FROM t) WHERE id < 5", SUMMARY,
                "UPDATE t SET x = (SELECT count(*) FROM t AS o WHERE o.x < t.x) WHERE id BETWEEN 10 AND 30", SUMMARY,
                "UPDATE t SET x = x + 1 WHERE x > (SELECT o.x FROM t AS o WHERE o.id = t.id - 1)", SUMMARY,
                "CREATE TABLE log(id, x, n)",
                "CREATE TRIGGER tu AFTER UPDATE ON t WHEN new.id % 100 = 0 BEGIN"
                        + " INSERT INTO log VALUES (new.id, new.x, (SELECT sum(x) FROM t)); END",
                "UPDATE t SET x = x + 1 WHERE g = 1", "SELECT count(*), sum(n), sum(x) FROM log", SUMMARY,
                "DROP TRIGGER tu",
                "UPDATE t SET id = id + 5000 WHERE g = 6", SUMMARY,
                "CREATE UNIQUE INDEX tu ON t(s)",
                "UPDATE OR REPLACE t SET s = 'same' WHERE id % 500 = 1", SUMMARY,
                "PRAGMA integrity_check");
        ScenarioTests.run(script(List.of(TABLE, LOAD), updates, List.of()));
        ScenarioTests.run(script(List.of(TABLE, LOAD, "BEGIN"), updates, List.of("COMMIT", SUMMARY)));
    }

    /**
     * An UPDATE in a trigger of INSERT OR REPLACE takes REPLACE: its UNIQUE conflicts delete other
     * rows, and their entries in the index its loop walks, so it is written in two passes.
     */
    @Test
    void anUpdateTakingReplaceFromItsTriggersStatementDeletesRowsAsInSqlite() throws Exception {
        List<String> updates = List.of(
                "CREATE TABLE p(id INTEGER PRIMARY KEY, g INT, u INT UNIQUE, s TEXT)", "CREATE INDEX pg ON p(g, s)",
                "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 3000)"
                        + " INSERT INTO p SELECT i, i % 3, i, printf('%.*c', 30 + i % 20, 's') FROM c",
                "CREATE TABLE o(a)", "CREATE TRIGGER ot AFTER INSERT ON o BEGIN UPDATE p SET u = u + 1 WHERE g = 1; END",
                "INSERT OR REPLACE INTO o VALUES (1)",
                "SELECT count(*), sum(u), sum(id), sum(g) FROM p", "SELECT count(*) FROM p INDEXED BY pg WHERE g >= 0",
                "PRAGMA integrity_check");
        ScenarioTests.run(updates.toArray(String[]::new));
        ScenarioTests.run(script(List.of("BEGIN"), updates, List.of("COMMIT", "SELECT count(*), sum(u) FROM p")));
    }

    /**
     * WITHOUT ROWID rows keeping their primary key, rewritten through the scan's own cursor: in
     * place, or deleted and inserted again when they outgrow their page (the scan then finds its
     * entry again), spilling to overflow pages and back, with secondary indexes changed or not,
     * in autocommit (the scan reads the snapshot) and inside a transaction.
     */
    @Test
    void withoutRowidRowsAreRewrittenThroughTheScan() throws Exception {
        String summary = "SELECT count(*), sum(g), sum(x), sum(length(s)), total(r), sum(typeof(r) = 'real'),"
                + " group_concat(k || ':' || x || ':' || s, ',') FILTER (WHERE x % 211 = 0) FROM w";
        List<String> updates = List.of(
                "UPDATE w SET x = x + 1", summary,
                "UPDATE w SET s = s || printf('%.*c', length(k) * 7 % 60, 'x') WHERE g <> 2", summary,
                "UPDATE w SET s = printf('%.*c', 1500, 'y') WHERE x % 97 = 0", summary,
                "UPDATE w SET s = 'short', r = 3 WHERE x % 97 = 0 OR g = 1", summary,
                "CREATE INDEX wg ON w(g, x)", "CREATE INDEX ws ON w(s)",
                "UPDATE w SET g = g + 1 WHERE x % 3 = 0", "UPDATE w SET r = r * 2", summary,
                "SELECT count(*), sum(x) FROM w INDEXED BY wg WHERE g > 1", "SELECT count(*) FROM w INDEXED BY ws WHERE s > ''",
                "UPDATE w SET s = upper(s) WHERE g = 3 AND x > 100", summary,
                "ALTER TABLE w ADD COLUMN d INT DEFAULT 5", "UPDATE w SET d = d + 1 WHERE g = 4", "SELECT sum(d) FROM w",
                "UPDATE OR IGNORE w SET u = u + 1 WHERE x < 900", "SELECT changes(), sum(u) FROM w",
                "PRAGMA integrity_check");
        List<String> before = List.of(
                "CREATE TABLE w(k TEXT, j INT, g INT, x INT, s TEXT, r REAL, u INT UNIQUE, PRIMARY KEY (k, j DESC)) WITHOUT ROWID",
                "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 3000)"
                        + " INSERT INTO w SELECT 'key' || (i % 1000), i / 1000, i % 7, (i * 7919) % 10007, 'r' || i, i / 4.0, i FROM c");
        ScenarioTests.run(script(before, updates, List.of()));
        ScenarioTests.run(script(before, Stream.concat(Stream.of("BEGIN"), updates.stream()).toList(),
                List.of("COMMIT", summary)));
        runOnFiles(script(before, Stream.concat(Stream.of("BEGIN"), updates.stream()).toList(), List.of("COMMIT", summary)));
        // the key's columns are not the table's first: a column's place in the stored entry is another
        ScenarioTests.run("CREATE TABLE v(a INT, b TEXT, c REAL, d, PRIMARY KEY (d, b)) WITHOUT ROWID",
                "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 2000)"
                        + " INSERT INTO v SELECT i, 'b' || i, i / 2.0, i % 3 FROM c",
                "UPDATE v SET a = a + 1", "UPDATE v SET c = c * 2, a = -a WHERE d = 1", "UPDATE v SET c = NULL WHERE a % 7 = 0",
                "SELECT count(*), sum(a), total(c), sum(typeof(c) = 'real'), group_concat(b, ',') FILTER (WHERE a % 301 = 0) FROM v",
                "SELECT * FROM v WHERE b IN ('b1', 'b2', 'b1999') ORDER BY b", "PRAGMA integrity_check");
    }

    /** Tables whose UPDATE must not patch records: a CHECK reading the column, generated columns stored after a VIRTUAL one. */
    @Test
    void checksAndGeneratedColumnsSeeEveryRowWritten() throws Exception {
        ScenarioTests.run(
                "CREATE TABLE k(id INTEGER PRIMARY KEY, a INT CHECK (a >= 0), b INT)",
                "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 400) INSERT INTO k SELECT i, i, i FROM c",
                "UPDATE k SET b = b - 1000", "UPDATE k SET a = a - 100", "UPDATE OR IGNORE k SET a = a - 100",
                "SELECT changes(), count(*), sum(a), sum(b) FROM k",
                "CREATE TABLE g(id INTEGER PRIMARY KEY, a INT, v INT GENERATED ALWAYS AS (a + 1) VIRTUAL, y INT, z INT,"
                        + " w INT GENERATED ALWAYS AS (a * 2) STORED)",
                "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 400) INSERT INTO g(id, a, y, z) SELECT i, i, 0, 0 FROM c",
                "UPDATE g SET y = 9 WHERE id % 2 = 0", "UPDATE g SET a = a + 1", "UPDATE g SET z = a WHERE id > 300",
                "SELECT sum(a), sum(v), sum(y), sum(z), sum(w) FROM g", "SELECT * FROM g WHERE id IN (1, 2, 399, 400)",
                "PRAGMA integrity_check");
    }

    private static String[] script(List<String> before, List<String> updates, List<String> after) {
        return Stream.of(before, updates, after).flatMap(List::stream).toArray(String[]::new);
    }

    private void runOnFiles(String... script) throws Exception {
        Path mine = dir.resolve("onelite-" + System.nanoTime() + ".db");
        Path theirs = dir.resolve("sqlite-" + System.nanoTime() + ".db");
        try (Database db = Database.open(mine.toString(), DatabaseOptions.DEFAULTS); Session s = db.openSession();
             Connection c = DriverManager.getConnection("jdbc:sqlite:" + theirs)) {
            ScenarioTests.sqlite(c, "PRAGMA journal_mode=WAL");
            List<String> diffs = new ArrayList<>();
            for (String sql : script) {
                String a = ScenarioTests.oneLite(s, sql);
                String b = ScenarioTests.sqlite(c, sql);
                if (!a.equals(b)) {
                    diffs.add(sql + "\n  onelite: " + a + "\n  sqlite:  " + b);
                }
            }
            assertThat(diffs).isEmpty();
        }
    }
}
