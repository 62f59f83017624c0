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
        RecordHeader h = RecordHeader.parse(buf, off, len);
        int n = key.length;
        for (int c = 0; c < n; c++) {
            Object v = c < h.columnCount() ? h.value(c) : null;
            int r = ValueOrder.compare(v, key[c], info.collation(c));
            if (r != 0) {
                return info.descending(c) ? -r : r;
            }
        }
        return 0;
    }

    /** Compares cell {@code i} of an index page with {@code key}. */
    static int compareCell(PageStore s, BTreePage p, int i, Object[] key, KeyInfo info) {
        CellInfo c = p.cell(i);
        if (!c.hasOverflow()) {
            return compare(p.data, c.payloadStart(), c.localSize(), key, info);
        }
        byte[] full = Overflow.payload(s, p, c);
        return compare(full, 0, full.length, key, info);
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
