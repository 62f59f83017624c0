package io.onelite.tx;

import io.onelite.btree.KeyInfo;
import io.onelite.btree.TreeAccessListener;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The trace of one concurrent transaction: the {@link TreeAccessListener} its cursors report to.
 *
 * <p>Serializable mode keeps the read intervals of every tree ({@link RowidIntervals} per table
 * tree, {@link KeyIntervals} per index tree) and the writes in order. Snapshot mode keeps the
 * writes (each carries its before-image) and, of the index reads, only the key prefix each seek
 * probed for, as the interval "every key starting with it": a UNIQUE check is such a probe, and
 * validating it keeps a unique index unique when two snapshot transactions insert the same value.
 * (A seek reports {@code [probe, found]}; the probe is shorter than the full keys a step reports.)
 *
 * <p>Writes to {@code sqlite_schema} (root 1) and tree creation or removal mark the trace
 * unmergeable. Past {@link #MAX_ENTRIES} entries the trace stops recording, frees what it holds and
 * marks itself overflowed: such a transaction can commit only through the fast path.
 *
 * <p>Savepoints: {@link #mark()} and {@link #rollbackTo(int)} drop the writes undone by
 * {@code ROLLBACK TO}; reads are kept (what was read may have steered what the transaction did).
 * Used by one thread at a time (the transaction's).
 */
final class Trace implements TreeAccessListener {
    /** A trace over this many entries is not merged (as the recipe's 16M). */
    static final int MAX_ENTRIES = 1 << 24;

    private final boolean serializable;
    private final int maxEntries;
    /** Made at the first read of each kind: a short insert-only transaction reads neither. */
    private Map<Integer, RowidIntervals> tableReads = Map.of();
    private Map<Integer, KeyIntervals> indexReads = Map.of();
    private final ArrayList<TraceEntry.Write> writes = new ArrayList<>();
    private long readEntries;
    private boolean overflowed;
    private String unmergeable;

    Trace(boolean serializable) {
        this(serializable, MAX_ENTRIES);
    }

    /** With a smaller limit, for tests. */
    Trace(boolean serializable, int maxEntries) {
        this.serializable = serializable;
        this.maxEntries = maxEntries;
    }

    boolean serializable() {
        return serializable;
    }

    @Override
    public void tableRead(int root, long lo, long hi) {
        if (!serializable || overflowed) {
            return;
        }
        if (tableReads.isEmpty()) {
            tableReads = new HashMap<>();
        }
        readEntries += tableReads.computeIfAbsent(root, r -> new RowidIntervals()).add(lo, hi);
        checkSize();
    }

    @Override
    public void indexRead(int root, KeyInfo keyInfo, Object[] lo, Object[] hi) {
        if (overflowed) {
            return;
        }
        if (!serializable) {
            if (lo == null || (hi != null && hi != lo && lo.length >= hi.length)) {
                return; // a step over existing entries, not a probe (a point probe passes lo == hi)
            }
            hi = lo; // every key starting with the probed prefix
        }
        if (indexReads.isEmpty()) {
            indexReads = new HashMap<>();
        }
        readEntries += indexReads.computeIfAbsent(root, r -> new KeyIntervals(r, keyInfo)).add(copy(lo), copy(hi));
        checkSize();
    }

    @Override
    public void tableInsert(int root, long rowid, byte[] payload, byte[] before) {
        write(new TraceEntry.Insert(root, rowid, payload, before));
    }

    @Override
    public void tableDelete(int root, long rowid, byte[] before) {
        write(new TraceEntry.Delete(root, rowid, before));
    }

    @Override
    public void indexInsert(int root, KeyInfo keyInfo, byte[] key) {
        write(new TraceEntry.IndexInsert(root, keyInfo, key));
    }

    @Override
    public void indexDelete(int root, KeyInfo keyInfo, byte[] key) {
        write(new TraceEntry.IndexDelete(root, keyInfo, key));
    }

    @Override
    public void treeCreatedOrDropped(int root) {
        noteUnmergeable("schema change");
    }

    /** Marks the transaction as one whose writes cannot be merged (DDL, header pragmas, VACUUM). */
    void noteUnmergeable(String what) {
        if (unmergeable == null) {
            unmergeable = what;
        }
    }

    /** Why the writes cannot be merged, or null. */
    String unmergeable() {
        return unmergeable;
    }

    boolean overflowed() {
        return overflowed;
    }

    /** A savepoint: the number of writes so far. */
    int mark() {
        return writes.size();
    }

    /** Forgets the writes recorded after {@code mark}. */
    void rollbackTo(int mark) {
        if (!overflowed && mark < writes.size()) {
            writes.subList(mark, writes.size()).clear();
        }
    }

    /** The writes in order (a live view; do not modify). */
    List<TraceEntry.Write> writes() {
        return Collections.unmodifiableList(writes);
    }

    Map<Integer, RowidIntervals> tableReads() {
        return tableReads;
    }

    Map<Integer, KeyIntervals> indexReads() {
        return indexReads;
    }

    boolean hasWrites() {
        return !writes.isEmpty();
    }

    /** Entries held: read intervals plus writes. */
    long size() {
        return readEntries + writes.size();
    }

    boolean hasReads() {
        return !tableReads.isEmpty() || !indexReads.isEmpty();
    }

    private void write(TraceEntry.Write w) {
        if (overflowed) {
            return;
        }
        if (w.root() == 1) {
            noteUnmergeable("schema change");
        }
        writes.add(w);
        checkSize();
    }

    private void checkSize() {
        if (readEntries + writes.size() > maxEntries) {
            overflowed = true;
            tableReads = Map.of();
            indexReads = Map.of();
            writes.clear();
            writes.trimToSize();
            readEntries = 0;
        }
    }

    /** Bounds may be the caller's reusable arrays: keep our own copy (values themselves are immutable). */
    private static Object[] copy(Object[] key) {
        return key == null ? null : key.clone();
    }
}
