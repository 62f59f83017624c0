package io.onelite.exec;

import io.onelite.btree.KeyInfo;
import io.onelite.catalog.ClusteredCursor;
import io.onelite.catalog.KeyCursor;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * A table read through one of its indexes: equality on a prefix of the index columns (one
 * or more key tuples, for {@code IN}), then an optional range on the next column, walked forward
 * or in reverse; each entry's rowid (the key's last column) positions the table cursor. For a
 * WITHOUT ROWID table, the entry's primary-key columns position the clustered cursor (or, on the
 * primary key itself, the entry is the row; through a covering index, the entry stands for the
 * row, {@link ClusteredIndexRow}); no deferred seek there.
 *
 * <p>The tuples arrive with the affinity of the index columns already applied. A tuple holding
 * NULL matches nothing, as {@code a = NULL} is never true. With a range, NULL entries are
 * skipped (they sort first), as SQLite does.
 */
public final class IndexLevel extends Level implements CountingLevel {
    private final TableAccess table;
    private final int indexRoot;
    private final String indexName;
    private final KeyInfo keyInfo;
    private final Function<Frame, List<Object[]>> eqTuples;
    private final int eqCount;
    private final Eval lo;
    private final boolean loInclusive;
    private final Eval hi;
    private final boolean hiInclusive;
    private boolean reverse;
    private KeyCursor index;
    /** Rowid tables: the entry seen as its row, the table sought only when needed. */
    private IndexRow row;
    /** WITHOUT ROWID tables: the clustered tree's cursor (the index itself for the primary key), and its row. */
    private ClusteredCursor clustered;
    private CursorRow clusteredRow;
    /** WITHOUT ROWID tables, a covering secondary index: the entry seen as the row, never sought. */
    private ClusteredIndexRow coveringRow;
    private ExecContext ctx;
    /** Per table column, its position in the index key, or -1 (see {@link IndexRow}). */
    private int[] keyPosition = new int[0];
    private boolean covering;
    private List<Object[]> tuples;
    private int tupleIndex;
    private Object[] eqKey;
    private Object loValue;
    private Object hiValue;
    private boolean positioned;
    private boolean done;

    public IndexLevel(int slot, TableAccess table, int indexRoot, String indexName, KeyInfo keyInfo,
                      Function<Frame, List<Object[]>> eqTuples, int eqCount, Eval lo, boolean loInclusive,
                      Eval hi, boolean hiInclusive, boolean reverse) {
        super(slot);
        this.table = table;
        this.indexRoot = indexRoot;
        this.indexName = indexName;
        this.keyInfo = keyInfo;
        this.eqTuples = eqTuples;
        this.eqCount = eqCount;
        this.lo = lo;
        this.loInclusive = loInclusive;
        this.hi = hi;
        this.hiInclusive = hiInclusive;
        this.reverse = reverse;
    }

    /** WITHOUT ROWID tables: the index is the table itself (its primary key). */
    private boolean primaryKey;
    /** WITHOUT ROWID tables, a secondary index: the key position of each primary-key column. */
    private int[] pkPositions;

    /** Entries whose column after the equalities is NULL are skipped, as by a range (min()'s first non-NULL value). */
    private boolean skipNulls;

    /**
     * Skips the entries whose key column after the equalities is NULL, seeking past them as a
     * range does: a min() read from the first entry wants the smallest non-NULL value.
     */
    public IndexLevel skipNullsAfterEqualities() {
        this.skipNulls = true;
        return this;
    }

    /** Each equality tuple names a whole unique key: at most one entry, found by a point probe. */
    private boolean uniqueLookup;

    /**
     * Marks the equalities as covering a unique key: each tuple is one point probe and no step
     * past it (in BEGIN CONCURRENT only that key counts as read).
     */
    public IndexLevel uniqueLookup() {
        this.uniqueLookup = lo == null && hi == null && eqCount > 0;
        return this;
    }

    /** Per equality column, whether it comes from {@code x IS ?}: a NULL value finds the NULL entries, not nothing. */
    private boolean[] nullMatches;
    /** {@link #uniqueLookup} for the current tuple: not when it holds a NULL, which a unique index may hold many times. */
    private boolean pointProbe;

    /** Marks the equality columns that come from {@code x IS ?} (SQLite's WO_IS, WO_ISNULL). */
    public IndexLevel nullsMatch(boolean[] isColumns) {
        this.nullMatches = isColumns.clone();
        return this;
    }

    /** Reads a WITHOUT ROWID table by its primary key: the "index" is the table's own tree. */
    public IndexLevel onPrimaryKey() {
        this.primaryKey = true;
        return this;
    }

    /**
     * Reads a WITHOUT ROWID table through a secondary index whose key holds the primary key at
     * {@code positions}; covering ({@link #withKeyPositions}), the row is read from the entry.
     */
    public IndexLevel withPrimaryKeyAt(int[] positions) {
        this.pkPositions = positions;
        return this;
    }

    @Override
    protected void start(Frame f) {
        if (index == null || f.ctx != ctx) {
            ctx = f.ctx;
            index = table.in(f.ctx.storage).openIndex(indexRoot, keyInfo);
            if (table.clustered() != null && covering && !primaryKey) {
                // WITHOUT ROWID, a covering index: the entry's key and primary-key tail are the columns read
                coveringRow = new ClusteredIndexRow(index, table, keyPosition, pkPositions, f.ctx);
            } else if (table.clustered() != null) {
                // WITHOUT ROWID: an entry's tail holds the primary key, not a rowid; read the clustered row.
                clustered = primaryKey ? new ClusteredCursor(index, table.clustered()) : table.openClustered(f.ctx.storage);
                clusteredRow = table.row(clustered, f.ctx);
            } else {
                ExecContext c = f.ctx;
                row = new IndexRow(index, table, keyPosition, () -> table.in(c.storage).openTable(table.root()), c);
                row.setExpressionPositions(exprPosition);
                row.setFixedValues(fixedValues);
            }
        }
        tuples = eqTuples == null ? List.<Object[]>of(new Object[0]) : eqTuples.apply(f);
        if (tuples.size() > 1) {
            tuples = sortedDistinct(tuples);
            if (reverse) {
                tuples = new ArrayList<>(tuples);
                java.util.Collections.reverse(tuples);
            }
        }
        tupleIndex = -1;
        loValue = lo == null ? null : lo.eval(f);
        hiValue = hi == null ? null : hi.eval(f);
        done = (lo != null && loValue == null) || (hi != null && hiValue == null);
        positioned = false;
        eqKey = null;
    }

    private List<Object[]> sortedDistinct(List<Object[]> in) {
        List<Object[]> out = new ArrayList<>(in);
        out.sort(this::compareTuple);
        List<Object[]> d = new ArrayList<>();
        for (Object[] t : out) {
            if (d.isEmpty() || compareTuple(d.get(d.size() - 1), t) != 0) {
                d.add(t);
            }
        }
        return d;
    }

    private int compareTuple(Object[] a, Object[] b) {
        for (int i = 0; i < eqCount; i++) {
            int c = ValueOps.compare(a[i], b[i], keyInfo.collation(i));
            if (c != 0) {
                return keyInfo.descending(i) ? -c : c;
            }
        }
        return 0;
    }

    @Override
    protected boolean advance(Frame f) {
        while (!done) {
            if (!positioned) {
                if (!nextTuple()) {
                    done = true;
                    return false;
                }
                positioned = true;
                if (!seekFirst()) {
                    positioned = false;
                    continue;
                }
            } else if (pointProbe || !(reverse ? index.prev() : index.next())) {
                positioned = false;
                continue;
            }
            if (!inRange()) {
                positioned = false;
                continue;
            }
            if (coveringRow != null) {
                coveringRow.moved();
                f.src[slot] = coveringRow;
                return true;
            }
            if (clustered != null) {
                if (!locateClusteredRow()) {
                    continue;
                }
                f.src[slot] = clusteredRow;
                return true;
            }
            Object rid = index.column(keyLength() - 1);
            if (!(rid instanceof Long r)) {
                continue;
            }
            row.moveTo(r);
            f.src[slot] = row;
            return true;
        }
        return false;
    }

    /** WITHOUT ROWID: positions the clustered cursor on the current entry's row; false when it is missing. */
    private boolean locateClusteredRow() {
        if (primaryKey) {
            return true; // the entry is the row
        }
        Object[] pk = new Object[pkPositions.length];
        for (int i = 0; i < pk.length; i++) {
            pk[i] = index.column(pkPositions[i]);
        }
        return clustered.seekKey(pk);
    }

    private int keyLength() {
        return index.key().length;
    }

    private boolean nextTuple() {
        while (++tupleIndex < tuples.size()) {
            Object[] t = tuples.get(tupleIndex);
            if (!hasNull(t)) {
                eqKey = t;
                return true;
            }
        }
        return false;
    }

    /** Whether {@code tuple} finds nothing: a NULL where the term is {@code x = ?} ({@code x IS ?} finds the NULLs). */
    private boolean hasNull(Object[] tuple) {
        return holdsNull(tuple, nullMatches);
    }

    /** Whether {@code tuple} holds a NULL in a column not marked in {@code except} (null: none marked). */
    private boolean holdsNull(Object[] tuple, boolean[] except) {
        for (int i = 0; i < eqCount; i++) {
            if (tuple[i] == null && (except == null || !except[i])) {
                return true;
            }
        }
        return false;
    }

    private Object[] with(Object v) {
        Object[] k = java.util.Arrays.copyOf(eqKey, eqCount + 1);
        k[eqCount] = v;
        return k;
    }

    /** The equality prefix: the tuple itself (each is a new array, never changed), or its first eqCount values. */
    private Object[] prefix() {
        return eqKey.length == eqCount ? eqKey : java.util.Arrays.copyOf(eqKey, eqCount);
    }

    private boolean seekFirst() {
        // a unique index may hold a NULL key many times
        pointProbe = uniqueLookup && (nullMatches == null || !holdsNull(eqKey, null));
        if (pointProbe) {
            return index.seekPrefix(prefix());
        }
        boolean desc = keyInfo.descending(eqCount);
        // In index order, a DESC column puts the high bound first.
        Eval first = reverse == desc ? lo : hi;
        Object firstValue = reverse == desc ? loValue : hiValue;
        boolean firstIncl = reverse == desc ? loInclusive : hiInclusive;
        boolean rangeSkipsNulls = lo != null || hi != null || skipNulls;
        if (!reverse) {
            if (first != null) {
                return firstIncl ? index.seekGE(with(firstValue)) : index.seekGT(with(firstValue));
            }
            if (rangeSkipsNulls && !desc) {
                return index.seekGT(with(null));
            }
            return eqCount == 0 ? index.first() : index.seekGE(prefix());
        }
        if (first != null) {
            return firstIncl ? index.seekLE(with(firstValue)) : index.seekLT(with(firstValue));
        }
        if (rangeSkipsNulls && desc) {
            return index.seekLT(with(null));
        }
        return eqCount == 0 ? index.last() : index.seekLE(prefix());
    }

    private boolean inRange() {
        if (eqCount > 0 && !index.startsWith(prefix())) {
            return false;
        }
        if (lo == null && hi == null && !skipNulls) {
            return true;
        }
        Object v = index.column(eqCount);
        if (v == null) {
            return false;
        }
        java.util.Comparator<Object> cmp = (a, b) -> ValueOps.compare(a, b, keyInfo.collation(eqCount));
        if (lo != null) {
            int c = cmp.compare(v, loValue);
            if (c < 0 || (c == 0 && !loInclusive)) {
                return false;
            }
        }
        if (hi != null) {
            int c = cmp.compare(v, hiValue);
            if (c > 0 || (c == 0 && !hiInclusive)) {
                return false;
            }
        }
        return true;
    }

    /** The index's column names, for EXPLAIN QUERY PLAN's "(a=? AND b>?)". */
    private String[] columnNames = new String[0];

    public IndexLevel withColumnNames(String[] names) {
        this.columnNames = names;
        return this;
    }

    /**
     * Where each table column sits in the index key (-1 = not there), and whether the query reads
     * no other column (EXPLAIN QUERY PLAN then says COVERING INDEX, and the table is never read).
     */
    public IndexLevel withKeyPositions(int[] positions, boolean covering) {
        this.keyPosition = positions;
        this.covering = covering;
        return this;
    }

    /** Per indexed expression id of this source ({@link IndexedExpr}), its key position, or -1. */
    private int[] exprPosition = new int[0];

    /** Where the key holds the expressions the query reads ({@link IndexedExpr} ids): read from the entry. */
    public IndexLevel withExpressionPositions(int[] positions) {
        this.exprPosition = positions;
        return this;
    }

    /** Per table column, the value a partial index's WHERE fixes it to (null: not fixed); null when none. */
    private Object[] fixedValues;

    /** The column values the partial index's WHERE fixes ({@code WHERE c = 5}): read without the table row. */
    public IndexLevel withFixedValues(Object[] values) {
        this.fixedValues = values;
        return this;
    }

    /** Walks against the index order (ORDER BY ... DESC satisfied by the index); set before the first open. */
    public void setReverse(boolean reverse) {
        this.reverse = reverse;
    }

    public String indexName() {
        return indexName;
    }

    /** The table whose index this walks. */
    TableAccess table() {
        return table;
    }

    /** How many leading index columns an equality (or IN) term fixes. */
    public int eqCount() {
        return eqCount;
    }

    /** How many of the range's two bounds (on the column after the equalities) are given. */
    public int bounds() {
        return (lo != null ? 1 : 0) + (hi != null ? 1 : 0);
    }

    public boolean isCovering() {
        return covering;
    }

    /** Whether this reads a WITHOUT ROWID table by its primary key (the table's own tree: every column at hand). */
    public boolean onTablePrimaryKey() {
        return primaryKey;
    }

    /** Whether this walks the whole index (no equality or range term). */
    public boolean isFullScan() {
        return eqCount == 0 && lo == null && hi == null;
    }

    /**
     * The entries the walk would visit, counted per key tuple from the index's pages: the same
     * bounds as {@link #seekFirst} and {@link #inRange}, expressed in index order (a DESC column
     * puts the high bound first and its NULLs last).
     */
    @Override
    public long countRows(Frame f) {
        start(f);
        long n = 0;
        for (Object[] t : done ? List.<Object[]>of() : tuples) {
            if (!hasNull(t)) { // a = NULL matches nothing
                eqKey = t;
                n += countTuple();
            }
        }
        return n;
    }

    private long countTuple() {
        Object[] prefix = eqCount == 0 ? null : prefix(); // null: the whole index
        if (lo == null && hi == null && !skipNulls) {
            return prefix == null ? index.countBetween(null, true, null, true) : countKey(prefix);
        }
        boolean desc = keyInfo.descending(eqCount);
        // the end where the values start in index order: the low bound (ASC) or the high one (DESC)
        Eval first = desc ? hi : lo;
        Object firstValue = desc ? hiValue : loValue;
        boolean firstIncl = desc ? hiInclusive : loInclusive;
        Eval last = desc ? lo : hi;
        Object lastValue = desc ? loValue : hiValue;
        boolean lastIncl = desc ? loInclusive : hiInclusive;
        Object[] from;
        boolean fromIncl;
        Object[] to;
        boolean toIncl;
        if (first != null) {
            from = with(firstValue);
            fromIncl = firstIncl;
        } else if (desc) {
            from = prefix;
            fromIncl = true;
        } else {
            from = with(null); // past the NULLs, which sort first
            fromIncl = false;
        }
        if (last != null) {
            to = with(lastValue);
            toIncl = lastIncl;
        } else if (desc) {
            to = with(null); // before the NULLs, which a DESC column puts last
            toIncl = false;
        } else {
            to = prefix;
            toIncl = true;
        }
        return index.countBetween(from, fromIncl, to, toIncl);
    }

    /**
     * The entries of one key: most keys of an IN list or subquery match a few entries or none,
     * walked from one seek (which starts from the cursor's leaf when the keys come in order);
     * past {@link #WALKED_RUN} entries the rest are counted from the pages, two descents.
     */
    private long countKey(Object[] prefix) {
        if (!index.seekGE(prefix) || !index.startsWith(prefix)) {
            return 0;
        }
        for (long n = 1; n <= WALKED_RUN; n++) {
            if (!index.next() || !index.startsWith(prefix)) {
                return n;
            }
        }
        return index.countBetween(prefix, true, prefix, true);
    }

    /** The longest run of one key's entries {@link #countKey} walks before counting from the pages. */
    static final int WALKED_RUN = 16;

    /** Counts the entries of the whole index without decoding them (see {@link CountQuery}). */
    long countEntries(ExecContext ctx) {
        return table.in(ctx.storage).openIndex(indexRoot, keyInfo).count();
    }

    @Override
    public String describe() {
        if (primaryKey && isFullScan() && !inMinMaxQuery()) {
            return "SCAN " + table.name(); // a full walk of a WITHOUT ROWID table's own tree, as SQLite says it
        }
        StringBuilder sb = new StringBuilder(isFullScan() && !inMinMaxQuery() ? "SCAN " : "SEARCH ");
        sb.append(table.name()).append(primaryKey ? " USING PRIMARY KEY"
                : (covering ? " USING COVERING INDEX " : " USING INDEX ") + indexName);
        List<String> terms = new ArrayList<>();
        for (int i = 0; i < eqCount && i < columnNames.length; i++) {
            terms.add(columnNames[i] + "=?");
        }
        if (eqCount < columnNames.length) {
            if (lo != null) {
                terms.add(columnNames[eqCount] + ">?");
            }
            if (hi != null) {
                terms.add(columnNames[eqCount] + "<?");
            }
        }
        if (!terms.isEmpty()) {
            sb.append(" (").append(String.join(" AND ", terms)).append(')');
        }
        return sb.toString();
    }
}
