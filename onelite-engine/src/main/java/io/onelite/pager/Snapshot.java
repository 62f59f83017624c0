package io.onelite.pager;

import io.onelite.common.CorruptDatabaseException;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;

/**
 * An immutable, consistent read view of the database: page by pgno. Obtained from
 * {@link Pager#beginRead()} (holding a WAL read mark until {@link Pager#endRead}) or, with the
 * write lock held, from {@link Pager#latest()} / {@link Pager#appendCommit} (valid only while the
 * write lock is held, no read mark of its own).
 *
 * <p>The state is identified by {@code (generation, mxFrame)}: the WAL generation (a fresh number
 * per set of WAL salts seen by this JVM) and the last committed frame the view includes. Two
 * snapshots of one pager with equal identities see identical bytes. Pages are shared immutable
 * arrays: never modify what {@link #read} returns.
 */
public final class Snapshot implements PageStore {
    final PageSource source;
    final int pageSize;
    final int usableSize;
    final int pageCount;
    final int generation;
    final int mxFrame;
    /** Backend-specific state: the page map (memory) or the wal-index view (file). */
    final Object state;
    /** The WAL read lock slot held (0..4), or -1 when the view holds no read lock. */
    int readSlot = -1;
    /** The reading connection's {@code mmap_size}: how much of the database file its page reads may take from the mapping. */
    private long mmapSize = MappedPages.DEFAULT_SIZE;
    volatile boolean released;
    /**
     * Set by {@link Pager#keepReadable} on a writer's view: a read-marked snapshot of the same
     * state that its reads go to from then on, as the writer's view itself is valid only while
     * the write lock is held.
     */
    private volatile Snapshot through;
    /**
     * Interior b-tree pages read, direct-mapped by pgno (null: none kept). A b-tree descent reads
     * the same root and interior pages again and again; this spares their lookups in the WAL
     * index and the page cache. Shared between snapshots of one published state (see
     * {@link FileBackend}): each slot is one immutable {@link Memo}, so racing readers see a
     * whole entry or none.
     */
    private final Memo[] memo;

    /** A page of the memo: {@code page} is the image of {@code pgno} in every snapshot sharing the memo. */
    record Memo(int pgno, byte[] page) {
    }

    static final int MEMO_SLOTS = 32;

    Snapshot(PageSource source, int pageSize, int usableSize, int pageCount, int generation, int mxFrame, Object state) {
        this(source, pageSize, usableSize, pageCount, generation, mxFrame, state, null);
    }

    Snapshot(PageSource source, int pageSize, int usableSize, int pageCount, int generation, int mxFrame, Object state,
             Memo[] memo) {
        this.source = source;
        this.pageSize = pageSize;
        this.usableSize = usableSize;
        this.pageCount = pageCount;
        this.generation = generation;
        this.mxFrame = mxFrame;
        this.state = state;
        this.memo = memo;
    }

    @Override
    public int pageSize() {
        return pageSize;
    }

    @Override
    public int usableSize() {
        return usableSize;
    }

    @Override
    public int pageCount() {
        return pageCount;
    }

    /** The WAL generation this view belongs to (process-local number). */
    public int generation() {
        return generation;
    }

    /** The last committed WAL frame included (for {@code :memory:}: the commit number). */
    public int mxFrame() {
        return mxFrame;
    }

    /**
     * The connection's {@code PRAGMA mmap_size} in bytes: database-file pages within that many
     * bytes of the file are copied out of the file's memory mapping ({@link MappedPages}), the
     * others read by position; 0 reads every page by position. A reading option, not part of the
     * state: it never changes what a read returns. Set it before the view is shared.
     */
    public void setMmapSize(long bytes) {
        mmapSize = Math.max(0, bytes);
    }

    /** The {@code mmap_size} this view reads with (see {@link #setMmapSize}). */
    public long mmapSize() {
        return mmapSize;
    }

    /** Whether {@code other} is the same committed state (same generation and frame). */
    public boolean sameState(Snapshot other) {
        return other != null && other.source == source
                && ((other.generation == generation && other.mxFrame == mxFrame) || source.equivalent(this, other));
    }

    @Override
    public byte[] read(int pgno) {
        if (pgno < 1 || pgno > pageCount) {
            throw new CorruptDatabaseException(pgno, "page number out of range 1.." + pageCount);
        }
        if (released) {
            throw new IllegalStateException("snapshot already released by endRead");
        }
        Snapshot t = through;
        if (t != null) {
            return t.read(pgno);
        }
        byte[] p;
        try {
            p = readOwn(pgno);
        } catch (RuntimeException e) {
            if (through == null) {
                throw e;
            }
            p = null; // a read racing with keepReadable: the lock may be gone and the WAL restarted
        }
        t = through;
        return t != null ? t.read(pgno) : p;
    }

    private byte[] readOwn(int pgno) {
        if (memo == null) {
            return source.readPage(this, pgno);
        }
        int slot = pgno & (MEMO_SLOTS - 1);
        Memo m = memo[slot];
        if (m != null && m.pgno == pgno) {
            return m.page;
        }
        byte[] p = source.readPage(this, pgno);
        if (pgno == 1 || isInteriorPage(p)) {
            memo[slot] = new Memo(pgno, p);
        }
        return p;
    }

    /** See {@link #through}; {@code s} is the same state, with a read mark. */
    void readThrough(Snapshot s) {
        s.setMmapSize(mmapSize); // the connection's PRAGMA mmap_size goes on with its reads
        through = s;
    }

    /**
     * Whether the page looks like an interior b-tree page (type byte 2 or 5). Only those (and
     * page 1, read by every statement for the schema cookie) are memoized: every lookup passes
     * through them, while a leaf is seldom read twice and would only push them out.
     */
    private static boolean isInteriorPage(byte[] p) {
        int type = p.length > 0 ? p[0] : 0;
        return type == 2 || type == 5;
    }

    @Override
    public byte[] write(int pgno) {
        throw readOnly();
    }

    @Override
    public int allocate() {
        throw readOnly();
    }

    @Override
    public void free(int pgno) {
        throw readOnly();
    }

    @Override
    public long version(int pgno) {
        if (pgno < 1 || pgno > pageCount) {
            return -1;
        }
        Snapshot t = through;
        if (t != null) {
            return t.version(pgno);
        }
        long v;
        try {
            v = source.pageVersion(this, pgno);
        } catch (RuntimeException e) {
            if (through == null) {
                throw e;
            }
            v = -1;
        }
        t = through;
        return t != null ? t.version(pgno) : v;
    }

    @Override
    public boolean writable() {
        return false;
    }

    @Override
    public long changeStamp() {
        return 0; // a snapshot's pages never change
    }

    private static OneLiteException readOnly() {
        return new OneLiteException(ResultCode.READONLY, "attempt to write a readonly database");
    }

    @Override
    public String toString() {
        return "Snapshot[gen=" + generation + ", mxFrame=" + mxFrame + ", pages=" + pageCount + ", slot=" + readSlot + "]";
    }
}
