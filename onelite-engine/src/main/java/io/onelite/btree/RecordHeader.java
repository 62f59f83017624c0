package io.onelite.btree;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The parsed header of one record in {@code buf[off, off+len)}: the serial type and body offset
 * of each column, validated so that every body lies inside the record (else
 * {@code CorruptDatabaseException}, "malformed record"). Values are then read one at a time.
 *
 * <p>Parsed lazily, as SQLite's OP_Column: the serial types are read only as far as the columns
 * asked for ({@link #has}), so a scan filtering on its second column, or an index seek deciding
 * on its first, reads no further; {@link #columnCount} and {@link #impliedSize} read the rest.
 *
 * <p>Reusable: {@link #reset} parses another record into the same object, keeping its arrays, so
 * a cursor reading many rows (or an index seek comparing many cells) allocates nothing per
 * record. A header refers to its buffer: it is valid only while that buffer is not modified.
 */
public final class RecordHeader {
    private static final long[] NO_TYPES = new long[0];
    private static final int[] NO_OFFSETS = new int[0];

    /** {@link Record#bodySize} of the serial types 0 to 11 (10 and 11 reserved: -1). */
    private static final int[] SMALL_TYPE_SIZES = {0, 1, 2, 3, 4, 6, 8, 8, 0, 0, -1, -1};

    private byte[] buf;
    private long[] types = NO_TYPES;
    private int[] offsets = NO_OFFSETS;
    /** The columns parsed so far. */
    private int count;
    /** Where the last column's content ends: the record's size as its header implies it (once complete). */
    private long contentEnd;
    /** The record's start and end in {@link #buf}. */
    private int off;
    private int end;
    /** The next serial type to parse, and where the header ends. */
    private int next;
    private int headerEnd;
    /** Where the body of the next column to parse starts. */
    private long body;
    /** Whether every serial type is parsed. */
    private boolean complete = true; // an empty header has no columns

    /** An empty header (no columns) to {@link #reset} later. */
    public RecordHeader() {
    }

    /** Parses and checks the header of the record at {@code buf[off, off+len)}. */
    static RecordHeader parse(byte[] buf, int off, int len) {
        RecordHeader h = new RecordHeader();
        h.reset(buf, off, len);
        return h;
    }

    /** Parses and checks the header of the record {@code payload} into this object. */
    public RecordHeader reset(byte[] payload) {
        return reset(payload, 0, payload.length);
    }

    /** Parses and checks the header of the record at {@code buf[off, off+len)} into this object. */
    RecordHeader reset(byte[] buf, int off, int len) {
        this.buf = buf;
        count = 0; // a malformed record leaves no columns behind
        complete = true;
        init(off, len);
        return this;
    }

    private void init(int off, int len) {
        int end = off + len;
        int n;
        long headerLen;
        if (len > 0 && off >= 0 && off < buf.length && buf[off] >= 0) {
            n = 1; // a header below 128 bytes: a one-byte varint, the usual case
            headerLen = buf[off];
        } else {
            n = Varint.length(buf, off, end);
            if (n == Varint.BAD) {
                throw Record.malformed("header size varint");
            }
            headerLen = Varint.get(buf, off);
        }
        if (headerLen < n || headerLen > len) {
            throw Record.malformed("header size " + headerLen + " for a record of " + len + " bytes");
        }
        this.off = off;
        this.end = end;
        this.next = off + n;
        this.headerEnd = off + (int) headerLen;
        this.body = headerEnd;
        this.complete = next >= headerEnd;
        if (complete) {
            contentEnd = body - off;
        }
        if (types.length < headerLen) { // at most one serial type per header byte
            types = new long[Math.max(4, (int) headerLen)];
            offsets = new int[types.length];
        }
    }

    /** Parses serial types until column {@code i} is parsed or the header ends. */
    private void parseTo(int i) {
        byte[] buf = this.buf;
        int p = next;
        int count = this.count;
        long body = this.body;
        long[] types = this.types; // as long as the header: one serial type per byte at most (init)
        int[] offsets = this.offsets;
        int headerEnd = this.headerEnd;
        int end = this.end;
        int oneByteLimit = Math.min(headerEnd, buf.length);
        while (p < headerEnd && count <= i) {
            long t;
            long size;
            int b;
            if (p < oneByteLimit && (b = buf[p]) >= 0) { // a serial type below 128: one byte, the usual case
                p++;
                t = b;
                size = oneByteTypeSize(b);
            } else {
                int m = Varint.length(buf, p, headerEnd);
                if (m == Varint.BAD) {
                    throw malformed("serial type varint runs past the header");
                }
                t = Varint.get(buf, p);
                p += m;
                size = Record.bodySize(t);
            }
            if (size < 0) {
                throw reserved(t);
            }
            types[count] = t;
            offsets[count] = (int) body;
            count++;
            body += size;
            if (body > end) {
                throw pastTheEnd(count - 1);
            }
        }
        this.next = p;
        this.count = count;
        this.body = body;
        if (p >= headerEnd) {
            complete = true;
            contentEnd = body - off;
        }
    }

    private RuntimeException reserved(long t) {
        return malformed("reserved serial type " + t);
    }

    private RuntimeException pastTheEnd(int column) {
        return malformed("column " + column + " runs past the end of the record");
    }

    /** A malformed record leaves no columns behind. */
    private RuntimeException malformed(String what) {
        count = 0;
        complete = true;
        return Record.malformed(what);
    }

    /** Parses the header as far as column {@code i} if it has not yet. */
    private void ensure(int i) {
        if (i >= count && !complete) {
            parseTo(i);
        }
    }

    /** Whether the record has a column {@code i} (parsing the header as far as it). */
    boolean has(int i) {
        ensure(i);
        return i < count;
    }

    /**
     * The record's size as its header implies it (header plus every column's content). SQLite's
     * OP_Column, reading the whole header, calls a record corrupt unless this equals the payload
     * size; readers of single columns here accept a longer payload, the integrity check does not.
     */
    long impliedSize() {
        columnCount();
        return contentEnd;
    }

    /** The number of columns of the record (the whole header parsed). */
    public int columnCount() {
        if (!complete) {
            parseTo(Integer.MAX_VALUE - 1);
        }
        return count;
    }

    /** Offset in the buffer just past the body of column {@code i}. */
    int bodyEnd(int i) {
        ensure(i);
        return offsets[i] + (int) Record.bodySize(types[i]);
    }

    long serialType(int i) {
        ensure(i);
        return types[i];
    }

    /**
     * Compares column {@code i} with {@code k} as {@link ValueOrder#compare} would, without
     * making a Java value of the column where it can: integers and reals are compared unboxed,
     * BINARY text by its UTF-8 bytes when {@code kUtf8} (the bytes of {@code k}) is given, blobs
     * in place.
     */
    int compareColumn(int i, Object k, byte[] kUtf8, Collation coll) {
        ensure(i);
        long t = types[i];
        int p = offsets[i];
        int rank = t == 0 ? 0 : t <= 9 ? 1 : (t & 1) == 1 ? 2 : 3;
        int kRank = k == null ? 0 : k instanceof Number ? 1 : k instanceof String ? 2 : 3;
        if (k instanceof Double d && d.isNaN()) {
            kRank = 0;
        }
        if (rank != kRank) {
            return rank < kRank ? -1 : 1;
        }
        switch (rank) {
            case 0:
                return 0;
            case 1:
                if (t == 7) {
                    double v = Double.longBitsToDouble(Record.getBigEndian(buf, p, 8));
                    return ValueOrder.compare(v, k, coll);
                }
                long v = t == 8 ? 0 : t == 9 ? 1 : Record.getBigEndian(buf, p, (int) Record.bodySize(t));
                if (k instanceof Double || k instanceof Float) {
                    return ValueOrder.intFloatCompare(v, ((Number) k).doubleValue());
                }
                return Long.compare(v, ((Number) k).longValue());
            case 2: {
                int len = (int) ((t - 13) / 2);
                if (kUtf8 != null && (coll == null || coll == Collation.BINARY)) {
                    return Integer.signum(Arrays.compareUnsigned(buf, p, p + len, kUtf8, 0, kUtf8.length));
                }
                return (coll == null ? Collation.BINARY : coll).compare(new String(buf, p, len, StandardCharsets.UTF_8), (String) k);
            }
            default: {
                int len = (int) ((t - 12) / 2);
                byte[] b = (byte[]) k;
                return Integer.signum(Arrays.compareUnsigned(buf, p, p + len, b, 0, b.length));
            }
        }
    }

    /**
     * Compares column {@code i} with the integer {@code k} without making a Java value of it:
     * negative, zero or positive for a number (as {@link ValueOrder#compare});
     * {@link RecordReader#COMPARE_NULL} for NULL (or a NaN, which reads as NULL);
     * {@link RecordReader#COMPARE_OTHER} for text or a blob, which a comparison's affinity may
     * turn into a number first, so the caller compares their values itself.
     */
    int compareInteger(int i, long k) {
        ensure(i);
        return compareInteger(buf, types[i], offsets[i], k);
    }

    /** {@link #compareInteger(int, long)} of a column of serial type {@code t} whose body is at {@code buf[p]}. */
    private static int compareInteger(byte[] buf, long t, int p, long k) {
        if (t == 0) {
            return RecordReader.COMPARE_NULL;
        }
        if (t >= 10) {
            return RecordReader.COMPARE_OTHER;
        }
        if (t == 7) {
            double d = Double.longBitsToDouble(Record.getBigEndian(buf, p, 8));
            return Double.isNaN(d) ? RecordReader.COMPARE_NULL : -ValueOrder.intFloatCompare(k, d);
        }
        long v = t == 8 ? 0 : t == 9 ? 1 : Record.getBigEndian(buf, p, SMALL_TYPE_SIZES[(int) t]);
        return Long.compare(v, k);
    }

    /**
     * Where column {@code i} of the record at {@code buf[off, off+len)} is, read straight from
     * its header bytes and keeping nothing: its serial type in the high half and its body's offset
     * in the low half, or -1 when the record is not one this reads. A scan reading one column of
     * every row (a filter's, or an aggregate's argument) so pays for no parsed header, as SQLite's
     * OP_Column parses only what it reads. Takes the usual record, a header below 128 bytes whose
     * serial types up to column {@code i} are one byte each, and refuses any other, malformed ones
     * included, which a parse then reads or rejects with its own error.
     */
    static long peek(byte[] buf, int off, int len, int i) {
        if (len <= 0 || off < 0 || off + len > buf.length) {
            return -1;
        }
        int headerLen = buf[off]; // negative: a multi-byte varint
        if (i < 0 || i + 1 >= headerLen || headerLen > len) {
            return -1; // column i is not in the header (or the header is odd)
        }
        long body = off + headerLen;
        for (int j = 0; ; j++) {
            int t = buf[off + 1 + j];
            if (t < 0 || t == 10 || t == 11) {
                return -1; // a serial type of two bytes or more, or a reserved one
            }
            int size = oneByteTypeSize(t);
            if (j == i) {
                return body + size > off + len ? -1 : ((long) t << 32) | body;
            }
            body += size;
        }
    }

    /** The body size of serial type {@code t} below 128 (10 and 11 reserved: -1). */
    private static int oneByteTypeSize(int t) {
        return t >= 12 ? (t - 12) >> 1 : SMALL_TYPE_SIZES[t];
    }

    /**
     * {@link #compareInteger(int, long)} of column {@code i} of the record at
     * {@code buf[off, off+len)} as {@link #peek} reads it: {@link RecordReader#COMPARE_LOAD} where
     * it refuses the record.
     */
    static int peekCompareInteger(byte[] buf, int off, int len, int i, long k) {
        long at = peek(buf, off, len, i);
        return at < 0 ? RecordReader.COMPARE_LOAD : compareInteger(buf, at >>> 32, (int) at, k);
    }

    /** {@link #value} of column {@code i} of the record at {@code buf[off, off+len)} as {@link #peek} reads it: {@code refused} where it refuses the record. */
    static Object peekValue(byte[] buf, int off, int len, int i, Object refused) {
        long at = peek(buf, off, len, i);
        return at < 0 ? refused : value(buf, at >>> 32, (int) at);
    }

    /** {@link #patched}, or null when the record has no column at one of the positions (older than a column ALTER TABLE added). */
    byte[] patchedIfHeld(int[] positions, Object[] values) {
        int n = columnCount();
        for (int p : positions) {
            if (p >= n) {
                return null;
            }
        }
        return patched(positions, values);
    }

    /**
     * This record with column {@code positions[k]} set to {@code values[k]} (SQL values, a later
     * position of the same column winning), every other column's bytes copied as they are, not
     * decoded and encoded again: an UPDATE of a few columns of a row. Every position must be below
     * {@link #columnCount}.
     */
    byte[] patched(int[] positions, Object[] values) {
        int n = columnCount();
        byte[] same = patchedAlike(n, positions, values);
        if (same != null) {
            return same;
        }
        long[] newTypes = new long[n];
        int typesLen = 0;
        long bodyLen = 0;
        for (int i = 0; i < n; i++) {
            long t = types[i];
            for (int k = 0; k < positions.length; k++) {
                if (positions[k] == i) {
                    t = Record.serialType(values[k]);
                }
            }
            newTypes[i] = t;
            typesLen += Varint.size(t);
            bodyLen += Record.bodySize(t);
        }
        byte[] out = Record.withHeader(newTypes, typesLen, bodyLen);
        int p = out.length - (int) bodyLen;
        int runFrom = -1; // the unchanged columns since runFrom are copied in one piece
        for (int i = 0; i < n; i++) {
            int k = lastPosition(positions, i);
            if (k < 0) {
                if (runFrom < 0) {
                    runFrom = offsets[i];
                }
                continue;
            }
            if (runFrom >= 0) {
                int len = offsets[i] - runFrom;
                System.arraycopy(buf, runFrom, out, p, len);
                p += len;
                runFrom = -1;
            }
            p = Record.putBody(out, p, newTypes[i], values[k]);
        }
        if (runFrom >= 0) {
            int len = bodyEnd(n - 1) - runFrom;
            System.arraycopy(buf, runFrom, out, p, len);
            p += len;
        }
        assert p == out.length : "record length " + p + " != " + out.length;
        return out;
    }

    /**
     * Whether {@link #patchInPlace} may patch this record: no byte moves ({@link #patchedAlike}'s
     * conditions) and the record holds every position. The values' serial types are kept for
     * {@link #patchChanges} and {@link #patchInPlace}, which follow with the same values.
     */
    boolean patchableInPlace(int[] positions, Object[] values) {
        int n = columnCount();
        if (headerEnd - off != n + 1) {
            return false; // a type of two bytes or more, or a long header
        }
        if (patchTypes.length < positions.length) {
            patchTypes = new long[positions.length];
        }
        for (int k = 0; k < positions.length; k++) {
            int i = positions[k];
            if (i >= n) {
                return false; // a record older than the column (ALTER TABLE ADD COLUMN)
            }
            long t = Record.serialType(values[k]);
            if (t >= 128 || Record.bodySize(t) != Record.bodySize(types[i])) {
                return false;
            }
            patchTypes[k] = t;
        }
        return true;
    }

    /** The serial types of the values {@link #patchableInPlace} accepted last. */
    private long[] patchTypes = new long[4];

    /**
     * Patches this record, {@link #patchableInPlace} with the same values, where it lies in {@code dst}: its buffer, or
     * a copy of that buffer (the same offsets).
     */
    void patchInPlace(byte[] dst, int[] positions, Object[] values) {
        for (int k = 0; k < positions.length; k++) { // a later position of a column wins, as in patched
            int i = positions[k];
            long t = patchTypes[k];
            dst[off + 1 + i] = (byte) t;
            Record.putBody(dst, offsets[i], t, values[k]);
        }
    }

    /**
     * Whether {@link #patchInPlace} would change any byte of this record ({@link #patchableInPlace} first): SQLite leaves a page
     * unwritten when an overwrite of the same size brings the same bytes (btreeOverwriteContent),
     * so an UPDATE that sets the values a row has dirties no page and adds nothing to the WAL.
     */
    boolean patchChanges(int[] positions, Object[] values) {
        for (int k = 0; k < positions.length; k++) {
            int i = positions[k];
            if (lastPosition(positions, i) != k) {
                continue; // a later position of the column wins
            }
            long t = patchTypes[k];
            if (buf[off + 1 + i] != (byte) t || !Record.bodyEquals(buf, offsets[i], t, values[k])) {
                return true;
            }
        }
        return false;
    }

    /**
     * {@link #patched} of a record whose serial types are one byte each, when every new value
     * takes as many bytes as the old one (an integer that stays within its size, a REAL): the
     * record is copied and those bytes overwritten. Null otherwise.
     */
    private byte[] patchedAlike(int n, int[] positions, Object[] values) {
        if (headerEnd - off != n + 1) {
            return null; // a type of two bytes or more (text, blobs past 57 bytes) or a long header
        }
        for (int k = 0; k < positions.length; k++) {
            long t = Record.serialType(values[k]);
            long was = types[positions[k]];
            if (t >= 128 || Record.bodySize(t) != Record.bodySize(was)) {
                return null;
            }
        }
        int len = (int) contentEnd;
        byte[] out = new byte[len];
        System.arraycopy(buf, off, out, 0, len);
        for (int k = 0; k < positions.length; k++) {
            int i = positions[k];
            long t = Record.serialType(values[k]);
            out[1 + i] = (byte) t;
            Record.putBody(out, offsets[i] - off, t, values[k]);
        }
        return out;
    }

    private static int lastPosition(int[] positions, int column) {
        for (int k = positions.length - 1; k >= 0; k--) {
            if (positions[k] == column) {
                return k;
            }
        }
        return -1;
    }

    /** Column {@code i} as a Java value ({@code i < columnCount()}). */
    public Object value(int i) {
        ensure(i);
        return value(buf, types[i], offsets[i]);
    }

    /** The value of serial type {@code t} whose body is at {@code buf[p]}. */
    private static Object value(byte[] buf, long t, int p) {
        if (t >= 12) {
            int size = (int) ((t - 12) / 2);
            if ((t & 1) == 0) {
                return Arrays.copyOfRange(buf, p, p + size);
            }
            return new String(buf, p, size, StandardCharsets.UTF_8);
        }
        return switch ((int) t) {
            case 0 -> null;
            case 8 -> 0L;
            case 9 -> 1L;
            case 7 -> {
                double d = Double.longBitsToDouble(Record.getBigEndian(buf, p, 8));
                yield Double.isNaN(d) ? null : d;
            }
            default -> Record.getBigEndian(buf, p, (int) Record.bodySize(t));
        };
    }
}
