package io.onelite.exec.value;

/**
 * Reading numbers out of text, as SQLite's {@code sqlite3AtoF} and {@code sqlite3Atoi64} do.
 * SQLite works on UTF-8 bytes; only ASCII characters matter here, so Java chars are equivalent.
 *
 * <p>Accepted forms (leading and trailing ASCII whitespace ignored, no hexadecimal):
 * {@code [+-]digits[E[+-]digits]}, {@code [+-]digits.[digits][E[+-]digits]},
 * {@code [+-].digits[E[+-]digits]}. An exponent marker without digits is not consumed.
 */
final class NumericText {
    private NumericText() {
    }

    /** Result of {@link #parseReal}: the value of the numeric prefix and how it was formed. */
    record Real(double value, boolean valid, boolean whole, boolean isFloatForm, int prefixEnd) {
        /** A prefix parsed but text (other than whitespace) follows it. */
        boolean hasPrefixOnly() {
            return valid && !whole;
        }
    }

    static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == 0x0b;
    }

    static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /**
     * As {@code sqlite3AtoF}: {@code valid} = some prefix is a number; {@code whole} = nothing but
     * whitespace follows it; {@code isFloatForm} = it has a decimal point or an exponent. Without
     * digits the value is 0.0, or -0.0 after a minus sign (as SQLite: {@code CAST('-' AS REAL)}).
     */
    static Real parseReal(String z) {
        int n = z.length();
        int i = 0;
        while (i < n && isSpace(z.charAt(i))) {
            i++;
        }
        int start = i;
        if (i < n && (z.charAt(i) == '+' || z.charAt(i) == '-')) {
            i++;
        }
        int digitsStart = i;
        while (i < n && isDigit(z.charAt(i))) {
            i++;
        }
        boolean digits = i > digitsStart;
        boolean fp = false;
        if (i < n && z.charAt(i) == '.') {
            int j = i + 1;
            int fracStart = j;
            while (j < n && isDigit(z.charAt(j))) {
                j++;
            }
            if (j > fracStart || digits) {
                digits = true;
                fp = true;
                i = j;
            }
        }
        if (!digits) {
            // sqlite3AtoF gives a lone sign (and a sign before non-digits) the sign of zero
            return new Real(i > start && z.charAt(start) == '-' ? -0.0 : 0.0, false, false, false, 0);
        }
        if (i < n && (z.charAt(i) == 'e' || z.charAt(i) == 'E')) {
            int j = i + 1;
            if (j < n && (z.charAt(j) == '+' || z.charAt(j) == '-')) {
                j++;
            }
            int expStart = j;
            while (j < n && isDigit(z.charAt(j))) {
                j++;
            }
            if (j > expStart) {
                fp = true;
                i = j;
            }
        }
        double value = DecimalConversion.parse(z, start, i);
        int end = i;
        while (i < n && isSpace(z.charAt(i))) {
            i++;
        }
        return new Real(value, true, i == n, fp, end);
    }

    /** Result of {@link #parseInteger}, with SQLite's return codes of {@code sqlite3Atoi64}. */
    record Int(long value, int rc) {
    }

    /**
     * As {@code sqlite3Atoi64}: rc -1 = no digits, 0 = fits, 1 = trailing text, 2 = too large
     * (value saturated), 3 = exactly 9223372036854775808.
     */
    static Int parseInteger(String z) {
        int n = z.length();
        int i = 0;
        while (i < n && isSpace(z.charAt(i))) {
            i++;
        }
        boolean neg = false;
        if (i < n && (z.charAt(i) == '-' || z.charAt(i) == '+')) {
            neg = z.charAt(i) == '-';
            i++;
        }
        int start = i;
        while (i < n && z.charAt(i) == '0') {
            i++;
        }
        int digStart = i;
        long u = 0;
        while (i < n && isDigit(z.charAt(i))) {
            u = u * 10 + (z.charAt(i) - '0'); // wraps like C's u64 for > 20 digits; only used when fits
            i++;
        }
        int nd = i - digStart;
        int rc = 0;
        if (nd == 0 && start == i) {
            rc = -1;
        } else {
            for (int j = i; j < n; j++) {
                if (!isSpace(z.charAt(j))) {
                    rc = 1;
                    break;
                }
            }
        }
        if (nd < 19) {
            return new Int(neg ? -u : u, rc);
        }
        int cmp = nd > 19 ? 1 : z.substring(digStart, i).compareTo("9223372036854775808");
        if (cmp < 0) {
            return new Int(neg ? -u : u, rc);
        }
        long sat = neg ? Long.MIN_VALUE : Long.MAX_VALUE;
        if (cmp > 0) {
            return new Int(sat, 2);
        }
        return neg ? new Int(Long.MIN_VALUE, rc) : new Int(sat, 3);
    }
}
