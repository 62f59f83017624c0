package io.onelite.btree;

import io.onelite.pager.PageStore;

/**
 * Removes one cell from a leaf page in place (as {@code dropCell} + {@code freeSpace} in
 * {@code btree.c}), or replaces it by one of another length, so that most deletes and updates
 * do not rebuild the page. The cell's bytes become a
 * freeblock, merged with a neighbouring freeblock when at most 3 bytes (a fragment) lie between
 * them, or are given back to the unallocated gap when they start the content area.
 *
 * <p>Conditions, checked before anything is written (else the caller rebuilds the page):
 * (1) the page's free-space bookkeeping is consistent: content start between the pointer array
 * and the usable end, freeblocks in increasing order inside the content area, each at least 4
 * bytes, the last ending by the usable end; (2) the page stays at least a third full, or is the
 * root (so no rebalancing is needed).
 */
final class FreeSpace {
    private FreeSpace() {
    }

    /** Drops cell {@code i} of leaf page {@code pgno}; false (nothing written) if a condition fails. */
    static boolean dropLeafCell(PageStore s, int pgno, int i, boolean isRoot) {
        int usable = s.usableSize();
        int hdr = PageHeader.headerOffset(pgno);
        byte[] page = s.read(pgno);
        int type = page[hdr] & 0xff;
        if (!PageHeader.isLeaf(type)) {
            return false;
        }
        int count = PageHeader.get16(page, hdr + PageHeader.CELL_COUNT);
        int pointers = hdr + PageHeader.LEAF_SIZE;
        int pointerEnd = pointers + 2 * count;
        int content = contentStart(page, hdr);
        if (i >= count || content < pointerEnd || content > usable) { // (1)
            return false;
        }
        int chain = freeblockBytes(page, hdr, content, usable);
        if (chain < 0) { // (1)
            return false;
        }
        int freeBytes = content - pointerEnd + (page[hdr + PageHeader.FRAGMENTED_BYTES] & 0xff) + chain;
        BTreePage view = new BTreePage(pgno, page, usable);
        int start = view.cellOffset(i);
        CellInfo cell = view.cellAt(start);
        int size = cell.cellSize();
        if (start < content) {
            return false;
        }
        int cap = Node.capacity(type, usable, hdr);
        int usedAfter = cap - freeBytes - size - 2;
        if (!isRoot && usedAfter < cap / 3) { // (2)
            return false;
        }
        if (cell.hasOverflow()) {
            Overflow.freeChain(s, pgno, cell.overflowPgno(), Overflow.pageCount(cell.payloadSize(), cell.localSize(), usable));
        }
        page = s.write(pgno);
        System.arraycopy(page, pointers + 2 * i + 2, page, pointers + 2 * i, pointerEnd - pointers - 2 * i - 2);
        PageHeader.put16(page, pointerEnd - 2, 0);
        PageHeader.put16(page, hdr + PageHeader.CELL_COUNT, count - 1);
        if (count == 1) { // an empty page: everything is gap again
            PageHeader.put16(page, hdr + PageHeader.FIRST_FREEBLOCK, 0);
            PageHeader.put16(page, hdr + PageHeader.CELL_CONTENT, usable == 65536 ? 0 : usable);
            page[hdr + PageHeader.FRAGMENTED_BYTES] = 0;
            return true;
        }
        free(page, hdr, start, size, content);
        return true;
    }

    /**
     * Replaces cell {@code i} of leaf page {@code pgno} by {@code cell} of another length, in
     * place (as {@code sqlite3BtreeInsert}'s drop then insert of the cell): the new cell goes
     * into the gap before the content area, the old one becomes free space. False (nothing
     * written) if a condition fails, and the caller rebuilds the page. Conditions: (1) as for
     * {@link #dropLeafCell}, the bookkeeping is consistent; (2) neither cell spills to overflow
     * pages; (3) the gap holds the new cell (its pointer is the old one's). The leaf may end
     * under a third full, as a rebuilt leaf an insert changed may (only overflow rebalances it).
     */
    static boolean replaceLeafCell(PageStore s, int pgno, int i, byte[] cell) {
        int usable = s.usableSize();
        int hdr = PageHeader.headerOffset(pgno);
        byte[] page = s.read(pgno);
        int type = page[hdr] & 0xff;
        if (!PageHeader.isLeaf(type)) {
            return false;
        }
        int count = PageHeader.get16(page, hdr + PageHeader.CELL_COUNT);
        int pointerEnd = hdr + PageHeader.LEAF_SIZE + 2 * count;
        int content = contentStart(page, hdr);
        if (i >= count || content < pointerEnd || content > usable || freeblockBytes(page, hdr, content, usable) < 0) { // (1)
            return false;
        }
        BTreePage view = new BTreePage(pgno, page, usable);
        int start = view.cellOffset(i);
        CellInfo old = view.cellAt(start);
        if (start < content || old.hasOverflow() || Cells.spills(cell, type, usable)) { // (1), (2)
            return false;
        }
        int size = Math.max(PageHeader.MIN_CELL_SIZE, cell.length);
        if (content - pointerEnd < size) { // (3)
            return false;
        }
        page = s.write(pgno);
        int at = content - size;
        System.arraycopy(cell, 0, page, at, cell.length);
        java.util.Arrays.fill(page, at + cell.length, at + size, (byte) 0);
        PageHeader.put16(page, hdr + PageHeader.LEAF_SIZE + 2 * i, at);
        PageHeader.put16(page, hdr + PageHeader.CELL_CONTENT, at);
        free(page, hdr, start, old.cellSize(), at);
        return true;
    }

    private static int contentStart(byte[] page, int hdr) {
        int content = PageHeader.get16(page, hdr + PageHeader.CELL_CONTENT);
        return content == 0 ? 65536 : content;
    }

    /**
     * The bytes of the freeblock chain, or -1 if it is inconsistent: freeblocks in increasing
     * order inside the content area, more than 3 bytes apart, each at least 4 bytes, the last
     * ending by the usable end.
     */
    private static int freeblockBytes(byte[] page, int hdr, int content, int usable) {
        int total = 0;
        int prev = 0;
        for (int fb = PageHeader.get16(page, hdr + PageHeader.FIRST_FREEBLOCK); fb != 0; fb = PageHeader.get16(page, fb)) {
            if (fb < content || fb <= prev + 3 || fb > usable - 4) {
                return -1;
            }
            int size = PageHeader.get16(page, fb + 2);
            if (size < 4 || fb + size > usable) {
                return -1;
            }
            total += size;
            prev = fb + size; // the next one must start more than 3 bytes after this one ends
        }
        return total;
    }

    /** Adds [start, start+size) to the freeblock chain, merging neighbours (as {@code freeSpace}). */
    private static void free(byte[] page, int hdr, int start, int size, int content) {
        int ptr = hdr + PageHeader.FIRST_FREEBLOCK;
        int next = PageHeader.get16(page, ptr);
        while (next != 0 && next < start) {
            ptr = next;
            next = PageHeader.get16(page, next);
        }
        int end = start + size;
        int fragments = 0;
        if (next != 0 && end + 3 >= next) { // merge with the following freeblock
            fragments = next - end;
            end = next + PageHeader.get16(page, next + 2);
            next = PageHeader.get16(page, next);
        }
        if (ptr > hdr + PageHeader.FIRST_FREEBLOCK) { // merge with the preceding freeblock
            int prevEnd = ptr + PageHeader.get16(page, ptr + 2);
            if (prevEnd + 3 >= start) {
                fragments += start - prevEnd;
                start = ptr;
            }
        }
        int frag = page[hdr + PageHeader.FRAGMENTED_BYTES] & 0xff;
        page[hdr + PageHeader.FRAGMENTED_BYTES] = (byte) Math.max(0, frag - fragments);
        if (start <= content) { // the start of the content area: give it back to the gap
            PageHeader.put16(page, hdr + PageHeader.FIRST_FREEBLOCK, next);
            PageHeader.put16(page, hdr + PageHeader.CELL_CONTENT, end);
            return;
        }
        if (start == ptr) { // grew the preceding freeblock
            PageHeader.put16(page, ptr, next);
            PageHeader.put16(page, ptr + 2, end - start);
            return;
        }
        PageHeader.put16(page, ptr, start);
        PageHeader.put16(page, start, next);
        PageHeader.put16(page, start + 2, end - start);
    }
}
