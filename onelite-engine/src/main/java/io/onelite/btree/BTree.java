package io.onelite.btree;

import io.onelite.common.CorruptDatabaseException;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.pager.FileHeader;
import io.onelite.pager.PageStore;

import java.util.ArrayList;

/** Whole-tree operations: create, clear, drop, and the empty table leaf the pager puts on page 1. */
public final class BTree {
    private BTree() {
    }

    /** Allocates an empty root page (a table or an index leaf) and returns its pgno. */
    public static int create(PageStore s, boolean table) {
        requireNoAutoVacuum(s);
        int pgno = s.allocate();
        byte[] page = s.write(pgno);
        new Node(table ? PageHeader.TABLE_LEAF : PageHeader.INDEX_LEAF, new ArrayList<>(), 0)
            .writeTo(page, PageHeader.headerOffset(pgno), s.usableSize());
        return pgno;
    }

    /**
     * Removes every entry: frees every page of the tree but the root, which becomes an empty leaf.
     * Returns the entries it had: a table's rows, an index's keys.
     */
    public static long clear(PageStore s, int root) {
        requireNoAutoVacuum(s);
        BTreePage p = BTreePage.read(s, root);
        FreedPages freed = new FreedPages();
        long entries = freeContent(s, p, 0, freed);
        freed.freeAll(s);
        int type = p.isTable() ? PageHeader.TABLE_LEAF : PageHeader.INDEX_LEAF;
        new Node(type, new ArrayList<>(), 0).writeTo(s.write(root), PageHeader.headerOffset(root), s.usableSize());
        return entries;
    }

    /** Frees every page of the tree, the root included. */
    public static void drop(PageStore s, int root) {
        requireNoAutoVacuum(s);
        BTreePage p = BTreePage.read(s, root);
        FreedPages freed = new FreedPages();
        freeContent(s, p, 0, freed);
        freed.add(root);
        freed.freeAll(s);
    }

    /** Writes an empty table leaf with its header at {@code headerOffset} (100 on page 1). */
    public static void initEmptyTableLeaf(byte[] page, int headerOffset, int usableSize) {
        new Node(PageHeader.TABLE_LEAF, new ArrayList<>(), 0).writeTo(page, headerOffset, usableSize);
    }

    /**
     * Writing auto-vacuum files would need pointer-map maintenance, which we do not do: such
     * files are read-only for us (header field 52 is non-zero in them).
     */
    static void requireNoAutoVacuum(PageStore s) {
        if (FileHeader.getInt(s.read(1), FileHeader.LARGEST_ROOT_PAGE) != 0) {
            throw new OneLiteException(ResultCode.READONLY,
                "attempt to write a readonly database (auto_vacuum files are read-only in OneLite)");
        }
    }

    /**
     * Lists in {@code freed}, in the order SQLite frees them, the overflow chains of the page's
     * cells and, recursively, its child pages; returns the entries under the page (a table
     * interior page's cells are only separators). Nothing is freed yet: every page is read first.
     */
    private static long freeContent(PageStore s, BTreePage p, int depth, FreedPages freed) {
        if (depth > PageHeader.MAX_DEPTH) {
            throw new CorruptDatabaseException(p.pgno, "tree too deep");
        }
        boolean payloads = p.isLeaf() || !p.isTable(); // a table interior cell holds no payload
        int maxLocal = PageHeader.maxLocal(p.type, s.usableSize());
        for (int i = 0; payloads && i < p.cellCount; i++) {
            // checked without a CellInfo, as most cells have no overflow
            if (p.spills(i, maxLocal)) {
                CellInfo c = p.cell(i);
                if (c.hasOverflow()) {
                    Overflow.freeChain(s, p.pgno, c.overflowPgno(),
                        Overflow.pageCount(c.payloadSize(), c.localSize(), s.usableSize()), freed::add);
                }
            }
        }
        long entries = p.isLeaf() || !p.isTable() ? p.cellCount : 0;
        if (!p.isLeaf()) {
            for (int i = 0; i <= p.cellCount; i++) {
                BTreePage child = BTreePage.read(s, p.child(i));
                entries += freeContent(s, child, depth + 1, freed);
                freed.add(child.pgno);
            }
        }
        return entries;
    }
}
