package io.onelite.exec.func;

import io.onelite.exec.value.SqlValues;

import java.util.Locale;

/**
 * The modifiers of SQLite's date functions ({@code parseModifier} in date.c): {@code ±NNN
 * days|hours|minutes|seconds|months|years}, {@code ±HH:MM[:SS[.FFF]]}, {@code ±YYYY-MM-DD
 * [HH:MM]}, {@code start of month|year|day}, {@code weekday N}, {@code unixepoch},
 * {@code julianday}, {@code auto}, {@code localtime}, {@code utc}, {@code subsec},
 * {@code ceiling}, {@code floor}.
 */
final class DateModifiers {
    private DateModifiers() {
    }

    /** "+NNN unit" transformations: name, limit on NNN, seconds per unit (SQLite keeps these as floats). */
    private record Xform(String name, float limit, float seconds) {
    }

    private static final Xform[] XFORMS = {
        new Xform("second", 4.6427e+14f, 1.0f),
        new Xform("minute", 7.7379e+12f, 60.0f),
        new Xform("hour", 1.2897e+11f, 3600.0f),
        new Xform("day", 5373485.0f, 86400.0f),
        new Xform("month", 176546.0f, 2592000.0f),
        new Xform("year", 14713.0f, 31536000.0f),
    };

    private static char at(String z, int i) {
        return i >= 0 && i < z.length() ? z.charAt(i) : 0;
    }

    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == 0x0b;
    }

    /** Whole-text number (sqlite3AtoF > 0) of z[from, to), or null. */
    private static Double number(String z, int from, int to) {
        Object n = SqlValues.numericIfWhole(z.substring(Math.min(from, z.length()), Math.min(to, z.length())));
        if (n instanceof Long l) {
            return (double) l;
        }
        return n instanceof Double d ? d : null;
    }

    /**
     * Applies one modifier to {@code p}; {@code idx} is its 1-based position (some modifiers
     * must come first). Returns true if the modifier is invalid.
     */
    static boolean apply(FunctionContext ctx, String z, DateTime p, int idx) {
        String lower = z.toLowerCase(Locale.ROOT);
        char first = lower.isEmpty() ? 0 : lower.charAt(0);
        switch (first) {
            case 'a':
                if (lower.equals("auto")) {
                    if (idx > 1) {
                        return true;
                    }
                    if (!p.rawS || p.validJD) {
                        p.rawS = false;
                    } else if (p.s >= -21086676L * 10000 && p.s <= 25340230L * 10000 + 799) {
                        double r = p.s * 1000.0 + 210866760000000.0;
                        p.clearYMDHMSTZ();
                        p.iJD = (long) (r + 0.5);
                        p.validJD = true;
                        p.rawS = false;
                    }
                    return false;
                }
                return true;
            case 'c':
                if (lower.equals("ceiling")) {
                    p.computeJD();
                    p.clearYMDHMSTZ();
                    p.nFloor = 0;
                    return false;
                }
                return true;
            case 'f':
                if (lower.equals("floor")) {
                    p.computeJD();
                    p.iJD -= p.nFloor * 86400000L;
                    p.clearYMDHMSTZ();
                    return false;
                }
                return true;
            case 'j':
                if (lower.equals("julianday")) {
                    if (idx > 1) {
                        return true;
                    }
                    if (p.validJD && p.rawS) {
                        p.rawS = false;
                        return false;
                    }
                }
                return true;
            case 'l':
                if (lower.equals("localtime")) {
                    if (!p.isLocal) {
                        DateFunctions.toLocaltime(ctx, p);
                    }
                    p.isUtc = false;
                    p.isLocal = true;
                    return false;
                }
                return true;
            case 'u':
                if (lower.equals("unixepoch") && p.rawS) {
                    if (idx > 1) {
                        return true;
                    }
                    double r = p.s * 1000.0 + 210866760000000.0;
                    if (r >= 0.0 && r < 464269060800000.0) {
                        p.clearYMDHMSTZ();
                        p.iJD = (long) (r + 0.5);
                        p.validJD = true;
                        p.rawS = false;
                        return false;
                    }
                    return true;
                }
                if (lower.equals("utc")) {
                    if (!p.isUtc) {
                        toUtc(ctx, p);
                    }
                    return false;
                }
                return true;
            case 'w':
                return weekday(z, p);
            case 's':
                return startOf(lower, p);
            case '+': case '-': case '0': case '1': case '2': case '3': case '4':
            case '5': case '6': case '7': case '8': case '9':
                return offset(z, p);
            default:
                return true;
        }
    }

    private static void toUtc(FunctionContext ctx, DateTime p) {
        p.computeJD();
        long orig = p.iJD;
        long guess = orig;
        long err = 0;
        int cnt = 0;
        do {
            DateTime x = new DateTime();
            guess -= err;
            x.iJD = guess;
            x.validJD = true;
            DateFunctions.toLocaltime(ctx, x);
            x.computeJD();
            err = x.iJD - orig;
        } while (err != 0 && cnt++ < 3);
        DateTime fresh = new DateTime();
        p.iJD = guess;
        p.validJD = true;
        p.Y = fresh.Y;
        p.M = fresh.M;
        p.D = fresh.D;
        p.h = 0;
        p.m = 0;
        p.s = 0;
        p.tz = 0;
        p.validYMD = false;
        p.validHMS = false;
        p.rawS = false;
        p.isError = false;
        p.useSubsec = false;
        p.nFloor = 0;
        p.isUtc = true;
        p.isLocal = false;
    }

    private static boolean weekday(String z, DateTime p) {
        if (z.length() < 8 || !z.substring(0, 8).equalsIgnoreCase("weekday ")) {
            return true;
        }
        Double r = number(z, 8, z.length());
        if (r == null || r < 0.0 || r >= 7.0 || r != Math.floor(r)) {
            return true;
        }
        int n = r.intValue();
        p.computeYMDHMS();
        p.tz = 0;
        p.validJD = false;
        p.computeJD();
        long day = ((p.iJD + 129600000) / 86400000) % 7;
        if (day > n) {
            day -= 7;
        }
        p.iJD += (n - day) * 86400000L;
        p.clearYMDHMSTZ();
        return false;
    }

    private static boolean startOf(String lower, DateTime p) {
        if (lower.equals("subsec") || lower.equals("subsecond")) {
            p.useSubsec = true;
            return false;
        }
        if (!lower.startsWith("start of ")) {
            return true;
        }
        if (!p.validJD && !p.validYMD && !p.validHMS) {
            return true;
        }
        String unit = lower.substring(9);
        p.computeYMD();
        p.validHMS = true;
        p.h = 0;
        p.m = 0;
        p.s = 0.0;
        p.rawS = false;
        p.tz = 0;
        p.validJD = false;
        switch (unit) {
            case "month":
                p.D = 1;
                return false;
            case "year":
                p.M = 1;
                p.D = 1;
                return false;
            case "day":
                return false;
            default:
                return true;
        }
    }

    /** The modifiers that start with a sign or digit. */
    private static boolean offset(String z, DateTime p) {
        char z0 = z.charAt(0);
        int n;
        for (n = 1; n < z.length(); n++) {
            char c = z.charAt(n);
            if (c == ':' || isSpace(c)) {
                break;
            }
            if (c == '-') {
                int[] y = new int[1];
                if (n == 5 && DateFunctions.getDigits(z, 1, "40f", y) == 1) {
                    break;
                }
                if (n == 6 && DateFunctions.getDigits(z, 1, "50f", y) == 1) {
                    break;
                }
            }
        }
        Double rv = number(z, 0, n);
        if (rv == null) {
            return true;
        }
        double r = rv;
        String z2 = z;
        int n2 = n;
        if (at(z, n) == '-') {
            // (+|-)YYYY-MM-DD [HH:MM[:SS]]: add or subtract years, months (0-11) and days (0-30)
            if (z0 != '+' && z0 != '-') {
                return true;
            }
            int[] v = new int[3];
            int shift = 0;
            if (n == 5) {
                if (DateFunctions.getDigits(z, 1, "40f-20a-20d", v) != 3) {
                    return true;
                }
            } else {
                if (DateFunctions.getDigits(z, 1, "50f-20a-20d", v) != 3) {
                    return true;
                }
                shift = 1;
            }
            int years = v[0];
            int months = v[1];
            int days = v[2];
            if (months >= 12 || days >= 31) {
                return true;
            }
            p.computeYMDHMS();
            p.validJD = false;
            if (z0 == '-') {
                p.Y -= years;
                p.M -= months;
                days = -days;
            } else {
                p.Y += years;
                p.M += months;
            }
            int x = p.M > 0 ? (p.M - 1) / 12 : (p.M - 12) / 12;
            p.Y += x;
            p.M -= x * 12;
            p.computeFloor();
            p.computeJD();
            p.validHMS = false;
            p.validYMD = false;
            p.iJD += (long) days * 86400000L;
            int end = 11 + shift;
            if (at(z, end) == 0) {
                return false;
            }
            int[] hm = new int[2];
            if (isSpace(at(z, end)) && DateFunctions.getDigits(z, end + 1, "20c:20e", hm) == 2) {
                z2 = z.substring(end + 1);
                n2 = 2;
            } else {
                return true;
            }
        }
        if (at(z2, n2) == ':') {
            // (+|-)HH:MM[:SS[.FFF]]
            int start = Character.isDigit(z2.charAt(0)) ? 0 : 1;
            DateTime tx = new DateTime();
            if (DateFunctions.parseHhMmSs(z2, start, tx)) {
                return true;
            }
            tx.computeJD();
            tx.iJD -= 43200000;
            long day = tx.iJD / 86400000;
            tx.iJD -= day * 86400000;
            if (z0 == '-') {
                tx.iJD = -tx.iJD;
            }
            p.computeJD();
            p.clearYMDHMSTZ();
            p.iJD += tx.iJD;
            return false;
        }
        // "+NNN unit"
        int i = n;
        while (isSpace(at(z, i))) {
            i++;
        }
        String unit = z.substring(Math.min(i, z.length()));
        int len = unit.length();
        if (len < 3 || len > 10) {
            return true;
        }
        if (Character.toLowerCase(unit.charAt(len - 1)) == 's') {
            len--;
        }
        unit = unit.substring(0, len);
        p.computeJD();
        double rounder = r < 0 ? -0.5 : 0.5;
        p.nFloor = 0;
        boolean failed = true;
        for (int k = 0; k < XFORMS.length; k++) {
            Xform xf = XFORMS[k];
            if (xf.name().length() == len && xf.name().equalsIgnoreCase(unit) && r > -xf.limit() && r < xf.limit()) {
                if (k == 4) {
                    p.computeYMDHMS();
                    p.M += (int) r;
                    int x = p.M > 0 ? (p.M - 1) / 12 : (p.M - 12) / 12;
                    p.Y += x;
                    p.M -= x * 12;
                    p.computeFloor();
                    p.validJD = false;
                    r -= (int) r;
                } else if (k == 5) {
                    int y = (int) r;
                    p.computeYMDHMS();
                    p.Y += y;
                    p.computeFloor();
                    p.validJD = false;
                    r -= (int) r;
                }
                p.computeJD();
                p.iJD += (long) (r * 1000.0 * (double) xf.seconds() + rounder);
                failed = false;
                break;
            }
        }
        p.clearYMDHMSTZ();
        return failed;
    }
}
