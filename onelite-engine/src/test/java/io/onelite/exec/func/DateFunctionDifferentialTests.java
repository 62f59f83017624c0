package io.onelite.exec.func;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** Date and time functions with random time values and modifier chains, against native SQLite. */
class DateFunctionDifferentialTests extends OracleTests {
    static String two(int v) {
        return v < 10 ? "0" + v : Integer.toString(v);
    }

    static Object timeValue(Random r) {
        switch (r.nextInt(9)) {
            case 0: return (long) (r.nextInt(3_000_000) + 1_000_000);
            case 1: return 2440587.5 + r.nextDouble() * 30000;
            case 2: return (long) r.nextInt(2_000_000_000);
            case 3: return String.format("%02d:%02d", r.nextInt(26), r.nextInt(61));
            case 4: return String.format("%02d:%02d:%02d.%d", r.nextInt(24), r.nextInt(60), r.nextInt(60), r.nextInt(10000));
            case 5: {
                int y = r.nextInt(10) == 0 ? r.nextInt(10000) : 1900 + r.nextInt(200);
                String s = String.format("%04d-%s-%s", y, two(r.nextInt(13)), two(r.nextInt(32)));
                if (r.nextBoolean()) {
                    s += (r.nextBoolean() ? " " : "T") + two(r.nextInt(24)) + ":" + two(r.nextInt(60));
                    if (r.nextBoolean()) {
                        s += ":" + two(r.nextInt(60)) + (r.nextBoolean() ? "." + r.nextInt(1000) : "");
                    }
                    if (r.nextInt(4) == 0) {
                        s += List.of("Z", "+02:00", "-05:30", " +14:00", "z", "+1:00").get(r.nextInt(6));
                    }
                }
                return s;
            }
            case 6: return List.of("2024-02-29", "2023-02-29", "1970-01-01", "-0001-01-01", "9999-12-31 23:59:59.999",
                    "0000-01-01", "2000-01-01 24:00", "abc", "", "12", " 2451545.5 ", "2024-1-1", "2024-01-01x")
                    .get(r.nextInt(13));
            case 7: return (double) r.nextInt(100000) / 7.0 - 100;
            default: return String.format("%d-%s-%s %s:%s:%s", 1970 + r.nextInt(80), two(1 + r.nextInt(12)),
                    two(1 + r.nextInt(28)), two(r.nextInt(24)), two(r.nextInt(60)), two(r.nextInt(60)));
        }
    }

    static String modifier(Random r) {
        String[] units = {"day", "days", "hour", "hours", "minute", "minutes", "second", "seconds", "month",
            "months", "year", "years", "DAYS", "weeks"};
        switch (r.nextInt(12)) {
            case 0:
            case 1: {
                String n = r.nextBoolean() ? Integer.toString(r.nextInt(200) - 100)
                        : String.format("%.3f", (r.nextDouble() - 0.5) * 100);
                return (r.nextBoolean() && !n.startsWith("-") ? "+" : "") + n + " " + units[r.nextInt(units.length)];
            }
            case 2: return List.of("start of month", "start of year", "start of day", "start of week", "START OF MONTH")
                    .get(r.nextInt(5));
            case 3: return "weekday " + (r.nextInt(9) - 1);
            case 4: return List.of("unixepoch", "julianday", "auto", "subsec", "subsecond", "ceiling", "floor")
                    .get(r.nextInt(7));
            case 5: return (r.nextBoolean() ? "+" : "-") + two(r.nextInt(30)) + ":" + two(r.nextInt(60))
                    + (r.nextBoolean() ? ":" + two(r.nextInt(60)) + ".5" : "");
            case 6: return (r.nextBoolean() ? "+" : "-") + String.format("%04d-%02d-%02d", r.nextInt(30), r.nextInt(13),
                    r.nextInt(32)) + (r.nextBoolean() ? " " + two(r.nextInt(24)) + ":" + two(r.nextInt(60)) : "");
            case 7: return List.of("localtime", "utc", "bogus", "", "+", "1.5e1 days", " +3 days").get(r.nextInt(7));
            default: return "+" + r.nextInt(40) + " " + units[r.nextInt(units.length)];
        }
    }

    @Test
    void dateFunctionsMatchNativeSqlite() {
        Random random = new Random(FunctionOracle.seed());
        String[] names = {"date", "time", "datetime", "julianday", "unixepoch"};
        for (int i = 0; i < 6000; i++) {
            List<Object> args = new ArrayList<>();
            args.add(timeValue(random));
            int mods = random.nextInt(4);
            for (int k = 0; k < mods; k++) {
                args.add(modifier(random));
            }
            oracle.check(names[i % names.length], args.toArray());
        }
        assertThat(oracle.failures).isEmpty();
    }

    @Test
    void strftimeMatchesNativeSqlite() {
        Random random = new Random(FunctionOracle.seed());
        String conv = "deFfGgHIjJkl mMpPRsSTuUVwWY%";
        for (int i = 0; i < 4000; i++) {
            List<Object> args = new ArrayList<>();
            StringBuilder fmt = new StringBuilder();
            for (int k = 0; k < 3; k++) {
                fmt.append('%').append(conv.charAt(random.nextInt(conv.length()))).append('|');
            }
            args.add(fmt.toString());
            args.add(timeValue(random));
            if (random.nextBoolean()) {
                args.add(modifier(random));
            }
            oracle.check("strftime", args.toArray());
        }
        assertThat(oracle.failures).isEmpty();
    }

    @Test
    void timediffMatchesNativeSqlite() {
        Random random = new Random(FunctionOracle.seed());
        for (int i = 0; i < 3000; i++) {
            oracle.check("timediff", timeValue(random), timeValue(random));
        }
        assertThat(oracle.failures).isEmpty();
    }

    @Test
    void nowComesFromTheFunctionContext() {
        FunctionContext ctx = FunctionContext.fixed(1_700_000_000_123L, 1);
        assertThat(DateFunctions.datetime(ctx, new Object[] {"now"})).isEqualTo("2023-11-14 22:13:20");
        assertThat(DateFunctions.datetime(ctx, new Object[0])).isEqualTo("2023-11-14 22:13:20");
        assertThat(DateFunctions.unixepoch(ctx, new Object[] {"now", "subsec"})).isEqualTo(1_700_000_000.123);
        assertThat(Functions.scalar("current_date", 0).call(ctx, new Object[0])).isEqualTo("2023-11-14");
    }
}
