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
 * (1) the page's free-space bookkeeping is consistent where it is read: content start between
 * the pointer array and the usable end, the cell inside the content area, and the freeblocks
 * walked (those before the cell and the one after it, which it may merge with) in increasing
 * order inside the content area, each at least 4 bytes, none overlapping the cell; (2) the page
 * stays at least a third full, or is the root (so no rebalancing is needed).
 *
 * <p>The chain is walked once, and past the cell only until (2) is sure: the freeblocks not yet
 * walked lie after the last byte walked, so they hold at most the bytes from there to the usable
 * end. SQLite keeps the page's free-byte count with its cached page ({@code MemPage.nFree}); a
 * delete here walked the whole chain twice (7% of a point delete's samples).
 */
final class FreeSpace {
    private FreeSpace() {
    }

    /**
     * Condition (1) of an in-place change of leaf cell {@code i}: a leaf page whose cell count,
     * content start and cell offset are consistent. The cell's offset, or -1 when they are not.
     */
    private static int checkedLeafCell(int pgno, byte[] page, int hdr, int i, int usable) {
        if (!PageHeader.isLeaf(page[hdr] & 0xff)) {
            return -1;
        }
        int count = PageHeader.get16(page, hdr + PageHeader.CELL_COUNT);
        int content = contentStart(page, hdr);
        if (i >= count || content < hdr + PageHeader.LEAF_SIZE + 2 * count || content > usable) {
            return -1;
        }
        int start = new BTreePage(pgno, page, usable).cellOffset(i);
        return start < content || start > usable - PageHeader.MIN_CELL_SIZE ? -1 : start;
    }

    /** Drops cell {@code i} of leaf page {@code pgno}; false (nothing written) if a condition fails. */
    static boolean dropLeafCell(PageStore s, int pgno, int i, boolean isRoot) {
        int usable = s.usableSize();
        int hdr = PageHeader.headerOffset(pgno);
        byte[] page = s.read(pgno);
        int start = checkedLeafCell(pgno, page, hdr, i, usable);
        if (start < 0) {
            return false;
        }
        int count = PageHeader.get16(page, hdr + PageHeader.CELL_COUNT);
        int pointers = hdr + PageHeader.LEAF_SIZE;
        int pointerEnd = pointers + 2 * count;
        int content = contentStart(page, hdr);
        BTreePage view = new BTreePage(pgno, page, usable);
        CellInfo cell = view.cellAt(start);
        int size = cell.cellSize();
        int slot = dropSlot(page, hdr, usable, start, size, isRoot);
        if (slot < 0) {
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
        free(page, hdr, slot, start, size, content);
        return true;
    }

    /**
     * Whether the cell at [start, start+size) of a leaf page image (header at {@code hdr}, inside
     * the content area) can be dropped in place: the offset of the chain slot that precedes it
     * (the header's first-freeblock field or a freeblock), or -1 if (1) or (2) fails. Reads only.
     */
    static int dropSlot(byte[] page, int hdr, int usable, int start, int size, boolean isRoot) {
        int end = start + size;
        int content = contentStart(page, hdr);
        long before = end > usable ? -1 : chainBefore(page, hdr, content, usable, start, end);
        int slot = (int) before;
        if (before < 0 || isRoot) {
            return slot;
        }
        int count = PageHeader.get16(page, hdr + PageHeader.CELL_COUNT);
        int pointerEnd = hdr + PageHeader.LEAF_SIZE + 2 * count;
        int cap = Node.capacity(page[hdr] & 0xff, usable, hdr);
        int allowed = cap - size - 2 - cap / 3; // (2): the most free bytes the page may have now
        int known = content - pointerEnd + (page[hdr + PageHeader.FRAGMENTED_BYTES] & 0xff) + (int) (before >>> 32);
        int walked = end; // the freeblocks not yet counted lie in [walked, usable)
        int prev = 0;
        for (int fb = PageHeader.get16(page, slot); known + (usable - walked) > allowed; fb = PageHeader.get16(page, fb)) {
            if (fb == 0) {
                return known <= allowed ? slot : -1; // the whole chain is counted
            }
            if (fb < walked || fb <= prev + 3 || fb > usable - 4) { // (1)
                return -1;
            }
            int fbSize = PageHeader.get16(page, fb + 2);
            if (fbSize < 4 || fb + fbSize > usable) { // (1)
                return -1;
            }
            known += fbSize;
            prev = fb + fbSize;
            walked = prev;
        }
        return slot;
    }

    /**
     * The chain slot preceding [start, end) (the header's first-freeblock field, or the last
     * freeblock before {@code start}) in the low 32 bits, the bytes of the freeblocks before it
     * in the high 32; -1 if the freeblocks walked (those before the range and the one after
     * it) are out of order, outside the content area, under 4 bytes, or overlap the range.
     */
    private static long chainBefore(byte[] page, int hdr, int content, int usable, int start, int end) {
        int slot = hdr + PageHeader.FIRST_FREEBLOCK;
        int prev = 0;
        long bytes = 0;
        for (int fb = PageHeader.get16(page, slot); fb != 0; fb = PageHeader.get16(page, fb)) {
            if (fb < content || fb <= prev + 3 || fb > usable - 4) {
                return -1;
            }
            int size = PageHeader.get16(page, fb + 2);
            if (size < 4 || fb + size > usable) {
                return -1;
            }
            if (fb >= start) {
                return fb < end ? -1 : bytes << 32 | slot; // the next freeblock must not overlap the range
            }
            if (fb + size > start) {
                return -1;
            }
            slot = fb;
            prev = fb + size;
            bytes += size;
        }
        return bytes << 32 | slot;
    }

    /**
     * Replaces cell {@code i} of leaf page {@code pgno} by {@code cell} of another length, in
     * place (as {@code sqlite3BtreeInsert}'s drop then insert of the cell): the new cell goes
     * into the gap before the content area, the old one becomes free space. False (nothing
     * written) if a condition fails, and the caller rebuilds the page. Conditions: (1) as for
     * {@link #dropLeafCell}, the bookkeeping is consistent; (2) neither cell spills to overflow
     * pages; (3) the gap holds the new cell (its pointer is the old one's), or else the new cell
     * fits in free space already on the page (see {@link #replaceInFreeSpace}). The leaf may end
     * under a third full, as a rebuilt leaf an insert changed may (only overflow rebalances it).
     */
    static boolean replaceLeafCell(PageStore s, int pgno, int i, byte[] cell) {
        int usable = s.usableSize();
        int hdr = PageHeader.headerOffset(pgno);
        byte[] page = s.read(pgno);
        int start = checkedLeafCell(pgno, page, hdr, i, usable);
        if (start < 0) {
            return false;
        }
        int count = PageHeader.get16(page, hdr + PageHeader.CELL_COUNT);
        int pointerEnd = hdr + PageHeader.LEAF_SIZE + 2 * count;
        int content = contentStart(page, hdr);
        BTreePage view = new BTreePage(pgno, page, usable);
        CellInfo old = view.cellAt(start);
        int oldEnd = start + old.cellSize();
        long before = oldEnd > usable ? -1 : chainBefore(page, hdr, content, usable, start, oldEnd);
        if (before < 0 || old.hasOverflow() || Cells.spills(cell, page[hdr] & 0xff, usable)) { // (1), (2)
            return false;
        }
        int size = Math.max(PageHeader.MIN_CELL_SIZE, cell.length);
        if (content - pointerEnd < size) { // (3)
            return replaceInFreeSpace(s, pgno, page, hdr, i, start, old.cellSize(), (int) before, cell, size);
        }
        page = s.write(pgno);
        int at = content - size;
        System.arraycopy(cell, 0, page, at, cell.length);
        java.util.Arrays.fill(page, at + cell.length, at + size, (byte) 0);
        PageHeader.put16(page, hdr + PageHeader.LEAF_SIZE + 2 * i, at);
        PageHeader.put16(page, hdr + PageHeader.CELL_CONTENT, at);
        free(page, hdr, (int) before, start, old.cellSize(), at);
        return true;
    }

    /**
     * The rest of {@link #replaceLeafCell} when the gap is too small for the new cell of
     * {@code size} bytes: it goes where the old cell was when it is not longer (the rest of the
     * old cell becomes a freeblock, or fragment bytes when under 4), else into the first freeblock
     * that holds it, taken from that freeblock's end (as {@code pageFindSlot}: a freeblock left
     * with under 4 bytes leaves the chain and its bytes count as fragments), and then the old
     * cell is freed. Without this, the leaf of a row whose text grows was rebuilt once its gap was
     * used up, though its freeblocks held the room. False (nothing written) when neither fits, a
     * freeblock walked is malformed (condition (1)), or the fragment bytes would pass 60 (the
     * most SQLite lets a page have). {@code slot} is the chain slot before the old cell.
     */
    private static boolean replaceInFreeSpace(PageStore s, int pgno, byte[] page, int hdr, int i, int start,
                                              int oldSize, int slot, byte[] cell, int size) {
        int usable = s.usableSize();
        int frag = page[hdr + PageHeader.FRAGMENTED_BYTES] & 0xff;
        int pointer = hdr + PageHeader.LEAF_SIZE + 2 * i;
        if (size <= oldSize) {
            int rest = oldSize - size;
            if (rest < PageHeader.MIN_CELL_SIZE && frag + rest > 60) {
                return false;
            }
            byte[] w = s.write(pgno);
            System.arraycopy(cell, 0, w, start, cell.length);
            java.util.Arrays.fill(w, start + cell.length, start + size, (byte) 0);
            if (rest >= PageHeader.MIN_CELL_SIZE) {
                free(w, hdr, slot, start + size, rest, contentStart(w, hdr));
            } else {
                java.util.Arrays.fill(w, start + size, start + oldSize, (byte) 0);
                w[hdr + PageHeader.FRAGMENTED_BYTES] = (byte) (frag + rest);
            }
            return true;
        }
        // first fit: the chain slot whose freeblock holds the cell (the chain before the old cell is checked already)
        int content = contentStart(page, hdr);
        int prevSlot = hdr + PageHeader.FIRST_FREEBLOCK;
        int prevEnd = 0;
        int fb = PageHeader.get16(page, prevSlot);
        int oldEnd = start + oldSize;
        while (fb != 0) {
            if (fb < content || fb <= prevEnd + 3 || fb > usable - 4) { // (1)
                return false;
            }
            int fbSize = PageHeader.get16(page, fb + 2);
            if (fbSize < 4 || fb + fbSize > usable || (fb < oldEnd && fb + fbSize > start)) { // (1), no overlap
                return false;
            }
            if (fbSize >= size) {
                break;
            }
            prevSlot = fb;
            prevEnd = fb + fbSize;
            fb = PageHeader.get16(page, fb);
        }
        if (fb == 0) {
            return false;
        }
        int rest = PageHeader.get16(page, fb + 2) - size;
        if (rest < PageHeader.MIN_CELL_SIZE && frag + rest > 60) {
            return false;
        }
        byte[] w = s.write(pgno);
        if (rest < PageHeader.MIN_CELL_SIZE) {
            PageHeader.put16(w, prevSlot, PageHeader.get16(w, fb)); // the freeblock leaves the chain
            w[hdr + PageHeader.FRAGMENTED_BYTES] = (byte) (frag + rest);
            frag += rest;
        } else {
            PageHeader.put16(w, fb + 2, rest);
        }
        int at = fb + rest;
        System.arraycopy(cell, 0, w, at, cell.length);
        java.util.Arrays.fill(w, at + cell.length, at + size, (byte) 0);
        PageHeader.put16(w, pointer, at);
        // the old cell's chain slot again: the freeblock taken from may have been the slot or left the chain
        long before = chainBefore(w, hdr, content, usable, start, oldEnd);
        free(w, hdr, (int) before, start, oldSize, content);
        return true;
    }

    private static int contentStart(byte[] page, int hdr) {
        int content = PageHeader.get16(page, hdr + PageHeader.CELL_CONTENT);
        return content == 0 ? 65536 : content;
    }

    /**
     * Adds [start, start+size) to the freeblock chain after {@code ptr} (its slot from
     * {@link #chainBefore}), merging neighbours (as {@code freeSpace}).
     */
    private static void free(byte[] page, int hdr, int ptr, int start, int size, int content) {
        int next = PageHeader.get16(page, ptr);
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
