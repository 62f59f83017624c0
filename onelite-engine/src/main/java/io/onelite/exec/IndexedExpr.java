package io.onelite.exec;

/**
 * A read of an expression that an index holds as a key column ({@code lower(b)} of an index on
 * {@code t(lower(b))}): while its source is walked through an index holding it, the value comes
 * from the entry's key, which stores exactly what the expression computes (so the table row is
 * not sought); otherwise it is computed from the row's columns.
 */
public final class IndexedExpr {
    private IndexedExpr() {
    }

    /**
     * Reads expression {@code id} of source {@code slot} from the index entry, else computes it;
     * {@code real}: a REAL-affinity expression, whose integral reals the key may hold as integers.
     */
    public static Eval read(int slot, int id, Eval computed, boolean real) {
        return f -> {
            if (f.src[slot] instanceof IndexRow r) {
                int p = r.expressionPosition(id);
                if (p >= 0) {
                    Object v = r.keyColumn(p);
                    return real && v instanceof Long l ? (Object) (double) l : v;
                }
            }
            return computed.eval(f);
        };
    }
}
