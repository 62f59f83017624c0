package io.onelite.btree;

/**
 * The b-tree page header and the page-level constants of the file format (fileformat2.html,
 * section 1.6). The header starts at offset 100 on page 1 and at 0 on every other page; all
 * offsets stored in a page are from the start of the page.
 *
 * <pre>
 * OFFSET SIZE DESCRIPTION
 *   0     1   page type: 0x02 index interior, 0x05 table interior, 0x0A index leaf, 0x0D table leaf
 *   1     2   offset of the first freeblock, 0 = none
 *   3     2   number of cells K
 *   5     2   start of the cell content area; 0 means 65536
 *   7     1   number of fragmented free bytes in the content area
 *   8     4   right-most child page (interior pages only)
 * then K big-endian u16 cell offsets in key order (the cell pointer array).
 *
 * CELL                  FORMAT
 *   table leaf (0x0D)   varint payloadSize, varint rowid, local payload, [u32 first overflow page]
 *   table interior (05) u32 left child, varint rowid
 *   index leaf (0x0A)   varint payloadSize, local payload, [u32 first overflow page]
 *   index interior (02) u32 left child, varint payloadSize, local payload, [u32 first overflow page]
 *
 * OVERFLOW PAGE: u32 next overflow page (0 on the last), then up to usableSize - 4 payload bytes.
 * </pre>
 */
final class PageHeader {
    static final int TYPE = 0;
    static final int FIRST_FREEBLOCK = 1;
    static final int CELL_COUNT = 3;
    static final int CELL_CONTENT = 5;
    static final int FRAGMENTED_BYTES = 7;
    static final int RIGHT_CHILD = 8;
    static final int LEAF_SIZE = 8;
    static final int INTERIOR_SIZE = 12;

    static final int INDEX_INTERIOR = 0x02;
    static final int TABLE_INTERIOR = 0x05;
    static final int INDEX_LEAF = 0x0a;
    static final int TABLE_LEAF = 0x0d;

    /** SQLite's BTCURSOR_MAX_DEPTH: a deeper tree is corrupt (it cannot be a real one). */
    static final int MAX_DEPTH = 20;
    /** The smallest space a cell occupies (shorter cells are padded). */
    static final int MIN_CELL_SIZE = 4;
    /** The header offset on page 1, after the 100-byte database header. */
    static final int FILE_HEADER_SIZE = 100;

    private PageHeader() {
    }

    static int headerOffset(int pgno) {
        return pgno == 1 ? FILE_HEADER_SIZE : 0;
    }

    static boolean isLeaf(int type) {
        return (type & 0x08) != 0;
    }

    static boolean isTable(int type) {
        return (type & 0x01) != 0;
    }

    static int headerSize(int type) {
        return isLeaf(type) ? LEAF_SIZE : INTERIOR_SIZE;
    }

    /** Largest local payload (X of the file format): table leaf U-35, index ((U-12)*64/255)-23. */
    static int maxLocal(int type, int usable) {
        return isTable(type) ? usable - 35 : (usable - 12) * 64 / 255 - 23;
    }

    /** Smallest local payload (M): ((U-12)*32/255)-23. */
    static int minLocal(int usable) {
        return (usable - 12) * 32 / 255 - 23;
    }

    /** Bytes of a payload of {@code size} bytes kept in the cell, by the exact rule of the file format. */
    static int localSize(int type, int usable, long size) {
        int max = maxLocal(type, usable);
        if (size <= max) {
            return (int) size;
        }
        int min = minLocal(usable);
        long k = min + (size - min) % (usable - 4);
        return k <= max ? (int) k : min;
    }

    static int get16(byte[] b, int off) {
        return ((b[off] & 0xff) << 8) | (b[off + 1] & 0xff);
    }

    static void put16(byte[] b, int off, int v) {
        b[off] = (byte) (v >>> 8);
        b[off + 1] = (byte) v;
    }

    static int get32(byte[] b, int off) {
        return ((b[off] & 0xff) << 24) | ((b[off + 1] & 0xff) << 16) | ((b[off + 2] & 0xff) << 8) | (b[off + 3] & 0xff);
    }

    static void put32(byte[] b, int off, int v) {
        b[off] = (byte) (v >>> 24);
        b[off + 1] = (byte) (v >>> 16);
        b[off + 2] = (byte) (v >>> 8);
        b[off + 3] = (byte) v;
    }
}
