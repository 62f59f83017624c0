package io.onelite.plan;

import io.onelite.catalog.Column;
import io.onelite.catalog.Index;
import io.onelite.catalog.Table;

/**
 * SQLite's estimates of how wide a table row and an index entry are, which its planner weighs
 * when it may read a table through an index instead (build.c's {@code estimateTableWidth} and
 * {@code estimateIndexWidth}, from each column's {@code szEst} as {@code sqlite3AffinityType}
 * sets it). Widths are in units of about 4 bytes (an integer is 1) and come back as SQLite's
 * {@code LogEst} of four times the sum, so two widths compare as SQLite compares them, ties
 * included: LogEst is coarse, and wide rows of different widths can estimate the same.
 */
final class RowWidths {
    private RowWidths() {
    }

    /**
     * A column's {@code szEst}: 1 without a type or for a numeric one; for TEXT, CLOB and BLOB
     * affinity types, {@code k/4+1} when a digit follows CHAR or BLOB (VARCHAR(k), BLOB(k)),
     * else 5 (TEXT, CLOB, a plain BLOB), at most 255.
     */
    static int columnSize(Column c) {
        String type = c.declaredType();
        if (type == null || type.isEmpty()) {
            return 1;
        }
        // SQLite scans the UTF-8 bytes, folding ASCII letters only
        String s = asciiLower(new String(type.getBytes(java.nio.charset.StandardCharsets.UTF_8),
                java.nio.charset.StandardCharsets.ISO_8859_1));
        // the same scan as the affinity rules: a rolling four-character window
        char aff = 'C'; // NUMERIC until a rule matches
        int sizeFrom = -1; // where to look for the size digits (after CHAR, or BLOB followed by '(')
        int h = 0;
        for (int i = 0; i < s.length(); i++) {
            h = (h << 8) + (s.charAt(i) & 0xff);
            if (h == word("char")) {
                aff = 'B';
                sizeFrom = i + 1;
            } else if (h == word("clob") || h == word("text")) {
                aff = 'B';
            } else if (h == word("blob") && (aff == 'C' || aff == 'E')) {
                aff = 'A';
                if (i + 1 < s.length() && s.charAt(i + 1) == '(') {
                    sizeFrom = i + 1;
                }
            } else if ((h == word("real") || h == word("floa") || h == word("doub")) && aff == 'C') {
                aff = 'E';
            } else if ((h & 0x00FFFFFF) == (word("int") & 0x00FFFFFF)) {
                aff = 'D';
                break;
            }
        }
        int v = 0; // a numeric type: about 4 bytes
        if (aff == 'A' || aff == 'B') {
            v = sizeFrom < 0 ? 16 : leadingInt(s, sizeFrom);
        }
        return Math.min(v / 4 + 1, 255);
    }

    private static String asciiLower(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            b.append(ch >= 'A' && ch <= 'Z' ? (char) (ch + 32) : ch);
        }
        return b.toString();
    }

    private static boolean isDigit(char ch) {
        return ch >= '0' && ch <= '9';
    }

    private static int word(String w) {
        int h = 0;
        for (int i = 0; i < w.length(); i++) {
            h = (h << 8) + w.charAt(i);
        }
        return h;
    }

    /**
     * The number at the first digit at or after {@code from}, as {@code sqlite3GetInt32} reads it
     * there (decimal, or hexadecimal after {@code 0x}); 0 when there is none or it does not fit.
     */
    private static int leadingInt(String s, int from) {
        int i = from;
        while (i < s.length() && !isDigit(s.charAt(i))) {
            i++;
        }
        if (i == s.length()) {
            return 0;
        }
        if (s.startsWith("0x", i) && i + 2 < s.length() && Character.digit(s.charAt(i + 2), 16) >= 0) {
            i += 2;
            while (i < s.length() && s.charAt(i) == '0') {
                i++;
            }
            long u = 0;
            int n = 0;
            while (n < 8 && i + n < s.length() && Character.digit(s.charAt(i + n), 16) >= 0) {
                u = u * 16 + Character.digit(s.charAt(i + n), 16);
                n++;
            }
            boolean more = i + n < s.length() && Character.digit(s.charAt(i + n), 16) >= 0;
            return (u & 0x80000000L) != 0 || more ? 0 : (int) u;
        }
        while (i < s.length() && s.charAt(i) == '0') {
            i++;
        }
        long v = 0;
        int n = 0;
        while (n < 11 && i + n < s.length() && s.charAt(i + n) >= '0' && s.charAt(i + n) <= '9') {
            v = v * 10 + (s.charAt(i + n) - '0');
            n++;
        }
        return n > 10 || v > Integer.MAX_VALUE ? 0 : (int) v;
    }

    /** The table row's width ({@code szTabRow}): every column, and the rowid when no column is its alias. */
    static int table(Table t) {
        long w = 0;
        for (Column c : t.columns()) {
            w += columnSize(c);
        }
        if (t.rowidAlias() < 0) {
            w++; // a WITHOUT ROWID table counts one too, having no INTEGER PRIMARY KEY alias
        }
        return Optimize.logEst(w * 4);
    }

    /**
     * An index entry's width ({@code szIdxRow}): its key columns (an expression or the rowid
     * counts 1), then a rowid table's rowid or a WITHOUT ROWID table's primary-key columns the
     * key lacks. A WITHOUT ROWID table's primary key is the whole row (its stored columns).
     */
    static int index(Index ix, Table t) {
        long w = 0;
        if (t.clustered() != null && ix.root() == t.root()) {
            for (Column c : t.columns()) {
                w += c.isVirtual() ? 0 : columnSize(c);
            }
            return Optimize.logEst(w * 4);
        }
        for (int c : ix.columns()) {
            w += c < 0 ? 1 : columnSize(t.columns().get(c));
        }
        if (t.clustered() == null) {
            w++;
        } else {
            int[] pk = t.clustered().primaryKeyColumns();
            for (int j : t.clustered().indexSuffix(ix.columns(), ix.collations())) {
                w += columnSize(t.columns().get(pk[j]));
            }
        }
        return Optimize.logEst(w * 4);
    }
}
