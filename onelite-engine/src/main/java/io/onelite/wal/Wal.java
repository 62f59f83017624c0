package io.onelite.wal;

import io.onelite.common.CorruptDatabaseException;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.common.Synchronous;
import io.onelite.os.DbFile;
import io.onelite.os.FileDbFile;
import io.onelite.os.LockAndMap;
import io.onelite.os.LockTable;
import io.onelite.os.OsHooks;
import io.onelite.os.ShmRegion;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.SortedMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.LockSupport;

/**
 * The WAL of one database file for this whole JVM (SQLite's {@code wal.c}, with the per-process
 * sharing of {@code os_unix.c}): the {@code -wal} file, the mmapped {@code -shm} wal-index and
 * its lock bytes. Readers take read marks ({@link #beginRead}); one writer at a time appends
 * frames and publishes the header ({@link #tryBeginWrite} .. {@link #endWrite}); checkpoints copy
 * frames back ({@link WalCheckpointer}); a bad wal-index is rebuilt from the WAL
 * ({@link WalRecovery}). See {@code docs/wal.md} for the protocol.
 *
 * <p>Thread-safety: the reader methods are thread-safe; the writer methods must be called by
 * the holder of the WRITE lock only (the pager serialises writers).
 */
public final class Wal {
    final Path walPath;
    final Path shmPath;
    /** Database and WAL I/O (possibly wrapped, e.g. by a fault-injecting test double). */
    final DbFile db;
    final DbFile walFile;
    private final FileDbFile walRaw;
    final FileDbFile shmFile;
    final ShmLocks locks;
    final ShmRegion shm;
    final WalIndex index;
    /** This JVM's mirror of the wal-index's frame -> page entries (fast {@link #findFrame}). */
    private final FrameMap frames = new FrameMap();
    final int pageSize;
    volatile Synchronous synchronous;

    // writer state, valid while WRITE is held by this JVM
    private boolean writing;
    /** WRITE is held by this JVM between two write sessions ({@link #endWrite(boolean)}); the pager's gate guards it. */
    private boolean writeKept;
    WalIndexHeader published;
    private int wMx;
    private int wNPage;
    private int wCk0;
    private int wCk1;
    private byte[] wSalts;
    private boolean wBigEnd;
    private int wIChange;
    private volatile long[] lastRestart;
    /** The writer's salts were made by {@link #restartHeader} and no frame carries them yet. */
    private boolean saltsFromRestart;
    private byte[] appendBuf;

    private Wal(Path dbPath, DbFile db, int pageSize, Synchronous synchronous, OsHooks io) {
        this.walPath = Path.of(dbPath + "-wal");
        this.shmPath = Path.of(dbPath + "-shm");
        this.db = db;
        this.pageSize = pageSize;
        this.synchronous = synchronous;
        this.walRaw = FileDbFile.open(walPath, true);
        this.walFile = io.files().apply(walRaw);
        this.shmFile = FileDbFile.open(shmPath, true);
        LockAndMap shmOs = io.locks().apply(shmFile);
        this.locks = new ShmLocks(new LockTable(shmFile, shmOs));
        this.shm = new ShmRegion(shmFile, shmOs);
        this.index = new WalIndex(shm);
    }

    /**
     * Opens (creating if needed) the {@code -wal} and {@code -shm} of {@code dbPath}, whose
     * database file {@code db} is already held SHARED, and takes the DMS lock: the first process
     * to open the wal-index truncates it so that the first reader rebuilds it from the WAL.
     *
     * @throws OneLiteException BUSY if another process keeps initialising past the deadline
     */
    public static Wal open(Path dbPath, DbFile db, int pageSize, Synchronous synchronous, long deadlineNanos,
                           OsHooks io) {
        boolean created = !Files.exists(Path.of(dbPath + "-wal"));
        Wal w = new Wal(dbPath, db, pageSize, synchronous, io);
        try {
            if (created && synchronous == Synchronous.EXTRA) {
                FileDbFile.syncDirectory(dbPath.toAbsolutePath().getParent());
            }
            w.takeDms(deadlineNanos);
            return w;
        } catch (RuntimeException e) {
            w.locks.table.releaseAll();
            w.walRaw.close();
            w.shmFile.close();
            throw e;
        }
    }

    /**
     * The page size a WAL file's header names, or 0 when {@code dbPath}'s {@code -wal} is missing or
     * its 32-byte header is not valid (magic, version 3007000, a power-of-two page size in
     * 512..65536, the header checksum), read without opening the WAL or taking any lock.
     */
    public static int headerPageSize(Path dbPath) {
        byte[] hdr = new byte[WalFormat.HEADER_SIZE];
        try (java.io.InputStream in = Files.newInputStream(Path.of(dbPath + "-wal"))) {
            if (in.readNBytes(hdr, 0, hdr.length) != hdr.length) {
                return 0;
            }
        } catch (java.io.IOException e) {
            return 0;
        }
        int magic = WalFormat.getInt(hdr, 0);
        int pageSize = WalFormat.getInt(hdr, 8);
        int[] ck = new int[2];
        WalFormat.checksum((magic & 1) != 0, hdr, 0, 24, ck);
        boolean valid = (magic & ~1) == WalFormat.MAGIC_LE && WalFormat.getInt(hdr, 4) == WalFormat.VERSION
                && WalFormat.validPageSize(pageSize) && ck[0] == WalFormat.getInt(hdr, 24)
                && ck[1] == WalFormat.getInt(hdr, 28);
        return valid ? pageSize : 0;
    }

    private void takeDms(long deadlineNanos) {
        for (int n = 0; ; n++) {
            if (locks.tryExclusive(ShmLocks.DMS, 1)) {
                // nobody else has the wal-index open: invalidate it, the first reader recovers
                shmFile.truncate(0);
                shm.unmapAll();
                locks.unlockExclusive(ShmLocks.DMS, 1);
                if (locks.tryShared(ShmLocks.DMS)) {
                    return;
                }
            } else if (locks.tryShared(ShmLocks.DMS)) {
                return;
            }
            if (System.nanoTime() > deadlineNanos) {
                throw new OneLiteException(ResultCode.BUSY, "database is locked");
            }
            LockSupport.parkNanos(1_000_000);
        }
    }

    public Synchronous synchronous() {
        return synchronous;
    }

    public void setSynchronous(Synchronous s) {
        this.synchronous = s;
    }

    public int pageSize() {
        return pageSize;
    }

    // ------------------------------------------------------------------ readers

    /**
     * Starts a read transaction (SQLite's {@code walTryBeginRead} loop, see {@link WalReader}):
     * a consistent header and a read lock that keeps checkpointers from copying past this view
     * and writers from restarting the WAL under it.
     *
     * @throws OneLiteException PROTOCOL after 100 tries, CANTOPEN for an unknown version
     */
    public ReadView beginRead() {
        return WalReader.begin(this);
    }

    /** Whether a reader of this JVM holds one of READ(1..4), i.e. reads frames from the WAL. */
    public boolean readersInWal() {
        for (int i = 1; i <= 4; i++) {
            if (locks.table.holders(ShmLocks.read(i), 1) > 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * Ends a read transaction started by {@link #beginRead}. Its read-mark lock lingers a moment
     * for the next read transaction of this JVM (two fcntl calls fewer per transaction; see
     * {@code LockTable}).
     */
    public void endRead(ReadView v) {
        if (v.slot < 0) {
            return;
        }
        long now = System.nanoTime();
        if (index.foreign.lately(now)) {
            locks.unlockShared(ShmLocks.read(v.slot)); // another process writes or checkpoints: as SQLite
        } else {
            locks.unlockSharedLingering(ShmLocks.read(v.slot), now);
        }
    }

    /** Commit syncs' moving average in nanoseconds, -1 before the first (see {@link #publish(boolean)}). */
    public long recentSyncNanos() {
        return recentSyncNanos;
    }

    /** How many times this JVM saw that another process had changed the WAL (PRAGMA data_version). */
    private final java.util.concurrent.atomic.AtomicLong foreignChanges = new java.util.concurrent.atomic.AtomicLong();

    /** How many times this JVM saw that another process had written, restarted or checkpointed the WAL. */
    public long foreignChanges() {
        return foreignChanges.get();
    }

    /** Read-mark locks lingering for this JVM's next reader now (for tests). */
    public int lingeringReadLocks() {
        return locks.table.lingering();
    }

    /**
     * A reader saw header {@code h} and {@code backfilled}: if another process wrote, restarted or
     * checkpointed the WAL since this JVM last looked, read-mark locks stop lingering for a while
     * ({@link ForeignWork}) and those lingering now go back to the OS.
     */
    void noteForeignWork(WalIndexHeader h, int backfilled) {
        long now = System.nanoTime();
        if (index.foreign.observe(h, backfilled, now)) {
            foreignChanges.incrementAndGet();
            locks.table.giveBackLingering();
        }
    }

    static void checkVersion(WalIndexHeader h) {
        if (h.version() != WalFormat.VERSION) {
            throw new OneLiteException(ResultCode.CANTOPEN, "unable to open database file: wal-index version " + h.version());
        }
    }

    /** The newest frame holding {@code pgno} in {@code v}, 0 to read the database file. */
    public int findFrame(ReadView v, int pgno) {
        if (!v.usesWal()) {
            return 0;
        }
        if (v.slot >= 0 && v.header.pageSize() != pageSize) {
            throw new CorruptDatabaseException("WAL page size " + v.header.pageSize() + " differs from the database's " + pageSize);
        }
        return frames.lookup(index, v.saltKey, v.mxFrame, pgno);
    }

    /** Reads the page image of {@code frame} into {@code dst} (pageSize bytes). */
    public void readFrame(int frame, byte[] dst) {
        int n = walFile.read(WalFormat.frameOffset(frame, pageSize) + WalFormat.FRAME_HEADER_SIZE, dst, 0, pageSize);
        if (n != pageSize) {
            throw new CorruptDatabaseException("WAL frame " + frame + " is truncated");
        }
    }

    /** Frames a checkpoint would copy (0 if the WAL is fully copied), read lock-free. */
    public int framesToCheckpoint() {
        if (shm.isClosed()) {
            return 0; // a status read through a handle whose file has closed: nothing left here
        }
        WalIndexHeader h = index.readHeader();
        if (h == null) {
            return 0;
        }
        return index.nBackfill() < h.mxFrame() ? h.mxFrame() : 0;
    }

    // ------------------------------------------------------------------ the writer

    /**
     * Takes the WRITE lock (never waits) and loads the newest header, recovering the wal-index
     * if it is bad. False if another connection (in this JVM or another process) is writing.
     */
    public boolean tryBeginWrite() {
        if (!locks.tryExclusive(ShmLocks.WRITE, 1)) {
            return false;
        }
        return beginWriteLocked();
    }

    /**
     * As {@link #tryBeginWrite} on the WRITE lock kept by the last {@link #endWrite(boolean)}: no
     * other process can have written since, but the header is loaded again all the same. False,
     * with the lock released, where {@link #tryBeginWrite} would fail after taking it.
     */
    public boolean resumeWrite() {
        if (!writeKept) {
            throw new IllegalStateException("no WAL write lock was kept");
        }
        writeKept = false;
        return beginWriteLocked();
    }

    /** With WRITE just taken (or kept): the writer's session on the newest header; releases WRITE on failure. */
    private boolean beginWriteLocked() {
        try {
            WalIndexHeader h = index.readHeader();
            if (h == null) {
                if (!WalRecovery.recover(this, false)) {
                    locks.unlockExclusive(ShmLocks.WRITE, 1);
                    return false;
                }
                h = index.readHeader();
                if (h == null) {
                    throw new OneLiteException(ResultCode.PROTOCOL, "locking protocol: wal-index header unreadable after recovery");
                }
            }
            checkVersion(h);
            noteForeignWork(h, index.nBackfill()); // a commit of another process since this JVM last looked
            loadWriter(h);
            writing = true;
            maybeRestart();
            return true;
        } catch (RuntimeException e) {
            locks.unlockExclusive(ShmLocks.WRITE, 1);
            throw e;
        }
    }

    private void loadWriter(WalIndexHeader h) {
        saltsFromRestart = false;
        published = h;
        wMx = h.mxFrame();
        wNPage = h.nPage();
        wCk0 = h.frameCksum0();
        wCk1 = h.frameCksum1();
        wSalts = h.salts();
        wBigEnd = h.bigEndCksum();
        wIChange = h.iChange();
    }

    /** The writer's view: the newest committed state including appended, unpublished commits. */
    public ReadView writerView() {
        checkWriting();
        return new ReadView(published, -1, wMx, wNPage, writerSaltKey());
    }

    /** The writer's header (for the generation of the writer's view). */
    public long writerSaltKey() {
        checkWriting();
        return (((long) WalFormat.getInt(wSalts, 0)) << 32) | (WalFormat.getInt(wSalts, 4) & 0xffffffffL);
    }

    /**
     * Appends one commit: the pages in ascending pgno order as frames, the last one a commit
     * frame carrying {@code nPage}; then their wal-index entries. No sync (see {@link #publish}).
     * Restarts the WAL first when everything was checkpointed and no reader uses it. Returns
     * the new last frame.
     */
    public int append(SortedMap<Integer, byte[]> pages, int nPage) {
        checkWriting();
        if (pages.isEmpty()) {
            throw new IllegalArgumentException("a commit needs at least one page");
        }
        if (wMx == 0) {
            writeWalHeader();
        }
        int frameSize = WalFormat.FRAME_HEADER_SIZE + pageSize;
        // frames go out in chunks of about 1 MiB: one write per chunk, no huge buffer for big commits
        int perChunk = Math.max(1, Math.min(pages.size(), (1 << 20) / frameSize));
        byte[] buf = appendBuffer(perChunk * frameSize);
        int[] ck = {wCk0, wCk1};
        int i = 0;
        int inBuf = 0;
        int last = pages.size() - 1;
        long chunkStart = WalFormat.frameOffset(wMx + 1, pageSize);
        for (Map.Entry<Integer, byte[]> e : pages.entrySet()) {
            int off = inBuf * frameSize;
            WalFormat.putInt(buf, off, e.getKey());
            WalFormat.putInt(buf, off + 4, i == last ? nPage : 0);
            System.arraycopy(wSalts, 0, buf, off + 8, 8);
            System.arraycopy(e.getValue(), 0, buf, off + 24, pageSize);
            WalFormat.checksum(wBigEnd, buf, off, 8, ck);
            WalFormat.checksum(wBigEnd, buf, off + 24, pageSize, ck);
            WalFormat.putInt(buf, off + 16, ck[0]);
            WalFormat.putInt(buf, off + 20, ck[1]);
            i++;
            if (++inBuf == perChunk || i > last) {
                walFile.write(chunkStart, buf, 0, inBuf * frameSize);
                chunkStart += (long) inBuf * frameSize;
                inBuf = 0;
            }
        }
        int frame = wMx;
        long salt = writerSaltKey();
        for (int pgno : pages.keySet()) {
            index.append(++frame, pgno, published.mxFrame());
            frames.appended(index, salt, frame, pgno);
        }
        wMx = frame;
        wNPage = nPage;
        wCk0 = ck[0];
        wCk1 = ck[1];
        return wMx;
    }

    /** The writer's frame buffer, reused from commit to commit (at most about 1 MiB is kept). */
    private byte[] appendBuffer(int size) {
        if (appendBuf == null || appendBuf.length < size) {
            appendBuf = new byte[size];
        }
        return appendBuf;
    }

    /**
     * SQLite's {@code walRestartLog}, done when the write lock is taken: if every frame was
     * copied back and no reader uses the WAL, start a new generation so the WAL does not grow.
     */
    private void maybeRestart() {
        if (wMx > 0 && index.nBackfill() == wMx && locks.tryExclusive(ShmLocks.read(1), 4)) {
            try {
                restartHeader();
            } finally {
                locks.unlockExclusive(ShmLocks.read(1), 4);
            }
        }
    }

    /** Told of a restart by this JVM just before it happens (see {@link #onRestart}). */
    public interface RestartListener {
        /**
         * Every frame up to {@code oldMx} of generation {@code oldSaltKey} is in the database file,
         * which generation {@code newSaltKey} starts from: the database file holds, for each page,
         * its version of frame {@code newestFrame(pgno)} (0: the one it held before that generation).
         */
        void restarting(long oldSaltKey, int oldMx, long newSaltKey, java.util.function.IntUnaryOperator newestFrame);
    }

    private volatile RestartListener restartListener;
    /** Commit syncs' moving average (each new one weighs 1/8), -1 before the first; written under the write lock. */
    private volatile long recentSyncNanos = -1;

    /** Sets the listener told of this JVM's restarts (the page cache keeps what is still current). */
    public void onRestart(RestartListener l) {
        restartListener = l;
    }

    /** The last restart done by this JVM: {old salts, old mxFrame, new salts}, or null. */
    public long[] lastRestart() {
        return lastRestart;
    }

    /** A fresh WAL header with new salts (old salt-1 + 1, random salt-2), synced unless synchronous=OFF. */
    private void writeWalHeader() {
        byte[] old = new byte[WalFormat.HEADER_SIZE];
        int seq = 0;
        if (walFile.read(0, old, 0, old.length) == old.length
                && (WalFormat.getInt(old, 0) & ~1) == WalFormat.MAGIC_LE) {
            seq = WalFormat.getInt(old, 12) + 1;
        }
        byte[] salts = new byte[8];
        if (saltsFromRestart) {
            // as SQLite's walRestartHdr + first frame: the header takes the restart's new salts,
            // no second generation (and no second carry of the page cache)
            System.arraycopy(wSalts, 0, salts, 0, 8);
        } else {
            int salt1 = WalFormat.getInt(wSalts, 0);
            salt1 = salt1 == 0 && WalFormat.getInt(wSalts, 4) == 0 ? ThreadLocalRandom.current().nextInt() : salt1 + 1;
            WalFormat.putInt(salts, 0, salt1);
            WalFormat.putInt(salts, 4, ThreadLocalRandom.current().nextInt());
        }
        boolean bigEnd = java.nio.ByteOrder.nativeOrder() == java.nio.ByteOrder.BIG_ENDIAN;
        byte[] h = new byte[WalFormat.HEADER_SIZE];
        WalFormat.putInt(h, 0, WalFormat.MAGIC_LE | (bigEnd ? 1 : 0));
        WalFormat.putInt(h, 4, WalFormat.VERSION);
        WalFormat.putInt(h, 8, pageSize);
        WalFormat.putInt(h, 12, seq);
        System.arraycopy(salts, 0, h, 16, 8);
        int[] ck = new int[2];
        WalFormat.checksum(bigEnd, h, 0, 24, ck);
        WalFormat.putInt(h, 24, ck[0]);
        WalFormat.putInt(h, 28, ck[1]);
        walFile.write(0, h, 0, h.length);
        if (synchronous != Synchronous.OFF) {
            walFile.sync(false);
        }
        RestartListener l = restartListener;
        if (l != null && wMx == 0 && !saltsFromRestart) {
            // the first frame takes salts of its own: an empty WAL again, the database file as it was
            long newKey = ((long) WalFormat.getInt(salts, 0) << 32) | (WalFormat.getInt(salts, 4) & 0xffffffffL);
            l.restarting(writerSaltKey(), 0, newKey, pgno -> 0);
        }
        saltsFromRestart = false;
        wSalts = salts;
        wBigEnd = bigEnd;
        wCk0 = ck[0];
        wCk1 = ck[1];
    }

    /**
     * SQLite's {@code walRestartHdr}: a new WAL generation (salt-1 + 1, random salt-2), mxFrame 0,
     * nBackfill 0, read marks reset. Needs WRITE and READ(1..4) exclusive.
     */
    void restartHeader() {
        long oldSalts = writerSaltKey();
        int oldMx = wMx;
        byte[] salts = new byte[8];
        WalFormat.putInt(salts, 0, WalFormat.getInt(wSalts, 0) + 1);
        WalFormat.putInt(salts, 4, ThreadLocalRandom.current().nextInt());
        WalIndexHeader h = WalIndexHeader.build(wIChange + 1, wBigEnd, pageSize, 0, wNPage, 0, 0, salts);
        RestartListener l = restartListener;
        if (l != null && oldMx > 0 && index.nBackfill() == oldMx) {
            // before the header is reset: the frame lookups below read the old generation
            l.restarting(oldSalts, oldMx, h.saltKey(), pgno -> frames.lookup(index, oldSalts, oldMx, pgno));
        }
        index.writeHeader(h);
        index.setNBackfill(0);
        index.setNBackfillAttempted(0);
        index.setReadMark(1, 0);
        for (int i = 2; i <= 4; i++) {
            index.setReadMark(i, WalIndex.READMARK_NOT_USED);
        }
        loadWriter(h);
        saltsFromRestart = true;
        lastRestart = new long[] {oldSalts, oldMx, h.saltKey()};
    }

    /** Syncs the WAL if synchronous is FULL or EXTRA, then publishes the header: the commit point. */
    public void publish() {
        publish(synchronous == Synchronous.FULL || synchronous == Synchronous.EXTRA);
    }

    /**
     * Publishes the header (the commit point), syncing the WAL first when {@code syncWal}: the
     * committing connections' own {@code PRAGMA synchronous} decides, as in SQLite, where each
     * connection's pager has its sync flags.
     */
    public void publish(boolean syncWal) {
        checkWriting();
        if (wMx == published.mxFrame() && java.util.Arrays.equals(wSalts, published.salts())) {
            return;
        }
        if (syncWal) {
            long start = System.nanoTime();
            walFile.sync(false);
            long took = System.nanoTime() - start;
            long avg = recentSyncNanos;
            recentSyncNanos = avg < 0 ? took : avg + (took - avg) / 8;
        }
        WalIndexHeader h = WalIndexHeader.build(wIChange + 1, wBigEnd, pageSize, wMx, wNPage, wCk0, wCk1, wSalts);
        index.writeHeader(h);
        loadWriter(h);
    }

    /** Forgets appended, unpublished frames (SQLite's {@code sqlite3WalUndo}). */
    public void abandon() {
        checkWriting();
        if (wMx != published.mxFrame() || !java.util.Arrays.equals(wSalts, published.salts())) {
            if (wMx > published.mxFrame() && java.util.Arrays.equals(wSalts, published.salts())) {
                index.cleanup(published.mxFrame());
            }
            loadWriter(published);
        }
        frames.forgetAfter(published.saltKey(), published.mxFrame()); // also frames of a failed append
    }

    /** Whether appended frames await {@link #publish}. */
    public boolean hasUnpublished() {
        return writing && (wMx != published.mxFrame() || !java.util.Arrays.equals(wSalts, published.salts()));
    }

    /** Releases the WRITE lock (abandoning unpublished frames). */
    public void endWrite() {
        endWrite(false);
    }

    /**
     * Ends the write session, abandoning unpublished frames; with {@code keepLock} the WRITE lock
     * stays held by this process for {@link #resumeWrite} or {@link #releaseKeptWriteLock}.
     */
    public void endWrite(boolean keepLock) {
        checkWriting();
        try {
            abandon();
        } finally {
            writing = false;
            if (keepLock) {
                writeKept = true;
            } else {
                locks.unlockExclusive(ShmLocks.WRITE, 1);
            }
        }
    }

    /** Releases the WRITE lock kept by {@link #endWrite(boolean)} when no writer resumed on it. */
    public void releaseKeptWriteLock() {
        if (!writeKept) {
            throw new IllegalStateException("no WAL write lock was kept");
        }
        writeKept = false;
        locks.unlockExclusive(ShmLocks.WRITE, 1);
    }

    public boolean isWriting() {
        return writing;
    }

    private void checkWriting() {
        if (!writing) {
            throw new IllegalStateException("WAL write lock not held");
        }
    }

    // ------------------------------------------------------------------ checkpoint and close

    /** Runs a checkpoint; see {@link WalCheckpointer}. {@code writeHeld}: this JVM holds WRITE (via {@link #tryBeginWrite}). */
    public CheckpointOutcome checkpoint(WalCheckpointMode mode, long deadlineNanos, boolean writeHeld) {
        if (writeHeld) {
            checkWriting();
        }
        return WalCheckpointer.run(this, mode, deadlineNanos, writeHeld);
    }

    /**
     * Closes the WAL. With {@code lastAnywhere} (the caller holds the database EXCLUSIVE, so no
     * other connection exists) it checkpoints everything and, if that copied every frame,
     * deletes {@code -wal} and {@code -shm}.
     */
    public void close(boolean lastAnywhere) {
        try {
            if (lastAnywhere && tryBeginWrite()) {
                boolean clean;
                try {
                    CheckpointOutcome o = checkpoint(WalCheckpointMode.PASSIVE, System.nanoTime(), true);
                    clean = !o.busy() && o.backfilledFrames() >= o.logFrames();
                } catch (OneLiteException e) {
                    clean = false; // as SQLite's close: a checkpoint that failed (a short database file) keeps the WAL
                } finally {
                    endWrite();
                }
                if (clean) {
                    Files.deleteIfExists(walPath);
                    Files.deleteIfExists(shmPath);
                    if (synchronous == Synchronous.EXTRA) {
                        FileDbFile.syncDirectory(walPath.toAbsolutePath().getParent());
                    }
                }
            }
        } catch (java.io.IOException e) {
            throw new OneLiteException(ResultCode.IOERR, "disk I/O error deleting the WAL", e);
        } finally {
            locks.table.releaseAll();
            walRaw.close();
            shmFile.close();
            shm.close(); // unmapped now, or by the last thread still inside (an aborted statement)
        }
    }
}
