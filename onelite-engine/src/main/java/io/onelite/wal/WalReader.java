package io.onelite.wal;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.os.ShmRegion;

import java.util.concurrent.locks.LockSupport;

/**
 * Starting a read transaction (SQLite's {@code walTryBeginRead}): read the wal-index header
 * lock-free; if every frame is backfilled take READ(0) and ignore the WAL; otherwise use (or
 * claim) the largest read mark not above mxFrame and hold its READ(i) lock shared; re-check
 * that neither the mark nor the header moved meanwhile, else retry with SQLite's back-off.
 */
final class WalReader {
    /**
     * How far (in frames) the largest read mark may be below mxFrame for a new reader to use it
     * as it is rather than move a mark up to mxFrame. Moving one costs four lock calls (exclusive
     * lock, unlock, shared lock, and the release at the end) against two (none while another
     * reader of this JVM holds that slot); with commits between every two transactions, as under
     * BEGIN CONCURRENT, nearly every reader would move one. A mark below mxFrame is safe (it is
     * SQLite's own fallback when no slot can be moved): the reader still reads every frame up to
     * its mxFrame, and the mark only keeps checkpoints from copying past it while held. The bound
     * keeps overlapping readers from pinning an old mark for ever.
     */
    static final int MARK_LAG = 64;

    private WalReader() {
    }

    /**
     * Starts a read transaction (SQLite's {@code walTryBeginRead} loop): a consistent header and
     * a read lock that keeps checkpointers from copying past this view and writers from
     * restarting the WAL under it.
     *
     * @throws OneLiteException PROTOCOL after 100 tries, CANTOPEN for an unknown version
     */
    static ReadView begin(Wal w) {
        for (int cnt = 0; ; cnt++) {
            if (cnt > 5) {
                if (cnt > 100) {
                    throw new OneLiteException(ResultCode.PROTOCOL, "locking protocol");
                }
                long micros = cnt >= 10 ? (long) (cnt - 9) * (cnt - 9) * 39 : 1;
                LockSupport.parkNanos(micros * 1000);
            }
            WalIndexHeader h = headerOrRecover(w);
            if (h == null) {
                continue;
            }
            Wal.checkVersion(h);
            int mx = h.mxFrame();
            int backfilled = w.index.nBackfill();
            if (backfilled == mx) {
                if (w.locks.tryShared(ShmLocks.read(0))) {
                    ShmRegion.barrier();
                    if (w.index.stillHolds(h)) {
                        w.noteForeignWork(h, backfilled);
                        return new ReadView(h, 0, mx, h.nPage(), h.saltKey());
                    }
                    w.locks.unlockShared(ShmLocks.read(0));
                    continue;
                }
            }
            int mxReadMark = 0;
            int mxI = 0;
            for (int i = 1; i <= 4; i++) {
                int m = w.index.readMark(i);
                if (Integer.compareUnsigned(mxReadMark, m) <= 0 && Integer.compareUnsigned(m, mx) <= 0) {
                    mxReadMark = m;
                    mxI = i;
                }
            }
            // a mark a little below mx is used as it is (see MARK_LAG); only an older one is moved
            if (mxI == 0 || mx - mxReadMark > MARK_LAG) {
                for (int i = 1; i <= 4; i++) {
                    if (w.locks.tryExclusive(ShmLocks.read(i), 1)) {
                        w.index.setReadMark(i, mx);
                        w.locks.unlockExclusive(ShmLocks.read(i), 1);
                        mxReadMark = mx;
                        mxI = i;
                        break;
                    }
                }
            }
            if (mxI == 0) {
                continue;
            }
            if (!w.locks.tryShared(ShmLocks.read(mxI))) {
                continue;
            }
            ShmRegion.barrier();
            if (w.index.readMark(mxI) != mxReadMark || !w.index.stillHolds(h)) {
                w.locks.unlockShared(ShmLocks.read(mxI));
                continue;
            }
            w.noteForeignWork(h, backfilled);
            return new ReadView(h, mxI, mx, h.nPage(), h.saltKey());
        }
    }

    /** The header, rebuilding the wal-index first if it is bad and nobody else is at it; null = retry. */
    private static WalIndexHeader headerOrRecover(Wal w) {
        WalIndexHeader h = w.index.readHeader();
        if (h != null) {
            return h;
        }
        if (w.locks.tryExclusive(ShmLocks.WRITE, 1)) {
            try {
                h = w.index.readHeader();
                if (h == null && WalRecovery.recover(w, false)) {
                    h = w.index.readHeader();
                }
                return h;
            } finally {
                w.locks.unlockExclusive(ShmLocks.WRITE, 1);
            }
        }
        if (w.locks.tryShared(ShmLocks.RECOVER)) {
            w.locks.unlockShared(ShmLocks.RECOVER);
        }
        return null;
    }

}
