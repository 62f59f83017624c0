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
