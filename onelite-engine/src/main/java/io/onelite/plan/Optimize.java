package io.onelite.plan;

import io.onelite.catalog.Index;
import io.onelite.catalog.RowCursor;
import io.onelite.catalog.Schema;
import io.onelite.catalog.Storage;
import io.onelite.catalog.Table;
import io.onelite.exec.ExecContext;
import io.onelite.exec.ValueOps;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * {@code PRAGMA [schema.]optimize[(MASK)]} as SQLite 3.46+ ({@code pragma.c}), for a connection
 * whose planner never used {@code sqlite_stat1}: OneLite plans by fixed rules, so SQLite's
 * {@code TF_MaybeReanalyze} is never set. MASK defaults to 0xfffe; without bit 0x02 nothing is
 * done. In every database but temp (or the one named), each table not named {@code sqlite_*},
 * in {@link AnalysisOrder}, is looked at when
 *
 * <ol>
 *   <li>bit 0x10000 is set, or</li>
 *   <li>it has an index without a {@code sqlite_stat1} row,</li>
 * </ol>
 *
 * and then analyzed ({@code ANALYZE "db"."table"}) unless (3) with every index analyzed, its
 * estimated size is within 10x (LogEst 33) of the size {@code sqlite_stat1} records (a table
 * without a row there counts as 1,048,576 rows, LogEst 200), or (4) with an index unanalyzed, it is
 * empty. Bit 0x01 returns the ANALYZE statements as rows instead of running them. Bit 0x10 (set by
 * default) runs them under an analysis limit of 2000 rows (SQLite's
 * {@code SQLITE_DEFAULT_OPTIMIZE_LIMIT}), scaled down to 100 x 2000 / b (at least 100) when the
 * tables looked at have b &gt; 100 b-trees, unless PRAGMA analysis_limit is already below 2000.
 * Sizes are SQLite's estimates from the page cell counts ({@link RowCursor#countEstimate}).
 */
public final class Optimize {
    /** SQLite's {@code SQLITE_DEFAULT_OPTIMIZE_LIMIT}. */
    static final int DEFAULT_LIMIT = 2000;
    /** {@code sqlite3LogEst(1048576)}: a table's size before statistics say otherwise. */
    static final int DEFAULT_ROW_LOG_EST = 200;
    /** A 10x size change in LogEst units. */
    private static final int TEN_TIMES = 33;

    private Optimize() {
    }

    private record Candidate(Schema db, Table table, int threshold, String statement) {
    }

    /**
     * Runs the pragma with argument {@code value} (null when none) over the databases of
     * {@code schema} (a search path, or the one database a qualified pragma names; never temp),
     * in their order. {@code analysisLimit} is PRAGMA
     * analysis_limit; {@code beforeWrite} runs before the first ANALYZE (it throws when the
     * connection may not write). Returns the rows of mask 0x01 (one column), else none.
     */
    public static List<Object[]> run(String value, Schema schema, ExecContext ctx, int analysisLimit,
                                     Runnable beforeWrite) {
        int mask = value == null ? 0xfffe : atoi(value);
        List<Object[]> out = new ArrayList<>();
        if ((mask & 0x02) == 0) {
            return out;
        }
        int limit = (mask & 0x10) == 0 || (analysisLimit > 0 && analysisLimit < DEFAULT_LIMIT) ? 0 : DEFAULT_LIMIT;
        List<Candidate> candidates = new ArrayList<>();
        int btrees = 0;
        for (Schema db : schema.databases()) {
            if (Schema.TEMP.equals(db.name())) {
                continue;
            }
            Storage st = ctx.storage(db.name());
            Stat1 stats = Stat1.read(db, st);
            for (String name : AnalysisOrder.tables(st, db.name())) {
                Table t = db.table(name);
                if (t == null || t.isSchemaTable() || name.regionMatches(true, 0, "sqlite_", 0, 7)) {
                    continue;
                }
                List<AnalysisOrder.IndexTree> indexes = AnalysisOrder.indexes(t);
                int threshold = stats.rowLogEst(t);
                for (AnalysisOrder.IndexTree x : indexes) {
                    if (!stats.analyzed(x)) {
                        threshold = -1; // an index without statistics: analyze whatever the size
                    }
                }
                if ((mask & 0x10000) == 0 && (indexes.isEmpty() || threshold >= 0)) {
                    continue;
                }
                btrees += indexes.size() + 1;
                candidates.add(new Candidate(db, t, threshold,
                        "ANALYZE \"" + quote(db.name()) + "\".\"" + quote(t.name()) + "\""));
            }
        }
        if (limit > 0 && btrees > 100) {
            limit = Math.max(100, 100 * limit / btrees);
        }
        for (Candidate c : candidates) {
            int size = sizeLogEst(c.db(), c.table(), ctx);
            if (c.threshold() >= 0 ? size >= (c.threshold() >= TEN_TIMES ? c.threshold() - TEN_TIMES : -1)
                    && size <= c.threshold() + TEN_TIMES : size < 0) {
                continue;
            }
            if ((mask & 0x01) != 0) {
                out.add(new Object[]{c.statement()});
            } else {
                beforeWrite.run();
                Analyze.table(c.db(), c.table(), ctx, limit != 0 ? limit : analysisLimit);
            }
        }
        return out;
    }

    /** As {@code OP_IfSizeBetween}'s size: LogEst of the estimated row count, -1 when empty. */
    private static int sizeLogEst(Schema db, Table t, ExecContext ctx) {
        Storage st = ctx.storage(db.name());
        long estimate = t.clustered() != null
                ? st.openIndex(t.root(), t.clustered().keyInfo()).countEstimate()
                : st.openTable(t.root()).countEstimate();
        return estimate == 0 ? -1 : logEst(estimate);
    }

    private static String quote(String name) {
        return name.replace("\"", "\"\"");
    }

    /** {@code sqlite3LogEstAdd}: the LogEst of the sum of two LogEst values. */
    static int logEstAdd(int a, int b) {
        int hi = Math.max(a, b);
        int d = hi - Math.min(a, b);
        if (d > 49) {
            return hi;
        }
        if (d > 31) {
            return hi + 1;
        }
        return hi + LOG_EST_ADD[d];
    }

    private static final int[] LOG_EST_ADD = {
        10, 10, 9, 9, 8, 8, 7, 7, 7, 6, 6, 6, 5, 5, 5, 4, 4, 4, 4, 3, 3, 3, 3, 3, 3, 2, 2, 2, 2, 2, 2, 2,
    };

    /** SQLite's {@code sqlite3LogEst}: about 10 x log2(x), 0 for x below 2. */
    static int logEst(long x) {
        int[] a = {0, 2, 3, 5, 6, 7, 8, 9};
        int y = 40;
        if (Long.compareUnsigned(x, 8) < 0) {
            if (x < 2) {
                return 0;
            }
            while (x < 8) {
                y -= 10;
                x <<= 1;
            }
        } else {
            int i = 60 - Long.numberOfLeadingZeros(x);
            y += i * 10;
            x >>>= i;
        }
        return a[(int) (x & 7)] + y - 10;
    }

    /**
     * A mask as SQLite's {@code sqlite3Atoi} reads it: {@code 0x} and up to 8 hex digits (0 when
     * the value does not fit 31 bits), else an optional sign and the digits that follow (0 when
     * none, or when it does not fit 32 bits).
     */
    static int atoi(String v) {
        String s = v.strip();
        if (s.length() > 2 && s.charAt(0) == '0' && (s.charAt(1) == 'x' || s.charAt(1) == 'X')
                && Character.digit(s.charAt(2), 16) >= 0) {
            int i = 2;
            while (i < s.length() && s.charAt(i) == '0') {
                i++;
            }
            long u = 0;
            int n = 0;
            for (; n < 8 && i + n < s.length() && Character.digit(s.charAt(i + n), 16) >= 0; n++) {
                u = u * 16 + Character.digit(s.charAt(i + n), 16);
            }
            boolean more = i + n < s.length() && Character.digit(s.charAt(i + n), 16) >= 0;
            return (u & 0x80000000L) != 0 || more ? 0 : (int) u;
        }
        int i = 0;
        boolean negative = false;
        if (i < s.length() && (s.charAt(i) == '-' || s.charAt(i) == '+')) {
            negative = s.charAt(i) == '-';
            i++;
        }
        while (i < s.length() && s.charAt(i) == '0') {
            i++;
        }
        long n = 0;
        int digits = 0;
        for (; i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9'; i++, digits++) {
            if (digits >= 10) {
                return 0;
            }
            n = n * 10 + (s.charAt(i) - '0');
        }
        if (n - (negative ? 1 : 0) > Integer.MAX_VALUE) {
            return 0;
        }
        return (int) (negative ? -n : n);
    }

    /**
     * What a connection loads from {@code sqlite_stat1} ({@code sqlite3AnalysisLoad}), as far as
     * PRAGMA optimize needs it: which indexes have a row, and each table's row count as LogEst.
     * Rows are read in rowid order; a later row for the same table wins.
     */
    private static final class Stat1 {
        private final Set<String> analyzed = new HashSet<>();
        private final Map<String, Integer> rowLogEst = new HashMap<>();

        static Stat1 read(Schema db, Storage st) {
            Stat1 s = new Stat1();
            int root = StatTable.rootOf(st, StatTable.NAME);
            if (root == 0) {
                return s;
            }
            RowCursor c = st.openTable(root);
            for (boolean ok = c.first(); ok; ok = c.next()) {
                String tbl = ValueOps.toText(c.column(0));
                String idx = ValueOps.toText(c.column(1));
                String stat = ValueOps.toText(c.column(2));
                Table t = tbl == null || stat == null ? null : db.table(tbl);
                if (t == null) {
                    continue;
                }
                AnalysisOrder.IndexTree index = idx == null ? null
                        : idx.equalsIgnoreCase(tbl) ? primaryKey(t) : byName(db, idx);
                int first = logEst(leadingNumber(stat));
                if (index != null) {
                    s.analyzed.add(key(index.name()));
                    if (!index.partial()) {
                        s.rowLogEst.put(t.key(), first);
                    }
                } else {
                    s.rowLogEst.put(t.key(), first);
                }
            }
            return s;
        }

        boolean analyzed(AnalysisOrder.IndexTree x) {
            return analyzed.contains(key(x.name()));
        }

        int rowLogEst(Table t) {
            return rowLogEst.getOrDefault(t.key(), DEFAULT_ROW_LOG_EST);
        }

        private static String key(String name) {
            return name.toLowerCase(Locale.ROOT);
        }

        /** As {@code sqlite3PrimaryKeyIndex}: the index of a PRIMARY KEY that is not the rowid, or null. */
        private static AnalysisOrder.IndexTree primaryKey(Table t) {
            for (AnalysisOrder.IndexTree x : AnalysisOrder.indexes(t)) {
                Index ix = t.indexes().stream().filter(i -> i.name().equals(x.name())).findFirst().orElse(null);
                if (ix == null ? t.clustered() != null : "pk".equals(ix.origin())) {
                    return x;
                }
            }
            return null;
        }

        /** As {@code sqlite3FindIndex} in one database: an index, or a WITHOUT ROWID primary key, by name. */
        private static AnalysisOrder.IndexTree byName(Schema db, String name) {
            Index ix = db.index(name);
            Table t = ix != null ? db.table(ix.table()) : null;
            for (Table candidate : t != null ? List.of(t) : db.tables()) {
                if (t == null && candidate.clustered() == null) {
                    continue;
                }
                for (AnalysisOrder.IndexTree x : AnalysisOrder.indexes(candidate)) {
                    if (x.name().equalsIgnoreCase(name)) {
                        return x;
                    }
                }
            }
            return null;
        }

        /** The digits the text starts with, as {@code decodeIntArray} reads them (0 when none). */
        private static long leadingNumber(String stat) {
            long v = 0;
            for (int i = 0; i < stat.length() && stat.charAt(i) >= '0' && stat.charAt(i) <= '9'; i++) {
                v = v * 10 + (stat.charAt(i) - '0');
            }
            return v;
        }
    }
}
