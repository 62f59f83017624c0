package io.onelite.btree;

import io.onelite.common.CorruptDatabaseException;
import io.onelite.pager.FileHeader;
import io.onelite.pager.PageStore;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The b-tree level of {@code PRAGMA integrity_check} (as {@code sqlite3BtreeIntegrityCheck},
 * {@code checkTreePage} and {@code checkList} in {@code btree.c}):
 * <ol>
 *   <li>every page 1..pageCount is used exactly once: by a tree, an overflow chain, the freelist
 *       or as the lock-byte page ({@code Page N is never used}, {@code 2nd reference to page N},
 *       {@code invalid page number N});</li>
 *   <li>the freelist has the size the header says, each trunk at most U/4-2 leaves;</li>
 *   <li>each page parses: valid type, cells inside the page, cells and freeblocks not
 *       overlapping, the fragment count equal to the bytes covered by neither;</li>
 *   <li>keys in order: table rowids strictly ascending and within the bounds of their parent's
 *       dividers; index entries ascending (in order, by the tree's {@link KeyInfo});</li>
 *   <li>overflow chains exactly as long as the payload needs;</li>
 *   <li>all leaves at the same depth, no deeper than {@link PageHeader#MAX_DEPTH}.</li>
 * </ol>
 * Messages follow the wording of SQLite 3.40 ({@code On tree page P cell C: ...},
 * {@code Page N is never used}, {@code Main freelist: ...}) where practical. An empty list means "ok".
 */
public final class IntegrityCheck {
    private final PageStore s;
    private final int maxErrors;
    private final int usable;
    private final int pageCount;
    private final boolean[] used;
    private final List<String> errors = new ArrayList<>();

    private IntegrityCheck(PageStore s, int maxErrors) {
        this.s = s;
        this.maxErrors = Math.max(1, maxErrors);
        this.usable = s.usableSize();
        this.pageCount = s.pageCount();
        this.used = new boolean[pageCount + 1];
    }

    /**
     * Checks the trees rooted at {@code roots} (table roots map to null, index roots to their
     * KeyInfo), the sqlite_schema tree on page 1 (whether listed or not) and the freelist; returns at most {@code maxErrors} messages, none when all is well.
     */
    public static List<String> check(PageStore s, Map<Integer, KeyInfo> roots, int maxErrors) {
        IntegrityCheck c = new IntegrityCheck(s, maxErrors);
        try {
            c.run(roots);
        } catch (Full full) {
            // maxErrors reached
        }
        return c.errors;
    }

    /** Thrown to stop once maxErrors messages are collected. */
    private static final class Full extends RuntimeException {
        Full() {
            super(null, null, false, false);
        }
    }

    private void error(String msg) {
        errors.add(msg);
        if (errors.size() >= maxErrors) {
            throw new Full();
        }
    }

    /** Marks a page as used; false (with a message) if it is out of range or already used. */
    private boolean ref(int pgno, String context) {
        if (pgno < 1 || pgno > pageCount) {
            error(context + "invalid page number " + pgno);
            return false;
        }
        if (used[pgno]) {
            error(context + "2nd reference to page " + pgno);
            return false;
        }
        used[pgno] = true;
        return true;
    }

    private void run(Map<Integer, KeyInfo> roots) {
        int lockByte = 1073741824 / s.pageSize() + 1;
        if (lockByte <= pageCount) {
            used[lockByte] = true;
        }
        if (FileHeader.getInt(s.read(1), FileHeader.LARGEST_ROOT_PAGE) != 0) {
            markPointerMapPages(lockByte); // auto-vacuum: not verified, only counted as used
        }
        checkFreelist();
        if (!roots.containsKey(1)) {
            new TreeCheck(1, null).run(); // sqlite_schema, always a table tree rooted at page 1
        }
        for (Map.Entry<Integer, KeyInfo> e : roots.entrySet()) {
            new TreeCheck(e.getKey(), e.getValue()).run();
        }
        for (int p = 1; p <= pageCount; p++) {
            if (!used[p]) {
                error("Page " + p + " is never used");
            }
        }
    }

    /** Pointer-map pages sit at 2, J+3, 2J+4, ... (J = U/5 entries per page), skipping the lock-byte page. */
    private void markPointerMapPages(int lockByte) {
        int j = usable / 5;
        for (long p = 2; p <= pageCount; p += j + 1) {
            int pgno = (int) (p == lockByte ? p + 1 : p);
            if (pgno <= pageCount) {
                used[pgno] = true;
            }
        }
    }

    private void checkFreelist() {
        byte[] p1 = s.read(1);
        int trunk = FileHeader.getInt(p1, FileHeader.FIRST_FREELIST_TRUNK);
        int expected = FileHeader.getInt(p1, FileHeader.FREELIST_COUNT);
        int count = 0;
        while (trunk != 0 && count <= pageCount) {
            if (!ref(trunk, "Main freelist: ")) {
                break;
            }
            count++;
            byte[] t = s.read(trunk);
            int leaves = PageHeader.get32(t, 4);
            if (leaves < 0 || leaves > usable / 4 - 2) {
                error("Main freelist: freelist leaf count too big on page " + trunk);
                break;
            }
            for (int i = 0; i < leaves; i++) {
                ref(PageHeader.get32(t, 8 + 4 * i), "Main freelist: ");
                count++;
            }
            trunk = PageHeader.get32(t, 0);
        }
        if (count != expected) {
            error("Main freelist: size is " + count + " but should be " + expected);
        }
    }

    /** The walk of one tree. */
    private final class TreeCheck {
        private final int root;
        private final KeyInfo keyInfo;
        private final boolean expectTable;
        private int leafDepth = -1;
        private Object[] lastKey;

        TreeCheck(int root, KeyInfo keyInfo) {
            this.root = root;
            this.keyInfo = keyInfo == null ? KeyInfo.BINARY : keyInfo;
            this.expectTable = keyInfo == null;
        }

        void run() {
            try {
                check(root, 0, Long.MIN_VALUE, false, Long.MAX_VALUE);
            } catch (CorruptDatabaseException e) {
                error("On tree page " + root + ": " + e.getMessage());
            }
        }

        private String at(int pgno, int cell) {
            return "On tree page " + pgno + (cell >= 0 ? " cell " + cell : "") + ": ";
        }

        /** Checks a page; table keys must be in (lo, hi] (lo inclusive when loInclusive). Returns its max rowid. */
        private long check(int pgno, int depth, long lo, boolean loInclusive, long hi) {
            if (!ref(pgno, at(pgno, -1))) {
                return lo;
            }
            if (depth > PageHeader.MAX_DEPTH) {
                error(at(pgno, -1) + "tree too deep (a cycle?)");
                return lo;
            }
            BTreePage p;
            try {
                p = new BTreePage(pgno, s.read(pgno), usable);
            } catch (CorruptDatabaseException e) {
                error(at(pgno, -1) + "btreeInitPage() returns error code 11");
                return lo;
            }
            if (p.isTable() != expectTable) {
                error(at(pgno, -1) + "page type 0x" + Integer.toHexString(p.type) + " in a " + (expectTable ? "table" : "index") + " tree");
                return lo;
            }
            if (!checkSpace(p)) {
                return lo;
            }
            long prev = lo;
            boolean prevInclusive = loInclusive;
            for (int i = 0; i <= p.cellCount; i++) {
                if (!p.isLeaf()) {
                    int child = p.child(i);
                    long bound = i < p.cellCount && p.isTable() ? p.rowid(i) : hi;
                    long max = check(child, depth + 1, prev, prevInclusive, bound);
                    if (i < p.cellCount && p.isTable()) {
                        prev = bound;
                        prevInclusive = false;
                    } else {
                        prev = max;
                    }
                }
                if (i == p.cellCount) {
                    break;
                }
                CellInfo c = p.cell(i);
                if (p.isTable()) {
                    long key = p.isLeaf() ? c.rowid() : p.rowid(i);
                    boolean ok = (key > prev || (prevInclusive && key == prev)) && key <= hi;
                    if (p.isLeaf() && !ok) {
                        error(at(pgno, i) + "Rowid " + key + " out of order");
                    } else if (!p.isLeaf() && (key < prev || key > hi)) {
                        error(at(pgno, i) + "Rowid " + key + " out of order");
                    }
                    if (p.isLeaf()) {
                        prev = key;
                        prevInclusive = false;
                        checkRecord(p, i, c);
                    }
                } else {
                    checkIndexOrder(p, i, c);
                }
                if (c.hasOverflow()) {
                    checkOverflow(p, i, c);
                }
            }
            if (p.isLeaf()) {
                if (leafDepth < 0) {
                    leafDepth = depth;
                } else if (leafDepth != depth) {
                    error(at(pgno, -1) + "Child page depth differs");
                }
            }
            return prev;
        }

        /** A row's record must parse: SQLite's check reads each row's columns and fails on a bad header. */
        private void checkRecord(BTreePage p, int i, CellInfo c) {
            try {
                byte[] payload = Overflow.payload(s, p, c);
                RecordHeader h = RecordHeader.parse(payload, 0, payload.length);
                for (int col = 0; col < h.columnCount(); col++) {
                    h.value(col);
                }
                // #10: a damaged serial type can shrink a column so that the record ends before
                // its payload does; SQLite's check reads the row and calls that corrupt too
                if (h.impliedSize() != payload.length) {
                    error(at(p.pgno, i) + "malformed record: its header implies " + h.impliedSize()
                            + " bytes of a " + payload.length + "-byte payload");
                }
            } catch (CorruptDatabaseException e) {
                error(at(p.pgno, i) + "malformed record");
            }
        }

        private void checkIndexOrder(BTreePage p, int i, CellInfo c) {
            Object[] key;
            try {
                key = Record.decode(Overflow.payload(s, p, c));
            } catch (CorruptDatabaseException e) {
                error(at(p.pgno, i) + "malformed index record");
                return;
            }
            if (lastKey != null && KeyCompare.compareKeys(lastKey, key, keyInfo) >= 0 && lastKey.length <= key.length) {
                error(at(p.pgno, i) + "index entry out of order");
            }
            lastKey = key;
        }

        private void checkOverflow(BTreePage p, int i, CellInfo c) {
            int expected = Overflow.pageCount(c.payloadSize(), c.localSize(), usable);
            int n = 0;
            int pgno = c.overflowPgno();
            while (pgno != 0 && n <= expected) {
                if (!ref(pgno, at(p.pgno, i))) {
                    return;
                }
                n++;
                pgno = PageHeader.get32(s.read(pgno), 0);
            }
            if (n != expected) {
                error(at(p.pgno, i) + "overflow list length is " + n + " but should be " + expected);
            }
        }

        /** Cells and freeblocks inside the content area, not overlapping; the fragment count exact. */
        private boolean checkSpace(BTreePage p) {
            int hdr = p.hdr;
            int content = PageHeader.get16(p.data, hdr + PageHeader.CELL_CONTENT);
            if (content == 0 && usable == 65536) {
                content = 65536;
            }
            if (content < p.pointerEnd() || content > usable) {
                error(at(p.pgno, -1) + "free space corruption");
                return false;
            }
            byte[] cover = new byte[usable];
            for (int i = 0; i < p.cellCount; i++) {
                int off = PageHeader.get16(p.data, p.pointerEnd() - 2 * p.cellCount + 2 * i);
                if (off < content || off > usable - PageHeader.MIN_CELL_SIZE) {
                    error(at(p.pgno, i) + "Offset " + off + " out of range " + content + ".." + (usable - PageHeader.MIN_CELL_SIZE));
                    return false;
                }
                int size;
                try {
                    size = p.cellAt(off).cellSize();
                } catch (CorruptDatabaseException e) {
                    error(at(p.pgno, i) + "Extends off end of page");
                    return false;
                }
                if (!markBytes(p, cover, off, size)) {
                    return false;
                }
            }
            int fb = PageHeader.get16(p.data, hdr + PageHeader.FIRST_FREEBLOCK);
            int prevEnd = 0;
            while (fb != 0) {
                if (fb < content || fb > usable - 4 || fb <= prevEnd + 3 && prevEnd != 0) {
                    error(at(p.pgno, -1) + "free space corruption");
                    return false;
                }
                int size = PageHeader.get16(p.data, fb + 2);
                if (size < 4 || fb + size > usable) {
                    error(at(p.pgno, -1) + "free space corruption");
                    return false;
                }
                if (!markBytes(p, cover, fb, size)) {
                    return false;
                }
                prevEnd = fb + size;
                fb = PageHeader.get16(p.data, fb);
            }
            int fragments = 0;
            for (int b = content; b < usable; b++) {
                if (cover[b] == 0) {
                    fragments++;
                }
            }
            int reported = p.data[hdr + PageHeader.FRAGMENTED_BYTES] & 0xff;
            if (fragments != reported) {
                error(at(p.pgno, -1) + "Fragmentation of " + fragments + " bytes reported as " + reported + " on page " + p.pgno);
            }
            return true;
        }

        private boolean markBytes(BTreePage p, byte[] cover, int from, int size) {
            for (int b = from; b < from + size; b++) {
                if (cover[b] != 0) {
                    error(at(p.pgno, -1) + "Multiple uses for byte " + b + " of page " + p.pgno);
                    return false;
                }
                cover[b] = 1;
            }
            return true;
        }
    }
}
