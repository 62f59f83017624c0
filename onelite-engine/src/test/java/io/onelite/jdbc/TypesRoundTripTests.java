package io.onelite.jdbc;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayInputStream;
import java.io.StringReader;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.Date;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Time;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Values in through every setter and out through the getters, on native SQLite and OneLite alike. */
class TypesRoundTripTests {

    /** typeof() and text of each value bound into an untyped column, one setter per row. */
    private static List<String> storedForms(Connection c) throws SQLException {
        Drivers.exec(c, "CREATE TABLE v(id INTEGER PRIMARY KEY, x)");
        try (PreparedStatement p = c.prepareStatement("INSERT INTO v(id, x) VALUES(?, ?)")) {
            int id = 0;
            p.setInt(1, ++id); p.setInt(2, 42); p.executeUpdate();
            p.setInt(1, ++id); p.setLong(2, Long.MAX_VALUE); p.executeUpdate();
            p.setInt(1, ++id); p.setDouble(2, 2.5); p.executeUpdate();
            p.setInt(1, ++id); p.setFloat(2, 1.5f); p.executeUpdate();
            p.setInt(1, ++id); p.setString(2, "héllo ☃"); p.executeUpdate();
            p.setInt(1, ++id); p.setBytes(2, new byte[]{1, 2, 3}); p.executeUpdate();
            p.setInt(1, ++id); p.setNull(2, Types.INTEGER); p.executeUpdate();
            p.setInt(1, ++id); p.setBoolean(2, true); p.executeUpdate();
            p.setInt(1, ++id); p.setBigDecimal(2, new BigDecimal("12.50")); p.executeUpdate();
            p.setInt(1, ++id); p.setDate(2, new Date(86_400_000L)); p.executeUpdate();
            p.setInt(1, ++id); p.setTime(2, new Time(3_600_000L)); p.executeUpdate();
            p.setInt(1, ++id); p.setTimestamp(2, new Timestamp(1_700_000_000_123L)); p.executeUpdate();
            p.setInt(1, ++id); p.setShort(2, (short) 7); p.executeUpdate();
            p.setInt(1, ++id); p.setByte(2, (byte) -3); p.executeUpdate();
            p.setInt(1, ++id); p.setObject(2, LocalDate.of(2024, 1, 2)); p.executeUpdate();
            p.setInt(1, ++id); p.setObject(2, LocalDateTime.of(2024, 1, 2, 3, 4, 5)); p.executeUpdate();
            p.setInt(1, ++id); p.setObject(2, new java.util.Date(5000L)); p.executeUpdate();
            p.setInt(1, ++id); p.setObject(2, 'c'); p.executeUpdate();
            p.setInt(1, ++id); p.setObject(2, null); p.executeUpdate();
            p.setInt(1, ++id); p.setCharacterStream(2, new StringReader("reader")); p.executeUpdate();
            p.setInt(1, ++id); p.setBinaryStream(2, new ByteArrayInputStream(new byte[]{65, 66})); p.executeUpdate();
            p.setInt(1, ++id); p.setAsciiStream(2, new ByteArrayInputStream("ascii".getBytes(StandardCharsets.US_ASCII)), 5); p.executeUpdate();
            p.setInt(1, ++id); p.setString(2, ""); p.executeUpdate();
        }
        List<String> out = new ArrayList<>();
        try (ResultSet rs = c.createStatement().executeQuery("SELECT typeof(x), x FROM v ORDER BY id")) {
            while (rs.next()) {
                out.add(rs.getString(1) + ":" + rs.getString(2));
            }
        }
        return out;
    }

    @ParameterizedTest
    @MethodSource("io.onelite.jdbc.Drivers#both")
    void everySetterStoresWhatSqliteJdbcStores(String url) throws SQLException {
        List<String> expected;
        try (Connection n = Drivers.open(Drivers.NATIVE)) {
            expected = storedForms(n);
        }
        try (Connection c = Drivers.open(url)) {
            assertThat(storedForms(c)).containsExactlyElementsOf(expected);
        }
        assertThat(expected).contains("integer:86400000", "null:null", "text:12.50", "integer:1");
    }

    @ParameterizedTest
    @MethodSource("io.onelite.jdbc.Drivers#both")
    void gettersConvertAsSqlite(String url) throws SQLException {
        try (Connection c = Drivers.open(url);
             ResultSet rs = c.createStatement().executeQuery(
                     "SELECT 'abc', '12abc', ' 12 ', '1.5', 1.9, -1.9, NULL, 9223372036854775807, x'4142'")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getInt(1)).isZero();
            assertThat(rs.getInt(2)).isEqualTo(12);
            assertThat(rs.getLong(3)).isEqualTo(12);
            assertThat(rs.getDouble(4)).isEqualTo(1.5);
            assertThat(rs.getInt(4)).isEqualTo(1);
            assertThat(rs.getInt(5)).isEqualTo(1);
            assertThat(rs.getLong(6)).isEqualTo(-1);
            assertThat(rs.getString(5)).isEqualTo("1.9");
            assertThat(rs.getBigDecimal(5)).isEqualByComparingTo("1.9");
            assertThat(rs.getBoolean(2)).isTrue();
            assertThat(rs.getBoolean(1)).isFalse();
            assertThat(rs.getInt(7)).isZero();
            assertThat(rs.wasNull()).isTrue();
            assertThat(rs.getString(7)).isNull();
            assertThat(rs.getObject(7)).isNull();
            assertThat(rs.getLong(8)).isEqualTo(Long.MAX_VALUE);
            assertThat(rs.wasNull()).isFalse();
            assertThat(rs.getObject(8)).isEqualTo(Long.MAX_VALUE);
            assertThat(rs.getBytes(9)).containsExactly(65, 66);
            assertThat(rs.getString(9)).isEqualTo("AB");
            assertThat(rs.next()).isFalse();
        }
    }

    @ParameterizedTest
    @MethodSource("io.onelite.jdbc.Drivers#both")
    void getObjectGivesIntegerLongDoubleStringOrBytes(String url) throws SQLException {
        try (Connection c = Drivers.open(url);
             ResultSet rs = c.createStatement().executeQuery("SELECT 1, 5000000000, 2.5, 'x', x'01'")) {
            rs.next();
            assertThat(rs.getObject(1)).isEqualTo(1);
            assertThat(rs.getObject(2)).isEqualTo(5_000_000_000L);
            assertThat(rs.getObject(3)).isEqualTo(2.5);
            assertThat(rs.getObject(4)).isEqualTo("x");
            assertThat((byte[]) rs.getObject(5)).containsExactly(1);
        }
    }

    @ParameterizedTest
    @MethodSource("io.onelite.jdbc.Drivers#both")
    void datesComeBackFromTheirMilliseconds(String url) throws SQLException {
        try (Connection c = Drivers.open(url)) {
            Drivers.exec(c, "CREATE TABLE d(a DATE, b TIMESTAMP, c TIME)");
            Timestamp ts = Timestamp.valueOf("2024-01-02 10:11:12.345");
            Date date = Date.valueOf("2024-01-02");
            Time time = Time.valueOf("10:11:12");
            try (PreparedStatement p = c.prepareStatement("INSERT INTO d VALUES(?,?,?)")) {
                p.setDate(1, date);
                p.setTimestamp(2, ts);
                p.setTime(3, time);
                p.executeUpdate();
            }
            try (ResultSet rs = c.createStatement().executeQuery("SELECT a, b, c, typeof(b) FROM d")) {
                rs.next();
                assertThat(rs.getDate(1)).isEqualTo(date);
                assertThat(rs.getTimestamp(2)).isEqualTo(ts);
                assertThat(rs.getTime(3)).isEqualTo(time);
                assertThat(rs.getString(4)).isEqualTo("integer");
                assertThat(rs.getObject(2, LocalDateTime.class)).isEqualTo(ts.toLocalDateTime());
                assertThat(rs.getObject(1, LocalDate.class)).isEqualTo(LocalDate.of(2024, 1, 2));
            }
        }
    }

    @ParameterizedTest
    @MethodSource("io.onelite.jdbc.Drivers#both")
    void timestampsReadFromText(String url) throws SQLException {
        try (Connection c = Drivers.open(url);
             ResultSet rs = c.createStatement().executeQuery("SELECT '2024-01-02 10:11:12.345'")) {
            rs.next();
            assertThat(rs.getTimestamp(1)).isEqualTo(Timestamp.valueOf("2024-01-02 10:11:12.345"));
        }
    }

    @ParameterizedTest
    @MethodSource("io.onelite.jdbc.Drivers#both")
    void bigDecimalsRoundTripThroughANumericColumn(String url) throws SQLException {
        try (Connection c = Drivers.open(url)) {
            Drivers.exec(c, "CREATE TABLE m(amount NUMERIC(10,2))");
            try (PreparedStatement p = c.prepareStatement("INSERT INTO m VALUES(?)")) {
                p.setBigDecimal(1, new BigDecimal("12.75"));
                p.executeUpdate();
                p.setBigDecimal(1, new BigDecimal("3"));
                p.executeUpdate();
            }
            assertThat(Drivers.rows(c, "SELECT typeof(amount), amount FROM m"))
                    .containsExactly(List.of("real", "12.75"), List.of("integer", "3"));
        }
    }

    @ParameterizedTest
    @MethodSource("io.onelite.jdbc.Drivers#both")
    void clearParametersBindsNullsAgain(String url) throws SQLException {
        try (Connection c = Drivers.open(url);
             PreparedStatement p = c.prepareStatement("SELECT ?, ?")) {
            p.setInt(1, 1);
            p.setString(2, "a");
            try (ResultSet rs = p.executeQuery()) {
                rs.next();
                assertThat(rs.getInt(1)).isEqualTo(1);
            }
            p.clearParameters();
            try (ResultSet rs = p.executeQuery()) {
                rs.next();
                assertThat(rs.getObject(1)).isNull();
                assertThat(rs.getObject(2)).isNull();
            }
        }
    }

    @ParameterizedTest
    @MethodSource("io.onelite.jdbc.Drivers#both")
    void namedAndNumberedParametersBind(String url) throws SQLException {
        try (Connection c = Drivers.open(url);
             PreparedStatement p = c.prepareStatement("SELECT :a, ?2, :a")) {
            assertThat(p.getParameterMetaData().getParameterCount()).isEqualTo(2);
            p.setInt(1, 10);
            p.setInt(2, 20);
            try (ResultSet rs = p.executeQuery()) {
                rs.next();
                assertThat(List.of(rs.getInt(1), rs.getInt(2), rs.getInt(3))).containsExactly(10, 20, 10);
            }
        }
    }
}
