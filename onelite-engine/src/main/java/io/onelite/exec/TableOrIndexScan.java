package io.onelite.exec;

import io.onelite.catalog.Storage;

import java.util.List;

/**
 * A full scan of a rowid table whose rows a later loop looks up by this table's rowid: it walks
 * either the narrowest covering index (SQLite's plan, fewer pages) or the table itself, whose
 * rowid order brings those lookups in key order, each a few cells past the last one, where the
 * index's order makes each a descent from the root (docs/performance-history.md, "Outer scans in
 * the inner lookups' order"). Chosen at each execution's first walk: the table when a row takes
 * at most {@link #MAX_ROW_BYTES} bytes on its first leaf page, else the index, whose pages then
 * hold many times as many rows as the table's. Both yield the same rows; no order is promised.
 * In BEGIN CONCURRENT (serializable) the index walk stays: its commit validates what was read,
 * and the table walk reads every column of every row, so a write of a column the query never
 * read would conflict with it.
 *
 * <p>EXPLAIN QUERY PLAN shows SQLite's plan, the index walk.
 */
public final class TableOrIndexScan extends Level {
    /**
     * The widest average row (usable page bytes over the first leaf's rows) for which walking
     * the table beat the covering index in the measurements: 60- to 500-byte rows gained
     * 1.2-3.4x; at 1,000 bytes an outer table of 50,000 rows lost 1.3x against a one-page
     * inner index (and still gained 1.1x against a 50,000-row one).
     */
    static final int MAX_ROW_BYTES = 680;

    private final IndexLevel index;
    private final ScanLevel table;
    private ExecContext chosenFor;
    private Level chosen;

    /** {@code index}: a full walk of a covering index of a rowid table. */
    public TableOrIndexScan(IndexLevel index) {
        super(index.slot);
        this.index = index;
        this.table = new ScanLevel(index.slot, index.table(), false);
    }

    @Override
    protected void start(Frame f) {
        if (chosenFor != f.ctx) {
            chosenFor = f.ctx;
            Storage s = index.table().in(f.ctx.storage);
            int rowBytes = s.validatesReads() ? 0 : index.table().open(f.ctx.storage).rowBytesEstimate();
            chosen = rowBytes > 0 && rowBytes <= MAX_ROW_BYTES ? table : index;
        }
        chosen.start(f);
    }

    @Override
    protected boolean advance(Frame f) {
        return chosen.advance(f);
    }

    @Override
    protected Object rowIdentity(Frame f) {
        return chosen.rowIdentity(f);
    }

    @Override
    protected List<String> explainBefore() {
        return index.explainBefore();
    }

    @Override
    protected List<String> explainUnder() {
        return index.explainUnder();
    }

    @Override
    public String describe() {
        return index.describe();
    }
}
