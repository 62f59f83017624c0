package io.onelite.pager;

import io.onelite.common.CorruptDatabaseException;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A transaction's private copy-on-write overlay on a {@link Snapshot}: a map pgno -> mutable
 * copy, page allocation and freeing (the freelist of the file format) and the new page count.
 *
 * <p>Savepoints are numbered 1, 2, ... by nesting depth. {@link #rollbackTo(int)} undoes every
 * change made since that savepoint and keeps it open (as SQLite's {@code ROLLBACK TO});
 * {@link #release(int)} ends it and every savepoint nested in it, keeping the changes.
 * <b>After {@link #savepoint()} a caller must call {@link #write(int)} again before modifying a
 * page</b>: that call records the before-image. A rollback copies before-images back into the
 * same arrays, so arrays obtained earlier stay the ones the write set uses.
 *
 * <p>Not thread-safe. Once committed ({@link Pager#appendCommit}) it is frozen.
 */
public final class WriteSet implements PageStore {
    private final Snapshot base;
    private final Map<Integer, byte[]> dirty = new HashMap<>();
    private int pageCount;
    /** See {@link #changeStamp}. */
    private long changes;
    private final ArrayList<Journal> savepoints = new ArrayList<>();
    private boolean frozen;
    /** PRAGMA max_page_count: the largest page number {@link #allocate} may add (SQLite's {@code mxPgno}). */
    private long maxPageCount = Long.MAX_VALUE;

    /** Before-images of pages first written since one savepoint; a null value = was not dirty then. */
    private static final class Journal {
        final Map<Integer, byte[]> before = new HashMap<>();
        final int pageCount;

        Journal(int pageCount) {
            this.pageCount = pageCount;
        }
    }

    WriteSet(Snapshot base) {
        this.base = base;
        this.pageCount = base.pageCount();
    }

    /** The snapshot this write set was made on. */
    public Snapshot base() {
        return base;
    }

    /** True if nothing was written, allocated or freed. */
    public boolean isEmpty() {
        return dirty.isEmpty() && pageCount == base.pageCount();
    }

    /** The pages this write set changed (ascending), not counting pages above the page count. */
    public Set<Integer> dirtyPages() {
        TreeSet<Integer> s = new TreeSet<>();
        for (int p : dirty.keySet()) {
            if (p <= pageCount) {
                s.add(p);
            }
        }
        return Collections.unmodifiableSet(s);
    }

    @Override
    public int pageSize() {
        return base.pageSize();
    }

    @Override
    public int usableSize() {
        return base.usableSize();
    }

    @Override
    public int pageCount() {
        return pageCount;
    }

    @Override
    public boolean writable() {
        return !frozen;
    }

    @Override
    public byte[] read(int pgno) {
        checkRange(pgno);
        if (pgno == lastWritten) {
            return lastWrittenPage;
        }
        // a statement's first seeks run before anything is written: no boxing, no hashing then
        byte[] p = dirty.isEmpty() ? null : dirty.get(pgno);
        if (p != null) {
            return p;
        }
        if (pgno > base.pageCount()) {
            return new byte[pageSize()];
        }
        return base.read(pgno);
    }

    @Override
    public byte[] write(int pgno) {
        checkWritable();
        checkRange(pgno);
        changes++; // the caller modifies the page after this
        Journal top = savepoints.isEmpty() ? null : savepoints.get(savepoints.size() - 1);
        if (pgno == lastWritten && top == lastWrittenJournal) {
            return lastWrittenPage; // a row's write touches its leaf several times: no boxing, no hashing
        }
        byte[] p = dirty.get(pgno);
        if (!savepoints.isEmpty()) {
            Journal j = savepoints.get(savepoints.size() - 1);
            if (!j.before.containsKey(pgno)) {
                j.before.put(pgno, p == null ? null : p.clone());
            }
        }
        if (p == null) {
            // copyOf, not clone: C2 copies into an array it does not zero first, where clone of
            // these pages went through the VM's allocate-zero-copy path
            p = pgno > base.pageCount() ? new byte[pageSize()] : java.util.Arrays.copyOf(base.read(pgno), pageSize());
            dirty.put(pgno, p);
        }
        lastWritten = pgno;
        lastWrittenPage = p;
        lastWrittenJournal = top;
        return p;
    }

    /**
     * The page written last, its array, and the savepoint journal that was innermost then (which
     * holds its before-image): written again under the same journal, it needs no lookup.
     * Forgotten (0) wherever {@link #dirty} changes other than through {@link #write}.
     */
    private int lastWritten;
    private byte[] lastWrittenPage;
    private Journal lastWrittenJournal;

    /** Counts every call that may change a page (write, allocate, savepoint rollback, replace). */
    @Override
    public long changeStamp() {
        return changes;
    }

    /**
     * Also true for the snapshot this write set was made on while nothing was written yet: the
     * write set then reads that snapshot's very pages (an UPDATE finds its row before its first
     * write makes the write set its store).
     */
    @Override
    public boolean unchangedSince(PageStore other, long otherStamp) {
        if (other == this) {
            return otherStamp == changes;
        }
        return changes == 0 && other == base && base.unchangedSince(other, otherStamp);
    }

    @Override
    public long version(int pgno) {
        if (dirty.containsKey(pgno) || pgno > base.pageCount()) {
            return -1;
        }
        return base.version(pgno);
    }

    /** The lock-byte page (holds file offset 0x40000000); never allocated, never on the freelist. */
    static int lockBytePage(int pageSize) {
        return (int) (0x40000000L / pageSize) + 1;
    }

    /** The largest leaf count this writer puts on one freelist trunk (SQLite: U/4 - 8). */
    private int trunkFill() {
        return usableSize() / 4 - 8;
    }

    @Override
    public int allocate() {
        checkWritable();
        changes++;
        byte[] h = read(1);
        int trunk = FileHeader.getInt(h, FileHeader.FIRST_FREELIST_TRUNK);
        if (trunk != 0) {
            checkFreelistPage(trunk, "freelist trunk");
            byte[] t = read(trunk);
            int n = FileHeader.getInt(t, 4);
            if (n < 0 || n > usableSize() / 4 - 2) {
                throw new CorruptDatabaseException(trunk, "freelist leaf count too big: " + n);
            }
            int pg;
            if (n > 0) {
                pg = FileHeader.getInt(t, 8 + 4 * (n - 1));
                checkFreelistPage(pg, "freelist leaf");
                FileHeader.putInt(write(trunk), 4, n - 1);
            } else {
                pg = trunk;
                FileHeader.putInt(write(1), FileHeader.FIRST_FREELIST_TRUNK, FileHeader.getInt(t, 0));
            }
            byte[] hw = write(1);
            FileHeader.putInt(hw, FileHeader.FREELIST_COUNT, FileHeader.getInt(hw, FileHeader.FREELIST_COUNT) - 1);
            byte[] p = write(pg);
            Arrays.fill(p, (byte) 0);
            return pg;
        }
        int pgno = pageCount + 1 == lockBytePage(pageSize()) ? pageCount + 2 : pageCount + 1;
        if (pgno > maxPageCount) { // as SQLite's pager fetching a new page past mxPgno
            throw new OneLiteException(ResultCode.FULL, "database or disk is full");
        }
        pageCount = pgno;
        byte[] p = write(pageCount);
        Arrays.fill(p, (byte) 0);
        return pageCount;
    }

    @Override
    public void free(int pgno) {
        freeAll(new int[] {pgno}, 1);
    }

    /**
     * Returns the pages to the freelist in order: each onto the first trunk while it has room,
     * else it becomes the first trunk, pointing to the old one. Page 1 and each trunk page are
     * looked up once rather than once a page: a DELETE of every row or a DROP frees its whole
     * tree at once.
     */
    @Override
    public void freeAll(int[] pgnos, int count) {
        if (count == 0) {
            return;
        }
        checkWritable();
        for (int i = 0; i < count; i++) {
            int pgno = pgnos[i];
            if (pgno < 2 || pgno > pageCount || pgno == lockBytePage(pageSize())) {
                throw new CorruptDatabaseException(pgno, "cannot free page " + pgno + " of " + pageCount);
            }
        }
        byte[] h = write(1);
        int trunk = FileHeader.getInt(h, FileHeader.FIRST_FREELIST_TRUNK);
        byte[] t = null; // the trunk page, written
        int n = -1;
        if (trunk != 0) {
            checkFreelistPage(trunk, "freelist trunk");
            n = FileHeader.getInt(read(trunk), 4);
        }
        for (int i = 0; i < count; i++) {
            int pgno = pgnos[i];
            if (trunk != 0 && n >= 0 && n < trunkFill()) {
                if (t == null) {
                    t = write(trunk);
                }
                FileHeader.putInt(t, 8 + 4 * n, pgno);
                FileHeader.putInt(t, 4, ++n);
            } else { // the page becomes the new first trunk, pointing to the old one
                t = write(pgno);
                Arrays.fill(t, (byte) 0);
                FileHeader.putInt(t, 0, trunk);
                trunk = pgno;
                n = 0;
            }
        }
        FileHeader.putInt(h, FileHeader.FIRST_FREELIST_TRUNK, trunk);
        FileHeader.putInt(h, FileHeader.FREELIST_COUNT, FileHeader.getInt(h, FileHeader.FREELIST_COUNT) + count);
    }

    /**
     * Replaces the whole database by {@code image} (VACUUM): every page of the image becomes a
     * page of this write set, taken over without a copy, and the page count becomes the image's,
     * smaller than the base's when the image is packed. The commit frame then carries the new
     * size, and a checkpoint that copies it back truncates the file, as SQLite's VACUUM in WAL
     * mode. Needs a write set with no open savepoint, and an image of the same page geometry.
     */
    public void replaceWith(DatabaseImage image) {
        checkWritable();
        if (!savepoints.isEmpty()) {
            throw new IllegalStateException("cannot replace the database inside a savepoint");
        }
        if (image.pageSize() != pageSize() || image.usableSize() != usableSize()) {
            throw new IllegalArgumentException("image page size " + image.pageSize() + "/" + image.usableSize()
                    + " differs from " + pageSize() + "/" + usableSize());
        }
        changes++;
        lastWritten = 0;
        dirty.clear();
        java.util.List<byte[]> pages = image.pages();
        for (int i = 0; i < pages.size(); i++) {
            dirty.put(i + 1, pages.get(i));
        }
        pageCount = pages.size();
    }

    /**
     * Sets the page number past which {@link #allocate} fails with SQLITE_FULL ("database or
     * disk is full"), as SQLite's {@code PRAGMA max_page_count}; pages from the freelist are
     * always reused. {@code Long.MAX_VALUE}: no limit.
     */
    public void setMaxPageCount(long pages) {
        this.maxPageCount = pages;
    }

    /** See {@link #setMaxPageCount}. */
    public long maxPageCount() {
        return maxPageCount;
    }

    /** Opens a nested savepoint; returns its number (the nesting depth, from 1). */
    public int savepoint() {
        checkWritable();
        savepoints.add(new Journal(pageCount));
        return savepoints.size();
    }

    /** Undoes every change since savepoint {@code sp}; {@code sp} stays open, inner ones end. */
    public void rollbackTo(int savepoint) {
        checkSavepoint(savepoint);
        changes++; // pages are copied back in place
        lastWritten = 0;
        for (int i = savepoints.size() - 1; i >= savepoint - 1; i--) {
            Journal j = savepoints.get(i);
            for (Map.Entry<Integer, byte[]> e : j.before.entrySet()) {
                byte[] before = e.getValue();
                if (before == null) {
                    dirty.remove(e.getKey());
                } else {
                    byte[] cur = dirty.get(e.getKey());
                    if (cur != null) {
                        System.arraycopy(before, 0, cur, 0, before.length);
                    } else {
                        dirty.put(e.getKey(), before);
                    }
                }
            }
            pageCount = j.pageCount;
        }
        while (savepoints.size() > savepoint - 1) {
            savepoints.remove(savepoints.size() - 1);
        }
        savepoints.add(new Journal(pageCount));
    }

    /** Ends savepoint {@code sp} and every savepoint nested in it, keeping their changes. */
    public void release(int savepoint) {
        checkSavepoint(savepoint);
        if (savepoint > 1) {
            Journal outer = savepoints.get(savepoint - 2);
            for (int i = savepoint - 1; i < savepoints.size(); i++) {
                for (Map.Entry<Integer, byte[]> e : savepoints.get(i).before.entrySet()) {
                    if (!outer.before.containsKey(e.getKey())) { // keep a null (page was clean): putIfAbsent would replace it
                        outer.before.put(e.getKey(), e.getValue());
                    }
                }
            }
        }
        while (savepoints.size() > savepoint - 1) {
            savepoints.remove(savepoints.size() - 1);
        }
    }

    /** Number of open savepoints. */
    public int savepointDepth() {
        return savepoints.size();
    }

    /**
     * Freezes this write set and returns the pages to commit, ascending, with page 1 finished:
     * whenever page 1 changes or the page count moved, the change counter (24) is bumped and
     * copied to 92, the writer version set (96) and the page count (28) made right.
     */
    Map<Integer, byte[]> freezeForCommit() {
        checkWritable();
        byte[] h = read(1);
        if (dirty.containsKey(1) || pageCount != base.pageCount()
                || FileHeader.getInt(h, FileHeader.DATABASE_SIZE) != pageCount) {
            savepoints.clear();
            byte[] p1 = write(1);
            int cc = FileHeader.getInt(p1, FileHeader.CHANGE_COUNTER) + 1;
            FileHeader.putInt(p1, FileHeader.CHANGE_COUNTER, cc);
            FileHeader.putInt(p1, FileHeader.VERSION_VALID_FOR, cc);
            FileHeader.putInt(p1, FileHeader.SQLITE_VERSION_NUMBER, FileHeader.WRITER_VERSION);
            FileHeader.putInt(p1, FileHeader.DATABASE_SIZE, pageCount);
        }
        frozen = true;
        java.util.TreeMap<Integer, byte[]> out = new java.util.TreeMap<>();
        for (Map.Entry<Integer, byte[]> e : dirty.entrySet()) {
            if (e.getKey() <= pageCount) {
                out.put(e.getKey(), e.getValue());
            }
        }
        return out;
    }

    boolean frozen() {
        return frozen;
    }

    private void checkFreelistPage(int pgno, String what) {
        if (pgno < 2 || pgno > pageCount) {
            throw new CorruptDatabaseException(pgno, what + " page " + pgno + " out of range 2.." + pageCount);
        }
    }

    private void checkRange(int pgno) {
        if (pgno < 1 || pgno > pageCount) {
            throw new CorruptDatabaseException(pgno, "page number out of range 1.." + pageCount);
        }
    }

    private void checkWritable() {
        if (frozen) {
            throw new IllegalStateException("write set already committed");
        }
    }

    private void checkSavepoint(int sp) {
        if (sp < 1 || sp > savepoints.size()) {
            throw new IllegalArgumentException("no savepoint " + sp + " (depth " + savepoints.size() + ")");
        }
    }
}
