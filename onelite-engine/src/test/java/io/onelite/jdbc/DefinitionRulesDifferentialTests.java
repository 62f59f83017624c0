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
 * Schema definitions SQLite refuses are refused here too, with its messages, before anything is
 * written: CHECK constraints, DEFAULTs, FOREIGN KEY columns, index expressions and partial-index
 * WHERE clauses. OneLite used to store such definitions, and sqlite3 then failed on the whole
 * file ("malformed database schema").
 */
class DefinitionRulesDifferentialTests {
    @TempDir
    Path dir;

    @Test
    void checkConstraintsResolveAndHoldNoSubqueryOrParameter() throws SQLException {
        assertSame("CREATE TABLE t1(a, b CHECK ((SELECT 1)))",
                "CREATE TABLE t2(a, b CHECK (c > 0))",
                "CREATE TABLE t3(a, b CHECK (b > 0 AND a IN (SELECT 1)))",
                "CREATE TABLE t4(a, b CHECK (EXISTS (SELECT 1)))",
                "CREATE TABLE t5(a, b CHECK (?1 > 0))",
                "CREATE TABLE t6(a, b, CHECK (b > :x))",
                "CREATE TABLE t7(a, b CHECK (rowid > 0), CHECK (t7.b < 10), CHECK (main.t7.a IS NOT 3))",
                "INSERT INTO t7 VALUES (1, 2)",
                "INSERT INTO t7 VALUES (1, 20)",
                "SELECT name FROM sqlite_schema ORDER BY name");
    }

    @Test
    void defaultsAreConstant() throws SQLException {
        assertSame("CREATE TABLE t1(a, b DEFAULT (a + 1))",
                "CREATE TABLE t2(a, b DEFAULT ((SELECT 1)))",
                "CREATE TABLE t3(a, b DEFAULT (?))",
                "CREATE TABLE t4(a, b DEFAULT (t4.a))",
                "CREATE TABLE t5(a, b DEFAULT (1 IN (SELECT 1)))",
                "CREATE TABLE ok(a, b DEFAULT (abs(-1)), c DEFAULT (true), d DEFAULT (x'00' || 'a'), "
                        + "e DEFAULT (-abs(2)), f DEFAULT (CAST(1 AS TEXT)), g DEFAULT (current_date IS NOT NULL))",
                "INSERT INTO ok(a) VALUES (1)",
                "SELECT * FROM ok",
                "SELECT name FROM sqlite_schema ORDER BY name");
    }

    @Test
    void foreignKeysNameTheirColumns() throws SQLException {
        assertSame("CREATE TABLE t1(a, FOREIGN KEY (b) REFERENCES x(y))",
                "CREATE TABLE t2(a REFERENCES x(y, z))",
                "CREATE TABLE t3(a, b, FOREIGN KEY (a, b) REFERENCES x(y))",
                "CREATE TABLE t4(a, b, FOREIGN KEY (a) REFERENCES x(y, z))",
                "CREATE TABLE ok(a, b, FOREIGN KEY (a, b) REFERENCES x(y, z), FOREIGN KEY (b) REFERENCES x)",
                "SELECT name FROM sqlite_schema ORDER BY name");
    }

    @Test
    void indexExpressionsAndWhereClauses() throws SQLException {
        assertSame("CREATE TABLE t(a, b)",
                "CREATE INDEX i1 ON t(random())",
                "CREATE INDEX i2 ON t((SELECT 1))",
                "CREATE INDEX i3 ON t(a + ?)",
                "CREATE INDEX i4 ON t(a) WHERE (SELECT 1)",
                "CREATE INDEX i5 ON t(a) WHERE random() > 0",
                "CREATE INDEX i6 ON t(a) WHERE ?",
                "CREATE INDEX i7 ON t(a) WHERE zz > 1",
                "CREATE INDEX i8 ON t(a) WHERE count(*) > 1",
                "CREATE INDEX ok1 ON t(abs(a), b) WHERE b IS NOT NULL AND length(b) > 1",
                "SELECT name FROM sqlite_schema ORDER BY name");
    }

    @Test
    void refusedWhenPreparedAsSqliteDoes() throws SQLException {
        try (Connection c = Drivers.open("jdbc:onelite::memory:")) {
            assertThatThrownBy(() -> c.prepareStatement("CREATE TABLE t(a, b CHECK (c > 0))"))
                    .hasMessageContaining("no such column: c");
            assertThatThrownBy(() -> c.prepareStatement("CREATE TABLE t(a, b DEFAULT (a))"))
                    .hasMessageContaining("default value of column [b] is not constant");
        }
    }

    /**
     * The error offset (sqlite3_error_offset, the shell's "^--- error here") names the function
     * call or parameter an error is about, as SQLite's does.
     */
    @Test
    void errorsAboutCallsAndParametersCarryTheirOffset() {
        try (io.onelite.api.Database db = io.onelite.api.Database.open(":memory:", io.onelite.api.DatabaseOptions.DEFAULTS);
             io.onelite.api.Session s = db.openSession()) {
            s.execute("CREATE TABLE t(a)");
            for (String[] c : new String[][]{
                {"CREATE INDEX i ON t(random())", "random("},
                {"CREATE INDEX i ON t(a + ?)", "?"},
                {"CREATE TABLE u(a, b AS (count(a)))", "count("},
                {"SELECT coalesce(), 1", "coalesce("},
                {"SELECT a FROM t WHERE nosuch(a) > 1", "nosuch("},
                {"CREATE TABLE v(a, b CHECK (b > ?1))", "?1"},
            }) {
                io.onelite.common.OneLiteException e = org.junit.jupiter.api.Assertions.assertThrows(
                        io.onelite.common.OneLiteException.class, () -> s.prepare(c[0]).close(), c[0]);
                assertThat(e.errorOffset()).as(c[0]).isEqualTo(c[0].indexOf(c[1]));
            }
        }
    }

    @Test
    void aFileStaysReadableBySqlite3() throws SQLException {
        Path db = dir.resolve("d.db");
        try (Connection c = Drivers.open("jdbc:onelite:" + db); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE ok(a, b CHECK (b > 0))");
            for (String bad : new String[]{"CREATE TABLE t(a, b CHECK (c > 0))", "CREATE TABLE u(a, b DEFAULT (a + 1))",
                    "CREATE INDEX i ON ok(random())"}) {
                assertThatThrownBy(() -> s.execute(bad)).isInstanceOf(SQLException.class);
            }
            s.execute("INSERT INTO ok VALUES (1, 2)");
        }
        assertThat(Sqlite3.run(db, "PRAGMA integrity_check; SELECT * FROM ok; SELECT count(*) FROM sqlite_schema;"))
                .isEqualTo("ok\n1|2\n1");
    }
}
