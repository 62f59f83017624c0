package io.onelite.jdbc;

/**
 * SQLite's text for a REAL ({@code sqlite3_column_text} of a double, {@code printf("%!.15g")}):
 * 15 significant digits, at least one digit after the point ({@code 1.0}), exponent form below
 * 1e-4 and from 1e15 with a signed two-digit exponent ({@code 1.0e+20}, {@code 1.5e-05}). The
 * digits come from the engine's own {@code sqlite3FpDecode} port ({@link
 * io.onelite.exec.value.RealFormat}), so a tie such as {@code -708766545595734.5} rounds away
 * from zero as native SQLite does, not to even.
 */
public final class RealFormat {
    private RealFormat() {
    }

    public static String format(double d) {
        if (Double.isNaN(d)) {
            return "NaN";
        }
        return io.onelite.exec.value.RealFormat.toText(d);
    }
}
