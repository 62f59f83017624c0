package io.onelite.exec;

/**
 * A compound read as a FROM source, its REAL-affinity columns giving integers as reals: SQLite
 * reads a subquery's column of REAL affinity through {@code OP_RealAffinity}, so in
 * {@code (SELECT -7 UNION ALL SELECT c FROM t)} with c REAL the -7 reads as -7.0. (One SELECT's
 * REAL column gives reals already.)
 */
public final class RealColumnsQuery {
    private RealColumnsQuery() {
    }

    /** {@code input}, or it wrapped when some of {@code affinities} is REAL ('E'). */
    public static Query of(Query input, char[] affinities) {
        int n = 0;
        for (char a : affinities) {
            n += a == 'E' ? 1 : 0;
        }
        if (n == 0) {
            return input;
        }
        int[] cols = new int[n];
        for (int i = 0, k = 0; i < affinities.length; i++) {
            if (affinities[i] == 'E') {
                cols[k++] = i;
            }
        }
        return new RewrittenColumns(input, cols, v -> v instanceof Long l ? (Object) (double) l : v);
    }
}
