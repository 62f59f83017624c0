package io.onelite.btree;

import io.onelite.common.CorruptDatabaseException;
import io.onelite.pager.PageStore;

import java.util.ArrayList;
import java.util.List;

/**
 * Builds packed b-trees bottom-up from entries in key order, for VACUUM: SQLite's VACUUM copies
 * each tree with appends in key order, which its {@code balance_nonroot} packs tightly
 * ({@code bBulk}); this does the same in one pass, level by level.
 *
 * <ol>
 *   <li>The entries become leaf cells (overflow chains written to the target as they come).</li>
 *   <li>If they all fit on the root page (its header at offset 100 on page 1), the root is a
 *       leaf and the tree is done.</li>
 *   <li>Otherwise {@link Packing} spreads them over new pages, filled greedily (the last two
 *       evened out). Between two leaves of a table tree the divider is the left leaf's last
 *       rowid; in an index tree the cell between them moves up, as every index key lives in
 *       exactly one cell.</li>
 *   <li>The level above is made of interior cells {@code (left child, divider)} and a right-most
 *       child, and is packed the same way, with the cell between two pages moving up, until one
 *       level fits on the root.</li>
 * </ol>
 * Pages come from {@link PageStore#allocate()} of the target; the root is allocated by the
 * caller (so roots can be numbered first, as SQLite's VACUUM creates every table before it
 * copies any row).
 */
public final class TreeBuilder {
    /** One row of a table tree. */
    public record Row(long rowid, byte[] payload) {
    }

    private TreeBuilder() {
    }

    /** Whether the tree rooted at {@code root} is a table tree (keyed by rowid), else an index tree. */
    public static boolean isTable(PageStore s, int root) {
        return BTreePage.read(s, root).isTable();
    }

    /**
     * Copies every entry of the tree at {@code srcRoot} of {@code src} into a packed tree whose
     * root is the (already allocated) page {@code dstRoot} of {@code dst}. Keys, rowids and
     * records are kept byte for byte.
     */
    public static void copy(PageStore src, int srcRoot, PageStore dst, int dstRoot) {
        BTreePage root = BTreePage.read(src, srcRoot);
        List<byte[]> cells = new ArrayList<>();
        if (root.isTable()) {
            walk(src, root, 0, (page, i) -> {
                CellInfo c = page.cell(i);
                cells.add(Cells.tableLeaf(dst, c.rowid(), Overflow.payload(src, page, c)));
            });
        } else {
            walk(src, root, 0, (page, i) -> cells.add(Cells.indexLeaf(dst, Overflow.payload(src, page, page.cell(i)))));
        }
        build(dst, dstRoot, cells, root.isTable());
    }

    /** Writes a table tree of {@code rows} (ascending rowids) with its root at {@code dstRoot}. */
    public static void writeTable(PageStore dst, int dstRoot, List<Row> rows) {
        List<byte[]> cells = new ArrayList<>(rows.size());
        long last = Long.MIN_VALUE;
        for (Row r : rows) {
            if (!cells.isEmpty() && r.rowid() <= last) {
                throw new IllegalArgumentException("rowids out of order: " + r.rowid() + " after " + last);
            }
            last = r.rowid();
            cells.add(Cells.tableLeaf(dst, r.rowid(), r.payload()));
        }
        build(dst, dstRoot, cells, true);
    }

    /**
     * Writes an index tree of {@code records} (encoded keys, already in the index's order) with its
     * root at {@code dstRoot}: CREATE INDEX, which SQLite also fills from sorted keys.
     */
    public static void writeIndex(PageStore dst, int dstRoot, List<byte[]> records) {
        List<byte[]> cells = new ArrayList<>(records.size());
        for (byte[] r : records) {
            cells.add(Cells.indexLeaf(dst, r));
        }
        build(dst, dstRoot, cells, false);
    }

    private interface EntryVisitor {
        void visit(BTreePage page, int cell);
    }

    /** Visits the entries of a tree in key order (leaf cells, and the cells of index interiors). */
    private static void walk(PageStore s, BTreePage p, int depth, EntryVisitor v) {
        if (depth > PageHeader.MAX_DEPTH) {
            throw p.corrupt("tree too deep");
        }
        if (p.isLeaf()) {
            for (int i = 0; i < p.cellCount; i++) {
                v.visit(p, i);
            }
            return;
        }
        for (int i = 0; i <= p.cellCount; i++) {
            BTreePage child = BTreePage.read(s, p.child(i));
            if (child.isTable() != p.isTable()) {
                throw child.corrupt("child page type differs from its parent " + p.pgno);
            }
            walk(s, child, depth + 1, v);
            if (i < p.cellCount && !p.isTable()) {
                v.visit(p, i);
            }
        }
    }

    /** Builds the levels of a tree from its leaf cells (steps 2 to 4 of the class comment). */
    private static void build(PageStore dst, int dstRoot, List<byte[]> cells, boolean table) {
        int usable = dst.usableSize();
        int rootHdr = PageHeader.headerOffset(dstRoot);
        int type = table ? PageHeader.TABLE_LEAF : PageHeader.INDEX_LEAF;
        int rightChild = 0;
        for (int depth = 0; ; depth++) {
            if (depth > PageHeader.MAX_DEPTH) {
                throw new CorruptDatabaseException(dstRoot, "tree too deep");
            }
            if (used(cells) <= Node.capacity(type, usable, rootHdr)) {
                new Node(type, cells, rightChild).writeTo(dst.write(dstRoot), rootHdr, usable);
                return;
            }
            boolean leaf = PageHeader.isLeaf(type);
            boolean promote = !(leaf && table); // only table leaves keep their last cell
            int[] b = Packing.pack(cells, Node.capacity(type, usable, 0), promote);
            if (b.length == 2) {
                // one page, but not the root (page 1 has 100 bytes less): split it, as an interior
                // root with no cell and only a right-most child is not a valid page
                b = Packing.pack(cells, Node.capacity(type, usable, rootHdr), promote);
            }
            int pages = b.length / 2;
            List<byte[]> up = new ArrayList<>(pages);
            int lastChild = 0;
            for (int j = 0; j < pages; j++) {
                int start = b[2 * j];
                int end = b[2 * j + 1];
                boolean lastPage = j == pages - 1;
                int right = 0;
                if (!leaf) {
                    right = lastPage ? rightChild : Cells.leftChild(cells.get(end));
                }
                int pgno = dst.allocate();
                new Node(type, new ArrayList<>(cells.subList(start, end)), right).writeTo(dst.write(pgno), 0, usable);
                if (lastPage) {
                    lastChild = pgno;
                } else if (table) {
                    long divider = leaf ? Cells.leafRowid(cells.get(end - 1)) : Cells.interiorRowid(cells.get(end));
                    up.add(Cells.tableInterior(pgno, divider));
                } else {
                    byte[] promoted = leaf ? cells.get(end) : Cells.stripLeftChild(cells.get(end));
                    up.add(Cells.addLeftChild(promoted, pgno));
                }
            }
            cells = up;
            rightChild = lastChild;
            type = table ? PageHeader.TABLE_INTERIOR : PageHeader.INDEX_INTERIOR;
        }
    }

    private static int used(List<byte[]> cells) {
        int n = 0;
        for (byte[] c : cells) {
            n += Cells.cost(c);
        }
        return n;
    }
}
