package io.onelite.jdbc;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class KeysAndBatchesTests {

    private static List<Long> keys(Statement s) throws SQLException {
        List<Long> out = new ArrayList<>();
        try (ResultSet rs = s.getGeneratedKeys()) {
            while (rs.next()) {
                out.add(rs.getLong(1));
            }
        }
        return out;
    }

    @ParameterizedTest
    @MethodSource("io.onelite.jdbc.Drivers#both")
    void insertReportsItsRowidAsGeneratedKey(String url) throws SQLException {
        try (Connection c = Drivers.open(url)) {
            Drivers.exec(c, "CREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT)", "INSERT INTO t(id, v) VALUES(41, 'a')");
            try (PreparedStatement p = c.prepareStatement("INSERT INTO t(v) VALUES(?)", Statement.RETURN_GENERATED_KEYS)) {
                p.setString(1, "b");
                assertThat(p.executeUpdate()).isEqualTo(1);
                assertThat(keys(p)).containsExactly(42L);
            }
            try (Statement s = c.createStatement()) {
                s.executeUpdate("INSERT INTO t(v) VALUES('c')", Statement.RETURN_GENERATED_KEYS);
                assertThat(keys(s)).containsExactly(43L);
            }
        }
    }

    @Test
    void batchReportsEveryKey() throws SQLException {
        try (Connection c = Drivers.open(Drivers.ONELITE)) {
            Drivers.exec(c, "CREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT)");
            try (PreparedStatement p = c.prepareStatement("INSERT INTO t(v) VALUES(?)", new String[]{"id"})) {
                for (String v : new String[]{"a", "b", "c"}) {
                    p.setString(1, v);
                    p.addBatch();
                }
                assertThat(p.executeBatch()).containsExactly(1, 1, 1);
                try (ResultSet rs = p.getGeneratedKeys()) {
                    assertThat(rs.getMetaData().getColumnLabel(1)).isEqualTo("id");
                    List<Long> ks = new ArrayList<>();
                    while (rs.next()) {
                        ks.add(rs.getLong("id"));
                    }
                    assertThat(ks).containsExactly(1L, 2L, 3L);
                }
            }
        }
    }

    @ParameterizedTest
    @MethodSource("io.onelite.jdbc.Drivers#both")
    void preparedBatchGivesPerStatementCounts(String url) throws SQLException {
        try (Connection c = Drivers.open(url)) {
            Drivers.exec(c, "CREATE TABLE t(k INTEGER, v INTEGER)", "INSERT INTO t VALUES(1,0),(1,0),(2,0)");
            try (PreparedStatement p = c.prepareStatement("UPDATE t SET v = v + 1 WHERE k = ?")) {
                for (int k : new int[]{1, 2, 3}) {
                    p.setInt(1, k);
                    p.addBatch();
                }
                assertThat(p.executeBatch()).containsExactly(2, 1, 0);
                assertThat(p.executeBatch()).isEmpty();
            }
        }
    }

    @ParameterizedTest
    @MethodSource("io.onelite.jdbc.Drivers#both")
    void statementBatchGivesPerStatementCounts(String url) throws SQLException {
        try (Connection c = Drivers.open(url); Statement s = c.createStatement()) {
            s.addBatch("CREATE TABLE t(a)");
            s.addBatch("INSERT INTO t VALUES(1),(2)");
            s.addBatch("UPDATE t SET a = a * 10");
            s.addBatch("DELETE FROM t WHERE a = 10");
            assertThat(s.executeBatch()).containsExactly(0, 2, 2, 1);
            assertThat(Drivers.rows(c, "SELECT a FROM t")).containsExactly(List.of("20"));
        }
    }

    @ParameterizedTest
    @MethodSource("io.onelite.jdbc.Drivers#both")
    void failingBatchReportsTheCountsBeforeTheFailure(String url) throws SQLException {
        try (Connection c = Drivers.open(url)) {
            Drivers.exec(c, "CREATE TABLE t(a INTEGER PRIMARY KEY)");
            try (PreparedStatement p = c.prepareStatement("INSERT INTO t VALUES(?)")) {
                for (int a : new int[]{1, 2, 1, 3}) {
                    p.setInt(1, a);
                    p.addBatch();
                }
                SQLException e = catchThrowableOfType(SQLException.class, p::executeBatch);
                assertThat((Throwable) e).isNotNull();
                if (Drivers.isOneLite(c)) { // sqlite-jdbc throws a plain SQLException, not what JDBC asks for
                    assertThat((Throwable) e).isInstanceOf(BatchUpdateException.class);
                    assertThat(((BatchUpdateException) e).getUpdateCounts()).containsExactly(1, 1);
                    assertThat(e.getSQLState()).isEqualTo("23505");
                }
            }
            assertThat(Drivers.rows(c, "SELECT count(*) FROM t")).containsExactly(List.of("2"));
        }
    }

    @ParameterizedTest
    @MethodSource("io.onelite.jdbc.Drivers#both")
    void returningRowsComeBackFromExecuteQuery(String url) throws SQLException {
        try (Connection c = Drivers.open(url)) {
            Drivers.exec(c, "CREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT)");
            try (PreparedStatement p = c.prepareStatement("INSERT INTO t(v) VALUES(?) RETURNING id, v")) {
                p.setString(1, "x");
                try (ResultSet rs = p.executeQuery()) {
                    assertThat(rs.next()).isTrue();
                    assertThat(rs.getLong("id")).isEqualTo(1);
                    assertThat(rs.getString("V")).isEqualTo("x");
                    assertThat(rs.next()).isFalse();
                }
            }
            assertThat(Drivers.rows(c, "SELECT count(*) FROM t")).containsExactly(List.of("1"));
        }
    }

    @ParameterizedTest
    @MethodSource("io.onelite.jdbc.Drivers#both")
    void executeUpdateRunsEveryStatementOfTheText(String url) throws SQLException {
        try (Connection c = Drivers.open(url); Statement s = c.createStatement()) {
            s.executeUpdate("CREATE TABLE t(a); INSERT INTO t VALUES(1); INSERT INTO t VALUES(2);");
            assertThat(Drivers.rows(c, "SELECT count(*) FROM t")).containsExactly(List.of("2"));
        }
    }

    @Test
    void executeRunsEveryStatementAndReportsTheLast() throws SQLException {
        try (Connection c = Drivers.open(Drivers.ONELITE); Statement s = c.createStatement()) {
            assertThat(s.execute("CREATE TABLE t(a); INSERT INTO t VALUES(1),(2); SELECT count(*) FROM t")).isTrue();
            try (ResultSet rs = s.getResultSet()) {
                rs.next();
                assertThat(rs.getInt(1)).isEqualTo(2);
            }
            assertThat(s.execute("DELETE FROM t")).isFalse();
            assertThat(s.getUpdateCount()).isEqualTo(2);
            assertThat(s.getMoreResults()).isFalse();
            assertThat(s.getUpdateCount()).isEqualTo(-1);
        }
    }

    @ParameterizedTest
    @MethodSource("io.onelite.jdbc.Drivers#both")
    void updateCountsOfDdlAreZero(String url) throws SQLException {
        try (Connection c = Drivers.open(url); Statement s = c.createStatement()) {
            s.executeUpdate("CREATE TABLE t(a)");
            assertThat(s.executeUpdate("INSERT INTO t VALUES(1),(2),(3)")).isEqualTo(3);
            assertThat(s.executeUpdate("CREATE TABLE u(b)")).isZero();
        }
    }
}
