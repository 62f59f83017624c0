package io.onelite.btree;

import io.onelite.pager.PageStore;

import java.util.Arrays;

/**
 * Builds and takes apart cells as free-standing byte arrays (the unit the {@link Balancer}
 * moves between pages). Layouts are those of {@link PageHeader}. A cell array may carry padding
 * after its last field (cells shorter than 4 bytes are stored in 4).
 */
final class Cells {
    private Cells() {
    }

    /** A table-leaf cell for {@code payload}, spilling to new overflow pages if it is too big. */
    static byte[] tableLeaf(PageStore s, long rowid, byte[] payload) {
        return payloadCell(s, PageHeader.TABLE_LEAF, rowid, payload);
    }

    /** An index-leaf cell for the record {@code key}. */
    static byte[] indexLeaf(PageStore s, byte[] key) {
        return payloadCell(s, PageHeader.INDEX_LEAF, 0, key);
    }

    private static byte[] payloadCell(PageStore s, int type, long rowid, byte[] payload) {
        int usable = s.usableSize();
        int local = PageHeader.localSize(type, usable, payload.length);
        boolean table = PageHeader.isTable(type);
        int head = Varint.size(payload.length) + (table ? Varint.size(rowid) : 0);
        boolean spill = local < payload.length;
        byte[] cell = new byte[head + local + (spill ? 4 : 0)];
        int p = Varint.put(cell, 0, payload.length);
        if (table) {
            p += Varint.put(cell, p, rowid);
        }
        System.arraycopy(payload, 0, cell, p, local);
        if (spill) {
            PageHeader.put32(cell, p + local, Overflow.writeChain(s, payload, local));
        }
        return cell;
    }

    /** A table-interior cell: left child and divider rowid. */
    static byte[] tableInterior(int leftChild, long rowid) {
        byte[] cell = new byte[4 + Varint.size(rowid)];
        PageHeader.put32(cell, 0, leftChild);
        Varint.put(cell, 4, rowid);
        return cell;
    }

    /** The rowid of a table-leaf cell. */
    static long leafRowid(byte[] cell) {
        int n = Varint.length(cell, 0, cell.length);
        return Varint.get(cell, n);
    }

    /** The rowid of a table-interior cell. */
    static long interiorRowid(byte[] cell) {
        return Varint.get(cell, 4);
    }

    static int leftChild(byte[] cell) {
        return PageHeader.get32(cell, 0);
    }

    /** A copy of an interior cell with another left child. */
    static byte[] withLeftChild(byte[] cell, int child) {
        byte[] c = cell.clone();
        PageHeader.put32(c, 0, child);
        return c;
    }

    /** An index-interior cell made of an index-leaf cell and a left child. */
    static byte[] addLeftChild(byte[] leafCell, int child) {
        byte[] c = new byte[leafCell.length + 4];
        PageHeader.put32(c, 0, child);
        System.arraycopy(leafCell, 0, c, 4, leafCell.length);
        return c;
    }

    /** The index-leaf cell inside an index-interior cell. */
    static byte[] stripLeftChild(byte[] interiorCell) {
        return Arrays.copyOfRange(interiorCell, 4, interiorCell.length);
    }

    /** Space the cell takes in a page, its pointer included. */
    static int cost(byte[] cell) {
        return Math.max(PageHeader.MIN_CELL_SIZE, cell.length) + 2;
    }

    /** Whether a leaf or index cell of a page of {@code type} has part of its payload on overflow pages. */
    static boolean spills(byte[] cell, int type, int usable) {
        if (!PageHeader.isLeaf(type) && PageHeader.isTable(type)) {
            return false;
        }
        int p = PageHeader.isLeaf(type) ? 0 : 4;
        long size = Varint.get(cell, p);
        return PageHeader.localSize(type, usable, size) < size;
    }

    /**
     * Frees the overflow chain of a cell of a page of {@code type}, if it has one.
     * {@code ownerPgno} names the page in a corruption message.
     */
    static void freeOverflow(PageStore s, int type, byte[] cell, int ownerPgno) {
        if (!PageHeader.isLeaf(type) && PageHeader.isTable(type)) {
            return;
        }
        int usable = s.usableSize();
        int p = PageHeader.isLeaf(type) ? 0 : 4;
        long size = Varint.get(cell, p);
        p += Varint.length(cell, p, cell.length);
        if (PageHeader.isTable(type)) {
            p += Varint.length(cell, p, cell.length);
        }
        int local = PageHeader.localSize(type, usable, size);
        if (local < size) {
            Overflow.freeChain(s, ownerPgno, PageHeader.get32(cell, p + local), Overflow.pageCount(size, local, usable));
        }
    }
}
