package io.onelite.jdbc;

import io.onelite.testing.Sqlite3;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

import static io.onelite.jdbc.WithoutRowidDifferentialTests.assertSame;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Generated columns ({@code AS (expr) [STORED|VIRTUAL]}), on both drivers: values computed on
 * write (STORED, kept in the record) and on read (VIRTUAL, left out of it), the declared type's
 * affinity, indexes, constraints, triggers, UPSERT, RETURNING, ALTER TABLE, and SQLite's errors.
 * The file tests share files with the {@code sqlite3} shell: a VIRTUAL column shifts the record's
 * fields, so a reader that ignored it would read the wrong column.
 */
class GeneratedColumnsDifferentialTests {
    @TempDir
    Path dir;

    @Test
    void virtualAndStoredColumnsAreComputedOnWriteAndRead() throws SQLException {
        assertSame("CREATE TABLE t(a INT, b INT GENERATED ALWAYS AS (a * 2) VIRTUAL, c TEXT, d AS (c || b) STORED)",
                "INSERT INTO t(a, c) VALUES (3, 'x'), (NULL, 'y')",
                "INSERT INTO t VALUES (5, 'z')",
                "SELECT * FROM t ORDER BY rowid",
                "SELECT c, b FROM t WHERE b > 6",
                "UPDATE t SET a = a + 1 WHERE c = 'x'",
                "SELECT a, b, c, d, typeof(b), typeof(d) FROM t ORDER BY rowid",
                "SELECT sum(b), max(d), count(b) FROM t",
                "SELECT b, count(*) FROM t GROUP BY b ORDER BY b DESC",
                "DELETE FROM t WHERE b = 10 RETURNING *",
                "SELECT * FROM t ORDER BY rowid",
                "PRAGMA table_info(t)",
                "PRAGMA table_xinfo(t)",
                "PRAGMA integrity_check");
    }

    @Test
    void theDeclaredTypeGivesAffinityAndRealsReadBackAsReals() throws SQLException {
        assertSame("CREATE TABLE t(a REAL, b AS (a / 2), c TEXT AS (a), d INT AS ('7' || '0') STORED)",
                "INSERT INTO t VALUES (3), (4.5)",
                "SELECT a, b, c, typeof(c), d, typeof(d) FROM t ORDER BY rowid");
    }

    @Test
    void anIntegerPrimaryKeyReadInTheExpressionIsTheNewRowsRowid() throws SQLException {
        assertSame("CREATE TABLE t(id INTEGER PRIMARY KEY, b AS (id * 2), c AS (id + 1) STORED)",
                "INSERT INTO t(id) VALUES (NULL)",
                "INSERT INTO t VALUES (NULL)",
                "INSERT INTO t VALUES (10)",
                "SELECT * FROM t ORDER BY id",
                "UPDATE t SET id = 20 WHERE id = 10",
                "SELECT * FROM t ORDER BY id");
    }

    @Test
    void generatedColumnsReadingGeneratedColumnsAndLoops() throws SQLException {
        assertSame("CREATE TABLE t(a, c AS (b + 1), b AS (a * 10) STORED, d AS (c || '/' || b))",
                "INSERT INTO t VALUES (1), (2)",
                "SELECT * FROM t ORDER BY a",
                "CREATE TABLE l(a, b AS (c), c AS (b))",
                "INSERT INTO l(a) VALUES (1)",
                "CREATE TABLE l2(a, c AS (b), b AS (c))",
                "INSERT INTO l2(a) VALUES (1)",
                "CREATE TABLE l3(a, b AS (c), c AS (d), d AS (b))",
                "INSERT INTO l3(a) VALUES (1)",
                "CREATE TABLE l4(a, b AS (b))",
                "UPDATE l4 SET a = 1");
    }

    /**
     * Date and time functions may compute a generated column, an index key or a CHECK, as in
     * SQLite; reading the current time ('now', no argument) or the local zone (localtime, utc)
     * there fails when the row is written ("non-deterministic use of date() in ..."), and
     * CURRENT_DATE is refused when the schema is made.
     */
    @Test
    void dateFunctionsAreDeterministicUnlessTheyReadTheClock() throws SQLException {
        assertSame("CREATE TABLE t(a, day AS (date(a)), y AS (strftime('%Y', a)) STORED, j AS (julianday(a) + 1))",
                "CREATE INDEX t_day ON t(date(a, '+1 day'))",
                "CREATE INDEX t_p ON t(a) WHERE date(a) > '2020-01-01'",
                "INSERT INTO t(a) VALUES ('2024-01-05 10:00'), ('2019-12-31 23:59')",
                "SELECT * FROM t ORDER BY a",
                "SELECT a FROM t WHERE date(a, '+1 day') = '2024-01-06'",
                "CREATE TABLE n1(a, b AS (date('now')))",
                "INSERT INTO n1(a) VALUES (1)",
                "CREATE TABLE n2(a, b AS (datetime(a, 'utc')))",
                "INSERT INTO n2(a) VALUES ('2000-01-01')",
                "CREATE TABLE n3(a, b AS (date()))",
                "INSERT INTO n3(a) VALUES (1)",
                "CREATE TABLE n4(a CHECK (date(a, 'localtime') > ''))",
                "INSERT INTO n4 VALUES ('2000-01-01')",
                "CREATE TABLE n5(a)",
                "CREATE INDEX n5_i ON n5(date('now', a))",
                "INSERT INTO n5 VALUES ('+1 day')",
                "CREATE INDEX n5_p ON n5(a) WHERE date('now') > a",
                "CREATE TABLE n6(a, b AS (current_date))",
                "CREATE INDEX n5_c ON n5(current_time)",
                "SELECT count(*) FROM n1", "SELECT count(*) FROM n5");
    }

    @Test
    void indexesOnGeneratedColumnsServeLookupsAndStayInStep() throws SQLException {
        assertSame("CREATE TABLE t(a, b AS (a * 10), c, s AS (upper(c)) STORED)",
                "INSERT INTO t(a, c) VALUES (1, 'p'), (2, 'q'), (3, 'r')",
                "CREATE INDEX tb ON t(b)",
                "CREATE UNIQUE INDEX ts ON t(s)",
                "EXPLAIN QUERY PLAN SELECT * FROM t WHERE b = 20",
                "SELECT * FROM t WHERE b = 20",
                "SELECT a, b FROM t WHERE b BETWEEN 5 AND 25 ORDER BY b",
                "UPDATE t SET a = a + 10 WHERE b = 20",
                "SELECT * FROM t ORDER BY b",
                "INSERT INTO t(a, c) VALUES (9, 'P')",
                "INSERT OR REPLACE INTO t(a, c) VALUES (9, 'P')",
                "SELECT * FROM t ORDER BY b",
                "DELETE FROM t WHERE s = 'R'",
                "SELECT * FROM t ORDER BY b",
                "PRAGMA integrity_check");
    }

    @Test
    void constraintsOnGeneratedColumns() throws SQLException {
        assertSame("CREATE TABLE t(a, b INT AS (a) NOT NULL, c AS (a * 2) CHECK (c < 100), u AS (a % 10) UNIQUE)",
                "INSERT INTO t VALUES (1)",
                "INSERT INTO t VALUES (NULL)",
                "INSERT INTO t VALUES (60)",
                "INSERT INTO t VALUES (11)",
                "INSERT OR IGNORE INTO t VALUES (21)",
                "UPDATE t SET a = NULL",
                "SELECT * FROM t");
    }

    @Test
    void triggersUpsertAndReturningSeeTheComputedValues() throws SQLException {
        assertSame("CREATE TABLE t(a UNIQUE, b AS (a * 2), c AS (a + 1) STORED)",
                "CREATE TABLE log(x)",
                "CREATE TRIGGER tb BEFORE INSERT ON t BEGIN INSERT INTO log VALUES ('before ' || new.b || ' ' || new.c); END",
                "CREATE TRIGGER ta AFTER UPDATE ON t BEGIN INSERT INTO log VALUES (old.b || '->' || new.b || ' ' || new.c); END",
                "INSERT INTO t VALUES (1), (2) RETURNING *",
                "UPDATE t SET a = 5 WHERE b = 2 RETURNING a, b, c",
                "INSERT INTO t VALUES (5) ON CONFLICT (a) DO UPDATE SET a = excluded.b + 100 RETURNING *",
                "INSERT INTO t VALUES (2) ON CONFLICT DO NOTHING",
                "SELECT * FROM t ORDER BY a",
                "SELECT * FROM log ORDER BY rowid");
    }

    @Test
    void writingAGeneratedColumnAndBadDefinitionsFailAsInSqlite() throws SQLException {
        assertSame("CREATE TABLE t(a, b AS (a + 1), c)",
                "INSERT INTO t VALUES (1, 2)",
                "INSERT INTO t VALUES (1, 2, 3)",
                "INSERT INTO t SELECT 1, 2, 3",
                "INSERT INTO t(a, b) VALUES (1, 2)",
                "UPDATE t SET b = 1",
                "CREATE UNIQUE INDEX tc ON t(c)",
                "INSERT INTO t(a, c) VALUES (1, 3) ON CONFLICT (c) DO UPDATE SET b = 2",
                "SELECT * FROM t",
                "CREATE TABLE e1(a, b AS (a) PRIMARY KEY)",
                "CREATE TABLE e2(a, b AS (a), PRIMARY KEY(b))",
                "CREATE TABLE e3(a, b AS (a) DEFAULT 3)",
                "CREATE TABLE e4(a, b DEFAULT 3 AS (a))",
                "CREATE TABLE e5(b AS (1))",
                "CREATE TABLE e6(a, b AS ((SELECT 1)))",
                "CREATE TABLE e7(a, b AS (random()))",
                "CREATE TABLE e8(a, b AS (count(a)))",
                "CREATE TABLE e9(a, b AS (zz))",
                "CREATE TABLE e10(a, b AS (rowid))",
                "CREATE TABLE e11(a, b AS (a IN (SELECT 1)))",
                "SELECT name FROM sqlite_schema ORDER BY name");
    }

    /** As {@link WithoutRowidDifferentialTests#assertSame}; sqlite-jdbc reports some ALTER TABLEs as empty results. */
    private static void assertSameAlter(String... script) throws SQLException {
        java.util.function.UnaryOperator<java.util.List<String>> norm = l -> l.stream()
                .map(o -> o.startsWith("ALTER") && o.endsWith(" -> ") ? o + "done" : o).toList();
        assertThat(norm.apply(WithoutRowidDifferentialTests.run(Drivers.ONELITE, script)))
                .containsExactlyElementsOf(norm.apply(WithoutRowidDifferentialTests.run(Drivers.NATIVE, script)));
    }

    @Test
    void alterTableAddsAndDropsGeneratedColumns() throws SQLException {
        assertSameAlter("CREATE TABLE t(a, c)",
                "INSERT INTO t VALUES (4, 'x')",
                "ALTER TABLE t ADD COLUMN b AS (a * 2)",
                "ALTER TABLE t ADD COLUMN d INT NOT NULL AS (a)",
                "ALTER TABLE t ADD COLUMN e AS (a) STORED",
                "ALTER TABLE t ADD COLUMN f NOT NULL AS (NULL)",
                "ALTER TABLE t ADD COLUMN g AS (a) CHECK (g > 5)",
                "ALTER TABLE t ADD COLUMN h AS ((SELECT 1))",
                "ALTER TABLE t ADD COLUMN i AS (zz)",
                "ALTER TABLE t ADD COLUMN k",
                "INSERT INTO t(a, c, k) VALUES (5, 'y', 'k')",
                "SELECT * FROM t ORDER BY rowid",
                "ALTER TABLE t DROP COLUMN b",
                "SELECT * FROM t ORDER BY rowid",
                "ALTER TABLE t DROP COLUMN a",
                "CREATE TABLE e(a)",
                "ALTER TABLE e ADD COLUMN s AS (a) STORED",
                "ALTER TABLE e ADD COLUMN n NOT NULL",
                "INSERT INTO e(a, n) VALUES (1, 2)",
                "SELECT * FROM e",
                "CREATE TABLE st(a, b AS (a + 1) STORED, c)",
                "INSERT INTO st VALUES (1, 'c')",
                "ALTER TABLE st DROP COLUMN b",
                "SELECT * FROM st",
                "PRAGMA integrity_check");
    }

    @Test
    void withoutRowidTablesLeaveVirtualColumnsOutOfTheirKeys() throws SQLException {
        assertSameAlter("CREATE TABLE w(k PRIMARY KEY, v AS (k * 3), z, s AS (z || '!') STORED) WITHOUT ROWID",
                "CREATE INDEX wv ON w(v)",
                "INSERT INTO w(k, z) VALUES (1, 'a'), (2, 'b'), (3, 'c')",
                "SELECT * FROM w ORDER BY k",
                "SELECT k FROM w WHERE v = 6",
                "UPDATE w SET z = 'q' WHERE v = 6",
                "UPDATE w SET k = 10 WHERE k = 1",
                "DELETE FROM w WHERE v = 9",
                "SELECT * FROM w ORDER BY k",
                "ALTER TABLE w ADD COLUMN t AS (z || k) VIRTUAL",
                "SELECT * FROM w ORDER BY k",
                "PRAGMA integrity_check");
    }

    @Test
    void filesWrittenBySqlite3ReadAndChangeCorrectlyAndBack() throws SQLException {
        Path db = dir.resolve("g.db");
        assertThat(Sqlite3.run(db, """
                PRAGMA journal_mode = wal;
                CREATE TABLE g(a INT, b INT AS (a * 2), c TEXT, d AS (c || b) STORED);
                CREATE INDEX gb ON g(b);
                INSERT INTO g(a, c) VALUES (3, 'hello'), (4, 'x');
                CREATE TABLE w(k PRIMARY KEY, v AS (k * 3), z) WITHOUT ROWID;
                INSERT INTO w(k, z) VALUES (1, 'a'), (2, 'b');
                """)).isEqualTo("wal");
        try (Connection c = Drivers.open("jdbc:onelite:" + db); Statement s = c.createStatement()) {
            assertThat(Drivers.rows(c, "SELECT a, b, c, d FROM g ORDER BY a"))
                    .containsExactly(java.util.List.of("3", "6", "hello", "hello6"), java.util.List.of("4", "8", "x", "x8"));
            assertThat(Drivers.rows(c, "SELECT c FROM g WHERE b = 8")).containsExactly(java.util.List.of("x"));
            s.execute("INSERT INTO g(a, c) VALUES (5, 'y')");
            s.execute("UPDATE g SET a = 10 WHERE b = 6");
            s.execute("INSERT INTO w(k, z) VALUES (3, 'c')");
            s.execute("UPDATE w SET z = 'q' WHERE v = 6");
        }
        assertThat(Sqlite3.run(db, """
                PRAGMA integrity_check;
                SELECT a, b, c, d FROM g ORDER BY a;
                SELECT * FROM w ORDER BY k;
                SELECT c FROM g WHERE b = 20;
                """)).isEqualTo(String.join("\n", "ok", "4|8|x|x8", "5|10|y|y10", "10|20|hello|hello20",
                "1|3|a", "2|6|q", "3|9|c", "hello"));
    }

    /**
     * BEGIN CONCURRENT: two transactions changing different rows of a table with an index on a
     * VIRTUAL column both commit (the second by replay onto the first's pages), and the same row
     * changed by both fails the later commit with 517; the file stays valid for sqlite3.
     */
    @Test
    void concurrentTransactionsMergeRowsWithGeneratedColumns() throws SQLException {
        Path db = dir.resolve("c.db");
        try (Connection a = Drivers.open("jdbc:onelite:" + db); Connection b = Drivers.open("jdbc:onelite:" + db);
             Statement sa = a.createStatement(); Statement sb = b.createStatement()) {
            sa.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, a INT, b AS (a * 2), c AS (a + id) STORED)");
            sa.execute("CREATE INDEX tb ON t(b)");
            sa.execute("INSERT INTO t(id, a) VALUES (1, 1), (2, 2), (3, 3)");
            sa.execute("BEGIN CONCURRENT");
            sb.execute("BEGIN CONCURRENT");
            sa.execute("UPDATE t SET a = 10 WHERE id = 1");
            sa.execute("INSERT INTO t(id, a) VALUES (4, 4)");
            sb.execute("UPDATE t SET a = 20 WHERE id = 2");
            sb.execute("COMMIT");
            sa.execute("COMMIT");
            assertThat(Drivers.rows(a, "SELECT id, a, b, c FROM t WHERE b >= 8 ORDER BY b")).containsExactly(
                    java.util.List.of("4", "4", "8", "8"), java.util.List.of("1", "10", "20", "11"),
                    java.util.List.of("2", "20", "40", "22"));
            sa.execute("BEGIN CONCURRENT");
            sb.execute("BEGIN CONCURRENT");
            sa.execute("UPDATE t SET a = 5 WHERE id = 3");
            sb.execute("UPDATE t SET a = 6 WHERE id = 3");
            sb.execute("COMMIT");
            assertThatThrownBy(() -> sa.execute("COMMIT"))
                    .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(517));
        }
        assertThat(Sqlite3.run(db, "PRAGMA integrity_check; SELECT id, a, b, c FROM t ORDER BY id;"))
                .isEqualTo(String.join("\n", "ok", "1|10|20|11", "2|20|40|22", "3|6|12|9", "4|4|8|8"));
    }

    /**
     * An automatic index over a table with VIRTUAL columns (or over a flattened view's computed
     * column) keys and reads them computed: it filled its key and read its rows through a table
     * reader that gave NULL for them, so a join on one found nothing and a join reading one read
     * NULL (found by the random query differential: a CTE joined NATURAL with itself).
     */
    @Test
    void anAutomaticIndexKeysAndReadsVirtualColumns() throws SQLException {
        String[] setUp = {
                "CREATE TABLE w(id INTEGER PRIMARY KEY, c REAL, b TEXT, e1 AS (c + 1), e2 AS (upper(b)) VIRTUAL)",
                "INSERT INTO w(id, c, b) VALUES (1, 0, 'Abc'), (2, 1, '3'), (3, 2, NULL), (4, 3, 'ABC'), (5, 1, '3'),"
                        + " (6, 0.1, 'a%c'), (7, 2, '3'), (8, NULL, 'x')",
                "CREATE VIEW v(f1, f2) AS SELECT c * 2, b FROM w"};
        String[] queries = {
                "SELECT q2.id, q3.id, q3.e1 FROM w AS q2 JOIN w AS q3 ON q2.b = q3.b ORDER BY 1, 2",
                "SELECT q2.id, q3.id, q3.e1, q3.e2 FROM w AS q2 JOIN w AS q3 ON q2.e1 = q3.e1 AND q2.b = q3.b ORDER BY 1, 2",
                "SELECT q2.id, q3.id FROM w AS q2 JOIN w AS q3 ON q3.e2 = q2.b ORDER BY 1, 2",
                "SELECT q2.id, q3.id FROM w AS q2 LEFT JOIN w AS q3 ON q3.e1 = q2.c + 1 AND q3.id <> q2.id ORDER BY 1, 2",
                "WITH c1(x, y) AS (SELECT c + 1, b FROM w) SELECT * FROM c1 AS q2 NATURAL JOIN c1 AS q3 ORDER BY 1, 2",
                "SELECT q2.f1, q3.f1, q3.f2 FROM v AS q2 JOIN v AS q3 ON q2.f2 = q3.f2 AND q2.f1 = q3.f1 ORDER BY 1, 2, 3"};
        String[] script = WithoutRowidDifferentialTests.script(setUp, queries);
        assertSame(script);
        try (Connection c = Drivers.open(Drivers.ONELITE)) {
            Drivers.exec(c, setUp);
            for (String q : queries) {
                assertThat(Drivers.rows(c, "EXPLAIN QUERY PLAN " + q).toString()).as(q).contains("AUTOMATIC");
            }
        }
    }

    /**
     * A foreign key whose child column is VIRTUAL, with no index on it: ON DELETE CASCADE finds
     * the children and {@code foreign_key_check} reports an orphan (both read the column as NULL,
     * so CASCADE left the children behind and the check reported nothing); an action that would
     * write the generated column (SET NULL, SET DEFAULT, CASCADE on UPDATE) fails the statement
     * as SQLite's does, where it left the child as it was.
     */
    @Test
    void foreignKeysThroughVirtualColumnsFindTheirChildren() throws SQLException {
        assertSame("PRAGMA foreign_keys = 1",
                "CREATE TABLE p(id INTEGER PRIMARY KEY, v)",
                "CREATE TABLE c(id INTEGER PRIMARY KEY, x, g AS (x + 1) REFERENCES p(id) ON DELETE CASCADE)",
                "INSERT INTO p VALUES (5, 0), (6, 0), (7, 0)",
                "INSERT INTO c(id, x) VALUES (1, 4), (2, 5), (3, 4)",
                "DELETE FROM p WHERE id = 5",
                "SELECT * FROM c ORDER BY id",
                "DELETE FROM p WHERE id = 6",
                "UPDATE p SET id = 8 WHERE id = 7",
                "PRAGMA foreign_keys = 0",
                "INSERT INTO c(id, x) VALUES (9, 40)",
                "PRAGMA foreign_key_check",
                "SELECT * FROM pragma_foreign_key_check('c')");
        for (String action : new String[]{"ON DELETE SET NULL", "ON DELETE SET DEFAULT", "ON UPDATE CASCADE",
                "ON UPDATE SET NULL"}) {
            assertSame("PRAGMA foreign_keys = 1",
                    "CREATE TABLE p(id INTEGER PRIMARY KEY, v)",
                    "CREATE TABLE d(id INTEGER PRIMARY KEY, x, g AS (x + 1) REFERENCES p(id) " + action + ")",
                    "INSERT INTO p VALUES (5, 0), (6, 0)",
                    "INSERT INTO d(id, x) VALUES (1, 5)",
                    "UPDATE p SET v = 1",
                    "DELETE FROM p WHERE id = 6",
                    "UPDATE p SET id = 11 WHERE id = 6",
                    "INSERT OR REPLACE INTO p VALUES (6, 2)",
                    "SELECT * FROM p ORDER BY id",
                    "SELECT * FROM d ORDER BY id");
        }
    }
}
