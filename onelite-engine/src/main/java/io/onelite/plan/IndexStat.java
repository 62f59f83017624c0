package io.onelite.plan;

import io.onelite.btree.KeyInfo;
import io.onelite.btree.ValueOrder;
import io.onelite.catalog.KeyCursor;

import java.util.Arrays;

/**
 * The {@code stat} text ANALYZE writes to {@code sqlite_stat1} for one index, as SQLite's
 * {@code analyze.c} computes it in a build without STAT4 ({@code stat_init}, {@code stat_push},
 * {@code stat_get}):
 *
 * <pre>
 *   "N a1 a2 ... ak"
 *   N   entries in the index (a partial index counts only its own)
 *   ai  (N + D - 1) / D, D = distinct values of the first i key columns (NULLs equal, each
 *       column under its collation); a 2 where N * 10 &lt;= D * 11 is written as 1
 * </pre>
 *
 * Only the key columns count, not the trailing rowid or primary-key columns SQLite also feeds in:
 * those make every entry distinct, so they change no written number.
 *
 * <p>An empty partial index gets "0 0 ... 0"; an empty index of another kind gets no row.
 *
 * <p>Under a row limit ({@code PRAGMA analysis_limit}, or the one PRAGMA optimize uses), once
 * more than limit x (skips + 1) entries were seen: if two different first-column values were
 * met the scan stops, else it seeks past the current first-column value and, as SQLite's
 * {@code OP_SeekGT} followed by {@code OP_Next}, steps over one more entry. N is then the
 * index's entry count (counted from the page headers before the scan, as {@code OP_Count}); the
 * ai still come from the entries read.
 */
final class IndexStat {
    private final int keyColumns;
    /** The entry count taken before the scan (SQLite's {@code nEst}). */
    private final long estimate;
    private final int limit;
    private long rows;
    private int skips;
    /** Per key column: how many times its first-i-columns value changed from one entry to the next. */
    private final long[] changes;

    private IndexStat(int keyColumns, long estimate, int limit) {
        this.keyColumns = keyColumns;
        this.estimate = estimate;
        this.limit = limit;
        this.changes = new long[keyColumns];
    }

    /**
     * Scans the index on {@code c} (its first {@code keyColumns} fields compared under
     * {@code keyInfo}) and returns its stat text; for an index without entries, "0 0 ... 0" when
     * it is {@code partial}, else null (SQLite then writes no row: the table is empty).
     * {@code limit} is the analysis limit, 0 for none.
     */
    static String scan(KeyCursor c, int keyColumns, KeyInfo keyInfo, boolean partial, int limit) {
        IndexStat stat = new IndexStat(keyColumns, c.count(), limit);
        if (!c.first()) {
            return partial ? stat.text() : null;
        }
        Object[] prev = null;
        while (true) {
            Object[] key = Arrays.copyOf(c.key(), keyColumns);
            int same = prev == null ? 0 : samePrefix(prev, key, keyInfo);
            prev = key;
            Boolean enough = stat.push(same);
            boolean more;
            if (enough == null) {
                more = c.next();
            } else if (enough) {
                more = false;
            } else {
                more = c.seekGT(new Object[]{prev[0]}) && c.next();
            }
            if (!more) {
                return stat.text();
            }
        }
    }

    /** How many leading key columns of {@code key} equal those of {@code prev} (OP_Ne with SQLITE_NULLEQ). */
    private static int samePrefix(Object[] prev, Object[] key, KeyInfo keyInfo) {
        int i = 0;
        while (i < key.length && ValueOrder.compare(prev[i], key[i], keyInfo.collation(i)) == 0) {
            i++;
        }
        return i;
    }

    /**
     * As {@code stat_push}: one more entry whose first {@code same} key columns equal the
     * previous entry's. Returns null, or once the limit is passed whether the scan may stop
     * (true: two first-column values were seen) or should skip ahead (false).
     */
    private Boolean push(int same) {
        if (rows > 0) {
            for (int i = same; i < keyColumns; i++) {
                changes[i]++;
            }
        }
        rows++;
        if (limit > 0 && rows > (long) limit * (skips + 1)) {
            skips++;
            return changes[0] > 0;
        }
        return null;
    }

    /** As {@code stat_get(P, STAT_GET_STAT1)}. */
    private String text() {
        StringBuilder out = new StringBuilder();
        out.append(skips > 0 ? estimate : rows);
        for (int i = 0; i < keyColumns; i++) {
            long distinct = changes[i] + 1;
            long average = (rows + distinct - 1) / distinct;
            if (average == 2 && rows * 10 <= distinct * 11) {
                average = 1; // an average up to 1.1 is rounded down
            }
            out.append(' ').append(average);
        }
        return out.toString();
    }
}
