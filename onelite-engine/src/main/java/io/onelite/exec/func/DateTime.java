package io.onelite.exec.func;

/**
 * The mutable date/time being computed by a date function: SQLite's {@code DateTime} struct of
 * date.c with its lazily kept representations. {@code iJD} is the Julian day number times
 * 86,400,000 (milliseconds since noon UTC, 4714-11-24 BC); {@code Y M D h m s} is the broken
 * down form. Each representation has a "valid" flag; {@link #computeJD} and
 * {@link #computeYMD}/{@link #computeHMS} convert between them, with SQLite's arithmetic
 * (and its integer truncations) so that results match to the millisecond.
 */
final class DateTime {
    long iJD;
    int Y;
    int M;
    int D;
    int h;
    int m;
    /** minutes east of UTC given in the text (+HH:MM), 0 if none */
    int tz;
    double s;
    boolean validJD;
    boolean rawS;
    boolean validYMD;
    boolean validHMS;
    boolean isError;
    boolean useSubsec;
    boolean isUtc;
    boolean isLocal;
    /** days to subtract for the "floor" modifier after a month/year step overflowed the month */
    int nFloor;

    /** Julian day (ms) of 1970-01-01 00:00:00 UTC. */
    static final long UNIX_EPOCH_JD = 210866760000000L;
    /** The largest valid iJD: 9999-12-31 23:59:59.999. */
    static final long MAX_JD = 464269060799999L;

    DateTime copy() {
        DateTime c = new DateTime();
        c.iJD = iJD;
        c.Y = Y;
        c.M = M;
        c.D = D;
        c.h = h;
        c.m = m;
        c.tz = tz;
        c.s = s;
        c.validJD = validJD;
        c.rawS = rawS;
        c.validYMD = validYMD;
        c.validHMS = validHMS;
        c.isError = isError;
        c.useSubsec = useSubsec;
        c.isUtc = isUtc;
        c.isLocal = isLocal;
        c.nFloor = nFloor;
        return c;
    }

    static boolean validJulianDay(long iJD) {
        return iJD >= 0 && iJD <= MAX_JD;
    }

    /** As datetimeError: everything is cleared (later modifiers may start afresh), isError set. */
    void setError() {
        iJD = 0;
        Y = 0;
        M = 0;
        D = 0;
        h = 0;
        m = 0;
        tz = 0;
        s = 0;
        validJD = false;
        rawS = false;
        validYMD = false;
        validHMS = false;
        useSubsec = false;
        isUtc = false;
        isLocal = false;
        nFloor = 0;
        isError = true;
    }

    /** As date.c's computeJD. */
    void computeJD() {
        if (validJD) {
            return;
        }
        int year;
        int month;
        int day;
        if (validYMD) {
            year = Y;
            month = M;
            day = D;
        } else {
            year = 2000;
            month = 1;
            day = 1;
        }
        if (year < -4713 || year > 9999 || rawS) {
            setError();
            return;
        }
        if (month <= 2) {
            year--;
            month += 12;
        }
        int a = (year + 4800) / 100;
        int b = 38 - a + (a / 4);
        int x1 = 36525 * (year + 4716) / 100;
        int x2 = 306001 * (month + 1) / 10000;
        iJD = (long) ((x1 + x2 + day + b - 1524.5) * 86400000);
        validJD = true;
        if (validHMS) {
            iJD += h * 3600000L + m * 60000L + (long) (s * 1000 + 0.5);
            if (tz != 0) {
                iJD -= tz * 60000L;
                validYMD = false;
                validHMS = false;
                tz = 0;
                isUtc = true;
                isLocal = false;
            }
        }
    }

    /** As date.c's computeYMD. */
    void computeYMD() {
        if (validYMD) {
            return;
        }
        if (!validJD) {
            Y = 2000;
            M = 1;
            D = 1;
        } else if (!validJulianDay(iJD)) {
            setError();
            return;
        } else {
            int z = (int) ((iJD + 43200000) / 86400000);
            int alpha = (int) ((z + 32044.75) / 36524.25) - 52;
            int a = z + 1 + alpha - ((alpha + 100) / 4) + 25;
            int b = a + 1524;
            int c = (int) ((b - 122.1) / 365.25);
            int d = (36525 * (c & 32767)) / 100;
            int e = (int) ((b - d) / 30.6001);
            int x1 = (int) (30.6001 * e);
            D = b - d - x1;
            M = e < 14 ? e - 1 : e - 13;
            Y = M > 2 ? c - 4716 : c - 4715;
        }
        validYMD = true;
    }

    /** As date.c's computeHMS. */
    void computeHMS() {
        if (validHMS) {
            return;
        }
        computeJD();
        int dayMs = (int) ((iJD + 43200000) % 86400000);
        s = (dayMs % 60000) / 1000.0;
        int dayMin = dayMs / 60000;
        m = dayMin % 60;
        h = dayMin / 60;
        rawS = false;
        validHMS = true;
    }

    void computeYMDHMS() {
        computeYMD();
        computeHMS();
    }

    void clearYMDHMSTZ() {
        validYMD = false;
        validHMS = false;
        tz = 0;
    }

    /** As computeFloor: how far a day-of-month past the month's end overflowed. */
    void computeFloor() {
        if (D <= 28) {
            nFloor = 0;
        } else if (((1 << M) & 0x15aa) != 0) {
            nFloor = 0;
        } else if (M != 2) {
            nFloor = D == 31 ? 1 : 0;
        } else if (Y % 4 != 0 || (Y % 100 == 0 && Y % 400 != 0)) {
            nFloor = D - 28;
        } else {
            nFloor = D - 29;
        }
    }

    /** As setRawDateNumber: a number is a Julian day unless a modifier says otherwise. */
    void setRawNumber(double r) {
        s = r;
        rawS = true;
        if (r >= 0.0 && r < 5373484.5) {
            iJD = (long) (r * 86400000.0 + 0.5);
            validJD = true;
        }
    }

    int daysAfterJan01() {
        DateTime jan01 = copy();
        jan01.validJD = false;
        jan01.M = 1;
        jan01.D = 1;
        jan01.computeJD();
        return (int) ((iJD - jan01.iJD + 43200000) / 86400000);
    }

    int daysAfterMonday() {
        return (int) (((iJD + 43200000) / 86400000) % 7);
    }

    int daysAfterSunday() {
        return (int) (((iJD + 129600000) / 86400000) % 7);
    }
}
