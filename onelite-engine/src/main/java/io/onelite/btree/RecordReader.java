package io.onelite.btree;

/**
 * The record of a table cursor's current row, for a scan that reads a few columns of every row:
 * the payload is read in place in a read-only snapshot's page, else copied into a buffer this
 * reader keeps, and its header is parsed once per row (not once per column read) into reused
 * arrays, so that stepping a cursor allocates nothing but the values asked for.
 * {@link Record#column} parses the header on every call. Not thread-safe.
 */
public final class RecordReader {
    /** Payloads up to this size are copied into the kept buffer; larger ones get their own array. */
    private static final int KEPT_BUFFER_MAX = 64 * 1024;

    private static final byte[] NONE = new byte[0];

    /** Made on the first copy: a read-only snapshot's rows are read in place and never need it. */
    private byte[] kept = NONE;
    private byte[] buf;
    private int off;
    private int len;
    private final RecordHeader header = new RecordHeader();
    private boolean parsed;
    /**
     * Whether this record's header bytes were read for a column ({@link RecordHeader#peekValue})
     * or are not to be: set at the start when the last record had several columns read, as a
     * scan reading two columns of every row does (it parses each header once instead).
     */
    private boolean peeked;
    /** Whether two or more columns of this record were read through its parsed header. */
    private boolean readSeveral;
    private static final Object NOT_PEEKED = new Object();
    /**
     * The column read last from this record and its value: {@code sum(v), avg(v), min(v), max(v)}
     * or {@code CASE WHEN v > 5 ... WHEN v > 1} read one column several times per row, and each
     * read would decode it into a new object again. -1: none since the record was taken.
     */
    private int lastColumn = -1;
    private Object lastValue;

    /** {@link #compareInteger}: the column is NULL (the comparison's result is NULL). */
    public static final int COMPARE_NULL = Integer.MIN_VALUE;
    /** {@link #compareInteger}: the column is text or a blob; compare its value instead. */
    public static final int COMPARE_OTHER = Integer.MAX_VALUE;
    /** {@link TableCursor#compareIntegerInPlace}: not read in place; load the record and compare. */
    public static final int COMPARE_LOAD = Integer.MIN_VALUE + 1;

    /** Takes the record of {@code cursor}'s current row (which must be valid). */
    public void load(TableCursor cursor) {
        cursor.loadPayload(this);
    }

    /** A buffer for a local payload of {@code size} bytes, the kept one when it is small enough. */
    byte[] bufferFor(int size) {
        if (size > kept.length && size <= KEPT_BUFFER_MAX) {
            kept = new byte[Math.max(size, Math.min(KEPT_BUFFER_MAX, Math.max(256, kept.length * 2)))];
        }
        return size <= kept.length ? kept : new byte[size];
    }

    /** The record now read: {@code buf[off, off+len)}. */
    void set(byte[] buf, int off, int len) {
        this.buf = buf;
        this.off = off;
        this.len = len;
        parsed = false;
        peeked = readSeveral;
        readSeveral = false;
        lastColumn = -1;
    }

    private RecordHeader header() {
        if (!parsed) {
            header.reset(buf, off, len);
            parsed = true;
        }
        return header;
    }

    /** The number of columns stored in the record. */
    public int columnCount() {
        return header().columnCount();
    }

    /** Column {@code i} as a Java value (as {@link Record#column}), null past the record's end. */
    public Object column(int i) {
        if (i == lastColumn) {
            return lastValue; // values are immutable: the same object serves every read
        }
        Object v = NOT_PEEKED;
        if (!parsed && !peeked) { // the record's first column read: from its header bytes, nothing kept
            peeked = true;
            v = RecordHeader.peekValue(buf, off, len, i, NOT_PEEKED);
        }
        if (v == NOT_PEEKED) { // a second column (parsing the header once serves the rest) or an unusual record
            readSeveral |= lastColumn >= 0;
            RecordHeader h = header();
            v = h.has(i) ? h.value(i) : null;
        }
        lastColumn = i;
        lastValue = v;
        return v;
    }

    /**
     * Compares column {@code i} with the integer {@code k} without boxing it: negative, zero or
     * positive; {@link #COMPARE_NULL} when it is NULL (or past the record's end);
     * {@link #COMPARE_OTHER} when it is text or a blob. A filter such as {@code x >= 0} over every
     * row of a scan reads its column so.
     */
    public int compareInteger(int i, long k) {
        RecordHeader h = header();
        return h.has(i) ? h.compareInteger(i, k) : COMPARE_NULL;
    }

    /**
     * The record with column {@code positions[k]} set to {@code values[k]}, the other columns'
     * bytes copied ({@link RecordHeader#patched}); null when the record has no column at one of
     * the positions (a row older than a column ALTER TABLE added).
     */
    public byte[] patched(int[] positions, Object[] values) {
        return header().patchedIfHeld(positions, values);
    }

    /** Every column of the record (as {@link Record#decode}). */
    public Object[] decode() {
        RecordHeader h = header();
        Object[] out = new Object[h.columnCount()];
        for (int i = 0; i < out.length; i++) {
            out[i] = h.value(i);
        }
        return out;
    }
}
