package io.onelite.exec;

import io.onelite.btree.Collation;
import io.onelite.catalog.RowCursor;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A join's inner source read through an automatic index, as SQLite's
 * {@code constructAutomaticIndex}: when no index serves the join's equality terms, the source is
 * read once per run of the statement and its rows sorted by the compared columns, so that each
 * row of the outer loops finds its matches by a binary search instead of a scan (O(n + m log n)
 * instead of O(n * m)).
 *
 * <p>The index lives in the run's cache ({@link ExecContext#cached}): built at the level's first
 * open, dropped when the statement's run ends (or a trigger firing's cache scope closes). It
 * holds, per source row that passes {@code partial} (the terms reading only this source, making
 * it SQLite's "PARTIAL" index) and has no NULL key (NULL never equals), the key and the row's
 * rowid (a rowid table: the row is sought in the table when it matches) or its values (a
 * subquery, a WITHOUT ROWID table).
 * Rows with equal keys sort by the source's other columns the query reads, then keep the source's
 * order (a rowid table's rowid order), as SQLite's automatic index holds and sorts them.
 *
 * <p>Invariants: (1) the probe values arrive with the key columns' affinities applied, and the
 * key compares under each column's collation, so a match is exactly what the terms' {@code =}
 * finds (the planner checks it, as for a real index); (2) a source of more than
 * {@link #MAX_ENTRIES} rows (see {@link #setMaxEntries}) gets no index: the level then scans the source at each open, which
 * needs no memory (the level's filter still checks every term).
 */
public final class AutoIndexLevel extends Level {
    /** The most rows an automatic index holds in memory by default; a larger source is scanned instead (invariant (2)). */
    public static final int MAX_ENTRIES = 2_000_000;

    private static volatile int maxEntries = MAX_ENTRIES;

    /** Sets the most rows an automatic index may hold (tests use a small bound); {@link #MAX_ENTRIES} by default. */
    public static void setMaxEntries(int rows) {
        if (rows < 0) {
            throw new IllegalArgumentException("rows < 0");
        }
        maxEntries = rows;
    }

    private static final Object TOO_LARGE = new Object();

    /**
     * One indexed row: its key, rowid, (subqueries) its values, and its identity in the source
     * ({@link RowSource#identity}), which a RIGHT/FULL JOIN's matched set records: the scan of
     * the unmatched rows walks the source itself and must find the same identities there.
     */
    private record Entry(Object[] key, long rowid, Object[] values, Object identity, Object[] ties) {
    }

    /** The source's other columns the query reads, in column order: equal keys sort by them (BINARY). */
    private int[] tieColumns = new int[0];

    /**
     * Orders the rows of equal keys by {@code columns} (the other columns the query reads, in
     * column order), then as the source gives them: SQLite's automatic index holds those columns
     * after the key (to cover the query), then the rowid, and its entries sort by all of them.
     */
    public AutoIndexLevel withTieColumns(int[] columns) {
        this.tieColumns = columns;
        return this;
    }

    private final Level source;
    private final TableAccess table;
    private final int width;
    private final int[] keyColumns;
    private final Collation[] collations;
    private final Eval[] probes;
    private final Eval partial;
    private final String name;
    private final String[] keyNames;
    private final boolean bloomFilter;
    private final Object cacheKey = new Object();
    private final Comparator<Object[]> keyOrder;

    private Entry[] entries;
    private boolean scanning;
    private Object[] probe;
    private int pos;
    /** The entry last published, whose identity {@link #rowIdentity} gives. */
    private Entry current;
    private ExecContext ctx;
    private RowCursor cursor;
    private CursorRow tableRow;
    private final ArrayRow listRow = new ArrayRow(new Object[0]);

    /**
     * @param source      a plain walk of the source (no filter), used to fill the index
     * @param table       the rowid table read (rows are sought by rowid), or null to keep the rows' values
     * @param width       the source's column count (the values kept for a subquery row)
     * @param keyColumns  the source columns the equality terms compare, in key order
     * @param collations  per key column, the collation the terms compare under
     * @param probes      per key column, the value looked up (reads the outer loops; affinity applied)
     * @param partial     the terms reading only this source, or null
     * @param keyNames    per key column, its name (EXPLAIN QUERY PLAN)
     * @param bloomFilter whether SQLite adds a Bloom filter (EXPLAIN QUERY PLAN only: a key column
     *                    that is not TEXT)
     */
    public AutoIndexLevel(int slot, Level source, TableAccess table, int width, int[] keyColumns,
                          Collation[] collations, Eval[] probes, Eval partial, String name, String[] keyNames,
                          boolean bloomFilter) {
        super(slot);
        if (keyColumns.length == 0 || keyColumns.length != probes.length || keyColumns.length != collations.length) {
            throw new IllegalArgumentException("an automatic index needs one probe and collation per key column");
        }
        this.source = source;
        this.table = table;
        this.width = width;
        this.keyColumns = keyColumns;
        this.collations = collations;
        this.probes = probes;
        this.partial = partial;
        this.name = name;
        this.keyNames = keyNames;
        this.bloomFilter = bloomFilter;
        this.keyOrder = (a, b) -> {
            for (int i = 0; i < a.length; i++) {
                int c = ValueOps.compare(a[i], b[i], this.collations[i]);
                if (c != 0) {
                    return c;
                }
            }
            return 0;
        };
    }

    @Override
    protected void start(Frame f) {
        Object built = f.ctx.cached(cacheKey);
        if (built == null) {
            built = build(f);
            f.ctx.cache(cacheKey, built);
        }
        scanning = built == TOO_LARGE;
        if (scanning) {
            source.open(f);
            return;
        }
        entries = (Entry[]) built;
        if (table != null && (cursor == null || f.ctx != ctx)) {
            ctx = f.ctx;
            cursor = table.open(f.ctx.storage);
            tableRow = table.row(cursor, f.ctx);
        }
        probe = new Object[probes.length];
        for (int i = 0; i < probes.length; i++) {
            probe[i] = probes[i].eval(f);
            if (probe[i] == null) {
                pos = entries.length; // NULL equals nothing
                return;
            }
        }
        pos = lowerBound(probe);
    }

    /** Reads the whole source once: the sorted entries, or {@link #TOO_LARGE}. */
    private Object build(Frame f) {
        List<Entry> out = new ArrayList<>();
        source.open(f);
        while (source.next(f)) {
            RowSource r = f.src[slot];
            if (partial != null && !ValueOps.isTrue(partial.eval(f))) {
                continue;
            }
            Object[] key = new Object[keyColumns.length];
            boolean hasNull = false;
            for (int i = 0; i < key.length; i++) {
                key[i] = r.column(keyColumns[i]);
                hasNull |= key[i] == null;
            }
            if (hasNull) {
                continue;
            }
            Object[] values = null;
            if (table == null) {
                values = new Object[width];
                for (int i = 0; i < width; i++) {
                    values[i] = r.column(i);
                }
            }
            Object[] ties = new Object[tieColumns.length];
            for (int i = 0; i < ties.length; i++) {
                ties[i] = r.column(tieColumns[i]);
            }
            out.add(new Entry(key, r.rowid(), values, r.identity(), ties));
            if (out.size() > maxEntries) {
                return TOO_LARGE; // invariant (2)
            }
        }
        Entry[] sorted = out.toArray(new Entry[0]);
        java.util.Arrays.sort(sorted, (a, b) -> { // stable: equal keys and ties keep source order
            int c = keyOrder.compare(a.key, b.key);
            for (int i = 0; c == 0 && i < a.ties.length; i++) {
                c = ValueOps.compare(a.ties[i], b.ties[i], Collation.BINARY);
            }
            return c;
        });
        return sorted;
    }

    private int lowerBound(Object[] key) {
        int lo = 0;
        int hi = entries.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (keyOrder.compare(entries[mid].key, key) < 0) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    @Override
    protected boolean advance(Frame f) {
        if (scanning) {
            return source.next(f);
        }
        while (pos < entries.length) {
            Entry e = entries[pos++];
            if (keyOrder.compare(e.key, probe) != 0) {
                pos = entries.length;
                return false;
            }
            if (table == null) {
                listRow.values = e.values;
                listRow.rowid = e.rowid;
                f.src[slot] = listRow;
                current = e;
                return true;
            }
            if (cursor.seek(e.rowid)) { // a row deleted since the index was filled is skipped
                f.src[slot] = tableRow;
                current = e;
                return true;
            }
        }
        return false;
    }

    /** The source row's own identity (a WITHOUT ROWID table's primary key, a subquery row's number). */
    @Override
    protected Object rowIdentity(Frame f) {
        return scanning ? super.rowIdentity(f) : current.identity;
    }

    /** The plan of the rows it indexes (a subquery's co-routine), before the join loop's lines. */
    @Override
    protected java.util.List<String> explainBefore() {
        return source.explainBefore();
    }

    @Override
    public String describe() {
        StringBuilder terms = new StringBuilder(" (");
        for (int i = 0; i < keyNames.length; i++) {
            terms.append(i == 0 ? "" : " AND ").append(keyNames[i]).append("=?");
        }
        terms.append(')');
        return (bloomFilter ? "BLOOM FILTER ON " + name + terms + "\n" : "")
                + "SEARCH " + name + " USING AUTOMATIC " + (partial != null ? "PARTIAL " : "") + "COVERING INDEX" + terms;
    }
}
