package io.onelite.exec;

import java.util.Arrays;

/**
 * A row of values as a hash key with SQLite's notion of "the same" for DISTINCT, GROUP BY and
 * compound selects: NULLs equal each other, 1 equals 1.0, text compares as BINARY.
 */
public final class RowKey {
    private final Object[] values;
    private final int hash;

    public RowKey(Object[] values) {
        this.values = values;
        int h = 1;
        for (Object v : values) {
            h = 31 * h + hashOf(v);
        }
        this.hash = h;
    }

    private static int hashOf(Object v) {
        if (v == null) {
            return 0;
        }
        if (v instanceof Long l) {
            return Double.hashCode((double) l);
        }
        if (v instanceof Double d) {
            return Double.hashCode(d == 0.0 ? 0.0 : d);
        }
        if (v instanceof byte[] b) {
            return Arrays.hashCode(b);
        }
        return v.hashCode();
    }

    /**
     * A key whose text values are folded as {@code collations[i]} compares them
     * ({@link #fold}), so that two rows SQLite calls the same under those collations have equal
     * keys; null or missing collations are BINARY.
     */
    public static RowKey folded(Object[] values, io.onelite.btree.Collation[] collations) {
        if (collations == null) {
            return new RowKey(values);
        }
        Object[] k = values;
        for (int i = 0; i < values.length && i < collations.length; i++) {
            Object f = fold(values[i], collations[i]);
            if (f != values[i]) {
                if (k == values) {
                    k = values.clone();
                }
                k[i] = f;
            }
        }
        return new RowKey(k);
    }

    /**
     * Text folded as {@code coll} compares it (NOCASE: ASCII lower case, RTRIM: no trailing
     * spaces); other values, and text under BINARY, are returned as they are.
     */
    public static Object fold(Object v, io.onelite.btree.Collation coll) {
        if (!(v instanceof String text) || coll == null || coll == io.onelite.btree.Collation.BINARY) {
            return v;
        }
        if (coll == io.onelite.btree.Collation.RTRIM) {
            int end = text.length();
            while (end > 0 && text.charAt(end - 1) == ' ') {
                end--;
            }
            return end == text.length() ? text : text.substring(0, end);
        }
        StringBuilder sb = null;
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            if (ch >= 'A' && ch <= 'Z') {
                if (sb == null) {
                    sb = new StringBuilder(text);
                }
                sb.setCharAt(i, (char) (ch + 32));
            }
        }
        return sb == null ? text : sb.toString();
    }

    public Object[] values() {
        return values;
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof RowKey k) || k.values.length != values.length) {
            return false;
        }
        for (int i = 0; i < values.length; i++) {
            if (!ValueOps.sameValue(values[i], k.values[i], null)) {
                return false;
            }
        }
        return true;
    }
}
