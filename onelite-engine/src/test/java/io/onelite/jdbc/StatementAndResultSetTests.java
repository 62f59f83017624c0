package io.onelite.jdbc;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class StatementAndResultSetTests {

    @Test
    void aReExecutedPreparedQueryDescribesItsColumnsAfterTheSchemaChanges() throws SQLException {
        try (Connection c = Drivers.open(Drivers.ONELITE); Statement s = c.createStatement()) {
            s.executeUpdate("CREATE TABLE t(a INTEGER, b TEXT)");
            s.executeUpdate("INSERT INTO t VALUES(1, 'x')");
            try (PreparedStatement p = c.prepareStatement("SELECT * FROM t")) {
                for (int round = 0; round < 2; round++) {
                    try (ResultSet rs = p.executeQuery()) {
                        assertThat(rs.getMetaData().getColumnCount()).isEqualTo(2);
                        assertThat(rs.getMetaData().getColumnLabel(2)).isEqualTo("b");
                        assertThat(rs.getMetaData().getColumnTypeName(2)).isEqualTo("TEXT");
                    }
                }
                s.executeUpdate("ALTER TABLE t RENAME COLUMN b TO bee");
                s.executeUpdate("ALTER TABLE t ADD COLUMN c REAL DEFAULT 2.5");
                try (ResultSet rs = p.executeQuery()) {
                    assertThat(rs.getMetaData().getColumnCount()).isEqualTo(3);
                    assertThat(rs.getMetaData().getColumnLabel(2)).isEqualTo("bee");
                    assertThat(rs.getMetaData().getColumnTypeName(3)).isEqualTo("REAL");
                    assertThat(rs.next()).isTrue();
                    assertThat(rs.getString("bee")).isEqualTo("x");
                    assertThat(rs.getDouble("c")).isEqualTo(2.5);
                    assertThatThrownBy(() -> rs.findColumn("b")).isInstanceOf(SQLException.class);
                }
            }
        }
    }

    @ParameterizedTest
    @MethodSource("io.onelite.jdbc.Drivers#both")
    void findColumnIgnoresCaseAndPrefersTheFirst(String url) throws SQLException {
        try (Connection c = Drivers.open(url);
             ResultSet rs = c.createStatement().executeQuery("SELECT 1 AS Alpha, 2 AS beta, 3 AS alpha")) {
            assertThat(rs.findColumn("ALPHA")).isEqualTo(1);
            assertThat(rs.findColumn("Beta")).isEqualTo(2);
            assertThatThrownBy(() -> rs.findColumn("gamma")).isInstanceOf(SQLException.class);
            rs.next();
            assertThat(rs.getInt("alpha")).isEqualTo(1);
        }
    }

    @ParameterizedTest
    @MethodSource("io.onelite.jdbc.Drivers#both")
    void maxRowsLimitsTheResult(String url) throws SQLException {
        try (Connection c = Drivers.open(url); Statement s = c.createStatement()) {
            s.executeUpdate("CREATE TABLE t(a)");
            s.executeUpdate("INSERT INTO t VALUES(1),(2),(3),(4)");
            s.setMaxRows(2);
            try (ResultSet rs = s.executeQuery("SELECT a FROM t ORDER BY a")) {
                assertThat(Drivers.rows(rs)).containsExactly(List.of("1"), List.of("2"));
            }
        }
    }

    @ParameterizedTest
    @MethodSource("io.onelite.jdbc.Drivers#both")
    void executeQueryOnANonQueryFails(String url) throws SQLException {
        try (Connection c = Drivers.open(url); Statement s = c.createStatement()) {
            assertThatThrownBy(() -> s.executeQuery("CREATE TABLE t(a)")).isInstanceOf(SQLException.class);
        }
    }

    @ParameterizedTest
    @MethodSource("io.onelite.jdbc.Drivers#both")
    void reExecutingClosesThePreviousResultSet(String url) throws SQLException {
        try (Connection c = Drivers.open(url); PreparedStatement p = c.prepareStatement("SELECT ?")) {
            p.setInt(1, 1);
            ResultSet first = p.executeQuery();
            p.setInt(1, 2);
            ResultSet second = p.executeQuery();
            if (Drivers.isOneLite(c)) { // JDBC requires it; sqlite-jdbc leaves isClosed() false
                assertThat(first.isClosed()).isTrue();
            }
            second.next();
            assertThat(second.getInt(1)).isEqualTo(2);
        }
    }

    @ParameterizedTest
    @MethodSource("io.onelite.jdbc.Drivers#both")
    void closedObjectsRefuseUse(String url) throws SQLException {
        Connection c = Drivers.open(url);
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT 1");
        rs.close();
        s.close();
        if (Drivers.isOneLite(c)) { // sqlite-jdbc lets both through
            assertThatThrownBy(rs::next).isInstanceOf(SQLException.class);
            assertThatThrownBy(() -> s.executeQuery("SELECT 1")).isInstanceOf(SQLException.class);
        }
        c.close();
        assertThat(c.isClosed()).isTrue();
        assertThat(c.isValid(1)).isFalse();
        assertThatThrownBy(c::createStatement).isInstanceOf(SQLException.class);
    }

    /** A billion-row join over {@link #numbers}: seconds natively, far longer than any timeout here. */
    private static final String LONG_QUERY = "SELECT count(*) FROM n a, n b, n c";

    /** Table n with 1000 rows. */
    private static void numbers(Connection c) throws SQLException {
        Drivers.exec(c, "CREATE TABLE n(x INTEGER)");
        c.setAutoCommit(false);
        try (PreparedStatement p = c.prepareStatement("INSERT INTO n VALUES(?)")) {
            for (int i = 0; i < 1000; i++) {
                p.setInt(1, i);
                p.addBatch();
            }
            p.executeBatch();
        }
        c.commit();
        c.setAutoCommit(true);
    }

    @Test
    void queryTimeoutStopsALongQuery() throws SQLException {
        try (Connection c = Drivers.open(Drivers.ONELITE); Statement s = c.createStatement()) {
            numbers(c);
            s.setQueryTimeout(1);
            assertThatThrownBy(() -> {
                try (ResultSet rs = s.executeQuery(LONG_QUERY)) {
                    rs.next();
                }
            }).isInstanceOf(SQLTimeoutException.class);
            s.setQueryTimeout(0);
            assertThat(Drivers.rows(c, "SELECT 1")).containsExactly(List.of("1"));
        }
    }

    @ParameterizedTest
    @MethodSource("io.onelite.jdbc.Drivers#both")
    void cancelFromAnotherThreadStopsALongQuery(String url) throws Exception {
        try (Connection c = Drivers.open(url); Statement s = c.createStatement()) {
            numbers(c);
            Thread canceller = new Thread(() -> {
                try {
                    Thread.sleep(500);
                    s.cancel();
                } catch (InterruptedException | SQLException e) {
                    // the query already ended (and the statement closed): nothing to cancel
                }
            });
            canceller.start();
            assertThatThrownBy(() -> {
                try (ResultSet rs = s.executeQuery(LONG_QUERY)) {
                    rs.next();
                }
            }).isInstanceOf(SQLException.class);
            canceller.join();
            assertThat(Drivers.rows(c, "SELECT 2")).containsExactly(List.of("2"));
        }
    }

    @Test
    void driverIsRegisteredAndDataSourceConnects() throws SQLException {
        assertThat(DriverManager.getDriver("jdbc:onelite::memory:")).isInstanceOf(OneLiteDriver.class);
        OneLiteDataSource ds = new OneLiteDataSource(":memory:");
        try (Connection c = ds.getConnection()) {
            assertThat(c.isValid(0)).isTrue();
            assertThat(c.unwrap(OneLiteConnection.class)).isNotNull();
            assertThat(c.isWrapperFor(io.onelite.api.Session.class)).isTrue();
            assertThat(c.nativeSQL("SELECT 1")).isEqualTo("SELECT 1");
            c.setClientInfo("ApplicationName", "tests");
            assertThat(c.getClientInfo("ApplicationName")).isEqualTo("tests");
        }
    }

    @Test
    void unsupportedFeaturesSaySo() throws SQLException {
        try (Connection c = Drivers.open(Drivers.ONELITE)) {
            assertThatThrownBy(() -> c.prepareCall("CALL x()")).isInstanceOf(java.sql.SQLFeatureNotSupportedException.class);
            assertThatThrownBy(() -> c.createStatement(ResultSet.TYPE_SCROLL_INSENSITIVE, ResultSet.CONCUR_READ_ONLY))
                    .isInstanceOf(java.sql.SQLFeatureNotSupportedException.class);
        }
    }
}
