package io.onelite.tx;

import io.onelite.common.CorruptDatabaseException;
import io.onelite.pager.FileHeader;
import io.onelite.pager.PageStore;

/**
 * Just enough of the table b-tree page format for validation to walk two versions of a tree side
 * by side and skip what did not change (SQLite file format, "B-tree Pages"). This is a deliberate
 * shortcut past the cursor API of the b-tree layer: the cursors cannot say which page they are on,
 * and skipping whole unchanged subtrees needs exactly that.
 *
 * <pre>
 * OFFSET SIZE DESCRIPTION (from the b-tree header: 100 on page 1, else 0)
 *   0      1  page type: 0x05 interior table, 0x0d leaf table
 *   3      2  number of cells
 *   8      4  right-most child pointer (interior pages only)
 *  12    2*n  cell pointer array (interior pages; leaf pages start it at 8)
 * interior table cell: u32 left child pgno, varint rowid (the largest rowid in that child)
 * </pre>
 */
final class TablePages {
    static final int INTERIOR_TABLE = 0x05;
    static final int LEAF_TABLE = 0x0d;
    private static final int TYPE = 0;
    private static final int CELL_COUNT = 3;
    private static final int RIGHT_CHILD = 8;
    private static final int INTERIOR_CELL_POINTERS = 12;

    private TablePages() {
    }

    /** The b-tree header's offset in page {@code pgno}. */
    static int headerOffset(int pgno) {
        return pgno == 1 ? FileHeader.SIZE : 0;
    }

    /** The page type byte. */
    static int type(byte[] page, int pgno) {
        return page[headerOffset(pgno) + TYPE] & 0xff;
    }

    /**
     * The children of an interior table page: {@code pgnos[i]} holds the rowids
     * {@code (keys[i-1], keys[i]]}; the last child ({@code i == n}) everything above
     * {@code keys[n-1]}. Returns {@code n + 1} children.
     */
    static int children(byte[] page, int pgno, int[] pgnos, long[] keys) {
        int h = headerOffset(pgno);
        int n = u16(page, h + CELL_COUNT, pgno);
        if (n + 1 > pgnos.length || h + INTERIOR_CELL_POINTERS + 2 * n > page.length) {
            throw new CorruptDatabaseException(pgno, "interior cell count " + n + " too large");
        }
        for (int i = 0; i < n; i++) {
            int cell = u16(page, h + INTERIOR_CELL_POINTERS + 2 * i, pgno);
            pgnos[i] = u32(page, cell, pgno);
            keys[i] = varint(page, cell + 4, pgno);
        }
        pgnos[n] = u32(page, h + RIGHT_CHILD, pgno);
        return n + 1;
    }

    /** The most children an interior page of this size can have. */
    static int maxChildren(int pageSize) {
        return pageSize / 4 + 2;
    }

    private static int u16(byte[] p, int off, int pgno) {
        if (off < 0 || off + 2 > p.length) {
            throw new CorruptDatabaseException(pgno, "offset " + off + " outside the page");
        }
        return ((p[off] & 0xff) << 8) | (p[off + 1] & 0xff);
    }

    private static int u32(byte[] p, int off, int pgno) {
        if (off < 0 || off + 4 > p.length) {
            throw new CorruptDatabaseException(pgno, "offset " + off + " outside the page");
        }
        return FileHeader.getInt(p, off);
    }

    /** SQLite's varint (1 to 9 bytes, big-endian groups of 7 bits, the 9th byte whole). */
    private static long varint(byte[] p, int off, int pgno) {
        long v = 0;
        for (int i = 0; i < 9; i++) {
            if (off + i >= p.length || off + i < 0) {
                throw new CorruptDatabaseException(pgno, "varint runs off the page");
            }
            int b = p[off + i] & 0xff;
            if (i == 8) {
                return (v << 8) | b;
            }
            v = (v << 7) | (b & 0x7f);
            if (b < 0x80) {
                return v;
            }
        }
        return v;
    }
}
