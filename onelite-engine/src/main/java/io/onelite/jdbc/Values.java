package io.onelite.jdbc;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.util.Calendar;
import java.util.TimeZone;
import java.util.UUID;

/**
 * Conversions between engine values (null, Long, Double, String, byte[]) and Java types, with
 * SQLite's rules where SQLite has them ({@code sqlite3_column_int64} of TEXT reads the leading
 * integer, of REAL truncates and clamps; {@code sqlite3_column_double} of TEXT reads the leading
 * number; REAL as text is {@link RealFormat}) and sqlite-jdbc's defaults for dates: a date, time
 * or timestamp is stored as INTEGER milliseconds since the epoch; TEXT is parsed as
 * {@code yyyy-MM-dd[ HH:mm[:ss[.SSS]]]} in the JVM's (or the given calendar's) time zone; REAL is
 * a Julian day number.
 */
final class Values {
    private static final double JULIAN_EPOCH = 2440587.5;
    private static final DateTimeFormatter DATE_TIME = new DateTimeFormatterBuilder()
            .appendPattern("yyyy-MM-dd")
            .optionalStart().appendLiteral(' ').optionalEnd()
            .optionalStart().appendLiteral('T').optionalEnd()
            .optionalStart().appendPattern("HH:mm")
            .optionalStart().appendPattern(":ss").optionalEnd()
            .optionalStart().appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true).optionalEnd()
            .optionalEnd()
            .parseDefaulting(ChronoField.HOUR_OF_DAY, 0)
            .toFormatter();

    private Values() {
    }

    // ---- reading -------------------------------------------------------------------------

    static String toText(Object v) {
        if (v == null) {
            return null;
        }
        if (v instanceof String s) {
            return s;
        }
        if (v instanceof Double d) {
            return RealFormat.format(d);
        }
        if (v instanceof byte[] b) {
            return new String(b, StandardCharsets.UTF_8);
        }
        return v.toString();
    }

    /** {@code sqlite3_column_int64}: 0 for NULL. */
    static long toLong(Object v) {
        if (v == null) {
            return 0;
        }
        if (v instanceof Long l) {
            return l;
        }
        if (v instanceof Double d) {
            return doubleToLong(d);
        }
        String s = v instanceof byte[] b ? new String(b, StandardCharsets.UTF_8) : v.toString();
        return leadingInteger(s);
    }

    /** SQLite's REAL to INTEGER: truncation toward zero, clamped to the 64-bit range. */
    static long doubleToLong(double d) {
        if (Double.isNaN(d)) {
            return 0;
        }
        if (d <= -9.223372036854775808e18) {
            return Long.MIN_VALUE;
        }
        if (d >= 9.223372036854775807e18) {
            return Long.MAX_VALUE;
        }
        return (long) d;
    }

    /** As {@code sqlite3Atoi64}: optional spaces and sign, then digits; saturates on overflow. */
    static long leadingInteger(String s) {
        int i = 0;
        int n = s.length();
        while (i < n && isSqliteSpace(s.charAt(i))) { // not Character.isWhitespace: it takes \u001c-\u001f too
            i++;
        }
        boolean neg = false;
        if (i < n && (s.charAt(i) == '-' || s.charAt(i) == '+')) {
            neg = s.charAt(i) == '-';
            i++;
        }
        BigInteger acc = BigInteger.ZERO;
        int start = i;
        while (i < n && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
            i++;
        }
        if (i == start) {
            return 0;
        }
        acc = new BigInteger(s.substring(start, i));
        if (neg) {
            acc = acc.negate();
        }
        if (acc.bitLength() > 63) {
            return neg ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
        return acc.longValue();
    }

    /**
     * Strips the characters SQLite counts as space ({@code sqlite3Isspace}: space, tab, newline,
     * vertical tab, form feed, carriage return) from both ends; {@link String#trim()} would also
     * strip other control characters, which SQLite treats as text.
     */
    static String sqliteTrim(String s) {
        int start = 0;
        int end = s.length();
        while (start < end && isSqliteSpace(s.charAt(start))) {
            start++;
        }
        while (end > start && isSqliteSpace(s.charAt(end - 1))) {
            end--;
        }
        return s.substring(start, end);
    }

    private static boolean isSqliteSpace(char c) {
        return c == ' ' || (c >= '\t' && c <= '\r');
    }

    /** {@code sqlite3_column_double}: 0.0 for NULL, the leading number of TEXT. */
    static double toDouble(Object v) {
        if (v == null) {
            return 0;
        }
        if (v instanceof Double d) {
            return d;
        }
        if (v instanceof Long l) {
            return l;
        }
        String s = sqliteTrim(v instanceof byte[] b ? new String(b, StandardCharsets.UTF_8) : v.toString());
        int end = numericPrefix(s);
        if (end == 0) {
            return s.startsWith("-") ? -0.0 : 0.0; // sqlite3AtoF keeps the sign of "-" with no digits
        }
        try {
            return Double.parseDouble(s.substring(0, end));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** Length of the longest prefix of {@code s} that reads as a decimal number. */
    private static int numericPrefix(String s) {
        int i = 0;
        int n = s.length();
        if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
            i++;
        }
        int digits = 0;
        while (i < n && Character.isDigit(s.charAt(i))) {
            i++;
            digits++;
        }
        if (i < n && s.charAt(i) == '.') {
            i++;
            while (i < n && Character.isDigit(s.charAt(i))) {
                i++;
                digits++;
            }
        }
        if (digits == 0) {
            return 0;
        }
        int mantissaEnd = i;
        if (i < n && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            int j = i + 1;
            if (j < n && (s.charAt(j) == '+' || s.charAt(j) == '-')) {
                j++;
            }
            int expStart = j;
            while (j < n && Character.isDigit(s.charAt(j))) {
                j++;
            }
            return j > expStart ? j : mantissaEnd;
        }
        return mantissaEnd;
    }

    static BigDecimal toBigDecimal(Object v) throws SQLException {
        if (v == null) {
            return null;
        }
        if (v instanceof Long l) {
            return BigDecimal.valueOf(l);
        }
        if (v instanceof Double d) {
            return BigDecimal.valueOf(d);
        }
        String s = toText(v).trim();
        try {
            return new BigDecimal(s);
        } catch (NumberFormatException e) {
            throw new SQLException("Bad value for type BigDecimal : " + s);
        }
    }

    static byte[] toBytes(Object v) {
        if (v == null) {
            return null;
        }
        if (v instanceof byte[] b) {
            return b;
        }
        return toText(v).getBytes(StandardCharsets.UTF_8);
    }

    /** Milliseconds since the epoch for a date/time value, or null for NULL. */
    static Long toMillis(Object v, Calendar cal) throws SQLException {
        if (v == null) {
            return null;
        }
        if (v instanceof Long l) {
            return l;
        }
        if (v instanceof Double d) {
            return Math.round((d - JULIAN_EPOCH) * 86_400_000d);
        }
        String s = toText(v).trim();
        ZoneId zone = cal == null ? ZoneId.systemDefault() : cal.getTimeZone().toZoneId();
        if (!s.isEmpty() && s.chars().allMatch(Character::isDigit)) {
            return Long.parseLong(s);
        }
        try {
            return parseDateTime(s).atZone(zone).toInstant().toEpochMilli();
        } catch (DateTimeParseException e) {
            try {
                return OffsetDateTime.parse(s).toInstant().toEpochMilli();
            } catch (DateTimeParseException e2) {
                try {
                    return LocalTime.parse(s).atDate(LocalDate.of(1970, 1, 1)).atZone(zone).toInstant().toEpochMilli();
                } catch (DateTimeParseException e3) {
                    throw new SQLException("Error parsing date/time: " + s);
                }
            }
        }
    }

    static LocalDateTime parseDateTime(String s) {
        return LocalDateTime.parse(s, DATE_TIME);
    }

    /**
     * {@code getObject(column, type)}: the value converted to {@code type}; null for NULL (for
     * primitives' wrappers too, as JDBC 4.2 specifies).
     */
    static <T> T as(Object v, Class<T> type) throws SQLException {
        if (v == null) {
            return null;
        }
        Object out;
        if (type == String.class) {
            out = toText(v);
        } else if (type == Long.class || type == long.class) {
            out = toLong(v);
        } else if (type == Integer.class || type == int.class) {
            out = (int) toLong(v);
        } else if (type == Short.class || type == short.class) {
            out = (short) toLong(v);
        } else if (type == Byte.class || type == byte.class) {
            out = (byte) toLong(v);
        } else if (type == Double.class || type == double.class) {
            out = toDouble(v);
        } else if (type == Float.class || type == float.class) {
            out = (float) toDouble(v);
        } else if (type == Boolean.class || type == boolean.class) {
            out = toLong(v) != 0;
        } else if (type == BigDecimal.class) {
            out = toBigDecimal(v);
        } else if (type == BigInteger.class) {
            out = toBigDecimal(v).toBigInteger();
        } else if (type == byte[].class) {
            out = toBytes(v);
        } else if (type == java.sql.Date.class) {
            out = new java.sql.Date(toMillis(v, null));
        } else if (type == java.sql.Time.class) {
            out = new java.sql.Time(toMillis(v, null));
        } else if (type == java.sql.Timestamp.class) {
            out = new java.sql.Timestamp(toMillis(v, null));
        } else if (type == java.util.Date.class) {
            out = new java.util.Date(toMillis(v, null));
        } else if (type == LocalDate.class) {
            out = v instanceof String s && s.length() == 10 ? LocalDate.parse(s) : localDateTime(v).toLocalDate();
        } else if (type == LocalTime.class) {
            out = v instanceof String s && s.indexOf('-') < 0 ? LocalTime.parse(s) : localDateTime(v).toLocalTime();
        } else if (type == LocalDateTime.class) {
            out = localDateTime(v);
        } else if (type == Instant.class) {
            out = v instanceof String s && s.endsWith("Z") ? Instant.parse(s) : Instant.ofEpochMilli(toMillis(v, null));
        } else if (type == OffsetDateTime.class) {
            out = v instanceof String s && hasOffset(s) ? OffsetDateTime.parse(s)
                    : Instant.ofEpochMilli(toMillis(v, null)).atZone(ZoneId.systemDefault()).toOffsetDateTime();
        } else if (type == ZonedDateTime.class) {
            out = Instant.ofEpochMilli(toMillis(v, null)).atZone(ZoneId.systemDefault());
        } else if (type == UUID.class) {
            out = v instanceof byte[] b && b.length == 16 ? uuid(b) : UUID.fromString(toText(v));
        } else if (type == Object.class) {
            out = v;
        } else {
            throw new SQLException("cannot convert " + v.getClass().getSimpleName() + " to " + type.getName());
        }
        return type.isPrimitive() ? (T) out : type.cast(out);
    }

    private static boolean hasOffset(String s) {
        return s.endsWith("Z") || s.lastIndexOf('+') > 10 || s.lastIndexOf('-') > 10;
    }

    private static LocalDateTime localDateTime(Object v) throws SQLException {
        if (v instanceof String s) {
            try {
                return parseDateTime(s.trim());
            } catch (DateTimeParseException e) {
                // digits only or other shapes: fall through to milliseconds
            }
        }
        return LocalDateTime.ofInstant(Instant.ofEpochMilli(toMillis(v, null)), ZoneId.systemDefault());
    }

    private static UUID uuid(byte[] b) {
        long hi = 0;
        long lo = 0;
        for (int i = 0; i < 8; i++) {
            hi = (hi << 8) | (b[i] & 0xff);
            lo = (lo << 8) | (b[i + 8] & 0xff);
        }
        return new UUID(hi, lo);
    }

    // ---- binding -------------------------------------------------------------------------

    /**
     * The engine value a Java object binds as, following sqlite-jdbc: integers and booleans as
     * INTEGER, floats as REAL, {@code BigDecimal}/{@code BigInteger} as their text (the column's
     * affinity converts them), {@code java.util.Date} and its {@code java.sql} subclasses and
     * {@code Calendar} as INTEGER milliseconds, streams, readers, blobs and clobs read in full,
     * anything else (java.time values, UUID, enums...) as its {@code toString()}.
     */
    static Object bindValue(Object x) throws SQLException {
        if (x == null || x instanceof String || x instanceof Long || x instanceof Double || x instanceof byte[]) {
            return x;
        }
        if (x instanceof Integer || x instanceof Short || x instanceof Byte) {
            return ((Number) x).longValue();
        }
        if (x instanceof Float f) {
            return f.doubleValue();
        }
        if (x instanceof Boolean b) {
            return b ? 1L : 0L;
        }
        if (x instanceof BigDecimal || x instanceof BigInteger) {
            return x.toString();
        }
        if (x instanceof java.util.Date d) {
            return d.getTime();
        }
        if (x instanceof Calendar c) {
            return c.getTimeInMillis();
        }
        if (x instanceof Character c) {
            return c.toString();
        }
        if (x instanceof Enum<?> e) {
            return e.name();
        }
        if (x instanceof InputStream in) {
            return readAll(in, -1);
        }
        if (x instanceof Reader r) {
            return readAll(r, -1);
        }
        if (x instanceof Blob b) {
            return b.getBytes(1, (int) b.length());
        }
        if (x instanceof Clob c) {
            return c.getSubString(1, (int) c.length());
        }
        if (x instanceof java.util.concurrent.atomic.AtomicLong || x instanceof java.util.concurrent.atomic.AtomicInteger) {
            return ((Number) x).longValue();
        }
        if (x instanceof TimeZone) {
            return ((TimeZone) x).getID();
        }
        return x.toString();
    }

    static byte[] readAll(InputStream in, long length) throws SQLException {
        try {
            if (length < 0) {
                return in.readAllBytes();
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buf = new byte[8192];
            long left = length;
            while (left > 0) {
                int n = in.read(buf, 0, (int) Math.min(buf.length, left));
                if (n < 0) {
                    break;
                }
                out.write(buf, 0, n);
                left -= n;
            }
            return out.toByteArray();
        } catch (IOException e) {
            throw new SQLException("error reading stream: " + e.getMessage(), e);
        }
    }

    static String readAll(Reader in, long length) throws SQLException {
        try {
            StringBuilder sb = new StringBuilder();
            char[] buf = new char[8192];
            long left = length < 0 ? Long.MAX_VALUE : length;
            while (left > 0) {
                int n = in.read(buf, 0, (int) Math.min(buf.length, left));
                if (n < 0) {
                    break;
                }
                sb.append(buf, 0, n);
                left -= n;
            }
            return sb.toString();
        } catch (IOException e) {
            throw new SQLException("error reading stream: " + e.getMessage(), e);
        }
    }
}
