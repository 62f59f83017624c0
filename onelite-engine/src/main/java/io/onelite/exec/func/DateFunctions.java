package io.onelite.exec.func;

import io.onelite.exec.value.SqlValues;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;

/**
 * SQLite's date and time functions (date.c): date, time, datetime, julianday, unixepoch,
 * strftime, timediff, and the current_date/current_time/current_timestamp forms.
 *
 * <p>A time value is a text date/time ({@code YYYY-MM-DD}, {@code YYYY-MM-DD HH:MM[:SS[.FFF]]},
 * {@code HH:MM[:SS[.FFF]]}, each with an optional {@code [+-]HH:MM} or {@code Z}), {@code now}
 * (the statement time from {@link FunctionContext#nowMillis()}), or a number (a Julian day unless
 * a {@code unixepoch} or {@code auto} modifier says otherwise). Modifiers apply left to right.
 * Any invalid input or a result outside 0000-01-01 .. 9999-12-31 gives NULL, as SQLite.
 * {@code localtime}/{@code utc} convert through {@link FunctionContext#localZone()}.
 */
final class DateFunctions {
    private DateFunctions() {
    }

    static void register(Functions.Registry r) {
        r.scalarVariadic("date", 0, Functions.MAX_ARGS, (c, a) -> date(c, a));
        r.scalarVariadic("time", 0, Functions.MAX_ARGS, (c, a) -> time(c, a));
        r.scalarVariadic("datetime", 0, Functions.MAX_ARGS, (c, a) -> datetime(c, a));
        r.scalarVariadic("julianday", 0, Functions.MAX_ARGS, (c, a) -> julianday(c, a));
        r.scalarVariadic("unixepoch", 0, Functions.MAX_ARGS, (c, a) -> unixepoch(c, a));
        r.scalarVariadic("strftime", 0, Functions.MAX_ARGS, (c, a) -> strftime(c, a));
        r.scalar("timediff", 2, (c, a) -> timediff(c, a));
        r.scalar("current_date", 0, (c, a) -> date(c, new Object[0]));
        r.scalar("current_time", 0, (c, a) -> time(c, new Object[0]));
        r.scalar("current_timestamp", 0, (c, a) -> datetime(c, new Object[0]));
    }

    private static char at(String z, int i) {
        return i >= 0 && i < z.length() ? z.charAt(i) : 0;
    }

    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == 0x0b;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** Maximum values of getDigits' third format character a..f. */
    private static final int[] MAX = {12, 14, 24, 31, 59, 14712};

    /**
     * As date.c's getDigits: reads fixed-width fields described by 4-character groups
     * (width, minimum, maximum code, separator that must follow or 0). Returns fields read.
     */
    static int getDigits(String z, int pos, String fmt, int[] out) {
        int cnt = 0;
        int f = 0;
        char nextC;
        do {
            int n = fmt.charAt(f) - '0';
            int min = fmt.charAt(f + 1) - '0';
            int max = MAX[fmt.charAt(f + 2) - 'a'];
            nextC = f + 3 < fmt.length() ? fmt.charAt(f + 3) : 0;
            int val = 0;
            while (n-- > 0) {
                char c = at(z, pos);
                if (!isDigit(c)) {
                    return cnt;
                }
                val = val * 10 + c - '0';
                pos++;
            }
            if (val < min || val > max || (nextC != 0 && nextC != at(z, pos))) {
                return cnt;
            }
            out[cnt++] = val;
            pos++;
            f += 4;
        } while (nextC != 0);
        return cnt;
    }

    /** As parseTimezone: optional spaces, then nothing, Z, or [+-]HH:MM, then optional spaces. */
    private static boolean parseTimezone(String z, int i, DateTime p) {
        while (isSpace(at(z, i))) {
            i++;
        }
        p.tz = 0;
        char c = at(z, i);
        int sgn;
        if (c == '-') {
            sgn = -1;
        } else if (c == '+') {
            sgn = 1;
        } else if (c == 'Z' || c == 'z') {
            i++;
            p.isLocal = false;
            p.isUtc = true;
            while (isSpace(at(z, i))) {
                i++;
            }
            return at(z, i) != 0;
        } else {
            return c != 0;
        }
        i++;
        int[] v = new int[2];
        if (getDigits(z, i, "20b:20e", v) != 2) {
            return true;
        }
        i += 5;
        p.tz = sgn * (v[1] + v[0] * 60);
        if (p.tz == 0) {
            p.isLocal = false;
            p.isUtc = true;
        }
        while (isSpace(at(z, i))) {
            i++;
        }
        return at(z, i) != 0;
    }

    /** As parseHhMmSs; returns true on error. */
    static boolean parseHhMmSs(String z, int i, DateTime p) {
        int[] v = new int[2];
        if (getDigits(z, i, "20c:20e", v) != 2) {
            return true;
        }
        int hour = v[0];
        int minute = v[1];
        i += 5;
        int sec;
        double ms = 0.0;
        if (at(z, i) == ':') {
            i++;
            int[] sv = new int[1];
            if (getDigits(z, i, "20e", sv) != 1) {
                return true;
            }
            sec = sv[0];
            i += 2;
            if (at(z, i) == '.' && isDigit(at(z, i + 1))) {
                double scale = 1.0;
                i++;
                while (isDigit(at(z, i))) {
                    ms = ms * 10.0 + at(z, i) - '0';
                    scale *= 10.0;
                    i++;
                }
                ms /= scale;
                if (ms > 0.999) {
                    ms = 0.999; // truncate rather than round into the next second
                }
            }
        } else {
            sec = 0;
        }
        p.validJD = false;
        p.rawS = false;
        p.validHMS = true;
        p.h = hour;
        p.m = minute;
        p.s = sec + ms;
        return parseTimezone(z, i, p);
    }

    /** As parseYyyyMmDd; returns true on error. */
    private static boolean parseYyyyMmDd(String z, DateTime p) {
        int i = 0;
        boolean neg = false;
        if (at(z, 0) == '-') {
            i++;
            neg = true;
        }
        int[] v = new int[3];
        if (getDigits(z, i, "40f-21a-21d", v) != 3) {
            return true;
        }
        i += 10;
        while (isSpace(at(z, i)) || at(z, i) == 'T') {
            i++;
        }
        if (!parseHhMmSs(z, i, p)) {
            // got the time too
        } else if (at(z, i) == 0) {
            p.validHMS = false;
        } else {
            return true;
        }
        p.validJD = false;
        p.validYMD = true;
        p.Y = neg ? -v[0] : v[0];
        p.M = v[1];
        p.D = v[2];
        p.computeFloor();
        if (p.tz != 0) {
            p.computeJD();
        }
        return false;
    }

    private static void setNow(FunctionContext ctx, DateTime p) {
        p.iJD = ctx.nowMillis() + DateTime.UNIX_EPOCH_JD;
        p.validJD = true;
        p.isUtc = true;
        p.isLocal = false;
        p.clearYMDHMSTZ();
    }

    /** Whole-text number as sqlite3AtoF > 0 (surrounding spaces allowed), else null. */
    private static Double wholeNumber(String z) {
        Object n = SqlValues.numericIfWhole(z);
        if (n instanceof Long l) {
            return (double) l;
        }
        return n instanceof Double d ? d : null;
    }

    private static boolean parseDateOrTime(FunctionContext ctx, String z, DateTime p) {
        if (!parseYyyyMmDd(z, p)) {
            return false;
        }
        if (!parseHhMmSs(z, 0, p)) {
            return false;
        }
        if (z.equalsIgnoreCase("now")) {
            setNow(ctx, p);
            return false;
        }
        Double r = wholeNumber(z);
        if (r != null) {
            p.setRawNumber(r);
            return false;
        }
        if (z.equalsIgnoreCase("subsec") || z.equalsIgnoreCase("subsecond")) {
            p.useSubsec = true;
            setNow(ctx, p);
            return false;
        }
        return true;
    }

    /** As isDate: the time value and its modifiers; null if anything is invalid. */
    static DateTime isDate(FunctionContext ctx, Object[] args, int from) {
        DateTime p = new DateTime();
        if (args.length == from) {
            setNow(ctx, p);
        } else {
            Object v = args[from];
            if (v instanceof Long || v instanceof Double) {
                p.setRawNumber(SqlValues.toReal(v));
            } else {
                if (v == null || parseDateOrTime(ctx, SqlValues.toText(v), p)) {
                    return null;
                }
            }
        }
        for (int i = from + 1; i < args.length; i++) {
            if (args[i] == null || DateModifiers.apply(ctx, SqlValues.toText(args[i]), p, i - from)) {
                return null;
            }
        }
        p.computeJD();
        if (p.isError || !DateTime.validJulianDay(p.iJD)) {
            return null;
        }
        if (args.length - from == 1 && p.validYMD && p.D > 28) {
            p.validYMD = false; // normalise 2023-02-31 to 2023-03-03
        }
        return p;
    }

    /** As toLocaltime: breaks the UTC instant down in the local zone (years mapped into 1970-2037 as SQLite). */
    static void toLocaltime(FunctionContext ctx, DateTime p) {
        p.computeJD();
        long t;
        int yearDiff;
        if (p.iJD < 2108667600L * 100000 || p.iJD > 2130141456L * 100000) {
            DateTime x = p.copy();
            x.computeYMDHMS();
            yearDiff = (2000 + x.Y % 4) - x.Y;
            x.Y += yearDiff;
            x.validJD = false;
            x.computeJD();
            t = x.iJD / 1000 - 21086676L * 10000;
        } else {
            yearDiff = 0;
            t = p.iJD / 1000 - 21086676L * 10000;
        }
        ZoneId zone = ctx.localZone();
        LocalDateTime local = LocalDateTime.ofEpochSecond(t, 0, zone.getRules().getOffset(Instant.ofEpochSecond(t)));
        p.Y = local.getYear() - yearDiff;
        p.M = local.getMonthValue();
        p.D = local.getDayOfMonth();
        p.h = local.getHour();
        p.m = local.getMinute();
        p.s = local.getSecond() + (p.iJD % 1000) * 0.001;
        p.validYMD = true;
        p.validHMS = true;
        p.validJD = false;
        p.rawS = false;
        p.tz = 0;
        p.isError = false;
    }

    private static String pad(int v, int width) {
        return pad(new StringBuilder(width), v, width).toString();
    }

    /** Appends {@code v} with leading zeros to {@code width} digits, without a String per field. */
    private static StringBuilder pad(StringBuilder sb, int v, int width) {
        if (v < 0) { // not a field of a computed date; kept as the text padding of "-5" gives
            String t = Integer.toString(v);
            return sb.append("0".repeat(Math.max(0, width - t.length()))).append(t);
        }
        for (int limit = 10, d = 1; d < width; d++, limit *= 10) {
            if (v < limit) {
                sb.append('0');
            }
        }
        return sb.append(v);
    }

    private static String ymd(DateTime x) {
        return ymd(new StringBuilder(19), x).toString();
    }

    private static StringBuilder ymd(StringBuilder sb, DateTime x) {
        if (x.Y < 0) {
            sb.append('-');
        }
        pad(sb, Math.abs(x.Y) % 10000, 4).append('-');
        pad(sb, x.M, 2).append('-');
        return pad(sb, x.D, 2);
    }

    private static String hms(DateTime x) {
        return hms(new StringBuilder(12), x).toString();
    }

    private static StringBuilder hms(StringBuilder sb, DateTime x) {
        pad(sb, x.h, 2).append(':');
        pad(sb, x.m, 2).append(':');
        if (x.useSubsec) {
            int ms = (int) (1000.0 * x.s + 0.5);
            pad(sb, ms / 1000, 2).append('.');
            pad(sb, ms % 1000, 3);
        } else {
            pad(sb, (int) x.s, 2);
        }
        return sb;
    }

    static Object date(FunctionContext ctx, Object[] a) {
        DateTime x = isDate(ctx, a, 0);
        if (x == null) {
            return null;
        }
        x.computeYMD();
        return ymd(x);
    }

    static Object time(FunctionContext ctx, Object[] a) {
        DateTime x = isDate(ctx, a, 0);
        if (x == null) {
            return null;
        }
        x.computeHMS();
        return hms(x);
    }

    static Object datetime(FunctionContext ctx, Object[] a) {
        DateTime x = isDate(ctx, a, 0);
        if (x == null) {
            return null;
        }
        x.computeYMDHMS();
        return hms(ymd(new StringBuilder(23), x).append(' '), x).toString();
    }

    static Object julianday(FunctionContext ctx, Object[] a) {
        DateTime x = isDate(ctx, a, 0);
        if (x == null) {
            return null;
        }
        x.computeJD();
        return x.iJD / 86400000.0;
    }

    static Object unixepoch(FunctionContext ctx, Object[] a) {
        DateTime x = isDate(ctx, a, 0);
        if (x == null) {
            return null;
        }
        x.computeJD();
        if (x.useSubsec) {
            return (x.iJD - 21086676L * 10000000) / 1000.0;
        }
        return x.iJD / 1000 - 21086676L * 10000;
    }

    static Object strftime(FunctionContext ctx, Object[] a) {
        if (a.length == 0 || a[0] == null) {
            return null;
        }
        String fmt = SqlValues.toText(a[0]);
        DateTime x = isDate(ctx, a, 1);
        if (x == null) {
            return null;
        }
        x.computeJD();
        x.computeYMDHMS();
        return Strftime.format(fmt, x);
    }

    static Object timediff(FunctionContext ctx, Object[] a) {
        DateTime d1 = isDate(ctx, new Object[] {a[0]}, 0);
        if (d1 == null) {
            return null;
        }
        DateTime d2 = isDate(ctx, new Object[] {a[1]}, 0);
        if (d2 == null) {
            return null;
        }
        d1.computeYMDHMS();
        d2.computeYMDHMS();
        char sign;
        int y;
        int mo;
        if (d1.iJD >= d2.iJD) {
            sign = '+';
            y = d1.Y - d2.Y;
            if (y != 0) {
                d2.Y = d1.Y;
                d2.validJD = false;
                d2.computeJD();
            }
            mo = d1.M - d2.M;
            if (mo < 0) {
                y--;
                mo += 12;
            }
            if (mo != 0) {
                d2.M = d1.M;
                d2.validJD = false;
                d2.computeJD();
            }
            while (d1.iJD < d2.iJD) {
                mo--;
                if (mo < 0) {
                    mo = 11;
                    y--;
                }
                d2.M--;
                if (d2.M < 1) {
                    d2.M = 12;
                    d2.Y--;
                }
                d2.validJD = false;
                d2.computeJD();
            }
            d1.iJD -= d2.iJD;
        } else {
            sign = '-';
            y = d2.Y - d1.Y;
            if (y != 0) {
                d2.Y = d1.Y;
                d2.validJD = false;
                d2.computeJD();
            }
            mo = d2.M - d1.M;
            if (mo < 0) {
                y--;
                mo += 12;
            }
            if (mo != 0) {
                d2.M = d1.M;
                d2.validJD = false;
                d2.computeJD();
            }
            while (d1.iJD > d2.iJD) {
                mo--;
                if (mo < 0) {
                    mo = 11;
                    y--;
                }
                d2.M++;
                if (d2.M > 12) {
                    d2.M = 1;
                    d2.Y++;
                }
                d2.validJD = false;
                d2.computeJD();
            }
            d1.iJD = d2.iJD - d1.iJD;
        }
        d1.iJD += 1486995408L * 100000L;
        d1.clearYMDHMSTZ();
        d1.computeYMDHMS();
        return sign + Strftime.intPad(y, 4) + "-" + pad(mo, 2) + "-" + pad(d1.D - 1, 2) + " " + pad(d1.h, 2) + ":"
                + pad(d1.m, 2) + ":" + Strftime.seconds(d1.s);
    }
}
