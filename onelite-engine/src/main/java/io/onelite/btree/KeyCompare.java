package io.onelite.btree;

import io.onelite.pager.PageStore;

/**
 * Compares index records with search keys column by column ({@link ValueOrder} with the
 * {@link KeyInfo}'s collation and direction per column). A search key shorter than the record
 * is a prefix: only its columns are compared.
 */
final class KeyCompare {
    private KeyCompare() {
    }

    /** Sign of (record in {@code buf[off, off+len)}) minus {@code key}, over key.length columns. */
    static int compare(byte[] buf, int off, int len, Object[] key, KeyInfo info) {
        return compare(RecordHeader.parse(buf, off, len), key, null, info);
    }

    /**
     * The UTF-8 bytes of each text column of a search key (null for other columns), for byte-wise
     * BINARY compares; null when the key holds no text (an integer seek then allocates nothing here).
     */
    static byte[][] utf8(Object[] key) {
        byte[][] out = null;
        for (int c = 0; c < key.length; c++) {
            if (key[c] instanceof String str) {
                if (out == null) {
                    out = new byte[key.length][];
                }
                out[c] = str.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            }
        }
        return out;
    }

    private static int compare(RecordHeader h, Object[] key, byte[][] utf8, KeyInfo info) {
        int n = key.length;
        for (int c = 0; c < n; c++) {
            int r;
            if (h.has(c)) {
                r = h.compareColumn(c, key[c], utf8 == null ? null : utf8[c], info.collation(c));
            } else {
                r = ValueOrder.compare(null, key[c], info.collation(c));
            }
            if (r != 0) {
                return info.descending(c) ? -r : r;
            }
        }
        return 0;
    }

    /**
     * Compares cell {@code i} of an index page with {@code key} ({@code utf8} from {@link #utf8},
     * or null). {@code scratch} is parsed into when the record lies in the page (the common case:
     * a seek then allocates no header per probed cell); it is overwritten.
     */
    static int compareCell(PageStore s, BTreePage p, int i, Object[] key, byte[][] utf8, KeyInfo info, RecordHeader scratch) {
        long local = p.localPayload(i); // the usual case, read in place with no CellInfo made
        if (local >= 0) {
            int start = (int) (local >>> 32);
            int size = (int) local;
            if (key.length > 0 && key[0] instanceof Long k) {
                int r = compareFirstInteger(p.data, start, size, k);
                if (r != UNDECIDED && (r != 0 || key.length == 1)) {
                    return info.descending(0) ? -r : r;
                }
            }
            return compare(scratch.reset(p.data, start, size), key, utf8, info);
        }
        CellInfo c = p.cell(i);
        // Conditions for comparing without reading the whole overflow chain: (1) the record
        // header lies in the local part; (2) so do the bodies of the compared columns; else
        // (3) only the chain prefix up to the last compared column is read.
        int start = c.payloadStart();
        int n = Varint.length(p.data, start, start + c.localSize());
        if (n != Varint.BAD && Varint.get(p.data, start) <= c.localSize()) { // (1)
            RecordHeader h = RecordHeader.parse(p.data, start, (int) c.payloadSize());
            int cols = Math.min(key.length, h.columnCount());
            int needed = cols == 0 ? start : h.bodyEnd(cols - 1);
            if (needed <= start + c.localSize()) { // (2)
                return compare(h, key, utf8, info);
            }
            byte[] prefix = Overflow.prefix(s, p, c, needed - start); // (3)
            return compare(RecordHeader.parse(prefix, 0, (int) c.payloadSize()), key, utf8, info);
        }
        byte[] full = Overflow.payload(s, p, c);
        return compare(RecordHeader.parse(full, 0, full.length), key, utf8, info);
    }

    /** {@link #compareFirstInteger}'s answer when the full comparison must decide. */
    static final int UNDECIDED = 2;

    /**
     * Sign of (column 0 of the record at {@code buf[off, off+len)}) minus the integer {@code k},
     * read straight from the record when its header size and column 0's serial type are one byte
     * each and that column is NULL or an integer (SQLite's {@code vdbeRecordCompareInt}): an index
     * seek on an integer key then parses no header per probed cell. {@link #UNDECIDED} for any
     * other record (a real, text or blob first, a longer header, a body past the record), which
     * the full comparison decides and checks.
     */
    static int compareFirstInteger(byte[] buf, int off, int len, long k) {
        if (len < 2) {
            return UNDECIDED;
        }
        int headerLen = buf[off];
        int t = buf[off + 1];
        if (headerLen < 2 || headerLen > len || t < 0) { // negative: a varint of more than one byte
            return UNDECIDED;
        }
        long v;
        switch (t) {
            case 0:
                return -1; // NULL sorts before every number
            case 8:
                v = 0;
                break;
            case 9:
                v = 1;
                break;
            case 1, 2, 3, 4, 5, 6: {
                int size = t <= 4 ? t : t == 5 ? 6 : 8;
                if (headerLen + size > len) {
                    return UNDECIDED;
                }
                v = Record.getBigEndian(buf, off + headerLen, size);
                break;
            }
            default:
                return UNDECIDED;
        }
        return Long.compare(v, k);
    }

    /** Compares two decoded keys, over the columns of the shorter. */
    static int compareKeys(Object[] a, Object[] b, KeyInfo info) {
        int n = Math.min(a.length, b.length);
        for (int c = 0; c < n; c++) {
            int r = ValueOrder.compare(a[c], b[c], info.collation(c));
            if (r != 0) {
                return info.descending(c) ? -r : r;
            }
        }
        return 0;
    }
}
