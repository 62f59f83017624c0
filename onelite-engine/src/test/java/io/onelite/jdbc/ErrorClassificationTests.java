package io.onelite.jdbc;

import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.sql.SQLSyntaxErrorException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** Failures from real statements carry the extended code, SQLite's message and the right class. */
class ErrorClassificationTests {

    private static SQLException failure(Connection c, String sql) {
        return catchThrowableOfType(SQLException.class, () -> Drivers.exec(c, sql));
    }

    /** Primary codes and messages agree with native SQLite. */
    @Test
    void codesAndMessagesAgreeWithNativeSqlite() throws SQLException {
        String[] setup = {"CREATE TABLE t(a INTEGER PRIMARY KEY, b TEXT NOT NULL UNIQUE, c CHECK (c > 0))",
                "INSERT INTO t VALUES(1, 'x', 1)"};
        String[] failing = {"INSERT INTO t VALUES(1, 'y', 1)", "INSERT INTO t VALUES(2, 'x', 1)",
                "INSERT INTO t VALUES(3, NULL, 1)", "INSERT INTO t VALUES(4, 'z', 0)", "SELECT * FROM nosuch",
                "SELEC 1", "SELECT nosuch FROM t"};
        try (Connection n = Drivers.open(Drivers.NATIVE); Connection o = Drivers.open(Drivers.ONELITE)) {
            Drivers.exec(n, setup);
            Drivers.exec(o, setup);
            for (String sql : failing) {
                SQLException en = failure(n, sql);
                SQLException eo = failure(o, sql);
                assertThat((Throwable) eo).as(sql).isNotNull();
                assertThat(eo.getErrorCode() & 0xff).as(sql).isEqualTo(en.getErrorCode() & 0xff);
                String nativeText = en.getMessage().replaceAll("^.*\\((.*)\\)$", "$1");
                assertThat(eo.getMessage()).as(sql).contains(nativeText);
            }
        }
    }

    @Test
    void constraintViolationsAreIntegrityViolations() throws SQLException {
        try (Connection c = Drivers.open(Drivers.ONELITE)) {
            Drivers.exec(c, "CREATE TABLE t(a INTEGER PRIMARY KEY, b TEXT NOT NULL UNIQUE)", "INSERT INTO t VALUES(1, 'x')");
            SQLException dupKey = failure(c, "INSERT INTO t VALUES(1, 'y')");
            assertThat((Throwable) dupKey).isInstanceOf(SQLIntegrityConstraintViolationException.class);
            assertThat(dupKey.getSQLState()).isEqualTo("23505");
            SQLException dupUnique = failure(c, "INSERT INTO t VALUES(2, 'x')");
            assertThat(dupUnique.getSQLState()).isEqualTo("23505");
            assertThat(dupUnique.getErrorCode()).isEqualTo(2067);
            SQLException notNull = failure(c, "INSERT INTO t VALUES(3, NULL)");
            assertThat((Throwable) notNull).isInstanceOf(SQLIntegrityConstraintViolationException.class);
            assertThat(notNull.getSQLState()).isEqualTo("23502");
            assertThat(notNull.getErrorCode()).isEqualTo(1299);
        }
    }

    @Test
    void syntaxErrorsAreSyntaxErrors() throws SQLException {
        try (Connection c = Drivers.open(Drivers.ONELITE)) {
            SQLException e = failure(c, "SELEC 1");
            assertThat((Throwable) e).isInstanceOf(SQLSyntaxErrorException.class);
            assertThat(e.getSQLState()).isEqualTo("42000");
            assertThat(e.getMessage()).contains("near \"SELEC\": syntax error");
            SQLException prep = catchThrowableOfType(SQLException.class, () -> c.prepareStatement("SELECT FROM"));
            assertThat((Throwable) prep).isInstanceOf(SQLSyntaxErrorException.class);
        }
    }
}
