package io.onelite.btree;

import io.onelite.common.CorruptDatabaseException;
import io.onelite.pager.PageStore;

/**
 * A read-only view of one b-tree page image: the header fields, checked once, and bounds-checked
 * accessors for its cells. Every structural fault found here becomes a
 * {@link CorruptDatabaseException} naming the pgno; no accessor lets an index escape the page.
 * The image is the store's (shared, immutable) array and is never modified through this view.
 */
final class BTreePage {
    final int pgno;
    final byte[] data;
    final int hdr;
    final int type;
    final int cellCount;
    final int usable;
    private final int pointerStart;

    BTreePage(int pgno, byte[] data, int usable) {
        this.pgno = pgno;
        this.data = data;
        this.usable = usable;
        this.hdr = PageHeader.headerOffset(pgno);
        if (data.length < usable || hdr + PageHeader.INTERIOR_SIZE > usable) {
            throw corrupt("page image too short");
        }
        this.type = data[hdr + PageHeader.TYPE] & 0xff;
        if (type != PageHeader.TABLE_LEAF && type != PageHeader.TABLE_INTERIOR
                && type != PageHeader.INDEX_LEAF && type != PageHeader.INDEX_INTERIOR) {
            throw corrupt("invalid page type 0x" + Integer.toHexString(type));
        }
        this.cellCount = PageHeader.get16(data, hdr + PageHeader.CELL_COUNT);
        this.pointerStart = hdr + PageHeader.headerSize(type);
        if (pointerStart + 2 * cellCount > usable) {
            throw corrupt("cell count " + cellCount + " too large");
        }
    }

    /** Reads and parses page {@code pgno} of {@code s}. */
    static BTreePage read(PageStore s, int pgno) {
        if (pgno < 1 || pgno > s.pageCount()) {
            throw new CorruptDatabaseException(pgno, "page number out of range 1.." + s.pageCount());
        }
        return new BTreePage(pgno, s.read(pgno), s.usableSize());
    }

    boolean isLeaf() {
        return PageHeader.isLeaf(type);
    }

    boolean isTable() {
        return PageHeader.isTable(type);
    }

    CorruptDatabaseException corrupt(String check) {
        return new CorruptDatabaseException(pgno, check);
    }

    /** The end of the cell pointer array. */
    int pointerEnd() {
        return pointerStart + 2 * cellCount;
    }

    /** The offset of cell {@code i}, checked to lie in [end of pointer array, usable - 4]. */
    int cellOffset(int i) {
        int off = PageHeader.get16(data, pointerStart + 2 * i);
        if (off < pointerEnd() || off > usable - PageHeader.MIN_CELL_SIZE) {
            throw corrupt("cell " + i + " offset " + off + " out of range");
        }
        return off;
    }

    /** The right-most child of an interior page. */
    int rightChild() {
        return PageHeader.get32(data, hdr + PageHeader.RIGHT_CHILD);
    }

    /** Child {@code i} of an interior page: the left child of cell i, or the right-most child for i == cellCount. */
    int child(int i) {
        return i == cellCount ? rightChild() : PageHeader.get32(data, cellOffset(i));
    }

    /** The rowid key of cell {@code i} of a table page (leaf or interior). */
    long rowid(int i) {
        int off = cellOffset(i);
        if (!isLeaf()) {
            off += 4;
        } else if (off >= 0 && off < usable && data[off] >= 0) {
            off++; // a payload below 128 bytes: a one-byte size varint, the usual case
        } else {
            off += varintLength(off);
        }
        if (off < 0 || off > usable - 9) {
            varintLength(off); // near the end of the page: check that the varint ends before it
        }
        return Varint.get(data, off); // reads at most 9 bytes
    }

    private int varintLength(int off) {
        int n = Varint.length(data, off, usable);
        if (n == Varint.BAD) {
            throw corrupt("varint at offset " + off + " runs off the page");
        }
        return n;
    }

    /** Parses the payload part of cell {@code i} of a table leaf or any index page. */
    CellInfo cell(int i) {
        return cellAt(cellOffset(i));
    }

    /** Parses the cell at {@code off} (checked: all of it lies inside the usable area). */
    CellInfo cellAt(int off) {
        int p = off;
        if (!isLeaf()) {
            if (isTable()) {
                int n = varintLength(p + 4);
                return new CellInfo(0, p + 4 + n, 0, 0, Math.max(4, 4 + n), Varint.get(data, p + 4));
            }
            p += 4;
        }
        long size;
        if (p >= 0 && p < usable && data[p] >= 0) {
            size = data[p++]; // a payload below 128 bytes: a one-byte varint, the usual case
        } else {
            int n = varintLength(p);
            size = Varint.get(data, p);
            p += n;
        }
        long rowid = 0;
        if (isTable()) {
            int n = varintLength(p);
            rowid = Varint.get(data, p);
            p += n;
        }
        if (size < 0 || size > Integer.MAX_VALUE - 64) {
            throw corrupt("payload size " + size + " out of range");
        }
        int local = PageHeader.localSize(type, usable, size);
        int end = p + local;
        int ovfl = 0;
        if (local < size) {
            if (end + 4 > usable) {
                throw corrupt("cell at offset " + off + " extends off the end of the page");
            }
            ovfl = PageHeader.get32(data, end);
            end += 4;
        } else if (end > usable) {
            throw corrupt("cell at offset " + off + " extends off the end of the page");
        }
        return new CellInfo(size, p, local, ovfl, Math.max(PageHeader.MIN_CELL_SIZE, end - off), rowid);
    }

    /**
     * Whether cell {@code i} of a table leaf or of any index page has part of its payload on
     * overflow pages: its payload size alone tells (over the page type's largest local payload),
     * so nothing past that size is read. A DELETE of every row asks this of every cell.
     */
    boolean spills(int i, int maxLocal) {
        int off = cellOffset(i);
        int p = isTable() || isLeaf() ? off : off + 4; // an index interior cell starts with its child
        if (p < usable && data[p] >= 0) {
            return data[p] > maxLocal; // a payload below 128 bytes: a one-byte varint, the usual case
        }
        varintLength(p); // checked: a varint that runs off the page is corrupt
        return Varint.get(data, p) > maxLocal;
    }

    /**
     * Where the payload of cell {@code i} of a table leaf or of any index page lies when it is
     * all on this page: {@code start << 32 | size}; -1 when part of it is on overflow pages or
     * this is a table interior page (read it through {@link #cell}). The checks of
     * {@link #cellAt}, without its {@link CellInfo}: a scan asks this for every row, a seek for
     * every key it compares.
     */
    long localPayload(int i) {
        boolean table = isTable();
        if (table && !isLeaf()) {
            return -1;
        }
        int off = cellOffset(i);
        int p = table || isLeaf() ? off : off + 4; // an index interior cell starts with its child
        long size;
        if (p < usable && data[p] >= 0) { // cellOffset keeps off inside the usable area
            size = data[p++]; // a payload below 128 bytes: a one-byte varint, the usual case
        } else {
            int n = varintLength(p);
            size = Varint.get(data, p);
            p += n;
        }
        if (table) {
            p += varintLength(p); // the rowid
        }
        if (size < 0 || size > Integer.MAX_VALUE - 64) {
            throw corrupt("payload size " + size + " out of range");
        }
        int local = PageHeader.localSize(type, usable, size);
        if (local < size) {
            return -1;
        }
        if (p + local > usable) {
            throw corrupt("cell at offset " + off + " extends off the end of the page");
        }
        return ((long) p << 32) | local;
    }

    /**
     * {@link RecordReader#compareInteger} of column {@code column} of cell {@code i}'s record read
     * where it lies: {@link RecordReader#COMPARE_LOAD} when the record is not one
     * {@link RecordHeader#peekCompareInteger} reads, or overflows the page.
     */
    int compareIntegerInPlace(int i, int column, long k) {
        long local = localPayload(i);
        return local < 0 ? RecordReader.COMPARE_LOAD
                : RecordHeader.peekCompareInteger(data, (int) (local >>> 32), (int) local, column, k);
    }

    /**
     * Patches cell {@code i}'s record where it lies, written through {@code store}
     * ({@link RecordHeader#patchInPlace}), when no byte moves and none of it is on overflow pages;
     * false, nothing written, otherwise. {@code scratch} is parsed into.
     */
    boolean patchInPlace(PageStore store, int i, RecordHeader scratch, int[] positions, Object[] values) {
        long local = localPayload(i);
        if (local < 0) {
            return false;
        }
        RecordHeader h = scratch.reset(data, (int) (local >>> 32), (int) local);
        if (!h.patchableInPlace(positions, values)) {
            return false;
        }
        if (h.patchChanges(positions, values)) {
            h.patchInPlace(store.write(pgno), positions, values);
        }
        return true;
    }

    /** The size in bytes that cell {@code i} occupies. */
    int cellSize(int i) {
        return cell(i).cellSize();
    }
}
