package io.onelite.btree;

import java.util.ArrayList;
import java.util.List;

/**
 * The content of one b-tree page as the {@link Balancer} edits it: page type, cells in key
 * order (as byte arrays) and, for interior pages, the right-most child. A node may hold more
 * than fits in a page; balancing then spreads it over siblings.
 */
final class Node {
    int type;
    final List<byte[]> cells;
    int rightChild;

    Node(int type, List<byte[]> cells, int rightChild) {
        this.type = type;
        this.cells = cells;
        this.rightChild = rightChild;
    }

    /** Copies the cells of a page. */
    static Node of(BTreePage p) {
        List<byte[]> cells = new ArrayList<>(p.cellCount + 1);
        for (int i = 0; i < p.cellCount; i++) {
            int off = p.cellOffset(i);
            int size = p.cellAt(off).rawEnd() - off; // without padding: a padded cell may move to an interior page
            byte[] c = new byte[size];
            System.arraycopy(p.data, off, c, 0, size);
            cells.add(c);
        }
        return new Node(p.type, cells, p.isLeaf() ? 0 : p.rightChild());
    }

    boolean isLeaf() {
        return PageHeader.isLeaf(type);
    }

    boolean isTable() {
        return PageHeader.isTable(type);
    }

    /** Bytes used by cells and their pointers. */
    int used() {
        int n = 0;
        for (byte[] c : cells) {
            n += Cells.cost(c);
        }
        return n;
    }

    /** Space for cells and pointers on a page with the header at {@code hdr}. */
    static int capacity(int type, int usable, int hdr) {
        return usable - hdr - PageHeader.headerSize(type);
    }

    /** Writes the node into a page image compactly: cells packed at the end, no freeblocks, no fragments. */
    void writeTo(byte[] page, int hdr, int usable) {
        int hs = PageHeader.headerSize(type);
        int ptr = hdr + hs;
        int content = usable;
        page[hdr + PageHeader.TYPE] = (byte) type;
        PageHeader.put16(page, hdr + PageHeader.FIRST_FREEBLOCK, 0);
        PageHeader.put16(page, hdr + PageHeader.CELL_COUNT, cells.size());
        page[hdr + PageHeader.FRAGMENTED_BYTES] = 0;
        if (!isLeaf()) {
            PageHeader.put32(page, hdr + PageHeader.RIGHT_CHILD, rightChild);
        }
        for (byte[] c : cells) {
            int size = Math.max(PageHeader.MIN_CELL_SIZE, c.length);
            content -= size;
            System.arraycopy(c, 0, page, content, c.length);
            for (int k = c.length; k < size; k++) {
                page[content + k] = 0;
            }
            PageHeader.put16(page, ptr, content);
            ptr += 2;
        }
        assert ptr <= content : "node overflows its page";
        java.util.Arrays.fill(page, ptr, content, (byte) 0);
        PageHeader.put16(page, hdr + PageHeader.CELL_CONTENT, content == 65536 ? 0 : content);
    }
}
