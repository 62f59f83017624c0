package io.onelite.btree;

import io.onelite.common.CorruptDatabaseException;
import io.onelite.pager.PageStore;

/**
 * Overflow chains: payload bytes beyond the local part of a cell, in pages of
 * {@code u32 next, usableSize - 4 bytes}. The chain of a payload of P bytes with L local has
 * exactly {@code ceil((P - L) / (U - 4))} pages; readers never follow more than that many
 * links, so a loop in a corrupt file ends in {@link CorruptDatabaseException}, not forever.
 */
final class Overflow {
    private Overflow() {
    }

    /** The full payload of a parsed cell of {@code page}. */
    static byte[] payload(PageStore s, BTreePage page, CellInfo c) {
        byte[] out = new byte[(int) c.payloadSize()];
        System.arraycopy(page.data, c.payloadStart(), out, 0, c.localSize());
        if (c.hasOverflow()) {
            readChain(s, page.pgno, c.overflowPgno(), out, c.localSize());
        }
        return out;
    }

    /** The first {@code n} bytes of the payload of a parsed cell (local part plus as much of the chain as needed). */
    static byte[] prefix(PageStore s, BTreePage page, CellInfo c, int n) {
        byte[] out = new byte[n];
        int local = Math.min(n, c.localSize());
        System.arraycopy(page.data, c.payloadStart(), out, 0, local);
        if (n > local) {
            readChain(s, page.pgno, c.overflowPgno(), out, local);
        }
        return out;
    }

    /** Reads the chain starting at {@code first} into {@code out[from..]}. */
    static void readChain(PageStore s, int ownerPgno, int first, byte[] out, int from) {
        int per = s.usableSize() - 4;
        int pgno = first;
        int p = from;
        while (p < out.length) {
            if (pgno < 1 || pgno > s.pageCount()) {
                throw new CorruptDatabaseException(ownerPgno, "overflow page " + pgno + " out of range");
            }
            byte[] page = s.read(pgno);
            int n = Math.min(per, out.length - p);
            System.arraycopy(page, 4, out, p, n);
            p += n;
            pgno = PageHeader.get32(page, 0);
        }
    }

    /** Number of overflow pages for a payload of {@code size} with {@code local} bytes local. */
    static int pageCount(long size, int local, int usable) {
        long rest = size - local;
        return rest <= 0 ? 0 : (int) ((rest + usable - 5) / (usable - 4));
    }

    /** Writes {@code payload[from..]} to newly allocated overflow pages; returns the first pgno. */
    static int writeChain(PageStore s, byte[] payload, int from) {
        int per = s.usableSize() - 4;
        int n = pageCount(payload.length, from, s.usableSize());
        int[] pgnos = new int[n];
        for (int i = 0; i < n; i++) {
            pgnos[i] = s.allocate();
        }
        int p = from;
        for (int i = 0; i < n; i++) {
            byte[] page = s.write(pgnos[i]);
            PageHeader.put32(page, 0, i + 1 < n ? pgnos[i + 1] : 0);
            int len = Math.min(per, payload.length - p);
            System.arraycopy(payload, p, page, 4, len);
            p += len;
        }
        return n == 0 ? 0 : pgnos[0];
    }

    /** Frees the overflow chain of a cell ({@code count} pages from {@code first}). */
    static void freeChain(PageStore s, int ownerPgno, int first, int count) {
        freeChain(s, ownerPgno, first, count, s::free);
    }

    /** As {@link #freeChain(PageStore, int, int, int)}, each page of the chain given to {@code free} in order. */
    static void freeChain(PageStore s, int ownerPgno, int first, int count, java.util.function.IntConsumer free) {
        int pgno = first;
        for (int i = 0; i < count; i++) {
            if (pgno < 2 || pgno > s.pageCount()) {
                throw new CorruptDatabaseException(ownerPgno, "overflow page " + pgno + " out of range");
            }
            int next = PageHeader.get32(s.read(pgno), 0);
            free.accept(pgno);
            pgno = next;
        }
    }
}
