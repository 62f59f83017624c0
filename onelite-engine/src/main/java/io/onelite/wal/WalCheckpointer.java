package io.onelite.wal;

import io.onelite.common.CorruptDatabaseException;
import io.onelite.common.Synchronous;

import java.util.Map;
import java.util.TreeMap;

/**
 * Copies WAL frames back into the database file (SQLite's {@code walCheckpoint}), never past a
 * frame some reader may still need: each read mark below the WAL's end is either moved up (if
 * its lock is free) or limits the copy. While copying it holds READ(0) exclusive, so no new
 * reader trusts the database file alone. RESTART and TRUNCATE then wait until no reader uses the
 * WAL, so the next writer (or TRUNCATE itself) can start a new WAL generation.
 */
final class WalCheckpointer {
    private WalCheckpointer() {
    }

    static CheckpointOutcome run(Wal w, WalCheckpointMode mode, long deadline, boolean writeHeld) {
        if (!w.locks.tryExclusive(ShmLocks.CKPT, 1)) {
            return new CheckpointOutcome(true, -1, -1);
        }
        try {
            WalIndexHeader h = w.index.readHeader();
            if (h == null && writeHeld && WalRecovery.recover(w, true)) {
                h = w.index.readHeader();
            }
            if (h == null) {
                return new CheckpointOutcome(true, -1, -1);
            }
            if (h.mxFrame() > 0 && h.pageSize() != w.pageSize) {
                throw new CorruptDatabaseException("WAL page size " + h.pageSize() + " differs from the database's " + w.pageSize);
            }
            int mx = h.mxFrame();
            boolean wait = mode != WalCheckpointMode.PASSIVE;
            boolean busy = false;
            int nBackfill = w.index.nBackfill();
            if (nBackfill < mx) {
                int mxSafe = mx;
                for (int i = 1; i <= 4; i++) {
                    int m = w.index.readMark(i);
                    if (Integer.compareUnsigned(m, mxSafe) < 0) {
                        if (w.locks.exclusiveWaiting(ShmLocks.read(i), 1, wait ? deadline : System.nanoTime())) {
                            w.index.setReadMark(i, i == 1 ? mxSafe : WalIndex.READMARK_NOT_USED);
                            w.locks.unlockExclusive(ShmLocks.read(i), 1);
                        } else {
                            mxSafe = m;
                            wait = false;
                        }
                    }
                }
                if (nBackfill < mxSafe) {
                    if (w.locks.exclusiveWaiting(ShmLocks.read(0), 1, wait ? deadline : System.nanoTime())) {
                        try {
                            copy(w, h, nBackfill, mxSafe);
                        } finally {
                            w.locks.unlockExclusive(ShmLocks.read(0), 1);
                        }
                    } else {
                        busy = true;
                    }
                }
            }
            if (mode != WalCheckpointMode.PASSIVE && !busy) {
                if (w.index.nBackfill() < mx) {
                    busy = true;
                } else if (mode == WalCheckpointMode.RESTART || mode == WalCheckpointMode.TRUNCATE) {
                    if (w.locks.exclusiveWaiting(ShmLocks.read(1), 4, deadline)) {
                        try {
                            if (mode == WalCheckpointMode.TRUNCATE && writeHeld) {
                                w.restartHeader();
                                w.walFile.truncate(0);
                                if (w.synchronous != Synchronous.OFF) {
                                    w.walFile.sync(false);
                                }
                            }
                        } finally {
                            w.locks.unlockExclusive(ShmLocks.read(1), 4);
                        }
                    } else {
                        busy = true;
                    }
                }
            }
            WalIndexHeader now = w.index.readHeader();
            int log = now == null ? mx : now.mxFrame();
            return new CheckpointOutcome(busy, log, Math.min(log, w.index.nBackfill()));
        } finally {
            w.locks.unlockExclusive(ShmLocks.CKPT, 1);
        }
    }

    /**
     * Refuses to copy into a database file much shorter than the WAL's last commit says it is, as
     * SQLite's {@code walCheckpoint}: the file would have to grow by more than the WAL holds plus
     * the 64 KiB of the lock-byte page, so pages are missing from both (a file cut short, with
     * page 1 read from the WAL): nothing is written and the WAL keeps every frame.
     */
    private static void checkDatabaseSize(Wal w, WalIndexHeader h) {
        long needed = (long) h.nPage() * w.pageSize;
        long size = w.db.size();
        if (size < needed && size + 65536 + (long) h.mxFrame() * w.pageSize < needed) {
            throw new CorruptDatabaseException("the database file has " + size + " bytes, the WAL's last commit "
                    + needed + ": not checkpointed");
        }
    }

    /** Copies frames nBackfill+1..mxSafe (each page's newest version only) into the database file. */
    private static void copy(Wal w, WalIndexHeader h, int nBackfill, int mxSafe) {
        int mx = h.mxFrame();
        int pageSize = w.pageSize;
        w.index.setNBackfillAttempted(mxSafe);
        if (w.synchronous != Synchronous.OFF) {
            w.walFile.sync(false);
        }
        checkDatabaseSize(w, h);
        Map<Integer, Integer> newest = new TreeMap<>();
        for (int f = nBackfill + 1; f <= mxSafe; f++) {
            newest.put(w.index.pgnoOfFrame(f), f);
        }
        byte[] page = new byte[pageSize];
        for (Map.Entry<Integer, Integer> e : newest.entrySet()) {
            int pgno = e.getKey();
            int f = e.getValue();
            if (pgno < 1 || pgno > h.nPage()) {
                continue;
            }
            if (w.index.findFrame(pgno, mx, nBackfill + 1) != f) {
                continue; // a newer frame (past mxSafe) exists: the reader still needs the old copy
            }
            w.readFrame(f, page);
            w.db.write((long) (pgno - 1) * pageSize, page, 0, pageSize);
        }
        WalIndexHeader live = w.index.readHeader();
        if (live != null && live.mxFrame() == mxSafe) {
            w.db.truncate((long) h.nPage() * pageSize);
        }
        if (w.synchronous != Synchronous.OFF) {
            w.db.sync(false);
        }
        w.index.setNBackfill(mxSafe);
    }
}
