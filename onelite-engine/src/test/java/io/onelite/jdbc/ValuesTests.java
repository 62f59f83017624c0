package io.onelite.jdbc;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ValuesTests {

    @Test
    void realsPrintAsSqliteDoes() {
        assertThat(RealFormat.format(1.0)).isEqualTo("1.0");
        assertThat(RealFormat.format(2.5)).isEqualTo("2.5");
        assertThat(RealFormat.format(-0.0)).isEqualTo("0.0");
        assertThat(RealFormat.format(1e20)).isEqualTo("1.0e+20");
        assertThat(RealFormat.format(9.9e20)).isEqualTo("9.9e+20");
        assertThat(RealFormat.format(1e300)).isEqualTo("1.0e+300");
        assertThat(RealFormat.format(0.1)).isEqualTo("0.1");
        assertThat(RealFormat.format(0.0001)).isEqualTo("0.0001");
        assertThat(RealFormat.format(0.00001)).isEqualTo("1.0e-05");
        assertThat(RealFormat.format(1.0 / 3)).isEqualTo("0.333333333333333");
        assertThat(RealFormat.format(123456789012345.0)).isEqualTo("123456789012345.0");
        assertThat(RealFormat.format(1234567890123456.0)).isEqualTo("1.23456789012346e+15");
        assertThat(RealFormat.format(-9223372036854775808.0)).isEqualTo("-9.22337203685478e+18");
        assertThat(RealFormat.format(Double.POSITIVE_INFINITY)).isEqualTo("Inf");
    }

    @Test
    void integersFromTextReadTheLeadingDigitsAsSqlite3ColumnInt64() {
        assertThat(Values.toLong("12abc")).isEqualTo(12);
        assertThat(Values.toLong(" 12 ")).isEqualTo(12);
        assertThat(Values.toLong("abc")).isZero();
        assertThat(Values.toLong("1.9")).isEqualTo(1);
        assertThat(Values.toLong("-7")).isEqualTo(-7);
        assertThat(Values.toLong("99999999999999999999")).isEqualTo(Long.MAX_VALUE);
        assertThat(Values.toLong(null)).isZero();
    }

    @Test
    void integersFromRealsTruncateAndClamp() {
        assertThat(Values.toLong(1.9)).isEqualTo(1);
        assertThat(Values.toLong(-1.9)).isEqualTo(-1);
        assertThat(Values.toLong(9.9e20)).isEqualTo(Long.MAX_VALUE);
        assertThat(Values.toLong(-9.9e20)).isEqualTo(Long.MIN_VALUE);
    }

    @Test
    void doublesFromTextReadTheLeadingNumber() {
        assertThat(Values.toDouble("1.5")).isEqualTo(1.5);
        assertThat(Values.toDouble("12abc")).isEqualTo(12.0);
        assertThat(Values.toDouble("1e3x")).isEqualTo(1000.0);
        assertThat(Values.toDouble("1e")).isEqualTo(1.0);
        assertThat(Values.toDouble("abc")).isZero();
        assertThat(Values.toDouble(7L)).isEqualTo(7.0);
        // found by RandomValuesDifferentialTests, seed 5446529577868: a bare minus sign reads as -0.0
        assertThat(Values.toDouble(new byte[]{45, -56, -23})).isEqualTo(-0.0);
        assertThat(Values.toDouble("-x")).isEqualTo(-0.0);
    }

    @Test
    void textOfEachStorageClass() {
        assertThat(Values.toText(5L)).isEqualTo("5");
        assertThat(Values.toText(2.5)).isEqualTo("2.5");
        assertThat(Values.toText(new byte[]{65, 66})).isEqualTo("AB");
        assertThat(Values.toText(null)).isNull();
    }

    @Test
    void bigDecimalsOfNumbersAndText() throws SQLException {
        assertThat(Values.toBigDecimal(5L)).isEqualByComparingTo("5");
        assertThat(Values.toBigDecimal(1.25)).isEqualByComparingTo("1.25");
        assertThat(Values.toBigDecimal("3.50")).isEqualTo(new BigDecimal("3.50"));
        assertThatThrownBy(() -> Values.toBigDecimal("abc")).isInstanceOf(SQLException.class);
    }

    @Test
    void bindingFollowsSqliteJdbc() throws SQLException {
        assertThat(Values.bindValue(5)).isEqualTo(5L);
        assertThat(Values.bindValue(true)).isEqualTo(1L);
        assertThat(Values.bindValue(1.5f)).isEqualTo(1.5);
        assertThat(Values.bindValue(new BigDecimal("1.50"))).isEqualTo("1.50");
        assertThat(Values.bindValue(new java.sql.Timestamp(1234L))).isEqualTo(1234L);
        assertThat(Values.bindValue(new java.util.Date(99L))).isEqualTo(99L);
        assertThat(Values.bindValue(LocalDate.of(2024, 1, 2))).isEqualTo("2024-01-02");
        assertThat(Values.bindValue(LocalDateTime.of(2024, 1, 2, 3, 4, 5))).isEqualTo("2024-01-02T03:04:05");
        assertThat(Values.bindValue('c')).isEqualTo("c");
        UUID u = UUID.randomUUID();
        assertThat(Values.bindValue(u)).isEqualTo(u.toString());
    }

    @Test
    void datesReadFromMillisTextAndJulianDays() throws SQLException {
        long millis = LocalDateTime.of(2024, 1, 2, 10, 11, 12, 345_000_000).atZone(ZoneId.systemDefault()).toInstant().toEpochMilli();
        assertThat(Values.toMillis(millis, null)).isEqualTo(millis);
        assertThat(Values.toMillis("2024-01-02 10:11:12.345", null)).isEqualTo(millis);
        assertThat(Values.toMillis("2024-01-02T10:11:12.345", null)).isEqualTo(millis);
        assertThat(Values.toMillis(2440587.5, null)).isZero();
        assertThatThrownBy(() -> Values.toMillis("not a date", null)).isInstanceOf(SQLException.class);
    }

    @Test
    void getObjectConversions() throws SQLException {
        assertThat(Values.as(5L, Integer.class)).isEqualTo(5);
        assertThat(Values.as("7", Long.class)).isEqualTo(7L);
        assertThat(Values.as(1L, Boolean.class)).isTrue();
        assertThat(Values.as("2024-01-02", LocalDate.class)).isEqualTo(LocalDate.of(2024, 1, 2));
        assertThat(Values.as("2024-01-02 03:04:05", LocalDateTime.class)).isEqualTo(LocalDateTime.of(2024, 1, 2, 3, 4, 5));
        long millis = LocalDateTime.of(2024, 1, 2, 3, 4, 5).atZone(ZoneId.systemDefault()).toInstant().toEpochMilli();
        assertThat(Values.as(millis, LocalDateTime.class)).isEqualTo(LocalDateTime.of(2024, 1, 2, 3, 4, 5));
        assertThat(Values.as(null, Integer.class)).isNull();
        assertThat(Values.as(2.5, BigDecimal.class)).isEqualByComparingTo("2.5");
        assertThatThrownBy(() -> Values.as(1L, Thread.class)).isInstanceOf(SQLException.class);
    }
}
