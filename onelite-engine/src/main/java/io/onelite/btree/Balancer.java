package io.onelite.btree;

import io.onelite.common.CorruptDatabaseException;
import io.onelite.pager.PageStore;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Applies one change to a tree and rebalances it (SQLite's {@code balance()}).
 *
 * <p>The change is made to an in-memory {@link Node} of the page on the cursor path; then, from
 * that level up to the root, every pending node is written back if it fits and is not underfull
 * (less than a third used; the leaf an insert grew is only checked for overflow, as in
 * {@code sqlite3BtreeInsert}), else redistributed with up to two siblings as
 * {@code balance_nonroot} does: all cells of the siblings and the dividers between them are
 * gathered, packed left to right into as few pages as hold them, the last pages evened out,
 * and the new dividers put into the parent, which is then pending itself. Old pages are reused
 * in order; extra pages are allocated, surplus ones freed. The root keeps its pgno: when it
 * overflows its content moves into a new child first ({@code balance_deeper}); when it is an
 * interior page with no cell left its only child is pulled up into it.
 *
 * <p>Fast path (as {@code balance_quick}): conditions (1) a cell was appended as the last cell
 * of a leaf, (2) the leaf overflowed, (3) it is the right-most child of its parent. Then the new
 * cell alone goes to a new right sibling and the leaf stays full, so ascending inserts fill
 * pages almost completely.
 *
 * <p>Every page it rewrites is written compactly (no freeblocks, fragment count 0); the common
 * insert and delete are done in place first ({@link #insertInPlace}, {@link FreeSpace}).
 */
final class Balancer {
    private final PageStore s;
    private final int usable;
    private final int root;
    private final int[] pgnos = new int[PageHeader.MAX_DEPTH + 2];
    private final int[] idx = new int[PageHeader.MAX_DEPTH + 2];
    private final Node[] pending = new Node[PageHeader.MAX_DEPTH + 2];
    private int depth;
    private boolean appended;
    /** The level an insert grew: balanced only if it overflows, as sqlite3BtreeInsert does (-1: none). */
    private int insertLevel = -1;

    /** Takes the path of {@code path} (positioned on a leaf slot or an entry). */
    Balancer(PageStore s, CursorPath path) {
        this.s = s;
        this.usable = s.usableSize();
        this.root = path.root;
        this.depth = path.depth;
        for (int l = 0; l <= depth; l++) {
            pgnos[l] = path.pages[l].pgno;
            idx[l] = path.idx[l];
        }
    }

    private Node read(int pgno) {
        return Node.of(BTreePage.read(s, pgno));
    }

    /** Inserts {@code cell} as cell {@code i} of the leaf at the end of the path, or replaces cell i. */
    void putLeafCell(int i, byte[] cell, boolean replace) {
        if (putInPlace(s, pgnos[depth], i, cell, replace)) {
            return;
        }
        Node n = read(pgnos[depth]);
        if (replace) {
            Cells.freeOverflow(s, n.type, n.cells.get(i), pgnos[depth]);
            n.cells.set(i, cell);
        } else {
            n.cells.add(i, cell);
            appended = i == n.cells.size() - 1;
        }
        pending[depth] = n;
        insertLevel = depth;
        run(depth);
    }

    /**
     * {@link #putLeafCell} when it can be done in place in leaf {@code pgno} (no Balancer made: a
     * row's write needs none); false, nothing changed, when the page must be rebuilt.
     */
    static boolean putInPlace(PageStore s, int pgno, int i, byte[] cell, boolean replace) {
        return replace ? replaceInPlace(s, pgno, i, cell) : insertInPlace(s, pgno, i, cell);
    }

    /**
     * The common case of an insert, done without rebuilding the page (as {@code insertCell}):
     * conditions (1) the header's content start lies between the end of the pointer array and
     * the usable end, (2) the gap between them holds the cell and its pointer. Freeblocks and
     * fragments stay as they are.
     */
    private static boolean insertInPlace(PageStore s, int pgno, int i, byte[] cell) {
        if (!gapHolds(s, pgno, i, cell.length)) {
            return false;
        }
        int hdr = PageHeader.headerOffset(pgno);
        byte[] page = s.write(pgno);
        int count = PageHeader.get16(page, hdr + PageHeader.CELL_COUNT);
        int pointers = hdr + PageHeader.headerSize(page[hdr] & 0xff);
        int pointerEnd = pointers + 2 * count;
        int content = PageHeader.get16(page, hdr + PageHeader.CELL_CONTENT);
        if (content == 0) {
            content = 65536;
        }
        int size = Math.max(PageHeader.MIN_CELL_SIZE, cell.length);
        content -= size;
        System.arraycopy(cell, 0, page, content, cell.length);
        java.util.Arrays.fill(page, content + cell.length, content + size, (byte) 0);
        int at = pointers + 2 * i;
        System.arraycopy(page, at, page, at + 2, pointerEnd - at);
        PageHeader.put16(page, at, content);
        PageHeader.put16(page, hdr + PageHeader.CELL_COUNT, count + 1);
        PageHeader.put16(page, hdr + PageHeader.CELL_CONTENT, content);
        return true;
    }

    /** Conditions (1) and (2) of {@link #insertInPlace} for a cell of {@code length} bytes as cell {@code i} of page {@code pgno}. */
    private static boolean gapHolds(PageStore s, int pgno, int i, int length) {
        int hdr = PageHeader.headerOffset(pgno);
        byte[] page = s.read(pgno);
        int count = PageHeader.get16(page, hdr + PageHeader.CELL_COUNT);
        int pointerEnd = hdr + PageHeader.headerSize(page[hdr] & 0xff) + 2 * count;
        int content = PageHeader.get16(page, hdr + PageHeader.CELL_CONTENT);
        if (content == 0) {
            content = 65536;
        }
        int size = Math.max(PageHeader.MIN_CELL_SIZE, length);
        return content >= pointerEnd && content <= s.usableSize() && i <= count // (1)
                && content - pointerEnd >= size + 2; // (2)
    }

    /**
     * {@link #balanceQuick} without reading the leaf into a {@link Node} (an append to a table whose
     * right-most leaf is full; SQLite's balance_quick): conditions (1) a table leaf below a
     * parent, the new cell after its last one, which exists; (2) the leaf is its parent's
     * right-most child; (3) the leaf has no freeblock or fragment, so its gap, too small for the
     * cell, is all its free space and the cell overflows it; (4) the parent's gap holds the
     * divider. Then the cell alone goes to a new right sibling, the divider (the leaf's last
     * rowid) goes last in the parent, whose right child becomes the new page; the leaf is left as
     * it is. False, nothing changed, when a condition fails.
     */
    static boolean appendQuick(PageStore s, CursorPath path, int i, byte[] cell) {
        int depth = path.depth;
        if (depth < 1) {
            return false;
        }
        BTreePage leaf = path.pages[depth];
        BTreePage parent = path.pages[depth - 1];
        if (leaf.type != PageHeader.TABLE_LEAF || i != leaf.cellCount || i == 0 // (1)
                || path.idx[depth - 1] != parent.cellCount) { // (2)
            return false;
        }
        byte[] lp = s.read(leaf.pgno);
        if (PageHeader.get16(lp, leaf.hdr + PageHeader.FIRST_FREEBLOCK) != 0 || lp[leaf.hdr + PageHeader.FRAGMENTED_BYTES] != 0) { // (3)
            return false;
        }
        byte[] divider = Cells.tableInterior(leaf.pgno, leaf.rowid(i - 1));
        if (!gapHolds(s, parent.pgno, parent.cellCount, divider.length)) { // (4)
            return false;
        }
        int sibling = s.allocate();
        new Node(PageHeader.TABLE_LEAF, new ArrayList<>(List.of(cell)), 0)
                .writeTo(s.write(sibling), PageHeader.headerOffset(sibling), s.usableSize());
        insertInPlace(s, parent.pgno, parent.cellCount, divider);
        PageHeader.put32(s.write(parent.pgno), parent.hdr + PageHeader.RIGHT_CHILD, sibling);
        return true;
    }

    /**
     * A replace by a cell of the same length, in place (an UPDATE of fixed-size columns):
     * conditions (1) neither the old nor the new cell spills to overflow pages, (2) their raw
     * lengths are equal. A cell of another length is put in place by
     * {@link FreeSpace#replaceLeafCell} when the page's gap holds it.
     */
    private static boolean replaceInPlace(PageStore s, int pgno, int i, byte[] cell) {
        return replaceInPlace(s, BTreePage.read(s, pgno), i, cell);
    }

    /** As {@link #putInPlace} replacing cell {@code i} of leaf {@code p}, a view of the page as it now is. */
    static boolean replaceInPlace(PageStore s, BTreePage p, int i, byte[] cell) {
        int usable = s.usableSize();
        int pgno = p.pgno;
        if (i >= p.cellCount) {
            return false;
        }
        int off = p.cellOffset(i);
        long local = p.localPayload(i); // -1: the old cell spills
        if (local < 0 || Cells.spills(cell, p.type, usable)) { // (1)
            return false;
        }
        if ((int) (local >>> 32) + (int) local - off != cell.length) { // (2)
            return FreeSpace.replaceLeafCell(s, pgno, i, cell);
        }
        if (!Arrays.equals(p.data, off, off + cell.length, cell, 0, cell.length)) {
            // the same bytes write nothing, as SQLite's btreeOverwriteContent: no page dirtied, no WAL frame
            System.arraycopy(cell, 0, s.write(pgno), off, cell.length);
        }
        return true;
    }

    /**
     * Removes entry {@code i} of the page at {@code level} (the end of the path). An interior
     * entry of an index tree is replaced by its predecessor, taken from the right-most leaf of
     * its left subtree, as {@code sqlite3BtreeDelete} does.
     */
    void removeEntry(int level, int i) {
        if (FreeSpace.dropLeafCell(s, pgnos[level], i, level == 0)) {
            return; // the common case: the leaf stays a third full, no rebuild
        }
        Node n = read(pgnos[level]);
        byte[] old = n.cells.get(i);
        Cells.freeOverflow(s, n.type, old, pgnos[level]);
        if (n.isLeaf()) {
            n.cells.remove(i);
            pending[level] = n;
            run(level);
            return;
        }
        // descend to the predecessor: child i, then always the right-most child
        idx[level] = i;
        int pgno = Cells.leftChild(old);
        int l = level;
        BTreePage p;
        while (true) {
            l++;
            if (l > PageHeader.MAX_DEPTH) {
                throw new CorruptDatabaseException(pgno, "tree too deep");
            }
            p = BTreePage.read(s, pgno);
            pgnos[l] = p.pgno;
            if (p.isLeaf()) {
                break;
            }
            idx[l] = p.cellCount;
            pgno = p.rightChild();
        }
        Node leaf = Node.of(p);
        if (leaf.cells.isEmpty()) {
            throw new CorruptDatabaseException(p.pgno, "empty leaf under an interior entry");
        }
        byte[] pred = leaf.cells.remove(leaf.cells.size() - 1);
        idx[l] = leaf.cells.size();
        n.cells.set(i, Cells.addLeftChild(pred, Cells.leftChild(old)));
        pending[level] = n;
        pending[l] = leaf;
        depth = l;
        run(l);
    }

    private int capacity(int type, int pgno) {
        return Node.capacity(type, usable, PageHeader.headerOffset(pgno));
    }

    private void write(int pgno, Node n) {
        n.writeTo(s.write(pgno), PageHeader.headerOffset(pgno), usable);
    }

    private void run(int from) {
        for (int l = from; l >= 0; l--) {
            Node n = pending[l];
            if (n == null) {
                continue;
            }
            pending[l] = null;
            if (l == 0) {
                balanceRoot(n);
                continue;
            }
            int used = n.used();
            int cap = capacity(n.type, pgnos[l]);
            if (used <= cap && (used >= cap / 3 || l == insertLevel)) {
                write(pgnos[l], n);
                appended = false;
                continue;
            }
            balanceNonroot(l, n);
        }
    }

    private void balanceRoot(Node n) {
        while (true) {
            if (!n.isLeaf() && n.cells.isEmpty()) {
                Node child = read(n.rightChild);
                if (child.used() <= capacity(child.type, root)) {
                    s.free(n.rightChild);
                    n = child;
                    continue;
                }
            }
            if (n.used() <= capacity(n.type, root)) {
                write(root, n);
                return;
            }
            // balance_deeper: the root's content moves to a new child, the root gets one child
            int child = s.allocate();
            pgnos[1] = child;
            idx[0] = 0;
            pending[0] = new Node(n.type & ~0x08, new ArrayList<>(), child);
            balanceNonroot(1, n);
            n = pending[0];
            pending[0] = null;
        }
    }

    private int childOf(Node parent, int i) {
        return i == parent.cells.size() ? parent.rightChild : Cells.leftChild(parent.cells.get(i));
    }

    private void balanceNonroot(int l, Node n) {
        Node parent = pending[l - 1] != null ? pending[l - 1] : read(pgnos[l - 1]);
        pending[l - 1] = parent;
        int i = idx[l - 1];
        int nc = parent.cells.size();
        boolean leaf = n.isLeaf();
        boolean table = n.isTable();
        int cap = Node.capacity(n.type, usable, 0);
        if (appended && leaf && i == nc && n.used() > cap && n.cells.size() >= (table ? 2 : 3)) { // (1) (2) (3)
            appended = false;
            balanceQuick(l, n, parent);
            return;
        }
        appended = false;
        int nOld = Math.min(3, nc + 1);
        int first = i == 0 ? 0 : i == nc ? Math.max(0, nc - 2) : i - 1;
        int[] oldPgnos = new int[nOld];
        Node[] old = new Node[nOld];
        for (int j = 0; j < nOld; j++) {
            oldPgnos[j] = childOf(parent, first + j);
            old[j] = first + j == i ? n : read(oldPgnos[j]);
            if (old[j].type != n.type) {
                throw new CorruptDatabaseException(oldPgnos[j], "sibling page of another type");
            }
        }
        boolean promote = !(table && leaf);
        List<byte[]> items = new ArrayList<>();
        for (int j = 0; j < nOld; j++) {
            items.addAll(old[j].cells);
            if (j < nOld - 1) {
                byte[] div = parent.cells.get(first + j);
                if (!promote) {
                    continue;
                }
                items.add(leaf ? Cells.stripLeftChild(div) : Cells.withLeftChild(div, old[j].rightChild));
            }
        }
        int lastRight = old[nOld - 1].rightChild;
        int[] bounds = Packing.pack(items, cap, promote);
        int k = bounds.length / 2;
        int[] newPgnos = new int[k];
        for (int j = 0; j < k; j++) {
            newPgnos[j] = j < nOld ? oldPgnos[j] : s.allocate();
        }
        for (int j = k; j < nOld; j++) {
            s.free(oldPgnos[j]);
        }
        List<byte[]> dividers = new ArrayList<>();
        for (int j = 0; j < k; j++) {
            int a = bounds[2 * j];
            int b = bounds[2 * j + 1];
            Node page = new Node(n.type, new ArrayList<>(items.subList(a, b)), 0);
            if (j < k - 1) {
                if (!promote) {
                    dividers.add(Cells.tableInterior(newPgnos[j], Cells.leafRowid(items.get(b - 1))));
                } else {
                    byte[] d = items.get(b);
                    if (!leaf) {
                        page.rightChild = Cells.leftChild(d);
                        dividers.add(Cells.withLeftChild(d, newPgnos[j]));
                    } else {
                        dividers.add(Cells.addLeftChild(d, newPgnos[j]));
                    }
                }
            } else if (!leaf) {
                page.rightChild = lastRight;
            }
            write(newPgnos[j], page);
        }
        for (int j = 0; j < nOld - 1; j++) {
            parent.cells.remove(first);
        }
        parent.cells.addAll(first, dividers);
        int after = first + dividers.size();
        if (after == parent.cells.size()) {
            parent.rightChild = newPgnos[k - 1];
        } else {
            parent.cells.set(after, Cells.withLeftChild(parent.cells.get(after), newPgnos[k - 1]));
        }
    }

    private void balanceQuick(int l, Node n, Node parent) {
        byte[] cell = n.cells.remove(n.cells.size() - 1);
        int newPgno = s.allocate();
        write(newPgno, new Node(n.type, new ArrayList<>(List.of(cell)), 0));
        byte[] divider;
        if (n.isTable()) {
            divider = Cells.tableInterior(pgnos[l], Cells.leafRowid(n.cells.get(n.cells.size() - 1)));
        } else {
            divider = Cells.addLeftChild(n.cells.remove(n.cells.size() - 1), pgnos[l]);
        }
        write(pgnos[l], n);
        parent.cells.add(divider);
        parent.rightChild = newPgno;
    }
}
