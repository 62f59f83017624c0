package io.onelite.pager;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.os.DbFile;
import io.onelite.os.FileDbFile;
import io.onelite.os.LockTable;
import io.onelite.os.OsHooks;
import io.onelite.wal.CheckpointOutcome;
import io.onelite.wal.DbLock;
import io.onelite.wal.ReadView;
import io.onelite.wal.Wal;
import io.onelite.wal.WalCheckpointMode;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.LockSupport;

/**
 * A database file in WAL mode, shared with other processes through SQLite's protocol: the
 * database file held SHARED for the pager's life, the {@link Wal} for snapshots, commits and
 * checkpoints, and the {@link PageCache}.
 *
 * <p>Page versions (cache tags): a page read from WAL frame F has tag F; a page read from the
 * database file by a view that may use the WAL has tag 0 (the content the file had when this
 * WAL generation began: frames of this generation are never copied back past a reader that
 * could still see an older version); a page read by a READ(0) view (WAL fully copied back at
 * mxFrame M) has tag 0x80000000|M.
 */
final class FileBackend implements Backend {
    private static final Duration OPEN_TIMEOUT = Duration.ofSeconds(10);

    private final Path path;
    private final FileDbFile dbRaw;
    private final DbFile db;
    private final DbLock dbLock;
    private final Wal wal;
    private final int pageSize;
    private final int usableSize;
    private final PageCache cache;
    private final MappedPages mapped;
    private final ConcurrentHashMap<Long, Integer> generations = new ConcurrentHashMap<>();
    private final java.util.concurrent.atomic.AtomicInteger lastGeneration = new java.util.concurrent.atomic.AtomicInteger();
    /** New generation -> {old generation, old mxFrame}: a restart that changed no data. */
    private final ConcurrentHashMap<Integer, int[]> restartedFrom = new ConcurrentHashMap<>();
    /** The WAL restart {@link #noteRestart()} recorded last (the same array until the next restart). */
    private volatile long[] notedRestart;
    private final List<PageCache.Key> unpublished = new ArrayList<>();
    /** The last non-zero salts looked up and their number (never changes once given): spares the map per read. */
    private volatile KnownGeneration lastKnown = new KnownGeneration(0, 0);
    /** The page memo of the newest published state read (see {@link #memoFor}). */
    private volatile SharedMemo sharedMemo;

    private record KnownGeneration(long saltKey, int generation) {
    }

    private volatile LastCheckpoint lastCheckpoint;

    private FileBackend(Path path, FileDbFile dbRaw, DbFile db, DbLock dbLock, Wal wal, int pageSize, int usableSize, int cachePages) {
        this.path = path;
        this.dbRaw = dbRaw;
        this.db = db;
        this.dbLock = dbLock;
        this.wal = wal;
        this.pageSize = pageSize;
        this.usableSize = usableSize;
        this.cache = new PageCache(cachePages);
        this.mapped = new MappedPages(db, pageSize);
        wal.onRestart((oldSalts, oldMx, newSalts, newestFrame) -> cache.carry(generation(oldSalts), generation(newSalts),
                k -> k.tag() >= 0 && newestFrame.applyAsInt(k.pgno()) == k.tag()));
    }

    static Backend open(Path path, PagerOptions options, OsHooks io) {
        long deadline = System.nanoTime() + OPEN_TIMEOUT.toNanos();
        FileDbFile dbRaw = FileDbFile.open(path, false);
        DbFile db = io.files().apply(dbRaw);
        LockTable dbLocks = new LockTable(dbRaw, io.locks().apply(dbRaw));
        DbLock dbLock = new DbLock(dbLocks);
        try {
            while (!dbLock.tryShared()) {
                if (System.nanoTime() > deadline) {
                    throw new OneLiteException(ResultCode.BUSY, "database is locked");
                }
                LockSupport.parkNanos(2_000_000);
            }
            byte[] header;
            Wal wal;
            try {
                header = DatabaseOpener.prepare(path, db, dbLock, options, deadline);
                wal = Wal.open(path, db, FileHeader.pageSize(header), options.synchronous(), deadline, io);
            } catch (OneLiteException e) {
                WalPage1 fromWal = e.resultCode() == ResultCode.NOTADB ? WalPage1.find(path, db, options, deadline, io) : null;
                if (fromWal == null) {
                    throw e;
                }
                header = fromWal.header(); // the file's own header is unreadable, page 1 is in the WAL
                wal = fromWal.wal();
            }
            int pageSize = FileHeader.pageSize(header);
            int usable = pageSize - (header[FileHeader.RESERVED_BYTES] & 0xff);
            return new FileBackend(path, dbRaw, db, dbLock, wal, pageSize, usable, options.cacheSizePages());
        } catch (RuntimeException e) {
            dbLock.release();
            dbRaw.close();
            throw e;
        }
    }

    @Override
    public int pageSize() {
        return pageSize;
    }

    @Override
    public int usableSize() {
        return usableSize;
    }

    /**
     * The process-local number of the WAL generation with these salts. Salts 0 mean "no valid
     * WAL" (a wal-index rebuilt from an empty WAL by SQLite); the database file cannot change
     * during such a period (nothing to copy back), but two such periods may hold different
     * contents, so the number for salts 0 is forgotten as soon as a real generation is seen.
     */
    private int generation(long saltKey) {
        KnownGeneration known = lastKnown;
        if (saltKey != 0 && known.saltKey == saltKey) {
            return known.generation;
        }
        Integer g = generations.get(saltKey);
        if (g != null) {
            if (saltKey != 0) {
                lastKnown = new KnownGeneration(saltKey, g);
            }
            return g;
        }
        if (saltKey != 0) {
            generations.remove(0L);
        }
        return generations.computeIfAbsent(saltKey, k -> lastGeneration.incrementAndGet());
    }

    private Snapshot snapshot(ReadView v) {
        int pages = v.nPage() != 0 ? v.nPage() : (int) ((db.size() + pageSize - 1) / pageSize);
        int gen = generation(v.saltKey());
        Snapshot s = new Snapshot(this, pageSize, usableSize, pages, gen, v.mxFrame(), v, memoFor(v, gen));
        s.readSlot = v.slot();
        return s;
    }

    /**
     * The page memo for a view: shared by every read view of one published state (same WAL
     * generation and last frame, and whether it reads the WAL), so that statement after statement
     * on an unchanged database finds the root and interior pages there. A writer's view (no read
     * lock) may include frames not yet published, which an abandoned commit may rewrite under the
     * same numbers: it gets a memo of its own.
     */
    private Snapshot.Memo[] memoFor(ReadView v, int gen) {
        if (v.slot() < 0) {
            return new Snapshot.Memo[Snapshot.MEMO_SLOTS];
        }
        SharedMemo m = sharedMemo;
        boolean usesWal = v.usesWal();
        if (m == null || m.generation != gen || m.mxFrame != v.mxFrame() || m.usesWal != usesWal) {
            m = new SharedMemo(gen, v.mxFrame(), usesWal, new Snapshot.Memo[Snapshot.MEMO_SLOTS]);
            sharedMemo = m;
        }
        return m.slots;
    }

    private record SharedMemo(int generation, int mxFrame, boolean usesWal, Snapshot.Memo[] slots) {
    }

    @Override
    public Snapshot beginRead() {
        return snapshot(wal.beginRead());
    }

    @Override
    public void endRead(Snapshot s) {
        s.released = true;
        ReadView v = (ReadView) s.state;
        if (v.slot() >= 0) {
            wal.endRead(v);
        }
    }

    private int tag(ReadView v, int frame) {
        if (frame > 0) {
            return frame;
        }
        return v.slot() == 0 && v.mxFrame() > 0 ? 0x80000000 | v.mxFrame() : 0;
    }

    @Override
    public byte[] readPage(Snapshot s, int pgno) {
        ReadView v = (ReadView) s.state;
        int frame = wal.findFrame(v, pgno);
        PageCache.Key key = new PageCache.Key(s.generation, pgno, tag(v, frame));
        byte[] p = cache.get(key);
        if (p != null) {
            return p;
        }
        p = new byte[pageSize];
        if (frame > 0) {
            wal.readFrame(frame, p);
        } else if (!mapped.read(pgno, p, s.mmapSize(), s.readSlot >= 0 ? (long) s.pageCount * pageSize : 0)) {
            db.read((long) (pgno - 1) * pageSize, p, 0, pageSize);
        }
        cache.put(key, p);
        return p;
    }

    @Override
    public long pageVersion(Snapshot s, int pgno) {
        ReadView v = (ReadView) s.state;
        return ((long) s.generation << 32) | (tag(v, wal.findFrame(v, pgno)) & 0xffffffffL);
    }

    @Override
    public boolean equivalent(Snapshot a, Snapshot b) {
        return restartOf(a, b) || restartOf(b, a);
    }

    private boolean restartOf(Snapshot older, Snapshot newer) {
        int[] from = restartedFrom.get(newer.generation);
        return newer.mxFrame == 0 && from != null && from[0] == older.generation && from[1] == older.mxFrame;
    }

    @Override
    public boolean lockWriteOs(long deadlineNanos) {
        long sleep = 100_000;
        while (!wal.tryBeginWrite()) {
            long left = deadlineNanos - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            if (Thread.currentThread().isInterrupted()) {
                throw new OneLiteException(ResultCode.INTERRUPT, "interrupted");
            }
            LockSupport.parkNanos(Math.min(sleep, left));
            sleep = Math.min(sleep * 2, 10_000_000);
        }
        noteRestart();
        return true;
    }

    private void noteRestart() {
        long[] r = wal.lastRestart();
        if (r != null && r != notedRestart) { // once per restart, not at every write lock
            restartedFrom.putIfAbsent(generation(r[2]), new int[] {generation(r[0]), (int) r[1]});
            notedRestart = r;
        }
    }

    @Override
    public boolean resumeWriteOs() {
        if (!wal.resumeWrite()) {
            return false;
        }
        noteRestart();
        return true;
    }

    @Override
    public void unlockWriteOs(boolean keepOsLock) {
        wal.endWrite(keepOsLock);
    }

    @Override
    public void releaseKeptWriteOs() {
        wal.releaseKeptWriteLock();
    }

    @Override
    public Snapshot latest() {
        return snapshot(wal.writerView());
    }

    @Override
    public long foreignChanges() {
        return wal.foreignChanges();
    }

    @Override
    public Snapshot append(Snapshot base, Map<Integer, byte[]> pages, int pageCount) {
        // a write set's commit is sorted already (WriteSet.freezeForCommit): no second copy
        java.util.SortedMap<Integer, byte[]> sorted = pages instanceof java.util.SortedMap<Integer, byte[]> m
                && m.comparator() == null ? m : new TreeMap<>(pages);
        // The versions this commit replaces are dead for every later reader: their room in the
        // cache goes to the new ones (found before the append, which may restart the WAL).
        ReadView was = (ReadView) base.state;
        for (int pgno : sorted.keySet()) {
            if (pgno <= base.pageCount()) {
                cache.remove(new PageCache.Key(base.generation, pgno, tag(was, wal.findFrame(was, pgno))));
            }
        }
        int last = wal.append(sorted, pageCount);
        int gen = generation(wal.writerSaltKey());
        int frame = last - sorted.size();
        for (Map.Entry<Integer, byte[]> e : sorted.entrySet()) {
            int pgno = e.getKey();
            PageCache.Key k = new PageCache.Key(gen, pgno, ++frame);
            cache.put(k, e.getValue(), true);
            unpublished.add(k);
        }
        return latest();
    }

    @Override
    public void publish(boolean syncWal) {
        wal.publish(syncWal);
        unpublished.clear();
    }

    @Override
    public void abandonUnpublished() {
        for (PageCache.Key k : unpublished) {
            cache.remove(k);
        }
        unpublished.clear();
        wal.abandon();
    }

    @Override
    public CheckpointResult checkpoint(CheckpointMode mode, Duration busyTimeout, boolean writeLockHeld) {
        long deadline = System.nanoTime() + busyTimeout.toNanos();
        CheckpointOutcome o = wal.checkpoint(WalCheckpointMode.valueOf(mode.name()), deadline, writeLockHeld);
        if (writeLockHeld) {
            noteRestart();
        }
        lastCheckpoint = new LastCheckpoint(java.time.Instant.now(), mode, o.busy(), o.logFrames(), o.backfilledFrames());
        return new CheckpointResult(o.busy(), o.logFrames(), o.backfilledFrames());
    }

    @Override
    public LastCheckpoint lastCheckpoint() {
        return lastCheckpoint;
    }

    @Override
    public int framesToCheckpoint() {
        return wal.framesToCheckpoint();
    }

    @Override
    public boolean readersInWal() {
        return wal.readersInWal();
    }

    @Override
    public int lingeringReadLocks() {
        return wal.lingeringReadLocks();
    }

    @Override
    public long recentSyncNanos() {
        return wal.recentSyncNanos();
    }

    @Override
    public void close() {
        boolean last = false;
        try {
            last = dbLock.tryUpgrade();
            wal.close(last);
        } finally {
            dbLock.release();
            dbRaw.close();
        }
    }

    Path path() {
        return path;
    }
}
