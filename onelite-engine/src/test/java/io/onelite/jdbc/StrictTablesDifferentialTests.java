package io.onelite.jdbc;

import org.junit.jupiter.api.Test;
import org.sqlite.SQLiteException;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.util.List;

import static io.onelite.jdbc.WithoutRowidDifferentialTests.assertSame;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * STRICT tables (SQLite 3.37+, stricttables.html) on both drivers: the same scripts give the same
 * rows, value types, update counts and errors (code and message). Covers CREATE TABLE's datatype
 * rules, affinity then storage class on every kind of write, where the datatype check falls among
 * NOT NULL, CHECK, rowid and UNIQUE, that no conflict clause applies to it, upserts, triggers and
 * ALTER TABLE ADD COLUMN.
 */
class StrictTablesDifferentialTests {

    @Test
    void everyColumnNeedsOneOfTheSixDatatypes() throws SQLException {
        assertSame("CREATE TABLE t1(a, b INT) STRICT",
                "CREATE TABLE t2(a INT, b varchar(10)) STRICT",
                "CREATE TABLE t3(a INTEGER(5)) STRICT",
                "CREATE TABLE t4(a unsigned int) STRICT",
                "CREATE TABLE t5(a VARCHAR ( 10 )) STRICT",
                "CREATE TABLE t6(a INT, \"b c\" TEXT, [d e] foo) strict",
                "CREATE TABLE t7(a INT, b) STRICT, WITHOUT ROWID",
                "CREATE TABLE ok1(a int, b \"int\", c 'TEXT', d [real], e `any`, f Integer, g blob) STRICT",
                "CREATE TABLE ok2(a INT PRIMARY KEY, b TEXT) WITHOUT ROWID, STRICT",
                "CREATE TABLE ok3(a INT PRIMARY KEY, b TEXT) STRICT, WITHOUT ROWID",
                "CREATE TABLE ok4(a INT PRIMARY KEY, b TEXT) STRICT, STRICT",
                "CREATE TABLE ok5(x INT, a TEXT PRIMARY KEY, b INT UNIQUE) STRICT",
                "CREATE TABLE ok6(a INT, b TEXT, PRIMARY KEY(a, b)) STRICT",
                "CREATE TABLE ok7(a INTEGER PRIMARY KEY, b TEXT) STRICT",
                "CREATE TABLE plain(a INT, b ANY)",
                "CREATE TABLE copy AS SELECT * FROM ok1",
                "SELECT * FROM pragma_table_info('ok1')",
                "SELECT * FROM pragma_table_info('ok5')",
                "SELECT * FROM pragma_table_info('ok6')",
                "SELECT * FROM pragma_table_info('ok7')",
                "SELECT name, type, ncol, wr, strict FROM pragma_table_list ORDER BY name",
                "INSERT INTO ok5 VALUES(1, NULL, 2)",
                "INSERT INTO ok6 VALUES(1, NULL)",
                "INSERT INTO ok7 VALUES(NULL, 'rowid alias: NULL allocates')",
                "SELECT * FROM ok7",
                "INSERT INTO copy VALUES('not strict', x'00', 1, 2, 3, 4, 5)",
                "SELECT * FROM copy");
    }

    @Test
    void affinityIsAppliedThenTheStorageClassChecked() throws SQLException {
        assertSame("CREATE TABLE t(i INT, n INTEGER, r REAL, s TEXT, b BLOB, a ANY) STRICT",
                "INSERT INTO t VALUES('12', '13', '1.5', 14, x'01', '000123')",
                "INSERT INTO t VALUES(1.0, 2.0, 3, 4.5, x'02', 5.0)",
                "INSERT INTO t VALUES(NULL, NULL, NULL, NULL, NULL, NULL)",
                "INSERT INTO t VALUES(9223372036854775807, 1, 140737488355328, 't', x'', 1e300)",
                "INSERT INTO t(i, r, a) VALUES('  12  ', ' 2 ', ' 12')",
                "INSERT INTO t(n, a) VALUES('1e3', 1.0)",
                "SELECT typeof(i), i, typeof(n), n, typeof(r), r, typeof(s), s, typeof(b), b, typeof(a), a FROM t",
                "INSERT INTO t(i) VALUES('x')",
                "INSERT INTO t(i) VALUES(1.5)",
                "INSERT INTO t(i) VALUES('1.5')",
                "INSERT INTO t(i) VALUES(x'00')",
                "INSERT INTO t(i) VALUES('0x10')",
                "INSERT INTO t(i) VALUES('9223372036854775808')",
                "INSERT INTO t(n) VALUES('seven')",
                "INSERT INTO t(r) VALUES('abc')",
                "INSERT INTO t(r) VALUES(x'00')",
                "INSERT INTO t(s) VALUES(x'00')",
                "INSERT INTO t(b) VALUES(1)",
                "INSERT INTO t(b) VALUES(1.5)",
                "INSERT INTO t(b) VALUES('x')",
                "SELECT count(*) FROM t",
                // ANY has no affinity: '000123' stays text, and a comparison applies none to it
                "SELECT rowid FROM t WHERE a = '000123'",
                "SELECT rowid FROM t WHERE a = 123",
                "SELECT rowid FROM t WHERE a = '12'",
                "CREATE TABLE plain(a ANY)",
                "INSERT INTO plain VALUES('000123')",
                "SELECT typeof(a), a FROM plain");
    }

    /** SQLite: NOT NULL, then the datatypes before any CHECK, else after the rowid and before the indexes. */
    @Test
    void theDatatypeCheckComesAfterNotNullAndBeforeCheckAndUnique() throws SQLException {
        assertSame("CREATE TABLE t(a INT NOT NULL, b TEXT CHECK(b <> 'bad'), c INT UNIQUE, d INT CHECK(d < 0)) STRICT",
                "INSERT INTO t VALUES(NULL, x'00', 1, -1)",
                "INSERT INTO t VALUES(1, 'bad', 'x', -1)",
                "INSERT INTO t VALUES(1, 'ok', 1, 'x')",
                "INSERT INTO t VALUES(1, 'ok', 1, -1)",
                "INSERT INTO t VALUES(2, 'ok', 1, -1)",
                "INSERT INTO t VALUES(2, 'ok', 'x', -1)",
                "CREATE TABLE n(b TEXT, a INT NOT NULL) STRICT",
                "INSERT INTO n VALUES(x'00', NULL)",
                "CREATE TABLE u(a INTEGER PRIMARY KEY, b INT UNIQUE, c INT) STRICT",
                "INSERT INTO u VALUES(1, 1, 1)",
                "INSERT INTO u VALUES(1, 2, 'x')",
                "INSERT INTO u VALUES(2, 1, 'x')",
                "INSERT OR IGNORE INTO u VALUES(1, 5, 'x')",
                "INSERT OR IGNORE INTO u VALUES(2, 1, 'x')",
                "INSERT OR REPLACE INTO u VALUES(1, 9, 'x')",
                "CREATE TABLE uc(a INTEGER PRIMARY KEY, b INT CHECK(b > 0)) STRICT",
                "INSERT INTO uc VALUES(1, 1)",
                "INSERT INTO uc VALUES(1, 'x')",
                "INSERT OR IGNORE INTO uc VALUES(1, 'x')",
                "CREATE TABLE w(a INT PRIMARY KEY, b INT) STRICT, WITHOUT ROWID",
                "INSERT INTO w VALUES(1, 1)",
                "INSERT INTO w VALUES(1, 'x')",
                "INSERT INTO w VALUES('y', 1)",
                "CREATE TABLE cs(a INT CHECK(typeof(a) = 'integer'), b REAL CHECK(typeof(b) = 'real')) STRICT",
                "INSERT INTO cs VALUES('1', 2)",
                "CREATE TABLE ix(a INT, b TEXT) STRICT",
                "CREATE INDEX ix_json ON ix(json_extract(b, '$.k'))",
                "INSERT INTO ix VALUES(1, '{\"k\": 1}')",
                "INSERT INTO ix VALUES('one', 'not json')",
                "SELECT * FROM t", "SELECT * FROM u", "SELECT * FROM uc", "SELECT * FROM w", "SELECT * FROM ix");
    }

    /** A datatype error undoes the statement whatever its OR clause, and leaves the transaction open. */
    @Test
    void noConflictClauseAppliesToADatatypeError() throws SQLException {
        assertSame("CREATE TABLE f(a INT, b INT) STRICT",
                "INSERT INTO f VALUES(1, 1)",
                "INSERT OR FAIL INTO f VALUES(2, 2), (3, 'x'), (4, 4)",
                "INSERT OR IGNORE INTO f VALUES(5, 'x')",
                "INSERT OR REPLACE INTO f VALUES(6, 'x')",
                "INSERT OR ABORT INTO f VALUES(6, 'x')",
                "UPDATE OR IGNORE f SET b = 'y'",
                "BEGIN",
                "INSERT INTO f VALUES(7, 7)",
                "INSERT OR ROLLBACK INTO f VALUES(8, 'x')",
                "UPDATE OR ROLLBACK f SET b = 'z' WHERE a = 7",
                "SELECT * FROM f",
                "COMMIT",
                "SELECT * FROM f");
    }

    /** An upsert on the rowid takes the row before its types are checked; one on an index after. */
    @Test
    void upsertsCheckBeforeTheirIndexTargetButAfterTheRowid() throws SQLException {
        assertSame("CREATE TABLE up(a INT PRIMARY KEY, b INT, c INT) STRICT",
                "INSERT INTO up VALUES(1, 1, 1)",
                "INSERT INTO up VALUES(1, 'x', 1) ON CONFLICT(a) DO UPDATE SET b = 2",
                "INSERT INTO up VALUES(1, 2, 1) ON CONFLICT(a) DO UPDATE SET b = 'y'",
                "INSERT INTO up VALUES(1, 2, 1) ON CONFLICT(a) DO UPDATE SET b = '33'",
                "INSERT INTO up VALUES(2, 2, 1) ON CONFLICT(a) DO UPDATE SET b = 'y'",
                "INSERT INTO up VALUES(3, 'q', 1) ON CONFLICT(a) DO NOTHING",
                "SELECT * FROM up",
                "CREATE TABLE upi(a INTEGER PRIMARY KEY, b INT) STRICT",
                "INSERT INTO upi VALUES(1, 1)",
                "INSERT INTO upi VALUES(1, 'x') ON CONFLICT(a) DO UPDATE SET b = 2",
                "INSERT INTO upi VALUES(1, 'x') ON CONFLICT DO NOTHING",
                "INSERT INTO upi VALUES(2, 'x') ON CONFLICT DO NOTHING",
                "SELECT * FROM upi",
                "CREATE TABLE upw(a INT PRIMARY KEY, b INT) STRICT, WITHOUT ROWID",
                "INSERT INTO upw VALUES(1, 1)",
                "INSERT INTO upw VALUES(1, 'x') ON CONFLICT(a) DO UPDATE SET b = 2",
                "INSERT INTO upw VALUES(1, 'x') ON CONFLICT DO NOTHING",
                "INSERT INTO upw VALUES(1, 5) ON CONFLICT(a) DO UPDATE SET b = excluded.b || '0'",
                "SELECT * FROM upw",
                "CREATE TABLE upc(a INTEGER PRIMARY KEY, b INT CHECK(b > 0)) STRICT",
                "INSERT INTO upc VALUES(1, 1)",
                "INSERT INTO upc VALUES(1, 'x') ON CONFLICT(a) DO UPDATE SET b = 2",
                "SELECT * FROM upc");
    }

    @Test
    void updatesInsertSelectsAndTriggerWritesAreChecked() throws SQLException {
        assertSame("CREATE TABLE tt(a INT, b INT) STRICT",
                "CREATE TABLE other(v)",
                "CREATE TRIGGER tto AFTER INSERT ON other BEGIN INSERT INTO tt VALUES(new.v, 1); END",
                "INSERT INTO other VALUES('bad')",
                "INSERT INTO other VALUES('7')",
                "SELECT * FROM tt", "SELECT * FROM other",
                "UPDATE tt SET b = 'x'",
                "UPDATE tt SET b = '12'",
                "UPDATE tt SET a = a || 'z'",
                "SELECT * FROM tt",
                "CREATE TABLE src(x, y)",
                "INSERT INTO src VALUES(1, 'a'), ('2', 3), ('z', 'c')",
                "CREATE TABLE tgt(a INT, b TEXT) STRICT",
                "INSERT INTO tgt SELECT * FROM src",
                "SELECT count(*) FROM tgt",
                "INSERT INTO tgt SELECT * FROM src WHERE x <> 'z'",
                "SELECT a, typeof(a), b, typeof(b) FROM tgt",
                "REPLACE INTO tgt(rowid, a, b) VALUES(1, 'one', 'x')",
                "CREATE TABLE p(id INT PRIMARY KEY) STRICT",
                "CREATE TABLE c(pid INT REFERENCES p(id) ON UPDATE CASCADE, n INT) STRICT",
                "PRAGMA foreign_keys = ON",
                "INSERT INTO p VALUES(1)",
                "INSERT INTO c VALUES(1, 1)",
                "UPDATE p SET id = 'q' WHERE id = 1",
                "UPDATE p SET id = '2' WHERE id = 1",
                "SELECT * FROM c");
    }

    /** With BEFORE triggers the NEW row is checked before they fire (after NOT NULL otherwise). */
    @Test
    void beforeTriggersSeeOnlyWellTypedRows() throws SQLException {
        assertSame("CREATE TABLE tr(a INT NOT NULL, b TEXT) STRICT",
                "CREATE TABLE log(x)",
                "CREATE TRIGGER trb BEFORE INSERT ON tr BEGIN INSERT INTO log VALUES('before ' || new.b); END",
                "INSERT INTO tr VALUES(1, x'00')",
                "INSERT INTO tr VALUES('z', 'ok')",
                "INSERT INTO tr VALUES(NULL, 'ok')",
                "SELECT * FROM log",
                "CREATE TABLE tr2(a INT, b TEXT) STRICT",
                "INSERT INTO tr2 VALUES(1, 'a')",
                "CREATE TRIGGER trb2 BEFORE UPDATE ON tr2 BEGIN SELECT RAISE(ABORT, 'update trigger'); END",
                "UPDATE tr2 SET a = 'q'",
                "UPDATE tr2 SET b = 'q'",
                "CREATE TABLE tra(a INT NOT NULL, b INT) STRICT",
                "CREATE TRIGGER tra1 AFTER INSERT ON tra BEGIN SELECT RAISE(ABORT, 'after'); END",
                "INSERT INTO tra VALUES(NULL, 'x')",
                "INSERT INTO tra VALUES(1, 'x')",
                "INSERT INTO tra VALUES(1, 1)");
    }

    /**
     * ALTER TABLE ADD COLUMN on a STRICT table. SQLite checks the rows with a SELECT it compiles into
     * the statement, so sqlite-jdbc sees a successful one return an empty result set: counted here
     * as done.
     */
    @Test
    void addColumnKeepsTheTableStrict() throws SQLException {
        String[] script = {"CREATE TABLE t(a INT) STRICT",
                "INSERT INTO t VALUES(1)",
                "ALTER TABLE t ADD COLUMN b",
                "ALTER TABLE t ADD COLUMN b varchar(3)",
                "ALTER TABLE t ADD COLUMN b INT DEFAULT 'x'",
                "ALTER TABLE t ADD COLUMN b INT DEFAULT '5'",
                "ALTER TABLE t ADD COLUMN c TEXT DEFAULT 5",
                "ALTER TABLE t ADD COLUMN d INT NOT NULL DEFAULT 'q'",
                "ALTER TABLE t ADD COLUMN e \"real\" DEFAULT 2",
                "SELECT a, b, typeof(b), c, typeof(c), e, typeof(e) FROM t",
                "SELECT sql FROM sqlite_schema WHERE name = 't'",
                "SELECT name, type FROM pragma_table_info('t')",
                "INSERT INTO t VALUES(2, 3, 4, 'x')",
                "PRAGMA integrity_check",
                "CREATE TABLE e(a INT) STRICT",
                "ALTER TABLE e ADD COLUMN b INT DEFAULT 'x'",
                "INSERT INTO e(a) VALUES(1)",
                "INSERT INTO e(a, b) VALUES(1, 2)",
                "SELECT * FROM e"};
        List<String> expected = WithoutRowidDifferentialTests.run(Drivers.NATIVE, script).stream()
                .map(line -> line.startsWith("ALTER") && line.endsWith(" -> ") ? line + "done" : line).toList();
        assertThat(WithoutRowidDifferentialTests.run(Drivers.ONELITE, script)).containsExactlyElementsOf(expected);
    }

    /** The JDBC error carries SQLITE_CONSTRAINT_DATATYPE (3091) as sqlite-jdbc's result code does. */
    @Test
    void theJdbcErrorCarriesTheExtendedCode() throws SQLException {
        String[] setup = {"CREATE TABLE t(a INTEGER PRIMARY KEY, b TEXT, c REAL) STRICT"};
        String bad = "INSERT INTO t VALUES(2, 3, 'y')";
        try (Connection n = Drivers.open(Drivers.NATIVE); Connection o = Drivers.open(Drivers.ONELITE)) {
            Drivers.exec(n, setup);
            Drivers.exec(o, setup);
            SQLiteException en = catchThrowableOfType(SQLiteException.class, () -> Drivers.exec(n, bad));
            SQLException eo = catchThrowableOfType(SQLException.class, () -> Drivers.exec(o, bad));
            assertThat(en.getResultCode().code).isEqualTo(3091);
            assertThat(eo.getErrorCode()).isEqualTo(en.getResultCode().code);
            assertThat((Throwable) eo).isInstanceOf(SQLIntegrityConstraintViolationException.class);
            assertThat(eo.getSQLState()).isEqualTo("23000");
            assertThat(eo.getMessage()).isEqualTo("[SQLITE_CONSTRAINT_DATATYPE] cannot store TEXT value in REAL column t.c");
            assertThat(en.getMessage()).endsWith("(cannot store TEXT value in REAL column t.c)");
        }
    }
}
