package io.onelite.exec.func;

import io.onelite.exec.value.RealFormat;

/** The conversions of SQLite's strftime() (date.c strftimeFunc). Unknown conversions give NULL. */
final class Strftime {
    private Strftime() {
    }

    /** printf("%0Nd"): zero padded to width, sign first. */
    static String intPad(long v, int width) {
        String digits = Long.toString(Math.abs(v));
        String sign = v < 0 ? "-" : "";
        int zeros = width - sign.length() - digits.length();
        return sign + (zeros > 0 ? "0".repeat(zeros) : "") + digits;
    }

    /** printf("%Nd"): space padded. */
    private static String spacePad(long v, int width) {
        String s = Long.toString(v);
        return s.length() >= width ? s : " ".repeat(width - s.length()) + s;
    }

    /** printf("%06.3f") of seconds. */
    static String seconds(double s) {
        String t = RealFormat.format(s, 'f', 3, RealFormat.Flags.NONE);
        return t.length() >= 6 ? t : "0".repeat(6 - t.length()) + t;
    }

    static Object format(String fmt, DateTime x) {
        StringBuilder out = new StringBuilder();
        int n = fmt.length();
        for (int i = 0; i < n; i++) {
            char c = fmt.charAt(i);
            if (c != '%') {
                out.append(c);
                continue;
            }
            i++;
            char cf = i < n ? fmt.charAt(i) : 0;
            switch (cf) {
                case 'd': out.append(intPad(x.D, 2)); break;
                case 'e': out.append(spacePad(x.D, 2)); break;
                case 'f': {
                    double s = x.s;
                    if (s > 59.999) {
                        s = 59.999;
                    }
                    out.append(seconds(s));
                    break;
                }
                case 'F': out.append(intPad(x.Y, 4)).append('-').append(intPad(x.M, 2)).append('-')
                        .append(intPad(x.D, 2)); break;
                case 'G':
                case 'g': {
                    DateTime y = x.copy();
                    y.iJD += (3 - x.daysAfterMonday()) * 86400000L;
                    y.validYMD = false;
                    y.computeYMD();
                    out.append(cf == 'g' ? intPad(y.Y % 100, 2) : intPad(y.Y, 4));
                    break;
                }
                case 'H': out.append(intPad(x.h, 2)); break;
                case 'k': out.append(spacePad(x.h, 2)); break;
                case 'I':
                case 'l': {
                    int h = x.h;
                    if (h > 12) {
                        h -= 12;
                    }
                    if (h == 0) {
                        h = 12;
                    }
                    out.append(cf == 'I' ? intPad(h, 2) : spacePad(h, 2));
                    break;
                }
                case 'j': out.append(intPad(x.daysAfterJan01() + 1, 3)); break;
                case 'J': out.append(RealFormat.format(x.iJD / 86400000.0, 'g', 16, RealFormat.Flags.NONE)); break;
                case 'm': out.append(intPad(x.M, 2)); break;
                case 'M': out.append(intPad(x.m, 2)); break;
                case 'p': out.append(x.h >= 12 ? "PM" : "AM"); break;
                case 'P': out.append(x.h >= 12 ? "pm" : "am"); break;
                case 'R': out.append(intPad(x.h, 2)).append(':').append(intPad(x.m, 2)); break;
                case 's':
                    if (x.useSubsec) {
                        out.append(RealFormat.format((x.iJD - 21086676L * 10000000) / 1000.0, 'f', 3,
                                RealFormat.Flags.NONE));
                    } else {
                        out.append(x.iJD / 1000 - 21086676L * 10000);
                    }
                    break;
                case 'S': out.append(intPad((int) x.s, 2)); break;
                case 'T': out.append(intPad(x.h, 2)).append(':').append(intPad(x.m, 2)).append(':')
                        .append(intPad((int) x.s, 2)); break;
                case 'u':
                case 'w': {
                    char d = (char) (x.daysAfterSunday() + '0');
                    if (d == '0' && cf == 'u') {
                        d = '7';
                    }
                    out.append(d);
                    break;
                }
                case 'U': out.append(intPad((x.daysAfterJan01() - x.daysAfterSunday() + 7) / 7, 2)); break;
                case 'V': {
                    DateTime y = x.copy();
                    y.iJD += (3 - x.daysAfterMonday()) * 86400000L;
                    y.validYMD = false;
                    y.computeYMD();
                    out.append(intPad(y.daysAfterJan01() / 7 + 1, 2));
                    break;
                }
                case 'W': out.append(intPad((x.daysAfterJan01() - x.daysAfterMonday() + 7) / 7, 2)); break;
                case 'Y': out.append(intPad(x.Y, 4)); break;
                case '%': out.append('%'); break;
                default:
                    return null;
            }
        }
        return out.toString();
    }
}
