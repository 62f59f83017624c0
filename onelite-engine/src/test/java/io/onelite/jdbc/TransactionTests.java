package io.onelite.jdbc;

import io.onelite.common.BeginMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.SQLTransactionRollbackException;
import java.sql.Savepoint;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class TransactionTests {
    @TempDir
    Path dir;

    @ParameterizedTest
    @MethodSource("io.onelite.jdbc.Drivers#both")
    void rollbackUndoesAndCommitKeeps(String url) throws SQLException {
        try (Connection c = Drivers.open(url)) {
            Drivers.exec(c, "CREATE TABLE t(a)");
            c.setAutoCommit(false);
            Drivers.exec(c, "INSERT INTO t VALUES(1)");
            c.rollback();
            assertThat(Drivers.rows(c, "SELECT count(*) FROM t")).containsExactly(List.of("0"));
            Drivers.exec(c, "INSERT INTO t VALUES(2)");
            c.commit();
            c.setAutoCommit(true);
            assertThat(Drivers.rows(c, "SELECT a FROM t")).containsExactly(List.of("2"));
        }
    }

    @ParameterizedTest
    @MethodSource("io.onelite.jdbc.Drivers#both")
    void savepointsRollBackPartOfATransaction(String url) throws SQLException {
        try (Connection c = Drivers.open(url)) {
            Drivers.exec(c, "CREATE TABLE t(a)");
            c.setAutoCommit(false);
            Drivers.exec(c, "INSERT INTO t VALUES(1)");
            Savepoint sp = c.setSavepoint();
            Drivers.exec(c, "INSERT INTO t VALUES(2)");
            Savepoint named = c.setSavepoint("second");
            assertThat(named.getSavepointName()).isEqualTo("second");
            Drivers.exec(c, "INSERT INTO t VALUES(3)");
            c.rollback(named);
            c.releaseSavepoint(named);
            c.rollback(sp);
            c.commit();
            assertThat(Drivers.rows(c, "SELECT a FROM t")).containsExactly(List.of("1"));
        }
    }

    @ParameterizedTest
    @MethodSource("io.onelite.jdbc.Drivers#both")
    void commitAndRollbackFailInAutoCommitMode(String url) throws SQLException {
        try (Connection c = Drivers.open(url)) {
            assertThatThrownBy(c::commit).isInstanceOf(SQLException.class);
            assertThatThrownBy(c::rollback).isInstanceOf(SQLException.class);
        }
    }

    @ParameterizedTest
    @MethodSource("io.onelite.jdbc.Drivers#both")
    void isolationLevelsAsSqliteJdbc(String url) throws SQLException {
        try (Connection c = Drivers.open(url)) {
            assertThat(c.getTransactionIsolation()).isEqualTo(Connection.TRANSACTION_SERIALIZABLE);
            for (int level : new int[]{Connection.TRANSACTION_READ_UNCOMMITTED, Connection.TRANSACTION_READ_COMMITTED,
                    Connection.TRANSACTION_REPEATABLE_READ, Connection.TRANSACTION_SERIALIZABLE}) {
                c.setTransactionIsolation(level);
                assertThat(c.getTransactionIsolation()).isEqualTo(level);
            }
            assertThatThrownBy(() -> c.setTransactionIsolation(Connection.TRANSACTION_NONE))
                    .isInstanceOf(SQLException.class);
            assertThat(c.getMetaData().supportsTransactionIsolationLevel(Connection.TRANSACTION_READ_COMMITTED)).isFalse();
            assertThat(c.getMetaData().supportsTransactionIsolationLevel(Connection.TRANSACTION_SERIALIZABLE)).isTrue();
        }
    }

    @ParameterizedTest
    @MethodSource("io.onelite.jdbc.Drivers#both")
    void explicitBeginAndCommitWorkInAutoCommitMode(String url) throws SQLException {
        try (Connection c = Drivers.open(url)) {
            Drivers.exec(c, "CREATE TABLE t(a)", "BEGIN", "INSERT INTO t VALUES(1)", "ROLLBACK",
                    "BEGIN IMMEDIATE", "INSERT INTO t VALUES(2)", "COMMIT");
            assertThat(Drivers.rows(c, "SELECT a FROM t")).containsExactly(List.of("2"));
            assertThat(c.getAutoCommit()).isTrue();
        }
    }

    @Test
    void transactionsBeginLazilyWithTheBeginMode() throws SQLException {
        String url = "jdbc:onelite:" + dir.resolve("lazy.db");
        try (Connection a = DriverManager.getConnection(url + "?begin=immediate&busy_timeout=100");
             Connection b = DriverManager.getConnection(url + "?busy_timeout=100")) {
            Drivers.exec(a, "CREATE TABLE t(a)");
            OneLiteConnection oa = a.unwrap(OneLiteConnection.class);
            assertThat(oa.getBeginMode()).isEqualTo(BeginMode.IMMEDIATE);
            a.setAutoCommit(false);
            // nothing began yet: b may write
            Drivers.exec(b, "INSERT INTO t VALUES(1)");
            assertThat(Drivers.rows(a, "SELECT count(*) FROM t")).containsExactly(List.of("1"));
            // a now holds an IMMEDIATE transaction: b's write is busy
            assertThatThrownBy(() -> Drivers.exec(b, "INSERT INTO t VALUES(2)")).isInstanceOf(SQLException.class)
                    .satisfies(e -> assertThat(((SQLException) e).getErrorCode() & 0xff).isEqualTo(5));
            a.commit();
            Drivers.exec(b, "INSERT INTO t VALUES(3)");
            assertThat(Drivers.rows(b, "SELECT count(*) FROM t")).containsExactly(List.of("2"));
        }
    }

    @Test
    void aConflictingConcurrentCommitIsARollbackAndLeavesTheConnectionClean() throws SQLException {
        String url = "jdbc:onelite:" + dir.resolve("conflict.db") + "?begin=concurrent";
        try (Connection a = DriverManager.getConnection(url); Connection b = DriverManager.getConnection(url)) {
            Drivers.exec(a, "CREATE TABLE acct(id INTEGER PRIMARY KEY, bal INTEGER)", "INSERT INTO acct VALUES(1, 100)");
            a.setAutoCommit(false);
            b.setAutoCommit(false);
            assertThat(Drivers.rows(a, "SELECT bal FROM acct WHERE id = 1")).containsExactly(List.of("100"));
            assertThat(Drivers.rows(b, "SELECT bal FROM acct WHERE id = 1")).containsExactly(List.of("100"));
            Drivers.exec(a, "UPDATE acct SET bal = bal + 1 WHERE id = 1");
            Drivers.exec(b, "UPDATE acct SET bal = bal + 10 WHERE id = 1");
            a.commit();
            SQLTransactionRollbackException e = catchThrowableOfType(SQLTransactionRollbackException.class, b::commit);
            assertThat((Throwable) e).isNotNull();
            assertThat(e.getSQLState()).isEqualTo("40001");
            assertThat(e.getErrorCode()).isEqualTo(517);
            b.rollback();
            b.setAutoCommit(true);
            assertThat(Drivers.rows(b, "SELECT bal FROM acct WHERE id = 1")).containsExactly(List.of("101"));
        }
    }

    @Test
    void setBeginModeChangesTheNextTransaction() throws SQLException {
        try (Connection c = Drivers.open(Drivers.ONELITE)) {
            OneLiteConnection o = c.unwrap(OneLiteConnection.class);
            o.setBeginMode(BeginMode.CONCURRENT);
            assertThat(o.getBeginMode()).isEqualTo(BeginMode.CONCURRENT);
            Drivers.exec(c, "CREATE TABLE t(a)");
            c.setAutoCommit(false);
            Drivers.exec(c, "INSERT INTO t VALUES(1)");
            assertThat(o.session().transactionMode()).isEqualTo(BeginMode.CONCURRENT);
            c.commit();
            assertThat(o.session().isAutoCommit()).isTrue();
        }
    }

    @Test
    void readOnlyConnectionsRefuseWrites() throws SQLException {
        String url = "jdbc:onelite:" + dir.resolve("ro.db");
        try (Connection w = DriverManager.getConnection(url)) {
            Drivers.exec(w, "CREATE TABLE t(a)", "INSERT INTO t VALUES(1)");
            w.setReadOnly(true);
            assertThatThrownBy(() -> Drivers.exec(w, "INSERT INTO t VALUES(2)"))
                    .isInstanceOf(SQLException.class)
                    .satisfies(e -> assertThat(((SQLException) e).getErrorCode() & 0xff).isEqualTo(8));
            assertThat(Drivers.rows(w, "SELECT count(*) FROM t")).containsExactly(List.of("1"));
            w.setReadOnly(false);
            Drivers.exec(w, "INSERT INTO t VALUES(2)");
            try (Connection r = DriverManager.getConnection(url + "?read_only=true")) {
                assertThat(r.isReadOnly()).isTrue();
                assertThatThrownBy(() -> Drivers.exec(r, "INSERT INTO t VALUES(3)")).isInstanceOf(SQLException.class);
                assertThat(Drivers.rows(r, "SELECT count(*) FROM t")).containsExactly(List.of("2"));
            }
        }
    }

    @Test
    void connectionsToOneFileSeeEachOthersCommits() throws SQLException {
        String url = "jdbc:onelite:" + dir.resolve("shared.db");
        try (Connection a = DriverManager.getConnection(url); Connection b = DriverManager.getConnection(url)) {
            Drivers.exec(a, "CREATE TABLE t(a)");
            a.setAutoCommit(false);
            Drivers.exec(a, "INSERT INTO t VALUES(1)");
            assertThat(Drivers.rows(b, "SELECT count(*) FROM t")).containsExactly(List.of("0"));
            a.commit();
            assertThat(Drivers.rows(b, "SELECT count(*) FROM t")).containsExactly(List.of("1"));
        }
    }

    /**
     * OR ROLLBACK ends the transaction inside the engine; the driver then begins the next one
     * with the next statement, so commit() and rollback() keep their meaning (sqlite-jdbc
     * instead fails both with "no transaction is active" and runs the next statement in
     * auto-commit).
     */
    @Test
    void afterOrRollbackTheNextStatementBeginsANewTransaction() throws SQLException {
        try (Connection c = Drivers.open(Drivers.ONELITE)) {
            Drivers.exec(c, "CREATE TABLE t(a UNIQUE)", "INSERT INTO t VALUES (1)");
            c.setAutoCommit(false);
            Drivers.exec(c, "INSERT INTO t VALUES (2)");
            assertThatThrownBy(() -> Drivers.exec(c, "INSERT OR ROLLBACK INTO t VALUES (3), (1)"))
                    .isInstanceOf(SQLException.class).hasMessageContaining("UNIQUE constraint failed: t.a");
            assertThat(c.getAutoCommit()).isFalse();
            assertThat(Drivers.rows(c, "SELECT a FROM t ORDER BY a")).containsExactly(List.of("1"));
            Drivers.exec(c, "INSERT INTO t VALUES (4)");
            c.rollback();
            assertThat(Drivers.rows(c, "SELECT a FROM t ORDER BY a")).containsExactly(List.of("1"));
            Drivers.exec(c, "INSERT INTO t VALUES (5)");
            assertThatThrownBy(() -> Drivers.exec(c, "INSERT OR ROLLBACK INTO t VALUES (1)"))
                    .isInstanceOf(SQLException.class);
            c.commit(); // nothing open: a no-op, as after any rollback
            Drivers.exec(c, "INSERT INTO t VALUES (6)");
            c.commit();
            c.setAutoCommit(true);
            assertThat(Drivers.rows(c, "SELECT a FROM t ORDER BY a")).containsExactly(List.of("1"), List.of("6"));
        }
    }

    @Test
    void beginConcurrentEndsOnRaiseRollback() throws SQLException {
        try (Connection c = Drivers.open("jdbc:onelite:" + dir.resolve("c.db"))) {
            Drivers.exec(c, "CREATE TABLE t(a)",
                    "CREATE TRIGGER r BEFORE INSERT ON t WHEN new.a < 0 BEGIN SELECT RAISE(ROLLBACK, 'negative'); END",
                    "BEGIN CONCURRENT", "INSERT INTO t VALUES (1)");
            assertThatThrownBy(() -> Drivers.exec(c, "INSERT INTO t VALUES (2), (-1)"))
                    .isInstanceOf(SQLException.class).hasMessageContaining("negative");
            assertThatThrownBy(() -> Drivers.exec(c, "COMMIT"))
                    .hasMessageContaining("cannot commit - no transaction is active");
            assertThat(Drivers.rows(c, "SELECT count(*) FROM t")).containsExactly(List.of("0"));
            Drivers.exec(c, "BEGIN CONCURRENT", "INSERT INTO t VALUES (3)", "COMMIT");
            assertThat(Drivers.rows(c, "SELECT a FROM t")).containsExactly(List.of("3"));
        }
    }
}
