package io.onelite.tx;

import io.onelite.btree.IndexCursor;
import io.onelite.btree.KeyInfo;
import io.onelite.btree.TableCursor;
import io.onelite.btree.TreeAccessListener;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.pager.PageStore;

import java.util.Arrays;
import java.util.Map;

/**
 * Step 2 of a concurrent commit (DESIGN.md section 5): for every interval a serializable
 * transaction read, the committed entries must be the same at its snapshot and now.
 *
 * <p>Table trees are walked in both versions together ({@link #sameTable}): a subtree whose page
 * is the same version in both states is skipped when it is a leaf and descended without
 * comparing its keys when it is an interior page; where the two trees differ in shape, the
 * entries of that key range are compared with cursors. So the cost follows what changed, not what
 * was read. Index trees are compared with cursors over each interval.
 *
 * <p>Conditions for skipping a subtree (tagged in the code):
 * <ol>
 *   <li>the same pgno is reached for the same key range in both states, and</li>
 *   <li>{@code PageStore.version} of that page is equal (and known: not -1) in both, hence the
 *       bytes are identical; a leaf is then skipped whole (its overflow pages cannot change
 *       without rewriting the leaf), an interior page has the same children for the same
 *       ranges.</li>
 * </ol>
 */
final class Validator {
    private final PageStore then;
    private final PageStore now;
    private final HoldTimer timer;
    /** Rows compared with cursors so far (what skipping saved shows here). */
    long rowsCompared;

    Validator(PageStore then, PageStore now, HoldTimer timer) {
        this.then = then;
        this.now = now;
        this.timer = timer;
    }

    /**
     * Throws {@code BUSY_SNAPSHOT} at the first interval whose committed entries differ.
     *
     * @param skipRoot a tree whose reads are not validated (sqlite_sequence, merged as max()), or 0
     */
    void validate(Trace trace, int skipRoot) {
        for (Map.Entry<Integer, RowidIntervals> e : trace.tableReads().entrySet()) {
            int root = e.getKey();
            if (root == skipRoot) {
                continue;
            }
            for (long[] iv : e.getValue().intervals()) {
                if (!sameTable(root, iv[0], iv[1])) {
                    throw conflict("rows " + iv[0] + ".." + iv[1] + " of tree " + root + " changed since the snapshot");
                }
            }
        }
        for (KeyIntervals ki : trace.indexReads().values()) {
            for (TraceEntry.IndexRead r : ki.intervals()) {
                if (!sameIndex(r.root(), ki.keyInfo(), r.lo(), r.hi())) {
                    throw conflict("index tree " + r.root() + " changed since the snapshot in " + r);
                }
            }
        }
    }

    static OneLiteException conflict(String why) {
        return new OneLiteException(ResultCode.BUSY_SNAPSHOT, "database is locked (snapshot is stale): " + why);
    }

    /** Whether the rows of table tree {@code root} in {@code [lo, hi]} are the same in both states. */
    boolean sameTable(int root, long lo, long hi) {
        return sameSubtree(root, root, root, Long.MIN_VALUE, Long.MAX_VALUE, lo, hi, 0);
    }

    /**
     * Subtree {@code a} of the old state and {@code b} of the new both hold the keys in
     * {@code [rangeLo, rangeHi]}; compares the part inside {@code [lo, hi]}.
     */
    private boolean sameSubtree(int root, int a, int b, long rangeLo, long rangeHi, long lo, long hi, int depth) {
        timer.tick();
        long from = Math.max(lo, rangeLo);
        long to = Math.min(hi, rangeHi);
        if (from > to) {
            return true;
        }
        if (depth >= 20 || a > then.pageCount() || b > now.pageCount()) {
            return sameRows(root, from, to); // let the cursors report whatever is wrong
        }
        long va = then.version(a);
        boolean identical = a == b // (1)
                && va != -1 && va == now.version(b); // (2)
        byte[] pa = then.read(a);
        int type = TablePages.type(pa, a);
        if (identical && type == TablePages.LEAF_TABLE) {
            return true;
        }
        byte[] pb = identical ? pa : now.read(b);
        if (type != TablePages.INTERIOR_TABLE || TablePages.type(pb, b) != TablePages.INTERIOR_TABLE) {
            return sameRows(root, from, to);
        }
        int cap = TablePages.maxChildren(then.pageSize());
        int[] ca = new int[cap];
        long[] ka = new long[cap];
        int na = TablePages.children(pa, a, ca, ka);
        int[] cb = ca;
        long[] kb = ka;
        int nb = na;
        if (!identical) {
            cb = new int[TablePages.maxChildren(now.pageSize())];
            kb = new long[cb.length];
            nb = TablePages.children(pb, b, cb, kb);
        }
        int j = 0;
        for (int i = 0; i < na; i++) {
            long cLo = i == 0 ? rangeLo : ka[i - 1] + 1;
            long cHi = i == na - 1 ? rangeHi : ka[i];
            if (cHi < from || cLo > to) {
                continue;
            }
            // the child of b with the same key range, if the two pages split the keys alike here
            while (j < nb && (j == nb - 1 ? rangeHi : kb[j]) < cHi) {
                j++;
            }
            long bLo = j == 0 ? rangeLo : (j < nb ? kb[j - 1] + 1 : Long.MAX_VALUE);
            long bHi = j >= nb ? Long.MIN_VALUE : j == nb - 1 ? rangeHi : kb[j];
            boolean same = j < nb && bLo == cLo && bHi == cHi
                    ? sameSubtree(root, ca[i], cb[j], cLo, cHi, from, to, depth + 1)
                    : sameRows(root, Math.max(from, cLo), Math.min(to, cHi));
            if (!same) {
                return false;
            }
        }
        return true;
    }

    /** Compares the rows in {@code [lo, hi]} of both states with cursors. */
    boolean sameRows(int root, long lo, long hi) {
        TableCursor ca = new TableCursor(then, root, TreeAccessListener.NONE);
        TableCursor cb = new TableCursor(now, root, TreeAccessListener.NONE);
        boolean va = ca.seekGE(lo);
        boolean vb = cb.seekGE(lo);
        while (true) {
            timer.tick();
            rowsCompared++;
            boolean ina = va && ca.rowid() <= hi;
            boolean inb = vb && cb.rowid() <= hi;
            if (!ina || !inb) {
                return ina == inb;
            }
            if (ca.rowid() != cb.rowid() || !Arrays.equals(ca.payload(), cb.payload())) {
                return false;
            }
            if (ca.rowid() == hi) {
                return true;
            }
            va = ca.next();
            vb = cb.next();
        }
    }

    /** Whether the entries of index tree {@code root} in {@code [lo, hi]} are the same in both states. */
    boolean sameIndex(int root, KeyInfo keyInfo, Object[] lo, Object[] hi) {
        IndexCursor ca = new IndexCursor(then, root, keyInfo, TreeAccessListener.NONE);
        IndexCursor cb = new IndexCursor(now, root, keyInfo, TreeAccessListener.NONE);
        boolean va = lo == null ? ca.first() : ca.seekGE(lo);
        boolean vb = lo == null ? cb.first() : cb.seekGE(lo);
        while (true) {
            timer.tick();
            boolean ina = va && (hi == null || KeyBounds.comparePrefix(ca.key(), hi, keyInfo) <= 0);
            boolean inb = vb && (hi == null || KeyBounds.comparePrefix(cb.key(), hi, keyInfo) <= 0);
            if (!ina || !inb) {
                return ina == inb;
            }
            if (!Arrays.equals(ca.keyRecord(), cb.keyRecord())) {
                return false;
            }
            va = ca.next();
            vb = cb.next();
        }
    }
}
